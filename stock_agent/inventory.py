"""The data the tools read: the built-in sample, or your own CSV file or SQLite database.

Contract:
- The program builds one `Inventory` for one tenant before the run starts. Tools read only
  that object; no tool argument names a tenant, a file or a query, so nothing the model
  writes can widen or switch the scope.
- Files are read completely and checked before anything is used. A bad file (missing column,
  a stock that is not a whole number, a duplicate SKU, ...) raises INVALID_INPUT with one line
  naming the file, the row and the column; nothing is half-loaded.
- SQLite is opened read-only (URI `mode=ro`) and read with one constant query: no SQL text is
  ever built from a value, and the connection refuses writes.

Not guaranteed: that the file is current. Rows are a snapshot taken when the run starts.
`csv`, `sqlite3` and `urllib.parse` load only when a file is given, so `--mock` stays fast.
"""

import os
import re

from stock_agent.errors import AgentError

SKU_PATTERN = "^[A-Z0-9][A-Z0-9_-]{0,31}$"
COLUMNS = ("sku", "name", "stock", "target")
MAX_ROWS = 100_000
MAX_NAME_CHARS = 200
SQLITE_MAGIC = b"SQLite format 3\x00"
SQLITE_ROWS = "SELECT rowid, * FROM items ORDER BY rowid"

# The built-in sample. A003 is in the catalogue with no stock, so "out of stock" (stock 0)
# and "no such SKU" (SKU_NOT_FOUND) stay visibly different.
SAMPLE_ROWS = (
    {"sku": "A001", "name": "濾掛咖啡", "stock": 12, "target": 30},
    {"sku": "A002", "name": "烏龍茶包", "stock": 45, "target": 30},
    {"sku": "A003", "name": "玄米茶包", "stock": 0, "target": 20},
)
SAMPLE_SOURCE = "built-in sample data, not a live ERP"


class Inventory:
    """Rows of one data scope, read-only. Built by the program before the run starts."""

    def __init__(self, rows, *, source):
        self.source = source
        self._by_sku = {row["sku"]: dict(row) for row in rows}

    def lookup(self, sku):
        """The row for `sku`, or None. A copy: handlers cannot change the data."""
        row = self._by_sku.get(sku)
        return dict(row) if row is not None else None

    def rows(self):
        """Copies of every row in scope, in file order."""
        return [dict(row) for row in self._by_sku.values()]


def sample_inventory():
    return Inventory(SAMPLE_ROWS, source=SAMPLE_SOURCE)


def load(path, *, tenant=None):
    """The inventory for one run: the sample when `path` is None, else the file's rows."""
    if path is None:
        if tenant is not None:
            raise _bad(f"--tenant {tenant} needs --inventory: the built-in sample has no "
                       "tenants")
        return sample_inventory()
    rows, has_tenant = _read_file(path)
    rows = _scoped(rows, has_tenant, tenant, path)
    source = os.path.basename(path) + (f" (tenant {tenant})" if tenant is not None else "")
    return Inventory(rows, source=source)


def _read_file(path):
    try:
        with open(path, "rb") as handle:
            magic = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise _bad(f"{path}: cannot read the inventory file ({exc.strerror})") from None
    if magic == SQLITE_MAGIC:
        return _read_sqlite(path)
    return _read_csv(path)


def _scoped(rows, has_tenant, tenant, path):
    if not has_tenant:
        if tenant is not None:
            raise _bad(f"{path}: --tenant {tenant} was given, but the file has no tenant "
                       "column")
        return rows
    if tenant is None:
        raise _bad(f"{path}: the file has a tenant column; choose whose rows to use with "
                   "--tenant NAME")
    mine = [row for row in rows if row.pop("tenant") == tenant]
    if not mine:
        raise _bad(f"{path}: no rows for tenant {tenant!r}")
    return mine


# --- CSV ---------------------------------------------------------------------------

def _read_csv(path):
    import csv

    try:
        with open(path, newline="", encoding="utf-8-sig") as handle:
            reader = csv.reader(handle)
            header = [name.strip().lower() for name in next(reader, [])]
            _check_header(header, path, "row 1")
            checker = _RowChecker(path, "tenant" in header)
            for fields in reader:
                if fields:  # a blank line is not a row
                    checker.add(_csv_record(header, fields, path, reader.line_num),
                                f"row {reader.line_num}")
    except OSError as exc:
        raise _bad(f"{path}: cannot read the inventory file ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise _bad(f"{path}: not UTF-8 text (byte {exc.start}); save the CSV as UTF-8"
                   ) from None
    except csv.Error as exc:
        raise _bad(f"{path}: row {reader.line_num}: not valid CSV ({exc})") from None
    return checker.rows, checker.has_tenant


def _csv_record(header, fields, path, line):
    if len(fields) != len(header):
        raise _bad(f"{path}: row {line}: expected {len(header)} columns like the header, "
                   f"found {len(fields)}")
    return dict(zip(header, fields))


# --- SQLite ------------------------------------------------------------------------

def open_readonly(path):
    """A connection that cannot write: SQLite itself refuses, whatever is executed on it."""
    import sqlite3
    from urllib.parse import quote

    return sqlite3.connect(f"file:{quote(os.path.abspath(path))}?mode=ro", uri=True)


def _read_sqlite(path):
    import sqlite3

    try:
        connection = open_readonly(path)
        try:
            return _sqlite_rows(connection, path)
        finally:
            connection.close()
    except sqlite3.Error as exc:
        raise _bad(f"{path}: cannot read the SQLite database ({exc})") from None


def _sqlite_rows(connection, path):
    columns = [row[1].lower() for row in connection.execute("PRAGMA table_info(items)")]
    if not columns:
        raise _bad(f"{path}: no table named items (columns {', '.join(COLUMNS)})")
    _check_header(columns, path, "table items")
    checker = _RowChecker(path, "tenant" in columns)
    for values in connection.execute(SQLITE_ROWS):
        record = dict(zip(["rowid"] + columns, values))
        checker.add(record, f"row {record['rowid']}")
    return checker.rows, checker.has_tenant


# --- Checking rows -----------------------------------------------------------------

def _check_header(columns, path, where):
    repeated = [name for index, name in enumerate(columns) if name in columns[:index]]
    if repeated:
        raise _bad(f"{path}: {where}: column {repeated[0]} appears twice")
    missing = [name for name in COLUMNS if name not in columns]
    if missing:
        raise _bad(f"{path}: {where}: missing column {missing[0]} (needed: "
                   f"{', '.join(COLUMNS)}; optional: tenant)")


class _RowChecker:
    """Collects checked rows; the first bad value raises, so a file loads whole or not at all."""

    def __init__(self, path, has_tenant):
        self.path = path
        self.has_tenant = has_tenant
        self.rows = []
        self._seen = {}

    def add(self, record, where):
        if len(self.rows) >= MAX_ROWS:
            raise _bad(f"{self.path}: more than {MAX_ROWS} rows; split the file")
        row = {"sku": self._sku(record, where), "name": self._name(record, where),
               "stock": self._count(record, "stock", where),
               "target": self._count(record, "target", where)}
        if self.has_tenant:
            row["tenant"] = self._text(record, "tenant", where)
        key = (row.get("tenant"), row["sku"])
        if key in self._seen:
            raise self._error(where, "sku", f"duplicate SKU {row['sku']} (first at "
                                            f"{self._seen[key]})")
        self._seen[key] = where
        self.rows.append(row)

    def _sku(self, record, where):
        sku = self._text(record, "sku", where)
        if not re.fullmatch(SKU_PATTERN, sku):
            raise self._error(where, "sku", f"{sku[:40]!r} is not a SKU (uppercase letters "
                                            "and digits, 1-32 characters)")
        return sku

    def _name(self, record, where):
        name = self._text(record, "name", where)
        if len(name) > MAX_NAME_CHARS:
            raise self._error(where, "name", f"longer than {MAX_NAME_CHARS} characters")
        return name

    def _text(self, record, column, where):
        value = record[column]
        text = value.strip() if isinstance(value, str) else ""
        if not text:
            raise self._error(where, column, "empty or not text")
        return text

    def _count(self, record, column, where):
        value = record[column]
        if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
            return int(value.strip())
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        raise self._error(where, column, f"{str(value)[:20]!r} is not a whole number >= 0")

    def _error(self, where, column, what):
        return _bad(f"{self.path}: {where}, column {column}: {what}")


def _bad(detail):
    return AgentError("INVALID_INPUT", detail=detail)
