"""A server's daemon does not outlive the run (issue 20, item 3).

A server's descendant that calls setsid leaves the process group that closing the server
signals (tests/mcp_server.py --daemon). On Linux this program is a child subreaper while
servers run, so such a process comes back to us once the server is gone, and is stopped and
waited for (stock_agent/mcp/reaper.py); a child of ours in our own session is left alone.
Real processes: the agent, the server and its daemon.
"""

import ctypes
import os
import shlex
import signal
import subprocess
import sys
import time
import unittest

from stock_agent.mcp import reaper
from tests.support import DRIVER, run_cli, temp_folder, wait_for
from tests.test_mcp_faults import Reaped, gone
from tests.test_mcp_protocol import answer_only, server

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pids_of(reaped):
    with open(reaped.path, encoding="utf-8") as file:
        return [int(pid) for pid in file.read().split()]


def session_of(pid):
    with open(f"/proc/{pid}/stat", encoding="utf-8") as file:
        return int(file.read().rsplit(")", 1)[1].split()[3])


@unittest.skipUnless(sys.platform.startswith("linux"), "subreapers are Linux's")
class DaemonTest(unittest.TestCase):
    def kill_later(self, pid):
        self.addCleanup(lambda: gone(pid, zombie_ok=True) or os.kill(pid, signal.SIGKILL))

    def test_a_daemon_of_the_server_is_gone_when_the_agent_exits(self):
        pids = Reaped(self)
        log_dir = temp_folder(self, "mcp-daemon-")
        started = time.monotonic()
        finished = subprocess.run(
            [sys.executable, os.path.join(ROOT, "agent.py"), "--mock", "--mcp",
             server("--daemon", *pids.options()), "--log-dir", log_dir, "-q", "Check A001"],
            cwd=ROOT, capture_output=True, text=True, timeout=10)
        self.assertEqual(finished.returncode, 0, finished.stderr)
        server_pid, daemon = pids_of(pids)
        self.kill_later(daemon)
        wait_for(lambda: gone(server_pid) and gone(daemon, zombie_ok=True), seconds=3)
        self.assertLess(time.monotonic() - started, 8)

    def test_the_daemon_is_reaped_and_our_own_children_are_left_alone(self):
        ours = subprocess.Popen([*DRIVER, "-c", "import time; time.sleep(30)"])
        self.addCleanup(lambda: (ours.kill(), ours.wait()))
        pids = Reaped(self)
        status, out, err, events = run_cli(["--mcp", server("--daemon", *pids.options())],
                                           model=answer_only())
        self.assertEqual(status, 0, err)
        server_pid, daemon = pids_of(pids)
        self.kill_later(daemon)
        self.assertTrue(gone(daemon), "the daemon still runs, or is a zombie nobody reaped")
        self.assertTrue(gone(server_pid))
        self.assertIsNone(ours.poll())  # in our session: not the servers'

    def test_the_daemon_really_left_the_servers_session(self):
        # What the two tests above rely on: the test server's daemon is out of reach of the
        # server's process group, as a real daemon would be.
        pids = Reaped(self)
        child = subprocess.Popen(shlex.split(server("--daemon", *pids.options())),
                                 stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                 start_new_session=True)
        try:
            wait_for(lambda: os.path.exists(pids.path) and len(pids_of(pids)) == 2, seconds=5)
            server_pid, daemon = pids_of(pids)
            self.kill_later(daemon)
            self.assertNotEqual(session_of(daemon), session_of(server_pid))
        finally:
            child.stdin.close()
            child.wait(timeout=5)

    def test_the_subreaper_setting_is_given_back_after_the_run(self):
        before = subreaper()
        adopted = reaper.adopt_orphans()
        self.assertEqual(subreaper(), 1)
        self.assertEqual(reaper.reap_orphans(adopted), [])
        self.assertEqual(subreaper(), before)


def subreaper():
    value = ctypes.c_int()
    ctypes.CDLL(None).prctl(reaper.PR_GET_CHILD_SUBREAPER, ctypes.byref(value), 0, 0, 0)
    return value.value


if __name__ == "__main__":
    unittest.main()
