"""The per-run tool state: repeated calls, failures in a row, approval, parallel batches."""

import io
import json
import os
import signal
import threading
import time
import unittest
from unittest import mock

import tools
from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent import cli
from stock_agent.errors import EXIT_STATUS, AgentError
from stock_agent.inventory import sample_inventory
from stock_agent.run import Settings
from tests.support import run_cli, run_script

ANY_SKU = {"type": "object", "properties": {"sku": {"type": "string"}},
           "required": ["sku"], "additionalProperties": False}


class Recorder:
    """Handlers that record who ran, how many ran at once, and can be slow."""

    def __init__(self, delay=0.0, *, together=None):
        self.delay = delay
        # `together` calls wait for each other (at most 10 s): they must be running at once.
        self._together = together and threading.Barrier(together, timeout=10)
        self.calls = []
        self.running = 0
        self.most_at_once = 0
        self._lock = threading.Lock()

    def handler(self, inventory, arguments):
        with self._lock:
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
            self.calls.append(arguments["sku"])
        if self._together:
            self._together.wait()
        time.sleep(self.delay if arguments["sku"] != "SLOW" else self.delay * 3)
        with self._lock:
            self.running -= 1
        return {"sku": arguments["sku"]}

    def tool(self, name="probe", **flags):
        return tools.Tool(name=name, description="A test tool.", parameters=ANY_SKU,
                          handler=self.handler, **flags)


def calls(*pairs):
    return [tool_call(name, arguments, f"c{i}") for i, (name, arguments) in enumerate(pairs)]


class RepeatedCallTest(unittest.TestCase):
    def test_third_identical_call_is_refused_whatever_the_key_order(self):
        runner = tools.ToolRunner(tools.default_toolbox(), sample_inventory())
        first = runner.run_batch(calls(("find_items", {"query": "茶", "limit": 2})))
        second = runner.run_batch(calls(("find_items", '{"limit": 2, "query": "茶"}')))
        third = runner.run_batch(calls(("find_items", {"limit": 2, "query": "茶"}),
                                       ("find_items", {"limit": 3, "query": "茶"})))
        self.assertTrue(first[0].result["ok"] and second[0].result["ok"])
        self.assertEqual(third[0].result["error"], "REPEATED_CALL")
        self.assertIn("will not change", third[0].result["detail"])
        self.assertTrue(third[0].flags["repeated"])
        self.assertTrue(third[1].result["ok"])  # other arguments are another call

    def test_repeat_is_logged_and_sent_back_to_the_model(self):
        script = [calls_reply(tool_call("get_stock", {"sku": "A001"}))] * 3 + [text_reply("ok")]
        answer, model, events = run_script(script)
        self.assertEqual(answer, "ok")
        last_result = json.loads(model.requests[-1]["messages"][-1]["content"])
        self.assertEqual(last_result["error"], "REPEATED_CALL")
        tool_events = [e for e in events if e["event"] == "tool"]
        self.assertEqual([e.get("repeated") for e in tool_events], [None, None, True])
        self.assertEqual(tool_events[-1]["error"], "REPEATED_CALL")


class ToolErrorLimitTest(unittest.TestCase):
    def test_three_rejected_calls_in_a_row_end_the_run(self):
        script = [calls_reply(tool_call("nope", {})), calls_reply(tool_call("get_stock", {})),
                  calls_reply(tool_call("get_stock", {"sku": "a"})), text_reply("never")]
        outcome, model, events = run_script(script)
        self.assertIsInstance(outcome, AgentError)
        self.assertEqual((outcome.code, outcome.exit_status), ("TOOL_ERROR_LIMIT", 13))
        self.assertEqual(outcome.params, {"count": 3})
        self.assertEqual(len(model.requests), 3)
        self.assertEqual(events[-1]["code"], "TOOL_ERROR_LIMIT")

    def test_an_answered_call_resets_the_count_and_not_found_is_an_answer(self):
        script = [calls_reply(tool_call("nope", {}), tool_call("nope", {})),
                  calls_reply(tool_call("get_stock", {"sku": "Z999"})),
                  calls_reply(tool_call("nope", {}), tool_call("nope", {})),
                  text_reply("done")]
        answer, _, _ = run_script(script)
        self.assertEqual(answer, "done")

    def test_a_crashing_handler_counts(self):
        def broken(inventory, arguments):
            raise RuntimeError("bug")
        box = tools.Toolbox([tools.Tool(name="broken", description="d", parameters=ANY_SKU,
                                        handler=broken)])
        runner = tools.ToolRunner(box, None, max_errors=2)
        runner.run_batch(calls(("broken", {"sku": "A"}), ("broken", {"sku": "B"})))
        with self.assertRaises(AgentError) as caught:
            runner.check_errors()
        self.assertEqual(caught.exception.code, "TOOL_ERROR_LIMIT")

    def test_flag_sets_the_limit(self):
        script = [calls_reply(tool_call("nope", {}))] * 2 + [text_reply("x")]
        # of a question that names nothing the program could look up itself
        status, out, err, events = run_cli(["--lang", "en", "--max-tool-errors", "2",
                                            "--question", "When is the next delivery?"],
                                           model=MockModel(script))
        self.assertEqual(status, EXIT_STATUS["TOOL_ERROR_LIMIT"])
        self.assertTrue(err.startswith("stock-agent: TOOL_ERROR_LIMIT: "), err)
        self.assertEqual(events[0]["limits"]["max_tool_errors"], 2)
        self.assertEqual((events[-1]["event"], events[-1]["exit_status"]), ("failed", 13))


class ApprovalTest(unittest.TestCase):
    def setUp(self):
        self.recorder = Recorder()
        self.box = tools.Toolbox([self.recorder.tool("risky", read_only=False,
                                                     needs_approval=True)])

    def test_default_is_no_and_the_handler_never_runs(self):
        outcome, = tools.ToolRunner(self.box, None).run_batch(calls(("risky", {"sku": "A"})))
        self.assertEqual(outcome.result["error"], "APPROVAL_DENIED")
        self.assertFalse(outcome.flags["approved"])
        self.assertEqual(self.recorder.calls, [])

    def test_approver_sees_tool_and_arguments_and_its_yes_runs_it(self):
        asked = []
        runner = tools.ToolRunner(self.box, None, approver=lambda tool, arguments:
                                  asked.append((tool.name, arguments)) or True)
        outcome, = runner.run_batch(calls(("risky", '{"sku": "A"}')))
        self.assertEqual(asked, [("risky", {"sku": "A"})])
        self.assertTrue(outcome.result["ok"] and outcome.flags["approved"])
        self.assertEqual(self.recorder.calls, ["A"])

    def test_terminal_question_shows_tool_and_arguments(self):
        tool = self.box.get("risky")
        for typed, expected in (("y\n", True), ("YES\n", True), ("n\n", False), ("", False)):
            shown = io.StringIO()
            self.assertIs(cli.ask_on_terminal(tool, {"sku": "A1"}, stdin=io.StringIO(typed),
                                                stderr=shown), expected)
            self.assertIn('risky with {"sku": "A1"}', shown.getvalue())

    def test_the_languages_yes_and_no_words_answer_and_anything_else_is_asked_again(self):
        tool = self.box.get("risky")
        for lang, typed, expected, asked in (
                ("zh-TW", "是\n", True, 1), ("zh-TW", "好\n", True, 1),
                ("zh-TW", "對\n", True, 1), ("zh-TW", "y\n", True, 1),
                ("zh-TW", "否\n", False, 1), ("zh-TW", "不\n", False, 1),
                ("zh-TW", "\n", False, 1), ("zh-TW", "嗯\n是\n", True, 2),
                ("en", "yeah\nyes\n", True, 2), ("en", "是\n", False, 2),
                ("en", "maybe\n" * 10, False, cli.ASK_AT_MOST),
                ("en", "maybe\n", False, 2)):  # then EOF: no
            with self.subTest(lang=lang, typed=typed):
                shown, stdin = io.StringIO(), io.StringIO(typed)
                self.assertIs(cli.ask_on_terminal(tool, {"sku": "A1"}, lang=lang,
                                                    stdin=stdin, stderr=shown), expected)
                self.assertEqual(shown.getvalue().count("[y/N]"), asked)

    def run_cli_with_risky_tool(self, *argv, stdin):
        script = [calls_reply(tool_call("risky", {"sku": "A"})), text_reply("done")]
        with mock.patch.object(tools, "default_toolbox", return_value=self.box), \
                mock.patch("sys.stdin", stdin):
            return run_cli(["--lang", "en", "--log-content", *argv], model=MockModel(script))

    def test_without_a_terminal_denied_unless_approve_flag(self):
        _, _, _, events = self.run_cli_with_risky_tool(stdin=io.StringIO("y\n"))
        tool_event = next(e for e in events if e["event"] == "tool")
        self.assertEqual((tool_event["error"], tool_event["approved"]),
                         ("APPROVAL_DENIED", False))
        self.assertEqual(self.recorder.calls, [])
        _, _, _, events = self.run_cli_with_risky_tool("--approve", stdin=io.StringIO(""))
        tool_event = next(e for e in events if e["event"] == "tool")
        self.assertTrue(tool_event["ok"] and tool_event["approved"])
        self.assertEqual(self.recorder.calls, ["A"])

    def terminal(self, typed):
        """A terminal the person typed `typed` on (a pipe's end, said to be one)."""
        reading, writing = os.pipe()
        self.addCleanup(os.close, reading)
        self.addCleanup(os.close, writing)
        os.write(writing, typed.encode())
        return mock.Mock(isatty=lambda: True, fileno=lambda: reading, encoding="utf-8")

    def ask_at_terminal(self, typed, *skus, budget="300", spent=0.0):
        """The approver's answers to the risky tool for each of `skus`, asked at a terminal
        the person typed `typed` on, in a run of `budget` seconds of which `spent` have
        passed; and what the screen showed."""
        screen = io.StringIO()
        screen.isatty = lambda: True
        with mock.patch("sys.stdin", self.terminal(typed)), mock.patch("sys.stderr", screen):
            approver = cli.approver(cli.settings(
                ["-q", "Check A001", "--budget-seconds", budget], {}))
            time.sleep(spent)
            answers = [approver(self.box.get("risky"), {"sku": sku}) for sku in skus]
        return answers, screen.getvalue()

    def test_on_a_terminal_the_person_is_asked(self):
        answers, shown = self.ask_at_terminal("y\n", "A")
        self.assertEqual(answers, [True])
        self.assertIn('risky with {"sku": "A"}', shown)

    def test_silence_until_the_runs_time_budget_ends_is_no_and_nobody_is_asked_again(self):
        answers, shown = self.ask_at_terminal("", "A", "B", budget="0.2")
        self.assertEqual(answers, [False, False])
        self.assertEqual(shown.count("[y/N]"), 1)
        self.assertIn("no answer within the run's 0.2 s: not approved.", shown)

    def test_nobody_is_asked_once_the_runs_time_budget_is_spent(self):
        answers, shown = self.ask_at_terminal("y\n", "A", budget="0.01", spent=0.02)
        self.assertEqual((answers, shown), ([False], ""))


class ParallelTest(unittest.TestCase):
    def test_read_only_batch_runs_at_once_and_keeps_call_order(self):
        recorder = Recorder(delay=0.01, together=tools.PARALLEL_WORKERS)
        box = tools.Toolbox([recorder.tool()])
        batch = calls(("probe", {"sku": "SLOW"}), *[("probe", {"sku": f"S{n}"}) for n in
                                                    range(7)])
        outcomes = tools.ToolRunner(box, None).run_batch(batch)
        # Counted, not timed: a busy machine may be slow, but all 8 ran at once (one by
        # one, the first would wait at the barrier for 10 s and fail).
        self.assertEqual(recorder.most_at_once, tools.PARALLEL_WORKERS)
        self.assertEqual([o.result["data"]["sku"] for o in outcomes],
                         ["SLOW"] + [f"S{n}" for n in range(7)])
        self.assertTrue(all(o.flags["parallel"] for o in outcomes))

    def test_a_tool_that_is_not_read_only_never_runs_alongside_another(self):
        recorder = Recorder(delay=0.02)
        box = tools.Toolbox([recorder.tool(), recorder.tool("writer", read_only=False)])
        batch = calls(("probe", {"sku": "A"}), ("writer", {"sku": "B"}),
                      ("probe", {"sku": "C"}))
        outcomes = tools.ToolRunner(box, None).run_batch(batch)
        self.assertEqual(recorder.most_at_once, 1)
        self.assertEqual(recorder.calls, ["A", "B", "C"])
        self.assertFalse(any(o.flags.get("parallel") for o in outcomes))

    def test_refused_calls_keep_their_place_in_a_parallel_batch(self):
        recorder = Recorder(delay=0.01)
        box = tools.Toolbox([recorder.tool()])
        outcomes = tools.ToolRunner(box, None).run_batch(
            calls(("probe", {"sku": "A"}), ("nope", {}), ("probe", {"sku": 5}),
                  ("probe", {"sku": "D"})))
        self.assertEqual([o.result.get("error") for o in outcomes],
                         [None, "UNKNOWN_TOOL", "INVALID_ARGUMENTS", None])

    def test_ctrl_c_during_a_parallel_batch_is_cancelled(self):
        def interrupting(inventory, arguments):
            if arguments["sku"] == "A":
                os.kill(os.getpid(), signal.SIGINT)
            time.sleep(3)
            return {}
        box = tools.Toolbox([tools.Tool(name="probe", description="d", parameters=ANY_SKU,
                                        handler=interrupting)])
        script = [calls_reply(*calls(("probe", {"sku": "A"}), ("probe", {"sku": "B"})))]
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        self.addCleanup(signal.signal, signal.SIGINT, previous)
        started = time.monotonic()
        with mock.patch.object(tools, "default_toolbox", return_value=box):
            status, out, err, events = run_cli(["--lang", "en"], model=MockModel(script))
        self.assertLess(time.monotonic() - started, 2.5)
        self.assertEqual(status, EXIT_STATUS["CANCELLED"])
        self.assertEqual(events[-1]["event"], "cancelled")
        self.assertEqual([e["event"] for e in events].count("tool"), 0)


if __name__ == "__main__":
    unittest.main()
