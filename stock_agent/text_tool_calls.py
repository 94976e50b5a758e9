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

MAX_SCAN_CHARS = 20_000


def find(text, tool_names, *, quoted=()):
    """[{"id": None, "name", "arguments"}] for every call written in `text`.

    JSON that appears word for word inside one of the `quoted` strings (the text of earlier
    tool results) is data the model is quoting, say an item name carrying an injection: it
    is never taken for a call.
    """
    decoder = json.JSONDecoder()
    text = text[:MAX_SCAN_CHARS]
    calls, position = [], 0
    while True:
        start = _next_start(text, position)
        if start < 0:
            return calls
        try:
            value, position = decoder.raw_decode(text, start)
        except RecursionError:  # "[[[[..." nested past any call: stop, or each "[" rescans
            return calls
        except ValueError:
            position = start + 1
            continue
        written = text[start:position]
        if not any(written in earlier for earlier in quoted):
            calls.extend(_calls_in(value, tool_names))


def _next_start(text, position):
    starts = [index for index in (text.find("{", position), text.find("[", position))
              if index >= 0]
    return min(starts) if starts else -1


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
