"""Issue 34, items 9 and 18: one rule for the data label, and leftovers written once.

Item 9: the answer of a run that called one of our inventory tools names its data, whatever
the outcome (found, not found, an order refused); the label was on found items only.
Item 18: an item's row is built by one function for every tool (`_stock` and `_brief` were
one function written twice), and the bound on calls per reply is checked in one place for
native calls and calls written as text.
"""

import os
import tempfile
import unittest

import agent
import tools
from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent.errors import AgentError
from stock_agent.inventory import sample_inventory
from stock_agent.run import Limits
from tests.support import run_cli, run_script


class DataLabelTest(unittest.TestCase):

    def test_every_outcome_of_our_tools_carries_the_label(self):
        for argv, label in ((["-q", "Check A404"], "[Sample data] "),
                            (["--lang", "zh-TW", "-q", "Check A404"], "【教學樣本】"),
                            (["-q", "Check A001"], "[Sample data] ")):
            with self.subTest(argv=argv):
                status, out, err, _ = run_cli(["--mock", *argv])
                self.assertEqual(status, 0, err)
                self.assertTrue(out.startswith(label), out)

    def test_a_refused_order_carries_the_label_too(self):
        with tempfile.TemporaryDirectory(prefix="stock-agent-test-") as folder:
            status, out, err, _ = run_cli(["--mock", "--orders", os.path.join(folder, "o.db"),
                                           "-q", "order 18 of A001"])
        self.assertEqual(status, 47, err)  # WRITE_REFUSED: nobody approved it
        self.assertTrue(out.startswith("[Sample data] The order for 18 x A001 was not placed"),
                        out)

    def test_an_answer_that_used_no_tool_of_ours_has_none(self):
        status, out, err, _ = run_cli(["--mock", "-q", "hello"])
        self.assertEqual(status, 0, err)
        self.assertNotIn("[Sample data]", out)


class WrittenOnceTest(unittest.TestCase):

    def test_every_tool_builds_an_items_row_with_one_function(self):
        built = []
        original = tools._stock
        tools._stock = lambda row: built.append(row["sku"]) or original(row)
        self.addCleanup(setattr, tools, "_stock", original)
        data = sample_inventory()
        tools.get_stock(data, {"sku": "A001"})
        tools.find_items(data, {"query": "A002"})
        tools.list_reorder(data, {"limit": 1})
        self.assertEqual(built, ["A001", "A002", "A003"])

    def test_the_bound_on_calls_per_reply_is_one_check_for_native_and_text_calls(self):
        checked = []
        original = agent._check_batch_size
        agent._check_batch_size = lambda calls, limits: checked.append(len(calls)) or \
            original(calls, limits)
        self.addCleanup(setattr, agent, "_check_batch_size", original)
        limits = Limits(max_tool_calls=1)
        native = calls_reply(tool_call("get_stock", {"sku": "A001"}),
                             tool_call("get_stock", {"sku": "A002"}))
        written = text_reply('{"name": "get_stock", "arguments": {"sku": "A001"}}\n'
                             '{"name": "get_stock", "arguments": {"sku": "A002"}}')
        for reply, recover in ((native, False), (written, True)):
            error, _, _ = run_script([reply], limits=limits, recover_text_calls=recover)
            self.assertIsInstance(error, AgentError)
            self.assertEqual(error.code, "INVALID_TOOL_BATCH")
        # each reply's two calls went through the one check (a reply with no native call
        # is checked too, as empty, before its text is read)
        self.assertEqual([count for count in checked if count], [2, 2])


if __name__ == "__main__":
    unittest.main()
