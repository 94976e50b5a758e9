"""The purchasing ledger: the business system that receives orders (`--orders PATH`).

An SQLite file with one table, `purchase_orders`. It stands in for the
purchasing side of an ERP, and like a real one it enforces idempotency itself instead of
trusting its callers: UNIQUE (tenant, idempotency_key). `place` with a key the ledger already
holds returns that order (`created: false`) instead of making another, and the same key with
other arguments is refused (`LedgerConflict`); two processes racing on one key get one order.

Each `place` is one statement, so it either committed (the row is there, whatever became of
the reply) or it did not. `find` is how a caller whose reply was lost asks what happened.

The file is the ledger's own: a missing or empty file is a new ledger, and one that holds
any other table (another application's database, the --inventory data) is refused at
start-up, never written to. The table is created by the first `place`, so a run that
writes nothing changes nothing in the file.

Threat model: tenant and key come from the program (stock_agent/orders/writes.py), never from the
model; SQL is constant text with `?` parameters. Not modelled: prices, suppliers, stock
reservation, or approval on the business side (the program asks the person).
"""

import os

from stock_agent.errors import AgentError, Text
from stock_agent.runlog import utc_now

TABLE = "purchase_orders"
SCHEMA = f"""CREATE TABLE IF NOT EXISTS {TABLE} (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    sku TEXT NOT NULL,
    name TEXT NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    note TEXT NOT NULL,
    created_utc TEXT NOT NULL,
    UNIQUE (tenant, idempotency_key))"""
COLUMNS = ("id", "tenant", "idempotency_key", "sku", "name", "quantity", "note",
           "created_utc")
# Part of the request: the same key must always carry the same values of these.
REQUEST = ("sku", "quantity", "note")
INSERT = (f"INSERT INTO {TABLE} (tenant, idempotency_key, sku, name, quantity, note, "
          "created_utc) VALUES (?, ?, ?, ?, ?, ?, ?) "
          "ON CONFLICT (tenant, idempotency_key) DO NOTHING")
SELECT = f"SELECT {', '.join(COLUMNS)} FROM {TABLE} WHERE tenant = ? AND idempotency_key = ?"
TABLES = ("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
          "AND name NOT LIKE 'sqlite|_%' ESCAPE '|'")  # sqlite_sequence is SQLite's own
BUSY_SECONDS = 10.0  # how long a writer waits for another process's transaction


class LedgerConflict(Exception):
    """The key is already used by an order with other arguments: nothing was written."""

    def __init__(self, order):
        super().__init__(order["order_id"])
        self.order = order


class Ledger:
    """One ledger file. `place` and `find` return orders as dicts with an `order_id`."""

    def __init__(self, path, *, create=True, inventory=None, write=True):
        """Open the ledger at `path` without writing to it. `create` false: the file must
        exist (--resume). `inventory`: the --inventory file, which is never a ledger.
        `write` false (--dry-run): read-only; a missing file stays missing, an empty
        ledger, and SQLite refuses any write to one that exists."""
        import sqlite3

        self.path = os.path.abspath(path)
        self.name = os.path.basename(path)
        if inventory is not None and _same_file(self.path, inventory):
            raise _unavailable(self.path, Text("ledger_is_inventory"))
        if not create and not os.path.isfile(self.path):
            raise _unavailable(self.path, Text("ledger_missing"))
        self._db, self._has_table = None, False
        if not write and not os.path.exists(self.path):
            return
        problem = _path_problem(self.path)
        if problem is not None:
            raise _unavailable(self.path, problem)
        try:
            # Autocommit: each statement is its own transaction, committed when it returns.
            self._db = sqlite3.connect(_address(self.path, write), uri=True,
                                       timeout=BUSY_SECONDS, isolation_level=None)
            tables = {row[0] for row in self._db.execute(TABLES)}
            found = tuple(row[1] for row in self._db.execute(f"PRAGMA table_info({TABLE})"))
        except sqlite3.Error as exc:
            raise _unavailable(self.path, str(exc)) from None
        if tables - {TABLE}:
            self._db.close()
            raise _unavailable(self.path, Text("ledger_other_tables",
                                               tables=", ".join(sorted(tables - {TABLE}))))
        if TABLE in tables and found != COLUMNS:
            self._db.close()
            raise _unavailable(self.path, Text("ledger_columns", table=TABLE, found=found,
                                               expected=COLUMNS))
        self._has_table = TABLE in tables

    def place(self, tenant, key, order):
        """Create the order `{sku, name, quantity, note}` under `key`, or return the order
        the key already names (`created` false). LedgerConflict if that order differs."""
        utc = utc_now()
        if not self._has_table:  # the first write: only now is the file made a ledger
            self._db.execute(SCHEMA)
            self._has_table = True
        cursor = self._db.execute(INSERT, (tenant, key, order["sku"], order["name"],
                                           order["quantity"], order["note"], utc))
        created = cursor.rowcount == 1
        placed = self.find(tenant, key)
        if any(placed[field] != order[field] for field in REQUEST):
            raise LedgerConflict(placed)
        return {**placed, "created": created}

    def find(self, tenant, key):
        """The order under (tenant, key), or None: it was never placed."""
        if not self._has_table:  # no table yet (here or from another process): no order
            self._has_table = TABLE in {row[0] for row in self._db.execute(TABLES)}
            if not self._has_table:
                return None
        row = self._db.execute(SELECT, (tenant, key)).fetchone()
        if row is None:
            return None
        order = dict(zip(COLUMNS, row))
        order["order_id"] = order_id(order.pop("id"))
        return order

    def close(self):
        if self._db is not None:
            self._db.close()


def _address(path, write):
    """The SQLite URI of the file at `path`: read-only unless `write`."""
    from urllib.parse import quote
    return f"file:{quote(path)}" + ("" if write else "?mode=ro")


def order_id(number):
    return f"PO-{number:06d}"


def _same_file(path, other):
    try:
        return os.path.samefile(path, other)
    except OSError:  # one of them does not exist (yet)
        return os.path.realpath(path) == os.path.realpath(other)


def _path_problem(path):
    """Why no ledger can be at `path`, or None: it is a regular file, or none yet in a
    folder that exists. Asked before SQLite is, which says only "unable to open database
    file" for a folder or a missing folder (and "disk I/O error" for a FIFO)."""
    from stock_agent import files
    try:
        files.open_regular(path).close()
    except FileNotFoundError:
        folder = os.path.dirname(path)
        return None if os.path.isdir(folder) else Text("ledger_no_folder", folder=folder)
    except OSError as exc:
        return files.problem(exc)
    return None


def _unavailable(path, reason):
    return AgentError("LEDGER_UNAVAILABLE", path=path, reason=reason)
