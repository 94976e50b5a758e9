"""Controlled writes: how one order gets from an approved tool call into the ledger, once.

The danger is not a failed write but an unknown one: the order is created, the reply is lost,
and a retry creates a second order. So every write has an operation identity, a durable
record of each step, and a business side that is idempotent on its own:

- The idempotency key is derived by the program from the run id and the canonical call
  (tool name, SKU, quantity, note), never taken from the model. The same call retried or
  replayed in a run has the same key; the ledger holds at most one order per (tenant, key).
- `OrderDesk.place` journals `intent` and `dispatched` (fsync'd) before the ledger is asked,
  and the `receipt` before the tool reports success. A receipt already in the journal is
  reused without asking the ledger again.
- A dispatch that fails or is interrupted is settled at once by looking the key up: found is
  a receipt, absent is `not_placed` (WRITE_FAILED for the model). If the lookup fails too,
  the run stops with WRITE_UNCONFIRMED: nothing may go on while the outcome is unknown.
  So does a signal that comes before the ledger's answer is recorded (a second Ctrl-C
  during the lookup): the run never says "no order was placed" unless the ledger said so.

Recovery (`resume`, for `--resume RUN_ID`), per operation of that run's journal:
  receipt                   -> reuse it; the ledger is not asked
  dispatched, no receipt    -> look the key up: found -> record the receipt; absent -> as below
  intent, never dispatched  -> ask for approval again; yes -> place it under the same key;
                               a person's no -> not_placed; nobody to ask, or refused by a
                               check -> stays open; a note the journal did not keep (no
                               --log-content) -> stays open, never sent (NOTE_WITHHELD)
  not_placed                -> settled; nothing to do
Cancelling never rolls a completed write back: its receipt stays, and the run says so.

Dry run (`rehearse`, for --dry-run): the same checks and approval, then `dry_run` in the
journal and the log, and a result without a receipt; the ledger was opened read-only.

Threat model: the model chooses only SKU, quantity and note, checked by tools.py; tenant,
key and ledger are fixed by the program. Not guaranteed: that the person approving reads
what they approve.
"""

import contextlib
import json

from stock_agent.errors import AgentError, Text, ToolError
from stock_agent.inventory import NO_TENANT, SKU_HINT, SKU_PATTERN, other_scope
from stock_agent.orders.journal import Journal, journaled, note_of, operations, path_for
from stock_agent.orders.ledger import LedgerConflict

TOOL = "draft_purchase_order"


def ledger_for_resume(records, path, tenant, run_id, *, source=None, inventory=None):
    """The ledger run `run_id` wrote to, opened (never created: an empty new ledger would
    say no order was ever placed). --orders, --tenant and the data (--inventory) must be
    the ones its journal records, so a run's operations are never settled against another
    ledger, tenant or catalogue. `inventory` is the --inventory file, never a ledger."""
    import os

    from stock_agent.orders.ledger import Ledger

    intents = [record for record in records if record["step"] == "intent"]
    ledgers = {os.path.realpath(record["ledger"]) for record in intents}
    tenants = {record["tenant"] for record in intents}
    if ledgers - {os.path.realpath(path)}:
        raise AgentError("RESUME_UNAVAILABLE", run_id=run_id, reason=Text(
            "resume_other_ledger", ledgers=", ".join(sorted(ledgers)),
            path=os.path.realpath(path)))
    sources = {record["source"] for record in intents if record.get("source")}
    other = other_scope(tenants, sources, tenant=tenant or NO_TENANT, source=source,
                        words=("resume_other_tenant", "resume_other_source"))
    if other is not None:
        raise AgentError("RESUME_UNAVAILABLE", run_id=run_id, reason=other)
    return Ledger(path, create=False, inventory=inventory)


class OrderDesk:
    """The write side of one run: its ledger, journal, keys and receipts.

    `receipts` lists every order this run placed or confirmed, in order, so a run that stops
    (Ctrl-C, a limit) still says which orders stand. `log` is the run's RunLog.
    `journal_end`: on --resume, where the journal's last complete line ends (journal.read).
    """

    def __init__(self, ledger, *, run_id, tenant, log_dir, log, approved_by=None,
                 source=None, journal_end=None):
        self.ledger = ledger
        self.run_id = run_id
        self.tenant = tenant or NO_TENANT
        self.source = source  # the data the orders are checked against (--inventory)
        self.journal = Journal(path_for(log_dir, run_id), end=journal_end)
        self.log = log
        self.approved_by = approved_by
        self.receipts = []
        self._settled = {}  # key: the receipt this run already holds
        self._unsettled = None  # the key sent whose outcome is not known yet, if any

    # --- The write tool, as the toolbox takes it ---

    def tool_spec(self, inventory):
        """draft_purchase_order for this run, as a plain spec (`tools.Tool(**spec)`): it
        writes through this desk, for items of `inventory` only. It needs approval and never
        runs in a parallel batch."""
        return {
            "name": TOOL,
            "description": (
                "Place a purchase order for one item by its exact SKU, when the user asks to "
                "order. A person must approve it; it may be refused. The result's receipt "
                "holds the order id: report that id, and report no order without a receipt. "
                "Calling again with the same arguments returns the same order, never a "
                "second one."),
            "parameters": ORDER_PARAMETERS,
            "handler": lambda inventory, arguments: self.draft(inventory, arguments),
            "read_only": False, "needs_approval": True,
            "preview": lambda arguments: self.preview(_order(inventory, arguments)),
            "rehearse": lambda inventory, arguments: self.rehearse(inventory, arguments),
        }

    def draft(self, inventory, arguments):
        """What draft_purchase_order does with checked arguments: place the order."""
        order = _order(inventory, arguments)
        return {**order, "source": inventory.source, "receipt": self.place(order)}

    def rehearse(self, inventory, arguments):
        """--dry-run: what draft_purchase_order would do, every check made (the runner
        has already checked the schema and asked for approval), and nothing written. The
        journal and the log record `dry_run`; the result has no receipt, so no answer
        can claim an order on its strength (answers/)."""
        order = _order(inventory, arguments)
        key = self.key(order)
        self.journal.record("dry_run", key, **self._call(order))
        self._emit("write_dry_run", key, approved_by=self.approved_by, **self._what(order))
        return {**order, "source": inventory.source, "dry_run": True, "written": False,
                "would_write": self.preview(order)}

    def close(self):
        """Close the journal and the ledger; the receipts stay readable."""
        self.journal.close()
        self.ledger.close()

    def key(self, order):
        """The idempotency key of a call: the run and the canonical call, hashed."""
        import hashlib

        call = [self.run_id, TOOL, {field: order[field] for field in ("sku", "quantity",
                                                                       "note")}]
        text = json.dumps(call, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return f"{self.run_id}:{hashlib.sha256(text.encode()).hexdigest()[:24]}"

    def preview(self, order):
        """Exactly what `place` would write, for the person who approves it."""
        return {"tenant": self.tenant, "sku": order["sku"], "name": order["name"],
                "quantity": order["quantity"], "note": order["note"],
                "ledger": self.ledger.name}

    def place(self, order):
        """Write `order` ({sku, name, quantity, note}) once. Returns its receipt; raises
        ToolError when it settled without an order."""
        key = self.key(order)
        if key in self._settled:  # completed earlier in this run: reuse, do not dispatch
            self._emit("write_reused", key, order_id=self._settled[key]["order_id"])
            return {**self._settled[key], "created": False}
        self.journal.record("intent", key, **self._call(order))
        self._emit("write_intent", key, approved_by=self.approved_by, **self._what(order))
        self.journal.record("dispatched", key)
        self._emit("write_dispatched", key)
        self._unsettled = key  # from here on, until the ledger's answer is recorded
        try:
            return self._dispatch(key, order)
        except KeyboardInterrupt as interrupt:
            if self._unsettled is None:
                raise  # settled first (a receipt, or not placed): end as the signal asks
            raise self._interrupted(key, interrupt) from None

    def _dispatch(self, key, order):
        try:
            placed = self.ledger.place(self.tenant, key, order)
        except LedgerConflict as exc:
            self._unsettled = None  # refused: nothing was written
            self._not_placed(key, "IDEMPOTENCY_CONFLICT")
            raise ToolError("IDEMPOTENCY_CONFLICT", NOT_PLACED["IDEMPOTENCY_CONFLICT"]
                               .format(order_id=exc.order["order_id"])) from None
        except (Exception, KeyboardInterrupt) as exc:  # the reply is lost: ask the ledger
            reason = f"{type(exc).__name__}: {exc}"[:200]
            receipt = self._settle_lost_reply(key, reason)
            if isinstance(exc, KeyboardInterrupt):
                raise  # Ctrl-C still ends the run, once the write is settled
            if receipt is None:
                raise ToolError("WRITE_FAILED",
                                   NOT_PLACED["WRITE_FAILED"].format(reason=reason)) from None
            return receipt
        return self._receipt(key, placed["order_id"], created=placed["created"])

    def _settle_lost_reply(self, key, reason):
        """A receipt if the ledger holds the order after all (this key is this call's, so
        it created it); else None, recorded as not placed."""
        placed = self._lookup(key, reason)
        if placed is None:
            self._unsettled = None  # known: the ledger holds no order under this key
            self._not_placed(key, "WRITE_FAILED", reason=reason)
            return None
        return self._receipt(key, placed["order_id"], created=True)

    def _lookup(self, key, reason):
        """The ledger's order under `key`, or None; WRITE_UNCONFIRMED when it cannot say."""
        try:
            found = self.ledger.find(self.tenant, key)
        except Exception as exc:
            self.journal.record("unknown", key, reason=reason)
            self._emit("write_unknown", key, reason=reason)
            raise AgentError("WRITE_UNCONFIRMED", run_id=self.run_id, ledger=self.ledger.name,
                             reason=f"{type(exc).__name__}: {exc}"[:200]) from None
        self._emit("write_reconciled", key, reason=reason, found=found is not None)
        return found

    def _interrupted(self, key, interrupt):
        """WRITE_UNCONFIRMED for a signal (a second Ctrl-C, say) that came after the order
        was sent and before the ledger's answer was recorded: the run cannot say whether
        it was placed, so it says so and names --resume. The journal's `dispatched` is
        what --resume looks up; nothing more is written but a log event."""
        stopped_by = STOPPED_BY.get(getattr(interrupt, "code", "CANCELLED"), "Ctrl-C")
        with contextlib.suppress(Exception, KeyboardInterrupt):  # a third one: say it anyway
            self._emit("write_unknown", key, reason=f"interrupted ({stopped_by})")
        return AgentError("WRITE_UNCONFIRMED", run_id=self.run_id, ledger=self.ledger.name,
                          reason=Text("write_interrupted", signal=stopped_by))

    def _receipt(self, key, order_id, *, created):
        receipt = {"order_id": order_id, "idempotency_key": key, "ledger": self.ledger.name,
                   "created": created}
        self.receipts.append(receipt)  # first: it stands even if the records below fail
        self._unsettled = None
        self._settled[key] = receipt
        self.journal.record("receipt", key, receipt=receipt)
        self._emit("write_receipt", key, order_id=order_id, created=created)
        return receipt

    def _not_placed(self, key, code, **fields):
        self.journal.record("not_placed", key, code=code, **fields)
        self._emit("write_not_placed", key, code=code)

    def _call(self, order):
        """What the journal records of an approved call (journal.py says what it holds)."""
        return {"run_id": self.run_id, "tool": TOOL,
                "order": journaled(order, content=self.log.content), "tenant": self.tenant,
                "ledger": self.ledger.path, "source": self.source,
                "approved_by": self.approved_by}

    def _what(self, order):
        """What the log says a write is about: the business facts always (a write must be
        auditable without --log-content); the model's free text only with it."""
        what = {"tenant": self.tenant, "sku": order["sku"], "quantity": order["quantity"],
                "ledger": self.ledger.name}
        return {**what, "note": order["note"]} if self.log.content else what

    def _emit(self, event, key, **fields):
        self.log.emit(event, key=key, **fields)

    # --- Recovery (--resume) -------------------------------------------------------

    def resume(self, records, readmit):
        """Settle every unfinished operation of this desk's run (rules in the module
        docstring). `readmit(arguments)` runs a recorded call through the normal admission
        path (checks, approval, then `place`) and returns its tool result.
        Returns one row per operation: {key, sku, quantity, how (reused, reconciled,
        placed, or the code it was not placed with), order_id (None if not placed)}."""
        found = operations(records)
        self._settled = {key: op["last"]["receipt"] for key, op in found.items()
                         if op["step"] == "receipt"}
        rows = []
        for key, op in found.items():
            self._emit("resume_operation", key, step=op["step"])
            how = self._settle(key, op, readmit)
            receipt = self._settled.get(key)
            rows.append({"key": key, "sku": op["intent"]["order"]["sku"],
                         "quantity": op["intent"]["order"]["quantity"], "how": how,
                         "order_id": receipt["order_id"] if receipt else None})
        return rows

    def _settle(self, key, op, readmit):
        if op["step"] == "receipt":
            receipt = {**op["last"]["receipt"], "created": False}
            self.receipts.append(receipt)
            self._emit("write_reused", key, order_id=receipt["order_id"])
            return "reused"
        if op["step"] == "not_placed":
            return op["last"]["code"]
        order = {**op["intent"]["order"], "note": note_of(op["intent"]["order"])}
        if order["note"] is not None and self.key(order) != key:  # changed: never send it
            self._not_placed(key, "IDEMPOTENCY_CONFLICT", reason="the journal's record does "
                             "not match its key")
            return "IDEMPOTENCY_CONFLICT"
        if op["step"] != "intent":  # dispatched without a receipt: the ledger knows
            placed = self._lookup(key, "resume")
            if placed is not None:
                self._receipt(key, placed["order_id"], created=True)
                return "reconciled"
        if order["note"] is None:  # its note was not kept: it cannot be sent as approved
            return "NOTE_WITHHELD"
        result = readmit({"sku": order["sku"], "quantity": order["quantity"],
                          "note": order["note"]})
        if result["ok"]:
            return "placed"
        # A person's no settles it. Nobody to ask (no terminal, no --approve: cron, CI) is
        # no answer: it stays open (APPROVAL_NEEDED). So does a check that refused it
        # (SKU_NOT_FOUND, ...): this resume's flags differ from the run's.
        if result["error"] == "APPROVAL_DENIED":
            if self.approved_by is None:
                return "APPROVAL_NEEDED"
            self._not_placed(key, result["error"])
        return result["error"]


STOPPED_BY = {"CANCELLED": "Ctrl-C", "TERMINATED": "SIGTERM", "HANGUP": "SIGHUP"}

NOT_PLACED = {
    "IDEMPOTENCY_CONFLICT": (
        "No order was placed: the ledger already holds order {order_id} under this call's "
        "key with other values. Do not retry; tell the user the order needs checking."),
    "WRITE_FAILED": (
        "No order was placed: the ledger did not take it ({reason}) and holds no order under "
        "its key. Tell the user; calling again with the same arguments is safe."),
}


MAX_ORDER_QUANTITY = 10_000

ORDER_PARAMETERS = {
    "type": "object",
    "properties": {
        "sku": {"type": "string", "description": f"Item SKU: {SKU_HINT}",
                "pattern": SKU_PATTERN, "minLength": 1, "maxLength": 32},
        "quantity": {"type": "integer", "minimum": 1, "maximum": MAX_ORDER_QUANTITY,
                     "description": "how many to order, a whole number"},
        "note": {"type": "string", "maxLength": 200,
                 "description": "optional note for the purchasing team"},
    },
    "required": ["sku", "quantity"],
    "additionalProperties": False,
}


def _order(inventory, arguments):
    """The order a call asks for, {sku, name, quantity, note}; SKU_NOT_FOUND outside scope,
    INVALID_ARGUMENTS for a note that cannot be stored. It runs in the preview too, so a
    person is never asked to approve an order that cannot be written."""
    item = inventory.lookup(arguments["sku"])
    if item is None:
        raise ToolError(
            "SKU_NOT_FOUND",
            f"No item has SKU {arguments['sku']}, so nothing can be ordered. Tell the user "
            "it was not found; do not guess another SKU.")
    note = arguments.get("note", "")
    if not _storable(note):
        raise ToolError(
            "INVALID_ARGUMENTS",
            "$.note: the note holds a character that is not valid text (a lone UTF-16 "
            "surrogate such as \\ud800), so it cannot be stored. Call again with plain text "
            "in the note, or without a note.")
    return {"sku": item["sku"], "name": item["name"], "quantity": arguments["quantity"],
            "note": note}


def _storable(text):
    """Whether `text` can be written as UTF-8 (the ledger, the key, the journal): a lone
    surrogate that JSON's \\ud800 escape lets through cannot."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
