"""SIGTERM and SIGHUP end a run the way Ctrl-C does.

timeout(1), systemd, `docker stop` and a CI cancel send SIGTERM; a closed terminal sends
SIGHUP. Each is sent for real to `python agent.py` while the model server holds the request,
and to `python -m stock_agent.evals run` in the middle of a case. Each must give one stderr
line naming its code (TERMINATED, HANGUP), the documented exit status (143, 129: 128 + the
signal, as a shell reports it), no traceback, and a log that ends with `cancelled` carrying
the code.
"""

import contextlib
import io
import json
import os
import signal
import sys
import tempfile
import threading
import time
import unittest
from unittest import mock

import tools
from mock_model import MockModel, calls_reply, text_reply, tool_call

from stock_agent import errors
from stock_agent.errors import EXIT_STATUS, Stopped, raise_if_stopped, stop_workers
from tests import fake_server
from tests.fake_server import FakeServer
from tests.support import Early, run_cli, sigint_child, signal_beside, start
from tests.test_mcp_protocol import Recorded
from tests.test_mcp_protocol import server as mcp_server

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIGNALS = {"SIGTERM": "TERMINATED", "SIGHUP": "HANGUP"}


def only_log(log_dir):
    names = os.listdir(log_dir)
    assert len(names) == 1, names
    return log_events(os.path.join(log_dir, names[0]))


def log_events(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file]


def stopped(argv, name, *, cases=None):
    """`argv` (given `cases`, a file of them, as its last argument) asking a server that
    holds the request, sent signal `name` once it asked: (status, out, err, its log)."""
    with FakeServer() as server, tempfile.TemporaryDirectory() as folder:
        server.reply("/api/chat", 200, fake_server.hang(10.0))
        if cases is not None:
            argv = [*argv, os.path.join(folder, "cases.jsonl")]
            with open(argv[-1], "w", encoding="utf-8") as file:
                file.write(json.dumps(cases) + "\n")
        log_dir = os.path.join(folder, "runs")
        argv = [*argv, "--base-url", server.url, "--model", "m", "--log-dir", log_dir,
                "--lang", "en"]

        def asked():
            return any(r["path"] == "/api/chat" for r in server.requests)
        return (*sigint_child(argv, asked, cwd=ROOT, sig=getattr(signal, name)),
                only_log(log_dir))


# Real processes the tests only wait for (support.Early; load_tests starts them).
POSIX = hasattr(signal, "SIGHUP")
AGENT_STOPPED = {name: Early(stopped, [sys.executable, "agent.py"], name) for name in SIGNALS}
EVALUATION_STOPPED = Early(stopped, [sys.executable, "-m", "stock_agent.evals", "run"],
                           "SIGTERM", cases={"id": "one", "question": "Check A001"})


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the real processes start now."""
    if POSIX:
        start(*AGENT_STOPPED.values(), EVALUATION_STOPPED)
    return tests


@unittest.skipUnless(POSIX, "needs POSIX signals")
class EndsLikeCtrlC(unittest.TestCase):
    def test_the_agent_ends_with_one_line_a_status_and_a_terminal_event(self):
        for name, code in SIGNALS.items():
            with self.subTest(signal=name):
                status, out, err, events = AGENT_STOPPED[name].result()
                self.assertEqual(status, EXIT_STATUS[code], err)
                self.assertEqual(status, 128 + getattr(signal, name))
                lines = err.splitlines()
                self.assertEqual(len(lines), 2, err)  # the code's line, then the log's path
                self.assertTrue(lines[0].startswith(f"stock-agent: {code}: "))
                self.assertNotIn("Traceback", err)
                self.assertEqual(out, "")
                self.assertEqual([e["event"] for e in events],
                                 ["run_started", "tools_narrowed", "cancelled"])
                self.assertEqual((events[-1]["code"], events[-1]["exit_status"]),
                                 (code, status))

    def test_an_evaluation_stops_with_the_signal_s_status(self):
        status, _, err, events = EVALUATION_STOPPED.result()
        self.assertEqual(status, EXIT_STATUS["TERMINATED"], err)
        self.assertEqual(err.splitlines(), [err.splitlines()[0]])
        self.assertTrue(err.startswith("stock-agent: TERMINATED: "), err)
        self.assertEqual(events[-1]["code"], "TERMINATED")


ENDING = {signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)}


@unittest.skipUnless(sys.platform.startswith("linux"), "reads /proc/self/task")
class OnlyTheMainThreadTakesThem(unittest.TestCase):
    """The kernel gives a process's signal to any thread that does not block it; Python
    runs the handler on the main thread only. A Ctrl-C or SIGTERM given to a worker waiting
    in a read left the main thread waiting out a 30 s MCP call (a flaky suite test)."""

    def test_mcp_readers_parallel_tool_calls_and_evaluation_jobs_block_them(self):
        from stock_agent.evals import harness
        from stock_agent.mcp import stdio

        masks = []
        before = signal.pthread_sigmask(signal.SIG_BLOCK, [])
        connection = stdio.Connection([sys.executable, "-c", "import sys; sys.stdin.read()"],
                                      label="idle", environ=dict(os.environ))
        try:
            masks += [blocked(thread.native_id) for thread in connection._threads]
        finally:
            connection.close()
        own = lambda: masks.append(signal.pthread_sigmask(signal.SIG_BLOCK, []))
        tools._in_parallel([own, own], workers=2)
        harness._run_concurrently(lambda *_: own(), [({}, 0), ({}, 1)], None, None, None, 2)
        self.assertEqual(len(masks), 8)
        for mask in masks:
            self.assertLessEqual(ENDING, set(mask))
        self.assertEqual(signal.pthread_sigmask(signal.SIG_BLOCK, []), before)


class ASignalAsAWaitBegins(unittest.TestCase):
    """A signal that lands just before the main thread begins a wait is taken in C and
    interrupts nothing (support.signal_beside leaves that state on purpose). A SIGTERM'd
    run so sat out a 30 s MCP call (a flaky suite test, seen in CI). Every long wait of
    the main thread is cut into slices, and the run ends within one of them. Each wait
    here would last 8 s unsliced; the run must end within 3 s."""

    def setUp(self):
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        self.addCleanup(signal.signal, signal.SIGINT, previous)

    def assert_cancelled_soon(self, argv, ready, **options):
        sender = signal_beside(signal.SIGINT, a_moment_after(ready))
        status, out, err, events = run_cli([*argv, "--lang", "en"], **options)
        sender.join()
        self.assertLess(time.monotonic() - sender.sent, 3.0)
        self.assertEqual(status, EXIT_STATUS["CANCELLED"], err)
        self.assertEqual(events[-1]["event"], "cancelled")

    def test_waiting_for_the_model(self):
        with FakeServer() as server:
            server.reply("/api/chat", 200, fake_server.hang(8.0))
            self.assert_cancelled_soon(
                ["--base-url", server.url, "--model", "m", "--timeout", "8"],
                lambda: server.requests)

    def test_waiting_to_ask_the_model_again(self):
        with FakeServer() as server:
            server.reply("/api/chat", 503, {"error": "busy"}, headers={"Retry-After": "8"})
            self.assert_cancelled_soon(["--base-url", server.url, "--model", "m"],
                                       lambda: server.requests)

    def test_waiting_for_an_mcp_call(self):
        record = Recorded(self)
        script = [calls_reply(tool_call("test__slow", {"seconds": 8}, "c1")),
                  text_reply("done")]
        self.assert_cancelled_soon(
            ["--mcp", mcp_server("--record", record.path), "--mcp-catalogue-above", "99",
             "--verify", "off"],
            lambda: os.path.exists(record.path) and "tools/call" in record.methods(),
            model=MockModel(script))

    def test_waiting_for_a_parallel_batch(self):
        running = threading.Event()

        def slow(inventory, arguments):
            running.set()
            time.sleep(8)
            return {}
        schema = {"type": "object", "properties": {"sku": {"type": "string"}}}
        box = tools.Toolbox([tools.Tool(name="probe", description="d", parameters=schema,
                                        handler=slow)])
        script = [calls_reply(tool_call("probe", {"sku": "A"}, "c1"),
                              tool_call("probe", {"sku": "B"}, "c2"))]
        with mock.patch.object(tools, "default_toolbox", return_value=box):
            self.assert_cancelled_soon([], running.is_set, model=MockModel(script))


class AnEvaluationsJobsEndWithIt(unittest.TestCase):
    """Only the main thread hears a signal, and `--jobs 2` runs the cases on workers: each
    run in flight used to wait out its model request (and a retry), 40 s after a SIGTERM."""

    def setUp(self):
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        self.addCleanup(signal.signal, signal.SIGINT, previous)

    def test_each_run_in_flight_ends_cancelled_at_once(self):
        self.assert_stopped_at_once(fake_server.hang(8.0))

    def test_also_while_its_reply_trickles_in(self):
        # a byte every 0.05 s: no slice runs out, and each run still hears the stop
        self.assert_stopped_at_once(fake_server.trickle(fake_server.ollama_chat("A001 " * 99),
                                                        interval=0.05))

    def assert_stopped_at_once(self, reply):
        from stock_agent.evals.__main__ import main as evals_main
        with FakeServer() as server, tempfile.TemporaryDirectory() as folder:
            server.reply("/api/chat", 200, reply, repeat=True)
            cases = os.path.join(folder, "cases.jsonl")
            with open(cases, "w", encoding="utf-8") as file:
                for number in range(3):
                    file.write(json.dumps({"id": f"c{number}", "question": "Check A001"}) + "\n")
            log_dir = os.path.join(folder, "runs")

            def both_asked():
                return sum(r["path"] == "/api/chat" for r in server.requests) == 2
            sender = signal_beside(signal.SIGINT, a_moment_after(both_asked))
            with contextlib.redirect_stdout(io.StringIO()), \
                    contextlib.redirect_stderr(io.StringIO()) as err:
                status = evals_main(["run", cases, "--jobs", "2", "--base-url", server.url,
                                     "--model", "m", "--log-dir", log_dir], environ={})
            sender.join()
            self.assertLess(time.monotonic() - sender.sent, 3.0)
            self.assertEqual(status, EXIT_STATUS["CANCELLED"], err.getvalue())
            logs = [log_events(os.path.join(log_dir, name)) for name in os.listdir(log_dir)]
        self.assertEqual(len(logs), 2)  # the third case never started
        for events in logs:
            self.assertEqual((events[-1]["event"], events[-1]["code"]),
                             ("cancelled", "CANCELLED"))
        self.assertIsNone(errors._stopping)  # nothing stays stopped


    def test_a_stopped_run_s_parallel_batch_ends_without_a_word(self):
        # An MCP call in a parallel batch hears the stop on the batch's own thread; that
        # thread ends quietly, and the run's thread ends the run.
        stop_workers("TERMINATED")
        self.addCleanup(stop_workers, None)
        with contextlib.redirect_stderr(io.StringIO()) as err:
            with self.assertRaises(Stopped):
                tools._in_parallel([raise_if_stopped, raise_if_stopped], workers=2)
        self.assertEqual(err.getvalue(), "")

    def test_a_signal_as_the_cases_are_handed_out_stops_them_too(self):
        # A signal that arrives while the cases are handed out waits, blocked, until then.
        from stock_agent.evals import harness
        ended = []

        def case(*_):
            deadline = time.monotonic() + 8
            try:
                while time.monotonic() < deadline:
                    raise_if_stopped()
                    time.sleep(0.02)
            finally:
                ended.append(True)

        with mock.patch("stock_agent.cli.held", PendingSignal):
            with self.assertRaises(KeyboardInterrupt):
                harness._run_concurrently(case, [({}, 0), ({}, 1)], None, None, None, 2)
        self.assertEqual(ended, [True, True])  # each ended before the evaluation did
        self.assertIsNone(errors._stopping)

    def test_a_second_signal_while_the_runs_end_leaves_nothing_stopped(self):
        from concurrent.futures import ThreadPoolExecutor
        from stock_agent.evals import harness
        shutdown = ThreadPoolExecutor.shutdown

        def cut_short(pool, wait=True, **options):
            shutdown(pool, wait=False, **options)
            if wait:
                raise KeyboardInterrupt  # the second Ctrl-C

        sender = signal_beside(signal.SIGINT, a_moment_after(lambda: True))
        with mock.patch.object(ThreadPoolExecutor, "shutdown", cut_short):
            with self.assertRaises(KeyboardInterrupt):
                harness._run_concurrently(lambda *_: time.sleep(1), [({}, 0), ({}, 1)],
                                          None, None, None, 2)
        sender.join()
        self.assertIsNone(errors._stopping)


class PendingSignal:
    """cli.held, with a Ctrl-C that arrived while it held the signals: raised as it ends."""

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        raise KeyboardInterrupt


def a_moment_after(ready):
    """A test true a quarter second after `ready()` first was: time for the main thread to
    have begun its wait."""
    since = []

    def check():
        if not since and ready():
            since.append(time.monotonic())
        return bool(since) and time.monotonic() - since[0] > 0.25
    return check


def blocked(native_id):
    """The signals a thread of this process blocks, read from /proc."""
    with open(f"/proc/self/task/{native_id}/status") as file:
        mask = int(next(line for line in file if line.startswith("SigBlk:")).split()[1], 16)
    return {signal.Signals(number) for number in range(1, 65)
            if mask >> (number - 1) & 1 and number in signal.valid_signals()}


if __name__ == "__main__":
    unittest.main()
