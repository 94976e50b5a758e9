"""A stand-in for a model server, to try --record and --replay without a model.

    $ URL=$(python examples/stand_in_model.py)
    $ python agent.py --base-url "$URL" --model stand-in --record runs/cassette -q "Check A001"

It prints its URL (a free port on 127.0.0.1) once it listens, and answers in the background
until it has served --requests requests (default 1: one question naming a SKU, whose
lookup settles it, so the agent asks nothing more) or 30 seconds have passed, then exits.
It speaks Ollama's POST /api/chat: to a question naming a SKU (A001) it replies with one
get_stock call; once the request holds that tool's result, it answers from the result.
Like --mock it understands nothing; unlike --mock, the agent reaches it over
HTTP, as it would a real server, so what --record keeps is a real exchange. POSIX only (it
forks to leave the shell free).
"""

import argparse
import json
import os
import re
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

LIFETIME_SECONDS = 30


def reply_to(request):
    """The /api/chat body answering `request`: a get_stock call, or an answer from its
    result."""
    messages = request.get("messages") or [{}]
    results = [m for m in messages if m.get("role") == "tool"]
    if results:
        data = json.loads(results[-1].get("content") or "{}").get("data") or {}
        text = (f"{data.get('name')} ({data.get('sku')}): stock {data.get('stock')}, target "
                f"{data.get('target')}, suggested order {data.get('suggested_order')}. "
                f"Source: {data.get('source')}. No order has been placed.")
        message = {"role": "assistant", "content": text}
    else:
        sku = re.search(r"\b[A-Z]\d{3}\b", str(messages[-1].get("content")))
        message = {"role": "assistant", "content": "", "tool_calls": [{"function": {
            "name": "get_stock", "arguments": {"sku": sku[0] if sku else "A001"}}}]}
    return {"model": request.get("model"), "created_at": "2026-12-01T00:00:00Z",
            "message": message, "done": True, "done_reason": "stop",
            "prompt_eval_count": 100, "eval_count": 20}


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        self.server.served += 1
        length = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.dumps(reply_to(json.loads(self.rfile.read(length)))).encode()
            status = 200 if self.path == "/api/chat" else 404
        except (ValueError, AttributeError, TypeError):
            body, status = b'{"error": "not a chat request"}', 400
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=1, help="serve this many, then exit")
    requests = parser.parse_args().requests
    server = HTTPServer(("127.0.0.1", 0), Handler)
    server.served = 0
    print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
    if os.fork():
        os._exit(0)  # the shell goes on; the child serves
    null = os.open(os.devnull, os.O_RDWR)
    for stream in (0, 1, 2):  # let go of the shell's streams, or $(...) would wait
        os.dup2(null, stream)
    ends = time.monotonic() + LIFETIME_SECONDS
    while server.served < requests and time.monotonic() < ends:
        server.timeout = max(ends - time.monotonic(), 0.01)
        server.handle_request()
    server.server_close()


if __name__ == "__main__":
    sys.exit(main())
