"""A validator for the JSON Schema subset that tool declarations use.

Supported: type (string, integer, number, boolean, object, array, null; a boolean is not an
integer and NaN is not a number), properties, required, additionalProperties false, enum,
pattern, minLength/maxLength, minimum/maximum, items, maxItems. `check_schema` refuses any
other keyword when a tool is defined, so a schema never promises a rule that is not enforced.
`validate` returns None or one sentence naming the path (`$.sku`) and the rule broken, worded
so a model can correct its call.
"""

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
from stock_agent.errors import Text


# --- from stock_agent/schema.py ---

SUPPORTED_KEYWORDS = frozenset({
    "type", "properties", "required", "additionalProperties", "enum", "pattern",
    "minLength", "maxLength", "minimum", "maximum", "items", "maxItems",
    "description", "title", "default"})

_TYPE_CHECKS = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: (isinstance(v, (int, float)) and not isinstance(v, bool)
                         and v == v and v not in (float("inf"), float("-inf"))),
    "boolean": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "null": lambda v: v is None,
}


# The value each keyword must have (the first type is its harmless default): a schema from
# elsewhere (an MCP server) must not make the validator crash later.
_KEYWORD_VALUES = {
    "properties": (dict,), "required": (list,), "enum": (list,), "pattern": (str,),
    "minLength": (int,), "maxLength": (int,), "maxItems": (int,), "minimum": (int, float),
    "maximum": (int, float), "items": (dict,), "description": (str,), "title": (str,),
    "type": (str, list)}
_KIND_NAMES = {(dict,): Text("kind_object"), (list,): Text("kind_array"),
               (str,): Text("kind_string"), (int,): Text("kind_whole_number"),
               (int, float): Text("kind_number"), (str, list): Text("kind_type")}


class SchemaError(ValueError):
    """A schema this validator would not fully enforce. `text` words it in every language
    (an MCP server's refused tool is named in the run's language); str() is the English."""

    def __init__(self, text):
        super().__init__(text.key)
        self.text = text

    def __str__(self):
        return self.text.render("en")


def check_schema(schema, *, where):
    """Reject a schema this validator would not fully enforce: fail when the tool is defined."""
    where = where[:80]  # a path of property names from elsewhere (an MCP server) is cut
    if not isinstance(schema, dict):
        raise SchemaError(Text("schema_not_dict", where=where))
    unknown = set(schema) - SUPPORTED_KEYWORDS
    if unknown:
        raise SchemaError(Text("schema_keywords", where=where,
                               keywords=str(sorted(unknown))[:80]))
    for key, kinds in _KEYWORD_VALUES.items():
        value = schema.get(key, kinds[0]())
        if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
            raise SchemaError(Text("schema_kind", where=where, keyword=key,
                                   kind=_KIND_NAMES[kinds]))
    if not all(isinstance(name, str) for name in schema.get("required", ())):
        raise SchemaError(Text("schema_required", where=where))
    types = schema.get("type")
    for name in types if isinstance(types, list) else [types] if types else []:
        if not isinstance(name, str) or name not in _TYPE_CHECKS:
            raise SchemaError(Text("schema_type", where=where, name=repr(name)[:40]))
    for key, sub in schema.get("properties", {}).items():
        check_schema(sub, where=f"{where}.{key}")
    if "enum" in schema and not schema["enum"]:
        raise SchemaError(Text("schema_empty_enum", where=where))
    if "items" in schema:
        check_schema(schema["items"], where=f"{where}[]")
    if schema.get("additionalProperties", False) not in (False,):
        raise SchemaError(Text("schema_additional", where=where))
    if "pattern" in schema:
        try:
            re.compile(schema["pattern"])
        except re.error as exc:
            raise SchemaError(Text("schema_pattern", where=where, reason=str(exc)[:80])) from None


def validate(schema, value, path="$"):
    """Return None if `value` satisfies `schema`, else one sentence naming path and rule."""
    types = schema.get("type")
    if types is not None:
        names = types if isinstance(types, list) else [types]
        if not any(_TYPE_CHECKS[name](value) for name in names):
            return f"{path}: expected {' or '.join(names)}, got {_describe(value)}"
    if "enum" in schema and not any(_same(value, option) for option in schema["enum"]):
        return f"{path}: must be one of {json.dumps(schema['enum'], ensure_ascii=False)}"
    if isinstance(value, str):
        return _validate_string(schema, value, path)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _validate_number(schema, value, path)
    if isinstance(value, dict):
        return _validate_object(schema, value, path)
    if isinstance(value, list):
        return _validate_array(schema, value, path)
    return None


def _validate_string(schema, value, path):
    if "minLength" in schema and len(value) < schema["minLength"]:
        return f"{path}: must have at least {schema['minLength']} characters"
    if "maxLength" in schema and len(value) > schema["maxLength"]:
        return f"{path}: must have at most {schema['maxLength']} characters"
    if "pattern" in schema and not re.search(_ecma(schema["pattern"]), value):
        hint = schema.get("description") or f"the pattern {schema['pattern']}"
        return f"{path}: {json.dumps(value[:40], ensure_ascii=False)} does not match {hint}"
    return None


def _ecma(pattern):
    # In JSON Schema (ECMA-262) a final `$` matches only at the very end; Python's `$` also
    # matches before a trailing newline, which would let "A001\n" pass a SKU pattern.
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        return pattern[:-1] + r"\Z"
    return pattern


def _validate_number(schema, value, path):
    if "minimum" in schema and value < schema["minimum"]:
        return f"{path}: must be at least {schema['minimum']}"
    if "maximum" in schema and value > schema["maximum"]:
        return f"{path}: must be at most {schema['maximum']}"
    return None


def _validate_object(schema, value, path):
    properties = schema.get("properties", {})
    for key in schema.get("required", ()):
        if key not in value:
            return f"{path}.{key}: this required field is missing"
    if schema.get("additionalProperties", True) is False:
        extra = [key for key in value if key not in properties]
        if extra:
            return (f"{path}: unexpected field {str(extra[0])[:40]!r}; allowed fields are "
                    f"{', '.join(properties) or 'none'}")
    for key, rule in properties.items():
        if key in value:
            problem = validate(rule, value[key], f"{path}.{key}")
            if problem:
                return problem
    return None


def _validate_array(schema, value, path):
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        return f"{path}: must have at most {schema['maxItems']} items"
    if "items" in schema:
        for index, item in enumerate(value):
            problem = validate(schema["items"], item, f"{path}[{index}]")
            if problem:
                return problem
    return None


def _same(value, option):
    # JSON equality: true is not 1, and 1 is not "1".
    return type(value) is type(option) and value == option


def _describe(value):
    if value is None:
        return "null"
    kind = {bool: "boolean", int: "integer", float: "number", str: "string",
            list: "array", dict: "object"}.get(type(value), type(value).__name__)
    if isinstance(value, (dict, list)):
        return kind
    return f"{kind} {json.dumps(value, ensure_ascii=False)[:40]}"

# --- from stock_agent/text_tool_calls.py ---

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
