"""The data the tools read: the built-in sample, or your own CSV file or SQLite database.

Contract:
- The program builds one `Inventory` for one tenant before the run starts. Tools read only
  that object; no tool argument names a tenant, a file or a query, so nothing the model
  writes can widen or switch the scope.
- Files are read completely and checked before anything is used. A bad file (missing column,
  a stock that is not a whole number, a duplicate SKU, ...) raises INVALID_INPUT with one line
  naming the file, the row and the column; nothing is half-loaded.
- Reading is bounded: only a regular file is opened (a FIFO or /dev/zero is refused), a CSV
  file of more than MAX_CSV_BYTES is refused, at most MAX_ROWS rows are read (counted as they
  arrive, so an endless SQLite view stops there), and SQLite work stops after
  MAX_SQLITE_SECONDS.
- SQLite is opened read-only (URI `mode=ro`) and read with one constant query: no SQL text is
  ever built from a value, and the connection refuses writes.

Not guaranteed: that the file is current. Rows are a snapshot taken when the run starts
(in a conversation, when each question is asked: chat/session.py).
`csv`, `sqlite3` and `urllib.parse` load only when a file is given, so `--mock` stays fast.
"""

import os
import re

from stock_agent.errors import AgentError, Text

SKU_PATTERN = "^[A-Z0-9][A-Z0-9_-]{0,31}$"
# The letters a SKU typed by hand confuses with digits: AOO2 for A002, AOOI for A001.
_LOOKS_LIKE_DIGITS = str.maketrans("OIL", "011")


def read_as(sku):
    """The SKU as one typed by hand reads: in capitals, O for 0 and I or L for 1."""
    return sku.upper().translate(_LOOKS_LIKE_DIGITS)


def spelled_alike(sku, skus):
    """The SKUs of `skus` that read as `sku` (read_as: AOO2 as A002), but for `sku` itself."""
    typed = read_as(sku)
    return [other for other in skus if other != sku and read_as(other) == typed]


# difflib's ratio a name spelled alike reaches: "genmacha" to "genmaicha" is 0.94, "lemon tea
# bags" to "oolong tea bags" 0.83; 鋁掛咖啡 to 濾掛咖啡, one character in four, 0.75
ALIKE = {"ascii": 0.85, "other": 0.75}
ALIKE_ROWS = 2_000  # the most rows scanned for names spelled alike (1.9 s at 50,001)


def names_spelled_alike(query, rows, fold):
    """The rows with a name, another name or (of an English one) a word spelled like the
    query, each folded by `fold` as the query is: difflib's ratio of at least ALIKE, or two
    letters next to each other swapped; the closest first. Not one the query holds or is
    held in, but as a plural ("oolongs"): "team" is no misspelled "tea", nor "price" "rice"."""
    import difflib  # only for a search that matched nothing

    least = ALIKE["ascii" if query.isascii() else "other"]
    matcher, scored = difflib.SequenceMatcher(b=query, autojunk=False), []
    for at, row in enumerate(rows):
        best = 0.0
        for name in [row["name"], *row.get(ALIASES, "").split(";")]:
            name = fold(name.strip())
            for spelling in [name, *(name.split() if name.isascii() else ())]:
                matcher.set_seq1(spelling)
                if (spelling in query or query in spelling) and \
                        query.removeprefix(spelling) not in ("s", "es"):
                    continue  # another word, not this one misspelled: but "oolongs"
                if _swapped(query, spelling):
                    best = max(best, least)
                elif matcher.real_quick_ratio() >= least and matcher.quick_ratio() >= least:
                    best = max(best, matcher.ratio())
        if best >= least:
            scored.append((-best, at, row))
    return [row for _, _, row in sorted(scored)]


def _swapped(query, spelling):
    """Whether the query is the spelling with two letters next to each other swapped, a typo
    difflib scores low ("oolnog" of "oolong": 0.83)."""
    if len(query) != len(spelling):
        return False
    apart = [at for at, (left, right) in enumerate(zip(query, spelling)) if left != right]
    return len(apart) == 2 and apart[1] == apart[0] + 1 and \
        query[apart[0]] == spelling[apart[1]] and query[apart[1]] == spelling[apart[0]]


SKU_HINT = "1-32 uppercase letters, digits, - or _, for example A001"  # SKU_PATTERN in words
COLUMNS = ("sku", "name", "stock", "target")
# An optional column: other names of the item, in other languages or words ("oolong tea
# bags" of 烏龍茶包), which find_items searches too; separated by ";" when there are several.
ALIASES = "aliases"
MAX_ROWS = 100_000
MAX_NAME_CHARS = 200
MAX_COUNT_DIGITS = 15        # a stock or target above 10**15 is a mistake, not an inventory
MAX_CSV_BYTES = 64 * 2**20
MAX_SQLITE_SECONDS = 5.0
SQLITE_MAGIC = b"SQLite format 3\x00"
NO_TENANT = "default"  # the tenant of data without a tenant column, as a record names it
# No ORDER BY: a table is scanned in rowid order anyway, and sorting would make SQLite
# compute every row of a view (an endless one, say) before handing over the first.
SQLITE_ROWS = "SELECT rowid, * FROM items"

# The built-in sample. A003 is in the catalogue with no stock, so "out of stock" (stock 0)
# and "no such SKU" (SKU_NOT_FOUND) stay visibly different. The names are Chinese; their
# English names are aliases, so "oolong" finds 烏龍茶包.
SAMPLE_ROWS = (
    {"sku": "A001", "name": "濾掛咖啡", "stock": 12, "target": 30,
     "aliases": "drip coffee; drip bag coffee"},
    {"sku": "A002", "name": "烏龍茶包", "stock": 45, "target": 30, "aliases": "oolong tea bags"},
    {"sku": "A003", "name": "玄米茶包", "stock": 0, "target": 20,
     "aliases": "genmaicha tea bags; brown rice tea bags"},
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

    def __len__(self):
        return len(self._by_sku)


def sample_inventory():
    return Inventory(SAMPLE_ROWS, source=SAMPLE_SOURCE)


def load(path, *, tenant=None):
    """The inventory for one run: the sample when `path` is None, else the file's rows."""
    if path is None:
        if tenant is not None:
            raise _bad(Text("tenant_needs_inventory", tenant=tenant))
        return sample_inventory()
    rows, has_tenant = _read_file(path)
    if not rows:  # a header alone (or an empty items table) is a mistake, not a shop
        raise _bad(Text("no_rows", path=path))
    rows = _scoped(rows, has_tenant, tenant, path)
    source = os.path.basename(path) + (f" (tenant {tenant})" if tenant is not None else "")
    return Inventory(rows, source=source)


def other_scope(tenants, sources, *, tenant, source, words):
    """A line saying that data recorded under `tenants` and `sources` (what an earlier run
    wrote down: a journal's intents, a conversation's record) is another scope than this
    run's `tenant` and `source` (Inventory.source), or None when it is the same. `words` are
    the catalogue's lines for another tenant and another source, each with {theirs} and
    {ours}. Orders are settled (--resume) and tool results replayed (--continue) only in the
    scope they were made in: never another tenant's stock, or another file's."""
    if set(tenants) - {tenant}:
        return Text(words[0], theirs=", ".join(sorted(map(str, tenants))), ours=tenant)
    if source is not None and set(sources) - {source}:
        return Text(words[1], theirs=", ".join(sorted(map(str, sources))), ours=source)
    return None


def _read_file(path):
    from stock_agent import files

    try:
        with files.open_regular(path) as handle:
            is_sqlite = handle.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
        if is_sqlite:
            return _read_sqlite(path)
        text = files.read_capped(path, MAX_CSV_BYTES).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        detail = Text("unreadable_file", path=path, problem=files.problem(exc))
        bundled = _bundled(path) if isinstance(exc, FileNotFoundError) else None
        if bundled is not None:
            detail = Text("inventory_bundled", missing=detail, bundled=bundled)
        raise _bad(detail) from None
    return _read_csv(text, path)


def _bundled(path):
    """The sample file of `path`'s name that ships with stock-agent, or None: the --help
    example's `examples/inventory.csv` is in a checkout's examples/, and an install carries
    it as stock_agent/examples/ (pyproject.toml), away from the folder a person is in."""
    package = os.path.dirname(os.path.abspath(__file__))
    for folder in (package, os.path.dirname(package)):  # an install's, then a checkout's
        bundled = os.path.join(folder, "examples", os.path.basename(path))
        if os.path.isfile(bundled):
            return bundled
    return None


def _scoped(rows, has_tenant, tenant, path):
    if not has_tenant:
        if tenant is not None:
            raise _bad(Text("tenant_without_column", path=path, tenant=tenant))
        return rows
    if tenant is None:
        raise _bad(Text("tenant_required", path=path, tenants=_tenants(rows)))
    mine = [row for row in rows if row["tenant"] == tenant]
    if not mine:
        raise _bad(Text("tenant_unknown", path=path, tenant=repr(tenant),
                        tenants=_tenants(rows)))
    for row in mine:
        del row["tenant"]
    return mine


def _tenants(rows, shown=10):
    """The tenants in the file, for a message: the first `shown`, then how many more."""
    names = sorted({row["tenant"] for row in rows})
    more = f" (+{len(names) - shown})" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


# --- CSV ---------------------------------------------------------------------------

def _read_csv(text, path):
    import csv
    import io

    if not text.strip():  # no header at all: say so, not that `sku` is missing from it
        raise _bad(Text("csv_empty", path=path, columns=", ".join(COLUMNS)))
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next((fields for fields in reader if fields), [])  # blank lines before it
        header = [name.strip().lower() for name in header]
        _check_header(header, path, Text("row", row=reader.line_num),
                      hint=_delimiter_hint(header))
        checker = _RowChecker(path, "tenant" in header)
        for fields in reader:
            if fields:  # a blank line is not a row
                where = Text("row", row=reader.line_num)
                checker.add(_csv_record(header, fields, path, where), where)
    except csv.Error as exc:
        raise _bad(Text("csv_invalid", path=path, where=Text("row", row=reader.line_num),
                        reason=str(exc))) from None
    return checker.rows, checker.has_tenant


def _csv_record(header, fields, path, where):
    if len(fields) != len(header):
        raise _bad(Text("csv_columns", path=path, where=where, expected=len(header),
                        found=len(fields)))
    return dict(zip(header, fields))


def _delimiter_hint(header):
    """A hint for a header whose columns seem separated by another character than the
    comma, the only one read (a spreadsheet set to a language whose decimal mark is the
    comma saves CSV with `;`), or ""."""
    found = next((mark for mark in ";\t|" if any(mark in name for name in header)), None)
    return "" if found is None else Text("csv_delimiter", delimiter=repr(found))


# --- SQLite ------------------------------------------------------------------------

def open_readonly(path):
    """A connection that cannot write: SQLite itself refuses, whatever is executed on it."""
    import sqlite3
    from urllib.parse import quote

    return sqlite3.connect(f"file:{quote(os.path.abspath(path))}?mode=ro", uri=True)


def _read_sqlite(path):
    import sqlite3
    import time

    _check_side_files(path)
    deadline = time.monotonic() + MAX_SQLITE_SECONDS
    try:
        connection = open_readonly(path)
        try:
            # Called every 10,000 SQLite instructions: a nonzero answer interrupts the query.
            connection.set_progress_handler(lambda: time.monotonic() > deadline, 10_000)
            return _sqlite_rows(connection, path)
        finally:
            connection.close()
    except sqlite3.Error as exc:
        if time.monotonic() > deadline:
            raise _bad(Text("sqlite_slow", path=path, seconds=MAX_SQLITE_SECONDS)) from None
        raise _bad(Text("sqlite_unreadable", path=path, reason=str(exc))) from None


def _check_side_files(path):
    """SQLite opens the files it keeps beside a database (a journal, a write-ahead log and
    its index) itself, and waits on one that is a FIFO for good, through Ctrl-C (a review
    found): one that is not a regular file is refused first."""
    import stat

    for beside in {path, os.path.realpath(path)}:
        for suffix in ("-journal", "-wal", "-shm"):
            try:
                regular = stat.S_ISREG(os.stat(beside + suffix).st_mode)
            except FileNotFoundError:
                continue
            except OSError:  # a loop of links, say: SQLite would fail on it too
                regular = False
            if not regular:
                raise _bad(Text("sqlite_unreadable", path=path,
                                reason=f"{beside + suffix} is not a regular file"))


def _sqlite_rows(connection, path):
    columns = [row[1].lower() for row in connection.execute("PRAGMA table_info(items)")]
    if not columns:
        raise _bad(Text("no_items_table", path=path, columns=", ".join(COLUMNS)))
    _check_header(columns, path, Text("table_items"))
    checker = _RowChecker(path, "tenant" in columns)
    for number, values in enumerate(connection.execute(SQLITE_ROWS), 1):
        record = dict(zip(["rowid"] + columns, values))
        # A view has no rowid: its rows are numbered in the order they come.
        checker.add(record, Text("row", row=record["rowid"] or number))
    return checker.rows, checker.has_tenant


# --- Checking rows -----------------------------------------------------------------

def _check_header(columns, path, where, *, hint=""):
    repeated = [name for index, name in enumerate(columns) if name in columns[:index]]
    if repeated:
        raise _bad(Text("column_twice", path=path, where=where, column=repeated[0]))
    missing = [name for name in COLUMNS if name not in columns]
    if missing:
        raise _bad(Text("column_missing", path=path, where=where, column=missing[0],
                        columns=", ".join(COLUMNS), hint=hint))


class _RowChecker:
    """Collects checked rows; the first bad value raises, so a file loads whole or not at all."""

    def __init__(self, path, has_tenant):
        self.path = path
        self.has_tenant = has_tenant
        self.rows = []
        self._seen = {}

    def add(self, record, where):
        if len(self.rows) >= MAX_ROWS:
            raise _bad(Text("too_many_rows", path=self.path, limit=MAX_ROWS))
        row = {"sku": self._sku(record, where), "name": self._name(record, where),
               "stock": self._stock_count(record, "stock", where),
               "target": self._stock_count(record, "target", where)}
        aliases = record.get(ALIASES)
        if aliases is not None and str(aliases).strip():  # an empty cell: no other names
            row[ALIASES] = self._name({ALIASES: str(aliases)}, where, ALIASES)
        if self.has_tenant:
            row["tenant"] = self._text(record, "tenant", where)
        key = (row.get("tenant"), row["sku"])
        if key in self._seen:
            raise self._error(where, "sku", Text("duplicate_sku", sku=row["sku"],
                                                 first=self._seen[key]))
        self._seen[key] = where
        self.rows.append(row)

    def _sku(self, record, where):
        sku = self._text(record, "sku", where)
        if not re.fullmatch(SKU_PATTERN, sku):
            raise self._error(where, "sku", Text("not_a_sku", value=repr(sku[:40])))
        return sku

    def _name(self, record, where, column="name"):
        name = self._text(record, column, where)
        if len(name) > MAX_NAME_CHARS:
            raise self._error(where, column, Text("name_too_long", limit=MAX_NAME_CHARS))
        return name

    def _text(self, record, column, where):
        value = record[column]
        text = value.strip() if isinstance(value, str) else ""
        if not text:
            raise self._error(where, column, Text("empty_text"))
        return text

    def _stock_count(self, record, column, where):
        value = record[column]
        if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
            value = value.strip()
            if len(value.lstrip("0")) > MAX_COUNT_DIGITS:  # and int() of 5,000 digits fails
                raise self._error(where, column, Text("count_too_large", value=value[:20],
                                                      digits=MAX_COUNT_DIGITS))
            return int(value)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            if value >= 10 ** MAX_COUNT_DIGITS:
                raise self._error(where, column, Text("count_too_large", value=str(value)[:20],
                                                      digits=MAX_COUNT_DIGITS))
            return value
        raise self._error(where, column, Text("not_a_count", value=repr(str(value)[:20])))

    def _error(self, where, column, what):
        return _bad(Text("bad_value", path=self.path, where=where, column=column, what=what))


def _bad(detail):
    return AgentError("INVALID_INPUT", detail=detail)
