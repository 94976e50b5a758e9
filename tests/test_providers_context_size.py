"""CONTEXT_LIMIT's estimate tracks the real request size of every provider.

A three-request conversation (two tool batches, then an answer) runs against each provider's
loopback server; the real request bodies are measured as sent. Then the same conversation
runs again with --max-context-chars set to the estimate of the request before (at first the
part that cannot be cut, system prompt and tools, which FIXED_CONTEXT_TOO_LARGE names), so
the run stops with CONTEXT_LIMIT just before each request and names its estimate. Each
estimate must be within 6% of the body it stands for. (A reply used to be counted twice, as
neutral calls and as the provider's own message.)
"""

import re
import unittest

from tests.fake_server import FakeServer
from tests.wire_harness import AnthropicHarness, OllamaHarness, OpenAIHarness

QUESTION = "Check A001 and A002, then find the tea."
TOLERANCE = 0.06


def replies(h):
    return [h.calls(("call_1", "get_stock", {"sku": "A001"}),
                    ("call_2", "get_stock", {"sku": "A002"})),
            h.calls(("call_3", "find_items", {"query": "茶"})),
            h.answer("A001 has 12, A002 has 45; the tea bags are A002 and A003. " * 8)]


def converse(h, *argv):
    with FakeServer() as server:
        for reply in replies(h):
            server.reply(h.path, 200, reply)
        run = h.run(server, "-q", QUESTION, *argv)
        return run, [len(request["raw"].decode("utf-8")) for request in h.requests(server)]


class EstimateTracksTheBody(unittest.TestCase):
    def test_each_request_of_each_provider(self):
        for h in (OllamaHarness(), OpenAIHarness(), AnthropicHarness()):
            run, sizes = converse(h)
            self.assertEqual(run.code, 0, run.err)
            self.assertEqual(len(sizes), 3)
            refused, _ = converse(h, "--max-context-chars", "1")
            # The fixed part alone, then each estimate in turn: each lets exactly the
            # requests before it through.
            limit = int(re.search(r"is (\d+) characters: over", refused.err)[1])
            for step, size in enumerate(sizes, 1):
                with self.subTest(provider=h.name, step=step):
                    stopped, sent = converse(h, "--max-context-chars", str(limit))
                    self.assertEqual(sent, sizes[:step - 1])
                    limit = int(re.search(r"would be (\d+) characters", stopped.err)[1])
                    self.assertLess(abs(limit / size - 1), TOLERANCE,
                                    f"estimate {limit}, real {size}")


if __name__ == "__main__":
    unittest.main()
