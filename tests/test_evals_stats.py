"""Run statistics over a log folder: counts, percentiles, tokens; bad lines never crash."""

import io
import json
import os
import unittest
from contextlib import redirect_stderr, redirect_stdout

from stock_agent.evals import stats
from stock_agent.evals.__main__ import main as evals_main
from tests.support import temp_folder


def write_log(directory, name, events, tail=""):
    with open(os.path.join(directory, name), "w", encoding="utf-8") as file:
        for event in events:
            file.write(json.dumps(event) + "\n")
        file.write(tail)


def started(model="mock"):
    return {"event": "run_started", "t_ms": 0, "provider": "mock", "model": model}


def model(step, input_tokens=None, output_tokens=None):
    return {"event": "model", "t_ms": 1, "step": step, "input_tokens": input_tokens,
            "output_tokens": output_tokens}


def tool(name, error=None):
    return {"event": "tool", "t_ms": 1, "name": name, "ok": error is None, "error": error}


class StatsTest(unittest.TestCase):
    def setUp(self):
        self.dir = temp_folder(self)
        write_log(self.dir, "a.jsonl", [
            started("qwen"), model(1, 100, 10), tool("get_stock"),
            tool("get_stock", "SKU_NOT_FOUND"), model(2, 150, 20),
            {"event": "completed", "t_ms": 9, "steps": 2, "duration_ms": 100}])
        write_log(self.dir, "b.jsonl", [
            started(), model(1), tool("get_stock"),
            {"event": "failed", "t_ms": 9, "code": "STEP_LIMIT", "exit_status": 10,
             "steps": 1, "duration_ms": 300}])
        write_log(self.dir, "c.jsonl", [
            started(), {"event": "cancelled", "t_ms": 1, "steps": 0, "duration_ms": 200}])
        # A killed run: a partial last line and no terminal event.
        write_log(self.dir, "d.jsonl", [started(), model(1, 5, 1)], tail='{"event": "to')
        # Garbage: not JSON, not an object, no event, and a second terminal event.
        write_log(self.dir, "e.jsonl", [
            started(), [1, 2], {"no": "event"},
            {"event": "completed", "t_ms": 1, "steps": 1, "duration_ms": 400},
            {"event": "failed", "t_ms": 2, "code": "X", "steps": 1, "duration_ms": 1}],
            tail="not json at all\n")
        write_log(self.dir, "ignored.txt", [started()])
        self.summary = stats.summarize_directory(self.dir)

    def test_counts_by_terminal_status_and_error_code(self):
        s = self.summary
        self.assertEqual((s["files"], s["runs"]), (5, 5))
        self.assertEqual(s["by_status"], {"completed": 2, "failed": 1, "cancelled": 1,
                                          "unfinished": 1})
        self.assertEqual(s["by_code"], {"STEP_LIMIT": 1})
        self.assertEqual(s["models"], {"mock/qwen": 1, "mock/mock": 4})

    def test_a_resume_run_is_named_as_such_not_none_none(self):
        folder = temp_folder(self)
        write_log(folder, "r.jsonl", [
            {"event": "run_started", "t_ms": 0, "provider": None, "model": None,
             "resume_of": "20261201T012307Z-e1d9ec"},
            {"event": "completed", "t_ms": 1, "steps": 0, "duration_ms": 1}])
        self.assertEqual(stats.summarize_directory(folder)["models"],
                         {"resume (no model)": 1})

    def test_steps_latency_and_tokens(self):
        s = self.summary
        self.assertEqual(s["steps"], {"mean": 1.0, "p50": 1, "p95": 2, "max": 2})
        # durations 100, 300, 200, 400 -> nearest rank p50 200, p95 400
        self.assertEqual(s["duration_ms"], {"mean": 250.0, "p50": 200, "p95": 400, "max": 400})
        self.assertEqual(s["tokens"], {"input": 255, "output": 31})
        self.assertEqual(s["model_requests"], 4)
        self.assertEqual(s["tool_calls"], {"total": 3, "by_name": {"get_stock": 3},
                                           "errors": {"SKU_NOT_FOUND": 1}})

    def test_bad_and_partial_lines_are_counted_and_shown(self):
        s = self.summary
        self.assertEqual(s["bad_lines"], 5)
        self.assertIn("d.jsonl:3: not a JSON object with an event", s["bad_examples"])
        self.assertIn("e.jsonl:2: not a JSON object with an event", s["bad_examples"])
        self.assertIn("e.jsonl:5: a second terminal event (failed)", s["bad_examples"])
        self.assertLessEqual(len(s["bad_examples"]), stats.MAX_EXAMPLES)

    def test_the_text_summary(self):
        text = stats.render(self.summary)
        self.assertIn("5 runs in", text)
        self.assertIn("completed 2", text)
        self.assertIn("STEP_LIMIT 1", text)
        self.assertIn("bad lines    5", text)

    def test_tokens_not_reported_stay_null(self):
        empty = temp_folder(self)
        write_log(empty, "a.jsonl", [started(), model(1),
                                     {"event": "completed", "steps": 1, "duration_ms": 5}])
        self.assertEqual(stats.summarize_directory(empty)["tokens"],
                         {"input": None, "output": None})

    def run_command(self, *argv):
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = evals_main(list(argv))
        self.err = err.getvalue()
        return status, out.getvalue()

    def test_a_missing_directory_is_one_line_on_stderr(self):
        status, out = self.run_command("stats", os.path.join(self.dir, "nope"))
        self.assertEqual((status, out), (3, ""))
        self.assertEqual(len(self.err.splitlines()), 1)
        self.assertTrue(self.err.startswith("stock-agent: INVALID_INPUT: cannot read "), self.err)

    def test_json_output_of_the_command(self):
        status, out = self.run_command("stats", self.dir, "--json")
        self.assertEqual(status, 0)
        self.assertEqual(json.loads(out)["by_status"]["completed"], 2)

    def test_a_missing_directory_is_an_error_not_a_crash(self):
        status, out = self.run_command("stats", os.path.join(self.dir, "nope"), "--json")
        self.assertEqual(status, 3)
        self.assertIn("cannot read", json.loads(out)["error"])

    def test_an_empty_directory(self):
        status, out = self.run_command("stats", temp_folder(self))
        self.assertEqual(status, 0)
        self.assertIn("0 runs", out)

    def test_real_logs_of_the_agent(self):
        import agent
        logs = temp_folder(self)
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            agent.main(["--mock", "--log-dir", logs, "-q", "A001 A404"], environ={})
            agent.main(["--mock", "--log-dir", logs, "--max-steps", "1", "--verify", "off"],
                       environ={})
        s = stats.summarize_directory(logs)
        self.assertEqual(s["by_status"], {"completed": 1, "failed": 1})
        self.assertEqual(s["tool_calls"]["errors"], {"SKU_NOT_FOUND": 1})
        self.assertEqual(s["bad_lines"], 0)


if __name__ == "__main__":
    unittest.main()
