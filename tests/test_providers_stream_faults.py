"""Fault injection for streamed replies and for each provider's own HTTP answers.

For every provider (Ollama NDJSON, OpenAI and Anthropic server-sent events), through
agent.main against a loopback server (a cut stream also through `python agent.py`), with a
tool call already streamed before the fault:
- the connection dropped inside each chunk in turn (mid-line): TRUNCATED;
- a stream that ends cleanly without its end marker (Ollama `done: true`; OpenAI
  `[DONE]` or a finish_reason; Anthropic `message_stop`, or with a block left open):
  TRUNCATED;
- an error object inside the 200 stream: MODEL_HTTP_ERROR;
- a stream over the 2 MB cap (one huge line, or many small ones): MODEL_RESPONSE_TOO_LARGE;
- 401: AUTH_FAILED, and the key (which the server echoes) printed and logged nowhere;
- 429 with Retry-After (OpenAI, Anthropic): retried after the asked wait, the attempt logged.

Each fault: its documented exit status (errors.EXIT_STATUS, the table in docs/output.md),
exactly one `stock-agent: CODE: ...` line and the log path on stderr, no traceback, a log
whose last line is the one terminal event with that code, and no tool run from the broken
reply.
"""

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import unittest

from stock_agent.errors import EXIT_STATUS
from stock_agent.providers import transport
from tests import fake_server as fs
from tests.fake_server import FakeServer
from tests.support import Early, run_cli, start
from tests.wire_harness import AnthropicHarness, OllamaHarness, OpenAIHarness

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
A001 = {"sku": "A001"}
HARNESSES = {"ollama": OllamaHarness(), "openai": OpenAIHarness(),
             "anthropic": AnthropicHarness()}


# --- The streams of one tool call, per provider, and their broken forms ------------

def call_chunks(provider, **options):
    """The stream items of a reply holding one get_stock call (options: the end marker)."""
    if provider == "ollama":
        return fs.ollama_stream(tool_calls=[fs.ollama_call("get_stock", A001, 0, "call_a")],
                                **options)
    if provider == "openai":
        options.setdefault("finish_reason", "tool_calls")
        return fs.openai_stream(tool_calls=[("call_a", "get_stock", ['{"sku": ', '"A001"}'])],
                                **options)
    return fs.anthropic_stream([fs.anthropic_tool_use("call_a", "get_stock", A001)],
                               stop_reason="tool_use", **options)


def without_end_marker(provider):
    """Streams that end cleanly (a final zero chunk) but lack what says the reply is whole."""
    if provider == "ollama":
        return {"no done:true": call_chunks("ollama", done=False)}
    if provider == "openai":
        return {"no [DONE]": call_chunks("openai", done=False),
                "no finish_reason": call_chunks("openai", finish_reason=None)}
    events = call_chunks("anthropic")
    return {"no message_stop": call_chunks("anthropic", stop=False),
            "a block left open": [e for e in events if e[0] != "content_block_stop"]}


def with_error_inside(provider):
    if provider == "ollama":
        return call_chunks("ollama", done=False) + [{"error": "llama runner crashed"}]
    if provider == "openai":
        return call_chunks("openai", finish_reason=None, usage=False, done=False) + [
            ("", fs.openai_error("The server had an error", kind="server_error"))]
    return call_chunks("anthropic", stop=False)[:-1] + [
        ("error", fs.anthropic_error("overloaded_error", "Overloaded"))]


def over_the_cap(provider, *, one_line):
    """A call first, then text past MAX_RESPONSE_BYTES: as one line, or as many."""
    size = transport.MAX_RESPONSE_BYTES
    pieces = ["x" * (size + 10)] if one_line else ["x" * 50_000] * (size // 50_000 + 2)
    if provider == "ollama":
        text = fs.ollama_stream(pieces, done=False)
        return call_chunks("ollama", done=False) + text + fs.ollama_stream()
    if provider == "openai":
        return fs.openai_stream(pieces) if one_line else call_chunks(
            "openai", done=False, usage=False, finish_reason=None) + fs.openai_stream(pieces)
    head = call_chunks("anthropic")[:-2]  # the call's block is whole; the message goes on
    text = fs.anthropic_stream([fs.anthropic_text("".join(pieces))], pieces=len(pieces))
    return head + [(name, {**event, "index": 1}) if "index" in event else (name, event)
                   for name, event in text[1:]]


def stream_of(provider, items, **options):
    return fs.stream(items, sse=provider != "ollama", **options)


# --- Running main and checking the failure ----------------------------------------

def run_main(harness, server, *argv):
    """main() in-process: (exit status, stdout, stderr, log events). --verify off: the
    canned answers state figures no tool returned (the wire is under test, not answers)."""
    return run_cli(["--provider", harness.name, "--lang", "en", "--retries", "0",
                    "--verify", "off", *argv],
                   environ={"LANG": "C", **harness.env(server.url)})


class StreamFaultCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = FakeServer.for_class(cls)  # one for the class, cleared for each run

    def cleared(self):
        """The class's server with no request seen and no reply queued, for one `with`
        (it goes on running)."""
        self.server.clear()
        return contextlib.nullcontext(self.server)

    def run_fault(self, provider, body, *argv, status=200):
        harness, server = HARNESSES[provider], self.server
        server.clear()
        server.reply(harness.path, status, body)
        result = run_main(harness, server, "--stream", *argv)
        self.assertEqual(len(harness.requests(server)), 1)  # nothing retried
        return result

    def assertFailsCleanly(self, code, result):
        status, _, err, events = result
        lines = err.splitlines()
        self.assertEqual(status, EXIT_STATUS[code], err)
        self.assertEqual(len(lines), 2, err)  # the error, then where the log is
        self.assertTrue(lines[0].startswith(f"stock-agent: {code}: "), lines[0])
        self.assertTrue(lines[1].startswith("log: "), lines[1])
        self.assertNotIn("Traceback", err)
        terminal = [e for e in events if e["event"] in ("completed", "failed", "cancelled")]
        self.assertEqual(terminal, events[-1:])
        self.assertEqual((events[-1]["event"], events[-1]["code"]), ("failed", code))
        self.assertEqual([e for e in events if e["event"] == "tool"], [])  # nothing ran


class StreamFaults(StreamFaultCase):
    def test_connection_dropped_inside_each_chunk(self):
        for provider in HARNESSES:
            items = call_chunks(provider)
            for cut in range(len(items)):
                with self.subTest(provider=provider, cut=cut):
                    result = self.run_fault(provider, stream_of(provider, items,
                                                                cut_after=cut))
                    self.assertFailsCleanly("TRUNCATED", result)

    def test_stream_without_its_end_marker(self):
        for provider in HARNESSES:
            for case, items in without_end_marker(provider).items():
                with self.subTest(provider=provider, case=case):
                    self.assertFailsCleanly("TRUNCATED",
                                            self.run_fault(provider, stream_of(provider, items)))

    def test_the_same_streams_whole_do_run_the_call(self):
        """The control: the unbroken stream's call runs, so the faults above are real."""
        for provider, harness in HARNESSES.items():
            with self.subTest(provider=provider), self.cleared() as server:
                server.reply(harness.path, 200, stream_of(provider, call_chunks(provider)))
                server.reply(harness.path, 200, harness.stream_answer(["A001: 12."]))
                status, out, err, events = run_main(harness, server, "--stream")
            self.assertEqual((status, out.strip()), (0, "[Sample data] A001: 12."), err)
            self.assertEqual([e["name"] for e in events if e["event"] == "tool"],
                             ["get_stock"])

    def test_error_object_inside_a_200_stream(self):
        for provider in HARNESSES:
            with self.subTest(provider=provider):
                result = self.run_fault(provider,
                                        stream_of(provider, with_error_inside(provider)))
                self.assertFailsCleanly("MODEL_HTTP_ERROR", result)
                self.assertIn("200", result[2].splitlines()[0])

    def test_stream_over_the_cap(self):
        for provider in HARNESSES:
            for one_line in (True, False):
                with self.subTest(provider=provider, one_line=one_line):
                    body = stream_of(provider, over_the_cap(provider, one_line=one_line))
                    self.assertFailsCleanly("MODEL_RESPONSE_TOO_LARGE",
                                            self.run_fault(provider, body))


class ProviderHttpFaults(StreamFaultCase):
    def test_401_is_auth_failed_and_the_key_is_never_printed(self):
        for provider, harness in HARNESSES.items():
            for stream in ((), ("--stream",)):
                status, body = harness.error("auth")
                if harness.key:  # servers echo the rejected key: it must not come back
                    body = json.loads(json.dumps(body).replace("invalid x-api-key",
                                                               f"invalid key {harness.key}"))
                with self.subTest(provider=provider, stream=stream), self.cleared() as server:
                    server.reply(harness.path, status, body)
                    result = run_main(harness, server, "--log-content", *stream)
                self.assertFailsCleanly("AUTH_FAILED", result)
                if harness.key:
                    self.assertIn(harness.key, json.dumps(body))
                    _, out, err, events = result
                    self.assertNotIn(harness.key, out + err + json.dumps(events))

    def test_429_with_retry_after_is_retried_after_the_wait(self):
        for provider in ("openai", "anthropic"):
            harness = HARNESSES[provider]
            limited = (fs.openai_error("Rate limit reached", kind="requests")
                       if provider == "openai"
                       else fs.anthropic_error("rate_limit_error", "Rate limited"))
            with self.subTest(provider=provider), self.cleared() as server:
                server.reply(harness.path, 429, limited, headers={"Retry-After": "0.05"})
                server.reply(harness.path, 200, harness.answer("A001: 12."))
                status, out, err, events = run_main(harness, server, "--retries", "1")
                self.assertEqual(len(harness.requests(server)), 2)
            self.assertEqual((status, out.strip()), (0, "A001: 12."), err)
            [attempt] = [e for e in events if e["event"] == "model_attempt"]
            self.assertEqual((attempt["attempt"], attempt["status"], attempt["retry_in_ms"]),
                             (1, 429, 50))

    def test_429_without_retries_left_is_a_clean_failure(self):
        for provider in ("openai", "anthropic"):
            harness = HARNESSES[provider]
            with self.subTest(provider=provider), self.cleared() as server:
                server.reply(harness.path, 429, {"error": {"message": "slow down"}},
                             headers={"Retry-After": "0"}, repeat=True)
                result = run_main(harness, server, "--retries", "0")
                self.assertEqual(len(harness.requests(server)), 1)
            self.assertFailsCleanly("MODEL_HTTP_ERROR", result)


def cut_stream_run(provider):
    """`python agent.py --provider PROVIDER --stream` against a stream cut mid-line, no
    retries: (CompletedProcess, its log)."""
    harness = HARNESSES[provider]
    with FakeServer() as server, tempfile.TemporaryDirectory() as log_dir:
        server.reply(harness.path, 200, stream_of(provider, call_chunks(provider), cut_after=2))
        done = subprocess.run(
            [sys.executable, "agent.py", "--provider", provider, "--stream",
             "--log-dir", log_dir, "--lang", "en", "--retries", "0"],
            cwd=ROOT, capture_output=True, text=True, timeout=20,
            env={"PATH": os.environ.get("PATH", ""), "LANG": "C", **harness.env(server.url)})
        [name] = os.listdir(log_dir)
        with open(os.path.join(log_dir, name), encoding="utf-8") as file:
            return done, [json.loads(line) for line in file]


# Real processes the test only waits for (support.Early; load_tests starts them).
CUT_STREAMS = {provider: Early(cut_stream_run, provider) for provider in ("openai", "anthropic")}


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the real processes start now."""
    start(*CUT_STREAMS.values())
    return tests


class RealProcess(unittest.TestCase):
    """A stream cut mid-line through `python agent.py`: no traceback from the real entry."""

    def test_cut_stream_through_the_real_entry_point(self):
        for provider, run in CUT_STREAMS.items():
            with self.subTest(provider=provider):
                done, events = run.result()
                lines = done.stderr.splitlines()
                self.assertEqual(done.returncode, EXIT_STATUS["TRUNCATED"], done.stderr)
                self.assertEqual(len(lines), 2, done.stderr)
                self.assertTrue(lines[0].startswith("stock-agent: TRUNCATED: "))
                self.assertEqual((events[-1]["event"], events[-1]["code"]),
                                 ("failed", "TRUNCATED"))


if __name__ == "__main__":
    unittest.main()
