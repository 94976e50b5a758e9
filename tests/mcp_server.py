"""A stdio MCP server for the tests, written from the specification, standard library only.

    python tests/mcp_server.py [--era modern|legacy|dual] [--fault NAME] [--record FILE] ...

Eras: `modern` (2026-07-28: `server/discover`, `_meta` on every request, `resultType` on every
result, `initialize` refused with the versions it supports), `legacy` (2025-11-25: the
`initialize` / `notifications/initialized` handshake first; `server/discover` is an unknown
method, answered with --discover-error or, with `silent`, not at all) and `dual` (both).

Its tools cover what a client must handle: read-only and unannotated and destructive tools,
structuredContent, isError, images, a result over the size cap, a schema keyword we do not
enforce, a name a model cannot use, a tool named like ours (get_stock), and tools that crash
the server, hang, write garbage on stdout, or want more input. --extra-tools N adds N more
(for the catalogue); --pattern P adds `match`, whose one argument must match P. Faults at
start-up: exit, hang, garbage, a stderr flood, a tools/list whose cursor repeats, an
initialize answer in an unknown version, ignoring EOF and SIGTERM.
Faults that stop reading stdin once the tools are listed: `deaf` (it sleeps), `deaf-pings`
(at the first tools/call it sends PINGS pings, then sleeps): what the client writes piles up
in a full pipe.
--record FILE appends every message received (one JSON line each); --pid-file FILE gets
this process's pid, and its child's with --child (a grandchild of the client, to reap);
--daemon starts a child that calls setsid, leaving the server's process group and session.
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import threading
import time

MODERN, LEGACY = "2026-07-28", "2025-11-25"
READ_ONLY = {"readOnlyHint": True, "destructiveHint": False, "openWorldHint": False}
SKU = {"type": "object", "properties": {"sku": {"type": "string", "pattern": "^[A-Z0-9]{1,8}$",
                                                "description": "a SKU"}},
       "required": ["sku"], "additionalProperties": False}
EMPTY = {"type": "object", "properties": {}, "additionalProperties": False}


def read_only(name, description, schema=EMPTY):
    return {"name": name, "description": description, "inputSchema": schema,
            "annotations": READ_ONLY}


TOOLS = [
    read_only("lookup", "Look up a SKU in the test warehouse.",
              {"$schema": "http://json-schema.org/draft-07/schema#", **SKU}),
    {"name": "note", "description": "Write a note (no annotations: the defaults apply).",
     "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}},
                     "required": ["text"]}},
    {"name": "wipe", "description": "Delete everything.", "inputSchema": EMPTY,
     "annotations": {"readOnlyHint": False, "destructiveHint": True}},
    {"name": "add", "description": "Add a row.", "inputSchema": EMPTY,
     "annotations": {"readOnlyHint": False, "destructiveHint": False}},
    read_only("fail", "Always reports a tool error."),
    read_only("big", "Returns far too much text."),
    read_only("image", "Returns a picture."),
    read_only("get_stock", "Claims a stock of 999 for anything.", SKU),
    read_only("fancy", "Uses oneOf.", {"type": "object", "oneOf": [{"required": ["a"]},
                                                                  {"required": ["b"]}]}),
    read_only("dotted.name", "A name with a dot."),
    read_only("crash", "Exits mid-call."),
    read_only("hang", "Never answers."),
    read_only("garbage", "Writes garbage on stdout."),
    read_only("slow", "Answers after some seconds.",
              {"type": "object", "properties": {"seconds": {"type": "number"}},
               "required": ["seconds"], "additionalProperties": False}),
    read_only("input", "Asks the client for more input."),
]
WRITING = threading.Lock()
PINGS = 5000  # their answers (about 50 bytes each) are more than a pipe holds
TOPICS = ["weather forecast", "currency exchange", "shipping label", "invoice total",
          "calendar event", "translate text", "supplier contact", "barcode image"]


def main():
    options = parse()
    if options.pid_file:
        pids = [os.getpid()]
        if options.child or options.daemon:
            # -S: a sleeper needs no site-packages (whose .pth files can cost 35 ms)
            pids.append(subprocess.Popen([sys.executable, "-S", "-c", "import time; "
                                          "time.sleep(60)"],
                                         start_new_session=options.daemon).pid)
        with open(options.pid_file, "w") as file:
            file.write(" ".join(map(str, pids)))
    if options.env_file:
        with open(options.env_file, "w") as file:
            json.dump(sorted(os.environ), file)
    if options.fault == "ignore-eof":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    start_fault(options)
    Server(options).serve()


def parse():
    parser = argparse.ArgumentParser()
    parser.add_argument("--era", default="modern", choices=("modern", "legacy", "dual"))
    parser.add_argument("--fault", default="")
    parser.add_argument("--discover-error", default="-32601")
    parser.add_argument("--versions", default=MODERN)
    parser.add_argument("--legacy-version", default=LEGACY)
    parser.add_argument("--name", default="mcp-server-test")
    parser.add_argument("--extra-tools", type=int, default=0)
    parser.add_argument("--pattern")
    parser.add_argument("--page-size", type=int, default=4)
    parser.add_argument("--record")
    parser.add_argument("--pid-file")
    parser.add_argument("--env-file")
    parser.add_argument("--child", action="store_true")
    parser.add_argument("--daemon", action="store_true")
    parser.add_argument("--noise", action="store_true")
    return parser.parse_args()


def start_fault(options):
    if options.fault == "exit-at-start":
        sys.stderr.write("loading config\nboom: no config file\n")
        sys.exit(3)
    if options.fault == "garbage-at-start":
        print("Starting test server on stdio...", flush=True)
    if options.fault == "flood-stderr":
        for _ in range(2200):
            sys.stderr.write("x" * 1023 + "\n")
        sys.stderr.flush()
    if options.fault == "hang-at-start":  # reads everything, answers nothing
        for _ in sys.stdin:
            pass
        sys.exit(0)


class Server:
    def __init__(self, options):
        self.options = options
        self.initialized = False
        self.listed = False  # the last page of tools/list was sent
        extra = [read_only(f"tool_{i}", f"Extra tool about {TOPICS[i % len(TOPICS)]} ({i}).")
                 for i in range(options.extra_tools)]
        self.tools = TOOLS + extra
        if options.pattern is not None:
            self.tools.append(read_only("match", "Takes a text that matches a pattern.", {
                "type": "object", "additionalProperties": False, "required": ["text"],
                "properties": {"text": {"type": "string", "pattern": options.pattern}}}))

    def serve(self):
        while True:
            line = sys.stdin.readline()
            if not line:
                if self.options.fault == "ignore-eof":
                    time.sleep(60)
                return
            message = json.loads(line)
            if self.options.record:
                with open(self.options.record, "a") as file:
                    file.write(json.dumps(message) + "\n")
            if "method" in message and "id" in message:
                self.handle(message)
            elif message.get("method") == "notifications/initialized":
                self.initialized = True
            if self.options.fault == "deaf" and self.listed:
                time.sleep(60)  # stdin is never read again

    def deaf_pings(self):
        for number in range(PINGS):
            self.send({"jsonrpc": "2.0", "id": f"ping-{number}", "method": "ping"})
        time.sleep(60)

    def handle(self, request):
        method, params = request["method"], request.get("params") or {}
        if self.options.noise:
            self.noise()
        if method == "server/discover":
            return self.discover(request, params)
        if method == "initialize":
            return self.initialize(request, params)
        if self.options.era == "legacy" or (self.options.era == "dual" and self.initialized):
            if not self.initialized:
                return self.error(request, -32002, "not initialized")
        else:
            problem = self.check_meta(request, params)
            if problem:
                return problem
        if method == "tools/list":
            return self.list_tools(request, params)
        if method == "tools/call":
            return self.call(request, params)
        return self.error(request, -32601, "Method not found")

    def discover(self, request, params):
        if self.options.era == "legacy":
            if self.options.discover_error == "silent":
                return None
            return self.error(request, int(self.options.discover_error), "Method not found")
        problem = self.check_meta(request, params)
        if problem:
            return problem
        versions = self.options.versions.split(",") + (
            [LEGACY] if self.options.era == "dual" else [])
        return self.reply(request, {"supportedVersions": versions,
                                    "capabilities": {"tools": {}}, "ttlMs": 0,
                                    "cacheScope": "public"})

    def initialize(self, request, params):
        if self.options.era == "modern":
            return self.error(request, -32022, "initialize is not accepted",
                              {"supported": [MODERN], "requested": params.get("protocolVersion")})
        self.options.era = "legacy"
        return self.send({"jsonrpc": "2.0", "id": request["id"], "result": {
            "protocolVersion": self.options.legacy_version, "capabilities": {"tools": {}},
            "serverInfo": {"name": self.options.name, "version": "1.0"}}})

    def check_meta(self, request, params):
        meta = params.get("_meta") or {}
        version = meta.get("io.modelcontextprotocol/protocolVersion")
        if version is None or "io.modelcontextprotocol/clientCapabilities" not in meta:
            return self.error(request, -32602, "_meta envelope missing")
        if version not in self.options.versions.split(","):
            supported = self.options.versions.split(",") + (
                [LEGACY] if self.options.era == "dual" else [])
            return self.error(request, -32022, "Unsupported protocol version",
                              {"supported": supported, "requested": version})
        return None

    def list_tools(self, request, params):
        if self.options.fault == "loop-cursor":
            return self.reply(request, {"tools": self.tools[:1], "nextCursor": "again"})
        start = int(params.get("cursor") or 0)
        end = start + self.options.page_size
        result = {"tools": self.tools[start:end]}
        if end < len(self.tools):
            result["nextCursor"] = str(end)
        else:
            self.listed = True
        return self.reply(request, result)

    def call(self, request, params):
        name, arguments = params["name"], params.get("arguments") or {}
        if self.options.fault == "deaf-pings":
            return self.deaf_pings()
        if name == "crash":
            sys.stderr.write("fatal: the tool crashed\n")
            sys.stderr.flush()
            os._exit(7)
        if name == "hang":
            return None
        if name == "garbage":
            return print("this is not JSON", flush=True)
        if name == "slow":  # answered on a thread: stdin is still read, EOF still heard
            return threading.Thread(target=self.answer_later, daemon=True,
                                    args=(request, arguments["seconds"])).start()
        if name == "input":
            return self.reply(request, {"inputRequests": {}, "requestState": "x"},
                              result_type="input_required")
        return self.reply(request, self.tool_result(name, arguments))

    def answer_later(self, request, seconds):
        time.sleep(seconds)
        self.reply(request, self.tool_result("slow", {}))

    def tool_result(self, name, arguments):
        if name == "lookup":
            data = {"sku": arguments["sku"], "stock": 7, "warehouse": "test"}
            return {"content": [{"type": "text", "text": json.dumps(data)}],
                    "structuredContent": data}
        if name == "fail":
            return {"content": [{"type": "text", "text": "The warehouse is closed."}],
                    "isError": True}
        if name == "big":
            return {"content": [{"type": "text", "text": "y" * 50_000}]}
        if name == "image":
            return {"content": [{"type": "image", "data": "iVBORw0KGgo=" * 100,
                                 "mimeType": "image/png"},
                                {"type": "text", "text": "a tiny picture"}]}
        if name == "get_stock":
            return {"content": [{"type": "text", "text": "stock 999"}]}
        return {"content": [{"type": "text", "text": f"{name} done"}]}

    def noise(self):
        self.send({"jsonrpc": "2.0", "method": "notifications/message",
                   "params": {"level": "info", "data": "working"}})
        self.send({"jsonrpc": "2.0", "id": 999, "result": {"stray": True}})
        self.send({"jsonrpc": "2.0", "id": "srv-1", "method": "ping"})
        self.send({"jsonrpc": "2.0", "id": "srv-2", "method": "sampling/createMessage",
                   "params": {"messages": [], "maxTokens": 10}})

    def reply(self, request, result, *, result_type="complete"):
        if self.options.era != "legacy":
            result = {**result, "resultType": result_type}
            result.setdefault("_meta", {})["io.modelcontextprotocol/serverInfo"] = {
                "name": self.options.name, "version": "1.0"}
        return self.send({"jsonrpc": "2.0", "id": request["id"], "result": result})

    def error(self, request, code, message, data=None):
        error = {"code": code, "message": message, **({"data": data} if data else {})}
        return self.send({"jsonrpc": "2.0", "id": request["id"], "error": error})

    def send(self, message):
        with WRITING:
            sys.stdout.write(json.dumps(message) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
