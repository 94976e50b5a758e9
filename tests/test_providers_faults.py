"""Fault injection over HTTP: every way a model server can fail, against a loopback server.

Each fault must end the run with its documented exit status (errors.EXIT_STATUS), one line on
stderr naming the code (plus the line giving the log path), no traceback, a log whose last line
is the terminal event with that code, and no tool run from the broken reply: the broken bodies
below carry a tool call wherever the fault allows one.

These faults are served the way Ollama answers (`/api/chat`, one JSON body). Retries are
off unless a test asks (`--retries`): 429/5xx with Retry-After are retried only as asked,
every try logged. Streamed replies (a stream cut mid-line, one without its end marker, an
error object inside a 200 stream, a stream over the cap) and the faults specific to the
OpenAI-compatible and Anthropic adapters (401 with the key echoed, 429 with Retry-After)
are in tests/test_providers_stream_faults.py, for every provider; the same scenarios in their
everyday form run per provider in tests/test_providers_conformance.py.
"""

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

from stock_agent.errors import EXIT_STATUS
from stock_agent.providers import transport
from tests import fake_server
from tests.fake_server import FakeServer, ollama_call, ollama_chat
from tests.support import Early, run_cli, start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CALL_A001 = [ollama_call("get_stock", {"sku": "A001"}, call_id="call_00000001")]
WITH_CALL = ollama_chat("", tool_calls=CALL_A001)
HTML_PAGE = (b"<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
             b"<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n")


def run_main(url, *extra):
    """main() in-process against `url`: (exit status, stderr lines, log events). --verify
    off: the canned answers state figures no tool returned (faults are under test)."""
    status, _, err, events = run_cli(["--base-url", url, "--model", "m", "--lang", "en",
                                      "--verify", "off", *extra])
    return status, err.splitlines(), events


def read_log(log_dir):
    names = os.listdir(log_dir)
    if not names:
        return []
    with open(os.path.join(log_dir, names[0]), encoding="utf-8") as file:
        return [json.loads(line) for line in file]


class FaultCase(unittest.TestCase):
    def assertFailsCleanly(self, code, status, lines, events, *, tools_run=0):
        self.assertEqual(status, EXIT_STATUS[code])
        self.assertEqual(len(lines), 2, lines)  # the error, then where the log is
        self.assertTrue(lines[0].startswith(f"stock-agent: {code}: "), lines[0])
        self.assertTrue(lines[1].startswith("log: "))
        self.assertEqual(events[-1]["event"], "failed")
        self.assertEqual((events[-1]["code"], events[-1]["exit_status"]), (code, status))
        self.assertEqual([e["event"] for e in events].count("failed"), 1)
        self.assertEqual(sum(e["event"] == "tool" for e in events), tools_run)

    server = None  # a class whose faults never hang sets one server for all its tests

    def fault(self, code, status, body, *, headers=None, timeout="5", retries="0",
              requests=1):
        with self.serving() as server:
            server.reply("/api/chat", status, body, headers=headers, repeat=True)
            result = run_main(server.url, "--timeout", timeout, "--retries", retries)
            chats = [r for r in server.requests if r["path"] == "/api/chat"]
        self.assertFailsCleanly(code, *result)
        self.assertEqual(len(chats), requests)  # exactly the tries asked for, none hidden
        return result

    def serving(self):
        """The class's server, cleared (left running), else a new one for this `with`."""
        if self.server is None:
            return FakeServer()
        self.server.clear()
        return contextlib.nullcontext(self.server)


class TransportFaults(FaultCase):
    def test_connection_refused(self):
        self.assertFailsCleanly("MODEL_UNREACHABLE", *run_main(fake_server.dead_url()))

    def test_server_accepts_and_never_answers(self):
        started = time.monotonic()
        self.fault("MODEL_TIMEOUT", 200, fake_server.hang(3.0), timeout="0.15")
        self.assertLess(time.monotonic() - started, 2.5)  # the timeout, not the server, ended it

    def test_a_body_trickled_byte_by_byte_still_ends_at_the_timeout(self):
        started = time.monotonic()
        self.fault("MODEL_TIMEOUT", 200, fake_server.trickle(WITH_CALL, interval=0.05),
                   timeout="0.25")
        self.assertLess(time.monotonic() - started, 2.5)  # the body alone would take ~20 s

    def test_a_trickled_stream_still_ends_at_the_run_budget(self):
        chunks = b"".join(fake_server.go_json(ollama_chat("x" * 50, done=False)).encode()
                          + b"\n" for _ in range(20))
        started = time.monotonic()
        with FakeServer() as server:
            server.reply("/api/chat", 200, fake_server.trickle(
                chunks, interval=0.02, content_type="application/x-ndjson"))
            result = run_main(server.url, "--stream", "--timeout", "30",
                              "--budget-seconds", "0.3")
        self.assertFailsCleanly("TIME_BUDGET", *result)
        self.assertLess(time.monotonic() - started, 3)

    def test_run_budget_shorter_than_the_request_timeout(self):
        with FakeServer() as server:
            server.reply("/api/chat", 200, fake_server.hang(3.0))
            result = run_main(server.url, "--timeout", "5", "--budget-seconds", "0.15")
        self.assertFailsCleanly("TIME_BUDGET", *result)

    def test_slow_headers_past_the_timeout(self):
        self.fault("MODEL_TIMEOUT", 200, fake_server.slow_headers(2.0, WITH_CALL),
                   timeout="0.15")

    def test_slow_headers_within_the_timeout_still_work(self):
        with FakeServer() as server:
            server.reply("/api/chat", 200, fake_server.slow_headers(0.2, WITH_CALL))
            server.reply("/api/chat", 200, ollama_chat("A001: 12 in stock."))
            status, lines, events = run_main(server.url, "--timeout", "5")
        self.assertEqual((status, events[-1]["event"]), (0, "completed"))

    def test_connection_dropped_mid_body(self):
        for keep in (0.0, 0.5, 0.99):  # after the headers, halfway, one brace short
            with self.subTest(keep=keep):
                self.fault("INCOMPLETE_MODEL_RESPONSE", 200,
                           fake_server.drop_mid_body(WITH_CALL, keep=keep))

    def test_body_over_the_cap(self):
        padded = ollama_chat("x" * transport.MAX_RESPONSE_BYTES, tool_calls=CALL_A001)
        self.fault("MODEL_RESPONSE_TOO_LARGE", 200, padded)

    def test_body_at_the_cap_is_read(self):
        body = ollama_chat("A001: 12.")
        size = len(fake_server.go_json(body).encode())
        body["message"]["content"] += "x" * (transport.MAX_RESPONSE_BYTES - size)
        with FakeServer() as server:
            server.reply("/api/chat", 200, body)
            status, _, _ = run_main(server.url)
        self.assertEqual(status, 0)


class HttpStatusFaults(FaultCase):
    @classmethod
    def setUpClass(cls):
        cls.server = FakeServer.for_class(cls)

    def test_server_errors_with_and_without_retry_after(self):
        for status in (500, 502, 503):
            for headers in (None, {"Retry-After": "1"}, {"Retry-After": "garbage"}):
                with self.subTest(status=status, headers=headers):
                    self.fault("MODEL_HTTP_ERROR", status, {"error": "overloaded",
                                                            "message": WITH_CALL["message"]},
                               headers=headers)

    def test_transient_errors_are_retried_as_asked_and_each_try_is_logged(self):
        _, _, events = self.fault("MODEL_HTTP_ERROR", 503, {"error": "overloaded"},
                                  headers={"Retry-After": "0"}, retries="2", requests=3)
        attempts = [e for e in events if e["event"] == "model_attempt"]
        self.assertEqual([(e["attempt"], e["status"]) for e in attempts],
                         [(1, 503), (2, 503), (3, 503)])
        self.assertEqual([e["retry_in_ms"] for e in attempts], [0, 0, None])

    def test_a_retry_after_past_the_budget_is_not_waited_for(self):
        started = time.monotonic()
        with FakeServer() as server:
            server.reply("/api/chat", 503, {"error": "busy"}, headers={"Retry-After": "30"},
                         repeat=True)
            result = run_main(server.url, "--budget-seconds", "2", "--retries", "3")
        self.assertFailsCleanly("MODEL_HTTP_ERROR", *result)
        self.assertEqual(len(server.requests), 1)
        self.assertLess(time.monotonic() - started, 2)

    def test_client_errors_are_never_retried(self):
        self.fault("MODEL_NOT_FOUND", 404, {"error": "model 'm' not found"}, retries="3")

    def test_client_errors(self):
        cases = (
            ("MODEL_HTTP_ERROR", 404, b"404 page not found"),
            ("MODEL_NOT_FOUND", 404, {"error": "model 'm' not found"}),
            ("MODEL_HTTP_ERROR", 400, {"error": "invalid character 'q' looking for value"}),
            ("TOOLS_UNSUPPORTED", 400, {"error": "registry/m does not support tools"}),
            ("AUTH_FAILED", 401, {"error": "unauthorized"}),
            ("AUTH_FAILED", 403, b"Forbidden"),
        )
        for code, status, body in cases:
            with self.subTest(code=code, status=status):
                self.fault(code, status, body)

    def test_html_error_page(self):
        _, lines, _ = self.fault("MODEL_HTTP_ERROR", 502, HTML_PAGE,
                                 headers={"Content-Type": "text/html"})
        self.assertLessEqual(len(lines[0]), 400)  # one line, not the whole page

    def test_html_page_with_status_200(self):
        self.fault("MODEL_BAD_RESPONSE", 200, HTML_PAGE, headers={"Content-Type": "text/html"})

    def test_bodies_that_are_not_json(self):
        for body in (b"", b"not json", b'{"message": ', b"\xff\xfe{}", b"[" * 100_000):
            with self.subTest(body=body[:20]):
                self.fault("MODEL_BAD_RESPONSE", 200, body)

    def test_error_inside_a_200_body(self):
        self.fault("MODEL_HTTP_ERROR", 200, {"error": "model runner crashed", **WITH_CALL})


class FaultsAfterProgress(FaultCase):
    def test_fault_on_the_second_request_keeps_the_first_tool_run_in_the_log(self):
        with FakeServer() as server:
            server.reply("/api/chat", 200, WITH_CALL)
            server.reply("/api/chat", 200, fake_server.drop_mid_body(WITH_CALL))
            result = run_main(server.url)
        self.assertFailsCleanly("INCOMPLETE_MODEL_RESPONSE", *result, tools_run=1)


def agent_py_meeting(code):
    """`python agent.py` (no retries) asking nothing for MODEL_UNREACHABLE, or a server that
    answers 503 with an HTML page for MODEL_HTTP_ERROR: (CompletedProcess, its log)."""
    with FakeServer() as server, tempfile.TemporaryDirectory(prefix="stock-agent-test-") as logs:
        server.reply("/api/chat", 503, HTML_PAGE, headers={"Retry-After": "5"})
        url = fake_server.dead_url() if code == "MODEL_UNREACHABLE" else server.url
        done = subprocess.run([sys.executable, "agent.py", "--base-url", url, "--model", "m",
                               "--log-dir", logs, "--lang", "en", "--retries", "0"], cwd=ROOT,
                              capture_output=True, text=True, timeout=20)
        return done, read_log(logs)


# Real processes the test only waits for (support.Early; load_tests starts them).
MET = {code: Early(agent_py_meeting, code) for code in ("MODEL_UNREACHABLE", "MODEL_HTTP_ERROR")}


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the real processes start now."""
    start(*MET.values())
    return tests


class RealProcess(unittest.TestCase):
    """Two faults through `python agent.py`: no traceback escapes the real entry point."""

    def test_refused_and_server_error_print_one_line(self):
        for code, run in MET.items():
            with self.subTest(code=code):
                done, events = run.result()
                self.assertEqual(done.returncode, EXIT_STATUS[code])
                lines = done.stderr.splitlines()
                self.assertEqual(len(lines), 2, done.stderr)
                self.assertTrue(lines[0].startswith(f"stock-agent: {code}: "))
                self.assertEqual(events[-1]["code"], code)


if __name__ == "__main__":
    unittest.main()
