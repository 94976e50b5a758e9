"""Files and traces as strangers got them wrong (issue 34, items 14, 16 and 17).

- An empty CSV given to --inventory says it is empty; a CSV separated by `;` (or tabs) gets
  a hint that only a comma separates columns. A folder, a FIFO or a missing folder given to
  --orders is one clear LEDGER_UNAVAILABLE line, not SQLite's "unable to open database file".
- A header value no HTTP header can carry (a percent-encoded newline, a character outside
  Latin-1) in $OTEL_EXPORTER_OTLP_HEADERS, or in an API key, is one INVALID_INPUT line that
  never shows the value, even with --traceback.
- --otlp on a log whose fields have been hand-edited: every field of every event of logs
  the program wrote, replaced in turn by a value of each JSON type, either exports or is
  OTLP_LOG_UNREADABLE naming the line; never INTERNAL_ERROR.
"""

import contextlib
import io
import json
import os
import unittest

import agent
from stock_agent import cli, otlp
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

    def test_blank_lines_before_the_header_are_skipped_like_those_between_rows(self):
        path = _write(temp_folder(self), "shop.csv", b"\n\r\nsku,name,stock,target\n\n"
                                                     b"A001,x,1,2\n")
        status, out, err, _ = run_cli(["--mock", "--lang", "en", "-q", "Check A001",
                                       "--inventory", path])
        self.assertEqual((status, out.split("(A001): ", 1)[1]), (0, "stock 1, target 2, below "
                         "target; suggested order 1. No order has been placed in this run.\n"), err)
        err = self.refused(b"\n\nsku,name,stock\nA001,x,1\n")
        self.assertIn("row 3: missing column target", err)  # its own line's number

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


# Values a hand-edited field may hold instead of the one the program wrote: each JSON type,
# empty and not, and the odd ones (a digit int() cannot read, a lone surrogate, past int64).
STRANGE_VALUES = ([1], [], {"a": [1]}, "", "²:0", "\ud800", None, 2 ** 64, -1, False, True,
                  float("nan"))


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


class FieldFuzzTest(unittest.TestCase):
    """Every field of every kind of event, replaced in turn by each of STRANGE_VALUES, in
    logs the program wrote (a run with content, one with an order, one that failed, a
    conversation) and in test_otlp_export's records of the events a mock run does not
    make. A field is edited where it first appears (one event of each kind per field):
    fast enough to run with the suite, and every edit is the same on every run."""

    @classmethod
    def setUpClass(cls):
        folder = temp_folder(cls)
        ledger = os.path.join(folder, "orders.db")
        logs = [test_otlp_export.make_log(cls, argv, stdin=stdin) for argv, stdin in (
            (["--log-content", "-q", "Check A001 and A404"], None),
            (["--log-content", "--orders", ledger, "--approve", "-q", "order 18 of A001"], None),
            (["--max-steps", "1", "--verify", "off", "-q", "Check A001"], None),
            (["--chat"], "Check A001\n"))]
        cls.logs = [_records(path) for path in logs] + [test_otlp_export.MappingTest.RECORDS]
        cls.path = os.path.join(folder, "edited.jsonl")
        open(cls.path, "x", encoding="utf-8").close()
        cls.settings = cli.settings(["--otlp", cls.path], {})

    def export(self, records, lines=None):
        """Export `records` as the log's lines (`lines`: those already written as JSON)."""
        lines = lines or [json.dumps(record) + "\n" for record in records]
        # Written over in place and cut to length: opening with "w" empties the file, and
        # ext4 then flushes what the file held to disk: 2-3 ms an edit, 3 s over the class.
        with open(self.path, "r+", encoding="utf-8") as file:
            file.writelines(lines)
            file.truncate()
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = otlp.export(self.settings, {})
        return status, out.getvalue(), err.getvalue()

    def test_the_logs_as_written_export(self):
        for records in self.logs:
            status, _, err = self.export(records)
            self.assertEqual((status, err), (0, ""))

    def test_any_value_in_any_field_exports_or_is_otlp_log_unreadable(self):
        failures, edited, seen = [], 0, set()
        for records in self.logs:
            lines = [json.dumps(record) + "\n" for record in records]
            for index, record in enumerate(records):
                for field in record:
                    if (record["event"], field) in seen:
                        continue
                    seen.add((record["event"], field))
                    for strange in STRANGE_VALUES:
                        edited += 1
                        lines[index] = json.dumps({**record, field: strange}) + "\n"
                        problem = self.problem(*self.export(records, lines), line=index + 1)
                        if problem:
                            failures.append((record["event"], field, strange, problem))
                lines[index] = json.dumps(record) + "\n"
        self.assertGreater(len(seen), 100)  # the logs hold what they are meant to
        self.assertEqual(failures[:5], [], f"{len(failures)} of {edited} edits")

    def problem(self, status, out, err, *, line):
        """What is wrong with an export's outcome, or None."""
        if status == EXIT_STATUS["OTLP_LOG_UNREADABLE"]:
            if not err.startswith("stock-agent: OTLP_LOG_UNREADABLE: ") or err.count("\n") != 1:
                return err
            named = f"line {line}:" in err or f"line {line} " in err or "not a run log" in err
            return None if named else err
        if status != 0 or err:
            return (status, err)
        try:  # strict JSON: a NaN or an Infinity is no JSON a receiver must take
            json.loads(out, parse_constant=_no_constant)
        except ValueError as exc:
            return str(exc)
        return None

    def test_a_list_where_a_number_or_a_word_belongs_names_its_line_and_field(self):
        records = self.logs[0]
        for event, field in (("model", "step"), ("model", "stop"), ("completed", "steps")):
            with self.subTest(event=event, field=field):
                index = next(at for at, record in enumerate(records)
                             if record["event"] == event)
                edited = [*records[:index], {**records[index], field: [1]},
                          *records[index + 1:]]
                status, out, err = self.export(edited)
                self.assertEqual(status, EXIT_STATUS["OTLP_LOG_UNREADABLE"], err)
                self.assertEqual(out, "")
                self.assertIn(f"line {index + 1}: field {field} of its {event} event", err)

    def test_a_value_nested_hundreds_deep_is_otlp_log_unreadable(self):
        records = self.logs[0]
        deep = json.loads("[" * 900 + "]" * 900)  # JSON reads it; the encoding cannot
        status, out, err = self.export([records[0], {**records[1], "deep": deep},
                                        *records[2:]])
        self.assertEqual(status, EXIT_STATUS["OTLP_LOG_UNREADABLE"], err)
        self.assertIn("nested too deep", err)
        self.assertEqual(out, "")


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


def _records(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file]


if __name__ == "__main__":
    unittest.main()
