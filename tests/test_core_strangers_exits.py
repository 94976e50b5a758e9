"""Issue 34, items 2-4: what a stranger's script, folder and missing server get told.

- A write the question asked for that was refused (not approved, refused by the ledger)
  exits WRITE_REFUSED (47): the answer is still printed, the log's terminal event stays
  `completed` and says so, and a cron job can tell.
- No model chosen and nothing at the server's address: MODEL_UNREACHABLE (33) and how to
  start the server come first, not NO_MODEL.
"""

import json
import os
import socket
import unittest

from stock_agent.errors import EXIT_STATUS
from stock_agent.runlog import refused_writes
from tests.support import run_cli, temp_folder


class RefusedWrite(unittest.TestCase):
    """Item 2: a refused order is not exit 0."""

    def order(self, *flags):
        ledger = os.path.join(temp_folder(self), "orders.db")
        return run_cli(["--mock", "--lang", "en", "--orders", ledger, *flags,
                        "-q", "order 18 of A001"], stdin="")  # no terminal to ask

    def test_an_order_nobody_approved_exits_write_refused_after_its_answer(self):
        status, out, err, events = self.order()
        self.assertEqual(status, EXIT_STATUS["WRITE_REFUSED"])
        self.assertEqual(status, 47)
        self.assertIn("not placed", out)
        self.assertTrue(err.startswith("stock-agent: WRITE_REFUSED: 1 write "), err)
        self.assertIn("--approve", err.splitlines()[0])
        last = events[-1]
        self.assertEqual((last["event"], last["exit_status"], last["refused"]),
                         ("completed", 47, ["1:0"]))
        self.assertNotIn("code", last)  # completed, not failed

    def test_json_keeps_completed_and_the_answer_and_says_the_status(self):
        status, out, _, _ = self.order("--json")
        shown = json.loads(out)
        self.assertEqual(status, 47)
        self.assertEqual((shown["status"], shown["exit_status"], shown["error"]),
                         ("completed", 47, None))
        self.assertIn("not placed", shown["answer"])

    def test_an_approved_order_still_exits_0(self):
        status, out, err, events = self.order("--approve")
        self.assertEqual(status, 0, err)
        self.assertIn("PO-000001", out)
        self.assertNotIn("refused", events[-1])

    def test_a_run_that_failed_after_a_refusal_keeps_its_own_status(self):
        status, _, err, events = self.order("--max-steps", "1")
        self.assertEqual(status, EXIT_STATUS["STEP_LIMIT"], err)
        self.assertNotIn("WRITE_REFUSED", err)
        self.assertNotIn("refused", events[-1])

    def test_a_refusal_the_same_call_made_good_later_does_not_count(self):
        call = {"sku": "A001", "quantity": 18}
        failed = {"ok": False, "error": "WRITE_FAILED", "detail": "the ledger was busy"}
        placed = {"ok": True, "data": {"receipt": {"order_id": "PO-000001"}}}
        self.assertEqual(refused_writes([self.record("1:0", call, failed)]), ["1:0"])
        self.assertEqual(refused_writes([self.record("1:0", call, failed),
                                         self.record("2:0", call, placed)]), [])
        self.assertEqual(refused_writes([self.record("1:0", call, failed),
                                         self.record("2:0", {**call, "quantity": 5}, placed)]),
                         ["1:0"])

    @staticmethod
    def record(invocation, arguments, result):
        return {"invocation": invocation, "name": "draft_purchase_order",
                "arguments": arguments, "result": result}


def dead_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class NoServer(unittest.TestCase):
    """Item 4: no model chosen and nothing listening: say the server is unreachable first."""

    def test_nothing_at_the_ollama_address_is_unreachable_not_no_model(self):
        url = f"http://127.0.0.1:{dead_port()}"
        for how, environ in (("OLLAMA_HOST", {"OLLAMA_HOST": url.removeprefix("http://")}),
                             ("--base-url", None)):
            flags = ["--base-url", url] if environ is None else []
            with self.subTest(how=how):
                status, _, err, events = run_cli(["-q", "x", "--lang", "en", *flags],
                                                 environ=environ or {})
                self.assertEqual(status, EXIT_STATUS["MODEL_UNREACHABLE"], err)
                line, = err.splitlines()
                self.assertTrue(line.startswith("stock-agent: MODEL_UNREACHABLE: "), line)
                self.assertIn(url, line)
                self.assertIn("Start it with `ollama serve`", line)
                self.assertEqual(events, [])

    def test_nothing_at_an_openai_compatible_address_is_unreachable_too(self):
        url = f"http://127.0.0.1:{dead_port()}/v1"
        status, _, err, _ = run_cli(["-q", "x", "--lang", "en", "--provider", "openai",
                                     "--base-url", url])
        self.assertEqual(status, EXIT_STATUS["MODEL_UNREACHABLE"], err)
        self.assertIn("llama-server", err)


if __name__ == "__main__":
    unittest.main()
