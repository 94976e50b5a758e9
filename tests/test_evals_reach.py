"""An evaluation judges a model only on runs that reached it.

A case whose run never got a reply from the model (a timeout, an HTTP error) fails task
success but counts in no other figure: it says nothing about restraint or tool choice. A
server that cannot be used at all (nothing listens, the model is missing) stops the
evaluation at the first case, with that code's exit status, instead of scoring 46 failures.
"""

import io
import json
import os
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

from mock_model import MockModel, text_reply
from tests.support import settings
from stock_agent.errors import EXIT_STATUS, AgentError
from stock_agent.evals import harness, metrics
from stock_agent.evals.__main__ import main as evals_main
from tests.fake_server import FakeServer, dead_url

CASES = [
    {"id": "restraint", "question": "What does SKU mean?", "expect": {"tool_calls": []}},
    {"id": "lookup", "question": "Check A001",
     "expect": {"tool_calls": [{"name": "get_stock", "arguments": {"sku": "A001"}}],
                "forbidden_tools": ["place_order"]}},
    {"id": "answered", "question": "Say hi", "expect": {"tool_calls": []}},
]


def write_cases(folder):
    path = os.path.join(folder, "cases.jsonl")
    with open(path, "w", encoding="utf-8") as file:
        file.writelines(json.dumps(case) + "\n" for case in CASES)
    return path


class OnlyRunsThatReachedAModel(unittest.TestCase):
    def test_timeouts_count_in_task_success_only(self):
        def make(settings, environ):
            if settings.question == "Say hi":
                return MockModel([text_reply("Hi.")])
            return MockModel([AgentError("MODEL_TIMEOUT", url="x", seconds=1)])

        with tempfile.TemporaryDirectory() as folder:
            cases = harness.load_cases(write_cases(folder))
            rows = harness.run_cases(cases, settings("--log-dir", folder), environ={},
                                     make_model=make)
        totals = metrics.summarize(rows)
        self.assertEqual((totals["task_success"]["hits"], totals["task_success"]["of"]), (1, 3))
        self.assertEqual(totals["restraint"], {"rate": 1.0, "hits": 1, "of": 1})
        self.assertEqual(totals["wrong_tool_avoidance"]["of"], 0)
        self.assertEqual(totals["tool_selection_accuracy"]["of"], 0)
        self.assertEqual(totals["status_accuracy"]["of"], 1)
        self.assertEqual(totals["not_reached"], 2)
        self.assertIn("no reply from the model", rows[0]["differences"][0])


class StopsWhenTheServerCannotBeUsed(unittest.TestCase):
    def evaluate(self, *agent_flags):
        with tempfile.TemporaryDirectory() as folder:
            out, err = io.StringIO(), io.StringIO()
            with redirect_stdout(out), redirect_stderr(err):
                status = evals_main(["run", write_cases(folder), "--log-dir",
                                     os.path.join(folder, "runs"), "--retries", "0",
                                     *agent_flags], environ={})
            logs = os.listdir(os.path.join(folder, "runs"))
        return status, out.getvalue(), err.getvalue(), logs

    def test_nothing_listening_stops_after_the_first_case(self):
        status, out, err, logs = self.evaluate("--base-url", dead_url(), "--model", "m")
        self.assertEqual(status, EXIT_STATUS["MODEL_UNREACHABLE"])
        self.assertEqual(len(logs), 1)
        self.assertEqual(out, "")  # no table of scores for a model that never answered
        self.assertTrue(err.startswith("stock-agent: MODEL_UNREACHABLE: "), err)

    def test_a_missing_model_stops_after_the_first_case(self):
        with FakeServer() as server:
            server.reply("/api/chat", 404, {"error": "model 'm' not found"}, repeat=True)
            server.reply("/api/tags", 200, {"models": []}, repeat=True)
            status, _, _, logs = self.evaluate("--base-url", server.url, "--model", "m")
        self.assertEqual(status, EXIT_STATUS["MODEL_NOT_FOUND"])
        self.assertEqual(len(logs), 1)


if __name__ == "__main__":
    unittest.main()
