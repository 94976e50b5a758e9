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
import tempfile
import unittest

from stock_agent.errors import EXIT_STATUS
from stock_agent.runlog import refused_writes
from tests.support import Early, run_cli, start, temp_folder

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


class Stranger:
    """A person's machine in `folder`: a HOME, the folder they stand in, and the program as
    a checkout holds it (pyproject.toml beside agent.py) and as an install lays it out in
    site-packages (the same modules, no pyproject.toml)."""

    def __init__(self, folder):
        self.folder = folder
        self.home, self.here = self.new_folder("home"), self.new_folder("cwd")
        self.checkout = self.copy_of_program("checkout", checkout=True)
        self.installed = self.copy_of_program("site-packages", checkout=False)

    def new_folder(self, name):
        path = os.path.join(self.folder, name)
        os.mkdir(path)
        return path

    def copy_of_program(self, name, *, checkout):
        target = os.path.join(self.folder, name)
        shutil.copytree(os.path.join(ROOT, "stock_agent"), os.path.join(target, "stock_agent"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        for module in ("agent.py", "tools.py", "mock_model.py") + (
                ("pyproject.toml",) if checkout else ()):
            shutil.copy2(os.path.join(ROOT, module), target)
        return target

    def run(self, program, *argv, cwd=None, stdin="", **variables):
        """agent.py --mock of `program`, run from `cwd` (else `here`) with only PATH, HOME,
        LANG and `variables` set: the CompletedProcess."""
        environ = {"PATH": os.environ.get("PATH", ""), "HOME": self.home, "LANG": "C.UTF-8",
                   "PYTHONIOENCODING": "utf-8", **variables}
        return subprocess.run([sys.executable, os.path.join(program, "agent.py"), "--mock",
                               "--lang", "en", *argv], cwd=cwd or self.here, env=environ,
                              input=stdin, capture_output=True, text=True, timeout=30)


def logs_in(folder):
    return sorted(name for name in os.listdir(folder) if name.endswith(".jsonl")) \
        if os.path.isdir(folder) else []


def as_a_stranger(story):
    """`story(stranger)` with a Stranger in a temporary folder of its own: what it says."""
    with tempfile.TemporaryDirectory(prefix="stock-agent-stranger-") as folder:
        return story(Stranger(folder))


def from_a_checkout(stranger):
    runs = os.path.join(stranger.checkout, "runs")
    before = logs_in(runs)
    done = stranger.run(stranger.checkout, "-q", "Check A001")
    return {"runs": [done], "folder": runs, "new": sorted(set(logs_in(runs)) - set(before)),
            "here": os.listdir(stranger.here)}


def installed(stranger):
    state = os.path.join(stranger.home, ".local", "state", "stock-agent")
    done = stranger.run(stranger.installed, "-q", "Check A001")
    told = {"in state": len(logs_in(state)), "here": os.listdir(stranger.here)}
    xdg = stranger.new_folder("xdg")
    with_xdg = stranger.run(stranger.installed, "-q", "Check A001", XDG_STATE_HOME=xdg)
    return {"runs": [done, with_xdg], **told, "in xdg": len(logs_in(os.path.join(
        xdg, "stock-agent"))), "in state after": len(logs_in(state))}


def with_the_variable_and_the_flag(stranger):
    chosen, flagged, runs = stranger.new_folder("chosen"), stranger.new_folder("flagged"), []
    for program in (stranger.checkout, stranger.installed):
        runs.append(stranger.run(program, "-q", "Check A001", STOCK_AGENT_LOG_DIR=chosen))
        runs.append(stranger.run(program, "-q", "Check A001", "--log-dir", flagged,
                                 STOCK_AGENT_LOG_DIR=chosen))
    return {"runs": runs, "chosen": len(logs_in(chosen)), "flagged": len(logs_in(flagged)),
            "home .local": os.path.exists(os.path.join(stranger.home, ".local"))}


def continued_from_elsewhere(stranger):
    started = stranger.run(stranger.installed, "--chat", stdin="Check A001\n")
    done = stranger.run(stranger.installed, "--continue", "last", "-q", "Check A002",
                        cwd=stranger.new_folder("elsewhere"))
    return {"runs": [started, done]}


# Real processes the tests only wait for (support.Early; load_tests starts them).
STORIES = {story.__name__: Early(as_a_stranger, story) for story in (
    from_a_checkout, installed, with_the_variable_and_the_flag, continued_from_elsewhere)}


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the real processes start now."""
    start(*STORIES.values())
    return tests


class LogFolder(unittest.TestCase):
    """Item 3: where the logs go when --log-dir is not given. Real processes on copies of
    the program (Stranger), started early."""

    def told(self, story):
        told = STORIES[story].result()
        for done in told["runs"]:
            self.assertNotIn("Traceback", done.stderr)
        return told

    def test_a_checkout_logs_in_runs_beside_agent_py_from_any_folder(self):
        told = self.told("from_a_checkout")
        done, = told["runs"]
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(len(told["new"]), 1)
        self.assertIn(os.path.join(told["folder"], told["new"][0]), done.stderr)
        self.assertEqual(told["here"], [])  # no runs/ where the person stands

    def test_installed_it_logs_in_the_per_user_state_folder(self):
        told = self.told("installed")
        done, with_xdg = told["runs"]
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(told["in state"], 1, done.stderr)
        self.assertEqual(told["here"], [])
        self.assertEqual(told["in xdg"], 1, with_xdg.stderr)
        self.assertEqual(told["in state after"], 1)

    def test_the_variable_overrides_both_and_the_flag_overrides_all(self):
        told = self.told("with_the_variable_and_the_flag")
        self.assertEqual((told["chosen"], told["flagged"]), (2, 2))
        self.assertFalse(told["home .local"])

    def test_continue_last_finds_the_conversation_from_another_folder(self):
        started, done = self.told("continued_from_elsewhere")["runs"]
        self.assertEqual(started.returncode, 0, started.stderr)
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
