"""Files a person names are read within bounds, and every bad value is one line.

`--inventory` and `--system-prompt` on a FIFO (which would wait for a writer for ever), on
/dev/zero (endless), or on a file past the byte cap are refused at once; an SQLite `items`
view that never ends stops at the row cap, and one that computes for ever stops at the time
cap. A stock of 5,000 digits is refused naming its row and column. Each ends as
INVALID_INPUT, exit 3, with one line. The FIFO and /dev/zero run in a child process with a
time and memory limit, so a regression fails the test instead of hanging the suite.
"""

import os
import sqlite3
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

from stock_agent import inventory, run
from stock_agent.errors import EXIT_STATUS, AgentError
from tests.support import DRIVER, Early, start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def limited():
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))


def not_regular_files_named():
    """`python agent.py --mock` with --inventory or --system-prompt on a FIFO or /dev/zero,
    the four at once, limited: {(flag, path): (status, stderr)}. A hang fails
    communicate()'s timeout, and the child is killed."""
    with tempfile.TemporaryDirectory() as folder:
        fifo = os.path.join(folder, "pipe")
        os.mkfifo(fifo)
        children = {(flag, path): subprocess.Popen(
            [sys.executable, "agent.py", "--mock", "--log-dir", os.path.join(folder, "logs"),
             flag, path], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, preexec_fn=limited)
            for flag in ("--inventory", "--system-prompt") for path in (fifo, "/dev/zero")}
        try:
            outcomes = {}
            for case, child in children.items():
                _, err = child.communicate(timeout=15)
                outcomes[case] = (child.returncode, err)
            return outcomes
        finally:
            for child in children.values():
                if child.poll() is None:
                    child.kill()
                    child.communicate()


POSIX = hasattr(os, "mkfifo") and os.path.exists("/dev/zero")
NOT_REGULAR = Early(not_regular_files_named)  # child processes the test only waits for


@unittest.skipUnless(POSIX, "needs POSIX")
class NotARegularFile(unittest.TestCase):
    def test_fifo_and_dev_zero_are_refused_at_once(self):
        for (flag, path), (status, err) in NOT_REGULAR.result().items():
            with self.subTest(flag=flag, path=path):
                self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"])
                self.assertEqual(len(err.splitlines()), 1, err)
                self.assertIn("not a regular file", err)

    def test_a_folder_is_refused_the_same_way(self):
        with self.assertRaises(AgentError) as caught:
            run.load_system_prompt(ROOT, "en")
        self.assertIn("not a regular file", caught.exception.message())


class ByteCaps(unittest.TestCase):
    def write(self, data, name="big.csv"):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        path = os.path.join(folder.name, name)
        with open(path, "wb") as file:
            file.write(data)
        return path

    def test_a_csv_past_the_cap_is_refused(self):
        path = self.write(b"sku,name,stock,target\n" + b"A001,x,1,2\n" * 100)
        with mock.patch.object(inventory, "MAX_CSV_BYTES", 500), \
                self.assertRaises(AgentError) as caught:
            inventory.load(path)
        self.assertIn("larger than 500 bytes", caught.exception.message())

    def test_a_system_prompt_past_the_cap_is_refused(self):
        path = self.write(b"rules " * 100, "prompt.txt")
        with mock.patch.object(run, "MAX_PROMPT_BYTES", 100), \
                self.assertRaises(AgentError) as caught:
            run.load_system_prompt(path, "en")
        self.assertEqual(caught.exception.code, "INVALID_INPUT")
        self.assertIn("larger than 100 bytes", caught.exception.message())

    def test_a_stock_of_five_thousand_digits_names_row_and_column(self):
        path = self.write(b"sku,name,stock,target\nA001,x,1,2\nA002,y," + b"9" * 5000 + b",2\n")
        with self.assertRaises(AgentError) as caught:
            inventory.load(path)
        message = caught.exception.message()
        self.assertEqual(caught.exception.code, "INVALID_INPUT")
        self.assertIn("row 3, column stock", message)
        self.assertIn("too large", message)
        self.assertLess(len(message), 300)


# An SQLite `items` view that never ends, one that computes for ever (an aggregate over a
# billion rows: no row comes out before all of them are computed), and one of good rows.
ENDLESS = ("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) "
           "SELECT 'A' || n AS sku, 'x' AS name, 1 AS stock, 2 AS target FROM c")
SLOW = ("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c "
        "WHERE n < 1000000000) SELECT 'A' || max(n) AS sku, 'x' AS name, 1 AS stock, "
        "2 AS target FROM c")
GOOD = "SELECT 'A001' AS sku, 'x' AS name, 1 AS stock, 2 AS target"
READ = ("import sys\n"
        "from stock_agent import inventory\n"
        "inventory.MAX_ROWS, inventory.MAX_SQLITE_SECONDS = 1000, float(sys.argv[2])\n"
        "try:\n"
        "    print(len(inventory.load(sys.argv[1]).rows()))\n"
        "except Exception as exc:\n"
        "    print(exc)\n")


def sqlite_view_read(view, seconds=0.15):
    """The `items` view read in a child process with a time, memory and file-size limit
    (SQLite sorting an endless view would otherwise fill the temporary folder): what the
    child printed. `seconds`: the time cap, long for a view that must meet the row cap
    first even on a busy machine."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "shop.db")
        with sqlite3.connect(path) as connection:
            connection.execute(f"CREATE VIEW items AS {view}")
        connection.close()

        def bounded():
            import resource
            limited()
            resource.setrlimit(resource.RLIMIT_FSIZE, (50 * 2**20, 50 * 2**20))

        done = subprocess.run([*DRIVER, "-c", READ, path, str(seconds)], cwd=ROOT, timeout=15,
                              capture_output=True, text=True, preexec_fn=bounded)
        return done.stdout.strip()


SQLITE_VIEWS = {ENDLESS: Early(sqlite_view_read, ENDLESS, 10), SLOW: Early(sqlite_view_read, SLOW),
                GOOD: Early(sqlite_view_read, GOOD)}


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the children start now."""
    if POSIX:
        start(NOT_REGULAR)
    start(*SQLITE_VIEWS.values())
    return tests


class SqliteWork(unittest.TestCase):
    """Each view is read in a child process with limits (sqlite_view_read)."""

    def test_an_endless_view_stops_at_the_row_cap(self):
        message = SQLITE_VIEWS[ENDLESS].result()
        self.assertTrue(message.startswith("INVALID_INPUT: "), message)
        self.assertIn("more than 1000 rows", message)

    def test_a_view_that_computes_for_ever_stops_at_the_time_cap(self):
        self.assertIn("reading table items took more than 0.15 s",
                      SQLITE_VIEWS[SLOW].result())

    def test_a_view_of_good_rows_loads(self):
        self.assertEqual(SQLITE_VIEWS[GOOD].result(), "1")


if __name__ == "__main__":
    unittest.main()
