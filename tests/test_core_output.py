"""What reaches a person's screen: stdout and stderr that fail, and text that is not safe.

- A closed stdout is OUTPUT_UNWRITABLE (exit 6); a closed or full stderr never changes the
  exit status (real processes, with the shell's own redirections).
- A lone surrogate (valid JSON "\\ud800") in an answer or a tool name is printed, not a
  crash. Bytes reach stdout as the model sent them when stdout is a file or a pipe; on a
  terminal, control characters (ESC, CR, bidi overrides) are shown as escapes.
- Server text (an HTTP error body, model names) and model text (tool names in `evals
  stats`) never reach stderr or a table raw.
- `--stream` on a terminal never prints a call written as text, even after a preamble.
- `python -m stock_agent.evals` with stdout on /dev/full is exit 6 and one line.
"""

import io
import json
import os
import subprocess
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from unittest import mock

import agent
from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent import cli
from stock_agent.errors import EXIT_STATUS
from tests import fake_server as fs
from tests.fake_server import FakeServer
from tests.support import Early, start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOSTILE = "0\u202e54\x1b[2J\rstock-agent: OK\x9b31m\ud800"


class Screen(io.TextIOWrapper):
    """A stream that encodes as a real one does (UTF-8, strict), optionally a terminal."""

    def __init__(self, *, tty=False):
        super().__init__(io.BytesIO(), encoding="utf-8", write_through=True)
        self.tty = tty

    def isatty(self):
        return self.tty

    def text(self):
        return self.buffer.getvalue().decode("utf-8")


def run_main(argv, model, *, tty=False, environ=None):
    """main() with real encoding streams; stdout (and stderr) a terminal when `tty`."""
    out, err = Screen(tty=tty), Screen(tty=tty)
    with tempfile.TemporaryDirectory() as logs, redirect_stdout(out), redirect_stderr(err):
        status = agent.main([*argv, "--log-dir", logs], environ=environ or {},
                            make_model=None if model is None else lambda *a: model)
    return status, out.text(), err.text()


def shell(command, timeout=20):
    return subprocess.run(["sh", "-c", command], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def agent_in_a_shell(redirect):
    """agent.py --mock run by `sh -c` with `redirect`, the shell's own: CompletedProcess."""
    with tempfile.TemporaryDirectory() as logs:
        return shell(f'"{sys.executable}" agent.py --mock --lang en --log-dir {logs} '
                     + redirect)


def evals_on_a_full_stdout():
    """`evals run` of one case, then `evals stats` of its logs, each with stdout on
    /dev/full: {command: CompletedProcess}."""
    with tempfile.TemporaryDirectory() as folder:
        cases = os.path.join(folder, "cases.jsonl")
        with open(cases, "w", encoding="utf-8") as file:
            file.write(json.dumps({"id": "one", "question": "Check A001"}) + "\n")
        evals = f'"{sys.executable}" -m stock_agent.evals'
        return {command.split()[2]: shell(command + " >/dev/full") for command in (
            f"{evals} run {cases} --mock --log-dir {folder}/runs", f"{evals} stats {folder}/runs")}


# Real processes the tests only wait for (support.Early; load_tests starts them).
FULL = os.path.exists("/dev/full")
IN_A_SHELL = {redirect: Early(agent_in_a_shell, redirect) for redirect in (
    ">&-", *(("2>/dev/full", "2>&-", "--max-steps 1 --verify off 2>/dev/full") if FULL
             else ()))}
EVALS_ON_A_FULL_STDOUT = Early(evals_on_a_full_stdout)


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the real processes start now."""
    start(*IN_A_SHELL.values(), *((EVALS_ON_A_FULL_STDOUT,) if FULL else ()))
    return tests


class ClosedStreams(unittest.TestCase):
    """Item 6: the exit status is stdout's business, never stderr's."""

    def test_stdout_closed_from_the_start_is_output_unwritable(self):
        done = IN_A_SHELL[">&-"].result()
        self.assertEqual(done.returncode, EXIT_STATUS["OUTPUT_UNWRITABLE"], done.stderr)
        self.assertTrue(done.stderr.startswith("stock-agent: OUTPUT_UNWRITABLE: "))
        self.assertNotIn("Traceback", done.stderr)

    @unittest.skipUnless(FULL, "needs /dev/full")
    def test_a_full_or_closed_stderr_leaves_a_completed_run_at_exit_0(self):
        for redirect in ("2>/dev/full", "2>&-"):
            with self.subTest(redirect=redirect):
                done = IN_A_SHELL[redirect].result()
                self.assertEqual(done.returncode, 0)
                self.assertIn("stock 12", done.stdout)

    @unittest.skipUnless(FULL, "needs /dev/full")
    def test_a_failed_run_keeps_its_own_status_with_a_full_stderr(self):
        done = IN_A_SHELL["--max-steps 1 --verify off 2>/dev/full"].result()
        self.assertEqual(done.returncode, EXIT_STATUS["STEP_LIMIT"])


class UnsafeText(unittest.TestCase):
    """Items 7 and 8: lone surrogates and control characters from a model or a server."""

    def test_a_lone_surrogate_in_the_answer_is_printed_not_a_crash(self):
        status, out, _ = run_main(["--mock", "--verify", "off"],  # the printing is tested
                                  MockModel([text_reply("A001 has 12 \ud800")]))
        self.assertEqual(status, 0)
        self.assertEqual(out, "A001 has 12 \\ud800\n")

    def test_a_lone_surrogate_in_a_tool_name_keeps_the_json_valid(self):
        model = MockModel([calls_reply(tool_call("get\ud800", {}, "c1")), text_reply("done")])
        status, out, _ = run_main(["--mock", "--json"], model)
        self.assertEqual(status, 0)
        self.assertEqual(json.loads(out)["tool_calls"][0]["name"], "get\ud800")

    def test_the_answer_is_exact_in_a_pipe_and_escaped_on_a_terminal(self):
        answer = "Stock " + HOSTILE + "\nline two"
        # the printing is tested: a stock stated with nothing looked up is refused otherwise
        _, piped, _ = run_main(["--mock", "--verify", "off"], MockModel([text_reply(answer)]))
        self.assertEqual(piped, answer.replace("\ud800", "\\ud800") + "\n")
        _, shown, _ = run_main(["--mock", "--verify", "off"], MockModel([text_reply(answer)]),
                               tty=True)
        self.assertEqual(shown, "Stock 0\\u202e54\\x1b[2J\\rstock-agent: OK\\x9b31m\\ud800\n"
                                "line two\n")

    def test_an_http_error_body_is_one_escaped_line(self):
        with FakeServer() as server:
            server.reply("/api/chat", 400, {"error": "bad\x1b[2J\rstock-agent: fine\nnext"})
            status, _, err = run_main(["--base-url", server.url, "--model", "m",
                                       "--retries", "0"], None)
        self.assertEqual(status, EXIT_STATUS["MODEL_HTTP_ERROR"])
        line = err.splitlines()[0]
        self.assertIn("bad\\x1b[2J\\rstock-agent: fine\\nnext", line)
        self.assertEqual(len(err.splitlines()), 2)  # the error, then the log path

    def test_model_names_listed_by_the_server_are_escaped(self):
        tags = {"models": [{"name": "evil\x1b]0;owned\x07", "capabilities": ["tools"]}]}
        with FakeServer() as server:
            server.reply("/api/tags", 200, tags)
            status, _, err = run_main(["--base-url", server.url], None)
        self.assertEqual(status, EXIT_STATUS["NO_MODEL"])
        self.assertIn("evil\\x1b]0;owned\\x07 (tools)", err)
        self.assertNotIn("\x1b", err)

    def test_tool_names_in_evals_stats_are_escaped(self):
        from stock_agent.evals.__main__ import main as evals_main
        with tempfile.TemporaryDirectory() as logs:
            with open(os.path.join(logs, "a.jsonl"), "w", encoding="utf-8") as file:
                file.write(json.dumps({"event": "tool", "name": "get\x1b[2J\u202e"}) + "\n")
            out = io.StringIO()
            with redirect_stdout(out), redirect_stderr(io.StringIO()):
                status = evals_main(["stats", logs])
        self.assertEqual(status, 0)
        self.assertIn("get\\x1b[2J\\u202e 1", out.getvalue())
        self.assertNotIn("\x1b", out.getvalue())

    def test_escape_keeps_every_script_and_full_width_space(self):
        from stock_agent import cli
        text = "濾掛咖啡\u3000A001：庫存 12 — ok\tdone"
        self.assertEqual(cli.escape(text), text)


class StreamedCallAfterAPreamble(unittest.TestCase):
    """Item 9: a call written as text is held back, wherever in the reply it starts."""

    def test_echo_prints_the_preamble_but_never_the_call(self):
        out = io.StringIO()
        echo = cli.Echo(out)
        for piece in ["Sure, ", "checking now. ", '{"name": "get_', 'stock", "arguments": ',
                      '{"sku": "A001"}}', None]:
            echo(piece)
        self.assertEqual(out.getvalue(), "Sure, checking now. \n")
        self.assertNotIn("get_stock", out.getvalue())

    def test_held_text_that_cannot_be_a_call_is_printed_when_the_reply_ends(self):
        out = io.StringIO()
        echo = cli.Echo(out)
        for piece in ["Stock ", "[A001] is 12 <ok>.", None]:
            echo(piece)
        self.assertEqual(out.getvalue(), "Stock [A001] is 12 <ok>.\n")

    def test_through_main_on_a_terminal_the_run_ends_tool_call_in_text(self):
        chunks = fs.openai_stream(["Sure, checking now. ", '{"name": "get_stock", ',
                                   '"arguments": {"sku": "A001"}}'])
        with FakeServer() as server:
            server.reply("/v1/chat/completions", 200, fs.stream(chunks))
            status, out, _ = run_main(["--provider", "openai", "--base-url",
                                       server.url + "/v1", "--model", "m", "--stream",
                                       "--verify", "off"],  # the live answer is tested
                                      None, tty=True)
        self.assertEqual(status, EXIT_STATUS["TOOL_CALL_IN_TEXT"])
        self.assertEqual(out, "Sure, checking now. \n")


class NothingUncheckedIsStreamed(unittest.TestCase):
    """A streamed answer shows as it arrives only when no answer check must pass it first:
    with --verify off, in a single run or a conversation alike."""

    def test_only_verify_off_streams_to_a_terminal(self):
        from types import SimpleNamespace
        for verify, conversation in ((True, False), (True, True), (False, False),
                                     (False, True)):
            settings = SimpleNamespace(stream=True, json=False, verify=verify,
                                       conversation=conversation)
            with self.subTest(verify=verify, conversation=conversation), \
                    mock.patch.object(cli, "is_terminal", return_value=True):
                self.assertEqual(cli.live_echo(settings) is None, verify)


class EvalsOnAFullDisk(unittest.TestCase):
    """Item 19: the evaluation's table or stats on /dev/full: exit 6, one line."""

    @unittest.skipUnless(FULL, "needs /dev/full")
    def test_run_and_stats_on_a_full_stdout(self):
        for command, done in EVALS_ON_A_FULL_STDOUT.result().items():
            with self.subTest(command=command):
                self.assertEqual(done.returncode, EXIT_STATUS["OUTPUT_UNWRITABLE"])
                self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
                self.assertTrue(done.stderr.startswith("stock-agent: OUTPUT_UNWRITABLE: "))


if __name__ == "__main__":
    unittest.main()
