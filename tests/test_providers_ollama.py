"""The Ollama client against a loopback server speaking Ollama's wire format, errors included."""

import contextlib
import io
import json
import socket
import time
import unittest

import agent
from stock_agent import cli
from stock_agent.errors import EXIT_STATUS
from stock_agent.providers import ollama, transport
from tests.fake_server import FakeServer, ollama_call, ollama_chat
from tests.support import run_cli, settings

TOOLS_ERROR = "registry.ollama.ai/library/gemma:2b does not support tools"


def ask(server, *argv, model="qwen2.5:7b", environ=None):
    return run_cli(["--lang", "en", "-q", "Check A001", "--base-url", server.url,
                    "--model", model, *argv], environ=environ)


def dead_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ConversationTest(unittest.TestCase):
    def test_tool_call_then_answer(self):
        with FakeServer() as server:
            server.reply("/api/chat", 200, ollama_chat(tool_calls=[
                ollama_call("get_stock", {"sku": "A001"}, call_id="call_ab12cd34")]))
            server.reply("/api/chat", 200, ollama_chat("A001: 12 in stock, reorder 18."))
            # By name: the lookup does not settle it, so the model is asked for its answer.
            status, out, err, events = ask(server, "-q", "How many 濾掛咖啡 do we have?")
        self.assertEqual((status, out), (0, "[Sample data] A001: 12 in stock, reorder 18.\n"),
                         err)
        first, second = (r["json"] for r in server.requests)
        self.assertEqual(first["model"], "qwen2.5:7b")
        self.assertIs(first["stream"], False)
        self.assertEqual(first["options"], {"temperature": 0, "num_predict": 512,
                                            "num_ctx": 8192})
        self.assertEqual(first["tools"][0]["type"], "function")
        self.assertEqual(first["tools"][0]["function"]["name"], "find_items")  # by name
        self.assertEqual([m["role"] for m in first["messages"]], ["system", "user"])
        assistant, result = second["messages"][2:]
        self.assertEqual(assistant["tool_calls"][0]["function"]["arguments"], {"sku": "A001"})
        self.assertEqual(assistant["tool_calls"][0]["id"], "call_ab12cd34")
        self.assertEqual(result["role"], "tool")
        self.assertEqual(result["tool_name"], "get_stock")
        self.assertEqual(json.loads(result["content"])["data"]["suggested_order"], 18)
        tool_event = next(e for e in events if e["event"] == "tool")
        self.assertEqual((tool_event["id"], tool_event["invocation"]), ("call_ab12cd34", "1:0"))
        model_event = next(e for e in events if e["event"] == "model")
        self.assertEqual((model_event["input_tokens"], model_event["output_tokens"]), (42, 7))

    def test_flags_reach_the_request(self):
        with FakeServer() as server:
            server.reply("/api/chat", 200, ollama_chat("ok"))
            ask(server, "--num-ctx", "16384", "--num-predict", "64")
        options = server.requests[0]["json"]["options"]
        self.assertEqual((options["num_ctx"], options["num_predict"]), (16384, 64))

    def test_a_reply_is_capped_at_512_tokens_and_1024_with_think(self):
        # A small model caught in a loop writes to the cap: dev4 read the same at 512 as at
        # 1024, in 0.73 of the seconds per correct answer (docs/evaluation.md).
        for flags, cap in (((), 512), (("--think",), 1024),
                           (("--think", "--num-predict", "300"), 300)):
            with self.subTest(flags=flags), FakeServer() as server:
                server.reply("/api/chat", 200, ollama_chat("ok"))
                ask(server, *flags)
                self.assertEqual(server.requests[0]["json"]["options"]["num_predict"], cap)

    def test_text_arguments_go_back_as_objects(self):
        # Proxies send arguments as JSON text; Ollama itself rejects text arguments on replay.
        with FakeServer() as server:
            server.reply("/api/chat", 200, ollama_chat(tool_calls=[
                ollama_call("get_stock", '{"sku": "A001"}'),
                ollama_call("get_stock", '{"sku": ', index=1)]))
            server.reply("/api/chat", 200, ollama_chat("A001: stock 12."))
            status, _, err, events = ask(server)
        self.assertEqual(status, 0, err)
        replayed = server.requests[1]["json"]["messages"][2]["tool_calls"]
        self.assertEqual([c["function"]["arguments"] for c in replayed], [{"sku": "A001"}, {}])
        tools_ok = [e["ok"] for e in events if e["event"] == "tool"]
        self.assertEqual(tools_ok, [True, False])

    def test_each_request_starts_with_the_bytes_of_the_one_before(self):
        with FakeServer() as server:
            for sku in ("A001", "A002"):
                server.reply("/api/chat", 200, ollama_chat(tool_calls=[
                    ollama_call("get_stock", {"sku": sku})]))
            server.reply("/api/chat", 200, ollama_chat("done"))
            ask(server)
        bodies = [r["raw"].decode() for r in server.requests]
        for before, after in zip(bodies, bodies[1:]):
            self.assertTrue(after.startswith(before[:-2]), "history was re-encoded")


class ReplyCheckTest(unittest.TestCase):
    def assertExit(self, code, *replies, argv=()):
        with FakeServer() as server:
            for status, body in replies:
                server.reply("/api/chat", status, body)
            status, out, err, events = ask(server, *argv)
        self.assertEqual(status, EXIT_STATUS[code], err)
        self.assertEqual(out, "")
        lines = err.strip().splitlines()
        self.assertTrue(lines[0].startswith(f"stock-agent: {code}: "), lines)
        self.assertNotIn("Traceback", err)
        self.assertEqual(events[-1]["event"], "failed")
        self.assertEqual(events[-1]["code"], code)
        self.assertFalse(any(e["event"] == "tool" for e in events), "a tool ran")
        return lines[0]

    def test_truncated_reply_runs_no_tool(self):
        cut = (200, ollama_chat(tool_calls=[ollama_call("get_stock", {"sku": "A001"})],
                                done_reason="length"))
        self.assertExit("TRUNCATED", cut, cut)  # and again after its one correction

    def test_not_done(self):
        self.assertExit("INCOMPLETE_MODEL_RESPONSE", (200, ollama_chat("hi", done=False)))

    def test_odd_done_reason(self):
        self.assertExit("INCOMPLETE_MODEL_RESPONSE", (200, ollama_chat("", done_reason="load")))

    def test_no_assistant_message(self):
        body = ollama_chat("hi")
        del body["message"]
        self.assertExit("INVALID_MODEL_MESSAGE", (200, body))

    def test_tool_call_without_a_name(self):
        self.assertExit("INVALID_TOOL_CALL", (200, ollama_chat(tool_calls=[
            ollama_call("get_stock", {"sku": "A001"}), {"function": {"arguments": {}}}])))

    def test_tool_calls_not_a_list(self):
        body = ollama_chat("")
        body["message"]["tool_calls"] = {"function": {"name": "get_stock"}}
        self.assertExit("INVALID_TOOL_BATCH", (200, body))

    def test_prompt_filled_the_context(self):
        line = self.assertExit("CONTEXT_TRUNCATED",
                               (200, ollama_chat("hi", prompt_eval_count=8192)))
        self.assertIn("--num-ctx", line)

    def test_error_inside_a_200_body(self):
        # (A 200 body saying the model's tool call could not be parsed is MALFORMED_TOOL_CALL:
        # tests/test_providers_malformed_calls.py.)
        error = "an error was encountered while running the model: unexpected EOF"
        line = self.assertExit("MODEL_HTTP_ERROR", (200, {"error": error}))
        self.assertIn(error, line)

    def test_empty_answer(self):
        # --verify off: no policy answers from the results in the model's place
        self.assertExit("EMPTY_ANSWER", (200, ollama_chat("")), argv=["--verify", "off"])


class HttpErrorTest(ReplyCheckTest.__base__):
    assertExit = ReplyCheckTest.assertExit

    def test_model_not_found(self):
        line = self.assertExit("MODEL_NOT_FOUND",
                               (404, {"error": "model 'qwen2.5:7b' not found"}))
        self.assertIn("ollama pull qwen2.5:7b", line)

    def test_model_without_tools_names_the_ones_with_tools(self):
        with FakeServer() as server:
            server.reply("/api/chat", 400, {"error": TOOLS_ERROR})
            server.reply("/api/tags", 200, {"models": [
                {"name": "gemma:2b", "model": "gemma:2b"},
                {"name": "qwen2.5:7b", "model": "qwen2.5:7b"}]})
            server.reply("/api/show", 200, {"capabilities": ["completion"]})
            server.reply("/api/show", 200, {"capabilities": ["completion", "tools"]})
            status, _, err, _ = ask(server, model="gemma:2b")
        self.assertEqual(status, EXIT_STATUS["TOOLS_UNSUPPORTED"])
        self.assertIn("Installed models with tool support: qwen2.5:7b.", err)
        self.assertEqual([r["json"] for r in server.requests if r["path"] == "/api/show"],
                         [{"model": "gemma:2b"}, {"model": "qwen2.5:7b"}])

    def test_other_http_error_keeps_ollama_text(self):
        line = self.assertExit("MODEL_HTTP_ERROR", (500, {
            "error": 'option "temperature" must be of type float32'}), argv=("--retries", "0"))
        self.assertIn("HTTP 500", line)
        self.assertIn('option "temperature" must be of type float32', line)

    def test_wrong_route_plain_text_404(self):
        line = self.assertExit("MODEL_HTTP_ERROR", (404, b"404 page not found"))
        self.assertIn("404 page not found", line)

    def test_html_error_page(self):
        line = self.assertExit("MODEL_HTTP_ERROR",
                               (502, b"<html><body>Bad Gateway</body></html>"),
                               argv=("--retries", "0"))
        self.assertIn("HTTP 502", line)

    def test_unauthorised(self):
        self.assertExit("AUTH_FAILED", (401, {"error": "unauthorized"}))

    def test_body_that_is_not_json(self):
        self.assertExit("MODEL_BAD_RESPONSE", (200, b"Ollama is running"))

    def test_body_over_the_cap(self):
        huge = json.dumps(ollama_chat("x" * (transport.MAX_RESPONSE_BYTES + 10))).encode()
        self.assertExit("MODEL_RESPONSE_TOO_LARGE", (200, huge))

    def test_server_that_does_not_answer_in_time(self):
        def hang(handler):
            time.sleep(1.5)
        started = time.monotonic()
        self.assertExit("MODEL_TIMEOUT", (200, hang), argv=("--timeout", "0.3"))
        self.assertLess(time.monotonic() - started, 1.5)


class ConnectionTest(unittest.TestCase):
    def test_unreachable_server_names_the_url(self):
        url = f"http://127.0.0.1:{dead_port()}"
        status, out, err, events = run_cli(["-q", "x", "--lang", "en", "--base-url", url,
                                            "--model", "m"])
        self.assertEqual(status, EXIT_STATUS["MODEL_UNREACHABLE"])
        self.assertIn(url, err)
        self.assertIn("ollama serve", err)
        self.assertEqual(events[-1]["code"], "MODEL_UNREACHABLE")

    def test_no_model_lists_installed_models(self):
        with FakeServer() as server:
            server.reply("/api/tags", 200, {"models": [
                {"name": "llama3.2:1b", "capabilities": ["completion", "tools"]},
                {"name": "nomic-embed-text", "capabilities": ["embedding"]}]})
            status, _, err, events = run_cli(["-q", "x", "--lang", "en",
                                              "--base-url", server.url])
        self.assertEqual(status, EXIT_STATUS["NO_MODEL"])
        self.assertIn("OLLAMA_MODEL", err)
        self.assertIn("llama3.2:1b (tools), nomic-embed-text.", err)
        self.assertEqual(len(err.strip().splitlines()), 1)
        self.assertEqual(events, [])  # nothing ran, so there is no run log

    def test_model_from_environment(self):
        with FakeServer() as server:
            server.reply("/api/chat", 200, ollama_chat("ok"))
            status, _, _, _ = run_cli(["-q", "x", "--base-url", server.url],
                                      environ={"OLLAMA_MODEL": "from-env"})
        self.assertEqual(status, 0)
        self.assertEqual(server.requests[0]["json"]["model"], "from-env")


class UrlTest(unittest.TestCase):
    def test_ollama_host_forms(self):
        cases = {
            "": "http://127.0.0.1:11434",
            "0.0.0.0": "http://0.0.0.0:11434",
            "example.com:1234": "http://example.com:1234",
            "10.0.0.5": "http://10.0.0.5:11434",
            "http://example.com": "http://example.com:80",
            "https://example.com": "https://example.com:443",
            "https://example.com:8443/ollama/": "https://example.com:8443/ollama",
            "[::1]:9000": "http://[::1]:9000",
            "::1": "http://[::1]:11434",
        }
        for value, expected in cases.items():
            with self.subTest(value=value):
                self.assertEqual(ollama.ollama_host_to_url(value), expected)

    def test_precedence(self):
        env = {"OLLAMA_BASE_URL": "http://base:1/", "OLLAMA_HOST": "host:2"}
        self.assertEqual(ollama.resolve_ollama_url("http://flag:3/", env), "http://flag:3")
        self.assertEqual(ollama.resolve_ollama_url(None, env), "http://base:1")
        self.assertEqual(ollama.resolve_ollama_url(None, {"OLLAMA_HOST": "host:2"}),
                         "http://host:2")
        self.assertEqual(ollama.resolve_ollama_url(None, {}), "http://localhost:11434")

    def test_loopback(self):
        for url in ("http://localhost:11434", "http://127.0.0.1:1", "http://[::1]:1",
                    "http://0.0.0.0:11434"):
            self.assertTrue(transport.is_loopback(url), url)
        for url in ("http://10.0.0.5:11434", "https://ollama.example.com",
                    "http://127.example.com:11434", "http://127.0.0.1.nip.io"):
            self.assertFalse(transport.is_loopback(url), url)

    def test_remote_server_is_announced_before_anything_is_sent(self):
        parse = lambda flags: settings(*flags)  # noqa: E731
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            agent.default_model(parse(["--base-url", "http://gpu-box.example:11434",
                                       "--model", "m"]), {})
            agent.default_model(parse(["--base-url", "http://127.0.0.1:11434", "--model", "m"]),
                                {})
        self.assertEqual(len(err.getvalue().splitlines()), 1)
        self.assertIn("http://gpu-box.example:11434", err.getvalue())
        self.assertIn("will be sent", err.getvalue())

    def test_not_an_http_url(self):
        status, _, err, _ = run_cli(["-q", "x", "--base-url", "ftp://x", "--model", "m"])
        self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"])
        self.assertIn("ftp://x", err)


if __name__ == "__main__":
    unittest.main()
