"""A loopback HTTP server that answers like a model server, for tests.

Replies are scripted per path: `server.reply("/api/chat", status, body)` queues one answer;
a body that is a dict or list is sent as compact JSON the way Ollama (Go encoding/json) sends
it, bytes are sent as they are, and a callable gets the request handler to misbehave on
purpose (hang, drop the connection, stream slowly). Every request is recorded with its
parsed JSON body in `server.requests`.

Shapes follow Ollama's docs/api.md and server source (see docs/ollama-wire.md), and for
the other providers openai-python's and anthropic-sdk-python's types (see
docs/openai-anthropic-wire.md). Streamed answers are callables built by `stream()`:
NDJSON for Ollama, server-sent events for OpenAI and Anthropic, sent with chunked transfer
encoding like the real servers, optionally cut off in the middle.
"""

import json
import socket
import threading
import time
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


def openai_chat(content=None, *, tool_calls=None, finish_reason="stop", prompt_tokens=42,
                completion_tokens=7, model="qwen2.5-1.5b"):
    """A non-streaming /v1/chat/completions body (ChatCompletion)."""
    message = {"role": "assistant", "content": content, "refusal": None, "annotations": []}
    if tool_calls is not None:
        message["tool_calls"] = tool_calls
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1_796_000_000,
            "model": model, "choices": [{"index": 0, "message": message, "logprobs": None,
                                         "finish_reason": finish_reason}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens},
            "system_fingerprint": "fp_1"}


def openai_call(call_id, name, arguments_text):
    return {"id": call_id, "type": "function",
            "function": {"name": name, "arguments": arguments_text}}


def openai_error(message, *, kind="invalid_request_error", code=None, param=None):
    return {"error": {"message": message, "type": kind, "param": param, "code": code}}


def openai_stream(content_pieces=(), *, tool_calls=(), finish_reason="stop", usage=True,
                  done=True):
    """The chunks of a streamed completion. tool_calls: [(id, name, [argument pieces])]:
    id and name only in the first delta of each index, as OpenAI sends them."""
    base = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1_796_000_000,
            "model": "qwen2.5-1.5b"}
    chunks = [{**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""},
                                    "finish_reason": None}]}]
    for piece in content_pieces:
        chunks.append({**base, "choices": [{"index": 0, "delta": {"content": piece},
                                            "finish_reason": None}]})
    for index, (call_id, name, pieces) in enumerate(tool_calls):
        first = {"index": index, "id": call_id, "type": "function",
                 "function": {"name": name, "arguments": ""}}
        chunks.append({**base, "choices": [{"index": 0, "delta": {"tool_calls": [first]},
                                            "finish_reason": None}]})
        for piece in pieces:
            delta = {"tool_calls": [{"index": index, "function": {"arguments": piece}}]}
            chunks.append({**base, "choices": [{"index": 0, "delta": delta,
                                                "finish_reason": None}]})
    if finish_reason is not None:
        chunks.append({**base, "choices": [{"index": 0, "delta": {},
                                            "finish_reason": finish_reason}]})
    if usage:
        chunks.append({**base, "choices": [], "usage": {
            "prompt_tokens": 42, "completion_tokens": 7, "total_tokens": 49}})
    events = [("", chunk) for chunk in chunks]
    return events + ([("", "[DONE]")] if done else [])


def anthropic_message(blocks, *, stop_reason="end_turn", input_tokens=42, output_tokens=7,
                      model="claude-test"):
    """A non-streaming /v1/messages body (Message)."""
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": model,
            "content": blocks, "stop_reason": stop_reason, "stop_sequence": None,
            "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens}}


def anthropic_text(text):
    return {"type": "text", "text": text}


def anthropic_tool_use(call_id, name, arguments):
    return {"type": "tool_use", "id": call_id, "name": name, "input": arguments}


def anthropic_error(kind, message):
    return {"type": "error", "error": {"type": kind, "message": message},
            "request_id": "req_1"}


def anthropic_stream(blocks, *, stop_reason="end_turn", stop=True, pieces=3):
    """The events of a streamed message: text in pieces, tool input as partial_json pieces
    (the first one empty, as real streams send it), a ping after the first block start."""
    message = {**anthropic_message([], stop_reason=None, output_tokens=1)}
    events = [("message_start", {"type": "message_start", "message": message})]
    for index, block in enumerate(blocks):
        if block["type"] == "text":
            start, text = {"type": "text", "text": ""}, block["text"]
            deltas = [{"type": "text_delta", "text": part} for part in _split(text, pieces)]
        else:
            start = {**block, "input": {}}
            text = json.dumps(block["input"]) if isinstance(block["input"], dict) \
                else block["input"]
            deltas = [{"type": "input_json_delta", "partial_json": part}
                      for part in [""] + _split(text, pieces)]
        events.append(("content_block_start", {"type": "content_block_start",
                                               "index": index, "content_block": start}))
        if index == 0:
            events.append(("ping", {"type": "ping"}))
        events += [("content_block_delta", {"type": "content_block_delta", "index": index,
                                            "delta": delta}) for delta in deltas]
        events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    events.append(("message_delta", {"type": "message_delta", "delta": {
        "stop_reason": stop_reason, "stop_sequence": None}, "usage": {"output_tokens": 7}}))
    if stop:
        events.append(("message_stop", {"type": "message_stop"}))
    return events


def ollama_stream(content_pieces=(), *, tool_calls=None, done_reason="stop", done=True):
    """The NDJSON chunks of a streamed /api/chat: tool calls arrive whole in one chunk."""
    chunks = [{"model": "qwen2.5:7b", "created_at": "2026-11-30T11:00:00Z",
               "message": {"role": "assistant", "content": piece}, "done": False}
              for piece in content_pieces]
    if tool_calls:
        chunks.append({"model": "qwen2.5:7b", "created_at": "2026-11-30T11:00:00Z",
                       "message": {"role": "assistant", "content": "",
                                   "tool_calls": tool_calls}, "done": False})
    if done:
        last = ollama_chat("", done_reason=done_reason)
        chunks.append(last)
    return chunks


def _split(text, pieces):
    size = max(1, -(-len(text) // pieces))
    return [text[i:i + size] for i in range(0, len(text), size)] or [""]


def stream(items, *, sse=True, cut_after=None):
    """A callable reply that streams `items` with chunked encoding, flushing each one.

    sse: items are (event name, data) pairs written as server-sent events (data that is not
    text is sent as JSON); otherwise items are objects written as NDJSON lines. cut_after=N
    drops the connection after N items, in the middle of the next one (-1: of the last).
    """
    if cut_after is not None and cut_after < 0:
        cut_after += len(items)

    def send(handler):
        handler.close_connection = True  # one stream per connection, as the client reads it
        handler.send_response(200)
        handler.send_header("Content-Type",
                            "text/event-stream" if sse else "application/x-ndjson")
        handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        try:
            for number, item in enumerate(items):
                data = _sse_bytes(item) if sse else (go_json(item) + "\n").encode()
                if cut_after is not None and number >= cut_after:
                    _write_chunk(handler, data[:len(data) // 2])
                    return
                _write_chunk(handler, data)
            handler.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading (a cap or a timeout): that is its right
    return send


def _sse_bytes(item):
    name, data = item
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    return ((f"event: {name}\n" if name else "") + f"data: {text}\n\n").encode()


def _write_chunk(handler, data):
    handler.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
    handler.wfile.flush()


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
        # A short poll interval: shutdown() waits up to one interval for the serve loop.
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

    @classmethod
    def for_class(cls, test_class):
        """A started server for every test of `test_class` (call it in setUpClass), shut
        down after the class; each test calls `clear()` first."""
        server = cls().__enter__()
        test_class.addClassCleanup(server.__exit__, None, None, None)
        return server

    def clear(self):
        """Forget the requests seen and the replies still queued."""
        with self._lock:
            self.requests.clear()
            self._replies.clear()

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


# --- Misbehaving replies (pass one as the body of `server.reply`) ------------------

def hang(seconds=3.0):
    """Accept the request and send nothing for `seconds`, then drop the connection."""
    def misbehave(handler):
        time.sleep(seconds)
        handler.close_connection = True
    return misbehave


def slow_headers(delay, body):
    """Send the status line at once and the rest of the headers after `delay` seconds."""
    def misbehave(handler):
        data = go_json(body).encode()
        handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
        handler.wfile.flush()
        time.sleep(delay)
        handler.wfile.write(b"Content-Type: application/json; charset=utf-8\r\n"
                            b"Content-Length: %d\r\n\r\n" % len(data) + data)
    return misbehave


def header_trickle(interval, seconds):
    """The status line at once, then one header byte every `interval`, never a blank line
    (for `seconds` at most, so a client without a deadline fails its test, not hangs)."""
    def misbehave(handler):
        handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
        stop = time.monotonic() + seconds
        _drip(handler, iter(lambda: b"X" if time.monotonic() < stop else None, None), interval)
    return misbehave


def drop_mid_body(body, *, keep=0.5):
    """Promise the whole body in Content-Length, send `keep` of it, then close."""
    def misbehave(handler):
        data = go_json(body).encode() if isinstance(body, (dict, list)) else body
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json; charset=utf-8")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data[:int(len(data) * keep)])
        handler.wfile.flush()
        handler.close_connection = True
    return misbehave


def trickle(body, *, interval=0.1, content_type="application/json; charset=utf-8"):
    """Send the headers at once, then the body one byte every `interval` seconds: each read
    returns quickly, so only a deadline on the whole answer stops it."""
    def misbehave(handler):
        data = go_json(body).encode() if isinstance(body, (dict, list)) else body
        handler.send_response(200)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        _drip(handler, (bytes([byte]) for byte in data), interval)
    return misbehave


def _drip(handler, pieces, interval):
    """Write each piece at once, `interval` seconds apart, until done or the client leaves."""
    try:
        for piece in pieces:
            handler.wfile.write(piece)
            handler.wfile.flush()
            time.sleep(interval)
    except OSError:  # the client gave up, as it should
        pass
    handler.close_connection = True


def dead_url():
    """A loopback URL where nothing listens: connecting is refused at once."""
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return f"http://127.0.0.1:{port}"
