"""The same scenarios against every provider adapter, each through a loopback server that
speaks that provider's wire format (tests/wire_harness.py says how each one looks)."""

import contextlib
import json
import unittest
from unittest import mock

import agent
from stock_agent.errors import EXIT_STATUS
from tests.fake_server import FakeServer
from tests.wire_harness import AnthropicHarness, OllamaHarness, OpenAIHarness

A001 = {"sku": "A001"}
A002 = {"sku": "A002"}


class Conformance:
    """Mixed into one TestCase per provider; `h` is that provider's harness."""

    h = None

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.server = FakeServer.for_class(cls)  # one server per provider, cleared per test

    def serve(self, *bodies):
        """The class's server, cleared, with `bodies` queued: `with self.serve(...) as
        server` (the server goes on running for the next test)."""
        server = self.server
        server.clear()
        for body in bodies:
            if isinstance(body, tuple):
                status, body, *rest = body
                headers, repeat = (rest + [None, False])[:2]
                server.reply(self.h.path, status, body, headers=headers, repeat=repeat)
            else:
                server.reply(self.h.path, 200, body)
        return contextlib.nullcontext(server)

    # --- answers and tool calls -------------------------------------------------

    def test_single_call_then_answer(self):
        with self.serve(self.h.calls(("call_1", "get_stock", A001)),
                        self.h.answer("A001: stock 12, reorder 18.")) as server:
            run = self.h.run(server, "-q", "Check A001")
        self.assertEqual(run.code, 0, run.err)
        self.assertEqual(run.out.strip(), "[Sample data] A001: stock 12, reorder 18.")
        [tool] = run.of("tool")
        self.assertEqual((tool["invocation"], tool["id"], tool["name"], tool["ok"]),
                         ("1:0", "call_1", "get_stock", True))
        second = self.h.requests(server)[1]
        self.assertEqual([call[0] for call in self.h.replayed_calls(second)], ["call_1"])
        [(call_id, _, content, _)] = self.h.tool_results(second)
        self.assertIn(call_id, ("call_1",))
        self.assertTrue(json.loads(content)["ok"])
        self.assertEqual(run.of("completed")[0]["steps"], 2)

    def test_two_calls_in_one_batch_are_answered_in_order(self):
        with self.serve(self.h.calls(("call_a", "get_stock", A001), ("call_b", "get_stock", A002)),
                        self.h.answer("done")) as server:
            run = self.h.run(server, "-q", "Check A001 and A002")
        self.assertEqual(run.code, 0, run.err)
        self.assertEqual([(t["invocation"], t["id"]) for t in run.of("tool")],
                         [("1:0", "call_a"), ("1:1", "call_b")])
        results = self.h.tool_results(self.h.requests(server)[1])
        self.assertEqual([r[0] for r in results], ["call_a", "call_b"])
        self.assertEqual([json.loads(r[2])["data"]["sku"] for r in results], ["A001", "A002"])

    def test_unknown_tool_goes_back_as_a_failed_result(self):
        with self.serve(self.h.calls(("call_x", "delete_stock", A001)),
                        self.h.answer("I cannot do that.")) as server:
            run = self.h.run(server)
        self.assertEqual(run.code, 0, run.err)
        [tool] = run.of("tool")
        self.assertEqual((tool["ok"], tool["error"]), (False, "UNKNOWN_TOOL"))
        [(_, _, content, is_error)] = self.h.tool_results(self.h.requests(server)[1])
        self.assertEqual(json.loads(content)["error"], "UNKNOWN_TOOL")
        if self.h.name == "anthropic":
            self.assertIs(is_error, True)

    def test_bad_arguments_are_rejected_and_replayed_as_received(self):
        bad = '{"sku": 5' if self.h.name == "openai" else {"sku": 5}
        with self.serve(self.h.calls(("call_1", "get_stock", bad)),
                        self.h.answer("Sorry.")) as server:
            run = self.h.run(server)
        self.assertEqual(run.code, 0, run.err)
        self.assertEqual(run.of("tool")[0]["error"], "INVALID_ARGUMENTS")
        [(_, _, arguments)] = self.h.replayed_calls(self.h.requests(server)[1])
        if self.h.name == "ollama":
            self.assertEqual(arguments, {"sku": 5})
        else:
            self.assertEqual(arguments, bad)  # the exact text, though it is not JSON

    def test_truncated_reply_runs_nothing_and_cut_again_ends_the_run(self):
        with self.serve(self.h.truncated(), self.h.truncated()) as server:
            run = self.h.run(server)
        self.assertEqual(run.code, EXIT_STATUS["TRUNCATED"])
        self.assertEqual(run.of("tool"), [])
        self.assertEqual(run.of("failed")[0]["code"], "TRUNCATED")
        self.assertEqual([model["stop"] for model in run.of("model")], ["truncated"] * 2)
        self.assertEqual(len(run.of("correction")), 1)

    def test_a_truncated_reply_gets_one_correction_and_the_run_goes_on(self):
        with self.serve(self.h.truncated(), self.h.answer("A001 has 12 units.")) as server:
            run = self.h.run(server)
        self.assertEqual((run.code, run.out.strip()), (0, "A001 has 12 units."), run.err)
        self.assertEqual(run.of("tool"), [])
        told = self.h.requests(server)[1]["json"]["messages"][-1]
        self.assertIn("cut off at the length limit", json.dumps(told))

    def test_empty_answer(self):
        with self.serve(self.h.answer("")) as server:
            run = self.h.run(server)
        self.assertEqual(run.code, EXIT_STATUS["EMPTY_ANSWER"])

    def test_usage_is_reported(self):
        with self.serve(self.h.answer("ok")) as server:
            run = self.h.run(server)
        model = run.of("model")[0]
        self.assertEqual((model["input_tokens"], model["output_tokens"]), (42, 7))

    # --- HTTP errors ------------------------------------------------------------

    def test_http_errors_have_their_own_exit_status(self):
        for kind, code in (("auth", "AUTH_FAILED"), ("model", "MODEL_NOT_FOUND"),
                           ("tools", "TOOLS_UNSUPPORTED"), ("server", "MODEL_HTTP_ERROR")):
            with self.subTest(kind=kind), self.serve(self.h.error(kind)) as server:
                run = self.h.run(server)
                self.assertEqual(run.code, EXIT_STATUS[code], run.err)
                self.assertIn(f": {code}: ", run.err)
                self.assertEqual(run.of("failed")[0]["code"], code)

    def test_transient_error_is_retried_then_succeeds(self):
        status, body = self.h.error("busy")
        with self.serve((status, body, {"Retry-After": "0"}), self.h.answer("ok")) as server:
            run = self.h.run(server, "--retries", "2")
        self.assertEqual(run.code, 0, run.err)
        [attempt] = run.of("model_attempt")
        self.assertEqual((attempt["attempt"], attempt["status"], attempt["retry_in_ms"]),
                         (1, status, 0))
        self.assertEqual(len(self.h.requests(server)), 2)

    def test_retries_are_bounded_and_each_attempt_logged(self):
        status, body = self.h.error("busy")
        with self.serve((status, body, {"Retry-After": "0"}, True)) as server:
            run = self.h.run(server, "--retries", "2")
        self.assertEqual(run.code, EXIT_STATUS["MODEL_HTTP_ERROR"])
        self.assertEqual([a["retry_in_ms"] for a in run.of("model_attempt")], [0, 0, None])
        self.assertEqual(len(self.h.requests(server)), 3)

    def test_reset_connection_is_retried(self):
        with self.serve(_drop, self.h.answer("ok")) as server, \
                mock.patch.object(agent, "RETRY_BACKOFF_SECONDS", 0.01):
            run = self.h.run(server, "--retries", "1")
        self.assertEqual(run.code, 0, run.err)
        [attempt] = run.of("model_attempt")
        self.assertEqual(attempt["code"], "MODEL_UNREACHABLE")

    def test_body_that_is_not_json(self):
        with self.serve(b"<html>proxy login</html>") as server:
            run = self.h.run(server)
        self.assertEqual(run.code, EXIT_STATUS["MODEL_BAD_RESPONSE"])

    def test_stream_with_a_broken_line_in_the_middle(self):
        with self.serve(_broken_stream(self.h.stream_answer(["a", "b"]))) as server:
            run = self.h.run(server, "--stream")
        self.assertEqual(run.code, EXIT_STATUS["MODEL_BAD_RESPONSE"], run.err)

    def test_unreachable_server(self):
        server = FakeServer()  # never started: nothing listens once it is closed
        url = server.url
        server._server.server_close()
        run = self.h.run(_Dead(url))
        self.assertEqual(run.code, EXIT_STATUS["MODEL_UNREACHABLE"])
        self.assertIn(url, run.err)

    def test_missing_model_names_the_variable_and_lists_the_models(self):
        with self.serve() as server:
            server.reply(self.h.models_path, 200, self.h.models)
            run = self.h.run(server, environ={self.h.model_env: ""})
        self.assertEqual(run.code, EXIT_STATUS["NO_MODEL"])
        self.assertIn(self.h.model_env, run.err)
        self.assertIn("qwen2.5:7b", run.err)
        self.assertEqual(self.h.requests(server), [])

    # --- streaming --------------------------------------------------------------

    def test_stream_answer(self):
        with self.serve(self.h.stream_answer(["A001: ", "stock ", "12."])) as server:
            run = self.h.run(server, "--stream")
        self.assertEqual(run.code, 0, run.err)
        self.assertEqual(run.out.strip(), "A001: stock 12.")
        self.assertIs(self.h.requests(server)[0]["json"]["stream"], True)

    def test_stream_tool_calls_are_assembled(self):
        with self.serve(self.h.stream_calls(("call_a", "get_stock", A001),
                                            ("call_b", "get_stock", A002)),
                        self.h.stream_answer(["done"])) as server:
            run = self.h.run(server, "--stream")
        self.assertEqual(run.code, 0, run.err)
        self.assertEqual([(t["id"], t["ok"]) for t in run.of("tool")],
                         [("call_a", True), ("call_b", True)])
        replayed = self.h.replayed_calls(self.h.requests(server)[1])
        self.assertEqual([call[0] for call in replayed], ["call_a", "call_b"])

    def test_stream_cut_short_is_truncated_and_runs_nothing(self):
        with self.serve(self.h.stream_calls(("call_a", "get_stock", A001),
                                            cut_after=-1)) as server:
            run = self.h.run(server, "--stream")
        self.assertEqual(run.code, EXIT_STATUS["TRUNCATED"], run.err)
        self.assertEqual(run.of("tool"), [])

    def test_stream_that_says_it_was_cut_runs_nothing(self):
        with self.serve(self.h.stream_says_cut(), self.h.stream_says_cut()) as server:
            run = self.h.run(server, "--stream")
        self.assertEqual(run.code, EXIT_STATUS["TRUNCATED"], run.err)
        self.assertEqual((run.of("tool"), len(run.of("correction"))), ([], 1))

    def test_error_inside_a_200_stream_is_a_failure(self):
        with self.serve(self.h.stream_error()) as server:
            run = self.h.run(server, "--stream")
        self.assertEqual(run.code, EXIT_STATUS["MODEL_HTTP_ERROR"], run.err)
        self.assertEqual(run.of("tool"), [])

    # --- keys -------------------------------------------------------------------

    def test_key_never_reaches_errors_or_logs(self):
        if self.h.key is None:
            self.skipTest("Ollama takes no key")
        echo = (400, {"error": {"message": f"bad request for key {self.h.key}",
                                "type": "invalid_request_error"}})
        for reply in (echo, self.h.error("auth")):
            with self.subTest(status=reply[0]), self.serve(reply) as server:
                run = self.h.run(server, "--log-content")
                self.assertNotEqual(run.code, 0)
                self.assertNotIn(self.h.key, run.err + run.out + json.dumps(run.events))


def _drop(handler):
    """Close the connection without answering, as a crashing proxy does."""
    handler.close_connection = True


def _broken_stream(send):
    def broken(handler):
        real_write = handler.wfile.write
        sent = []

        def write(data):  # the second chunk of the body arrives garbled
            sent.append(data)
            if len(sent) == 3:
                data = data.replace(b"{", b"#", 1)
            return real_write(data)
        handler.wfile.write = write
        send(handler)
    return broken


class _Dead:
    def __init__(self, url):
        self.url = url


class OllamaConformance(Conformance, unittest.TestCase):
    h = OllamaHarness()


class OpenAIConformance(Conformance, unittest.TestCase):
    h = OpenAIHarness()


class AnthropicConformance(Conformance, unittest.TestCase):
    h = AnthropicHarness()


if __name__ == "__main__":
    unittest.main()
