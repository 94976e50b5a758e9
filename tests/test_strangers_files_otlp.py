"""Files and traces as strangers got them wrong (issue 34, items 14 and 16).

- An empty CSV given to --inventory says it is empty; a CSV separated by `;` (or tabs) gets
  a hint that only a comma separates columns. A folder, a FIFO or a missing folder given to
  --orders is one clear LEDGER_UNAVAILABLE line, not SQLite's "unable to open database file".
- A header value no HTTP header can carry (a percent-encoded newline, a character outside
  Latin-1) in $OTEL_EXPORTER_OTLP_HEADERS, or in an API key, is one INVALID_INPUT line that
  never shows the value, even with --traceback.
"""

import contextlib
import io
import os
import unittest

import agent
from stock_agent import otlp
from stock_agent.errors import EXIT_STATUS
from tests import test_otlp_export
from tests.fake_server import dead_url
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


class SecretHeaderTest(unittest.TestCase):
    """Nothing listens at the endpoint: a header that got that far would be refused there,
    OTLP_UNREACHABLE, not INVALID_INPUT."""

    @classmethod
    def setUpClass(cls):
        cls.log = test_otlp_export.make_log(cls, ["-q", "Check A001"])

    def assert_refused_unshown(self, argv, environ, variable):
        for extra in ((), ("--traceback",)):
            with self.subTest(environ=environ, extra=extra):
                status, out, err = _main([*argv, *extra], environ=environ)
                self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"], err)
                self.assertTrue(err.startswith(f"stock-agent: INVALID_INPUT: {variable} "), err)
                self.assertEqual(err.count("\n"), 1, err)
                self.assertNotIn("LEAK", err)
                self.assertNotIn("LEAK", out)

    def test_otlp_headers_a_header_cannot_carry_are_invalid_input_never_shown(self):
        argv = ["--otlp", self.log, "--otlp-endpoint", dead_url(), "--timeout", "5"]
        for variable in ("OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS"):
            for value in ("api-key=sk-LEAK%0Ame", "api-key=sk-LEAK€", "api-key=sk-LEAK%E2%82%AC",
                          "api-key=%0D%0Ask-LEAK", "api-key=sk-LEAK%20", "api key=sk-LEAK"):
                self.assert_refused_unshown(argv, {variable: value}, variable)

    def test_an_api_key_outside_latin1_is_refused_as_a_stray_newline_is(self):
        for provider, variable in (("openai", "OPENAI_API_KEY"),
                                   ("anthropic", "ANTHROPIC_API_KEY")):
            argv = ["--provider", provider, "--model", "m", "--base-url", dead_url(),
                    "-q", "Check A001", "--log-dir", temp_folder(self)]
            self.assert_refused_unshown(argv, {variable: "sk-LEAK€"}, variable)

    def test_headers_a_header_can_carry_still_go(self):
        environ = {"OTEL_EXPORTER_OTLP_HEADERS": "Authorization=Basic%20c2VjcmV0,x-t=caf%C3%A9"}
        self.assertEqual(otlp.headers(environ), {"Authorization": "Basic c2VjcmV0",
                                                 "x-t": "café"})  # é is in Latin-1


def _main(argv, *, environ=None):
    """agent.main with captured streams: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = agent.main(argv, environ=environ or {})
    return status, out.getvalue(), err.getvalue()


def _write(folder, name, data):
    path = os.path.join(folder, name)
    with open(path, "wb") as file:
        file.write(data)
    return path


if __name__ == "__main__":
    unittest.main()
