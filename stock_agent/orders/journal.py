"""The operation journal: what a run's writes did, durable before each next step.

`<log dir>/<run id>.journal` sits beside the run log: one JSON object per line, appended,
flushed and fsync'd before the step it records goes on, so that a crash (kill -9, power loss)
leaves every step that was taken. It is created when a run first writes; a read-only run has
none. Each record is `{"step", "key", "utc", ...}`; the steps of one operation (one
idempotency key) are, in order:

    intent       approved and about to be sent: the call, its order, tenant and ledger
    dispatched   written just before the ledger is asked
    receipt      the ledger's answer (order id, created): written before success is reported
    not_placed   settled without an order: `code` says why (APPROVAL_DENIED on --resume,
                 WRITE_FAILED, IDEMPOTENCY_CONFLICT, ...)
    unknown      sent, and neither the reply nor a lookup said whether it was placed
    dry_run      --dry-run: checked and approved as for a real write, never sent; it is no
                 operation, and --resume passes it by

`operations(records)` folds them into the state of each key for `--resume`
(stock_agent/orders/writes.py holds the recovery rules). The journal is the program's own
record of the business facts: tenant, ledger, SKU, item name, quantity, key, order id. The one
free text of an order, the model's `note`, is content: it is kept only with --log-content;
otherwise the order holds `note_chars`, the note's length, instead (an empty note is known
exactly, so --resume can still send such an order again). The file is created readable by
its owner only (0600), and an existing one is never widened. A dry run (--dry-run)
journals its rehearsed calls as `dry_run`, a step --resume never acts on. It is written
and read by the run log's own Records and read_records (stock_agent/runlog.py), so a line
cut short by a crash is treated as in every JSONL file of the program: skipped and
counted when read, and cut off before --resume appends to the journal.

Not guaranteed: fsync makes the records durable only as far as the disk honours it.
"""

import os

from stock_agent.errors import AgentError, Text
from stock_agent.runlog import MAX_RECORDS_BYTES, Records, read_records, utc_now


def path_for(log_dir, run_id):
    return os.path.join(log_dir, run_id + ".journal")


class Journal:
    """The journal of one run, opened for appending on the first record. `end`: for the
    journal of a run being resumed, where read() found its last complete line ends."""

    def __init__(self, path, *, end=None):
        self.path = path
        self.end = end
        self._file = None

    def record(self, step, key, **fields):
        """Append one record and fsync it; JOURNAL_UNWRITABLE if it cannot be made durable."""
        if self._file is None:
            self._file = Records(self.path, code="JOURNAL_UNWRITABLE", end=self.end,
                                 private=True, durable=True)
        self._file.write({"step": step, "key": key, "utc": utc_now(), **fields})

    def close(self):
        if self._file is not None:
            self._file.close()
            self._file = None


def read(log_dir, run_id):
    """(records, skipped, end): the records of run `run_id`'s journal in order, how many
    lines were not records (a line cut short by a crash), and where its last complete line
    ends (for Journal(end=)). Skipping one is safe: each record was fsync'd before the next
    step, so a lost record only sets its operation back a step (a receipt back to
    dispatched, which the ledger settles; an intent back to nothing)."""
    from stock_agent import files

    path = path_for(log_dir, run_id)
    try:
        records, skipped, end = read_records(path, limit=MAX_JOURNAL_BYTES, check=_acted_on)
    except (files.NotRegular, files.TooLarge) as exc:  # a FIFO, /dev/zero: refused at once
        raise AgentError("RESUME_UNAVAILABLE", run_id=run_id, reason=Text(
            "unreadable_file", path=path, problem=files.problem(exc))) from None
    except OSError as exc:
        raise AgentError("RESUME_UNAVAILABLE", run_id=run_id, reason=Text(
            "journal_unreadable", path=path,
            reason=exc.strerror or str(exc) or type(exc).__name__)) from None
    return [record for record in records if record is not None], skipped, end


MAX_JOURNAL_BYTES = MAX_RECORDS_BYTES  # as any JSONL file of the program

# What each step must hold to be acted on; a record without it is skipped like a torn line.
FIELDS = {"intent": {"order": dict, "tenant": str, "ledger": str}, "dispatched": {},
          "receipt": {"receipt": dict}, "not_placed": {"code": str}, "unknown": {},
          "dry_run": {}}
ORDER_FIELDS = {"sku": str, "name": str, "quantity": int}


def journaled(order, *, content):
    """The order as the journal holds it: the note itself only with `content`
    (--log-content), else its length."""
    if content:
        return dict(order)
    kept = {field: value for field, value in order.items() if field != "note"}
    return {**kept, "note_chars": len(order["note"])}


def note_of(order):
    """The note of a journaled order, or None when it was not kept (a note that was not
    empty, journaled without --log-content)."""
    if "note" in order:
        return order["note"]
    return "" if order.get("note_chars") == 0 else None


def _acted_on(record):
    """True when `record` holds what its step must hold to be acted on."""
    if not (isinstance(record.get("key"), str) and record.get("step") in FIELDS
            and _has(record, FIELDS[record["step"]])):
        return False
    if record["step"] != "intent":
        return True
    order = record["order"]
    return _has(order, ORDER_FIELDS) and (_has(order, {"note": str})
                                          or _has(order, {"note_chars": int}))


def _has(record, fields):
    return all(isinstance(record.get(name), kind) for name, kind in fields.items())


def operations(records):
    """{key: {"step": the last step, "intent": its intent record, "last": the last record}},
    in the order the operations began. A key with no intent is not an operation."""
    found = {}
    for record in records:
        if record["step"] == "dry_run":
            continue  # rehearsed, never sent: no operation
        if record["step"] == "intent" and record["key"] not in found:
            found[record["key"]] = {"intent": record}
        if record["key"] in found:
            found[record["key"]].update(step=record["step"], last=record)
    return found

