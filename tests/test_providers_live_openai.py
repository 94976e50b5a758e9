"""A live check of the OpenAI-compatible path against a real server. Skipped unless
STOCK_AGENT_LIVE_OPENAI_URL names one, for example (see ../shared/tools/README.md):

    STOCK_AGENT_LIVE_OPENAI_URL=http://127.0.0.1:8080/v1 \
        python -m unittest tests.test_providers_live_openai

STOCK_AGENT_LIVE_OPENAI_MODEL sets the model name (llama-server serves whatever it loaded).
Never part of CI: a real model is slow and not deterministic. What is asserted is what the
program guarantees whatever the model does: one terminal event, a documented exit status,
and every tool call validated and logged; plus, for a question about A001, that a model
which answers did look A001 up.
"""

import os
import unittest

from stock_agent.errors import EXIT_STATUS
from tests.wire_harness import OpenAIHarness

URL = os.environ.get("STOCK_AGENT_LIVE_OPENAI_URL", "").rstrip("/")
MODEL = os.environ.get("STOCK_AGENT_LIVE_OPENAI_MODEL", "local")


class _LiveServer:
    url = URL


class _LiveHarness(OpenAIHarness):
    def env(self, url):
        base = url if url.endswith("/v1") else url + "/v1"
        return {"OPENAI_BASE_URL": base, "OPENAI_MODEL": MODEL}


@unittest.skipUnless(URL, "set STOCK_AGENT_LIVE_OPENAI_URL to check a real OpenAI-compatible "
                          "server")
class LiveOpenAITest(unittest.TestCase):
    def ask(self, *argv):
        run = _LiveHarness().run(_LiveServer(), "--num-predict", "256", "--retries", "2",
                                 "--budget-seconds", "240", "--log-content", *argv)
        terminal = [e for e in run.events if e["event"] in ("completed", "failed")]
        self.assertEqual(len(terminal), 1)
        self.assertIn(run.code, EXIT_STATUS.values())
        print(f"\n[live {' '.join(argv)}] exit {run.code}; "
              f"tools {[(t['name'], t['id'], t['ok'], t.get('arguments')) for t in run.of('tool')]}"
              f"; answer {run.out.strip()[:200]!r}; err {run.err.strip()[:300]!r}")
        return run

    def check_answered_from_tools(self, run):
        if run.code == 0:
            looked_up = [t for t in run.of("tool") if t["name"] == "get_stock" and t["ok"]]
            self.assertTrue(looked_up, "answered without looking A001 up")
            self.assertIn("12", run.out)

    def test_question_about_one_sku(self):
        run = self.ask("-q", "Check the stock of A001 and suggest how many to reorder.")
        self.check_answered_from_tools(run)

    def test_question_about_one_sku_streamed(self):
        run = self.ask("--stream", "-q", "Check the stock of A001 and suggest how many to "
                                         "reorder.")
        self.check_answered_from_tools(run)

    def test_two_skus_with_text_call_recovery(self):
        self.ask("--recover-text-tool-calls", "-q", "Check A001 and A002.")


if __name__ == "__main__":
    unittest.main()
