"""Ollama's `think` and `truncate`, sent on purpose, recorded, and what comes back of them.

- `think` is in every /api/chat body (false unless --think: a thinking model thinks when it
  is left out) and in the run log's first event; a thinking model's reasoning
  (`message.thinking`) is neither the answer nor sent back in the history.
- `truncate: false` is in every body, so a prompt over num_ctx is refused, not cut: Ollama's
  refusal (its words in 0.12.6, and llama-server's that 0.34 and 0.40 pass on as the error's
  text) ends the run with CONTEXT_TRUNCATED, in both languages.
"""

import json
import unittest

from stock_agent.errors import EXIT_STATUS
from tests.fake_server import FakeServer, ollama_call, ollama_chat
from tests.support import run_cli

# As public client tests recorded them from qwen2.5:0.5b with truncate false.
OVERFLOW_0_12_6 = {"error": "the input length exceeds the context length"}
OVERFLOW_0_40 = {"error": json.dumps({"error": {
    "code": 400, "message": "request (9000 tokens) exceeds the available context size "
    "(8192 tokens), try increasing it", "type": "exceed_context_size_error",
    "n_prompt_tokens": 9000, "n_ctx": 8192}}, separators=(",", ":"))}


class OllamaFieldsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = FakeServer.for_class(cls)

    def setUp(self):
        self.server.clear()

    def ask(self, *replies, argv=()):
        for status, body in replies:
            self.server.reply("/api/chat", status, body)
        return run_cli(["-q", "Check A001", "--base-url", self.server.url,
                        "--model", "qwen3:1.7b", "--verify", "off", "--lang", "en", *argv])

    def bodies(self):
        return [r["json"] for r in self.server.requests if r["path"] == "/api/chat"]

    def test_think_and_truncate_are_sent_and_logged(self):
        for argv, think in (((), False), (("--think",), True)):
            with self.subTest(think=think):
                self.setUp()
                status, _, err, events = self.ask((200, ollama_chat("A001: 12.")), argv=argv)
                self.assertEqual(status, 0, err)
                [body] = self.bodies()
                self.assertIs(body["think"], think)
                self.assertIs(body["truncate"], False)
                self.assertEqual(list(body)[:4], ["model", "stream", "think", "truncate"])
                started = events[0]
                self.assertEqual(started["event"], "run_started")
                self.assertEqual(started["request"], {"think": think, "truncate": False})

    def test_the_fields_are_sent_with_every_request(self):
        status, _, err, _ = self.ask(
            (200, ollama_chat(tool_calls=[ollama_call("get_stock", {"sku": "A001"})])),
            (200, ollama_chat("A001: 12.")))
        self.assertEqual(status, 0, err)
        self.assertEqual([(b["think"], b["truncate"]) for b in self.bodies()],
                         [(False, False)] * 2)

    def test_reasoning_is_not_the_answer_and_is_not_sent_back(self):
        first = ollama_chat(tool_calls=[ollama_call("get_stock", {"sku": "A001"})])
        first["message"]["thinking"] = "The user wants A001; I should call get_stock."
        second = ollama_chat("A001 has 12 in stock.")
        second["message"]["thinking"] = "Stock is 12, target 30."
        status, out, err, _ = self.ask((200, first), (200, second), argv=("--think",))
        self.assertEqual((status, out), (0, "[Sample data] A001 has 12 in stock.\n"), err)
        replayed = [m for m in self.bodies()[1]["messages"] if m["role"] == "assistant"]
        self.assertEqual(len(replayed), 1)
        self.assertNotIn("thinking", replayed[0])
        self.assertEqual(replayed[0]["tool_calls"][0]["function"]["name"], "get_stock")

    def test_an_overflow_is_refused_and_reported(self):
        for body, said in ((OVERFLOW_0_12_6, "the input length exceeds the context length"),
                           (OVERFLOW_0_40, "request (9000 tokens) exceeds the available "
                                           "context size (8192 tokens), try increasing it")):
            for lang, words in (("en", "does not fit the model's 8192 context tokens"),
                                ("zh-TW", "提示超出模型 8192 個上下文 token")):
                with self.subTest(said=said, lang=lang):
                    self.setUp()
                    status, out, err, events = self.ask((400, body), argv=("--lang", lang))
                    self.assertEqual(status, EXIT_STATUS["CONTEXT_TRUNCATED"], err)
                    line = err.splitlines()[0]
                    self.assertTrue(line.startswith("stock-agent: CONTEXT_TRUNCATED: "), line)
                    self.assertIn(said, line)
                    self.assertNotIn('"n_ctx"', line)  # llama-server's message, unwrapped
                    self.assertIn(words, line)
                    self.assertIn("--num-ctx", line)
                    self.assertEqual(len(self.bodies()), 1)  # not retried, nothing cut
                    self.assertEqual(events[-1]["code"], "CONTEXT_TRUNCATED")

    def test_other_400s_are_not_called_an_overflow(self):
        status, _, err, _ = self.ask((400, {"error": '"qwen3:1.7b" does not support thinking'}),
                                     argv=("--think",))
        self.assertEqual(status, EXIT_STATUS["MODEL_HTTP_ERROR"], err)
        self.assertIn("does not support thinking", err)


if __name__ == "__main__":
    unittest.main()
