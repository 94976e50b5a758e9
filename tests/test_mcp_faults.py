"""A server that crashes, hangs, writes garbage or floods: a clear code, and it is reaped.

At start-up each fault ends the run with its exit status (50-54), one line on stderr and no
log (nothing ran). During a run the fault is the call's result, the model is told, and the
run goes on without that server. In every case the server's process (and the child it
started) is gone when the run returns, also after Ctrl-C and SIGTERM to a real process, and
when the server ignores both its closed stdin and SIGTERM.
"""

import concurrent.futures
import json
import os
import signal
import sys
import threading
import time
import unittest
from unittest import mock

from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent.errors import EXIT_STATUS, Stopped
from stock_agent import mcp
from stock_agent.mcp import stdio
from tests.support import run_cli, sigint_child, wait_for, temp_folder
from tests.test_mcp_protocol import Recorded, server

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def gone(pid, *, zombie_ok=False):
    """True once `pid` no longer runs. The server is our child: it must be reaped too (no
    zombie). Its own child is reparented when the server dies, and reaping it is then the
    init process's job: a zombie there is dead enough."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as file:
            return zombie_ok and file.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return False


class Reaped:
    """The pids the server writes (itself, and its child with --child), to check later."""

    def __init__(self, test, folder=None):
        self.path = os.path.join(folder or temp_folder(test, "mcp-pids-"), "pids")

    def options(self, child=False):
        return ("--pid-file", self.path, *(("--child",) if child else ()))

    def assert_all_gone(self):
        with open(self.path, encoding="utf-8") as file:
            pids = [int(pid) for pid in file.read().split()]
        server, *children = pids
        wait_for(lambda: gone(server) and all(gone(pid, zombie_ok=True) for pid in children),
                 seconds=10)  # a bound, not a figure the test proves (a loaded machine)


def run(script, *options, argv=()):
    return run_cli(["--mcp", server(*options), "--mcp-catalogue-above", "99", "--verify", "off",
                    *argv], model=MockModel([*script, text_reply("done")]))


def call(name, arguments=None):
    return calls_reply(tool_call(name, arguments or {}, "c1"))


def tool_events(events):
    return [event for event in events if event["event"] == "tool"]


class StartUpFaultTest(unittest.TestCase):
    def check(self, code, *options, argv=()):
        pids = Reaped(self)
        status, out, err, events = run([], *pids.options(), *options, argv=argv)
        self.assertEqual(status, EXIT_STATUS[code], err)
        self.assertEqual(err.count("\n"), 1, err)
        self.assertTrue(err.startswith(f"stock-agent: {code}: MCP server "), err)
        self.assertEqual(events, [])
        pids.assert_all_gone()
        return err

    def test_a_server_that_exits_shows_its_last_stderr_line(self):
        err = self.check("MCP_SERVER_EXITED", "--fault", "exit-at-start")
        self.assertIn("status 3", err)
        self.assertIn("boom: no config file", err)

    def test_garbage_on_stdout_is_a_protocol_error(self):
        err = self.check("MCP_PROTOCOL_ERROR", "--fault", "garbage-at-start")
        self.assertIn("Starting test server", err)

    def test_a_silent_server_times_out(self):
        started = time.monotonic()
        with mock.patch("stock_agent.mcp.client.DISCOVER_PROBE_SECONDS", 0.1):
            err = self.check("MCP_TIMEOUT", "--fault", "hang-at-start",
                             argv=["--timeout", "0.2"])
        self.assertLess(time.monotonic() - started, 2.5)
        self.assertIn("initialize", err)

    def test_a_stderr_flood_is_an_output_limit_and_never_blocks(self):
        err = self.check("MCP_OUTPUT_LIMIT", "--fault", "flood-stderr")
        self.assertIn("stderr", err)


class CallFaultTest(unittest.TestCase):
    def test_a_crash_fails_that_call_and_every_later_one_at_once(self):
        pids, record = Reaped(self), Recorded(self)
        status, out, err, events = run(
            [call("test__crash"), call("test__lookup", {"sku": "A1"})],
            *pids.options(child=True), "--record", record.path)
        self.assertEqual(status, 0, err)
        crashed, later = tool_events(events)
        self.assertEqual((crashed["error"], later["error"]), ("MCP_SERVER_EXITED",) * 2)
        self.assertEqual(record.methods().count("tools/call"), 1)
        pids.assert_all_gone()

    def test_a_hung_call_times_out_is_cancelled_and_the_server_goes_on(self):
        record = Recorded(self)
        started = time.monotonic()
        status, out, err, events = run(
            [call("test__hang"), call("test__lookup", {"sku": "A1"})], "--record", record.path,
            argv=["--timeout", "0.3", "--log-content"])
        self.assertEqual(status, 0, err)
        self.assertLess(time.monotonic() - started, 2.0)
        hung, later = tool_events(events)
        self.assertEqual(hung["error"], "MCP_TIMEOUT")
        self.assertTrue(later["ok"])
        hang_id = [m["id"] for m in record.messages() if m.get("method") == "tools/call"][0]
        cancelled = [m for m in record.messages()
                     if m.get("method") == "notifications/cancelled"]
        self.assertEqual(cancelled[0]["params"]["requestId"], hang_id)
        self.assertIn("whether it did anything is unknown", hung["result"]["detail"])

    def test_garbage_during_a_call_stops_the_server(self):
        pids = Reaped(self)
        status, out, err, events = run(
            [call("test__garbage"), call("test__lookup", {"sku": "A1"})], *pids.options())
        self.assertEqual(status, 0, err)
        garbage, later = tool_events(events)
        self.assertEqual(garbage["error"], "MCP_PROTOCOL_ERROR")
        self.assertEqual(later["error"], "MCP_PROTOCOL_ERROR")
        pids.assert_all_gone()

    def test_a_call_never_waits_past_the_run_budget(self):
        started = time.monotonic()
        status, out, err, events = run([call("test__slow", {"seconds": 5})],
                                       argv=["--budget-seconds", "0.5", "--timeout", "30"])
        self.assertLess(time.monotonic() - started, 3.0)
        self.assertEqual(tool_events(events)[0]["error"], "MCP_TIMEOUT")
        # The loop's own budget starts after the servers' start-up, so the mock's instant
        # answer may still fit in it.
        self.assertIn(status, (0, EXIT_STATUS["TIME_BUDGET"]), err)


class ReapingTest(unittest.TestCase):
    def test_a_server_that_ignores_eof_and_sigterm_is_killed_with_its_child(self):
        pids = Reaped(self)
        with mock.patch.object(stdio, "EXIT_GRACE_SECONDS", 0.1):
            status, out, err, events = run([], *pids.options(child=True),
                                           "--fault", "ignore-eof")
        self.assertEqual(status, 0, err)
        pids.assert_all_gone()

    def test_sigterm_cancels_and_no_signal_can_cut_the_shutdown_short(self):
        seen = {}

        def close(plugins):
            seen.update({sig: signal.getsignal(sig)
                         for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)})

        before = signal.getsignal(signal.SIGTERM)
        with mock.patch.object(mcp.Plugins, "close", close):
            with self.assertRaises(Stopped) as stopped:
                with mcp.running([], environ={}, timeout=1, budget_seconds=1):
                    os.kill(os.getpid(), signal.SIGTERM)
                    time.sleep(5)  # the handler interrupts this at once
        self.assertEqual(stopped.exception.code, "TERMINATED")
        self.assertEqual(seen, dict.fromkeys((signal.SIGINT, signal.SIGTERM, signal.SIGHUP),
                                             signal.SIG_IGN))
        self.assertIs(signal.getsignal(signal.SIGTERM), before)

    def test_ctrl_c_and_sigterm_during_a_call_cancel_the_run_and_reap_the_server(self):
        runs = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:  # both at once
            for signal_number in (signal.SIGINT, signal.SIGTERM):
                pids, record = Reaped(self), Recorded(self)
                log_dir = temp_folder(self, "mcp-cancel-")
                command = server(*pids.options(child=True), "--record", record.path)
                argv = [sys.executable, os.path.join(ROOT, "agent.py"), "--mock", "--mcp",
                        command, "--mcp-catalogue-above", "99", "--log-dir", log_dir,
                        "-q", 'test__slow {"seconds": 30}']
                ready = (lambda record: lambda: os.path.exists(record.path)
                         and "tools/call" in record.methods())(record)
                runs[signal_number] = (pids, log_dir, pool.submit(
                    sigint_child, argv, ready, cwd=ROOT, sig=signal_number))
        for signal_number, code in ((signal.SIGINT, "CANCELLED"),
                                    (signal.SIGTERM, "TERMINATED")):
            with self.subTest(signal=signal_number.name):
                pids, log_dir, outcome = runs[signal_number]
                status, out, err = outcome.result()
                self.assertEqual(status, EXIT_STATUS[code], err)
                self.assertNotIn("Traceback", err)
                self.assertIn(code, err)
                with open(os.path.join(log_dir, os.listdir(log_dir)[0])) as file:
                    events = [json.loads(line) for line in file]
                self.assertEqual(events[-1]["event"], "cancelled")
                pids.assert_all_gone()



class ExitAtOnceTest(unittest.TestCase):
    def test_a_server_gone_before_its_stderr_reader_started_is_still_read_to_its_end(self):
        # A loaded machine (a suite beside a model server) let the stdout reader see the end
        # of a server that exited at once before the stderr reader had started; joining it
        # raised in the reader thread, and the failure was never recorded.
        start, raised = threading.Thread.start, []

        def late_stderr_start(thread):
            if getattr(thread, "_target", None) and thread._target.__name__ == "_drain_stderr":
                time.sleep(0.3)
            start(thread)

        hook = threading.excepthook
        threading.excepthook = raised.append
        try:
            with mock.patch.object(threading.Thread, "start", late_stderr_start):
                connection = stdio.Connection([sys.executable, "-c", "pass"], label="gone",
                                              environ=dict(os.environ))
            wait_for(lambda: connection.failure is not None, seconds=5)
            self.assertEqual(connection.failure.code, "MCP_SERVER_EXITED")
            connection.close()
        finally:
            threading.excepthook = hook
        self.assertEqual(raised, [])

if __name__ == "__main__":
    unittest.main()
