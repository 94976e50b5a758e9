"""A server that stops reading its stdin cannot hold the run (issue 20, item 1).

Writes to a server are bounded: they go through a pipe that never blocks the writer, so a
server that stops reading (tests/mcp_server.py --fault deaf, deaf-pings) costs a call its
--timeout and no more. The reader thread answers the server's pings without ever waiting
for the pipe, and stopping a server never waits for a write: --timeout, SIGTERM and the
log's terminal event still work. Real processes: the agent and the server both, each run
bounded by a few seconds (a hang fails the test, it does not hang the suite).
"""

import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import unittest
from unittest import mock

from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent import mcp
from stock_agent.mcp import stdio
from stock_agent.errors import EXIT_STATUS
from tests.support import DRIVER, Early, early_folder, run_cli, start
from tests.test_mcp_faults import Reaped
from tests.test_mcp_protocol import server

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOUND = 8.0  # seconds: a run that takes longer than this is stuck
# agent.py run as the script it is, with the wait between stopping a deaf server's stdin and
# its SIGTERM (stdio.EXIT_GRACE_SECONDS, 1 s) cut to 0.1 s, as the in-process tests below
# cut it: a deaf server is never going to exit on its own, and the suite need not wait.
AGENT_WITH_SHORT_GRACE = ("import runpy, sys; from stock_agent.mcp import stdio; "
                          "stdio.EXIT_GRACE_SECONDS = 0.1; sys.argv = sys.argv[1:]; "
                          "runpy.run_path(sys.argv[0], run_name='__main__')")


def agent_run(folder, *options, timeout="0.6"):
    """Start agent.py --mock, asking for test__lookup from the server of `options`, logging
    to `folder`: the child."""
    argv = [*DRIVER, "-c", AGENT_WITH_SHORT_GRACE, os.path.join(ROOT, "agent.py"),
            "--mock", "--mcp",
            server(*options), "--mcp-catalogue-above", "99", "--log-dir", folder,
            "--timeout", timeout, "-q", 'test__lookup {"sku": "A1"}']
    return subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def finished(child):
    """(status, stderr, seconds) of a child that must end within BOUND seconds."""
    started = time.monotonic()
    try:
        _, err = child.communicate(timeout=BOUND)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise AssertionError(f"the run was still going after {BOUND} s") from None
    return child.returncode, err, time.monotonic() - started


def deaf_pings_run(*, sigterm):
    """agent.py against a server that pings and stops reading, with --timeout 0.6; or with
    --timeout 30 and a SIGTERM while the call waits. (status, stderr, events, pids' folder)."""
    folder = early_folder("mcp-stuck-")
    log_dir, record = os.path.join(folder, "log"), os.path.join(folder, "record.jsonl")
    options = ("--fault", "deaf-pings", *Reaped(None, folder).options())
    if not sigterm:
        status, err, _ = finished(agent_run(log_dir, *options))
        return status, err, log_events(log_dir), folder
    child = agent_run(log_dir, *options, "--record", record, timeout="30")
    try:
        deadline = time.monotonic() + BOUND
        while not (os.path.exists(record) and "tools/call" in _methods(record)):
            if time.monotonic() > deadline:
                raise AssertionError("the call never reached the server")
            time.sleep(0.02)
        time.sleep(0.5)  # the pings flow and their answers fill the server's stdin
        child.send_signal(signal.SIGTERM)
        status, err, _ = finished(child)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    return status, err, log_events(log_dir), folder


def _methods(record):
    with open(record, encoding="utf-8") as file:
        return [json.loads(line).get("method") for line in file]


def log_events(log_dir):
    names = os.listdir(log_dir)
    with open(os.path.join(log_dir, names[0]), encoding="utf-8") as file:
        return [json.loads(line) for line in file]


# The two runs of a real agent.py (support.Early; load_tests starts them).
DEAF_PINGS = {"timeout": Early(deaf_pings_run, sigterm=False),
              "sigterm": Early(deaf_pings_run, sigterm=True)}


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the runs start now."""
    start(*DEAF_PINGS.values())
    return tests


class StoppedReadingTest(unittest.TestCase):
    def finished_run(self, which):
        status, err, events, folder = DEAF_PINGS[which].result()
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        return status, err, events, Reaped(None, folder)

    def test_a_server_that_pings_and_stops_reading_costs_the_call_its_timeout(self):
        status, err, events, pids = self.finished_run("timeout")
        self.assertEqual(status, 0, err)
        call, = [event for event in events if event["event"] == "tool"]
        self.assertEqual(call["error"], "MCP_TIMEOUT")
        self.assertEqual(events[-1]["event"], "completed")
        pids.assert_all_gone()

    def test_sigterm_ends_the_run_while_the_server_stops_reading(self):
        status, err, events, pids = self.finished_run("sigterm")
        self.assertEqual(status, EXIT_STATUS["TERMINATED"], err)
        self.assertEqual(events[-1]["event"], "cancelled")
        pids.assert_all_gone()

    def test_a_long_argument_to_a_server_that_stopped_reading_times_out(self):
        pids = Reaped(self)
        command = shlex.split(server("--fault", "deaf", *pids.options()))
        outcome = {}
        with mock.patch.object(stdio, "EXIT_GRACE_SECONDS", 0.1), mcp.running(
                [command], environ=os.environ, timeout=0.5, budget_seconds=30) as plugins:
            note, = [spec for spec in plugins.specs if spec["name"] == "test__note"]
            calling = threading.Thread(daemon=True, target=lambda: outcome.update(
                note["call"]({"text": "x" * 300_000})))
            started = time.monotonic()
            calling.start()
            calling.join(timeout=3)
            if calling.is_alive():  # unblock the write, so the test can end
                os.killpg(plugins._connections[0].pid, signal.SIGKILL)
                self.fail("a 300 kB argument blocked the call past --timeout")
        self.assertLess(time.monotonic() - started, 3)
        self.assertEqual(outcome["error"], "MCP_TIMEOUT")
        pids.assert_all_gone()

    def test_what_a_server_leaves_unread_is_bounded_and_stops_it(self):
        pids = Reaped(self)
        started = time.monotonic()
        with mock.patch.object(stdio, "MAX_UNREAD_BYTES", 100_000), \
                mock.patch.object(stdio, "EXIT_GRACE_SECONDS", 0.1):
            status, out, err, events = run_cli(
                ["--mcp", server("--fault", "deaf-pings", *pids.options()),
                 "--mcp-catalogue-above", "99", "--verify", "off", "--timeout", "30"],
                model=MockModel([calls_reply(tool_call("test__lookup", {"sku": "A1"}, "c1")),
                                 text_reply("done")]))
        self.assertLess(time.monotonic() - started, 5)
        self.assertEqual(status, 0, err)
        call, = [event for event in events if event["event"] == "tool"]
        self.assertEqual(call["error"], "MCP_PROTOCOL_ERROR")
        pids.assert_all_gone()


if __name__ == "__main__":
    unittest.main()
