"""One JSONL reader and writer (stock_agent/runlog.py) for every record file, one rule for a
torn last line.

- A torn last line (a process died mid-write) in a run log, the operation journal and a
  conversation's record is handled the same way by the same code: runlog's reader never
  parses it and counts it as a line that could not be read, and runlog's Records cuts it
  off before anything is appended. The spies below fail a caller that reads its lines, or
  mends the file, by a rule of its own.
- A full disk under the writer is the caller's code, with its exit status: LOG_UNWRITABLE
  for a log, JOURNAL_UNWRITABLE (and no order sent) for the journal.
- The reader splits on newlines only, caps what it reads and reads regular files only.
"""

import os
import shutil
import tempfile
import threading
import unittest
from unittest import mock

from mock_model import MockModel
from stock_agent import runlog
from stock_agent.chat import session
from stock_agent.errors import EXIT_STATUS, AgentError
from stock_agent.evals import stats
from stock_agent.orders.journal import Journal, path_for
from stock_agent.orders.ledger import Ledger
from stock_agent.orders.writes import OrderDesk
from tests.support import run_cli
from tests.test_evals_stats import write_log
from tests.test_orders_writes import ORDER, rows

RUN = "20261130T000000Z-abcdef"
TORN = '{"event": "model", "st'  # the first bytes of a line whose writer died


class Folder(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="stock-agent-records-")
        self.addCleanup(shutil.rmtree, self.dir)

    def only(self, suffix):
        name, = [name for name in os.listdir(self.dir) if name.endswith(suffix)]
        return os.path.join(self.dir, name)


class OneRuleForATornLastLine(Folder):
    """Each kind of file through its own caller, with runlog's line parser and its cut spied
    on: every complete line is parsed there, the torn one never, and the cut is made there."""

    def setUp(self):
        super().setUp()
        self.parsed, self.cuts = [], []
        real_record, real_cut = runlog._record, runlog._cut_torn_line

        def record(line, check):
            self.parsed.append(line)
            return real_record(line, check)

        def cut(file, end):
            self.cuts.append((os.fstat(file.fileno()).st_size, end))
            real_cut(file, end)

        for name, spy in (("_record", record), ("_cut_torn_line", cut)):
            patcher = mock.patch.object(runlog, name, spy)
            patcher.start()
            self.addCleanup(patcher.stop)

    def tear(self, path):
        """Append the start of a line to `path`; returns what the file held before."""
        with open(path, "rb") as file:
            complete = file.read()
        with open(path, "a", encoding="utf-8") as file:
            file.write(TORN)
        return complete

    def assertReadByRunlog(self, complete):
        self.assertNotIn(TORN, self.parsed)
        lines = complete.decode("utf-8").split("\n")[:-1]
        self.assertTrue(lines and set(lines) <= set(self.parsed), "read by a reader of its own")

    def assertCutByRecords(self, path, complete):
        """Cut once, by runlog.Records, from the torn size back to the last complete line;
        what was there stays, and every line after it is a whole record."""
        self.assertEqual(self.cuts, [(len(complete) + len(TORN), len(complete))])
        with open(path, "rb") as file:
            data = file.read()
        self.assertTrue(data.startswith(complete))
        self.assertNotIn(TORN.encode(), data)
        self.assertEqual(runlog.read_records(path)[1], 0)

    def test_a_run_log_read_by_the_statistics_and_appended_to(self):
        run_cli(["--mock", "-q", "Check A001"], log_dir=self.dir)
        path = self.only(".jsonl")
        complete = self.tear(path)
        summary = stats.summarize_directory(self.dir)
        self.assertEqual((summary["bad_lines"], summary["by_status"]), (1, {"completed": 1}))
        number = complete.count(b"\n") + 1
        self.assertEqual(summary["bad_examples"], [
            f"{os.path.basename(path)}:{number}: not a JSON object with an event"])
        self.assertReadByRunlog(complete)

        _, bad, end = runlog.read_records(path)
        self.assertEqual((bad, end), (1, len(complete)))
        log = runlog.RunLog(None, append_to=path, end=end)
        log.emit("note")
        log.close()
        self.assertCutByRecords(path, complete)

    def test_the_journal_read_and_appended_to_by_resume(self):
        ledger = os.path.join(self.dir, "orders.db")
        Ledger(ledger).close()
        key = OrderDesk(None, run_id=RUN, tenant=None, log_dir=self.dir, log=None).key(ORDER)
        journal = Journal(path_for(self.dir, RUN))
        journal.record("intent", key, run_id=RUN, tool="draft_purchase_order", order=ORDER,
                       tenant="default", ledger=os.path.abspath(ledger), approved_by="flag")
        journal.record("dispatched", key)
        journal.close()
        path = path_for(self.dir, RUN)
        complete = self.tear(path)

        status, out, err, events = run_cli(["--resume", RUN, "--orders", ledger, "--approve",
                                            "--lang", "en"], log_dir=self.dir)
        self.assertEqual(status, 0, err)
        self.assertEqual(events[0]["journal_lines_skipped"], 1)
        self.assertEqual(len(rows(ledger)), 1)
        self.assertReadByRunlog(complete)
        self.assertCutByRecords(path, complete)

    def test_a_conversation_record_read_and_appended_to_by_continue(self):
        run_cli(["--chat"], model=MockModel(), log_dir=self.dir, stdin="Check A001\n")
        path = self.only(".jsonl")
        complete = self.tear(path)
        self.assertEqual(session.read_record(path)["end"], len(complete))

        status, _, err, events = run_cli(["--continue", path, "-q", "Check A002"],
                                         model=MockModel(), log_dir=self.dir)
        self.assertEqual(status, 0, err)
        self.assertEqual([e["event"] for e in events].count("completed"), 2)
        self.assertReadByRunlog(complete)
        self.assertCutByRecords(path, complete)


@unittest.skipUnless(os.path.exists("/dev/full"), "needs /dev/full")
class FullDisk(Folder):
    """The file the writer opens is a link to /dev/full: every flush fails with ENOSPC."""

    def full(self, name):
        path = os.path.join(self.dir, name)
        os.symlink("/dev/full", path)
        return path

    def test_a_log_on_a_full_disk_is_log_unwritable(self):
        log = runlog.RunLog(None, append_to=self.full("full.jsonl"))
        with self.assertRaises(AgentError) as caught:
            log.emit("note")
        error = caught.exception
        self.assertEqual((error.code, error.exit_status),
                         ("LOG_UNWRITABLE", EXIT_STATUS["LOG_UNWRITABLE"]))
        self.assertIn("No space left on device", error.message("en"))
        with self.assertRaises(AgentError) as caught:  # the flush on close fails the same way
            log.close()
        self.assertEqual(caught.exception.code, "LOG_UNWRITABLE")

    def test_a_journal_on_a_full_disk_is_journal_unwritable_and_nothing_is_sent(self):
        ledger = os.path.join(self.dir, "orders.db")
        self.full(RUN + ".journal")  # the journal the run will open, already a full disk
        with mock.patch.object(runlog, "new_run_id", lambda: RUN):
            status, out, err, events = run_cli(
                ["--mock", "--orders", ledger, "--approve", "--lang", "en", "-q",
                 "order 18 of A001"], log_dir=self.dir)
        self.assertEqual(status, EXIT_STATUS["JOURNAL_UNWRITABLE"])
        self.assertTrue(err.startswith("stock-agent: JOURNAL_UNWRITABLE: "), err)
        self.assertIn("No space left on device", err)
        self.assertEqual(rows(ledger), [])
        self.assertEqual([e for e in events if e["event"] == "write_dispatched"], [])
        # The run's own log still ends with its one terminal event.
        ends = [e for e in events if e["event"] in ("completed", "failed", "cancelled")]
        self.assertEqual([(e["event"], e.get("code")) for e in ends],
                         [("failed", "JOURNAL_UNWRITABLE")])
        self.assertIs(events[-1], ends[0])


class TheReader(Folder):
    def write(self, name, text):
        write_log(self.dir, name, [], tail=text)
        return os.path.join(self.dir, name)

    def test_lines_end_at_newlines_only(self):
        # json.dumps(ensure_ascii=False) writes U+2028 and U+0085 raw: str.splitlines()
        # would cut such a record in two.
        complete = '{"a": "x\u2028y\x85z"}\n[1]\n\n{"b": 2}\n'
        path = self.write("a.jsonl", complete + TORN)
        self.assertEqual(runlog.read_records(path), (
            [{"a": "x\u2028y\x85z"}, None, None, {"b": 2}], 3, len(complete.encode())))

    def test_a_conversation_with_a_line_separator_in_a_question_continues(self):
        run_cli(["--chat"], model=MockModel(), log_dir=self.dir,
                stdin="Check A001\u2028please\n")
        status, _, err, _ = run_cli(["--continue", self.only(".jsonl"), "-q", "Check A002"],
                                    model=MockModel(), log_dir=self.dir)
        self.assertEqual(status, 0, err)

    def test_what_is_not_a_record_is_counted_not_a_crash(self):
        path = self.write("deep.jsonl", "[" * 100_000 + "\n" + '{"event": 1}\n')
        self.assertEqual(runlog.read_records(path, check=runlog.is_event),
                         ([None, None], 2, 100_014))

    def test_only_a_regular_file_within_the_cap_is_read(self):
        path = self.write("big.jsonl", '{"a": 1}\n' * 10)
        with self.assertRaises(OSError):
            runlog.read_records(path, limit=50)
        fifo = os.path.join(self.dir, "fifo.jsonl")
        os.mkfifo(fifo)  # would hold the statistics for ever if it were opened
        with self.assertRaises(OSError):
            runlog.read_records(fifo)
        # Should it be opened after all, a writer comes and goes after 2 s, so the test
        # fails instead of hanging.
        release = threading.Timer(2, lambda: os.close(os.open(fifo, os.O_WRONLY)))
        release.daemon = True
        release.start()
        self.addCleanup(release.cancel)
        self.assertEqual(stats.summarize_directory(self.dir)["unreadable_files"], 1)


if __name__ == "__main__":
    unittest.main()
