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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def limited():
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))


@unittest.skipUnless(hasattr(os, "mkfifo") and os.path.exists("/dev/zero"), "needs POSIX")
class NotARegularFile(unittest.TestCase):
    def test_fifo_and_dev_zero_are_refused_at_once(self):
        with tempfile.TemporaryDirectory() as folder:
            fifo = os.path.join(folder, "pipe")
            os.mkfifo(fifo)
            cases = [(flag, path) for flag in ("--inventory", "--system-prompt")
                     for path in (fifo, "/dev/zero")]
            children = {case: self.start_agent(*case) for case in cases}  # all at once
            for (flag, path), child in children.items():
                with self.subTest(flag=flag, path=path):
                    _, err = child.communicate(timeout=15)
                    self.assertEqual(child.returncode, EXIT_STATUS["INVALID_INPUT"])
                    self.assertEqual(len(err.splitlines()), 1, err)
                    self.assertIn("not a regular file", err)

    def start_agent(self, *argv):
        """`python agent.py --mock` with `argv`, limited and not waited for: a hang fails
        communicate()'s timeout, and the cleanup kills it."""
        logs = tempfile.TemporaryDirectory()
        self.addCleanup(logs.cleanup)
        child = subprocess.Popen([sys.executable, "agent.py", "--mock", "--log-dir", logs.name,
                                  *argv], cwd=ROOT, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, preexec_fn=limited)
        self.addCleanup(lambda: child.poll() is None and (child.kill(), child.communicate()))
        return child

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


class SqliteWork(unittest.TestCase):
    """Each view is read in a child process with a time, memory and file-size limit: SQLite
    sorting an endless view would otherwise fill the temporary folder."""

    ENDLESS = ("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) "
               "SELECT 'A' || n AS sku, 'x' AS name, 1 AS stock, 2 AS target FROM c")
    # An aggregate over a billion rows: no row comes out before all of them are computed.
    SLOW = ("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c "
            "WHERE n < 1000000000) SELECT 'A' || max(n) AS sku, 'x' AS name, 1 AS stock, "
            "2 AS target FROM c")
    READ = ("import sys\n"
            "from stock_agent import inventory\n"
            "inventory.MAX_ROWS, inventory.MAX_SQLITE_SECONDS = 1000, 0.15\n"
            "try:\n"
            "    print(len(inventory.load(sys.argv[1]).rows()))\n"
            "except Exception as exc:\n"
            "    print(exc)\n")

    def read(self, view):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        path = os.path.join(folder.name, "shop.db")
        with sqlite3.connect(path) as connection:
            connection.execute(f"CREATE VIEW items AS {view}")
        connection.close()

        def bounded():
            import resource
            limited()
            resource.setrlimit(resource.RLIMIT_FSIZE, (50 * 2**20, 50 * 2**20))

        done = subprocess.run([sys.executable, "-c", self.READ, path], cwd=ROOT, timeout=15,
                              capture_output=True, text=True, preexec_fn=bounded)
        return done.stdout.strip()

    def test_an_endless_view_stops_at_the_row_cap(self):
        message = self.read(self.ENDLESS)
        self.assertTrue(message.startswith("INVALID_INPUT: "), message)
        self.assertIn("more than 1000 rows", message)

    def test_a_view_that_computes_for_ever_stops_at_the_time_cap(self):
        self.assertIn("reading table items took more than 0.15 s", self.read(self.SLOW))

    def test_a_view_of_good_rows_loads(self):
        self.assertEqual(self.read("SELECT 'A001' AS sku, 'x' AS name, 1 AS stock, "
                                   "2 AS target"), "1")

if __name__ == "__main__":
    unittest.main()
