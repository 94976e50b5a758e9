"""Files and traces as strangers got them wrong (issue 34, item 14).

- An empty CSV given to --inventory says it is empty; a CSV separated by `;` (or tabs) gets
  a hint that only a comma separates columns.
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


def _write(folder, name, data):
    path = os.path.join(folder, name)
    with open(path, "wb") as file:
        file.write(data)
    return path


if __name__ == "__main__":
    unittest.main()
