"""The command line as a user meets it: answers, one-line failures, exit statuses, the log."""

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

import agent
from mock_model import MockModel, calls_reply, tool_call
from stock_agent import cli
from stock_agent.errors import EXIT_STATUS, NOT_ERRORS, AgentError
from stock_agent.messages import MESSAGES
from tests.support import Early, run_cli, start, temp_folder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARTICLE_LINE = "【教學樣本】濾掛咖啡（A001）庫存 12，目標 30，低於目標；建議補貨 18。本次尚未建立訂單。"


class MockRunTest(unittest.TestCase):
    def test_the_article_line_exactly(self):
        status, out, err, events = run_cli(["--mock", "--lang", "zh-TW"])
        self.assertEqual((status, out), (0, ARTICLE_LINE + "\n"))
        self.assertIn("執行日誌：", err)

    def test_english_answer(self):
        status, out, _, _ = run_cli(["--mock", "--lang", "en"])
        self.assertEqual(out, "[Sample data] 濾掛咖啡 (A001): stock 12, target 30, below "
                              "target; suggested order 18. No order has been placed in this run.\n")

    def test_two_skus_two_calls_in_one_batch(self):
        status, out, _, events = run_cli(["--mock", "--lang", "zh-TW", "-q",
                                          "請查 A001 和 A002，說明各自建議補貨量。"])
        self.assertEqual(status, 0)
        self.assertEqual([e["invocation"] for e in events if e["event"] == "tool"],
                         ["1:0", "1:1"])
        self.assertIn("烏龍茶包（A002）庫存 45，目標 30，超出目標 15；建議補貨 0，不需補貨。", out)

    def test_not_found_and_out_of_stock_read_differently(self):
        _, out, _, _ = run_cli(["--mock", "--lang", "en", "-q", "A003 and A404?"])
        self.assertIn("(A003): stock 0 (out of stock), target 20, below target; suggested order 20",
                      out)
        self.assertIn("SKU A404 was not found", out)

    def test_answer_on_stdout_log_path_on_stderr(self):
        _, out, err, events = run_cli(["--mock", "--lang", "en"])
        self.assertNotIn("log:", out)
        self.assertTrue(err.startswith("log: ") and err.strip().endswith(".jsonl"))

    def test_language_comes_from_the_locale(self):
        for environ, expected in (({"LANG": "zh_TW.UTF-8"}, "zh-TW"),
                                  ({"LC_ALL": "en_US.UTF-8", "LANG": "zh_TW"}, "en"),
                                  ({"LC_MESSAGES": "zh_CN"}, "zh-TW"), ({}, "en")):
            with self.subTest(environ=environ):
                self.assertEqual(cli.detect_lang(environ), expected)
                _, _, _, events = run_cli(["--mock"], environ=environ)
                self.assertEqual(events[0]["lang"], expected)


class LogShapeTest(unittest.TestCase):
    def test_started_model_tool_completed(self):
        _, _, _, events = run_cli(["--mock", "--lang", "en"])
        self.assertEqual([e["event"] for e in events],
                         ["run_started", "tools_narrowed", "model", "tool", "completed"])
        started = events[0]
        self.assertEqual((started["provider"], started["model"]), ("mock", "mock"))
        self.assertEqual(started["limits"]["max_steps"], 6)
        self.assertRegex(started["utc"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")

    def test_every_line_is_json_and_no_content_by_default(self):
        log_dir = temp_folder(self)
        run_cli(["--mock", "--lang", "zh-TW"], log_dir=log_dir)
        (name,) = os.listdir(log_dir)
        with open(os.path.join(log_dir, name), encoding="utf-8") as stream:
            lines = stream.read().splitlines()
        for line in lines:
            json.loads(line)
        text = "\n".join(lines)
        for content in ("A001", "濾掛咖啡", "請查", '"question":', '"answer":', '"text":'):
            self.assertNotIn(content, text)

    def test_log_content_on_request(self):
        _, _, _, events = run_cli(["--mock", "--lang", "en", "--log-content"])
        self.assertIn("A001", events[0]["question"])
        self.assertIn("stock 12", events[-1]["answer"])

    def test_each_run_gets_its_own_log(self):
        log_dir = temp_folder(self)
        with mock.patch("sys.stdout"), mock.patch("sys.stderr"):
            for _ in range(3):
                self.assertEqual(agent.main(["--mock", "--log-dir", log_dir]), 0)
        self.assertEqual(len(os.listdir(log_dir)), 3)


class FailureTest(unittest.TestCase):
    def run_with_model(self, script, *argv):
        return run_cli(["--lang", "en", *argv], model=MockModel(script))

    def test_step_limit_exit_status_and_one_line(self):
        # Distinct SKUs: the same call a third time would be REPEATED_CALL instead. With
        # --verify on the program would answer from the facts; off, nothing answers for it.
        script = [calls_reply(tool_call("get_stock", {"sku": sku}))
                  for sku in ("A001", "A002", "A003") * 2]
        status, out, err, events = self.run_with_model(script, "-q", "Check A001 and A009",
                                                       "--verify", "off")
        self.assertEqual(status, EXIT_STATUS["STEP_LIMIT"])
        self.assertEqual(out, "")
        first = err.splitlines()[0]
        self.assertTrue(first.startswith("stock-agent: STEP_LIMIT: "), first)
        self.assertNotIn("Traceback", err)
        self.assertEqual(events[-1]["event"], "failed")
        self.assertEqual(events[-1]["exit_status"], 10)

    def test_ctrl_c_is_cancelled(self):
        status, out, err, events = self.run_with_model([KeyboardInterrupt()])
        self.assertEqual(status, 130)
        self.assertIn("no order was placed", err)
        self.assertNotIn("Traceback", err)
        self.assertEqual([e["event"] for e in events],
                         ["run_started", "tools_narrowed", "cancelled"])

    def test_a_bug_is_one_line_and_internal_error(self):
        status, _, err, events = self.run_with_model([RuntimeError("boom")])
        self.assertEqual(status, 1)
        self.assertIn("INTERNAL_ERROR", err)
        self.assertNotIn("Traceback", err)
        self.assertEqual(events[-1]["code"], "INTERNAL_ERROR")

    def test_traceback_flag_shows_the_stack(self):
        status, _, err, _ = self.run_with_model([RuntimeError("boom")], "--traceback")
        self.assertEqual(status, 1)
        self.assertIn("Traceback", err)

    def test_unwritable_log_dir(self):
        # A file where the folder should be: makedirs fails as it would on a read-only disk.
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        blocker = os.path.join(folder.name, "a-file")
        with open(blocker, "w", encoding="utf-8"):
            pass
        status, out, err, _ = run_cli(["--mock"], log_dir=os.path.join(blocker, "runs"))
        self.assertEqual(status, EXIT_STATUS["LOG_UNWRITABLE"])
        self.assertEqual(out, "")
        self.assertEqual(len(err.strip().splitlines()), 1)
        self.assertIn("LOG_UNWRITABLE", err)

    def test_bad_flag_values_are_usage_errors(self):
        for argv in (["--max-steps", "0"], ["--timeout", "-1"], ["--lang", "fr"]):
            with self.subTest(argv=argv), self.assertRaises(SystemExit) as caught, \
                    mock.patch("sys.stderr"):
                agent.main(["--mock", *argv])
            self.assertEqual(caught.exception.code, 2)

    def test_a_conversation_refuses_the_flags_of_a_single_run(self):
        for extra in (["--orders", "o.db"], ["--mcp", "server"],
                      ["--resume", "20261130T112233Z-3f9a1c", "--orders", "o.db"]):
            for opener in (["--chat"], ["--continue", "runs/x.jsonl"]):
                err = io.StringIO()
                with self.subTest(argv=opener + extra), self.assertRaises(SystemExit) as caught, \
                        contextlib.redirect_stderr(err):
                    agent.main(["--mock", *opener, *extra])
                self.assertEqual(caught.exception.code, 2)
                self.assertIn("is for a single question", err.getvalue())

    def test_every_error_code_has_a_message(self):
        # Each in both languages, with the same names: test_first_use checks the catalogue.
        self.assertEqual(set(MESSAGES), set(EXIT_STATUS) - set(NOT_ERRORS))
        for code in MESSAGES:
            with self.subTest(code=code):
                self.assertEqual(AgentError(code).message("zh-TW").count("\n"), 0)

    def test_exit_statuses_that_are_not_errors_cannot_be_raised(self):
        for code in NOT_ERRORS:
            with self.subTest(code=code), self.assertRaises(ValueError):
                AgentError(code)

    def test_exit_statuses_are_distinct(self):
        self.assertEqual(len(set(EXIT_STATUS.values())), len(EXIT_STATUS))

    def test_help_and_the_output_page_list_every_exit_status(self):
        # docs/output.md holds the full table; the README's short one links to it.
        with open(os.path.join(ROOT, "docs", "output.md"), encoding="utf-8") as stream:
            page = stream.read()
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as stream:
            self.assertIn("(docs/output.md#exit-statuses)", stream.read())
        for code, status in EXIT_STATUS.items():
            if code in ("COMPLETED", "USAGE"):
                continue
            with self.subTest(code=code):
                self.assertIn(f"{status} {code}", " ".join(cli.EPILOG.split()))
                self.assertIn(f"| {status} | `{code}` |", page)

    def test_each_help_example_says_a_conversation_exactly_when_it_opens_one(self):
        # At a terminal (both ends), as the examples are meant to be typed.
        import shlex
        terminal = mock.Mock(isatty=lambda: True)
        examples = [line.strip() for line in cli.EPILOG.splitlines()
                    if line.strip().startswith("python agent.py ")]
        self.assertIn("python agent.py --mock", [e.split("  ")[0] for e in examples])
        for line in examples:
            command, _, said = line.partition("  ")
            if not said.strip():
                continue  # an example without a description promises nothing
            with self.subTest(example=command):
                args = cli.parse_args(shlex.split(command)[2:])
                opens = cli.wants_chat(args, stdin=terminal, stdout=terminal)
                self.assertEqual("conversation" in said, opens, line)


FULL = os.path.exists("/dev/full")
MOCK_WITHOUT_HTTP = ("import sys, agent; agent.main(['--mock', '--log-dir', sys.argv[1]]); "
                     "bad = {'http.client', 'urllib.request', 'ssl', 'socket', 'providers'}; "
                     "print(sorted(bad & set(sys.modules)))")


def agent_process(*argv, **options):
    """`python ARGV... LOGS` from the checkout, LOGS a folder of its own, run to its end
    (30 s at most): the CompletedProcess."""
    with tempfile.TemporaryDirectory(prefix="stock-agent-test-") as logs:
        return subprocess.run([sys.executable, *argv, logs], text=True, timeout=30, cwd=ROOT,
                              **options)


def answer_to_a_full_disk():
    """agent.py --mock with stdout on /dev/full: the CompletedProcess."""
    with open("/dev/full", "w") as full:
        return agent_process(os.path.join(ROOT, "agent.py"), "--mock", "--log-dir",
                             stdout=full, stderr=subprocess.PIPE)


# Real processes the tests only wait for (support.Early; load_tests starts them).
PROCESSES = {
    "zh-TW": Early(agent_process, os.path.join(ROOT, "agent.py"), "--mock", "--lang", "zh-TW",
                   "--log-dir", capture_output=True,
                   env={**os.environ, "PYTHONIOENCODING": "utf-8"}),
    "no http": Early(agent_process, "-c", MOCK_WITHOUT_HTTP, capture_output=True),
}
if FULL:
    PROCESSES["full"] = Early(answer_to_a_full_disk)


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the real processes start now."""
    start(*PROCESSES.values())
    return tests


class ProcessTest(unittest.TestCase):
    """A few runs as a real process, the way a user and CI start it."""

    def test_python_agent_py_mock(self):
        done = PROCESSES["zh-TW"].result()
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout, ARTICLE_LINE + "\n")

    @unittest.skipUnless(FULL, "no /dev/full on this system")
    def test_an_answer_that_cannot_be_written_is_one_line_and_exit_6(self):
        done = PROCESSES["full"].result()
        self.assertEqual(done.returncode, EXIT_STATUS["OUTPUT_UNWRITABLE"], done.stderr)
        self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
        self.assertIn("OUTPUT_UNWRITABLE", done.stderr)
        self.assertNotIn("Traceback", done.stderr)

    def test_mock_does_not_load_the_http_stack(self):
        done = PROCESSES["no http"].result()
        self.assertEqual(done.stdout.strip().splitlines()[-1], "[]", done.stderr)


if __name__ == "__main__":
    unittest.main()
