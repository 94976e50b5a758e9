"""One MCP server process and the JSON-RPC 2.0 messages on its stdin and stdout.

The stdio transport of the MCP specification: the server is a child process; each message is
one line of JSON (UTF-8, no embedded newline) on its stdin or stdout; stderr is the server's
own log. `Connection` starts the process and queues requests and notifications; one writer
thread takes them to the server's stdin, and one reader thread routes what comes back: a
response to a request we wait for is handed to its waiter; notifications and responses whose
id is not ours are skipped; a request from the server is answered (`ping` with an empty
result, anything else with "method not found"), so a server never hangs waiting for us. A
third thread drains stderr, keeping its last lines for error messages, so a chatty server can
never block on a full pipe.

Writes never block anyone but the writer thread, and it only for POLL_SECONDS at a time: its
pipe is non-blocking (POSIX), so a server that stops reading its stdin costs each request its
--timeout, the reader still reads, and stopping the server never waits for a write. What the
server has not read yet waits in memory, at most MAX_UNREAD_BYTES before more is added.

A server is broken, and stopped at once, when it writes anything on stdout that is not a
JSON-RPC message (`MCP_PROTOCOL_ERROR`), a line over MAX_LINE_BYTES or more than
STDERR_LIMIT_BYTES on stderr (`MCP_OUTPUT_LIMIT`), or when it closes stdout or exits
(`MCP_SERVER_EXITED`), or leaves over MAX_UNREAD_BYTES of what it was sent unread
(`MCP_PROTOCOL_ERROR`). Every waiter then gets that error. A request not answered in time is
`MCP_TIMEOUT`: the server is told with `notifications/cancelled`, and a late answer is skipped.

Reaping: the child runs in a process group of its own (POSIX), without our environment
except the names in PASSED_ENV and those the caller adds. `close()` closes its stdin (the
spec's shutdown signal), waits, then sends SIGTERM and SIGKILL to the whole group, so a
launcher's children (npx -> node) go too, and waits for the process. A descendant that left
the group (`setsid`) is not signalled here: on Linux, reaper.py gets it back once the servers
are closed; elsewhere it outlives the run. If this program is killed outright, the server
sees its stdin close.
"""

import json
import os
import re
import select
import signal
import subprocess
import threading
import time

from stock_agent.cli import start_worker
from stock_agent.errors import SIGNAL_SLICE_SECONDS, AgentError, Text, raise_if_stopped

MAX_LINE_BYTES = 1 << 20        # one message from the server
STDERR_LIMIT_BYTES = 1 << 20    # all of a server's stderr in one run
STDERR_TAIL_CHARS = 300         # what an error message quotes of it
MAX_UNREAD_BYTES = 4 << 20      # what the server has not read yet, when more is sent
EXIT_GRACE_SECONDS = 1.0        # after closing stdin, and again after SIGTERM
POLL_SECONDS = 0.05             # how long the writer waits for room in the pipe at a time
SHOWN_DROPPED = 6               # variables a failed start names of those not passed
KILL = getattr(signal, "SIGKILL", signal.SIGTERM)  # Windows has no SIGKILL: kill() it is
# Only these variables reach a server (plus --mcp-env NAME): no API keys, no secrets.
PASSED_ENV = ("PATH", "HOME", "USER", "LOGNAME", "SHELL", "TERM", "LANG", "LC_ALL",
              "LC_CTYPE", "TMPDIR", "TZ", "SYSTEMROOT", "TEMP", "TMP", "USERPROFILE",
              "APPDATA", "LOCALAPPDATA")


class RemoteError(Exception):
    """A JSON-RPC error response: the server answered, with an error."""

    def __init__(self, code, message, data=None):
        super().__init__(f"{code}: {message}")
        self.code, self.message, self.data = code, message, data


class Connection:
    """A running server process. Thread-safe: requests may wait on several threads."""

    def __init__(self, argv, *, label, environ, passed=()):
        self.label = label  # how messages name the server until it has told its name
        names = PASSED_ENV + tuple(passed)
        env = {name: environ[name] for name in names if name in environ}
        self._dropped = sorted(set(environ) - set(env))  # named if it cannot start
        try:
            self._process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                env=env, start_new_session=os.name == "posix")
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            raise AgentError("MCP_START_FAILED", server=label, reason=Text(
                "mcp_cannot_run", command=argv[0], reason=reason)) from None
        self.pid = self._process.pid
        self._changed = threading.Condition()
        self._responses, self._waiting = {}, set()
        self._failure = None
        self._next_id = 0
        self._unread, self._closing = bytearray(), False  # guarded by self._changed
        self._stderr_tail, self._stderr_bytes = "", 0
        self._threads = [threading.Thread(target=loop, daemon=True) for loop in (
            self._read_stdout, self._drain_stderr, self._watch, self._write_stdin)]
        self._started = threading.Event()  # a server that exits at once is read to its end
        for thread in self._threads:  # by a reader that may wait for the stderr drain
            start_worker(thread)
        self._started.set()

    # --- Requests ------------------------------------------------------------------

    def start_request(self, method, params):
        """Send a request; returns its id, to pass to wait()."""
        with self._changed:
            self._next_id += 1
            request_id = self._next_id
            self._waiting.add(request_id)
        self._send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        return request_id

    def wait(self, ids, seconds, *, method):
        """The first response to any of `ids`: (id, message). Raises the server's failure,
        or MCP_TIMEOUT after `seconds` (the requests stay open: a late answer still counts
        until they are cancelled)."""
        deadline = time.monotonic() + max(seconds, 0)
        with self._changed:
            while True:
                for request_id in ids:
                    if request_id in self._responses:
                        self._waiting.discard(request_id)
                        return request_id, self._responses.pop(request_id)
                if self._failure is not None:
                    raise AgentError(self._failure.code, **self._failure.params)
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                raise_if_stopped()
                self._changed.wait(min(left, SIGNAL_SLICE_SECONDS))
        raise AgentError("MCP_TIMEOUT", server=self.label, method=method,
                         seconds=round(max(seconds, 0), 3))

    def request(self, method, params, seconds):
        """Send a request and wait for its result (a dict). A JSON-RPC error is RemoteError."""
        request_id = self.start_request(method, params)
        try:
            _, message = self.wait([request_id], seconds, method=method)
        except AgentError:
            self.cancel(request_id)
            raise
        if "error" in message:
            error = message["error"]
            raise RemoteError(error["code"], error["message"], error.get("data"))
        return message["result"]

    def cancel(self, request_id, *, tell=True):
        """Stop waiting for `request_id` (a late answer is skipped) and, with `tell`, tell
        the server its answer will not be used."""
        with self._changed:
            if request_id not in self._waiting:
                return
            self._waiting.discard(request_id)
            self._responses.pop(request_id, None)
        if tell:
            self.notify("notifications/cancelled", {"requestId": request_id,
                                                    "reason": "no longer needed"})

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)

    @property
    def failure(self):
        return self._failure

    def _send(self, message):
        """Queue one message for the writer thread: never waits for the server."""
        line = json.dumps(message, ensure_ascii=False) + "\n"
        with self._changed:
            if self._closing or self._failure is not None:
                return  # nothing more reaches a server that is stopped
            if len(self._unread) > MAX_UNREAD_BYTES:
                unread = len(self._unread)
            else:
                self._unread += line.encode("utf-8", "backslashreplace")
                self._changed.notify_all()
                return
        self._fail(AgentError("MCP_PROTOCOL_ERROR", server=self.label,
                              detail=Text("mcp_stopped_reading", size=unread)))

    # --- Writing ---------------------------------------------------------------------

    def _write_stdin(self):
        """Take what is queued to the server's stdin, as the pipe has room, until close();
        then close stdin (the spec's shutdown signal)."""
        stream = self._process.stdin
        if os.name == "posix":
            os.set_blocking(stream.fileno(), False)
        try:
            while True:
                with self._changed:
                    while not self._unread and not self._closing:
                        self._changed.wait()
                    if not self._unread:
                        return  # closing, and everything was written
                    chunk, closing = bytes(self._unread[:65536]), self._closing
                written = _write_some(stream.fileno(), chunk, 0 if closing else POLL_SECONDS)
                if written is None or closing and not written:
                    return  # the server is gone (the reader says how), or will not read
                with self._changed:
                    del self._unread[:written]
        finally:
            try:
                stream.close()
            except OSError:
                pass

    # --- Reading ---------------------------------------------------------------------

    def _read_stdout(self):
        stream = self._process.stdout
        while True:
            try:
                line = stream.readline(MAX_LINE_BYTES + 1)
            except (OSError, ValueError):
                line = b""
            if not line:
                return self._fail(self._exited())
            if len(line) > MAX_LINE_BYTES:
                return self._fail(AgentError("MCP_OUTPUT_LIMIT", server=self.label,
                                             what=Text("mcp_long_line", limit=MAX_LINE_BYTES)))
            if line.strip():
                problem = self._route(line)
                if problem is not None:
                    return self._fail(AgentError("MCP_PROTOCOL_ERROR", server=self.label,
                                                 detail=problem))

    def _route(self, line):
        """Hand one line to whoever waits for it. Returns what is wrong with it, or None."""
        try:
            message = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return Text("mcp_not_a_message", line=_quote(line))
        problem = _malformed(message)
        if problem is not None:
            return Text("mcp_malformed", problem=problem, line=_quote(line))
        if "method" in message:
            if "id" in message:  # a request from the server
                self._answer(message)
            return None          # a notification: nothing to do
        request_id = message["id"]
        with self._changed:
            if type(request_id) is int and request_id in self._waiting:
                self._responses[request_id] = message
                self._changed.notify_all()
        return None  # an id that is not ours, or one we stopped waiting for: skipped

    def _answer(self, request):
        if request["method"] == "ping":
            self._send({"jsonrpc": "2.0", "id": request["id"], "result": {}})
        else:
            self._send({"jsonrpc": "2.0", "id": request["id"],
                        "error": {"code": -32601, "message": "stock-agent does not support "
                                  f"{str(request['method'])[:60]}"}})

    def _drain_stderr(self):
        stream = self._process.stderr
        while True:
            try:
                chunk = stream.read1(65536)
            except (OSError, ValueError):
                chunk = b""
            if not chunk:
                return
            self._stderr_bytes += len(chunk)
            text = self._stderr_tail + chunk.decode("utf-8", "replace")
            self._stderr_tail = text[-4 * STDERR_TAIL_CHARS:]
            if self._stderr_bytes > STDERR_LIMIT_BYTES and self._failure is None:
                self._fail(AgentError("MCP_OUTPUT_LIMIT", server=self.label,
                                      what=Text("mcp_stderr_flood", limit=STDERR_LIMIT_BYTES)))

    def _watch(self):
        """The server's exit is noticed even when stdout stays open (a child it started
        still holds it): once the process is gone, the reader gets a moment to hand over
        what was already written, then every waiter hears that the server exited."""
        if hasattr(os, "waitid"):
            try:
                os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOWAIT)
            except ChildProcessError:  # already reaped by close()
                pass
        else:
            self._process.wait()
        self._threads[0].join(timeout=0.2)
        self._fail(self._exited())

    def stderr_tail(self):
        """The last line the server wrote on stderr (for error messages), or ''."""
        lines = [line.strip() for line in self._stderr_tail.splitlines() if line.strip()]
        return lines[-1][-STDERR_TAIL_CHARS:] if lines else ""

    def _exited(self):
        status = self._exit_status(wait=0.5)
        # Its last words may still be in the pipe: the stderr reader ends at their end (or,
        # if a child the server started still holds stderr, the error waits no longer).
        self._started.wait(timeout=0.5)  # joining a thread not yet started raises
        self._threads[1].join(timeout=0.5)
        return AgentError("MCP_SERVER_EXITED", server=self.label,
                          status="?" if status is None else status,
                          stderr=json.dumps(self.stderr_tail(), ensure_ascii=False),
                          advice=_advice(self._dropped))

    def _fail(self, error):
        """Record the first failure, wake every waiter; a broken server is stopped now."""
        with self._changed:
            if self._failure is not None:
                return
            self._failure = error
            self._changed.notify_all()
        if error.code != "MCP_SERVER_EXITED":
            self._signal(KILL)

    # --- Stopping --------------------------------------------------------------------

    def close(self):
        """Stop the server and reap it, then let go of its pipes. Safe to call more than
        once."""
        self.stop()
        self.release()

    def stop(self):
        """Stop the server and reap it (and its process group): stdin closed, SIGTERM,
        SIGKILL, each after EXIT_GRACE_SECONDS."""
        self._fail(AgentError("MCP_SERVER_EXITED", server=self.label, status="stopped",
                              stderr='""', advice=Text("mcp_run_alone")))
        with self._changed:
            self._closing = True
            self._changed.notify_all()
        self._threads[3].join(timeout=2 * POLL_SECONDS)  # it closes stdin, unless stuck
        for sig in (signal.SIGTERM, KILL):
            if self._exit_status(wait=EXIT_GRACE_SECONDS) is not None:
                break
            self._signal(sig)
        # The leader is not reaped yet, so its group id cannot belong to anyone else: sweep
        # whatever it left behind, then reap it.
        self._signal(KILL)
        self._process.wait()

    def release(self):
        """Wait a moment for the reader threads, and close the pipes they are done with."""
        for thread, stream in zip(self._threads, (self._process.stdout,
                                                  self._process.stderr)):
            thread.join(timeout=1.0)
            if not thread.is_alive():  # closing a stream another thread reads would block
                stream.close()

    def _exit_status(self, *, wait):
        """The exit status once the process has exited (without reaping it where the system
        allows), waiting up to `wait` seconds; None if it still runs."""
        deadline = time.monotonic() + wait
        while True:
            status = self._peek_status()
            if status is not None or time.monotonic() >= deadline:
                return status
            time.sleep(0.01)

    def _peek_status(self):
        if self._process.returncode is not None:
            return self._process.returncode
        if not hasattr(os, "waitid"):
            return self._process.poll()
        try:
            info = os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return self._process.poll()
        if info is None:
            return None
        return -info.si_status if info.si_code in (os.CLD_KILLED, os.CLD_DUMPED) \
            else info.si_status

    def _signal(self, sig):
        try:
            if os.name == "posix" and self._process.returncode is None:
                os.killpg(self.pid, sig)
            elif self._process.returncode is None:
                self._process.kill()
        except (ProcessLookupError, PermissionError):
            pass


def _advice(dropped):
    """What to try when a server exits before it is ready: a launcher (uvx, npx) often needs
    a proxy or certificate variable of ours, which it ran without. Such names come first;
    names that look like secrets are counted, never shown."""
    if not dropped:
        return Text("mcp_run_alone")
    likely = re.compile(r"PROXY|CERT|SSL|CA_BUNDLE|^(UV|PIP|NPM|NODE|PYTHON|XDG)_", re.I)
    secret = re.compile(r"KEY|TOKEN|SECRET|PASS|CREDENTIAL|AUTH|COOKIE", re.I)
    shown = [name for name in dropped if likely.search(name) and not secret.search(name)]
    shown += [name for name in dropped if name not in shown and not secret.search(name)]
    names = ", ".join(shown[:SHOWN_DROPPED]) + (", ..." if len(dropped) > SHOWN_DROPPED else "")
    return Text("mcp_env_dropped", count=len(dropped), names=names)


def _write_some(fd, data, wait):
    """How many bytes of `data` went to `fd` within `wait` seconds (0 if the pipe had no
    room), or None once nobody reads the pipe any more."""
    if os.name == "posix":
        try:
            if not select.select([], [fd], [], wait)[1]:
                return 0
        except (OSError, ValueError):
            return None
    try:
        return os.write(fd, data)
    except BlockingIOError:
        return 0
    except OSError:  # EPIPE: the server closed its stdin or is gone
        return None


def _malformed(message):
    """What makes a decoded line something other than one JSON-RPC 2.0 message (a Text),
    or None."""
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return Text("rpc_not_jsonrpc")
    if "method" in message:
        return None if isinstance(message["method"], str) else Text("rpc_method_not_text")
    if "id" not in message or ("result" in message) == ("error" in message):
        return Text("rpc_bad_response")
    if "result" in message and not isinstance(message["result"], dict):
        return Text("rpc_result_not_object")
    error = message.get("error")
    if "error" in message and not (isinstance(error, dict) and type(error.get("code")) is int
                                   and isinstance(error.get("message"), str)):
        return Text("rpc_bad_error")
    return None


def _quote(line):
    text = line.decode("utf-8", "replace").strip()
    return json.dumps(text[:80] + ("..." if len(text) > 80 else ""), ensure_ascii=False)
