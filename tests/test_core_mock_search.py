"""The mock model's keyword triggers for find_items and list_reorder (it understands nothing)."""

import os
import unittest

from tests.support import run_cli

EXAMPLE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                       "examples", "inventory.csv")


def ask(question, lang="en", *extra):
    status, out, _, events = run_cli(["--mock", "--lang", lang, "-q", question, *extra])
    return status, out.strip(), [e["name"] for e in events if e["event"] == "tool"]


class MockTriggerTest(unittest.TestCase):
    def test_running_low_lists_reorder(self):
        status, answer, called = ask("What is running low?")
        # the list, then the program's lookup of the item it leaves out, whose line says its
        # own level (stop 69: a lead "Not on that list:" before it was no sentence the eval
        # reads, and dev26's "A001 reorder false" went unread after an empty list)
        self.assertEqual((status, called), (0, ["list_reorder", "get_stock"]))
        self.assertEqual(answer, "[Sample data] Below target, largest shortfall first: "
                                 "玄米茶包 (A003): stock 0 (out of stock), target 20, below "
                                 "target; suggested order 20. 濾掛咖啡 (A001): stock 12, "
                                 "target 30, below target; suggested order 18. 烏龍茶包 "
                                 "(A002): stock 45, target 30, 15 above target; suggested "
                                 "order 0, no reorder needed. No order has been placed in "
                                 "this run.")

    def test_zh_reorder_question(self):
        status, answer, called = ask("哪些需要補貨？", "zh-TW")
        self.assertEqual((status, called), (0, ["list_reorder", "get_stock"]))
        self.assertTrue(answer.startswith("【教學樣本】低於目標庫存"), answer)
        self.assertIn("玄米茶包（A003）庫存 0", answer)

    def test_quoted_name_without_sku_searches(self):
        status, answer, called = ask("有沒有「烏龍」？", "zh-TW")
        self.assertEqual((status, called), (0, ["find_items"]))
        self.assertIn("符合「烏龍」的品項：烏龍茶包（A002）庫存 45", answer)
        status, answer, called = ask('Do we have "matcha"?')
        self.assertEqual(called, ["find_items"])
        self.assertIn('Nothing matches "matcha".', answer)

    def test_whether_any_is_left_of_an_item_by_name_gets_its_yes_or_no(self):
        for question, lang, lead in (
                ("Do we still have any oolong tea bags?", "en", "Yes, A002 is in stock."),
                ("還有玄米茶包嗎？", "zh-TW", "不，A003 缺貨。")):
            with self.subTest(question=question):
                status, answer, called = ask(question, lang)
                self.assertEqual((status, called), (0, ["find_items"]))
                self.assertIn(lead, answer)

    def test_a_sku_wins_over_other_triggers_and_the_a001_line_is_unchanged(self):
        status, answer, called = ask("請查 A001 庫存，並建議補貨數量。", "zh-TW")
        self.assertEqual(called, ["get_stock"])
        self.assertEqual(answer, "【教學樣本】濾掛咖啡（A001）庫存 12，目標 30，低於目標；"
                                 "建議補貨 18。本次尚未建立訂單。")

    def test_no_trigger_no_call(self):
        status, answer, called = ask("Hello there")
        self.assertEqual((status, called), (0, []))
        # The mock's own words say nothing the program can check: it states its scope.
        self.assertIn("I can only answer questions about this inventory", answer)

    def test_own_data_is_not_called_sample_data(self):
        status, answer, _ = ask("what is running low?", "en", "--inventory", EXAMPLE,
                                "--tenant", "south")
        self.assertEqual(status, 0)
        self.assertTrue(answer.startswith("[Data: inventory.csv (tenant south)] "), answer)
        self.assertIn("高山烏龍 (S001)", answer)


if __name__ == "__main__":
    unittest.main()
