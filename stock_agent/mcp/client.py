"""Speaking MCP to one server: which generation it is, its tools, and calling one.

Both protocol generations, as the specification's stdio transport tells a client that
supports both to do ("Backward Compatibility", revision 2026-07-28):

- Probe with `server/discover`, every request carrying `_meta` with
  `io.modelcontextprotocol/protocolVersion` 2026-07-28, `clientInfo` and `clientCapabilities`
  (empty: this client offers the server nothing, no sampling, no elicitation, no roots). A
  `DiscoverResult` that lists 2026-07-28, or a recognised modern error
  (MODERN_ERRORS), means a modern, stateless server: no handshake.
- Any other error, or no answer within DISCOVER_PROBE_SECONDS, means a legacy server: the
  `initialize` request (protocolVersion 2025-11-25) and the `notifications/initialized`
  notification, then plain requests. The fallback is never keyed to one error code (servers
  answer an unknown method with -32601, -32602 or nothing). A discover answer that arrives
  late, while `initialize` is pending, still counts.

`tools/list` is read page by page (`nextCursor`), at most MAX_PAGES pages and MAX_TOOLS
tools. `call_tool` returns the server's CallToolResult (a dict) for the adapter to turn into
data (adapter.py). Failures are AgentErrors with the MCP_* codes of errors.py.
"""

import time

from stock_agent.errors import AgentError, Text
from stock_agent.mcp.stdio import RemoteError

MODERN_VERSION = "2026-07-28"
LEGACY_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
# Codes the 2026-07-28 schema defines: header mismatch, missing client capability,
# unsupported protocol version. Only a modern server answers with them.
MODERN_ERRORS = {-32020, -32021, -32022}
DISCOVER_PROBE_SECONDS = 3.0
MAX_PAGES, MAX_TOOLS = 20, 200
CLIENT_INFO = {"name": "stock-agent", "version": "0.1.0"}


class Client:
    """One server, after `start`: its era ("modern" or "legacy"), version and identity."""

    def __init__(self, connection):
        self.connection = connection
        self.era = self.version = None
        self.info = {}  # serverInfo: name, version, as the server reports them

    def start(self, deadline):
        """Find the server's generation, and do the legacy handshake if it needs one."""
        connection = self.connection
        discover = connection.start_request("server/discover", {"_meta": _modern_meta()})
        try:
            _, answer = connection.wait([discover], min(DISCOVER_PROBE_SECONDS,
                                                        _left(deadline)), method="discover")
        except AgentError as exc:
            if exc.code != "MCP_TIMEOUT":
                raise
            answer = None  # silent: a legacy server, or a modern one still starting
        if answer is not None and self._discovered(answer):
            return
        self._initialize(deadline, late_discover=discover if answer is None else None)

    def _discovered(self, answer):
        """True if `answer` to server/discover shows a modern server we can speak to; False
        for a legacy one. A modern server with no version in common is an error."""
        if "error" in answer:
            error = answer["error"]
            if error["code"] not in MODERN_ERRORS:
                return False  # whatever a legacy server says to an unknown method
            data = error.get("data") if isinstance(error.get("data"), dict) else {}
            offered = data.get("supported")
            if error["code"] == -32022 and _speaks_legacy(offered):
                return False  # a dual-era server that does not serve our modern version
            raise self._no_common_version(offered, error["message"])
        result = answer["result"]
        offered = result.get("supportedVersions")
        if isinstance(offered, list) and MODERN_VERSION in offered:
            self.era, self.version = "modern", MODERN_VERSION
            self.info = _server_info(result)
            _require_tools(self, result.get("capabilities"))
            return True
        if _speaks_legacy(offered):
            return False
        raise self._no_common_version(offered, "server/discover")

    def _initialize(self, deadline, *, late_discover):
        connection = self.connection
        init = connection.start_request("initialize", {
            "protocolVersion": LEGACY_VERSIONS[0], "capabilities": {},
            "clientInfo": CLIENT_INFO})
        waiting = [init] + ([late_discover] if late_discover is not None else [])
        while True:
            got, answer = connection.wait(waiting, _left(deadline), method="initialize")
            if got == init:
                break
            waiting.remove(got)  # the late discover answer
            if self._discovered(answer):
                connection.cancel(init)
                return
        for request_id in waiting[1:]:  # a discover a legacy server ignored: forget it
            connection.cancel(request_id, tell=False)
        if "error" in answer:
            raise AgentError("MCP_PROTOCOL_ERROR", server=connection.label, detail=Text(
                "mcp_refused_initialize", message=answer["error"]["message"][:120]))
        result = answer["result"]
        if result.get("protocolVersion") not in LEGACY_VERSIONS:
            raise self._no_common_version([result.get("protocolVersion")], "initialize")
        self.era, self.version = "legacy", result["protocolVersion"]
        self.info = _server_info(result)
        _require_tools(self, result.get("capabilities"))
        connection.notify("notifications/initialized")

    def _no_common_version(self, offered, where):
        shown = ", ".join(str(v)[:20] for v in offered) if isinstance(offered, list) else "?"
        return self._protocol_error(Text("mcp_no_common_version", where=where, offered=shown,
                                         ours=", ".join((MODERN_VERSION, *LEGACY_VERSIONS))))

    # --- Operation -------------------------------------------------------------------

    def list_tools(self, deadline):
        """Every tool the server lists, following nextCursor."""
        tools, cursor, seen = [], None, set()
        for _ in range(MAX_PAGES):
            params = {} if cursor is None else {"cursor": cursor}
            result = self.request("tools/list", params, _left(deadline))
            page = result.get("tools")
            if not isinstance(page, list):
                raise self._protocol_error(Text("mcp_no_tools_array"))
            tools.extend(page)
            if len(tools) > MAX_TOOLS:
                raise AgentError("MCP_OUTPUT_LIMIT", server=self.connection.label,
                                 what=Text("mcp_too_many_tools", limit=MAX_TOOLS))
            cursor = result.get("nextCursor")
            if cursor is None or cursor == "":
                return tools
            if not isinstance(cursor, str) or cursor in seen:
                raise self._protocol_error(Text("mcp_bad_cursor"))
            seen.add(cursor)
        raise self._protocol_error(Text("mcp_too_many_pages", limit=MAX_PAGES))

    def call_tool(self, name, arguments, seconds):
        """The server's CallToolResult. RemoteError if it answers with a JSON-RPC error."""
        return self.request("tools/call", {"name": name, "arguments": arguments}, seconds)

    def request(self, method, params, seconds):
        """A request in the server's generation: modern ones carry the `_meta` envelope, and
        their results must be complete (this client never supplies input a server asks
        for)."""
        if self.era == "modern":
            params = {**params, "_meta": _modern_meta()}
        try:
            result = self.connection.request(method, params, seconds)
        except RemoteError as exc:
            if method != "tools/call":
                raise self._protocol_error(Text("mcp_method_error", method=method,
                                                code=exc.code, message=exc.message[:120])) from None
            raise
        result_type = result.get("resultType", "complete")  # absent in legacy results
        if result_type == "complete":
            return result
        detail = Text("mcp_input_required", kind=str(result_type)[:40])
        if method == "tools/call":  # the model is told, in the words it is always told in
            raise RemoteError(-32600, str(detail))
        raise self._protocol_error(detail)

    def _protocol_error(self, detail):
        return AgentError("MCP_PROTOCOL_ERROR", server=self.connection.label, detail=detail)


def _modern_meta():
    return {"io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
            "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
            "io.modelcontextprotocol/clientCapabilities": {}}


def _speaks_legacy(offered):
    return isinstance(offered, list) and any(v in LEGACY_VERSIONS for v in offered)


def _server_info(result):
    """serverInfo from a legacy InitializeResult or a DiscoverResult, or from the result's
    `_meta` where the 2026-07-28 schema puts it."""
    meta = result.get("_meta") if isinstance(result.get("_meta"), dict) else {}
    info = result.get("serverInfo") or meta.get("io.modelcontextprotocol/serverInfo")
    if not isinstance(info, dict):
        return {}
    return {key: info[key] for key in ("name", "version") if isinstance(info.get(key), str)}


def _require_tools(client, capabilities):
    if not (isinstance(capabilities, dict) and isinstance(capabilities.get("tools"), dict)):
        raise AgentError("MCP_START_FAILED", server=client.connection.label,
                         reason=Text("mcp_no_tools_capability"))


def _left(deadline):
    return deadline - time.monotonic()
