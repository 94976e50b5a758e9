"""Tool calls a model wrote into its reply text instead of as structured calls.

Some models and chat templates do this and still report a normal stop. Shapes seen in
practice (small Qwen and Llama models, Hermes-style templates, proxies):

    {"name": "get_stock", "arguments": {"sku": "A001"}}
    <tool_call>{"name": "get_stock", "arguments": {"sku": "A001"}}</tool_call>
    [{"name": "get_stock", ...}, {"name": "get_stock", ...}]     several, or one per line
    {"name": "get_stock", "parameters": {"sku": "A001"}}          Llama 3.x templates
    {"name": "list_reorder"}                                      no arguments at all
    {"function": {"name": ..., "arguments": "{...}"}}             OpenAI-shaped, as text
    ```json ... ```                                               any of these, fenced

Such text is never printed as an answer. `find` returns the calls it holds: JSON objects
whose "name" is a declared tool (with or without "arguments"/"parameters"). The
loop either stops with TOOL_CALL_IN_TEXT or, with --recover-text-tool-calls, runs them
through the same validation as native calls. This is a fallback, not a parser to trust:
native tool calls are the contract.
"""

import json
import re


MAX_SCAN_CHARS = 20_000
# A failed decode is told apart from one cut short by its window within this many
# characters of the cut: the longest JSON token a cut can break ("-Infinity", "\\uXXXX").
_WINDOW, _CUT_MARGIN = 2048, 16
# A bracket, or a whole JSON string (so brackets inside strings are not counted).
_TOKENS = r'"(?:[^"\\]|\\.)*"|[][{}]'


# Every shape above names its tool in a "name" field: text without this cannot hold a call.
# The loop and the streamed echo (cli.Echo) test for it before anything else.
CALL_MARK = '"name"'


def find(text, tool_names, *, quoted=()):
    """[{"id": None, "name", "arguments"}] for every call written in `text`.

    JSON that appears word for word inside one of the `quoted` strings (the text of earlier
    tool results) is data the model is quoting, say an item name carrying an injection: it
    is never taken for a call.

    Linear in the length of `text`. Decoding from each `{` or `[` in turn would read the
    same text again and again (`{"a": {"a": ...` never closed, or `{{{{`). Instead, when a
    decode fails at some position, every value still open there fails at that position
    too, so only the values that closed before it are decoded, once each, and the scan
    goes on from there. And each decode first reads a window of the text, because even a
    failure costs as much as the text before it (the error counts its line and column).
    """
    import re

    text = text[:MAX_SCAN_CHARS]
    decoder = json.JSONDecoder()
    calls, position = [], 0
    while True:
        opener = re.compile(r"[{[]").search(text, position)
        if opener is None:
            return calls
        start = opener.start()
        try:
            value, position = _decode(decoder, text, start)
        except RecursionError:  # "[[[[..." nested past any call: nothing here to run
            return calls
        except ValueError as exc:
            for begin, end in _closed_values(text, start, start + exc.pos):
                calls.extend(_written_calls(text[begin:end], tool_names, quoted))
            position = start + max(exc.pos, 1)
            continue
        calls.extend(_calls_found(value, text[start:position], tool_names, quoted))


def unreadable(text, tool_names, *, quoted=()):
    """The tool a call in `text` names when no call could be read from it, else None.
    `{{"name": "get_stock", "arguments": {"sku": ["A001']}}}` (a 1.5B model, asked about
    "A001'; DROP TABLE") is a broken call, never an answer. A name inside text quoted from
    an earlier tool result is data."""
    import re

    named = r'"name"\s{0,8}:\s{0,8}"([A-Za-z0-9_.-]{1,64})"'
    for match in re.finditer(named, text[:MAX_SCAN_CHARS]):
        if match.group(1) in tool_names and not any(match.group() in earlier
                                                     for earlier in quoted):
            return match.group(1)
    return None


def _decode(decoder, text, start):
    """(value, end) of the JSON value at `start`; a ValueError's `pos` counts from `start`."""
    window = text[start:start + _WINDOW]
    try:
        value, end = decoder.raw_decode(window)
        return value, start + end
    except ValueError as exc:
        cut = start + _WINDOW < len(text) and (exc.pos >= _WINDOW - _CUT_MARGIN
                                               or exc.msg.startswith("Unterminated string"))
        if not cut:
            raise
    rest = text[start:]  # the value runs past the window: read all of it, once
    value, end = decoder.raw_decode(rest)
    return value, start + end


def _closed_values(text, start, stop):
    """(begin, end) of the outermost arrays and objects that open and close between `start`
    and `stop`: inside text that decoded without error up to `stop`, each is whole JSON."""
    import re

    spans, open_at = [], []
    for token in re.compile(_TOKENS).finditer(text, start, stop):
        mark = token[0]
        if mark in "[{":
            open_at.append(token.start())
        elif mark in "]}" and open_at:
            begin = open_at.pop()
            while spans and spans[-1][0] > begin:  # now inside this one
                spans.pop()
            spans.append((begin, token.end()))
    return spans


def _written_calls(written, tool_names, quoted):
    try:
        value = json.loads(written)
    except (ValueError, RecursionError):
        return []
    return _calls_found(value, written, tool_names, quoted)


def _calls_found(value, written, tool_names, quoted):
    calls = _calls_in(value, tool_names)
    if calls and any(written in earlier for earlier in quoted):
        return []  # quoted from a tool result: data, not a call
    return calls


def _calls_in(value, tool_names):
    if isinstance(value, list):
        return [call for item in value for call in _calls_in(item, tool_names)]
    if not isinstance(value, dict):
        return []
    if isinstance(value.get("function"), dict):  # {"type": "function", "function": {...}}
        return _calls_in(value["function"], tool_names)
    name = value.get("name")
    if not isinstance(name, str) or not name:
        return []
    # Only declared tools count: text that merely quotes call-shaped JSON naming anything
    # else (an item name carrying an injection, say) is not a call this program could run.
    if name not in tool_names:
        return []
    arguments = value.get("arguments", value.get("parameters", {}))
    return [{"id": None, "name": name, "arguments": {} if arguments is None else arguments}]
