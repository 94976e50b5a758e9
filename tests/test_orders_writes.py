"""Controlled writes in one process: the ledger, draft_purchase_order, approval, the journal.

Each test runs the real command line (`run_cli`) or the real ledger against a temporary
SQLite file, then reads back three things: the ledger's rows (what the business side holds),
the journal (what the program recorded) and the run log (what a person can audit). Crashes,
races and Ctrl-C in real child processes are in tests/test_orders_recovery.py.
"""

import contextlib
import io
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

import agent
import tools
from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent import cli, run
from stock_agent.errors import EXIT_STATUS, AgentError, Text
from stock_agent.messages import AFTER_ORDERS, MESSAGES
from stock_agent.orders.ledger import Ledger, LedgerConflict
from stock_agent.orders.writes import MAX_ORDER_QUANTITY
from tests.support import english_prose, run_cli, temp_folder

ORDER = {"sku": "A001", "name": "濾掛咖啡", "quantity": 18, "note": ""}
# The built-in read-only prompts, pinned: --orders adds its part to its own prompts and leaves
# these alone. A change to them is made on purpose and measured (docs/evaluation.md).
READ_ONLY_PROMPT_SHA256 = {
    "en": "4c52273faede6fcd6987a857ac3d54b425761715a5fc30add8389fbfb1596f23",
    "zh-TW": "1672995149a1c0ef79fd875aa618c4854bffd312d07ea0f0ffff309eeb081763",
}


def rows(path):
    """The ledger's orders: (tenant, key, sku, quantity), oldest first ([] before its
    first write, which creates the table)."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        if not tables(db):
            return []
        return db.execute("SELECT tenant, idempotency_key, sku, quantity FROM "
                          "purchase_orders ORDER BY id").fetchall()


def rows_with_notes(path):
    with contextlib.closing(sqlite3.connect(path)) as db:
        return db.execute("SELECT sku, note FROM purchase_orders ORDER BY id").fetchall()


def tables(db):
    return [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = "
                                         "'table' ORDER BY name")]


def journal(log_dir):
    """The records of the one journal in `log_dir`, or [] if the run wrote none."""
    names = [name for name in os.listdir(log_dir) if name.endswith(".journal")]
    if not names:
        return []
    assert len(names) == 1, names
    with open(os.path.join(log_dir, names[0]), encoding="utf-8") as file:
        return [json.loads(line) for line in file]


def order_call(sku="A001", quantity=18, call_id="c1", **more):
    return tool_call("draft_purchase_order", {"sku": sku, "quantity": quantity, **more},
                     call_id)


def tool_results(model):
    """The tool results the model was sent, in order, as parsed JSON."""
    last = model.requests[-1]["messages"]
    return [json.loads(m["content"]) for m in last if m["role"] == "tool"]


class Orders(unittest.TestCase):
    """A temporary folder holding the ledger, the run log and the journal."""

    def setUp(self):
        self.folder = temp_folder(self, "stock-agent-writes-")
        self.ledger = os.path.join(self.folder, "orders.db")
        self.log_dir = os.path.join(self.folder, "runs")

    def run_orders(self, *argv, model=None, stdin=""):
        """One run with --orders; stdin is not a terminal, so only --approve approves."""
        with mock.patch("sys.stdin", io.StringIO(stdin)):
            return run_cli(["--lang", "en", "--orders", self.ledger, *argv],
                           log_dir=self.log_dir, model=model)

    def events(self, events, *names):
        return [e for e in events if e["event"] in names]


class LedgerTest(Orders):
    def test_the_same_key_twice_is_one_order(self):
        ledger = Ledger(self.ledger)
        first = ledger.place("north", "k1", ORDER)
        again = ledger.place("north", "k1", ORDER)
        self.assertEqual((first["order_id"], first["created"]), ("PO-000001", True))
        self.assertEqual((again["order_id"], again["created"]), ("PO-000001", False))
        self.assertEqual(rows(self.ledger), [("north", "k1", "A001", 18)])

    def test_the_same_key_with_another_quantity_is_refused(self):
        ledger = Ledger(self.ledger)
        ledger.place("north", "k1", ORDER)
        with self.assertRaises(LedgerConflict) as caught:
            ledger.place("north", "k1", {**ORDER, "quantity": 20})
        self.assertEqual(caught.exception.order["order_id"], "PO-000001")
        self.assertEqual(rows(self.ledger), [("north", "k1", "A001", 18)])

    def test_the_key_is_unique_per_tenant(self):
        ledger = Ledger(self.ledger)
        ledger.place("north", "k1", ORDER)
        ledger.place("south", "k1", ORDER)
        self.assertEqual(len(rows(self.ledger)), 2)
        self.assertIsNone(ledger.find("east", "k1"))

    def test_a_file_that_is_not_a_ledger_is_refused_before_the_run(self):
        with open(self.ledger, "w", encoding="utf-8") as file:
            file.write("sku,name\n")
        status, out, err, events = self.run_orders("--mock", "--approve")
        self.assertEqual(status, EXIT_STATUS["LEDGER_UNAVAILABLE"])
        self.assertTrue(err.startswith("stock-agent: LEDGER_UNAVAILABLE: "), err)
        self.assertEqual((out, events), ("", []))  # no model asked, no log started

    def test_another_database_is_refused_and_left_as_it_was(self):
        inventory = os.path.join(self.folder, "shop.db")
        with contextlib.closing(sqlite3.connect(inventory)) as db:
            db.execute("CREATE TABLE items (sku TEXT, name TEXT, stock INTEGER, "
                       "target INTEGER)")
            db.execute("INSERT INTO items VALUES ('A001', 'Tea', 3, 9)")
            db.commit()
        other = os.path.join(self.folder, "notes.db")
        with contextlib.closing(sqlite3.connect(other)) as db:
            db.execute("CREATE TABLE notes (text TEXT)")
        for ledger, inventory_flags, said in (
                (other, [], "it holds other tables (notes), so it is not a ledger"),
                (inventory, ["--inventory", inventory], "it is the --inventory file"),
                (inventory, [], "it holds other tables (items), so it is not a ledger")):
            with self.subTest(ledger=ledger, inventory=inventory_flags):
                with open(ledger, "rb") as file:
                    before = file.read()
                with mock.patch("sys.stdin", io.StringIO("")):
                    status, out, err, events = run_cli(
                        ["--lang", "en", "--mock", "--orders", ledger, *inventory_flags,
                         "-q", "Check A001"], log_dir=self.log_dir)
                self.assertEqual(status, EXIT_STATUS["LEDGER_UNAVAILABLE"], err)
                self.assertIn(said, err)
                self.assertEqual((out, events), ("", []))
                with open(ledger, "rb") as file:
                    self.assertEqual(file.read(), before)  # not a byte added
        said = AgentError("LEDGER_UNAVAILABLE", path=other, reason=Text(
            "ledger_other_tables", tables="notes")).message("zh-TW")
        self.assertEqual(english_prose(said, other), [], said)

    def test_the_table_is_created_only_when_an_order_is_about_to_be_written(self):
        status, _, _, _ = self.run_orders("--mock", "-q", "Check A001")
        self.assertEqual(status, 0)
        with contextlib.closing(sqlite3.connect(self.ledger)) as db:
            self.assertEqual(tables(db), [])  # a read-only question wrote nothing
        with mock.patch("sys.stdin", io.StringIO("")):
            run_cli(["--lang", "en", "--orders", self.ledger, "--mock", "--approve", "-q",
                     "order 18 of A001"], log_dir=os.path.join(self.folder, "second"))
        with contextlib.closing(sqlite3.connect(self.ledger)) as db:
            self.assertEqual(tables(db), ["purchase_orders", "sqlite_sequence"])
        self.assertEqual(len(rows(self.ledger)), 1)

    def test_a_table_of_another_shape_is_refused(self):
        with contextlib.closing(sqlite3.connect(self.ledger)) as db:
            db.execute("CREATE TABLE purchase_orders (id INTEGER, sku TEXT)")
        with self.assertRaises(AgentError) as caught:
            Ledger(self.ledger)
        self.assertEqual(caught.exception.code, "LEDGER_UNAVAILABLE")
        self.assertIn("its table purchase_orders has the columns ('id', 'sku'), not ('id', ",
                      caught.exception.message())
        said = caught.exception.message("zh-TW")
        self.assertIn("其資料表 purchase_orders 的欄位是 ('id', 'sku')，而非 ('id', ", said)
        self.assertEqual(english_prose(said, self.ledger), [], said)

    def test_recovery_never_creates_a_ledger(self):
        with self.assertRaises(AgentError) as caught:
            Ledger(self.ledger, create=False)
        self.assertEqual(caught.exception.code, "LEDGER_UNAVAILABLE")
        self.assertFalse(os.path.exists(self.ledger))


class ReadOnlyWithoutOrdersTest(Orders):
    def test_without_orders_nothing_can_write_and_nothing_changed(self):
        model = MockModel(lang="en")
        with mock.patch("sys.stdin", io.StringIO("")):
            status, out, _, events = run_cli(["--lang", "en", "--approve", "-q",
                                              "order 18 of A001"], log_dir=self.log_dir,
                                             model=model)
        self.assertEqual(status, 0)
        request = model.requests[0]
        offered = [t["name"] for t in request["tools"]]  # get_stock alone: a SKU is named
        self.assertLessEqual(set(offered), set(tools.default_toolbox().names()))  # no write
        self.assertIn("get_stock", offered)
        self.assertEqual(run.prompt_digest(request["messages"][0]["content"]),
                         READ_ONLY_PROMPT_SHA256["en"])
        self.assertNotIn("orders", events[0])
        self.assertEqual([e["name"] for e in self.events(events, "tool")], ["get_stock"])
        self.assertTrue(out.strip().endswith("No order has been placed in this run: I can "
                                             "only look things up here, not place orders."),
                        out)
        self.assertEqual(journal(self.log_dir), [])

    def test_the_read_only_prompts_are_unchanged(self):
        for lang, digest in READ_ONLY_PROMPT_SHA256.items():
            text, _ = run.load_system_prompt(None, lang)
            self.assertEqual(run.prompt_digest(text), digest)
            with_orders, _ = run.load_system_prompt(None, lang, orders=True)
            self.assertIn("draft_purchase_order", with_orders)

    def test_a_plain_mock_run_loads_no_write_machinery(self):
        import subprocess
        import sys
        code = ("import sys, agent; agent.main(['--mock', '--log-dir', "
                "sys.argv[1]]); print(sorted(m for m in sys.modules if m in "
                "('sqlite3', 'hashlib', 'stock_agent.orders.writes', 'stock_agent.orders.ledger', "
                "'stock_agent.orders.journal')))")
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        out = subprocess.run([sys.executable, "-c", code, temp_folder(self)], cwd=root,
                             capture_output=True, text=True, check=True).stdout
        self.assertEqual(out.splitlines()[-1], "[]")


class PlaceOrderTest(Orders):
    def test_bad_inputs_fail_before_the_ledger_is_created(self):
        status, _, err, events = self.run_orders("--mock", "--inventory",
                                                 os.path.join(self.folder, "none.csv"))
        self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"], err)
        self.assertFalse(os.path.exists(self.ledger))
        self.assertEqual(events, [])

    def test_an_approved_order_is_written_once_with_its_receipt(self):
        with mock.patch("os.fsync", wraps=os.fsync) as fsync:
            status, out, _, events = self.run_orders("--mock", "--approve", "--json", "-q",
                                                     "order 18 of A001")
        self.assertEqual(status, 0)
        (tenant, key, sku, quantity), = rows(self.ledger)
        self.assertEqual((tenant, sku, quantity), ("default", "A001", 18))
        result = json.loads(out)
        receipt, = result["orders"]
        self.assertEqual(receipt, {"order_id": "PO-000001", "idempotency_key": key,
                                   "ledger": "orders.db", "created": True})
        self.assertIn("PO-000001", result["answer"])
        self.assertNotIn("No order has been placed in this run", result["answer"])
        # The journal: intent, dispatched, receipt, each made durable before the next step.
        records = journal(self.log_dir)
        self.assertEqual([(r["step"], r["key"]) for r in records],
                         [("intent", key), ("dispatched", key), ("receipt", key)])
        self.assertGreaterEqual(fsync.call_count, 3)
        self.assertEqual(records[0]["approved_by"], "flag")
        self.assertTrue(key.startswith(events[0]["run_id"] + ":"))
        # The log: each step, who approved and what, and which orders the run leaves.
        self.assertEqual([e["event"] for e in events if e["event"].startswith("write_")],
                         ["write_intent", "write_dispatched", "write_receipt"])
        intent, = self.events(events, "write_intent")
        self.assertEqual((intent["approved_by"], intent["sku"], intent["quantity"],
                          intent["tenant"], intent["ledger"]),
                         ("flag", "A001", 18, "default", "orders.db"))
        tool_event, looked_up = self.events(events, "tool")  # A001, looked up by the program
        self.assertEqual((tool_event["approved"], tool_event["approved_by"]), (True, "flag"))
        self.assertEqual((looked_up["name"], looked_up["by"]), ("get_stock", "program"))
        self.assertEqual(events[-1]["orders"], ["PO-000001"])

    def test_the_tool_result_keeps_the_agreed_shape(self):
        model = MockModel([calls_reply(order_call()), text_reply("done")])
        self.run_orders("--approve", model=model)
        result, = tool_results(model)
        self.assertTrue(result["ok"])
        self.assertEqual(set(result["data"]["receipt"]),
                         {"order_id", "idempotency_key", "ledger", "created"})
        self.assertEqual(result["data"]["sku"], "A001")

    def test_chinese_order_request_in_chinese(self):
        with mock.patch("sys.stdin", io.StringIO("")):
            status, out, _, _ = run_cli(["--mock", "--lang", "zh-TW", "--approve", "--orders",
                                         self.ledger, "-q", "幫我下單 A001 十八個"],
                                        log_dir=self.log_dir)
        self.assertEqual(status, 0)
        self.assertEqual(out, "【教學樣本】已建立訂單 PO-000001：濾掛咖啡（A001）18 個，帳本 "
                              "orders.db。\n")
        self.assertEqual([r[2:] for r in rows(self.ledger)], [("A001", 18)])

    def test_with_orders_the_model_is_told_how_to_order(self):
        model = MockModel([text_reply("ok")])
        self.run_orders(model=model)
        self.assertIn("draft_purchase_order", [t["name"] for t in model.requests[0]["tools"]])
        system = model.requests[0]["messages"][0]["content"]
        self.assertEqual(system, run.ORDER_PROMPTS["en"])


class ApprovalTest(Orders):
    def test_denied_no_row_the_model_is_told_and_the_answer_claims_no_order(self):
        for lang, question, said in (
                ("en", "order 18 of A001", "The order for 18 x A001 was not placed: it was "
                                           "not approved."),
                ("zh-TW", "幫我下單 A001 十八個", "A001 18 個的訂單未建立：未獲核准。")):
            with self.subTest(lang=lang):
                self.log_dir = tempfile.mkdtemp(dir=self.folder)
                model = MockModel(lang=lang)
                status, out, _, events = self.run_orders("--lang", lang, "-q", question,
                                                         model=model)
                self.assertEqual(status, EXIT_STATUS["WRITE_REFUSED"])  # a script can tell
                self.assertEqual(rows(self.ledger), [])
                result, = tool_results(model)
                self.assertEqual(result["error"], "APPROVAL_DENIED")
                self.assertIn(said, out)
                self.assertNotIn("PO-", out)
                tool_event, looked_up = self.events(events, "tool")
                self.assertEqual((tool_event["approved"], tool_event["approved_by"]),
                                 (False, None))
                self.assertEqual(looked_up["by"], "program")  # A001, which the question names
                self.assertEqual(self.events(events, "write_intent"), [])
                self.assertNotIn("orders", events[-1])
                self.assertEqual(journal(self.log_dir), [])  # nothing was going to be sent

    def test_a_person_who_says_no_is_logged_as_the_terminal(self):
        screen = io.StringIO()
        person = cli._labelled(lambda tool, arguments: cli.ask_on_terminal(
            tool, arguments, stdin=io.StringIO("n\n"), stderr=screen), "terminal")
        model = MockModel([calls_reply(order_call()), text_reply("not placed")])
        with mock.patch.object(cli, "approver", return_value=person):
            events = self.run_orders(model=model)[3]
        self.assertIn('to the ledger "orders.db": tenant "default", SKU "A001" ("濾掛咖啡"), '
                      'quantity 18, note ""', screen.getvalue())
        tool_event, looked_up = self.events(events, "tool")
        self.assertEqual(looked_up["by"], "program")  # A001, which the question names
        self.assertEqual((tool_event["approved"], tool_event["approved_by"]),
                         (False, "terminal"))
        self.assertEqual(rows(self.ledger), [])

    def test_an_impossible_order_is_refused_before_anyone_is_asked(self):
        asked = []
        approver = cli._labelled(lambda tool, arguments: asked.append(arguments) or True,
                                 "flag")
        bad = [("A404", 18, "SKU_NOT_FOUND"), ("A001", 0, "INVALID_ARGUMENTS"),
               ("A001", MAX_ORDER_QUANTITY + 1, "INVALID_ARGUMENTS"),
               ("A001", 1.5, "INVALID_ARGUMENTS"), ("A001", "18", "INVALID_ARGUMENTS")]
        model = MockModel([calls_reply(*[order_call(sku, quantity, f"c{n}")
                                         for n, (sku, quantity, _) in enumerate(bad)]),
                           text_reply("none")])
        with mock.patch.object(cli, "approver", return_value=approver):
            self.run_orders("--max-tool-errors", "9", model=model)
        self.assertEqual([r["error"] for r in tool_results(model)],
                         [code for _, _, code in bad])
        self.assertEqual((asked, rows(self.ledger)), ([], []))

    def test_a_note_that_cannot_be_stored_is_refused_before_anyone_is_asked(self):
        # JSON's "\ud800" escape gives a lone surrogate: the schema's string, but no UTF-8.
        asked = []
        approver = cli._labelled(lambda tool, arguments: asked.append(arguments) or True,
                                 "flag")
        model = MockModel([calls_reply(order_call(note="\ud800")), text_reply("none")])
        with mock.patch.object(cli, "approver", return_value=approver):
            status, _, _, events = self.run_orders(model=model)
        result, = tool_results(model)
        self.assertEqual((status, result["error"]), (0, "INVALID_ARGUMENTS"))
        self.assertIn("$.note", result["detail"])
        self.assertEqual((asked, rows(self.ledger), journal(self.log_dir)), ([], [], []))
        self.assertNotIn("approved", self.events(events, "tool")[0])

    def test_a_model_cannot_name_the_tenant_ledger_or_key(self):
        model = MockModel([calls_reply(order_call(tenant="south", idempotency_key="mine")),
                           text_reply("none")])
        self.run_orders("--approve", model=model)
        self.assertEqual(tool_results(model)[0]["error"], "INVALID_ARGUMENTS")
        self.assertEqual(rows(self.ledger), [])


class IdempotencyTest(Orders):
    def test_the_same_request_twice_leaves_one_order(self):
        model = MockModel([calls_reply(order_call(call_id="c1")),
                           calls_reply(order_call(call_id="c2")), text_reply("done")])
        _, _, _, events = self.run_orders("--approve", model=model)
        first, second = tool_results(model)
        self.assertEqual(len(rows(self.ledger)), 1)
        self.assertEqual(first["data"]["receipt"]["order_id"],
                         second["data"]["receipt"]["order_id"])
        self.assertEqual((first["data"]["receipt"]["created"],
                          second["data"]["receipt"]["created"]), (True, False))
        self.assertEqual(len(self.events(events, "write_dispatched")), 1)  # reused, not sent
        self.assertEqual(len(self.events(events, "write_reused")), 1)

    def test_a_conflicting_key_at_the_ledger_is_refused_and_recorded(self):
        model = MockModel([calls_reply(order_call()), text_reply("done")])
        real_place = Ledger.place

        def place_after_someone_else(ledger, tenant, key, order):
            real_place(ledger, tenant, key, {**order, "quantity": 20})
            return real_place(ledger, tenant, key, order)

        with mock.patch.object(Ledger, "place", place_after_someone_else):
            self.run_orders("--approve", model=model)
        result, = tool_results(model)
        self.assertEqual(result["error"], "IDEMPOTENCY_CONFLICT")
        self.assertEqual([r[3] for r in rows(self.ledger)], [20])  # the first one, only
        self.assertEqual(journal(self.log_dir)[-1]["step"], "not_placed")


class LostReplyTest(Orders):
    def test_a_commit_whose_reply_is_lost_then_a_retry_leaves_one_order(self):
        real_place = Ledger.place

        def commit_then_time_out(ledger, tenant, key, order):
            real_place(ledger, tenant, key, order)
            raise TimeoutError("the ledger did not answer within 10 s")

        model = MockModel([calls_reply(order_call(call_id="c1")),
                           calls_reply(order_call(call_id="c2")), text_reply("done")])
        with mock.patch.object(Ledger, "place", commit_then_time_out):
            _, _, _, events = self.run_orders("--approve", model=model)
        first, retry = tool_results(model)
        self.assertEqual(len(rows(self.ledger)), 1)
        self.assertTrue(first["ok"] and retry["ok"])
        self.assertEqual(first["data"]["receipt"]["order_id"],
                         retry["data"]["receipt"]["order_id"])
        reconciled, = self.events(events, "write_reconciled")
        self.assertTrue(reconciled["found"])
        self.assertIn("TimeoutError", reconciled["reason"])
        self.assertEqual(events[-1]["orders"], ["PO-000001"])  # the retry placed none

    def test_a_retry_after_a_lost_reply_at_the_ledger_itself_is_one_order(self):
        real_place = Ledger.place
        replies = []

        def lose_first_reply(ledger, tenant, key, order):
            placed = real_place(ledger, tenant, key, order)
            if not replies:
                replies.append(placed)
                raise TimeoutError("lost")
            return placed

        ledger = Ledger(self.ledger)
        with mock.patch.object(Ledger, "place", lose_first_reply):
            with self.assertRaises(TimeoutError):
                ledger.place("default", "k", ORDER)
            retried = ledger.place("default", "k", ORDER)  # a naive retry, same key
        self.assertEqual((retried["order_id"], retried["created"]), ("PO-000001", False))
        self.assertEqual(len(rows(self.ledger)), 1)

    def test_a_write_that_never_committed_is_not_placed_and_a_retry_places_it_once(self):
        real_place = Ledger.place
        failures = [OSError("connection reset")]

        def fail_once(ledger, tenant, key, order):
            if failures:
                raise failures.pop()
            return real_place(ledger, tenant, key, order)

        model = MockModel([calls_reply(order_call(call_id="c1")),
                           calls_reply(order_call(call_id="c2")), text_reply("done")])
        with mock.patch.object(Ledger, "place", fail_once):
            self.run_orders("--approve", model=model)
        failed, retry = tool_results(model)
        self.assertEqual(failed["error"], "WRITE_FAILED")
        self.assertIn("No order was placed", failed["detail"])
        self.assertTrue(retry["ok"])
        self.assertEqual(len(rows(self.ledger)), 1)
        self.assertEqual([r["step"] for r in journal(self.log_dir)],
                         ["intent", "dispatched", "not_placed", "intent", "dispatched",
                          "receipt"])

    def test_when_not_even_a_lookup_answers_the_run_stops_unconfirmed(self):
        def broken(*args):
            raise sqlite3.OperationalError("disk I/O error")

        model = MockModel([calls_reply(order_call()), text_reply("never asked")])
        with mock.patch.object(Ledger, "place", broken), \
                mock.patch.object(Ledger, "find", broken):
            status, out, err, events = self.run_orders("--approve", model=model)
        self.assertEqual(status, EXIT_STATUS["WRITE_UNCONFIRMED"])
        self.assertIn(f"--resume {events[0]['run_id']}", err)
        self.assertEqual(len(model.requests), 1)  # nothing goes on while it is unknown
        self.assertEqual(journal(self.log_dir)[-1]["step"], "unknown")
        self.assertEqual(events[-1]["code"], "WRITE_UNCONFIRMED")

    def test_ctrl_c_inside_the_ledger_call_settles_the_write_first(self):
        real_place = Ledger.place

        def commit_then_interrupted(ledger, tenant, key, order):
            real_place(ledger, tenant, key, order)
            raise KeyboardInterrupt

        model = MockModel([calls_reply(order_call()), text_reply("never asked")])
        with mock.patch.object(Ledger, "place", commit_then_interrupted):
            status, _, err, events = self.run_orders("--approve", model=model)
        self.assertEqual(status, EXIT_STATUS["CANCELLED"])
        self.assertEqual(journal(self.log_dir)[-1]["step"], "receipt")
        self.assertEqual(events[-1], {**events[-1], "event": "cancelled",
                                      "orders": ["PO-000001"]})
        self.assertNotIn("no order was placed", err)
        self.assertIn("PO-000001 (orders.db)", err)


    def test_a_signal_before_the_ledger_answer_is_recorded_is_never_no_order(self):
        # The ledger committed and answered; the signal lands before the receipt is kept.
        from stock_agent.orders.writes import OrderDesk
        model = MockModel([calls_reply(order_call()), text_reply("never asked")])
        with mock.patch.object(OrderDesk, "_receipt", side_effect=KeyboardInterrupt):
            status, _, err, events = self.run_orders("--approve", model=model)
        self.assertEqual(len(rows(self.ledger)), 1)
        self.assertEqual(status, EXIT_STATUS["WRITE_UNCONFIRMED"], err)
        self.assertNotIn("no order was placed", err)
        self.assertIn(f"--resume {events[0]['run_id']}", err)
        self.assertEqual(journal(self.log_dir)[-1]["step"], "dispatched")


class JournalAndBatchTest(Orders):
    def test_nothing_is_sent_when_the_journal_cannot_be_written(self):
        with mock.patch("os.fsync", side_effect=OSError(28, "No space left on device")):
            status, _, err, events = self.run_orders("--mock", "--approve", "-q",
                                                     "order 18 of A001")
        self.assertEqual(status, EXIT_STATUS["JOURNAL_UNWRITABLE"])
        self.assertTrue(err.startswith("stock-agent: JOURNAL_UNWRITABLE: "), err)
        self.assertEqual(rows(self.ledger), [])
        self.assertEqual(self.events(events, "write_dispatched"), [])

    def test_a_new_journal_is_the_owners_only_and_holds_no_note(self):
        model = MockModel([calls_reply(order_call(note="call Ms Lin about the blue lids")),
                           text_reply("done")])
        old = os.umask(0o022)  # a usual umask: a plain open() would make it 0644
        try:
            status, _, _, events = self.run_orders("--approve", model=model)
        finally:
            os.umask(old)
        self.assertEqual(status, 0)
        path, = [os.path.join(self.log_dir, n) for n in os.listdir(self.log_dir)
                 if n.endswith(".journal")]
        self.assertEqual(os.stat(path).st_mode & 0o777, 0o600)
        with open(path, encoding="utf-8") as file:
            text = file.read()
        self.assertNotIn("blue lids", text)
        intent = journal(self.log_dir)[0]
        self.assertEqual(intent["order"], {"sku": "A001", "name": "濾掛咖啡", "quantity": 18,
                                           "note_chars": 31})
        self.assertNotIn("blue lids", json.dumps(events, ensure_ascii=False))
        self.assertEqual(rows_with_notes(self.ledger), [("A001", "call Ms Lin about the blue "
                                                                 "lids")])  # the ledger has it

    def test_with_log_content_the_journal_holds_the_note(self):
        model = MockModel([calls_reply(order_call(note="blue lids")), text_reply("done")])
        status, _, _, _ = self.run_orders("--approve", "--log-content", model=model)
        self.assertEqual(status, 0)
        self.assertEqual(journal(self.log_dir)[0]["order"]["note"], "blue lids")

    def test_an_existing_journal_is_not_widened(self):
        from stock_agent.orders.journal import Journal
        os.makedirs(self.log_dir)
        path = os.path.join(self.log_dir, "20261130T000000Z-abcdef.journal")
        for mode in (0o600, 0o640):
            with self.subTest(mode=oct(mode)):
                with open(path, "w", encoding="utf-8"):
                    pass
                os.chmod(path, mode)
                written = Journal(path)
                written.record("dispatched", "k")
                written.close()
                self.assertEqual(os.stat(path).st_mode & 0o777, mode)

    def test_a_write_never_runs_in_a_parallel_batch(self):
        model = MockModel([calls_reply(tool_call("get_stock", {"sku": "A001"}, "c1"),
                                       order_call(call_id="c2"),
                                       tool_call("get_stock", {"sku": "A002"}, "c3")),
                           text_reply("done")])
        _, _, _, events = self.run_orders("--approve", model=model)
        tool_events = self.events(events, "tool")
        self.assertEqual([e["id"] for e in tool_events], ["c1", "c2", "c3"])
        self.assertFalse(any(e.get("parallel") for e in tool_events))
        self.assertEqual(len(rows(self.ledger)), 1)

    def test_every_promise_that_nothing_was_ordered_has_an_honest_variant(self):
        for code, table in MESSAGES.items():
            promises = "nothing was ordered" in table["en"] or "no order" in table["en"]
            with self.subTest(code=code):
                self.assertEqual(code in AFTER_ORDERS, promises)
        for code in AFTER_ORDERS:
            for lang in ("en", "zh-TW"):
                text = AgentError(code).message(lang, ordered=True)
                self.assertNotIn("order", text)
                self.assertNotIn("訂單", text)


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class DryRunTest(Orders):
    """--dry-run: every check and the approval as for a real write; nothing written."""

    def test_a_dry_run_in_a_real_process_leaves_the_ledger_without_a_row(self):
        Ledger(self.ledger).place("default", "earlier", ORDER)  # a ledger in use
        before = rows(self.ledger)
        done = subprocess.run(
            [sys.executable, "agent.py", "--mock", "--lang", "en", "--orders", self.ledger,
             "--dry-run", "--approve", "--log-dir", self.log_dir, "-q", "order 18 of A001"],
            cwd=ROOT, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(rows(self.ledger), before)
        self.assertEqual(done.stdout, (
            "[Sample data] Dry run: the order for 18 x 濾掛咖啡 (A001) passed every check; "
            "nothing was written to orders.db, so no order was placed.\n"
            "(Added by the program from the tool results: 濾掛咖啡 (A001): stock 12, target 30, "
            "below target; suggested order 18.)\n"
            "Dry run: nothing was written. 1 write was checked and approved as for a real "
            "run, and not sent.\n"))
        step, = journal(self.log_dir)
        self.assertEqual((step["step"], step["order"]["sku"], step["approved_by"]),
                         ("dry_run", "A001", "flag"))

    def test_nothing_is_written_and_both_languages_say_so(self):
        for lang, question, said in (
                ("en", "order 18 of A001", "Dry run: nothing was written. 1 write was"),
                ("zh-TW", "幫我下單 A001 十八個", "試運行：沒有寫入任何資料。1 筆寫入")):
            with self.subTest(lang=lang):
                self.log_dir = tempfile.mkdtemp(dir=self.folder)
                status, out, _, events = self.run_orders(
                    "--mock", "--lang", lang, "--dry-run", "--approve", "--json", "-q",
                    question)
                self.assertEqual(status, 0)
                self.assertFalse(os.path.exists(self.ledger))  # not even created
                result = json.loads(out)
                self.assertEqual((result["orders"], result["dry_run"]["written"]), ([], False))
                self.assertIn(said, result["dry_run"]["note"])
                rehearsed, = result["dry_run"]["rehearsed"]
                self.assertEqual(rehearsed["would_write"],
                                 {"tenant": "default", "sku": "A001", "name": "濾掛咖啡",
                                  "quantity": 18, "note": "", "ledger": "orders.db"})
                self.assertNotIn("PO-", result["answer"])
                tool_event, looked_up = self.events(events, "tool")
                self.assertEqual((tool_event["approved"], tool_event["dry_run"]), (True, True))
                self.assertEqual(looked_up["by"], "program")
                self.assertEqual([e["event"] for e in events if e["event"].startswith("write_")],
                                 ["write_dry_run"])
                self.assertNotIn("orders", events[-1])
                self.assertEqual([r["step"] for r in journal(self.log_dir)], ["dry_run"])

    def test_the_model_gets_no_receipt_and_a_claimed_order_is_refused(self):
        model = MockModel([calls_reply(order_call()),
                           text_reply("Order PO-000001 placed: 18 x A001."),
                           text_reply("Order PO-000001 was placed.")])
        status, out, err, events = self.run_orders("--dry-run", "--approve", model=model)
        result, = tool_results(model)
        self.assertTrue(result["ok"])
        self.assertNotIn("receipt", result["data"])
        self.assertNotIn("order_id", json.dumps(result))
        self.assertEqual((result["data"]["dry_run"], result["data"]["written"]), (True, False))
        # The claimed order cannot be read (no receipt holds PO-000001): the answer is the
        # program's, from the rehearsal, with no corrective turn (the run has facts).
        check, = self.events(events, "answer_check")
        self.assertEqual(check["unreadable"], 1)
        self.assertEqual(len(model.requests), 2)
        self.assertEqual((status, events[-1]["verification"]), (0, "rendered"), err)
        self.assertIn("Dry run: the order for 18 x", out)
        self.assertNotIn("PO-", out)
        self.assertEqual(rows(self.ledger), [])

    def test_the_answer_policy_treats_a_rehearsal_as_no_receipt(self):
        from stock_agent.answers.facts import Facts
        from stock_agent.answers.reader import claims
        from stock_agent.answers.truth import true
        from stock_agent.answers.words import read
        from stock_agent.runlog import receipts, rehearsals
        data = {**ORDER, "source": "s", "dry_run": True, "written": False,
                "would_write": {"sku": "A001", "quantity": 18, "ledger": "orders.db"}}
        results = [{"invocation": "1:0", "name": "draft_purchase_order",
                    "arguments": {"sku": "A001", "quantity": 18},
                    "result": {"ok": True, "data": data}}]
        self.assertEqual((receipts(results), len(rehearsals(results))), ([], 1))
        facts = Facts(results, writes={"draft_purchase_order"})

        def reading(sentence):  # the claims read, each with whether it is true; None: unread
            words = read(sentence, facts.known_words())
            said = claims(words, ()) if words is not None else None
            return said and [(claim["kind"], claim["negated"], true(claim, facts))
                             for claim in said[0]]

        said = reading("The order for A001 was placed.")  # unread, or read and false
        self.assertFalse(said and all(holds for *_, holds in said))
        # The mock's own words for a real receipt: an order id no result holds is unread.
        self.assertIsNone(reading("Order PO-000001 placed: 18 x A001."))
        self.assertEqual(reading("Dry run: 18 x A001 passed every check; no order was placed."),
                         [("rehearsed", False, True), ("quantity", False, True),
                          ("rehearsed", False, True), ("placed", True, True)])

    def test_every_check_of_a_real_write_still_runs(self):
        asked = []
        approver = cli._labelled(lambda tool, arguments: asked.append(arguments) or True,
                                 "flag")
        model = MockModel([calls_reply(order_call("A404", 18, "c0"),
                                       order_call("A001", 0, "c1"),
                                       order_call("A001", 18, "c2", tenant="south")),
                           text_reply("none")])
        with mock.patch.object(cli, "approver", return_value=approver):
            self.run_orders("--dry-run", "--max-tool-errors", "9", model=model)
        self.assertEqual([r["error"] for r in tool_results(model)],
                         ["SKU_NOT_FOUND", "INVALID_ARGUMENTS", "INVALID_ARGUMENTS"])
        self.assertEqual((asked, journal(self.log_dir)), ([], []))
        # Nobody to approve: denied, as for a real write, and nothing journalled.
        self.log_dir = tempfile.mkdtemp(dir=self.folder)
        model = MockModel([calls_reply(order_call()), text_reply("not approved")])
        self.run_orders("--dry-run", model=model)
        self.assertEqual(tool_results(model)[0]["error"], "APPROVAL_DENIED")
        # A file that is not a ledger is refused as for a real run, and left as it was.
        with open(self.ledger, "w", encoding="utf-8") as file:
            file.write("sku,name\n")
        status, _, _, _ = self.run_orders("--mock", "--dry-run", "--approve")
        self.assertEqual(status, EXIT_STATUS["LEDGER_UNAVAILABLE"])
        with open(self.ledger, encoding="utf-8") as file:
            self.assertEqual(file.read(), "sku,name\n")

    def test_the_person_asked_sees_what_would_be_written_and_that_it_will_not_be(self):
        for lang, said in (("en", "[dry run: nothing will be written] The model asks "
                                  "draft_purchase_order to write to the ledger \"orders.db\""),
                           ("zh-TW", "〔試運行：不會寫入任何資料〕模型要求 draft_purchase_order "
                                     "寫入帳本 \"orders.db\"")):
            with self.subTest(lang=lang):
                screen = io.StringIO()
                settings = run.Settings(approval="terminal", dry_run=True, lang=lang)
                with mock.patch("sys.stdin", io.StringIO("y\n")), \
                        mock.patch("sys.stderr", screen):
                    person = cli.approver(settings)
                    tool = tools.Tool(name="draft_purchase_order", description="d",
                                      parameters={"type": "object"}, handler=None,
                                      preview=lambda arguments: {"ledger": "orders.db"})
                    self.assertTrue(person(tool, {"sku": "A001"}))
                self.assertTrue(screen.getvalue().startswith(said), screen.getvalue())

    def test_resume_finds_nothing_to_settle_in_a_dry_runs_journal(self):
        status, out, _, events = self.run_orders("--mock", "--dry-run", "--approve", "--json",
                                                 "-q", "order 18 of A001")
        run_id = json.loads(out)["run_id"]
        Ledger(self.ledger).close()
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = agent.main(["--resume", run_id, "--orders", self.ledger, "--lang", "en",
                                 "--approve", "--log-dir", self.log_dir], environ={})
        self.assertEqual((status, out.getvalue()),
                         (0, f"Run {run_id} has no order to settle.\n"))
        self.assertEqual(rows(self.ledger), [])

    def test_a_dry_run_needs_a_write_to_rehearse(self):
        for argv in (["--mock", "--dry-run"],
                     ["--resume", "20261130T000000Z-abcdef", "--orders", "x", "--dry-run"]):
            with self.subTest(argv=argv), self.assertRaises(SystemExit) as caught, \
                    mock.patch("sys.stderr"):
                cli.settings(argv, {})
            self.assertEqual(caught.exception.code, 2)


if __name__ == "__main__":
    unittest.main()
