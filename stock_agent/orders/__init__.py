"""--orders and --resume: controlled writes to a purchasing ledger.

The wing's entry points, in the order a run opens them (agent.py's composition, each on the
run's ExitStack so it is closed however the run ends):

- `open_ledger(settings, opened)`: the SQLite ledger --orders names (ledger.py), before any
  model is asked, so a ledger that cannot be used (another database, the --inventory file)
  fails first; nothing is written to it until an order is placed.
- `open_desk(ledger, settings, log, opened, ...)`: the run's OrderDesk (writes.py): the
  operation journal (journal.py), idempotency keys, receipts, and `tool_spec`, the write
  tool the composition adds to the toolbox, with its rehearsal for --dry-run (the tool
  runner, tools.py, decides when to rehearse).
- `open_resume(settings, opened, ...)`: for --resume, the interrupted run's journal read
  back and its ledger reopened (resume.py); no model is asked.

The write protocol, its guarantees and what is not guaranteed are in writes.py's docstring.
"""


def open_ledger(settings, opened):
    from stock_agent.orders.ledger import Ledger  # sqlite3 loads only for a run that may order
    # A dry run (--dry-run) checks the ledger as a real run does, but only reads it: a
    # missing file is not created, and nothing can be written to one that exists.
    ledger = Ledger(settings.orders, inventory=settings.inventory,
                    write=not settings.dry_run)
    opened.callback(ledger.close)  # a desk closes it first: closing twice is harmless
    return ledger


def open_desk(ledger, settings, log, opened, *, inventory):
    """The write side of this run, bound to its log; closed with the run (its ledger too)."""
    from stock_agent.orders.writes import OrderDesk
    desk = OrderDesk(ledger, run_id=log.run_id, tenant=settings.tenant,
                     log_dir=settings.log_dir, log=log,
                     approved_by=settings.approval, source=inventory.source)
    opened.callback(desk.close)
    return desk


def open_resume(settings, opened, *, listener, approver):
    """--resume: the run to settle, with its log and desk open (see resume.py)."""
    from stock_agent.orders.resume import Settling
    return Settling.open(settings, opened, listener=listener, approver=approver)
