"""Files and traces as strangers got them wrong (issue 34, item 14).

- An empty CSV given to --inventory says it is empty; a CSV separated by `;` (or tabs) gets
  a hint that only a comma separates columns. A folder, a FIFO or a missing folder given to
  --orders is one clear LEDGER_UNAVAILABLE line, not SQLite's "unable to open database file".
"""

import os
import unittest

from stock_agent.errors import EXIT_STATUS
from tests.support import run_cli, temp_folder


class InventoryFileTest(unittest.TestCase):
    def refused(self, data):
        path = _write(temp_folder(self), "shop.csv", data)
        status, out, err, events = run_cli(["--mock", "-q", "Check A001", "--inventory", path])
        self.assertEqual((status, out, events), (EXIT_STATUS["INVALID_INPUT"], "", []), err)
        self.assertEqual(err.count("\n"), 1, err)
        return err

    def test_an_empty_csv_says_it_is_empty_not_that_a_column_is_missing(self):
        for data in (b"", b"\n\n", b"\xef\xbb\xbf", b"  \r\n"):
            with self.subTest(data=data):
                err = self.refused(data)
                self.assertIn("shop.csv: the file is empty", err)
                self.assertNotIn("missing column", err)

    def test_a_csv_split_by_semicolons_or_tabs_gets_a_hint_about_the_comma(self):
        for mark, shown in ((";", "';'"), ("\t", "'\\t'")):
            with self.subTest(mark=mark):
                header = mark.join(("sku", "name", "stock", "target"))
                err = self.refused(f"{header}\nA001{mark}x{mark}1{mark}2\n".encode())
                self.assertIn("row 1: missing column sku", err)
                self.assertIn(f"the columns seem separated by {shown}, but only a comma", err)

    def test_a_missing_column_without_another_separator_gets_no_hint(self):
        err = self.refused(b"sku,name,stock\nA001,x,1\n")
        self.assertIn("missing column target", err)
        self.assertNotIn("separated", err)
        self.assertNotIn("?", err)  # the hint's place is empty, not a '?'


class LedgerPathTest(unittest.TestCase):
    def refused(self, path, *flags):
        status, out, err, events = run_cli(["--mock", "-q", "order 18 of A001", "--orders", path,
                                            *flags])
        self.assertEqual(status, EXIT_STATUS["LEDGER_UNAVAILABLE"], err)
        self.assertEqual(err.count("\n"), 1, err)
        self.assertNotIn("database file", err)  # SQLite's own words say nothing useful
        self.assertNotIn("disk I/O", err)
        return err

    def test_a_folder_is_not_a_ledger(self):
        folder = temp_folder(self)
        for flags in ((), ("--dry-run",)):
            with self.subTest(flags=flags):
                self.assertIn(f"{folder}: not a regular file", self.refused(folder, *flags))

    @unittest.skipUnless(hasattr(os, "mkfifo"), "needs FIFOs")
    def test_a_fifo_is_not_a_ledger(self):
        path = os.path.join(temp_folder(self), "fifo")
        os.mkfifo(path)
        self.assertIn("not a regular file", self.refused(path))

    def test_a_ledger_in_a_folder_that_does_not_exist(self):
        folder = os.path.join(temp_folder(self), "nope")
        err = self.refused(os.path.join(folder, "orders.db"))
        self.assertIn(f"there is no folder {folder} to make it in", err)
        self.assertFalse(os.path.exists(folder))

    def test_a_new_file_in_a_folder_that_exists_is_still_made_a_ledger(self):
        path = os.path.join(temp_folder(self), "orders.db")
        status, out, err, _ = run_cli(["--mock", "--approve", "-q", "order 18 of A001",
                                       "--orders", path])
        self.assertEqual(status, 0, err)
        self.assertIn("PO-000001", out)


def _write(folder, name, data):
    path = os.path.join(folder, name)
    with open(path, "wb") as file:
        file.write(data)
    return path


if __name__ == "__main__":
    unittest.main()
