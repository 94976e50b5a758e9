"""Tool contracts, argument validation, execution, and the inventory the tools read.

Contract (what the program guarantees, whatever the model writes):
- A tool runs only if its name is declared here and its arguments pass the same JSON Schema
  that was sent to the model. The schema is a dict literal you can read below; `validate`
  enforces it. Nothing is inferred from type hints or docstrings.
- Every tool is read-only: handlers only read the `Inventory` they are given, which the
  program built for one data scope before the run. No tool argument can name that scope.
- A failure is an observation for the model, never a crash: `execute` always returns
  `{"ok": true, "data": ...}` or `{"ok": false, "error": CODE, "detail": ...}`, where the
  detail says what was wrong and what to try instead.

Threat model: the model is untrusted input. It may call unknown tools, send malformed
arguments, or be steered by text hidden in data. This module decides what runs; it is not a
sandbox for handlers you add (a handler runs with the program's own rights).
"""

import json
import re

SKU_PATTERN = "^[A-Z0-9][A-Z0-9_-]{0,31}$"
SKU_HINT = "uppercase letters and digits, 1-32 characters, for example A001"

# The built-in sample. A003 is in the catalogue with no stock, so "out of stock" (stock 0)
# and "no such SKU" (SKU_NOT_FOUND) stay visibly different.
SAMPLE_ROWS = (
    {"sku": "A001", "name": "濾掛咖啡", "stock": 12, "target": 30},
    {"sku": "A002", "name": "烏龍茶包", "stock": 45, "target": 30},
    {"sku": "A003", "name": "玄米茶包", "stock": 0, "target": 20},
)
SAMPLE_SOURCE = "built-in sample data, not a live ERP"


# --- Declaring tools ---------------------------------------------------------------

class Tool:
    """One tool: everything the model is told and everything the program enforces."""

    __slots__ = ("name", "description", "parameters", "handler", "read_only",
                 "needs_approval", "tags")

    def __init__(self, *, name, description, parameters, handler, read_only=True,
                 needs_approval=False, tags=()):
        if not re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", name or ""):
            raise ValueError(f"tool name {name!r} must be 1-64 letters, digits, _ or -")
        if not description:
            raise ValueError(f"tool {name!r} needs a description (when to use it, when not)")
        check_schema(parameters, where=f"tool {name!r}")
        self.name = name
        self.description = description
        self.parameters = parameters
        self.handler = handler
        self.read_only = read_only
        self.needs_approval = needs_approval
        self.tags = tuple(tags)

    def definition(self):
        """The provider-neutral declaration sent to the model."""
        return {"name": self.name, "description": self.description,
                "parameters": self.parameters}


class Toolbox:
    """The tools one run may use, by name. Two tools with one name are a definition error."""

    def __init__(self, tools):
        self._tools = {}
        for tool in tools:
            if tool.name in self._tools:
                first = self._tools[tool.name].handler
                raise ValueError(
                    f"tool name {tool.name!r} is declared twice: by "
                    f"{_qualname(first)} and by {_qualname(tool.handler)}")
            self._tools[tool.name] = tool

    def get(self, name):
        return self._tools.get(name)

    def names(self):
        return list(self._tools)

    def definitions(self):
        return [tool.definition() for tool in self._tools.values()]

    def narrowed(self, *, tags=None, include_needs_approval=True):
        """A smaller toolbox: only tools carrying one of `tags`, optionally no risky ones."""
        wanted = set(tags) if tags is not None else None
        return Toolbox(
            tool for tool in self._tools.values()
            if (wanted is None or wanted & set(tool.tags))
            and (include_needs_approval or not tool.needs_approval))


def _qualname(function):
    return getattr(function, "__qualname__", repr(function))


class ToolError(Exception):
    """A declared, expected tool failure with its own code (for example SKU_NOT_FOUND)."""

    def __init__(self, code, detail):
        super().__init__(code)
        self.code = code
        self.detail = detail


# --- Executing one call ------------------------------------------------------------

def execute(toolbox, name, arguments, inventory):
    """Run one tool call proposed by the model. Returns (result, log_note).

    `result` is what goes back to the model. `log_note` is None, or the text of an
    unexpected exception: it belongs in the run log, not in front of the model.
    """
    tool = toolbox.get(name) if isinstance(name, str) else None
    if tool is None:
        return error_result(
            "UNKNOWN_TOOL",
            f"There is no tool named {str(name)[:80]!r}. Available tools: "
            f"{', '.join(toolbox.names())}. Call one of these, or answer without a tool."), None
    arguments, problem = parse_arguments(arguments)
    if problem is None:
        problem = validate(tool.parameters, arguments)
    if problem is not None:
        return error_result(
            "INVALID_ARGUMENTS",
            f"{problem}. Call {tool.name} again with arguments that match its schema: "
            f"{_schema_summary(tool.parameters)}."), None
    try:
        return {"ok": True, "data": tool.handler(inventory, arguments)}, None
    except ToolError as exc:
        return error_result(exc.code, exc.detail), None
    except Exception as exc:  # a handler bug must not end the run or reach the model
        kind = type(exc).__name__
        return error_result(
            "INTERNAL_ERROR",
            f"The tool {tool.name} failed unexpectedly ({kind}). Do not retry it; tell the "
            "user the lookup failed."), f"{kind}: {exc}"


def error_result(code, detail):
    return {"ok": False, "error": code, "detail": detail}


def parse_arguments(arguments):
    """Arguments may arrive as an object or as JSON text. Returns (value, problem)."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except (ValueError, RecursionError):  # RecursionError: "[[[[..." nested too deep
            return None, "$: the arguments are not valid JSON text"
    return arguments, None


def _schema_summary(schema):
    fields = []
    for key, rule in schema.get("properties", {}).items():
        required = key in schema.get("required", ())
        fields.append(f"{key} ({rule.get('type', 'any')}{'' if required else ', optional'})")
    return "an object with " + (", ".join(fields) or "no fields")


# --- Validating arguments against a JSON Schema subset -----------------------------

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


def check_schema(schema, *, where):
    """Reject a schema this validator would not fully enforce: fail when the tool is defined."""
    if not isinstance(schema, dict):
        raise ValueError(f"{where}: a schema must be a dict")
    unknown = set(schema) - SUPPORTED_KEYWORDS
    if unknown:
        raise ValueError(f"{where}: unsupported schema keyword(s) {sorted(unknown)}")
    types = schema.get("type")
    for name in types if isinstance(types, list) else [types] if types else []:
        if name not in _TYPE_CHECKS:
            raise ValueError(f"{where}: unknown type {name!r}")
    for key, sub in schema.get("properties", {}).items():
        check_schema(sub, where=f"{where}.{key}")
    if "items" in schema:
        check_schema(schema["items"], where=f"{where}[]")
    if schema.get("additionalProperties", False) not in (False,):
        raise ValueError(f"{where}: only additionalProperties false is supported")
    if "pattern" in schema:
        re.compile(schema["pattern"])


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
    if "pattern" in schema and not re.search(_ecma_anchor(schema["pattern"]), value):
        hint = schema.get("description") or f"the pattern {schema['pattern']}"
        return f"{path}: {json.dumps(value[:40], ensure_ascii=False)} does not match {hint}"
    return None


def _ecma_anchor(pattern):
    # JSON Schema patterns are ECMA-262, where a final "$" matches only at the very end.
    # Python's "$" also matches before a final newline, which would let "A001\n" through.
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


# --- The data the tools read -------------------------------------------------------

class Inventory:
    """Rows of one data scope, read-only. Built by the program before the run starts."""

    def __init__(self, rows, *, source):
        self.source = source
        self._by_sku = {row["sku"]: dict(row) for row in rows}

    def lookup(self, sku):
        """The row for `sku`, or None. A copy: handlers cannot change the data."""
        row = self._by_sku.get(sku)
        return dict(row) if row is not None else None


def sample_inventory():
    return Inventory(SAMPLE_ROWS, source=SAMPLE_SOURCE)


# --- The tools ---------------------------------------------------------------------

def get_stock(inventory, arguments):
    sku = arguments["sku"]
    item = inventory.lookup(sku)
    if item is None:
        raise ToolError(
            "SKU_NOT_FOUND",
            f"No item has SKU {sku}. This means the SKU does not exist here, not that its "
            f"stock is 0. SKUs are {SKU_HINT}. Tell the user it was not found; do not guess.")
    return {
        "sku": item["sku"], "name": item["name"], "stock": item["stock"],
        "target": item["target"], "suggested_order": max(item["target"] - item["stock"], 0),
        "source": inventory.source, "order_created": False,
    }


GET_STOCK = Tool(
    name="get_stock",
    description=(
        "Look up one item's current stock and target stock by its exact SKU, and compute the "
        "suggested reorder quantity max(target - stock, 0). Read-only: it never places an "
        "order. Use it once per SKU the user names; do not use it to search by product name."),
    parameters={
        "type": "object",
        "properties": {
            "sku": {"type": "string", "description": f"Item SKU: {SKU_HINT}",
                    "pattern": SKU_PATTERN, "minLength": 1, "maxLength": 32},
        },
        "required": ["sku"],
        "additionalProperties": False,
    },
    handler=get_stock,
    tags=("inventory", "read"),
)


def default_toolbox():
    return Toolbox([GET_STOCK])
