"""Cancellation and local faults: Ctrl-C to a real process, and a log that cannot be written.

Ctrl-C is a real SIGINT sent to `python agent.py` (or to the real `agent.main` in a child
process whose one tool is slow), at a moment the test has confirmed: while the model server
holds the request, and while a tool runs. Every case must exit 130 with one `CANCELLED` line,
no traceback, and a log whose lines are all JSON and whose last line is `cancelled`.

A log folder that cannot be created, a disk that is full from the first line, and a disk that
fills up in the middle of a run (the log's descriptor swapped for /dev/full) must each exit 4
with one LOG_UNWRITABLE line and run nothing after the log stopped recording.

An inventory file that changes or disappears mid-run, and Ctrl-C while a parallel batch of
slow tools reads a loaded CSV inventory (a real child process), are in
tests/test_core_inventory_snapshot.py: the file is read whole before the run, so the run answers
from that snapshot whatever happens to the file.
"""

import contextlib
import io
import json
import os
import sys
import tempfile
import unittest
from unittest import mock

import agent
import tools
from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent.errors import EXIT_STATUS
from stock_agent.runlog import RunLog
from tests import fake_server
from tests.fake_server import FakeServer
from tests.support import DRIVER, Early, sigint_child, start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Runs the real main() with get_stock made slow; touches a marker file once the tool runs.
SLOW_TOOL_DRIVER = """
import sys, time
import agent, tools

def slow_get_stock(inventory, arguments):
    open(sys.argv[1], "w").close()
    time.sleep(30)

tools.GET_STOCK.handler = slow_get_stock
raise SystemExit(agent.main(sys.argv[2:]))
"""


def log_events(log_dir):
    names = os.listdir(log_dir)
    if len(names) != 1:
        raise AssertionError(f"expected one log, found {names}")
    with open(os.path.join(log_dir, names[0]), encoding="utf-8") as file:
        return [json.loads(line) for line in file]  # every line must be JSON


def ctrl_c_while_waiting_for_the_model():
    """agent.py asking a server that never answers, sent SIGINT once the request is in:
    (status, out, err, events)."""
    with FakeServer() as server, tempfile.TemporaryDirectory() as log_dir:
        server.reply("/api/chat", 200, fake_server.hang(15.0))
        return (*sigint_child(
            [sys.executable, "agent.py", "--base-url", server.url, "--model", "m",
             "--log-dir", log_dir, "--lang", "en"],
            lambda: any(r["path"] == "/api/chat" for r in server.requests), cwd=ROOT),
            log_events(log_dir))


def ctrl_c_while_a_tool_runs():
    """agent.py --mock whose get_stock sleeps, sent SIGINT once it runs: (status, out, err,
    events)."""
    with tempfile.TemporaryDirectory() as log_dir:
        marker, logs = os.path.join(log_dir, "tool-running"), os.path.join(log_dir, "runs")
        return (*sigint_child(
            [*DRIVER, "-c", SLOW_TOOL_DRIVER, marker, "--mock", "--log-dir", logs,
             "--lang", "en"], lambda: os.path.exists(marker), cwd=ROOT), log_events(logs))


# Real processes the tests only wait for (support.Early; load_tests starts them).
INTERRUPTED = {"model": Early(ctrl_c_while_waiting_for_the_model),
               "tool": Early(ctrl_c_while_a_tool_runs)}


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the real processes start now."""
    start(*INTERRUPTED.values())
    return tests


class Interrupt(unittest.TestCase):
    def interrupted(self, which):
        status, out, err, events = INTERRUPTED[which].result()
        self.assertEqual(status, EXIT_STATUS["CANCELLED"], err)
        self.assertNotIn("Traceback", err)
        lines = err.splitlines()
        self.assertEqual(len(lines), 2, err)  # the CANCELLED line, then where the log is
        self.assertTrue(lines[0].startswith("stock-agent: CANCELLED: "))
        self.assertEqual(out, "")  # no answer
        self.assertEqual(events[0]["event"], "run_started")
        self.assertEqual([e["event"] for e in events if e["event"] in
                          ("completed", "failed", "cancelled")], ["cancelled"])
        self.assertEqual(events[-1]["event"], "cancelled")
        return events

    def test_ctrl_c_while_waiting_for_the_model(self):
        events = self.interrupted("model")
        self.assertEqual([e["event"] for e in events],
                         ["run_started", "tools_narrowed", "cancelled"])

    def test_ctrl_c_while_a_tool_runs(self):
        events = self.interrupted("tool")
        # The model's reply is logged; the interrupted tool never reports a result.
        self.assertEqual([e["event"] for e in events],
                         ["run_started", "tools_narrowed", "model", "cancelled"])


class RecordingLog(RunLog):
    """The real RunLog, remembered so a test can swap its file descriptor mid-run."""

    opened = []

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        RecordingLog.opened.append(self)


def fill_the_disk():
    """Point the open run log at /dev/full: every later flush fails with ENOSPC."""
    full = os.open("/dev/full", os.O_WRONLY)
    os.dup2(full, RecordingLog.opened[-1]._file._file.fileno())  # its runlog.Records' file
    os.close(full)


@unittest.skipUnless(os.path.exists("/dev/full"), "needs /dev/full")
class LogFaults(unittest.TestCase):
    def run_main(self, model, argv):
        RecordingLog.opened = []
        out, err = io.StringIO(), io.StringIO()
        with mock.patch.object(agent, "RunLog", RecordingLog), \
                contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = agent.main(argv, make_model=lambda *a: model)
        return status, out.getvalue(), err.getvalue().splitlines()

    def assertLogUnwritable(self, status, out, lines):
        self.assertEqual(status, EXIT_STATUS["LOG_UNWRITABLE"])
        self.assertEqual(out, "")  # no answer without its evidence
        self.assertEqual(len(lines), 1, lines)
        self.assertTrue(lines[0].startswith("stock-agent: LOG_UNWRITABLE: "))

    def test_log_folder_that_cannot_be_created(self):
        with tempfile.TemporaryDirectory() as tmp:
            blocker = os.path.join(tmp, "a-file")
            open(blocker, "w").close()
            model = MockModel(script=[])  # asked even once, it fails the test
            result = self.run_main(model, ["--mock", "--log-dir", os.path.join(blocker, "runs")])
        self.assertLogUnwritable(*result)
        self.assertEqual(model.requests, [])

    def test_disk_full_from_the_first_line(self):
        def first_request(messages):
            raise AssertionError("the model was asked although the log holds nothing")

        with tempfile.TemporaryDirectory() as log_dir:
            real_started = RunLog.started

            def started_on_full_disk(log, **fields):
                fill_the_disk()
                real_started(log, **fields)

            with mock.patch.object(RunLog, "started", started_on_full_disk):
                result = self.run_main(MockModel(script=[first_request]),
                                       ["--mock", "--log-dir", log_dir])
        self.assertLogUnwritable(*result)

    def test_disk_fills_up_mid_run(self):
        ran = []

        def first_reply(messages):
            fill_the_disk()  # the model's event, and everything after it, cannot be written
            return calls_reply(tool_call("get_stock", {"sku": "A001"}, "call_1"))

        with tempfile.TemporaryDirectory() as log_dir, \
                mock.patch.object(tools.GET_STOCK, "handler", lambda *a: ran.append(a)):
            result = self.run_main(MockModel(script=[first_reply, text_reply("done")]),
                                   ["--mock", "--log-dir", log_dir])
            events = log_events(log_dir)
        self.assertLogUnwritable(*result)
        self.assertEqual(ran, [])  # nothing ran once the log stopped recording
        self.assertEqual([e["event"] for e in events], ["run_started", "tools_narrowed"])  # kept


if __name__ == "__main__":
    unittest.main()
