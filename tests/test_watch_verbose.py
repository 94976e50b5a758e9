"""--verbose: one stderr line per event as it happens; a waiting line only on a terminal."""

import io
import json
import time
import unittest
from contextlib import redirect_stderr, redirect_stdout
from unittest import mock

import agent
from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent import watch
from stock_agent import cli
from tests.support import settings, temp_folder


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def run_main(*argv, stderr=None):
    out, err = io.StringIO(), stderr if stderr is not None else io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), mock.patch("sys.stderr", err):
        status = agent.main(list(argv), environ={})
    return status, out.getvalue(), err.getvalue()


def slow(reply, seconds):
    def answer(messages):
        time.sleep(seconds)
        return reply
    return answer


class TraceTest(unittest.TestCase):
    def setUp(self):
        self.logs = temp_folder(self)

    def test_one_line_per_event_in_order(self):
        status, out, err = run_main("--mock", "-v", "--lang", "en", "--log-dir", self.logs,
                                    "-q", "Check A001 and A404")
        self.assertEqual(status, 0)
        lines = err.splitlines()
        self.assertIn("run ", lines[0])
        self.assertIn("mock/mock", lines[0])
        self.assertIn('tools_narrowed step=1 tools=["get_stock"]', lines[1])
        self.assertIn("step 1: model replied", lines[2])
        self.assertIn("stop tool_calls", lines[2])
        self.assertIn('tool get_stock {"sku": "A001"} -> ok', lines[3])
        self.assertIn('tool get_stock {"sku": "A404"} -> SKU_NOT_FOUND', lines[4])
        self.assertIn("completed: 1 step", lines[5])  # the results settled the question
        self.assertTrue(lines[6].startswith("log: "))
        self.assertEqual(len(lines), 7)
        self.assertTrue(out.startswith("[Sample data]"))  # stdout unchanged

    def test_a_failure_shows_its_code_and_exit_status(self):
        status, out, err = run_main("--mock", "-v", "--max-steps", "1", "--verify", "off",
                                    "--log-dir", self.logs, "-q", "A001")
        self.assertEqual(status, 10)
        self.assertIn("failed: 1 step", err)
        self.assertIn("STEP_LIMIT (exit 10)", err)

    def test_without_verbose_stderr_holds_only_the_log_line(self):
        status, out, err = run_main("--mock", "--lang", "en", "--log-dir", self.logs, "-q",
                                    "A001")
        self.assertEqual(err.splitlines(), [err.strip()])
        self.assertTrue(err.startswith("log: "))

    def test_tool_arguments_are_shown_but_not_logged(self):
        status, out, err = run_main("--mock", "-v", "--log-dir", self.logs, "-q", "A001")
        self.assertIn('{"sku": "A001"}', err)
        path = err.strip().splitlines()[-1].split(" ", 1)[1]
        with open(path, encoding="utf-8") as file:
            self.assertNotIn("A001", file.read())

    def test_a_closed_stderr_stops_the_trace_not_the_run(self):
        closed = io.StringIO()
        closed.close()
        args = settings("--mock", "--log-dir", self.logs, "-q", "A001")
        result = cli.as_json(agent.ask(args, {}, listener=watch.Trace(closed)), "en")
        self.assertEqual(result["status"], "completed")
        with open(result["log"], encoding="utf-8") as file:
            self.assertEqual(json.loads(file.readlines()[-1])["event"], "completed")

    def test_control_characters_from_the_model_are_escaped(self):
        out = io.StringIO()
        watch.Trace(out)({"event": "tool", "t_ms": 1, "name": "x\x1b[2K\rcompleted\x9b31m",
                          "ok": False, "error": "UNKNOWN_TOOL", "duration_ms": 0})
        line = out.getvalue()
        self.assertEqual(line.count("\n"), 1)
        self.assertFalse(any(c in line for c in "\x1b\r\x9b"))
        self.assertIn("x\\x1b[2K\\rcompleted\\x9b31m", line)

    def test_a_resume_run_is_named_by_the_run_it_settles(self):
        out = io.StringIO()
        watch.Trace(out)({"event": "run_started", "t_ms": 0, "run_id": "r2", "provider": None,
                          "model": None, "resume_of": "r1", "tools": [], "data_source": "d"})
        self.assertIn("run r2: resume of r1,", out.getvalue())
        self.assertNotIn("None/None", out.getvalue())

    def test_unknown_events_are_printed_generically(self):
        stream = io.StringIO()
        watch.Trace(stream)({"event": "approval", "t_ms": 5, "name": "x", "approved": False})
        self.assertEqual(stream.getvalue(), '[    5 ms] approval name="x" approved=false\n')


class WaitingLineTest(unittest.TestCase):
    def setUp(self):
        self.logs = temp_folder(self)

    def run_slow(self, stderr):
        script = [slow(calls_reply(tool_call("get_stock", {"sku": "A001"})), 0.3),
                  text_reply("A001: stock 12, suggested order 18.")]
        factory = watch.waiting_factory(lambda *_: MockModel(script=script), stderr,
                                        interval=0.05)
        args = settings("--log-dir", self.logs)
        with mock.patch("sys.stderr", stderr):
            return cli.as_json(agent.ask(args, {}, listener=watch.Trace(stderr),
                                         make_model=factory), "en")

    def test_on_a_terminal_the_line_updates_and_is_erased(self):
        terminal = FakeTerminal()
        result = self.run_slow(terminal)
        self.assertEqual(result["status"], "completed")
        text = terminal.getvalue()
        self.assertIn("\r  waiting for the model (request 1) ", text)
        self.assertGreaterEqual(text.count("waiting for the model"), 2)  # it updates
        erased = text.index("\r\x1b[K")
        self.assertLess(text.rindex("waiting"), erased)  # nothing waits after the erase
        self.assertLess(erased, text.index("step 1: model replied"))

    def test_not_on_a_terminal_nothing_of_it_appears(self):
        pipe = io.StringIO()
        result = self.run_slow(pipe)
        self.assertEqual(result["status"], "completed")
        self.assertNotIn("waiting", pipe.getvalue())
        self.assertNotIn("\r", pipe.getvalue())
        self.assertNotIn("\x1b", pipe.getvalue())

    def test_the_wrapper_keeps_the_model_identity(self):
        wrapped = watch.WaitingModel(MockModel(), FakeTerminal())
        self.assertEqual((wrapped.provider, wrapped.model), ("mock", "mock"))


if __name__ == "__main__":
    unittest.main()
