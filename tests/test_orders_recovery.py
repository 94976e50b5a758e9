"""Recovery from unknown outcomes: crashes, races and Ctrl-C in real processes, and --resume.

The crash cases run the real `agent.main` in a child process whose ledger call pauses at a
chosen moment (after the commit, or before it) and touches a marker file; the test then
sends a real SIGKILL or SIGINT. `--resume RUN_ID` then runs as its own process too. The rules
each test proves are in stock_agent/orders/writes.py's docstring; the same rules on
hand-written journals (every state, every refusal) run in-process below.
"""

import contextlib
import errno
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

import agent
from stock_agent.errors import EXIT_STATUS, AgentError
from stock_agent.orders.journal import Journal, path_for, read
from stock_agent.orders.ledger import Ledger
from stock_agent.orders.writes import OrderDesk
from tests.support import (DRIVER, Early, english_prose, sigint_child, start,
                           temp_folder, wait_for)
from tests.test_orders_writes import ORDER, rows

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN = "20261130T000000Z-abcdef"

# The real main(), with the ledger call paused: "after" it committed, "before" it did, or
# at a "barrier" until the file `go` exists (two processes then write at the same moment).
PAUSED_LEDGER = """
import os, sys, time
import agent
from stock_agent.orders import ledger
from tests.support import pause

marker, when, go = sys.argv[1:4]
real_place = ledger.Ledger.place

def place(self, tenant, key, order):
    if when == "before":
        open(marker, "w").close()
        pause()
    if when == "barrier":
        open(marker, "w").close()
        while not os.path.exists(go):
            time.sleep(0.002)
    placed = real_place(self, tenant, key, order)
    if when == "after":
        open(marker, "w").close()
        pause()
    return placed

ledger.Ledger.place = place
raise SystemExit(agent.main(sys.argv[4:]))
"""

# The real main(), its ledger paused after the commit (touching `marker`) and, once a
# Ctrl-C broke that pause, paused again in the lookup that settles it (touching `settling`).
PAUSED_TWICE = """
import sys
import agent
from stock_agent.orders import ledger
from tests.support import pause

marker, settling = sys.argv[1:3]
real_place, real_find = ledger.Ledger.place, ledger.Ledger.find
interrupted = []

def place(self, tenant, key, order):
    placed = real_place(self, tenant, key, order)
    try:  # the marker too: a Ctrl-C as soon as it exists lands in here
        open(marker, "w").close()
        pause()
    except KeyboardInterrupt:
        interrupted.append(True)
        raise
    return placed

def find(self, tenant, key):
    if interrupted:
        open(settling, "w").close()
        pause()
    return real_find(self, tenant, key)

ledger.Ledger.place, ledger.Ledger.find = place, find
raise SystemExit(agent.main(sys.argv[3:]))
"""

# The real main() with a model that is slow to answer once a tool result came back.
SLOW_SECOND_REQUEST = """
import sys
import agent, mock_model
from tests.support import pause

real_chat = mock_model.MockModel.chat

def chat(self, messages, tools, *, timeout=None):
    if messages[-1]["role"] == "tool":
        open(sys.argv[1], "w").close()
        pause()
    return real_chat(self, messages, tools, timeout=timeout)

mock_model.MockModel.chat = chat
raise SystemExit(agent.main(sys.argv[2:]))
"""

# Two bare ledger writers with one key, released together.
RACING_WRITER = """
import os, sys, time
from stock_agent.orders.ledger import Ledger
path, marker, go = sys.argv[1:4]
ledger = Ledger(path)
open(marker, "w").close()
while not os.path.exists(go):
    time.sleep(0.002)
placed = ledger.place("north", "same-key", {"sku": "A001", "name": "x", "quantity": 18,
                                            "note": ""})
print(placed["order_id"], placed["created"])
"""


def journal_steps(log_dir, run_id):
    """The steps the journal holds, as --resume reads them (a torn line is no step)."""
    return [record["step"] for record in read(log_dir, run_id)[0]]


def log_of(log_dir, run_id):
    with open(os.path.join(log_dir, run_id + ".jsonl"), encoding="utf-8") as file:
        return [json.loads(line) for line in file]


class Desk:
    """One test's orders in a folder of their own: the ledger, the log folder (journals
    too) and the marker a paused child touches; and the steps the tests take there."""

    def place(self, folder):
        self.folder = folder
        self.ledger = os.path.join(folder, "orders.db")
        self.log_dir = os.path.join(folder, "runs")
        self.marker = os.path.join(folder, "paused")
        return self

    def crash(self, when, sig=signal.SIGKILL):
        """Order 18 of A001 in a child paused in the ledger call, then signal it.
        Returns (exit status, stderr, run id)."""
        status, _, err = sigint_child(
            [*DRIVER, "-c", PAUSED_LEDGER, self.marker, when, "-", "--mock",
             "--orders", self.ledger, "--approve", "-q", "order 18 of A001", "--lang", "en",
             "--log-dir", self.log_dir],
            lambda: os.path.exists(self.marker), cwd=ROOT, sig=sig)
        return status, err, self.only_run()

    def only_run(self):
        run_id, = [name[:-6] for name in os.listdir(self.log_dir) if name.endswith(".jsonl")]
        return run_id

    def resume_process(self, run_id, *flags):
        """`python agent.py --resume RUN_ID` as its own process: (status, out, events)."""
        done = subprocess.run(
            [sys.executable, "agent.py", "--resume", run_id, "--orders", self.ledger,
             "--log-dir", self.log_dir, "--lang", "en", "--json", *flags],
            cwd=ROOT, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        result = json.loads(done.stdout)
        return done.returncode, result, log_of(self.log_dir, result["run_id"])

    def state(self, run_id):
        """What the ledger, the run's journal and its log hold now."""
        return {"rows": rows(self.ledger), "journal": journal_steps(self.log_dir, run_id),
                "log": log_of(self.log_dir, run_id)}

    def planned(self, *steps, order=ORDER, tenant="default", ledger=None, source=None):
        """Write the journal of run RUN, cut off after `steps`; returns the call's key."""
        Ledger(self.ledger).close()  # the ledger exists, as the run had created it
        os.makedirs(self.log_dir, exist_ok=True)
        key = OrderDesk(None, run_id=RUN, tenant=None, log_dir=self.log_dir,
                        log=None).key(ORDER)
        journal = Journal(path_for(self.log_dir, RUN))
        for step in steps:
            fields = {"intent": {"run_id": RUN, "tool": "draft_purchase_order",
                                 "order": order, "tenant": tenant,
                                 "ledger": ledger or os.path.abspath(self.ledger),
                                 "source": source, "approved_by": "flag"},
                      "receipt": {"receipt": {"order_id": "PO-000001", "idempotency_key": key,
                                              "ledger": "orders.db", "created": True}}}
            journal.record(step, key, **fields.get(step, {}))
        journal.close()
        return key


class Recovery(unittest.TestCase, Desk):
    def setUp(self):
        self.place(temp_folder(self, "stock-agent-recovery-"))


# --- Crashes, races and Ctrl-C in real processes ---------------------------------------
#
# Each scene runs its processes at a Desk of its own as the suite loads this module
# (support.Early; load_tests starts them), and notes what the ledger, journal and log held
# after each step; CrashTest's tests assert on those notes, step by step.

def at_a_desk(scene):
    """`scene(desk)` at a Desk in a temporary folder of its own: what it noted."""
    with tempfile.TemporaryDirectory(prefix="stock-agent-recovery-") as folder:
        return scene(Desk().place(folder))


def killed_after_the_commit(desk):
    status, _, run_id = desk.crash("after")
    noted = {"status": status, "run_id": run_id, "crashed": desk.state(run_id)}
    noted["resumed"] = desk.resume_process(run_id)
    noted["after resume"] = desk.state(run_id)
    noted["again"] = desk.resume_process(run_id)  # once more: the receipt
    noted["after again"] = desk.state(run_id)
    return noted


def killed_before_the_commit(desk):
    status, _, run_id = desk.crash("before")
    noted = {"status": status, "run_id": run_id, "rows": rows(desk.ledger),
             "key": read(desk.log_dir, run_id)[0][0]["key"]}
    noted["resumed"] = desk.resume_process(run_id, "--approve")
    noted["after resume"] = rows(desk.ledger)
    return noted


def ctrl_c_twice(desk):
    """The ledger committed PO-000001; Ctrl-C, then Ctrl-C again during the lookup that
    would have found it."""
    settling = os.path.join(desk.folder, "settling")
    child = subprocess.Popen(
        [*DRIVER, "-c", PAUSED_TWICE, desk.marker, settling, "--mock", "--orders",
         desk.ledger, "--approve", "-q", "order 18 of A001", "--lang", "en",
         "--log-dir", desk.log_dir],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: os.path.exists(desk.marker))
        child.send_signal(signal.SIGINT)
        wait_for(lambda: os.path.exists(settling))
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    run_id = desk.only_run()
    noted = {"status": child.returncode, "err": err, "run_id": run_id,
             "stopped": desk.state(run_id)}
    noted["resumed"] = desk.resume_process(run_id)  # the command it named finds it
    noted["after resume"] = rows(desk.ledger)
    return noted


def racing_resumes(desk):
    key = desk.planned("intent", "dispatched")  # a run cut off before its commit
    go = os.path.join(desk.folder, "go")
    markers = [desk.marker + str(n) for n in (1, 2)]
    children = [subprocess.Popen(
        [*DRIVER, "-c", PAUSED_LEDGER, marker, "barrier", go, "--resume", RUN,
         "--orders", desk.ledger, "--approve", "--log-dir", desk.log_dir, "--json"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for marker in markers]
    try:
        wait_for(lambda: all(os.path.exists(m) for m in markers))
        open(go, "w").close()  # both are inside the ledger call: write, now
        results = [json.loads(child.communicate(timeout=30)[0]) for child in children]
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
    return {"key": key, "results": results, "rows": rows(desk.ledger)}


def racing_bare_writers(desk):
    go = os.path.join(desk.folder, "go")
    markers = [desk.marker + str(n) for n in (1, 2)]
    children = [subprocess.Popen([*DRIVER, "-c", RACING_WRITER, desk.ledger,
                                  marker, go], cwd=ROOT, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for marker in markers]
    try:
        wait_for(lambda: all(os.path.exists(m) for m in markers))
        open(go, "w").close()
        said = sorted(child.communicate(timeout=30)[0].split() for child in children)
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
    return {"said": said, "rows": rows(desk.ledger)}


def ctrl_c_after_the_write(desk):
    status, out, err = sigint_child(
        [*DRIVER, "-c", SLOW_SECOND_REQUEST, desk.marker, "--mock", "--orders",
         desk.ledger, "--approve", "-q", "order 18 of A001", "--lang", "en",
         "--log-dir", desk.log_dir],
        lambda: os.path.exists(desk.marker), cwd=ROOT)
    return {"status": status, "out": out, "err": err, **desk.state(desk.only_run())}


def journals_not_regular(desk):
    """--resume of a journal that is a FIFO or /dev/zero, in both languages: [(kind, what
    it must say, the CompletedProcess)]."""
    Ledger(desk.ledger).close()
    os.makedirs(desk.log_dir)
    path, runs = path_for(desk.log_dir, RUN), []
    for kind, lang, said in (("fifo", "en", "not a regular file (a FIFO, a device or a "
                                            "folder)"),
                             ("/dev/zero", "en", "not a regular file"),
                             ("fifo", "zh-TW", "不是一般檔案（而是 FIFO、裝置或資料夾）")):
        with contextlib.suppress(FileNotFoundError):
            os.remove(path)
        if kind == "fifo":
            os.mkfifo(path)
        else:
            os.symlink(kind, path)
        runs.append((kind, lang, said, subprocess.run(
            [sys.executable, "agent.py", "--resume", RUN, "--orders", desk.ledger,
             "--log-dir", desk.log_dir, "--lang", lang, "--approve"],
            cwd=ROOT, capture_output=True, text=True, timeout=15, stdin=subprocess.DEVNULL)))
    return runs


POSIX = hasattr(os, "mkfifo") and os.path.exists("/dev/zero")
SCENES = {scene.__name__: Early(at_a_desk, scene) for scene in (
    killed_after_the_commit, killed_before_the_commit, ctrl_c_twice, racing_resumes,
    racing_bare_writers, ctrl_c_after_the_write, journals_not_regular)}


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the scenes start now."""
    start(*(scene for name, scene in SCENES.items()
            if POSIX or name != "journals_not_regular"))
    return tests


class CrashTest(unittest.TestCase):
    def test_kill_9_between_dispatch_and_receipt_then_resume_reconciles(self):
        noted = SCENES["killed_after_the_commit"].result()
        run_id, crashed = noted["run_id"], noted["crashed"]
        self.assertEqual(noted["status"], -signal.SIGKILL)
        self.assertEqual(len(crashed["rows"]), 1)  # the ledger committed ...
        self.assertEqual(crashed["journal"], ["intent", "dispatched"])
        self.assertEqual(crashed["log"][-1]["event"], "write_dispatched")

        (status, result, events), now = noted["resumed"], noted["after resume"]
        self.assertEqual(status, 0, result)
        self.assertEqual(result["answer"], f"Run {run_id}: order PO-000001 (18 x A001) was "
                         "placed before the run was interrupted: found in the ledger.")
        self.assertEqual(len(now["rows"]), 1)  # ... and nothing placed it again
        self.assertEqual(now["journal"], ["intent", "dispatched", "receipt"])  # no 2nd dispatch
        self.assertEqual(events[0]["resume_of"], run_id)
        self.assertEqual([e["event"] for e in events if e["event"].startswith("write_")],
                         ["write_reconciled", "write_receipt"])
        self.assertEqual(events[-1]["orders"], ["PO-000001"])
        self.assertEqual(result["orders"][0]["idempotency_key"], now["rows"][0][1])

        (status, result, events), now = noted["again"], noted["after again"]
        self.assertIn("was already done: its receipt is reused", result["answer"])
        self.assertEqual(now["journal"], ["intent", "dispatched", "receipt"])
        self.assertEqual(len(now["rows"]), 1)

    def test_kill_9_before_the_commit_then_resume_asks_again_and_places_it_once(self):
        noted = SCENES["killed_before_the_commit"].result()
        self.assertEqual(noted["status"], -signal.SIGKILL)
        self.assertEqual(noted["rows"], [])

        status, result, events = noted["resumed"]
        self.assertEqual(status, 0, result)
        self.assertEqual(result["answer"], f"Run {noted['run_id']}: order PO-000001 (18 x A001) "
                         "was placed now, after approval.")
        self.assertEqual(noted["after resume"],
                         [("default", noted["key"], "A001", 18)])  # the same key
        self.assertEqual([e.get("found") for e in events if e["event"] == "write_reconciled"],
                         [False])
        tool_event, = [e for e in events if e["event"] == "tool"]
        self.assertEqual(tool_event["approved_by"], "flag")

    def test_a_second_ctrl_c_while_the_write_is_settled_says_it_is_unknown(self):
        # The ledger committed PO-000001; Ctrl-C, then Ctrl-C again during the lookup that
        # would have found it. The run must not say that no order was placed.
        noted = SCENES["ctrl_c_twice"].result()
        err, run_id, stopped = noted["err"], noted["run_id"], noted["stopped"]
        self.assertEqual(len(stopped["rows"]), 1)  # it was placed ...
        self.assertEqual(noted["status"], EXIT_STATUS["WRITE_UNCONFIRMED"], err)
        self.assertNotIn("no order was placed", err)  # ... so nothing may say otherwise
        self.assertIn("stopped by Ctrl-C before the ledger's answer was recorded", err)
        self.assertIn(f"--resume {run_id}", err)
        events = stopped["log"]
        self.assertEqual([e["event"] for e in events][-2:], ["write_unknown", "failed"])
        self.assertEqual(events[-1]["code"], "WRITE_UNCONFIRMED")
        self.assertEqual(stopped["journal"], ["intent", "dispatched"])

        status, result, _ = noted["resumed"]  # the command it named finds it
        self.assertEqual(status, 0, result)
        self.assertIn("order PO-000001 (18 x A001) was placed before the run was "
                      "interrupted", result["answer"])
        self.assertEqual(len(noted["after resume"]), 1)

    def test_two_processes_racing_on_the_same_key_leave_one_order(self):
        noted = SCENES["racing_resumes"].result()
        results = noted["results"]
        self.assertEqual([r["exit_status"] for r in results], [0, 0])
        self.assertEqual(noted["rows"], [("default", noted["key"], "A001", 18)])
        receipts = [r["orders"][0] for r in results]
        self.assertEqual({r["order_id"] for r in receipts}, {"PO-000001"})
        self.assertEqual(sorted(r["created"] for r in receipts), [False, True])

    def test_two_bare_ledger_writers_on_one_key_get_one_order(self):
        noted = SCENES["racing_bare_writers"].result()
        self.assertEqual(noted["said"], [["PO-000001", "False"], ["PO-000001", "True"]])
        self.assertEqual(len(noted["rows"]), 1)

    def test_ctrl_c_after_a_completed_write_says_so_and_the_order_stays(self):
        noted = SCENES["ctrl_c_after_the_write"].result()
        self.assertEqual(noted["status"], EXIT_STATUS["CANCELLED"], noted["err"])
        lines = noted["err"].splitlines()
        self.assertEqual(lines[:2], [
            "stock-agent: CANCELLED: cancelled by the user.",
            "stock-agent: this run placed PO-000001 (orders.db) before it stopped; stopping "
            "does not undo a write."])
        self.assertEqual((noted["out"], len(lines)), ("", 3))  # no answer; then the log's path
        events = noted["log"]
        receipt, = [e for e in events if e["event"] == "write_receipt"]
        self.assertEqual(receipt["order_id"], "PO-000001")
        self.assertEqual(events[-1]["event"], "cancelled")
        self.assertEqual(events[-1]["orders"], ["PO-000001"])
        self.assertEqual(len(noted["rows"]), 1)  # cancelling rolled nothing back
        self.assertEqual(noted["journal"][-1], "receipt")


class ResumeRulesTest(Recovery):
    """Each recovery rule on a hand-written journal, through the real main() in-process."""

    def resume(self, *flags, run_id=RUN, answer=None):
        """--resume in-process. `answer`: a person at the terminal types it at the prompt;
        without it, stdin is no terminal and nobody can be asked."""
        out, err = io.StringIO(), io.StringIO()
        at_terminal = mock.patch("stock_agent.cli.is_terminal", return_value=True) \
            if answer is not None else contextlib.nullcontext()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                mock.patch("sys.stdin", io.StringIO(answer or "")), at_terminal:
            status = agent.main(["--resume", run_id, "--orders", self.ledger, "--log-dir",
                                 self.log_dir, "--lang", "en", "--json", *flags])
        result = json.loads(out.getvalue())
        events = log_of(self.log_dir, result["run_id"]) if result["run_id"] else []
        return status, result, events

    def test_never_dispatched_asks_again_and_a_no_settles_it(self):
        self.planned("intent")
        status, result, events = self.resume(answer="n\n")
        self.assertEqual(status, 0)
        self.assertEqual(result["answer"], f"Run {RUN}: 18 x A001 was not placed "
                                           "(APPROVAL_DENIED).")
        self.assertEqual(rows(self.ledger), [])
        self.assertEqual(journal_steps(self.log_dir, RUN), ["intent", "not_placed"])
        status, result, _ = self.resume("--approve")  # settled: a later yes changes nothing
        self.assertEqual(rows(self.ledger), [])

    def test_with_nobody_to_ask_an_approved_order_stays_open_and_says_so(self):
        # cron or CI: no terminal, no --approve. Not a no: a later --approve places it.
        key = self.planned("intent")
        status, result, events = self.resume()
        self.assertEqual((status, result["error"]["code"]),
                         (EXIT_STATUS["APPROVAL_NEEDED"], "APPROVAL_NEEDED"))
        message = result["error"]["message"]
        self.assertIn(f"Run {RUN}: 18 x A001 waits for approval", message)
        self.assertIn(f"--resume {RUN} --orders {self.ledger}", message)
        self.assertIn("--approve", message)
        self.assertEqual((rows(self.ledger), journal_steps(self.log_dir, RUN)),
                         ([], ["intent"]))
        self.assertEqual(events[-1]["code"], "APPROVAL_NEEDED")
        status, result, _ = self.resume("--lang", "zh-TW")
        self.assertIn("此處無人能核准", result["error"]["message"])
        status, result, _ = self.resume("--approve")
        self.assertEqual(status, 0, result)
        self.assertEqual(rows(self.ledger), [("default", key, "A001", 18)])

    def test_never_dispatched_and_approved_is_placed_under_its_recorded_key(self):
        key = self.planned("intent")
        status, result, _ = self.resume("--approve")
        self.assertEqual(status, 0)
        self.assertEqual(rows(self.ledger), [("default", key, "A001", 18)])
        self.assertEqual(journal_steps(self.log_dir, RUN),
                         ["intent", "intent", "dispatched", "receipt"])

    def test_another_catalogue_is_refused_and_a_refusing_check_leaves_it_open(self):
        key = self.planned("intent", source="built-in sample data, not a live ERP")
        catalogue = os.path.join(self.folder, "other.csv")
        with open(catalogue, "w", encoding="utf-8") as file:
            file.write("sku,name,stock,target\nB001,Tea,1,2\n")
        status, result, events = self.resume("--approve", "--inventory", catalogue)
        self.assertEqual((status, result["error"]["code"]),
                         (EXIT_STATUS["RESUME_UNAVAILABLE"], "RESUME_UNAVAILABLE"))
        self.assertIn("give the run's --inventory", result["error"]["message"])
        # A journal from before sources were recorded: the check that refuses the order
        # (A001 is not in this catalogue) leaves it open; with the run's data it is placed.
        os.remove(path_for(self.log_dir, RUN))
        key = self.planned("intent")
        status, result, _ = self.resume("--approve", "--inventory", catalogue)
        self.assertEqual((status, rows(self.ledger)), (0, []))
        self.assertIn("(SKU_NOT_FOUND)", result["answer"])
        self.assertEqual(journal_steps(self.log_dir, RUN), ["intent"])
        status, result, _ = self.resume("--approve")
        self.assertEqual(rows(self.ledger), [("default", key, "A001", 18)])

    def test_a_receipt_is_reused_without_asking_the_ledger(self):
        self.planned("intent", "dispatched", "receipt")
        with mock.patch.object(Ledger, "place", side_effect=AssertionError("asked")), \
                mock.patch.object(Ledger, "find", side_effect=AssertionError("asked")):
            status, result, _ = self.resume()
        self.assertEqual(status, 0)
        self.assertEqual(result["orders"][0]["order_id"], "PO-000001")
        self.assertFalse(result["orders"][0]["created"])

    def test_unknown_outcome_is_looked_up(self):
        key = self.planned("intent", "dispatched", "unknown")
        Ledger(self.ledger).place("default", key, ORDER)  # it had happened after all
        status, result, _ = self.resume()
        self.assertEqual((status, [o["order_id"] for o in result["orders"]]),
                         (0, ["PO-000001"]))
        self.assertEqual(len(rows(self.ledger)), 1)

    def test_a_changed_record_is_never_sent(self):
        self.planned("intent", "dispatched", order={**ORDER, "quantity": 180})
        status, result, events = self.resume("--approve")
        self.assertEqual(status, EXIT_STATUS["IDEMPOTENCY_CONFLICT"])
        self.assertEqual(result["error"]["code"], "IDEMPOTENCY_CONFLICT")
        self.assertEqual(rows(self.ledger), [])
        self.assertEqual(journal_steps(self.log_dir, RUN)[-1], "not_placed")

    def test_a_line_cut_short_by_a_crash_is_skipped_and_counted(self):
        self.planned("intent", "dispatched")
        with open(path_for(self.log_dir, RUN), "a", encoding="utf-8") as file:
            file.write('{"step": "rece')
        status, result, events = self.resume("--approve")
        self.assertEqual(status, 0)
        self.assertEqual(events[0]["journal_lines_skipped"], 1)
        self.assertTrue(result["answer"].endswith(
            " 1 line(s) of its journal could not be read."), result["answer"])
        self.assertEqual(len(rows(self.ledger)), 1)
        self.assertEqual(journal_steps(self.log_dir, RUN)[-1], "receipt")  # own line

    def test_a_record_missing_what_it_must_hold_is_skipped_not_a_crash(self):
        Ledger(self.ledger).close()
        os.makedirs(self.log_dir)
        with open(path_for(self.log_dir, RUN), "w", encoding="utf-8") as file:
            file.write('{"step": "intent", "key": "k", "order": {"sku": "A001"}}\n'
                       '{"step": "receipt", "key": "k"}\n[]\n')
        status, result, events = self.resume()
        self.assertEqual(status, 0, result)
        self.assertEqual(result["answer"], f"Run {RUN} has no order to settle. 3 line(s) of "
                                           "its journal could not be read.")

    def test_what_cannot_be_resumed(self):
        self.planned("intent")
        other = os.path.join(self.folder, "other.db")
        Ledger(other).close()
        for flags, code in (
                (["--run", "20261130T000000Z-000000"], "RESUME_UNAVAILABLE"),
                (["--tenant", "north", "--inventory",
                  os.path.join(ROOT, "examples", "inventory.csv")],
                 "RESUME_UNAVAILABLE"),
                (["--orders", other], "RESUME_UNAVAILABLE")):
            with self.subTest(flags=flags):
                run_id = flags[1] if flags[0] == "--run" else RUN
                extra = [] if flags[0] == "--run" else flags
                status, result, events = self.resume(*extra, run_id=run_id)
                self.assertEqual((status, result["error"]["code"]),
                                 (EXIT_STATUS[code], code))
                self.assertEqual(events, [])  # refused before a log was started
        os.remove(self.ledger)
        status, result, _ = self.resume()
        self.assertEqual((status, os.path.exists(self.ledger)),
                         (EXIT_STATUS["LEDGER_UNAVAILABLE"], False))

    def test_what_cannot_be_resumed_is_said_in_zh_tw(self):
        self.planned("intent", source="built-in sample data, not a live ERP")
        other = os.path.join(self.folder, "other.db")
        Ledger(other).close()
        catalogue = os.path.join(ROOT, "examples", "inventory.csv")
        tea = os.path.join(self.folder, "tea.csv")
        with open(tea, "w", encoding="utf-8") as file:
            file.write("sku,name,stock,target\nB001,Tea,1,2\n")
        missing = path_for(self.log_dir, "20261130T000000Z-000000")
        for flags, said in (
                (["--run", "20261130T000000Z-000000"], f"無法讀取其操作日誌 {missing}（"),
                (["--tenant", "north", "--inventory", catalogue],
                 "其訂單屬於租戶 default，而非 north：請指定該次執行的 --tenant 與 --inventory"),
                (["--orders", other], f"而非 {os.path.realpath(other)}：請以 --orders 指定該檔案"),
                (["--inventory", tea], f"其訂單是依據 built-in sample data, not a live ERP 檢查，"
                                       "而非 tea.csv：請指定該次執行的 --inventory")):
            with self.subTest(flags=flags):
                run_id = flags[1] if flags[0] == "--run" else RUN
                extra = [] if flags[0] == "--run" else flags
                status, result, _ = self.resume(*extra, "--lang", "zh-TW", run_id=run_id)
                message = result["error"]["message"]
                self.assertEqual(status, EXIT_STATUS["RESUME_UNAVAILABLE"])
                self.assertIn(said, message)
                self.assertEqual(english_prose(message, self.folder, os.strerror(errno.ENOENT),
                                               "built-in sample data, not a live ERP"), [])
        os.remove(self.ledger)
        status, result, _ = self.resume("--lang", "zh-TW")
        self.assertEqual(status, EXIT_STATUS["LEDGER_UNAVAILABLE"])
        self.assertIn("檔案不存在；--resume 只開啟該次執行寫入的帳本", result["error"]["message"])
        self.assertEqual(english_prose(result["error"]["message"], self.folder), [])

    def test_a_journal_without_content_still_settles_and_never_sends_a_lost_note(self):
        # Without --log-content the journal keeps the note's length, not its text.
        kept = {"sku": "A001", "name": "濾掛咖啡", "quantity": 18}
        key = self.planned("intent", order={**kept, "note_chars": 0})  # empty: known exactly
        status, result, _ = self.resume("--approve")
        self.assertEqual(status, 0, result)
        self.assertEqual(rows(self.ledger), [("default", key, "A001", 18)])
        os.remove(path_for(self.log_dir, RUN))
        os.remove(self.ledger)
        self.planned("intent", order={**kept, "note_chars": 12})
        for lang, said in (("en", "The journal does not hold the note of 1 order"),
                           ("zh-TW", "操作日誌未保存其中 1 筆訂單的備註")):
            with self.subTest(lang=lang):
                status, result, events = self.resume("--approve", "--lang", lang)
                self.assertEqual((status, result["error"]["code"]),
                                 (EXIT_STATUS["NOTE_WITHHELD"], "NOTE_WITHHELD"))
                self.assertIn(said, result["error"]["message"])
                self.assertEqual((rows(self.ledger), journal_steps(self.log_dir, RUN)),
                                 ([], ["intent"]))  # never sent, still open
                self.assertEqual(events[-1]["code"], "NOTE_WITHHELD")

    def test_a_lost_note_does_not_stop_a_lookup_from_settling_a_dispatched_order(self):
        key = self.planned("intent", "dispatched", order={
            "sku": "A001", "name": "濾掛咖啡", "quantity": 18, "note_chars": 4})
        Ledger(self.ledger).place("default", key, {**ORDER, "note": "lids"})
        status, result, _ = self.resume()
        self.assertEqual((status, [o["order_id"] for o in result["orders"]]),
                         (0, ["PO-000001"]), result)

    def test_flags_that_do_not_go_with_resume_are_usage_errors(self):
        for argv in (["--resume", RUN], ["--resume", "../../etc/passwd", "--orders", "x"],
                     ["--resume", RUN, "--orders", "x", "-q", "order 1 of A001"]):
            with self.subTest(argv=argv), self.assertRaises(SystemExit) as caught, \
                    mock.patch("sys.stderr"):
                agent.main(argv)
            self.assertEqual(caught.exception.code, 2)


@unittest.skipUnless(POSIX, "needs POSIX")
class JournalFileTest(Recovery):
    """--resume reads its journal as every file a person names (stock_agent/files.py): a
    FIFO would wait for a writer for ever, /dev/zero never ends. Real processes, with a
    timeout, so a regression fails instead of hanging the suite."""

    def test_a_fifo_or_dev_zero_journal_is_refused_at_once_with_one_line(self):
        for kind, lang, said, done in SCENES["journals_not_regular"].result():
            with self.subTest(kind=kind, lang=lang):
                self.assertEqual(done.returncode, EXIT_STATUS["RESUME_UNAVAILABLE"])
                self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
                self.assertIn(said, done.stderr)
                self.assertEqual(done.stdout, "")

    def test_a_journal_past_its_cap_is_refused(self):
        self.planned("intent")
        from stock_agent.orders import journal
        with mock.patch.object(journal, "MAX_JOURNAL_BYTES", 100), \
                self.assertRaises(AgentError) as caught:
            journal.read(self.log_dir, RUN)
        self.assertEqual(caught.exception.code, "RESUME_UNAVAILABLE")
        self.assertIn("larger than 100 bytes", caught.exception.message("en"))


if __name__ == "__main__":
    unittest.main()
