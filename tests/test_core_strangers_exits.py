"""Issue 34, items 2-4: what a stranger's script, folder and missing server get told.

- A write the question asked for that was refused (not approved, refused by the ledger)
  exits WRITE_REFUSED (47): the answer is still printed, the log's terminal event stays
  `completed` and says so, and a cron job can tell.
- Without --log-dir the logs go beside agent.py in a checkout, to the per-user state folder
  when installed, to $STOCK_AGENT_LOG_DIR when it is set, whatever the current folder; so
  `--continue` finds a conversation from anywhere. These run as real processes on copies of
  the program, with HOME and XDG_STATE_HOME in temporary folders, never the real home.
- No model chosen and nothing at the server's address: MODEL_UNREACHABLE (33) and how to
  start the server come first, not NO_MODEL.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import unittest

from stock_agent.errors import EXIT_STATUS
from stock_agent.runlog import refused_writes
from tests.support import run_cli, temp_folder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class RefusedWrite(unittest.TestCase):
    """Item 2: a refused order is not exit 0."""

    def order(self, *flags):
        ledger = os.path.join(temp_folder(self), "orders.db")
        return run_cli(["--mock", "--lang", "en", "--orders", ledger, *flags,
                        "-q", "order 18 of A001"], stdin="")  # no terminal to ask

    def test_an_order_nobody_approved_exits_write_refused_after_its_answer(self):
        status, out, err, events = self.order()
        self.assertEqual(status, EXIT_STATUS["WRITE_REFUSED"])
        self.assertEqual(status, 47)
        self.assertIn("not placed", out)
        self.assertTrue(err.startswith("stock-agent: WRITE_REFUSED: 1 write "), err)
        self.assertIn("--approve", err.splitlines()[0])
        last = events[-1]
        self.assertEqual((last["event"], last["exit_status"], last["refused"]),
                         ("completed", 47, ["1:0"]))
        self.assertNotIn("code", last)  # completed, not failed

    def test_json_keeps_completed_and_the_answer_and_says_the_status(self):
        status, out, _, _ = self.order("--json")
        shown = json.loads(out)
        self.assertEqual(status, 47)
        self.assertEqual((shown["status"], shown["exit_status"], shown["error"]),
                         ("completed", 47, None))
        self.assertIn("not placed", shown["answer"])

    def test_an_approved_order_still_exits_0(self):
        status, out, err, events = self.order("--approve")
        self.assertEqual(status, 0, err)
        self.assertIn("PO-000001", out)
        self.assertNotIn("refused", events[-1])

    def test_a_run_that_failed_after_a_refusal_keeps_its_own_status(self):
        status, _, err, events = self.order("--max-steps", "1")
        self.assertEqual(status, EXIT_STATUS["STEP_LIMIT"], err)
        self.assertNotIn("WRITE_REFUSED", err)
        self.assertNotIn("refused", events[-1])

    def test_a_refusal_the_same_call_made_good_later_does_not_count(self):
        call = {"sku": "A001", "quantity": 18}
        failed = {"ok": False, "error": "WRITE_FAILED", "detail": "the ledger was busy"}
        placed = {"ok": True, "data": {"receipt": {"order_id": "PO-000001"}}}
        self.assertEqual(refused_writes([self.record("1:0", call, failed)]), ["1:0"])
        self.assertEqual(refused_writes([self.record("1:0", call, failed),
                                         self.record("2:0", call, placed)]), [])
        self.assertEqual(refused_writes([self.record("1:0", call, failed),
                                         self.record("2:0", {**call, "quantity": 5}, placed)]),
                         ["1:0"])

    @staticmethod
    def record(invocation, arguments, result):
        return {"invocation": invocation, "name": "draft_purchase_order",
                "arguments": arguments, "result": result}


class LogFolder(unittest.TestCase):
    """Item 3: where the logs go when --log-dir is not given."""

    @classmethod
    def setUpClass(cls):
        base = temp_folder(cls)
        cls.checkout = cls.copy_of_program(os.path.join(base, "checkout"), checkout=True)
        cls.installed = cls.copy_of_program(os.path.join(base, "site-packages"),
                                            checkout=False)

    @staticmethod
    def copy_of_program(target, *, checkout):
        """The program as a checkout holds it (pyproject.toml beside agent.py), or as an
        install lays it out in site-packages (the same modules, no pyproject.toml)."""
        shutil.copytree(os.path.join(ROOT, "stock_agent"), os.path.join(target, "stock_agent"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        for name in ("agent.py", "tools.py", "mock_model.py") + (
                ("pyproject.toml",) if checkout else ()):
            shutil.copy2(os.path.join(ROOT, name), target)
        return target

    def setUp(self):
        self.home = temp_folder(self, "stock-agent-home-")
        self.here = temp_folder(self, "stock-agent-cwd-")

    def run_agent(self, program, *argv, cwd=None, stdin="", **variables):
        environ = {"PATH": os.environ.get("PATH", ""), "HOME": self.home, "LANG": "C.UTF-8",
                   "PYTHONIOENCODING": "utf-8", **variables}
        done = subprocess.run([sys.executable, os.path.join(program, "agent.py"), "--mock",
                               "--lang", "en", *argv], cwd=cwd or self.here, env=environ,
                              input=stdin, capture_output=True, text=True, timeout=30)
        self.assertNotIn("Traceback", done.stderr)
        return done

    def logs_in(self, folder):
        return sorted(name for name in os.listdir(folder) if name.endswith(".jsonl")) \
            if os.path.isdir(folder) else []

    def test_a_checkout_logs_in_runs_beside_agent_py_from_any_folder(self):
        runs = os.path.join(self.checkout, "runs")
        before = self.logs_in(runs)
        done = self.run_agent(self.checkout, "-q", "Check A001")
        self.assertEqual(done.returncode, 0, done.stderr)
        new = sorted(set(self.logs_in(runs)) - set(before))
        self.assertEqual(len(new), 1)
        self.assertIn(os.path.join(runs, new[0]), done.stderr)
        self.assertEqual(os.listdir(self.here), [])  # no runs/ where the person stands

    def test_installed_it_logs_in_the_per_user_state_folder(self):
        done = self.run_agent(self.installed, "-q", "Check A001")
        self.assertEqual(done.returncode, 0, done.stderr)
        state = os.path.join(self.home, ".local", "state", "stock-agent")
        self.assertEqual(len(self.logs_in(state)), 1, done.stderr)
        self.assertEqual(os.listdir(self.here), [])
        xdg = temp_folder(self, "stock-agent-xdg-")
        done = self.run_agent(self.installed, "-q", "Check A001", XDG_STATE_HOME=xdg)
        self.assertEqual(len(self.logs_in(os.path.join(xdg, "stock-agent"))), 1, done.stderr)
        self.assertEqual(len(self.logs_in(state)), 1)

    def test_the_variable_overrides_both_and_the_flag_overrides_all(self):
        chosen, flagged = temp_folder(self), temp_folder(self)
        for program in (self.checkout, self.installed):
            with self.subTest(program=os.path.basename(program)):
                self.run_agent(program, "-q", "Check A001", STOCK_AGENT_LOG_DIR=chosen)
                self.run_agent(program, "-q", "Check A001", "--log-dir", flagged,
                               STOCK_AGENT_LOG_DIR=chosen)
        self.assertEqual((len(self.logs_in(chosen)), len(self.logs_in(flagged))), (2, 2))
        self.assertFalse(os.path.exists(os.path.join(self.home, ".local")))

    def test_continue_last_finds_the_conversation_from_another_folder(self):
        started = self.run_agent(self.installed, "--chat", stdin="Check A001\n")
        self.assertEqual(started.returncode, 0, started.stderr)
        elsewhere = temp_folder(self, "stock-agent-cwd-")
        done = self.run_agent(self.installed, "--continue", "last", "-q", "Check A002",
                              cwd=elsewhere)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("A002", done.stdout)


def dead_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class NoServer(unittest.TestCase):
    """Item 4: no model chosen and nothing listening: say the server is unreachable first."""

    def test_nothing_at_the_ollama_address_is_unreachable_not_no_model(self):
        url = f"http://127.0.0.1:{dead_port()}"
        for how, environ in (("OLLAMA_HOST", {"OLLAMA_HOST": url.removeprefix("http://")}),
                             ("--base-url", None)):
            flags = ["--base-url", url] if environ is None else []
            with self.subTest(how=how):
                status, _, err, events = run_cli(["-q", "x", "--lang", "en", *flags],
                                                 environ=environ or {})
                self.assertEqual(status, EXIT_STATUS["MODEL_UNREACHABLE"], err)
                line, = err.splitlines()
                self.assertTrue(line.startswith("stock-agent: MODEL_UNREACHABLE: "), line)
                self.assertIn(url, line)
                self.assertIn("Start it with `ollama serve`", line)
                self.assertEqual(events, [])

    def test_nothing_at_an_openai_compatible_address_is_unreachable_too(self):
        url = f"http://127.0.0.1:{dead_port()}/v1"
        status, _, err, _ = run_cli(["-q", "x", "--lang", "en", "--provider", "openai",
                                     "--base-url", url])
        self.assertEqual(status, EXIT_STATUS["MODEL_UNREACHABLE"], err)
        self.assertIn("llama-server", err)


if __name__ == "__main__":
    unittest.main()
