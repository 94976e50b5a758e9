"""A live check of the Anthropic wire against a local llama-server, which answers
/v1/messages. Skipped unless STOCK_AGENT_LIVE_ANTHROPIC_URL names the server (without
`/v1`, as --base-url takes it for this provider), for example:

    STOCK_AGENT_LIVE_ANTHROPIC_URL=http://127.0.0.1:8080 \
        python -m unittest tests.test_providers_live_anthropic

STOCK_AGENT_LIVE_ANTHROPIC_MODEL sets the model name (llama-server serves whatever it
loaded). A loopback server needs no API key. Never part of CI: a real model is slow and not
deterministic. It runs the real process, as a person would:
`agent.py --provider anthropic --base-url URL --recover-text-tool-calls`, and asserts a
completed run that called a tool, with one terminal event in its log.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

from stock_agent.runlog import is_event, read_records

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
URL = os.environ.get("STOCK_AGENT_LIVE_ANTHROPIC_URL", "").rstrip("/")
MODEL = os.environ.get("STOCK_AGENT_LIVE_ANTHROPIC_MODEL", "local")


@unittest.skipUnless(URL, "set STOCK_AGENT_LIVE_ANTHROPIC_URL to check the Anthropic wire "
                          "against a real llama-server")
class LiveAnthropicWireTest(unittest.TestCase):
    def test_a_question_about_one_sku_completes_with_a_tool_call(self):
        with tempfile.TemporaryDirectory() as logs:
            done = subprocess.run(
                [sys.executable, "agent.py", "--provider", "anthropic", "--base-url", URL,
                 "--model", MODEL, "--recover-text-tool-calls", "--json", "--log-dir", logs,
                 "--budget-seconds", "240", "--retries", "2", "-q",
                 "Check the stock of A001 and suggest how many to reorder."],
                cwd=ROOT, capture_output=True, text=True, timeout=300,
                env={key: value for key, value in os.environ.items()
                     if not key.startswith("ANTHROPIC_")})
            print(f"\n[live anthropic {URL}] exit {done.returncode}; {done.stdout[:400]!r}; "
                  f"err {done.stderr[-300:]!r}")
            result = json.loads(done.stdout)
            records, bad, _ = read_records(result["log"], check=is_event)
        self.assertEqual((done.returncode, result["status"]), (0, "completed"), done.stderr)
        self.assertEqual(bad, 0)
        self.assertTrue([call for call in result["tool_calls"] if call["ok"]],
                        "completed without a tool call")
        terminal = [r for r in records if r and r["event"] in ("completed", "failed", "cancelled")]
        self.assertEqual(len(terminal), 1)
        started = next(r for r in records if r and r["event"] == "run_started")
        self.assertEqual(started["provider"], "anthropic")


if __name__ == "__main__":
    unittest.main()
