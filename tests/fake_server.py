"""A loopback HTTP server that answers like a model server, for tests.

Replies are scripted per path: `server.reply("/api/chat", status, body)` queues one answer;
a body that is a dict or list is sent as compact JSON the way Ollama (Go encoding/json) sends
it, bytes are sent as they are, and a callable gets the request handler to misbehave on
purpose (hang, drop the connection, stream slowly). Every request is recorded with its
parsed JSON body in `server.requests`.

Shapes follow Ollama's docs/api.md and server source (see docs/ollama-wire.md).
"""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def ollama_chat(content="", *, tool_calls=None, done=True, done_reason="stop",
                prompt_eval_count=42, eval_count=7, model="qwen2.5:7b"):
    """A non-streaming /api/chat body, keys in the order Ollama writes them."""
    message = {"role": "assistant", "content": content}
    if tool_calls is not None:
        message["tool_calls"] = tool_calls
    body = {"model": model, "created_at": "2026-11-30T11:00:00.000000000Z",
            "message": message, "done": done}
    if done_reason is not None:
        body["done_reason"] = done_reason
    body.update(total_duration=1_200_000_000, load_duration=10_000_000,
                prompt_eval_count=prompt_eval_count, prompt_eval_duration=300_000_000,
                eval_count=eval_count, eval_duration=800_000_000)
    return body


def ollama_call(name, arguments, index=0, call_id=None):
    call = {"function": {"index": index, "name": name, "arguments": arguments}}
    if call_id is not None:
        call = {"id": call_id, **call}
    return call


def go_json(value):
    """JSON as Go's encoding/json writes it: compact, with <, > and & escaped."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


class FakeServer:
    def __init__(self):
        self.requests = []
        self._replies = {}
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.02,),
                                        daemon=True)

    @property
    def url(self):
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc_info):
        self._server.shutdown()
        self._server.server_close()

    def reply(self, path, status=200, body=None, *, headers=None, repeat=False):
        """Queue one answer for `path` (or keep answering it, with repeat=True)."""
        with self._lock:
            self._replies.setdefault(path, []).append((status, body, headers or {}, repeat))
        return self

    def _next_reply(self, path):
        with self._lock:
            queue = self._replies.get(path)
            if not queue:
                return 404, b"404 page not found", {"Content-Type": "text/plain"}, False
            if queue[0][3]:
                return queue[0]
            return queue.pop(0)


def _handler_for(server):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):  # keep test output clean
            pass

        def do_GET(self):
            self._answer(None)

        def do_POST(self):
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                parsed = json.loads(raw)
            except ValueError:
                parsed = None
            self._answer(parsed, raw)

        def _answer(self, body, raw=b""):
            server.requests.append({"method": self.command, "path": self.path,
                                    "json": body, "raw": raw, "headers": dict(self.headers)})
            status, reply, headers, _ = server._next_reply(self.path)
            if callable(reply):
                reply(self)
                return
            if isinstance(reply, (dict, list)):
                data = go_json(reply).encode()
                headers = {"Content-Type": "application/json; charset=utf-8", **headers}
            else:
                data = reply if isinstance(reply, bytes) else str(reply or "").encode()
            self.send_response(status)
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler
