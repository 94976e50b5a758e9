"""`--resume RUN_ID`: finish an interrupted run's orders, and say how each one ended.

    $ python agent.py --resume 20261201T012307Z-e1d9ec --orders orders.db
    Run 20261201T012307Z-e1d9ec: order PO-000001 (18 x A001) was placed before the run was
    interrupted: found in the ledger.

It reads the run's journal from --log-dir, opens the ledger the journal names (never a new
one), starts a run log of its own (`resume_of`), and settles every operation by the rules in
stock_agent/orders/writes.py, under the interrupted run's keys and journal. A call that was never
sent goes through the normal admission path again (checks, then approval by the terminal or
--approve), so a resume can place nothing a new run could not; with nobody to ask (no
terminal, no --approve: cron, CI) such a call stays open and the run ends APPROVAL_NEEDED;
one whose note the journal did not keep (no --log-content) is never sent again: it stays
open and the run ends NOTE_WITHHELD.
No model is asked: the answer is written from the receipts. Loaded only with --resume.
"""

from stock_agent import inventory
from stock_agent.orders import journal
from stock_agent.orders import writes
from stock_agent.errors import AgentError, Text
from stock_agent.run import Outcome
from stock_agent.runlog import RunLog


class Settling:
    """An interrupted run being settled: its journal's records, its ledger reopened, a new
    log, and the desk that re-admits each recorded call. The composition (agent.py) builds
    the toolbox and the runner from `desk` and `inventory` and hands them to `run`."""

    @classmethod
    def open(cls, settings, opened, *, listener, approver):
        data = inventory.load(settings.inventory, tenant=settings.tenant)
        records, skipped, end = journal.read(settings.log_dir, settings.resume)
        ledger = writes.ledger_for_resume(records, settings.orders, settings.tenant,
                                          settings.resume, source=data.source,
                                          inventory=settings.inventory)
        opened.callback(ledger.close)
        log = RunLog(settings.log_dir, content=settings.log_content, listener=listener)
        desk = writes.OrderDesk(
            ledger, run_id=settings.resume, tenant=settings.tenant, log_dir=settings.log_dir,
            log=log, approved_by=settings.approval, source=data.source, journal_end=end)
        opened.callback(desk.close)
        return cls(settings, log=log, desk=desk, inventory=data, approver=approver,
                   records=records, skipped=skipped)

    def __init__(self, settings, *, log, desk, inventory, approver, records, skipped):
        self.settings = settings
        self.log, self.desk, self.inventory, self.approver = log, desk, inventory, approver
        self.records, self.skipped = records, skipped

    def run(self, toolbox, runner):
        """Settle every recorded operation; returns the run.Outcome."""
        settings, log = self.settings, self.log
        log.started(provider=None, model=None, limits=settings.limits, lang=settings.lang,
                    tools=toolbox.names(), source=self.inventory.source, question=None,
                    orders=self.desk.ledger.name, resume_of=settings.resume,
                    journal_lines_skipped=self.skipped)

        def readmit(arguments):  # the recorded call, checked and approved like a new one
            done, = runner.run_batch([{"id": None, "name": writes.TOOL,
                                       "arguments": arguments}])
            log.tool_event(invocation="resume", outcome=done)
            return done.result

        rows = self.desk.resume(self.records, readmit)
        conflicts = [row["key"] for row in rows if row["how"] == "IDEMPOTENCY_CONFLICT"]
        if conflicts:
            return Outcome(error=AgentError("IDEMPOTENCY_CONFLICT",
                                            detail=", ".join(conflicts)))
        text = answer(settings.resume, rows, settings.lang, skipped=self.skipped)
        waiting = [row for row in rows if row["how"] == "APPROVAL_NEEDED"]
        if waiting:  # nobody could say yes or no here: not settled, and not a success
            return Outcome(error=AgentError("APPROVAL_NEEDED", settled=text,
                                            count=len(waiting), run_id=settings.resume,
                                            orders=settings.orders))
        withheld = [row for row in rows if row["how"] == "NOTE_WITHHELD"]
        if withheld:  # never sent again: its note is not in the journal (no --log-content)
            return Outcome(error=AgentError("NOTE_WITHHELD", settled=text, count=len(withheld)))
        return Outcome(answer=text)


# How an operation was settled -> its sentence; any other way is "not placed ({how})".
SETTLED = {"reused": "resume_reused", "reconciled": "resume_reconciled",
           "placed": "resume_placed", "APPROVAL_NEEDED": "resume_open",
           "NOTE_WITHHELD": "resume_withheld"}


def answer(run_id, rows, lang, *, skipped=0):
    """What --resume answers: one sentence per operation of the run, from its receipts."""
    if not rows:
        text = Text("resume_none", run_id=run_id).render(lang)
    else:
        sentences = [Text(SETTLED.get(row["how"], "resume_not_placed"), **row).render(lang)
                     for row in rows]
        text = Text("resume_run", run_id=run_id).render(lang) + (
            "" if lang == "zh-TW" else " ").join(sentences)
    if skipped:
        text += Text("resume_skipped", skipped=skipped).render(lang)
    return text
