"""What each adapter puts on the wire, what it needs configured, and that the loop sees the
same neutral conversation whichever provider served it."""

import copy
import io
import time
import unittest
from contextlib import redirect_stderr

import agent
import tools
from stock_agent import providers
from stock_agent import cli
from stock_agent.errors import EXIT_STATUS, AgentError
from stock_agent.inventory import sample_inventory
from stock_agent.run import Limits
from tests import fake_server as fs
from tests.fake_server import FakeServer
from tests.wire_harness import HARNESSES, AnthropicHarness, OpenAIHarness


def _client(harness, url, **options):
    env = harness.env(url)
    return providers.make_client(harness.name, base_url=None, model=None, environ=env,
                                 num_ctx=4096, num_predict=256, **options)


def _conversation(harness):
    """Run one question through `harness`'s fake server; the loop's neutral messages."""
    with FakeServer() as server:
        server.reply(harness.path, 200, harness.calls(("call_1", "get_stock", {"sku": "A001"}),
                                                      ("call_2", "get_stock", {"sku": "Z999"})))
        server.reply(harness.path, 200, harness.answer("A001 has 12; Z999 does not exist."))
        client = _client(harness, server.url)
        seen = []
        chat = client.chat
        client.chat = lambda messages, defs, *, timeout: (
            seen.append(copy.deepcopy(messages)), chat(messages, defs, timeout=timeout))[1]
        log = _NullLog()
        outcome = agent.run_agent("Check A001 and Z999", client, toolbox=tools.default_toolbox(),
                                  inventory=sample_inventory(), limits=Limits(),
                                  log=log, system_prompt="rules")
        messages = seen[-1] + [{"role": "assistant", "content": outcome.answer}]
    for message in messages:
        message.pop("raw", None)
        if message["role"] == "assistant" and not message.get("content"):
            message["content"] = ""  # null (OpenAI) and "" (Ollama) both mean "no text"
    return messages, log.tools


class _NullLog:
    def __init__(self):
        self.tools = []

    def model_event(self, **fields):
        pass

    def tool_event(self, *, invocation, outcome, **flags):
        self.tools.append((invocation, outcome.call["id"], outcome.result))

    def emit(self, event, **fields):
        pass


class SameConversationTest(unittest.TestCase):
    def test_every_provider_gives_the_loop_the_same_conversation(self):
        runs = {h.name: _conversation(h) for h in HARNESSES}
        ollama = runs.pop("ollama")
        for name, run in runs.items():
            with self.subTest(provider=name):
                self.assertEqual(run[1], ollama[1])
                # Anthropic's reply carries "Let me look that up." with its calls.
                strip = [dict(m, content="") if m["role"] == "assistant" and m.get("tool_calls")
                         else m for m in run[0]]
                base = [dict(m, content="") if m["role"] == "assistant" and m.get("tool_calls")
                        else m for m in ollama[0]]
                self.assertEqual(strip, base)
        self.assertEqual([m["role"] for m in ollama[0]],
                         ["system", "user", "assistant", "tool", "tool", "assistant"])


class RequestShapeTest(unittest.TestCase):
    def exchange(self, harness, **options):
        with FakeServer() as server:
            server.reply(harness.path, 200, harness.calls(("call_1", "get_stock", {"sku": "A001"})))
            server.reply(harness.path, 200, harness.answer("ok"))
            client = _client(harness, server.url, **options)
            messages = [{"role": "system", "content": "rules"},
                        {"role": "user", "content": "Check A001"}]
            definitions = tools.default_toolbox().definitions()
            reply = client.chat(messages, definitions, timeout=5)
            messages.append({"role": "assistant", "content": reply["text"],
                             "tool_calls": reply["tool_calls"], "raw": reply["raw"]})
            messages.append({"role": "tool", "tool_call_id": "call_1", "tool_name": "get_stock",
                             "content": '{"ok": true}', "is_error": False})
            client.chat(messages, definitions, timeout=5)
            return server.requests

    def test_each_request_starts_with_the_bytes_of_the_one_before(self):
        for harness in HARNESSES:
            with self.subTest(provider=harness.name):
                first, second = (r["raw"] for r in self.exchange(harness))
                self.assertTrue(second.startswith(first[:-2]), harness.name)

    def test_openai_request(self):
        first, _ = self.exchange(OpenAIHarness())
        body, headers = first["json"], first["headers"]
        self.assertEqual(first["path"], "/v1/chat/completions")
        self.assertEqual(headers["Authorization"], "Bearer " + OpenAIHarness.key)
        self.assertEqual((body["max_tokens"], body["temperature"], body["stream"]), (256, 0, False))
        self.assertEqual(body["tools"][0]["type"], "function")
        self.assertEqual(body["messages"][0], {"role": "system", "content": "rules"})

    def test_openai_streaming_asks_for_usage(self):
        with FakeServer() as server:
            server.reply("/v1/chat/completions", 200, fs.stream(fs.openai_stream(["hi"])))
            pieces = []
            client = _client(OpenAIHarness(), server.url, stream=True, on_text=pieces.append)
            reply = client.chat([{"role": "user", "content": "hi"}], [], timeout=5)
        self.assertEqual(server.requests[0]["json"]["stream_options"], {"include_usage": True})
        self.assertEqual((reply["text"], reply["usage"]["input_tokens"]), ("hi", 42))
        self.assertEqual(pieces, ["hi", None])

    def test_anthropic_request(self):
        first, second = self.exchange(AnthropicHarness())
        body, headers = first["json"], first["headers"]
        self.assertEqual(first["path"], "/v1/messages")
        self.assertEqual(headers["x-api-key"], AnthropicHarness.key)
        self.assertEqual(headers["anthropic-version"], "2023-06-01")
        self.assertNotIn("Authorization", headers)
        self.assertEqual((body["system"], body["max_tokens"]), ("rules", 256))
        self.assertEqual(set(body["tools"][0]), {"name", "description", "input_schema"})
        self.assertEqual([m["role"] for m in body["messages"]], ["user"])
        sent = fs.anthropic_message([fs.anthropic_text("Let me look that up."),
                                     fs.anthropic_tool_use("call_1", "get_stock",
                                                           {"sku": "A001"})])["content"]
        self.assertEqual(second["json"]["messages"][1], {"role": "assistant", "content": sent})
        self.assertEqual(second["json"]["messages"][2]["content"][0]["type"], "tool_result")

    def test_anthropic_stream_pieces_reach_on_text_and_ping_is_ignored(self):
        events = fs.anthropic_stream([fs.anthropic_text("Twelve in stock.")])
        self.assertIn("ping", [name for name, _ in events])
        with FakeServer() as server:
            server.reply("/v1/messages", 200, fs.stream(events))
            pieces = []
            client = _client(AnthropicHarness(), server.url, stream=True, on_text=pieces.append)
            reply = client.chat([{"role": "user", "content": "hi"}], [], timeout=5)
        self.assertEqual(reply["text"], "Twelve in stock.")
        self.assertEqual("".join(pieces[:-1]), "Twelve in stock.")
        self.assertEqual(reply["usage"], {"input_tokens": 42, "output_tokens": 7})


class ConfigurationTest(unittest.TestCase):
    def make(self, provider, environ, **kw):
        return providers.make_client(provider, base_url=kw.get("base_url"), model=None,
                                     environ=environ, num_ctx=4096, num_predict=256)

    def test_missing_model_lists_what_the_server_has(self):
        with FakeServer() as server:
            server.reply("/v1/models", 200, {"object": "list", "data": [
                {"id": "qwen2.5-1.5b", "object": "model", "owned_by": "llamacpp"}]})
            server.reply("/v1/models", 200, {"data": [{"id": "claude-test", "type": "model"}]})
            for provider, env in (("openai", {"OPENAI_BASE_URL": server.url + "/v1"}),
                                  ("anthropic", {"ANTHROPIC_BASE_URL": server.url})):
                with self.subTest(provider=provider):
                    with self.assertRaises(AgentError) as caught:
                        self.make(provider, env)
                    self.assertEqual(caught.exception.code, "NO_MODEL")
                    self.assertIn("-test" if provider == "anthropic" else "qwen2.5-1.5b",
                                  str(caught.exception.params["installed"]))

    def test_missing_key_for_a_hosted_api(self):
        for provider, env in (("openai", {"OPENAI_MODEL": "gpt-x"}),
                              ("anthropic", {"ANTHROPIC_MODEL": "claude-x"})):
            with self.subTest(provider=provider):
                with self.assertRaises(AgentError) as caught:
                    self.make(provider, env)
                self.assertEqual(caught.exception.code, "NO_API_KEY")
                self.assertEqual(caught.exception.exit_status, 39)

    def test_missing_key_exits_39_from_main(self):
        err = io.StringIO()
        with redirect_stderr(err):
            code = agent.main(["--provider", "anthropic", "--model", "claude-x"],
                              environ={"LANG": "C"})
        self.assertEqual(code, EXIT_STATUS["NO_API_KEY"])
        self.assertIn("ANTHROPIC_API_KEY", err.getvalue())

    def test_a_key_with_a_stray_newline_is_refused_without_showing_it(self):
        for provider, name in (("openai", "OPENAI_API_KEY"), ("anthropic", "ANTHROPIC_API_KEY")):
            with self.subTest(provider=provider):
                err = io.StringIO()
                with redirect_stderr(err):
                    code = agent.main(["--provider", provider, "--model", "m"],
                                      environ={"LANG": "C", name: "sk-LEAKME123\n"})
                self.assertEqual(code, EXIT_STATUS["INVALID_INPUT"])
                self.assertIn(name, err.getvalue())
                self.assertNotIn("LEAKME", err.getvalue())
                self.assertEqual(len(err.getvalue().splitlines()), 1)

    def test_a_key_echoed_late_in_a_long_error_is_blanked_before_it_is_cut(self):
        key = "sk-SECRETKEY1234567890abcdef"
        for provider in ("openai", "anthropic"):
            with self.subTest(provider=provider), FakeServer() as server:
                text = "x" * 280 + key + " is not valid"
                body = (fs.openai_error(text) if provider == "openai"
                        else fs.anthropic_error("invalid_request_error", text))
                server.reply("/v1/chat/completions" if provider == "openai" else "/v1/messages",
                             400, body)
                url = server.url + ("/v1" if provider == "openai" else "")
                client = providers.make_client(
                    provider, base_url=url, model="m", num_ctx=4096, num_predict=64,
                    environ={"OPENAI_API_KEY": key, "ANTHROPIC_API_KEY": key})
                with self.assertRaises(AgentError) as caught:
                    client.chat([{"role": "user", "content": "hi"}], [], timeout=5)
                self.assertNotIn("sk-SECRET", caught.exception.message())

    def test_local_servers_need_no_key(self):
        client = self.make("openai", {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
                                      "OPENAI_MODEL": "m"})
        self.assertEqual(client.headers(), {})

    def test_unknown_provider_is_a_usage_error(self):
        with self.assertRaises(SystemExit) as caught, redirect_stderr(io.StringIO()):
            cli.build_parser().parse_args(["--provider", "gemini"])
        self.assertEqual(caught.exception.code, 2)


class RetryAfterTest(unittest.TestCase):
    def test_retry_after_forms(self):
        from stock_agent.providers import transport
        self.assertEqual(transport.retry_after({"retry-after": "3"}), 3.0)
        self.assertEqual(transport.retry_after({"retry-after-ms": "250"}), 0.25)
        self.assertEqual(transport.retry_after({"retry-after": "9999"}), 60.0)
        self.assertIsNone(transport.retry_after({"retry-after": "soon"}))
        date = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(time.time() + 30))
        self.assertAlmostEqual(transport.retry_after({"retry-after": date}), 30, delta=2)

    def test_no_retry_past_the_deadline(self):
        error = AgentError("MODEL_HTTP_ERROR", status=429, transient=True, retry_after=30.0)
        limits = Limits(retries=3)
        self.assertIsNone(agent._retry_wait(error, 1, time.monotonic() + 5, limits))
        self.assertEqual(agent._retry_wait(error, 1, time.monotonic() + 60, limits), 30.0)
        self.assertIsNone(agent._retry_wait(error, 4, time.monotonic() + 60, limits))
        refused = AgentError("MODEL_UNREACHABLE", url="x", reason="refused", transient=False)
        self.assertIsNone(agent._retry_wait(refused, 1, time.monotonic() + 60, limits))


class EchoTest(unittest.TestCase):
    def test_text_prints_as_it_arrives_but_a_call_written_as_text_is_held(self):
        import io
        out = io.StringIO()
        echo = cli.Echo(out)
        for piece in ["A001 ", "has 12.", None, '{"name": ', '"get_stock"}', None]:
            echo(piece)
        self.assertEqual(out.getvalue(), "A001 has 12.\n")
        self.assertEqual(echo.last, "")


class MockStaysLightTest(unittest.TestCase):
    def test_mock_run_loads_no_http_stack(self):
        import subprocess
        import sys
        import tempfile
        with tempfile.TemporaryDirectory() as logs:
            code = ("import sys, agent; agent.main(['--mock', '--log-dir', %r]); "
                    "print(sorted(m for m in sys.modules if m.split('.')[0] in "
                    "('http', 'ssl', 'socket') or m.startswith('stock_agent.providers')))"
                    % logs)
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 cwd=".", check=True).stdout
        self.assertEqual(out.strip().splitlines()[-1], "[]")


if __name__ == "__main__":
    unittest.main()


class AdapterErrorTest(unittest.TestCase):
    def chat(self, harness, reply, **options):
        with FakeServer() as server:
            server.reply(harness.path, *reply)
            client = _client(harness, server.url, **options)
            return client.chat([{"role": "user", "content": "hi"}], [], timeout=5)

    def assertCode(self, code, harness, reply, **options):
        with self.assertRaises(AgentError) as caught:
            self.chat(harness, reply, **options)
        self.assertEqual(caught.exception.code, code)
        return caught.exception

    def test_openai_tool_call_without_id(self):
        call = fs.openai_call(None, "get_stock", "{}")
        self.assertCode("INVALID_TOOL_CALL", OpenAIHarness(),
                        (200, fs.openai_chat(None, tool_calls=[call],
                                             finish_reason="tool_calls")))

    def test_openai_wrong_path_says_where_v1_goes(self):
        error = self.assertCode("MODEL_HTTP_ERROR", OpenAIHarness(),
                                (404, b"File Not Found"))
        self.assertIn("/v1", str(error.params["error"]))

    def test_anthropic_streamed_input_that_is_not_json(self):
        block = fs.anthropic_tool_use("toolu_1", "get_stock", '{"sku": "A0')
        events = fs.anthropic_stream([block], stop_reason="tool_use")
        self.assertCode("INVALID_TOOL_CALL", AnthropicHarness(), (200, fs.stream(events)),
                        stream=True)

    def test_anthropic_error_inside_200_body(self):
        self.assertCode("MODEL_HTTP_ERROR", AnthropicHarness(),
                        (200, fs.anthropic_error("overloaded_error", "Overloaded")))

    def test_overloaded_529_is_transient(self):
        error = self.assertCode("MODEL_HTTP_ERROR", AnthropicHarness(),
                                (529, fs.anthropic_error("overloaded_error", "Overloaded")))
        self.assertTrue(error.params["transient"])

    def test_llama_cpp_unparsable_tool_call_is_not_retried(self):
        body = {"error": {"code": 500, "type": "server_error", "message": "The model produced "
                          "output that does not match the expected peg-native format"}}
        error = self.assertCode("MALFORMED_TOOL_CALL", OpenAIHarness(), (500, body))
        self.assertFalse(error.params.get("transient"))

    def test_ollama_call_without_id_stays_null(self):
        harness = HARNESSES[0]
        with FakeServer() as server:
            server.reply(harness.path, 200, fs.ollama_chat(
                "", tool_calls=[fs.ollama_call("get_stock", {"sku": "A001"})]))
            server.reply(harness.path, 200, fs.ollama_chat("A001 has 12."))
            run = harness.run(server)
            last = harness.requests(server)[1]["json"]["messages"][-1]
        self.assertEqual(run.code, 0, run.err)
        [tool] = run.of("tool")
        self.assertEqual((tool["invocation"], tool["id"]), ("1:0", None))
        self.assertNotIn("tool_call_id", last)
        self.assertEqual(last["tool_name"], "get_stock")


class StreamLimitsTest(unittest.TestCase):
    def stream_chat(self, send, timeout=5):
        with FakeServer() as server:
            server.reply("/v1/chat/completions", 200, send)
            client = _client(OpenAIHarness(), server.url, stream=True)
            return client.chat([{"role": "user", "content": "hi"}], [], timeout=timeout)

    def test_a_stream_is_capped_like_a_body(self):
        from unittest import mock
        from stock_agent.providers import transport
        send = fs.stream(fs.openai_stream(["x" * 100] * 50))
        with mock.patch.object(transport, "MAX_RESPONSE_BYTES", 2000), \
                self.assertRaises(AgentError) as caught:
            self.stream_chat(send)
        self.assertEqual(caught.exception.code, "MODEL_RESPONSE_TOO_LARGE")

    def test_a_slow_trickle_still_ends_at_the_timeout(self):
        events = fs.openai_stream(["a", "b", "c", "d"])

        def slow(handler):
            fs.stream(events)(_Slow(handler))
        with self.assertRaises(AgentError) as caught:
            self.stream_chat(slow, timeout=0.3)
        self.assertEqual(caught.exception.code, "MODEL_TIMEOUT")


class _Slow:
    """A request handler whose body writes each take 0.1 s: under the socket timeout, over
    the whole stream's."""

    def __init__(self, handler):
        self._handler = handler
        self.wfile = self

    def __getattr__(self, name):
        return getattr(self._handler, name)

    def write(self, data):
        time.sleep(0.1)
        return self._handler.wfile.write(data)

    def flush(self):
        self._handler.wfile.flush()


class RetriesFlagTest(unittest.TestCase):
    def test_retries_must_be_a_small_count(self):
        for text in ("-1", "11", "x"):
            with self.subTest(value=text), self.assertRaises(SystemExit) as caught, \
                    redirect_stderr(io.StringIO()):
                cli.build_parser().parse_args(["--retries", text])
            self.assertEqual(caught.exception.code, 2)
        self.assertEqual(cli.build_parser().parse_args(["--retries", "0"]).retries, 0)
