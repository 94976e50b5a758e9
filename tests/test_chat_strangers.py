"""A conversation as people used to other command-line tools meet it (issue 34, round 3).

- Item 5: a reader that leaves (`| head -1`) ends the program quietly with exit 141
  (PIPE_CLOSED), a conversation or a single question alike; no more questions are asked,
  and the log still ends with one terminal event per question. A stdout closed from the
  start stays OUTPUT_UNWRITABLE (tests/test_core_output.py).
- Item 6: `/bye`, `/quit`, `exit` and `quit` end a conversation as `/exit` does; `/help`
  is answered on stderr in the run's language. None of them reaches the model.
- Item 15: Ctrl-D at a terminal's prompt ends the prompt's line before the `log:` line.
"""

import contextlib
import errno
import io
import os
import select
import subprocess
import sys
import tempfile
import time
import unittest
from unittest import mock

import agent
from mock_model import MockModel
from stock_agent.chat.io import EXIT_WORDS, HELP_WORDS
from stock_agent.errors import EXIT_STATUS, Text
from tests.support import Early, read_only_log, run_cli, start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TERMINAL = ("completed", "failed", "cancelled")


def terminal_events(events):
    return [(event["event"], event.get("turn")) for event in events
            if event["event"] in TERMINAL]


class LeavingReader(io.StringIO):
    """A pipe whose reader goes away after `keeps` writes, as `head -1` does."""

    def __init__(self, keeps):
        super().__init__()
        self.keeps = keeps

    def write(self, text):
        if self.keeps == 0:
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))
        self.keeps -= 1
        return super().write(text)


def run_into(stdout, argv, *, stdin="", model=None):
    """main() with `stdout` as given: (status, stderr, events)."""
    err = io.StringIO()
    with tempfile.TemporaryDirectory() as logs, contextlib.redirect_stdout(stdout), \
            contextlib.redirect_stderr(err), mock.patch("sys.stdin", io.StringIO(stdin)):
        status = agent.main([*argv, "--log-dir", logs], environ={},
                            make_model=lambda *_: model or MockModel())
        if sys.stdout is not stdout:  # cli.silence put /dev/null in its place
            sys.stdout.close()
        return status, err.getvalue(), read_only_log(logs)


class ReaderLeavesTest(unittest.TestCase):
    """Item 5, in-process: the reader of stdout leaves after the first answer, or before."""

    def test_a_conversation_piped_into_head_1_ends_quietly_with_141(self):
        out, model = LeavingReader(keeps=1), MockModel()
        status, err, events = run_into(out, ["--chat"], model=model,
                                       stdin="Check A001\nCheck A002\nCheck A003\n")
        self.assertEqual((status, err), (EXIT_STATUS["PIPE_CLOSED"], ""))
        self.assertIn("(A001): stock 12", out.getvalue())
        # Turn 2's answer found nobody to read it: turn 3 was never asked.
        self.assertEqual(terminal_events(events), [("completed", 1), ("completed", 2)])
        self.assertEqual(events[-1]["event"], "completed")
        self.assertEqual(len(model.requests), 2)  # each lookup; the program answers it

    def test_a_single_question_whose_reader_left_ends_quietly_with_141(self):
        for extra in ([], ["--json"]):
            with self.subTest(flags=extra):
                status, err, events = run_into(LeavingReader(keeps=0),
                                               ["--mock", "-q", "Check A001", *extra])
                self.assertEqual((status, err), (EXIT_STATUS["PIPE_CLOSED"], ""))
                self.assertEqual(terminal_events(events), [("completed", None)])
                self.assertEqual(events[-1]["event"], "completed")


def closed_reader_run(argv, stdin):
    """agent.py --mock `argv` whose stdout's reader leaves before the first answer is
    written: (status, stderr, events)."""
    with tempfile.TemporaryDirectory(prefix="stock-agent-test-") as logs:
        child = subprocess.Popen([sys.executable, "agent.py", "--mock", *argv,
                                  "--log-dir", logs], cwd=ROOT, stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        child.stdout.close()
        try:
            _, err = child.communicate(stdin, timeout=30)
        finally:
            if child.poll() is None:
                child.kill()
                child.communicate()
        return child.returncode, err.decode("utf-8", "replace"), read_only_log(logs)


# Real processes the tests only wait for (support.Early; load_tests starts them).
CLOSED_READER = {"chat": Early(closed_reader_run, ["--chat"], b"Check A001\nCheck A002\n"),
                 "single": Early(closed_reader_run, ["-q", "Check A001"], b"")}


class RealBrokenPipeTest(unittest.TestCase):
    """Item 5 in a real process: the read end of its stdout is closed before it writes."""

    def test_a_conversation_stops_asking_and_says_nothing(self):
        status, err, events = CLOSED_READER["chat"].result()
        self.assertEqual((status, err), (EXIT_STATUS["PIPE_CLOSED"], ""))
        self.assertEqual(terminal_events(events), [("completed", 1)])
        self.assertEqual(events[-1]["event"], "completed")

    def test_a_single_question_says_nothing(self):
        status, err, events = CLOSED_READER["single"].result()
        self.assertEqual((status, err), (EXIT_STATUS["PIPE_CLOSED"], ""))
        self.assertEqual(terminal_events(events), [("completed", None)])


class ChatCommandsTest(unittest.TestCase):
    """Item 6: the words other chats end with, and /help, are the program's, not questions."""

    def test_the_exit_words_of_other_chats_end_the_conversation(self):
        for word in ("/bye", "exit", "quit", "QUIT", "/quit", "  Exit  "):
            with self.subTest(word=word):
                model = MockModel()
                status, out, err, events = run_cli(
                    ["--chat"], model=model, stdin=f"Check A001\n{word}\nCheck A002\n")
                self.assertEqual(status, 0, err)
                self.assertEqual(terminal_events(events), [("completed", 1)])
                self.assertEqual(len(model.requests), 1)  # turn 1's lookup; nothing after
                self.assertNotIn("A002", out)

    def test_help_is_answered_here_in_the_runs_language(self):
        for lang in ("en", "zh-TW"):
            with self.subTest(lang=lang):
                model = MockModel()
                status, out, err, events = run_cli(
                    ["--chat", "--lang", lang], model=model, stdin="/help\nCheck A001\n/?\n")
                self.assertEqual(status, 0, err)
                help_line = Text("chat_help").render(lang)
                self.assertEqual(err.splitlines()[:2], [help_line, help_line])
                self.assertEqual(terminal_events(events), [("completed", 1)])
                sent = [m["content"] for r in model.requests for m in r["messages"]
                        if m["role"] == "user"]
                self.assertEqual(set(sent), {"Check A001"})

    def test_help_alone_asks_nothing_and_leaves_no_record(self):
        model = MockModel()
        status, out, err, events = run_cli(["--chat"], model=model, stdin="/help\n")
        self.assertEqual((status, out, events, model.requests), (0, "", [], []))
        self.assertEqual(err, Text("chat_help").render("en") + "\n")

    def test_the_help_line_names_every_command_in_both_languages(self):
        for lang in ("en", "zh-TW"):
            shown = Text("chat_help").render(lang)
            for word in EXIT_WORDS + HELP_WORDS:
                with self.subTest(lang=lang, word=word):
                    self.assertIn(word, shown)

    def test_help_of_chat_names_the_exit_words_people_type(self):
        from stock_agent import cli
        shown = " ".join(cli.build_parser().format_help().split())
        for word in ("/exit", "/bye", "exit", "quit", "EOF", "/help"):
            with self.subTest(word=word):
                self.assertIn(word, shown)


@unittest.skipIf(sys.platform == "win32", "needs a pseudo-terminal")
class CtrlDTest(unittest.TestCase):
    """Item 15: on a terminal (stdin, stdout and stderr), Ctrl-D at the prompt."""

    def test_the_log_line_starts_on_a_line_of_its_own(self):
        status, screen = CTRL_D.result()
        self.assertEqual(status, 0)
        text = screen.decode("utf-8", "replace")
        self.assertIn("log: ", text)
        before = text[:text.index("log: ")]
        self.assertTrue(before.endswith("\n"), repr(before[-40:]))
        self.assertTrue(before.endswith("> \r\n"), repr(before[-40:]))  # once, no blank line


def ctrl_d_at_the_second_prompt():
    """agent.py --mock --chat on a terminal: one question, then Ctrl-D at the next prompt.
    (status, what the terminal showed)."""
    import pty
    primary, secondary = pty.openpty()
    with tempfile.TemporaryDirectory(prefix="stock-agent-test-") as logs:
        child = subprocess.Popen([sys.executable, "agent.py", "--mock", "--chat", "--lang",
                                  "en", "--log-dir", logs], cwd=ROOT, stdin=secondary,
                                 stdout=secondary, stderr=secondary)
        os.close(secondary)
        try:
            screen = _read_until(primary, b"> ")
            os.write(primary, b"Check A002\n")
            screen += _read_until(primary, b"(A002): stock 45", b"> ")
            os.write(primary, b"\x04")  # Ctrl-D at the second prompt
            screen += _read_until(primary)  # to the end: the child closed the terminal
            return child.wait(timeout=20), screen
        finally:
            os.close(primary)
            if child.poll() is None:
                child.kill()
                child.wait()


def _read_until(descriptor, *marks, seconds=20.0):
    """What the terminal shows until each of `marks` was seen, in order (none: until the
    child closes it), within `seconds`."""
    seen, deadline = b"", time.monotonic() + seconds
    while True:
        at = 0
        for mark in marks:
            at = seen.find(mark, at)
            if at < 0:
                break
            at += len(mark)
        if marks and at >= 0:
            return seen
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"the terminal never showed {marks}: {seen[-200:]!r}")
        if not select.select([descriptor], [], [], left)[0]:
            continue
        try:
            chunk = os.read(descriptor, 4096)
        except OSError:  # EIO: the child closed its end
            chunk = b""
        if not chunk:
            if marks:
                raise AssertionError(f"the terminal closed before {marks}: {seen[-200:]!r}")
            return seen
        seen += chunk


CTRL_D = Early(ctrl_d_at_the_second_prompt)


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the real processes start now."""
    start(*CLOSED_READER.values())
    if sys.platform != "win32":
        start(CTRL_D)
    return tests


if __name__ == "__main__":
    unittest.main()
