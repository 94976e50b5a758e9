"""An MCP server's tools as our tool specs, and its results as data for the model.

A server's tool is offered to the model only under the rules our own tools obey:

- Its name is namespaced, `<server>__<tool>`: shipped tools have no `__`, so no server can
  shadow get_stock, and two servers cannot collide (server names are made unique). A name
  that cannot be a model's function name (letters, digits, _ and -, at most 64) is refused.
- Its `inputSchema` must be one our validator (stock_agent/toolcalls.py) enforces in full;
  it is what the model is shown and what every call is checked against before it is sent. A
  keyword we do not enforce (`oneOf`, `format`, ...), or a `pattern` our linear-time matcher
  cannot run (a backreference, a lookaround, `\b`), refuses the tool, with the reason. The
  only thing removed is `$schema` naming draft-07 or 2020-12, where our keywords mean the same.
- Risk comes from its annotations, with the protocol's defaults (readOnlyHint false,
  destructiveHint true): only `readOnlyHint: true` makes a tool read-only, so it runs without
  approval and may share a parallel batch; any other tool needs approval.
- A result is data: text, structuredContent, resource text and links, at most
  MAX_RESULT_CHARS of JSON; binary content is described, never passed on. `isError: true` is
  MCP_TOOL_ERROR with the server's text, which the model can act on.

A spec is a plain dict: name, server, remote (the server's own name), description,
parameters, read_only, annotations, and `call(arguments)` -> {"ok": True, "data": ...} or
{"ok": False, "error": CODE, "detail": ...}. tools.py turns it into a Tool.
"""

import json
import re

from stock_agent.errors import AgentError, Text
from stock_agent.mcp.stdio import RemoteError
from stock_agent.schema import SchemaError, check_schema

MAX_RESULT_CHARS = 8000
MAX_DEFINITION_CHARS = 8000
MAX_DESCRIPTION_CHARS = 1000
SEPARATOR = "__"
DIALECTS = ("http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema",
            "https://json-schema.org/draft/2020-12/schema")
TOOL_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")


def server_name(info, index, taken):
    """A short, unique prefix for a server's tools: the last `/` part of its reported name,
    without a leading `mcp-server-` or `mcp-`, letters, digits, _ and - only, at most 16;
    `mcp<index>` when nothing is left. A name already taken gets `_2`, `_3`, ..."""
    name = str(info.get("name") or "").rsplit("/", 1)[-1].lower()
    name = re.sub(r"^mcp[-_]server[-_]|^mcp[-_]", "", name)
    name = re.sub(r"[^a-z0-9_-]+", "_", name)
    name = re.sub(r"_{2,}", "_", name).strip("_-")[:16] or f"mcp{index}"  # no `__` in it
    unique, number = name, 1
    while unique in taken:
        number += 1
        unique = f"{name}_{number}"
    return unique


def tool_spec(raw, server, call):
    """(spec, None) for a tool we can offer, or (None, reason): a Text saying in one sentence
    why not. `call(remote_name, arguments)` sends a checked call to the server."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        return None, Text("mcp_tool_unnamed")
    remote = raw["name"]
    name = f"{server}{SEPARATOR}{remote}"
    if not TOOL_NAME.fullmatch(name):
        return None, Text("mcp_tool_name", name=repr(remote[:80]))
    parameters, problem = _parameters(raw.get("inputSchema"))
    if problem is not None:
        return None, problem
    annotations = raw.get("annotations") if isinstance(raw.get("annotations"), dict) else {}
    spec = {"name": name, "server": server, "remote": remote,
            "description": _description(raw, server), "parameters": parameters,
            "read_only": annotations.get("readOnlyHint") is True,
            "annotations": {key: value for key, value in annotations.items()
                            if key.endswith("Hint") and isinstance(value, bool)},
            "call": lambda arguments: call(remote, arguments)}
    size = len(json.dumps([spec["description"], parameters], ensure_ascii=False))
    if size > MAX_DEFINITION_CHARS:
        return None, Text("mcp_tool_too_large", size=size, limit=MAX_DEFINITION_CHARS)
    return spec, None


def _parameters(schema):
    """The inputSchema as the parameters we enforce, or (None, why it cannot be)."""
    if not isinstance(schema, dict):
        return None, Text("mcp_schema_not_object")
    schema = dict(schema)
    dialect = schema.pop("$schema", None)
    if dialect is not None and str(dialect).rstrip("#") not in DIALECTS:
        return None, Text("mcp_schema_dialect", dialect=str(dialect)[:80])
    if schema.get("type") != "object":
        return None, Text("mcp_schema_not_object_type")
    try:
        check_schema(schema, where="inputSchema")
    except SchemaError as exc:
        return None, Text("mcp_schema_unenforced", problem=exc.text)
    except RecursionError:
        return None, Text("mcp_schema_too_deep")
    except (ValueError, TypeError) as exc:  # unforeseen: Python's own words, quoted
        return None, Text("mcp_schema_unenforced", problem=str(exc)[:160])
    return schema, None


def _description(raw, server):
    text = raw.get("description") or raw.get("title") or "No description."
    text = " ".join(str(text).split())
    return f"[MCP server {server}] {text}"[:MAX_DESCRIPTION_CHARS]


# --- Results ---------------------------------------------------------------------------

def call_outcome(client, server, remote, arguments, seconds):
    """Call a tool and say how it went, as a tool result for the model: never raises."""
    try:
        result = client.call_tool(remote, arguments, seconds)
    except RemoteError as exc:
        return _failure("MCP_CALL_ERROR", f"The MCP server {server} rejected the call "
                        f"({exc.message[:300]}). Check the arguments, or answer without it.")
    except AgentError as exc:
        return _failure(exc.code, _broken(exc, server))
    content = result.get("content")
    if not isinstance(content, list):
        return _failure("MCP_PROTOCOL_ERROR", f"The MCP server {server} sent a result without "
                        "content. Answer without this tool.")
    blocks = [_block(block) for block in content]
    if result.get("isError") is True:
        text = " ".join(block.get("text", "") for block in blocks)[:1000] or "no details"
        return _failure("MCP_TOOL_ERROR", f"The tool reported an error: {text} If that says "
                        "how to correct the arguments, call it again corrected; otherwise "
                        "tell the user.")
    data = {"content": blocks}
    if "structuredContent" in result:
        structured = result["structuredContent"]
        others = [block for block in blocks if not _repeats(block, structured)]
        data = {"structuredContent": structured, **({"content": others} if others else {})}
    return {"ok": True, "data": _capped(data)}


def _broken(error, server):
    """What the model is told when the server failed: what happened, what to do instead."""
    if error.code == "MCP_TIMEOUT":
        return (f"The MCP server {server} did not answer within {error.params.get('seconds')}"
                " s, so the call was abandoned; whether it did anything is unknown. Do not "
                "call it again; tell the user it timed out.")
    return (f"The MCP server {server} stopped ({error.code}), so none of its tools can run "
            "now. Do not call them again; answer with what you have and say what could not "
            "be looked up.")


def _block(block):
    """One content block as data the model may read; binary data is only described."""
    kind = block.get("type") if isinstance(block, dict) else None
    if kind == "text" and isinstance(block.get("text"), str):
        return {"type": "text", "text": block["text"]}
    if kind == "resource_link":
        return {key: block[key] for key in ("type", "uri", "name", "description", "mimeType")
                if isinstance(block.get(key), str)}
    if kind == "resource" and isinstance(block.get("resource"), dict):
        resource = block["resource"]
        if isinstance(resource.get("text"), str):
            return {"type": "resource", **{key: resource[key] for key in ("uri", "mimeType",
                    "text") if isinstance(resource.get(key), str)}}
    return {"type": str(kind)[:40], "mimeType": str(block.get("mimeType", ""))[:80]
            if isinstance(block, dict) else "",
            "omitted": "binary or unknown content is not passed to the model"}


def _repeats(block, structured):
    """A text block that only serialises structuredContent (the spec asks servers to send
    both, for older clients): sending it too would double the result."""
    if block.get("type") != "text":
        return False
    try:
        return json.loads(block["text"]) == structured
    except (ValueError, RecursionError):
        return False


def _capped(data):
    text = json.dumps(data, ensure_ascii=False)
    if len(text) <= MAX_RESULT_CHARS:
        return data
    return {"truncated": True, "total_chars": len(text),
            "start": text[:MAX_RESULT_CHARS - 200],
            "note": f"The result was cut to its first {MAX_RESULT_CHARS - 200} characters of "
                    "JSON. Ask the tool for less if it can."}


def _failure(code, detail):
    return {"ok": False, "error": code, "detail": detail}
