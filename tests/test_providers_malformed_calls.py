"""A tool call the server could not parse is the model's fault: one correction, then exit 29.

A loopback server answers the exact bodies Ollama and llama.cpp send when the model wrote a
tool call they cannot parse (the sources are cited beside providers/shared.py's
MALFORMED_CALL_STARTS). The run must not resend the same request (at temperature 0 it fails
the same way): it sends one corrective request that says what went wrong and shows the
call's shape, and a second failure ends the run with MALFORMED_TOOL_CALL (exit 29), one
line, and that code in the log's terminal event. Any other 500 stays MODEL_HTTP_ERROR.
"""

import json
import unittest

from stock_agent.errors import EXIT_STATUS
from stock_agent.providers.shared import CALL_SHAPE
from tests import fake_server as fs
from tests.fake_server import FakeServer
from tests.wire_harness import AnthropicHarness, OllamaHarness, OpenAIHarness

# Ollama's harmony parser (ollama/ollama#17638): the raw text, then Go's json error.
OLLAMA_RAW = ("error parsing tool call: raw='{\"sku\":\"A001\"}]', err=invalid character "
              "']' after top-level value")
OLLAMA_BODY = {"error": OLLAMA_RAW}
# Ollama's builtin parsers (docs/ollama-wire.md).
OLLAMA_PARSERS_BODY = {"error": "failed to parse JSON: unexpected end of JSON input"}
# llama.cpp's chat parser (ggml-org/llama.cpp#20761) and its newer wording (#27025).
LLAMA_POS = "Failed to parse input at pos 12: </tool_call>"
LLAMA_POS_BODY = {"error": {"code": 500, "message": LLAMA_POS, "type": "server_error"}}
LLAMA_PEG_BODY = {"error": {"code": 500, "type": "server_error", "message": "The model "
                            "produced output that does not match the expected peg-native "
                            "format"}}

CASES = [(OllamaHarness(), OLLAMA_BODY, OLLAMA_RAW),
         (OllamaHarness(), OLLAMA_PARSERS_BODY, "failed to parse JSON"),
         (OpenAIHarness(), LLAMA_POS_BODY, LLAMA_POS),
         (OpenAIHarness(), LLAMA_PEG_BODY, "does not match the expected peg-native format"),
         # llama-server answers /v1/messages with the same parser and the same body.
         (AnthropicHarness(), LLAMA_POS_BODY, LLAMA_POS)]


class MalformedCallTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = FakeServer.for_class(cls)

    def setUp(self):
        self.server.clear()

    def run_with(self, harness, *replies, argv=()):
        for status, body in replies:
            # Retry-After: 0, so a retry (the wrong answer here) costs no time
            self.server.reply(harness.path, status, body, headers={"Retry-After": "0"})
        # --retries 2: a blind retry would show as a repeated request.
        return harness.run(self.server, "-q", "Check A001", "--retries", "2", *argv)

    def sent(self, harness):
        return harness.requests(self.server)

    def test_one_corrective_request_then_the_answer(self):
        for harness, body, said in CASES:
            with self.subTest(provider=harness.name, said=said):
                self.setUp()
                run = self.run_with(harness, (500, body),
                                    (200, harness.calls(("call_1", "get_stock",
                                                         {"sku": "A001"}))),
                                    (200, harness.answer("A001: 12 in stock.")))
                self.assertEqual(run.code, 0, run.err)
                first, second, third = self.sent(harness)
                self.assertNotEqual(second["raw"], first["raw"], "the same request again")
                correction = _last_user_text(second["json"])
                self.assertIn(said, correction)
                self.assertIn(CALL_SHAPE, correction)
                self.assertIn("could not read the tool call", correction)
                # The correction stays in the history the next request starts with.
                self.assertIn(correction, [m["content"] for m in third["json"]["messages"]])
                [attempt] = run.of("model_attempt")
                self.assertEqual((attempt["code"], attempt["status"], attempt["retry_in_ms"]),
                                 ("MALFORMED_TOOL_CALL", 500, None))
                [note] = run.of("correction")
                self.assertEqual(note["step"], 1)
                self.assertNotIn("text", note)  # it quotes the model's words: content
                self.assertEqual(run.events[-1]["event"], "completed")

    def test_malformed_twice_ends_with_its_own_code(self):
        for harness, body, said in CASES:
            with self.subTest(provider=harness.name, said=said):
                self.setUp()
                run = self.run_with(harness, (500, body), (500, body))
                self.assertEqual(run.code, EXIT_STATUS["MALFORMED_TOOL_CALL"], run.err)
                self.assertEqual(run.code, 29)
                self.assertEqual(len(self.sent(harness)), 2)  # one correction, no retry
                lines = run.err.strip().splitlines()
                self.assertEqual(len(lines), 2, lines)  # the error, then the log's path
                self.assertTrue(lines[0].startswith("stock-agent: MALFORMED_TOOL_CALL: "))
                self.assertIn("HTTP 500", lines[0])
                self.assertIn(said, lines[0])
                self.assertNotIn("Traceback", run.err)
                end = run.events[-1]
                self.assertEqual((end["event"], end["code"], end["exit_status"]),
                                 ("failed", "MALFORMED_TOOL_CALL", 29))
                self.assertEqual(len(run.of("correction")), 1)
                self.assertFalse(run.of("tool"))

    def test_one_correction_per_run(self):
        # Corrected once, a later malformed call ends the run: the bound is per run.
        harness = OllamaHarness()
        run = self.run_with(harness, (500, OLLAMA_BODY),
                            (200, harness.calls(("call_1", "get_stock", {"sku": "A001"}))),
                            (500, OLLAMA_BODY))
        self.assertEqual(run.code, 29, run.err)
        self.assertEqual(len(self.sent(harness)), 3)
        self.assertEqual(len(run.of("tool")), 1)

    def test_no_request_left_for_a_correction(self):
        harness = OllamaHarness()
        run = self.run_with(harness, (500, OLLAMA_BODY), argv=("--max-steps", "1"))
        self.assertEqual(run.code, 29, run.err)
        self.assertEqual(len(self.sent(harness)), 1)
        self.assertFalse(run.of("correction"))

    def test_an_error_line_inside_a_200_stream_is_the_same_fault(self):
        harness = OllamaHarness()
        broken = fs.stream([{"error": OLLAMA_RAW}], sse=False)
        run = self.run_with(harness, (200, broken),
                            (200, fs.stream(fs.ollama_stream(["A001: 12 in stock."]),
                                            sse=False)), argv=("--stream",))
        self.assertEqual(run.code, 0, run.err)
        self.assertIn(OLLAMA_RAW, _last_user_text(self.sent(harness)[1]["json"]))

    def test_other_500s_stay_model_http_errors_and_are_retried(self):
        history = {"error": {"code": 500, "type": "server_error", "message":
                             "Failed to parse tool call arguments as JSON: [json.exception"
                             ".parse_error.101] parse error"}}
        for harness, body in ((OllamaHarness(),
                               {"error": 'option "temperature" must be of type float32'}),
                              # a call in the history, not this reply: no correction helps
                              (OpenAIHarness(), history)):
            with self.subTest(provider=harness.name):
                self.setUp()
                run = self.run_with(harness, (500, body), (500, body),
                                    argv=("--retries", "1"))
                self.assertEqual(run.code, EXIT_STATUS["MODEL_HTTP_ERROR"], run.err)
                first, second = self.sent(harness)
                self.assertEqual(first["raw"], second["raw"])  # a plain retry
                self.assertFalse(run.of("correction"))
                self.assertEqual(run.events[-1]["code"], "MODEL_HTTP_ERROR")

    def test_both_languages(self):
        harness = OllamaHarness()
        texts = {}
        for lang in ("en", "zh-TW"):
            self.setUp()
            run = self.run_with(harness, (500, OLLAMA_BODY), (500, OLLAMA_BODY),
                                argv=("--lang", lang))
            self.assertEqual(run.code, 29, run.err)
            correction = _last_user_text(self.sent(harness)[1]["json"])
            self.assertIn(OLLAMA_RAW, correction)
            self.assertIn(CALL_SHAPE, correction)
            texts[lang] = (correction, run.err.splitlines()[0])
        self.assertIn("could not read the tool call", texts["en"][0])
        self.assertIn("伺服器無法解析你上一則回覆中的工具呼叫", texts["zh-TW"][0])
        self.assertIn("no correction left", texts["en"][1])
        self.assertIn("已無更正機會", texts["zh-TW"][1])
        self.assertTrue(texts["zh-TW"][1].startswith("stock-agent: MALFORMED_TOOL_CALL: "))


class ClassifierTest(unittest.TestCase):
    """Only the known bodies, at the start of the error and with status 500 (or inside a
    200 stream), are the model's fault."""

    def test_what_is_and_is_not_a_malformed_call(self):
        from stock_agent.providers.openai import OpenAIClient
        client = OpenAIClient(base_url="http://127.0.0.1:9/v1", model="m", lang="zh-TW")
        for status, error, expected in (
                (500, OLLAMA_RAW, True), (200, OLLAMA_RAW, True),
                (500, LLAMA_POS, True), (500, "FAILED TO PARSE JSON: x", True),
                (400, LLAMA_POS, False),  # a refused request, not the model's call
                (502, OLLAMA_RAW, False),
                (500, "proxy: " + LLAMA_POS, False),
                (500, "Failed to parse tool call arguments as JSON: x", False),
                (500, 'option "temperature" must be of type float32', False)):
            with self.subTest(status=status, error=error):
                found = client.malformed_call(status, error)
                self.assertEqual(found is not None, expected)
                if found is not None:
                    self.assertEqual((found.code, found.exit_status), ("MALFORMED_TOOL_CALL", 29))
                    self.assertFalse(found.params.get("transient"))
                    self.assertIn("伺服器無法解析", found.params["correction"])


def _last_user_text(body):
    """The text of the last user message of a request body, in any of the three formats."""
    message = [m for m in body["messages"] if m["role"] == "user"][-1]
    content = message["content"]
    if isinstance(content, list):  # Anthropic's blocks
        content = "".join(block.get("text", "") for block in content)
    return content if isinstance(content, str) else json.dumps(content)


if __name__ == "__main__":
    unittest.main()
