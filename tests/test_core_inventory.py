"""Your own data: CSV and SQLite files, read whole or not at all, read-only, one tenant."""

import os
import sqlite3
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

from stock_agent import inventory
from stock_agent.errors import EXIT_STATUS, AgentError
from tests.support import run_cli, temp_folder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "inventory.csv")


FILES = tempfile.TemporaryDirectory(prefix="stock-agent-inventory-")


def tearDownModule():
    FILES.cleanup()


def write_csv(text, *, encoding="utf-8"):
    handle, path = tempfile.mkstemp(suffix=".csv", dir=FILES.name)
    with os.fdopen(handle, "w", encoding=encoding, newline="") as stream:
        stream.write(text)
    return path


def write_sqlite(rows, *, columns="tenant TEXT, sku TEXT, name TEXT, stock, target",
                 table="items"):
    path = tempfile.mkdtemp(dir=FILES.name) + "/inventory.db"
    with sqlite3.connect(path) as connection:
        connection.execute(f"CREATE TABLE {table} ({columns})")
        marks = ", ".join("?" * len(rows[0])) if rows else ""
        connection.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
    connection.close()
    return path


class CsvTest(unittest.TestCase):
    def assert_bad(self, text, fragment, **kwargs):
        path = write_csv(text)
        with self.assertRaises(AgentError) as caught:
            inventory.load(path, **kwargs)
        self.assertEqual(caught.exception.code, "INVALID_INPUT")
        self.assertEqual(caught.exception.exit_status, 3)
        message = caught.exception.message()
        self.assertTrue(message.startswith(path + ": "), message)
        self.assertIn(fragment, message)
        self.assertNotIn("\n", message)

    def test_example_file_loads_one_tenant(self):
        north = inventory.load(EXAMPLE, tenant="north")
        south = inventory.load(EXAMPLE, tenant="south")
        self.assertEqual(north.lookup("A001")["stock"], 12)
        self.assertIsNone(north.lookup("S001"))
        self.assertEqual(south.lookup("S001")["name"], "高山烏龍")
        self.assertIsNone(south.lookup("A001"))
        self.assertNotIn("tenant", north.lookup("A001"))
        self.assertEqual(north.source, "inventory.csv (tenant north)")

    def test_without_tenant_column_header_order_bom_and_blank_lines(self):
        path = write_csv("\ufeffName, SKU ,target,stock,extra\r\n濾掛咖啡,A001,30,12,x\r\n\r\n")
        data = inventory.load(path)
        self.assertEqual(data.rows(), [{"sku": "A001", "name": "濾掛咖啡", "stock": 12,
                                        "target": 30}])

    def test_other_names_in_an_optional_aliases_column(self):
        path = write_csv("sku,name,stock,target,aliases\nA001,濾掛咖啡,12,30,drip coffee; drip bags"
                         "\nA002,烏龍茶包,45,30,\nA003,玄米茶包,0,20,  \n")
        data = inventory.load(path)
        self.assertEqual(data.lookup("A001")["aliases"], "drip coffee; drip bags")
        for sku in ("A002", "A003"):  # an empty cell, or one of spaces: no other names
            self.assertNotIn("aliases", data.lookup(sku))
        self.assert_bad("sku,name,stock,target,aliases\nA001,x,1,2," + "y" * 201 + "\n",
                        "aliases")

    def test_aliases_in_sqlite_null_or_a_number(self):
        path = write_sqlite([("A001", "濾掛咖啡", 12, 30, "drip coffee"), ("A002", "x", 1, 2, None),
                             ("A003", "y", 1, 2, 42)],
                            columns="sku TEXT, name TEXT, stock, target, aliases")
        data = inventory.load(path)
        self.assertEqual([data.lookup(sku).get("aliases") for sku in ("A001", "A002", "A003")],
                         ["drip coffee", None, "42"])

    def test_missing_column(self):
        self.assert_bad("sku,name,stock\nA001,x,1\n", "row 1: missing column target")

    def test_non_integer_stock(self):
        self.assert_bad("sku,name,stock,target\nA001,x,1,2\nA002,y,1.5,2\n",
                        "row 3, column stock: '1.5' is not a whole number")
        self.assert_bad("sku,name,stock,target\nA001,x,-1,2\n", "row 2, column stock")
        self.assert_bad("sku,name,stock,target\nA001,x,１２,2\n", "row 2, column stock")

    def test_duplicate_sku(self):
        self.assert_bad("sku,name,stock,target\nA001,x,1,2\nA002,y,1,2\nA001,z,3,4\n",
                        "row 4, column sku: duplicate SKU A001 (first at row 2)")

    def test_same_sku_in_two_tenants_is_fine_but_not_twice_in_one(self):
        text = "tenant,sku,name,stock,target\nt1,A001,x,1,2\nt2,A001,y,5,2\n"
        self.assertEqual(inventory.load(write_csv(text), tenant="t2").lookup("A001")["stock"], 5)
        self.assert_bad(text + "t1,A001,z,1,1\n", "row 4, column sku: duplicate", tenant="t2")

    def test_bad_sku_empty_name_and_short_row(self):
        self.assert_bad("sku,name,stock,target\na-1,x,1,2\n", "row 2, column sku")
        self.assert_bad("sku,name,stock,target\nA001, ,1,2\n", "row 2, column name")
        self.assert_bad("sku,name,stock,target\nA001,x,1\n", "row 2: expected 4 columns")

    def test_not_utf8_and_missing_file(self):
        path = write_csv("sku,name,stock,target\nA001,咖啡,1,2\n", encoding="big5")
        with self.assertRaises(AgentError) as caught:
            inventory.load(path)
        self.assertIn("not UTF-8", caught.exception.message())
        with self.assertRaises(AgentError) as caught:
            inventory.load(os.path.join(FILES.name, "none.csv"))
        self.assertEqual(caught.exception.code, "INVALID_INPUT")

    def test_tenant_choice_is_required_and_checked(self):
        self.assert_bad("tenant,sku,name,stock,target\nt1,A001,x,1,2\n", "--tenant NAME")
        self.assert_bad("tenant,sku,name,stock,target\nt1,A001,x,1,2\n",
                        "no rows for tenant 't2'", tenant="t2")
        self.assert_bad("sku,name,stock,target\nA001,x,1,2\n", "no tenant column",
                        tenant="t1")
        with self.assertRaises(AgentError) as caught:
            inventory.load(None, tenant="t1")
        self.assertIn("needs --inventory", caught.exception.message())

    def test_a_bad_row_late_in_the_file_loads_nothing(self):
        good = "".join(f"A{n:03d},x,1,2\n" for n in range(1, 50))
        self.assert_bad("sku,name,stock,target\n" + good + "A999,x,many,2\n", "row 51")


class SqliteTest(unittest.TestCase):
    ROWS = [("t1", "A001", "咖啡", 12, 30), ("t2", "B001", "茶", 3, 9)]

    def test_loads_one_tenant(self):
        data = inventory.load(write_sqlite(self.ROWS), tenant="t1")
        self.assertEqual(data.rows(), [{"sku": "A001", "name": "咖啡", "stock": 12,
                                        "target": 30}])

    def test_a_write_on_the_connection_is_refused(self):
        path = write_sqlite(self.ROWS)
        connection = inventory.open_readonly(path)
        try:
            with self.assertRaises(sqlite3.OperationalError) as caught:
                connection.execute("INSERT INTO items VALUES ('t1', 'X1', 'x', 1, 1)")
            self.assertIn("readonly", str(caught.exception))
            with self.assertRaises(sqlite3.OperationalError):
                connection.execute("DROP TABLE items")
        finally:
            connection.close()
        self.assertEqual(len(inventory.load(path, tenant="t2").rows()), 1)

    def test_bad_rows_name_row_and_column(self):
        path = write_sqlite(self.ROWS + [("t1", "A002", "x", "lots", 1)])
        with self.assertRaises(AgentError) as caught:
            inventory.load(path, tenant="t1")
        self.assertEqual(caught.exception.message(),
                         f"{path}: row 3, column stock: 'lots' is not a whole number >= 0")
        path = write_sqlite([("A001", "x", 1.5, 2)], columns="sku, name, stock, target")
        with self.assertRaises(AgentError):
            inventory.load(path)

    def test_missing_table_or_column(self):
        path = write_sqlite([("A001", "x", 1)], columns="sku, name, stock")
        with self.assertRaises(AgentError) as caught:
            inventory.load(path)
        self.assertIn("table items: missing column target", caught.exception.message())
        path = write_sqlite([("A001",)], columns="sku", table="stock")
        with self.assertRaises(AgentError) as caught:
            inventory.load(path)
        self.assertIn("no table named items", caught.exception.message())

    def test_a_side_file_that_is_no_regular_file_is_refused_at_once(self):
        # a review's: SQLite opened a FIFO at inventory.db-journal itself, and waited on it
        # for good, through Ctrl-C and SIGTERM. Refused first; a thread, so that a wait
        # ends this test and not the suite.
        import threading
        for suffix in ("-journal", "-wal", "-shm"):
            path = write_sqlite(self.ROWS)
            os.mkfifo(path + suffix)
            ended = []
            reader = threading.Thread(daemon=True, target=lambda: ended.append(
                self.assertRaises(AgentError, inventory.load, path, tenant="t1")))
            reader.start()
            reader.join(10)
            with self.subTest(suffix=suffix):
                self.assertFalse(reader.is_alive(), "inventory.load waited on a FIFO")
                self.assertTrue(ended)
        with self.assertRaises(AgentError) as caught:
            inventory.load(path, tenant="t1")
        self.assertEqual(caught.exception.message(),
                         f"{path}: cannot read the SQLite database ({path}-shm is not a "
                         "regular file)")
        path = write_sqlite(self.ROWS)
        os.symlink(path + "-journal", path + "-journal")  # a loop: no file at all
        with self.assertRaises(AgentError) as caught:
            inventory.load(path, tenant="t1")
        self.assertIn("-journal is not a regular file", caught.exception.message())

    def test_a_tenant_name_that_looks_like_sql_is_only_a_value(self):
        path = write_sqlite(self.ROWS)
        with self.assertRaises(AgentError) as caught:
            inventory.load(path, tenant="t1' OR '1'='1")
        self.assertIn("no rows for tenant", caught.exception.message())


class CommandLineTest(unittest.TestCase):
    def test_tenant_scope_from_the_command_line(self):
        status, out, _, events = run_cli(["--mock", "--lang", "en", "--inventory", EXAMPLE,
                                          "--tenant", "south", "-q", "Check S001 and A001"])
        self.assertEqual(status, 0)
        self.assertIn("(S001): stock 3", out)
        self.assertIn("SKU A001 was not found", out)
        self.assertEqual(events[0]["data_source"], "inventory.csv (tenant south)")

    def test_bad_file_is_one_line_exit_3_and_no_run(self):
        path = write_csv("sku,name,stock,target\nA001,x,ten,2\n")
        status, out, err, events = run_cli(["--mock", "--inventory", path])
        self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"])
        self.assertEqual(out, "")
        self.assertEqual(err.splitlines(),
                         [f"stock-agent: INVALID_INPUT: {path}: row 2, column stock: 'ten' "
                          "is not a whole number >= 0"])
        self.assertEqual(events, [])

    def test_bad_file_fails_before_any_model_server_is_asked(self):
        status, _, err, _ = run_cli(["--inventory", os.path.join(FILES.name, "none.csv"),
                                     "--base-url", "http://127.0.0.1:9"])
        self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"])
        self.assertTrue(err.startswith("stock-agent: INVALID_INPUT: "), err)

    def test_mock_start_up_does_not_load_data_or_thread_modules(self):
        code = ("import sys, agent; status = agent.main(['--mock', '--log-dir', sys.argv[1]]);"
                "print(sorted(m for m in ('csv', 'sqlite3', 'threading', 'unicodedata') "
                "if m in sys.modules))")
        done = subprocess.run([sys.executable, "-S", "-c", code, FILES.name],
                              cwd=ROOT, capture_output=True, text=True, timeout=20)
        self.assertEqual(done.stdout.splitlines()[-1], "[]", done.stderr)


if __name__ == "__main__":
    unittest.main()


class RepeatedColumnTest(unittest.TestCase):
    def test_a_column_named_twice_is_refused(self):
        folder = temp_folder(self)
        path = os.path.join(folder, "twice.csv")
        with open(path, "w", encoding="utf-8") as file:
            file.write("sku,sku,name,stock,target\nA001,B002,x,1,5\n")
        with self.assertRaises(AgentError) as caught:
            inventory.load(path)
        self.assertEqual(caught.exception.code, "INVALID_INPUT")
        self.assertIn("column sku appears twice", caught.exception.message())


class UnreadableDataTest(unittest.TestCase):
    """Each way a data file is refused: one INVALID_INPUT line naming the file."""

    def write(self, name, data):
        path = os.path.join(temp_folder(self), name)
        with open(path, "wb") as file:
            file.write(data)
        return path

    def assertRefused(self, path, words):
        with self.assertRaises(AgentError) as caught:
            inventory.load(path)
        self.assertEqual(caught.exception.code, "INVALID_INPUT")
        message = caught.exception.message()
        self.assertIn(path, message)
        self.assertIn(words, message)
        self.assertEqual(message.count("\n"), 0)

    def test_csv_that_the_csv_reader_rejects(self):
        # A field past the csv module's own size limit (131,072 characters).
        path = self.write("huge.csv", b"sku,name,stock,target\nA001," + b"x" * 140_000
                          + b",1,5\n")
        self.assertRefused(path, "not valid CSV")

    def test_a_file_that_says_sqlite_but_is_not_a_database(self):
        path = self.write("fake.db", b"SQLite format 3\x00" + b"\xff" * 200)
        self.assertRefused(path, "cannot read the SQLite database")

    def test_too_many_rows(self):
        rows = "".join(f"A{n:03},x,1,5\n" for n in range(5))
        path = self.write("many.csv", ("sku,name,stock,target\n" + rows).encode())
        with mock.patch.object(inventory, "MAX_ROWS", 3):
            self.assertRefused(path, "more than 3 rows")

    def test_a_name_that_is_too_long(self):
        path = self.write("long.csv", b"sku,name,stock,target\nA001," + b"x" * 30 + b",1,5\n")
        with mock.patch.object(inventory, "MAX_NAME_CHARS", 20):
            self.assertRefused(path, "longer than 20 characters")

