"""An inventory file that changes or disappears mid-run, and Ctrl-C over a loaded inventory.

inventory.load reads the whole CSV or SQLite file before the first model request and closes
it (SQLite too: all rows are fetched, then the connection is closed). The tools answer from
that snapshot, so deleting the file, rewriting it with other numbers, or overwriting it with
junk after the run started changes nothing in the run: no crash, no tool error, and the
numbers the model gets are those of the moment the run began. (Not guaranteed, as
inventory.py says: that the answer is current. A run is short; the log records the source.)

Ctrl-C (a real SIGINT to a child process) while a parallel batch of slow tools reads a
loaded CSV inventory: exit 130, one CANCELLED line, the log intact and ending `cancelled`.
The single slow tool and the in-process parallel case are in test_core_cancel.py and
test_core_tool_runner.py.
"""

import json
import os
import shutil
import sqlite3
import sys
import tempfile
import unittest

from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent.errors import EXIT_STATUS
from tests.support import DRIVER, run_cli, sigint_child
from tests.test_core_cancel import log_events

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "inventory.csv")
ROWS = [("north", "A001", "濾掛咖啡", 12, 30), ("north", "A002", "烏龍茶包", 45, 30)]


def write_sqlite(path, rows):
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE IF NOT EXISTS items "
                           "(tenant TEXT, sku TEXT, name TEXT, stock, target)")
        connection.execute("DELETE FROM items")
        connection.executemany("INSERT INTO items VALUES (?, ?, ?, ?, ?)", rows)
    connection.close()


def delete(path):
    os.remove(path)


def rewrite_csv(path):
    with open(path, "w", encoding="utf-8") as file:
        file.write("tenant,sku,name,stock,target\nnorth,A001,changed,999,1\n")


def junk(path):
    with open(path, "wb") as file:
        file.write(b"\x00not an inventory\xff")


def rewrite_sqlite(path):
    write_sqlite(path, [("north", "A001", "changed", 999, 1)])


class FileChangesMidRun(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="stock-agent-snapshot-")
        self.addCleanup(shutil.rmtree, self.dir)

    def run_with(self, path, change):
        """A run over `path` whose first model request changes the file; the tool then runs."""
        def first(messages):
            change(path)
            return calls_reply(tool_call("get_stock", {"sku": "A001"}, "call_1"),
                               tool_call("find_items", {"query": "茶"}, "call_2"))
        model = MockModel([first, text_reply("A001: 12.")])
        status, out, err, events = run_cli(
            ["--inventory", path, "--tenant", "north", "--lang", "en", "--verify", "off",
             "-q", "A001?"],  # off: the model is asked again, with the results it was sent
            log_dir=tempfile.mkdtemp(dir=self.dir), model=model)
        results = [json.loads(m["content"]) for m in model.requests[1]["messages"]
                   if m["role"] == "tool"]
        return status, err, events, results

    def assertUnaffected(self, make_file, changes):
        """Each change leaves the run exactly as a run over the untouched file (same name:
        the name is the results' `source`)."""
        _, _, _, expected = self.run_with(make_file("untouched"), lambda path: None)
        self.assertEqual((expected[0]["data"]["sku"], expected[0]["data"]["stock"]),
                         ("A001", 12))
        for change in changes:
            with self.subTest(change=change.__name__):
                status, err, events, results = self.run_with(make_file(change.__name__),
                                                             change)
                self.assertEqual(status, 0, err)
                self.assertEqual(events[-1]["event"], "completed")
                self.assertEqual([e["ok"] for e in events if e["event"] == "tool"],
                                 [True, True])
                self.assertEqual(results, expected)

    def test_csv_deleted_rewritten_or_junked_after_loading(self):
        def make_file(name):
            path = os.path.join(tempfile.mkdtemp(prefix=name, dir=self.dir), "inventory.csv")
            shutil.copy(EXAMPLE, path)
            return path
        self.assertUnaffected(make_file, (delete, rewrite_csv, junk))

    def test_sqlite_deleted_rewritten_or_junked_after_loading(self):
        def make_file(name):
            path = os.path.join(tempfile.mkdtemp(prefix=name, dir=self.dir), "inventory.db")
            write_sqlite(path, ROWS)
            return path
        self.assertUnaffected(make_file, (delete, rewrite_sqlite, junk))

    def test_the_change_is_seen_by_the_next_run(self):
        """The control: the rewritten file is really different, read by a new run."""
        path = os.path.join(self.dir, "next.csv")
        shutil.copy(EXAMPLE, path)
        self.run_with(path, rewrite_csv)
        _, _, _, results = self.run_with(path, lambda path: None)
        self.assertEqual(results[0]["data"]["stock"], 999)


# Runs the real main() over --inventory with a scripted batch of two get_stock calls, each
# slow; each touches a marker once it has read its row from the loaded inventory.
PARALLEL_DRIVER = """
import os, sys, time
import agent, tools
from mock_model import MockModel, calls_reply, tool_call

real_get_stock = tools.GET_STOCK.handler

def slow_get_stock(inventory, arguments):
    result = real_get_stock(inventory, arguments)
    open(os.path.join(sys.argv[1], arguments["sku"]), "w").close()
    time.sleep(30)
    return result

tools.GET_STOCK.handler = slow_get_stock
script = [calls_reply(tool_call("get_stock", {"sku": "A001"}, "c1"),
                      tool_call("get_stock", {"sku": "A002"}, "c2"))]
raise SystemExit(agent.main(sys.argv[2:], make_model=lambda *args: MockModel(script)))
"""


class CtrlCOverALoadedInventory(unittest.TestCase):
    def test_ctrl_c_while_a_parallel_batch_reads_a_csv_inventory(self):
        with tempfile.TemporaryDirectory() as work:
            runs = os.path.join(work, "runs")
            started = lambda: all(os.path.exists(os.path.join(work, sku))  # noqa: E731
                                  for sku in ("A001", "A002"))
            argv = [*DRIVER, "-c", PARALLEL_DRIVER, work, "--mock", "--inventory",
                    EXAMPLE, "--tenant", "north", "--log-dir", runs, "--lang", "en"]
            # `started`: both calls of the batch are running at once
            status, out, err = sigint_child(argv, started, cwd=ROOT)
            events = log_events(runs)
        self.assertEqual(status, EXIT_STATUS["CANCELLED"], err)
        self.assertNotIn("Traceback", err)
        lines = err.splitlines()
        self.assertEqual(len(lines), 2, err)
        self.assertTrue(lines[0].startswith("stock-agent: CANCELLED: "))
        self.assertEqual(out, "")
        self.assertEqual([e["event"] for e in events],
                         ["run_started", "tools_narrowed", "model", "cancelled"])


if __name__ == "__main__":
    unittest.main()
