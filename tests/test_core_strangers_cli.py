"""The command line as strangers met it (issue 34, "Strangers, round 3").

A question piped on stdin is the question (1); the --help example's sample data is found
after an install (7); a usage error is one line, in the person's language (8); --resume and
--continue take a run id and a log's path alike (12); a flag is spelled out, `-m` is
--model, and a flag that changes nothing says so (13).
"""

import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
from contextlib import redirect_stderr, redirect_stdout
from unittest import mock

import agent
from stock_agent import cli
from stock_agent.errors import EXIT_STATUS, Text
from stock_agent.messages import LINES
from tests.support import Early, english_prose, run_cli, start, temp_folder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ZH = {"LANG": "zh_TW.UTF-8"}


def usage_error(argv, *, environ=None, stdin=""):
    """(exit status, stderr lines) of a command line refused before it runs; the status is
    None if it ran."""
    with redirect_stderr(io.StringIO()) as err, redirect_stdout(io.StringIO()), \
            tempfile.TemporaryDirectory() as logs, \
            mock.patch("sys.stdin", io.StringIO(stdin) if isinstance(stdin, str) else stdin):
        try:
            agent.main([*argv, "--log-dir", logs], environ=environ or {})
        except SystemExit as exit:
            return exit.code, err.getvalue().splitlines()
    return None, err.getvalue().splitlines()


def pipe(text=None):
    """The read end of a real pipe (a file object, as sys.stdin is) holding `text`, closed
    after it; with `text` None the write end stays open (and is closed when the test ends)."""
    read, write = os.pipe()
    if text is not None:
        os.write(write, text.encode("utf-8"))
        os.close(write)
    stream = os.fdopen(read, "r", encoding="utf-8")
    return stream, (write if text is None else None)


def a_pipe_and_dev_null():
    """agent.py --mock as a process, a question piped to it, then with </dev/null (the
    hook's `python agent.py --mock </dev/null`): the two CompletedProcesses."""
    with tempfile.TemporaryDirectory(prefix="stock-agent-test-") as logs:
        command = [sys.executable, "agent.py", "--mock", "--lang", "en", "--log-dir", logs]
        return (subprocess.run(command, cwd=ROOT, input="Check A002\n", capture_output=True,
                               text=True, timeout=30),
                subprocess.run(command, cwd=ROOT, stdin=subprocess.DEVNULL,
                               capture_output=True, text=True, timeout=30))


def installed_sample_named():
    """An install's layout (pyproject.toml; tests/test_core_layout.py builds the real one):
    the modules at the top, examples/ inside the package; run from another folder with
    --inventory examples/inventory.csv. (the CompletedProcess, the install's folder)."""
    with tempfile.TemporaryDirectory(prefix="stock-agent-test-") as folder:
        site, elsewhere = os.path.join(folder, "site"), os.path.join(folder, "elsewhere")
        shutil.copytree(os.path.join(ROOT, "stock_agent"), os.path.join(site, "stock_agent"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(os.path.join(ROOT, "examples"),
                        os.path.join(site, "stock_agent", "examples"))
        for name in ("agent.py", "tools.py", "mock_model.py"):
            shutil.copy(os.path.join(ROOT, name), site)
        os.mkdir(elsewhere)
        return subprocess.run(
            [sys.executable, "-c", "import sys, agent; sys.exit(agent.main(sys.argv[1:]))",
             "--mock", "--inventory", "examples/inventory.csv", "--tenant", "north", "-q",
             "reorder?", "--log-dir", os.path.join(elsewhere, "runs")],
            cwd=elsewhere, env={**os.environ, "PYTHONPATH": site}, stdin=subprocess.DEVNULL,
            capture_output=True, text=True, timeout=30), site


# Real processes the tests only wait for (support.Early; load_tests starts them).
PIPE_AND_DEV_NULL = Early(a_pipe_and_dev_null)
INSTALLED_SAMPLE = Early(installed_sample_named)


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the real processes start now."""
    start(PIPE_AND_DEV_NULL, INSTALLED_SAMPLE)
    return tests


class PipedQuestion(unittest.TestCase):
    def test_a_question_piped_on_stdin_is_the_question(self):
        stdin, _ = pipe("Check A002\n")
        with stdin:
            status, out, _, _ = run_cli(["--mock", "--lang", "en"], stdin=stdin)
        self.assertEqual(status, 0)
        self.assertIn("(A002): stock 45", out)
        self.assertNotIn("A001", out)

    def test_the_question_as_words_after_the_flags(self):
        status, out, _, _ = run_cli(["--mock", "--lang", "en", "Check", "A003"])
        self.assertEqual(status, 0)
        self.assertIn("(A003): stock 0", out)

    def test_nothing_piped_asks_the_sample_question(self):
        empty, _ = pipe("")
        devnull = open(os.devnull, encoding="utf-8")
        for stdin in (empty, devnull):  # `printf '' |`, </dev/null
            self.addCleanup(stdin.close)
            with self.subTest(stdin=stdin):
                status, out, _, _ = run_cli(["--mock", "--lang", "en"], stdin=stdin)
                self.assertEqual(status, 0)
                self.assertIn("(A001)", out)

    def test_a_terminal_is_not_read_for_a_single_question(self):
        main, terminal = os.openpty()
        self.addCleanup(os.close, main)
        os.write(main, b"Check A002\n")  # typed ahead: it belongs to whatever reads next
        with open(terminal, encoding="utf-8") as stdin:
            status, out, _, _ = run_cli(["--mock", "--lang", "en"], stdin=stdin)
        self.assertEqual(status, 0)
        self.assertIn("(A001)", out)

    def test_stdin_that_holds_no_question_is_a_usage_error(self):
        for stdin, said in (("  \n", "blank space"), ("x" * 400_001, "longer than 100,000"),
                            (io.BytesIO(b"\xff\xfe A001"), "not utf-8 text")):
            if isinstance(stdin, io.BytesIO):
                stdin = io.TextIOWrapper(stdin, encoding="utf-8")
            with self.subTest(said=said):
                status, lines = usage_error(["--mock"], stdin=stdin)
                self.assertEqual(status, EXIT_STATUS["USAGE"])
                self.assertEqual(len(lines), 1, lines)
                self.assertIn(said, lines[0])

    def test_a_pipe_left_open_is_refused_within_the_timeout(self):
        stdin, write = pipe()
        self.addCleanup(stdin.close)
        self.addCleanup(os.close, write)  # the reader left behind sees its end
        started = time.monotonic()
        status, lines = usage_error(["--mock", "--timeout", "0.3"], stdin=stdin)
        self.assertLess(time.monotonic() - started, 5)
        self.assertEqual(status, EXIT_STATUS["USAGE"])
        self.assertIn("did not end within 0.3 s (--timeout)", lines[0])

    def test_stdin_that_cannot_be_read_is_a_usage_error(self):
        failing = mock.Mock(fileno=mock.Mock(side_effect=OSError), read=mock.Mock(
            side_effect=OSError(5, "Input/output error")))
        broken = mock.Mock(isatty=lambda: False, encoding="utf-8", buffer=failing)
        status, lines = usage_error(["--mock"], stdin=broken)
        self.assertEqual(status, 2)
        self.assertIn("stdin: cannot read it (Input/output error)", lines[0])

    def test_ctrl_c_while_waiting_for_stdin_is_cancelled_in_one_line(self):
        stdin, _ = pipe("Check A002\n")
        self.addCleanup(stdin.close)
        with mock.patch("stock_agent.usage.piped_question", side_effect=KeyboardInterrupt):
            status, lines = usage_error(["--mock", "--lang", "en"], stdin=stdin)
        self.assertEqual(status, EXIT_STATUS["CANCELLED"])
        self.assertEqual(len(lines), 1, lines)
        self.assertTrue(lines[0].startswith("stock-agent: CANCELLED: "), lines)

    def test_a_question_twice_is_a_usage_error(self):
        status, lines = usage_error(["--mock", "-q", "Check A001", "Check", "A002"])
        self.assertEqual(status, EXIT_STATUS["USAGE"])
        self.assertIn("the question is given twice", lines[0])

    def test_chat_still_reads_its_questions_line_by_line(self):
        status, out, _, _ = run_cli(["--mock", "--lang", "en", "--chat"],
                                    stdin="Check A001\nCheck A002\n")
        self.assertEqual(status, 0)
        self.assertEqual(len(out.splitlines()), 2)
        self.assertIn("(A002)", out.splitlines()[1])

    def test_the_evaluation_reads_no_stdin(self):
        with mock.patch("sys.stdin", io.StringIO("Check A002\n")):
            flags = cli.settings(["--mock"], {})
        self.assertIsNone(flags.question)

    def test_the_evaluation_takes_no_question(self):
        from stock_agent.evals.__main__ import main as evals_main
        for extra in (["-q", "Check A002"], ["Check", "A002"]):  # its cases hold the questions
            with self.subTest(extra=extra), redirect_stderr(io.StringIO()) as err, \
                    redirect_stdout(io.StringIO()), self.assertRaises(SystemExit) as caught:
                evals_main(["run", "--mock", *extra, "--log-dir", temp_folder(self)],
                           environ={})
            self.assertEqual(caught.exception.code, 2)
            self.assertIn("takes no question", err.getvalue())

    def test_as_a_process_a_pipe_and_dev_null(self):
        piped, empty = PIPE_AND_DEV_NULL.result()
        self.assertEqual((piped.returncode, empty.returncode), (0, 0), piped.stderr)
        self.assertIn("(A002)", piped.stdout)
        self.assertIn("(A001)", empty.stdout)  # the hook's `python agent.py --mock </dev/null`


class BundledSample(unittest.TestCase):
    def test_a_missing_file_named_like_the_sample_says_where_the_sample_is(self):
        status, _, err, _ = run_cli(["--mock", "--inventory", "elsewhere/inventory.csv",
                                     "--tenant", "north"])
        self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"])
        self.assertEqual(len(err.splitlines()), 1)
        self.assertIn(os.path.join(ROOT, "examples", "inventory.csv"), err)

    def test_an_install_names_the_copy_it_carries(self):
        done, site = INSTALLED_SAMPLE.result()
        self.assertEqual(done.returncode, EXIT_STATUS["INVALID_INPUT"], done.stderr)
        self.assertIn(os.path.join(site, "stock_agent", "examples", "inventory.csv"),
                      done.stderr)


class UsageLine(unittest.TestCase):
    REFUSED = (["--max-steps", "0"], ["--lang", "fr"], ["--frob"], ["--record", "x"],
               ["--json=1"], ["--model"], ["--resume", "x.db"], ["--otlp-endpoint", "u"],
               ["--mcp", ""], ["-q", " "])

    def test_a_usage_error_is_one_line_that_points_to_help(self):
        status, lines = usage_error(["--mock", "--max-steps", "0"])
        self.assertEqual(status, 2)
        self.assertEqual(lines, ["stock-agent: USAGE: argument --max-steps: '0' is not a "
                                 "whole number above 0 (see --help)"])

    def test_each_is_one_line_in_english_and_in_zh_tw(self):
        for argv in self.REFUSED:
            for environ, lang in (({}, "en"), (ZH, "zh-TW")):
                with self.subTest(argv=argv, lang=lang):
                    status, lines = usage_error(["--mock", *argv], environ=environ)
                    self.assertEqual(status, 2)
                    self.assertEqual(len(lines), 1, lines)
                    self.assertTrue(lines[0].startswith("stock-agent: USAGE: "), lines)
                    if lang == "zh-TW":  # the flags and values it quotes stay as typed
                        quoted = ("'en', 'zh-TW'", "--otlp RUN_LOG")
                        self.assertEqual(english_prose(lines[0], *quoted), [], lines)
                        self.assertTrue(lines[0].endswith("（請見 --help）"), lines)

    def test_lang_on_the_command_line_words_its_own_errors(self):
        for lang in (["--lang", "zh-TW"], ["--lang=zh-TW"]):
            with self.subTest(lang=lang):
                _, lines = usage_error([*lang, "--mock", "--max-steps", "0"])
                self.assertEqual(lines, ["stock-agent: USAGE: --max-steps：'0' 不是大於 0 的整數"
                                         "（請見 --help）"])

    def test_every_usage_line_is_found_again_from_its_english(self):
        from stock_agent import usage
        for key in (key for key in LINES if key.startswith("usage_")):
            with self.subTest(key=key):
                params = {name: f"<{name}>" for name in usage._pattern(LINES[key]["en"])
                          .groupindex}
                english = Text(key, **params).render("en")
                self.assertEqual(usage.translated(english, "zh-TW"),
                                 Text(key, **params).render("zh-TW"))


class RunForms(unittest.TestCase):
    def setUp(self):
        self.folder = temp_folder(self)
        self.logs = os.path.join(self.folder, "runs")

    def test_resume_takes_the_path_of_the_runs_log(self):
        ledger = os.path.join(self.folder, "orders.db")
        status, out, _, _ = run_cli(["--mock", "--lang", "en", "--orders", ledger, "--approve",
                                     "--json", "-q", "order 18 of A001"], log_dir=self.logs)
        ran = json.loads(out)
        self.assertEqual((status, len(ran["orders"])), (0, 1))
        with redirect_stdout(io.StringIO()) as shown, redirect_stderr(io.StringIO()):
            status = agent.main(["--resume", ran["log"], "--orders", ledger, "--lang", "en",
                                 "--json"], environ={})
        resumed = json.loads(shown.getvalue())
        self.assertEqual(status, 0)
        self.assertIn("already done: its receipt is reused", resumed["answer"])
        self.assertEqual(os.path.dirname(resumed["log"]), self.logs)  # beside the journal

    def test_resume_refuses_a_path_in_another_folder_than_log_dir(self):
        status, lines = usage_error(["--resume", "a/20261130T112233Z-3f9a1c.jsonl",
                                     "--orders", "o.db"])
        self.assertEqual(status, 2)
        self.assertIn("is in a, but --log-dir is", lines[0])

    def test_continue_takes_the_run_id_of_the_record(self):
        status, _, err, _ = run_cli(["--mock", "--lang", "en", "--chat"], log_dir=self.logs,
                                    stdin="Check A001\n")
        self.assertEqual(status, 0)
        (record,) = os.listdir(self.logs)
        status, out, _, _ = run_cli(["--mock", "--lang", "en", "-q", "Check A002",
                                     "--continue", record.removesuffix(".jsonl")],
                                    log_dir=self.logs)
        self.assertEqual(status, 0)
        self.assertIn("(A002)", out)
        self.assertEqual(os.listdir(self.logs), [record])  # the same record, appended to


class IdleFlags(unittest.TestCase):
    def test_a_flag_is_spelled_out_in_full(self):
        status, lines = usage_error(["--mock", "--mod", "x", "-q", "Check A001"])
        self.assertEqual(status, 2)
        self.assertIn("unrecognized arguments: --mod", lines[0])

    def test_m_is_model(self):
        self.assertEqual(cli.settings(["-m", "qwen2.5:7b", "-q", "x"], {}).model,
                         "qwen2.5:7b")

    def test_one_note_when_a_flag_changes_nothing(self):
        for argv, note in (
                (["--model", "x"], "note: no effect with --mock: --model."),
                (["-m", "x", "--num-ctx", "4096"], "note: no effect with --mock: --model, "
                                                   "--num-ctx."),
                (["--mcp-env", "HOME"], "note: no effect without --mcp: --mcp-env.")):
            with self.subTest(argv=argv):
                status, _, err, _ = run_cli(["--mock", "--lang", "en", "-q", "Check A001",
                                             *argv])
                self.assertEqual(status, 0)
                self.assertEqual([line for line in err.splitlines() if "note" in line],
                                 [note])

    def test_the_note_in_zh_tw(self):
        _, _, err, _ = run_cli(["--mock", "--lang", "zh-TW", "--model", "x", "-q", "A001"])
        self.assertEqual(err.splitlines()[0], "注意：使用 --mock 時沒有作用：--model。")

    def test_no_note_when_every_flag_counts(self):
        _, _, err, _ = run_cli(["--mock", "--lang", "en", "--timeout", "5", "-q", "A001"])
        self.assertNotIn("note", err)


if __name__ == "__main__":
    unittest.main()
