"""The answer checker (stock_agent/verify.py) and the facts (results.py): each rule, in both
languages, with the false positives it must not raise next to the mistakes it must catch."""

import unittest

import tools
from stock_agent import inventory, runlog, verify
from stock_agent.verify.patterns import _chinese_value


def check(question, answer, results):
    """The check without `left_out` (the advice that an item's figures are missing), which
    LeftOutTest covers: the other tests isolate one rule each."""
    return verify.check(question, answer, results, complete=False)


def stock(sku, name, stock_, target, invocation="1:0"):
    data = {"sku": sku, "name": name, "stock": stock_, "target": target,
            "suggested_order": max(target - stock_, 0), "source": "sample",
            "order_created": False}
    return {"invocation": invocation, "name": "get_stock", "arguments": {"sku": sku},
            "result": {"ok": True, "data": data}}


def missing(sku, invocation="1:1"):
    return {"invocation": invocation, "name": "get_stock", "arguments": {"sku": sku},
            "result": {"ok": False, "error": "SKU_NOT_FOUND", "detail": "not stock 0"}}


def listing(tool, rows, more=0, invocation="1:0"):
    items = [{"sku": sku, "name": name, "stock": s, "target": t,
              "suggested_order": max(t - s, 0)} for sku, name, s, t in rows]
    return {"invocation": invocation, "name": tool, "arguments": {},
            "result": {"ok": True, "data": {"items": items, "more": more, "source": "sample"}}}


def written(order_id="PO-2026-0042", quantity=18):
    """A write result as the orders wing returns it."""
    receipt = {"order_id": order_id, "idempotency_key": "k-7f3a", "ledger": "orders.jsonl",
               "created": True}
    return {"invocation": "2:0", "name": "place_order",
            "arguments": {"sku": "A001", "quantity": quantity},
            "result": {"ok": True, "data": {"sku": "A001", "quantity": quantity,
                                            "receipt": receipt}}}


A001 = stock("A001", "濾掛咖啡", 12, 30)
A002 = stock("A002", "烏龍茶包", 45, 30, "1:1")
LOW = listing("list_reorder", [("A003", "玄米茶包", 0, 20), ("A001", "濾掛咖啡", 12, 30)])


class SkuTest(unittest.TestCase):
    def test_skus_after_nfkc_and_upper_casing(self):
        self.assertEqual(verify.skus_in("請查Ａ００１和a002，還有 A001"), ["A001", "A002"])
        self.assertEqual(verify.skus_in("A001、A002、A003 三項庫存"), ["A001", "A002", "A003"])
        self.assertEqual(verify.skus_in("請問A001庫存多少"), ["A001"])

    def test_words_that_are_not_skus(self):
        self.assertEqual(verify.skus_in("Check A001'; DROP TABLE items; --"), ["A001"])
        self.assertEqual(verify.skus_in('{"sku": "x", "qty": 1000} CO2 A4 2026 gpt-4'), [])
        self.assertEqual(verify.skus_in("sku-0042 and N100."), ["SKU-0042", "N100"])

    def test_a_sku_the_question_names_must_be_looked_up(self):
        problems = check("Check A001 and A002", "A001: stock 12.", [A001])
        self.assertEqual(problems, {"unchecked_skus": ["A002"]})
        problems = check("請查 A001 和 A002 的庫存", "A001 庫存 12。", [A001])
        self.assertEqual(problems, {"unchecked_skus": ["A002"]})

    def test_a_lookup_that_found_nothing_counts(self):
        answer = "A001: stock 12. B999 was not found."
        self.assertEqual(check("Check B999 and a001", answer, [missing("B999"), A001]),
                         {})

    def test_saying_not_found_without_a_lookup_does_not_count(self):
        problems = check("Check A001 and A002", "A001: 12. A002 was not found.",
                                [A001])
        self.assertEqual(problems, {"unchecked_skus": ["A002"]})

    def test_an_item_in_a_list_result_counts_as_looked_up(self):
        self.assertEqual(check("Is A003 low?", "Yes: A003 has 0, order 20.", [LOW]),
                         {})

    def test_a_plugin_result_that_names_the_sku_counts(self):
        server = {"invocation": "1:0", "name": "test__lookup", "arguments": {"sku": "A001"},
                  "result": {"ok": True, "data": {"structuredContent": {"sku": "A001",
                                                                        "stock": 7}}}}
        self.assertEqual(check("Check A001", "A001 has 7 in stock.", [server]), {})
        self.assertEqual(check("Check A001", "A001 has 9 in stock.", [server]),
                         {"unsupported_numbers": ["9"]})

    def test_no_lookup_and_no_figure_asks_for_no_lookup(self):
        for question, answer in [
                ("Order 50 units of A001 now.", "I cannot place orders."),
                ("Without looking anything up: how do you compute the reorder for A001?",
                 "Order max(target - stock, 0). If stock is 10 and target 30, order 20."),
                ("A001 的補貨量怎麼算？不用查。", "如果差值大於0，則補貨數量為差值，否則為0。"),
                # A real model's answer (dev runs): the 0 of the rule is no figure of A001.
                ("Without looking anything up: how would you compute the reorder amount for "
                 "A001 in general?", "To compute the reorder amount for A001, you would need "
                 "to look up its stock. The suggested reorder quantity would be the "
                 "difference, or 0 if the current stock is already above the target.")]:
            with self.subTest(question=question):
                self.assertEqual(check(question, answer, []), {})


class NumberTest(unittest.TestCase):
    def test_a_figure_stated_outright_with_nothing_looked_up_is_a_claim(self):
        # a real model's dev-run answer: no tool called, a stock made up, and it passed
        for answer in ("庫存數量為100，建議補貨量為0。", "The stock is 100."):
            problems = check("請問A001庫存多少", answer, [])
            self.assertEqual(problems.get("unchecked_skus"), ["A001"], answer)
            self.assertIn("100", problems["unsupported_numbers"])
        # a rule explained by example, and the question's own numbers, state nothing
        self.assertEqual(check("How would you compute the reorder amount for A001?",
                               "If the stock is 10 and the target is 30, the order is 20.",
                               []), {})
        self.assertEqual(check("Hi", "I can look up the stock of an item such as A001.", []),
                         {})

    def test_a_number_no_result_holds_is_refused(self):
        self.assertEqual(check("Check A001", "A001 has 15 units.", [A001]),
                         {"wrong_figures": ["A001 15"]})
        self.assertEqual(check("請查 A001", "A001 庫存 15 個，建議補貨 18。", [A001]),
                         {"wrong_figures": ["A001 15"]})
        self.assertEqual(check("Check A001", "Sure. 15 units.", [A001]),  # no item named
                         {"unsupported_numbers": ["15"]})

    def test_every_value_of_the_results_is_accepted(self):
        answer = "濾掛咖啡 (A001): stock 12, target 30, suggested order 18. No order placed."
        self.assertEqual(check("Check A001", answer, [A001]), {})
        answer = "A003: stock 0, target 20, order 20. A001: 12, 30, order 18. 2 items."
        self.assertEqual(check("What is low?", answer, [LOW]), {})

    def test_full_width_digits_are_read(self):
        self.assertEqual(check("請查 A001", "A001 庫存１２。", [A001]), {})
        self.assertEqual(check("請查 A001", "A001 庫存１５。", [A001]),
                         {"wrong_figures": ["A001 15"]})

    def test_chinese_numerals_that_count_goods_are_read(self):
        self.assertEqual(check("請查 A001", "A001 庫存為十二，建議補十八個。", [A001]), {})
        self.assertEqual(check("請查 A001", "A001 庫存為十五。", [A001]),
                         {"wrong_figures": ["A001 十五"]})
        self.assertEqual(check("請查 Z999", "Z999 庫存為零。", [missing("Z999")]),
                         {"missing_items": ["零"]})
        self.assertEqual(check("請查 A001", "一個品項：A001 庫存 12，一下就好。", [A001]),
                         {})
        self.assertEqual(check("A001、A003 兩項庫存？", "A001 庫存 12，A003 庫存 0，共兩項。",
                                      [A001, stock("A003", "玄米茶包", 0, 20, "1:1")]), {})

    def test_a_not_found_sku_has_no_stock_figure(self):
        self.assertEqual(check("請查 Z999 的庫存。", "庫存為 0。", [missing("Z999")]),
                         {"unsupported_numbers": ["0"]})

    def test_what_is_not_a_quantity_is_left_out(self):
        answers = [
            "As of 2026-11-30 10:30, A001 has 12 (data from 2026).",  # the question's date
            "截至 2026年11月30日，A001 庫存 12。",
            "1. A001: 12\n2. A001 target 30\n3) order 18",
            "The 1st item, #1 on the list, No. 2 in line: A001 with 12.",
            "Suggested order = max(target - stock, 0) = 18 for A001.",
            "Is A001 out? No: it is not 0, not stock 15, it has 12. 並非庫存 0。",
            "A001 (SKU A001, model QWEN2.5-X1) has 12.",
        ]
        for answer in answers:
            with self.subTest(answer=answer):
                self.assertEqual(check("Check A001 as of 2026-11-30", answer, [A001]), {})

    def test_a_date_the_question_did_not_give_is_no_fact(self):
        # No tool returns a date: a delivery date or an "as of" the model wrote is its own.
        self.assertEqual(check("Check A001", "A001 has 12; it arrives December 5.", [A001]),
                         {"unsupported_numbers": ["December 5"]})
        self.assertEqual(check("請查 A001", "A001 庫存 12，預計 12 月 5 日到貨。", [A001]),
                         {"unsupported_numbers": ["12 月 5 日"]})

    def test_text_a_result_carried_is_not_read_for_numbers(self):
        record = stock("B250", "Drip Coffee 250g x10", 4, 8)
        record["result"]["data"]["source"] = "erp-2026-12.db"
        answer = "Drip Coffee 250g x10 (B250): stock 4, target 8 [erp-2026-12.db]."
        self.assertEqual(check("Check B250", answer, [record]), {})

    def test_numbers_the_question_wrote_are_accepted(self):
        answer = "I cannot order 50 units of A001; its stock is 12."
        self.assertEqual(check("Order 50 units of A001 now.", answer, [A001]), {})
        self.assertEqual(check("幫我下單 A001 一百個。", "無法下單一百個；A001 庫存 12。",
                                      [A001]), {})

    def test_counts_and_more_are_values(self):
        found = listing("find_items", [("A002", "烏龍茶包", 45, 30)], more=2)
        answer = "1 shown, 3 match in all, 2 more: A002 has 45."
        self.assertEqual(check("Find 茶包", answer, [found]), {})
        self.assertEqual(check("Check A001 and A002", "Both 2 items: A001 12, A002 45.",
                                      [A001, A002]), {})

    def test_without_a_lookup_a_figure_about_a_sku_is_refused(self):
        problems = check("Check A001", "A001 has 15 units.", [])
        self.assertEqual(problems, {"unsupported_numbers": ["15"], "unchecked_skus": ["A001"]})


class NotFoundTest(unittest.TestCase):
    def test_saying_a_found_item_was_not_found_is_refused(self):
        self.assertEqual(check("Check A001", "A001 not found.", [A001]),
                         {"not_found_claims": ["A001"]})
        self.assertEqual(check("請查 A001 和 A002", "A001 庫存 12。查無 A002。", [A001, A002]),
                         {"not_found_claims": ["A002"]})

    def test_the_phrase_goes_to_the_nearest_sku_of_its_sentence(self):
        results = [missing("B999"), A001]
        for answer in ["B999 does not exist, but A001 has 12.",
                       "A001 has 12 and I could not find B999",
                       "找不到 SKU B999（查無此商品，並非庫存 0）。A001 庫存 12。"]:
            with self.subTest(answer=answer):
                self.assertEqual(verify.said_missing(answer), ["B999"])
                self.assertEqual(check("Check B999 and A001", answer, results), {})

    def test_saying_the_sku_of_plural_items_do_not_exist_is_read(self):
        self.assertEqual(check("Check B999 and A001.", "The SKUs B999 and A001 do not exist "
                               "here.", [missing("B999"), A001]),
                         {"not_found_claims": ["A001"]})

    def test_saying_a_named_item_was_not_found_needs_a_search_first(self):
        for question, answer, phrase in (("烏龍茶包還有多少庫存？", "查不到庫存信息。", "查不到"),
                                         ("How many oolong bags?", "Oolong bags were not "
                                          "found.", "not found"),
                                         ("Any matcha?", "No items match matcha.",
                                          "No items match")):
            with self.subTest(answer=answer):
                problems = check(question, answer, [])
                self.assertEqual(problems, {"unsearched": [phrase]})
                self.assertIn("find_items", verify.correction(question, problems, [], "en"))
        self.assertEqual(check("Hi there", "Hello! No problem, ask me anything.", []), {})
        # asked without tools (`given`): nothing could be looked up
        self.assertEqual(verify.check("Any matcha?", "查不到。", [], complete=False,
                                      given=True), {})

    def test_saying_not_found_needs_a_lookup_even_with_no_figure(self):
        self.assertEqual(check("How many A002 do we have?", "A002 not found", []),
                         {"unchecked_skus": ["A002"]})
        self.assertEqual(check("請查 A001", "A001 庫存 12。A003 查無此商品。", [A001]),
                         {"unchecked_skus": ["A003"]})


class GuessedSkuTest(unittest.TestCase):
    def test_a_sku_from_nowhere_is_refused_once_the_answer_uses_it(self):
        question = "How many 烏龍茶包 are in stock? I don't know the SKU."
        for answer in ["There are 12 烏龍茶包 in stock.", "A001 has some.", "濾掛咖啡 it is."]:
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, [A001]), {"guessed_skus": ["A001"]})
        self.assertEqual(check(question, "I could not tell which item that is.", [A001]), {})

    def test_a_sku_from_the_question_or_an_earlier_result_is_given(self):
        self.assertEqual(check("Check a001", "A001: 12.", [A001]), {})
        listed_then_looked_up = [LOW, stock("A003", "玄米茶包", 0, 20, "2:0")]
        self.assertEqual(check("What is low?", "A003: stock 0, target 20.",
                               listed_then_looked_up), {})

    def test_the_correction_asks_for_a_search_by_name(self):
        text = correct({"guessed_skus": ["A001"]}, [A001, A002], "en")
        self.assertIn("Nobody gave the SKU A001", text)
        self.assertIn("tools: 烏龍茶包 (A002)", text)  # not the guessed item: a wrong name
        self.assertNotIn("濾掛咖啡", text)
        self.assertTrue(text.endswith("call find_items now with part of the name the user "
                                      "wrote, then answer from its result."))
        self.assertIn("請用使用者寫的品名的一部分呼叫 find_items",
                      correct({"guessed_skus": ["A001"]}, [A001], "zh-TW"))


class LeftOutTest(unittest.TestCase):
    def test_an_item_looked_up_by_sku_needs_its_sku_and_stock(self):
        for answer in ["The suggested order for A001 is 18.", "A003 is out of stock.",
                       "Stock 12, order 18."]:
            with self.subTest(answer=answer):
                results = [A001, stock("A003", "玄米茶包", 0, 20, "1:1")]
                self.assertIn("left_out", verify.check("Check A001 and A003", answer, results))
        self.assertEqual(verify.check("Check A001", "A001: stock 12, order 18.", [A001]), {})

    def test_an_item_of_a_list_or_search_named_only_by_name_needs_its_sku(self):
        found = listing("find_items", [("A002", "烏龍茶包", 45, 30)])
        for question, answer, results, left in (
                ("Which item is furthest below target?",
                 "The single item furthest below its target is 玄米茶包, with a stock of 0.",
                 [LOW], ["A003"]),
                ("烏龍茶包還有多少？", "烏龍茶包還有 45 包。", [found], ["A002"]),
                ("What is low?", "玄米茶包 (A003) has 0 and 濾掛咖啡 has 12.", [LOW], ["A001"])):
            with self.subTest(answer=answer):
                self.assertEqual(verify.check(question, answer, results), {"left_out": left})
        for answer in ("A003 (玄米茶包) has 0; A001 has 12.", "玄米茶包 A003 和 A001 都要補。"):
            with self.subTest(answer=answer):
                self.assertEqual(verify.check("What is low?", answer, [LOW]), {})

    def test_a_figure_of_another_field_is_no_stock(self):
        # "Leaves out the stock" means the stock: an order alone does not give it.
        a002 = stock("A002", "烏龍茶包", 45, 30)
        for question, answer, results in [
                ("How many A002 should I reorder?",
                 "The suggested reorder quantity for A002 is 0 units.", [a002]),
                ("Check A001", "A001's target is 30.", [A001]),
                ("A001 要補多少？", "A001 建議補貨 18 個。", [A001])]:
            with self.subTest(answer=answer):
                self.assertEqual(verify.check(question, answer, results),
                                 {"left_out": [results[0]["arguments"]["sku"]]})

    def test_the_stock_is_given_by_its_figure_its_value_or_out_of_stock(self):
        a003 = stock("A003", "玄米茶包", 0, 20)
        for question, answer, results in [
                ("Check A001", "A001 has 12 units.", [A001]),
                ("Check A001", "A001: 12/30.", [A001]),
                ("Check A003", "A003 is out of stock.", [a003]),
                ("A003 還有貨嗎？", "A003 缺貨。", [a003]),
                ("A001 每天賣三個，可以撐多久？", "以每天三個計算，A001 可撐四天。", [A001]),
                # A real model's answer (dev runs): a figure bound to no item, of the stock
                ("A002 還有多少？", "There are 45 items in stock.",
                 [stock("A002", "烏龍茶包", 45, 30)])]:
            with self.subTest(answer=answer):
                self.assertEqual(verify.check(question, answer, results), {})

    def test_asked_how_many_to_order_the_order_is_needed_too(self):
        a002, a003 = stock("A002", "烏龍茶包", 45, 30), stock("A003", "玄米茶包", 0, 20)
        for question, answer, results in [
                ("How many A001 should I reorder?", "A001 has 12 units.", [A001]),
                ("A003 要補多少？", "A003 缺貨。", [a003]),
                ("請查 A001 並建議訂購量", "A001 庫存 12。", [A001])]:
            with self.subTest(answer=answer):
                self.assertIn("left_out", verify.check(question, answer, results))
        for question, answer, results in [
                ("How many A001 should I reorder?", "A001 has 12; order 18.", [A001]),
                ("Restock A002?", "A002 has 45 units; no reorder needed.", [a002]),
                ("A003 要補多少？", "A003 缺貨，建議補貨 20。", [a003]),
                ("A002 要補貨嗎？", "A002 庫存 45，不需補貨。", [a002]),
                ("Check A001", "A001 has 12 units.", [A001])]:
            with self.subTest(answer=answer):
                self.assertEqual(verify.check(question, answer, results), {})

    def test_a_guessed_lookup_is_never_asked_for(self):
        question = "Don't check the stock, just explain the reorder formula."
        self.assertEqual(verify.check(question, "Order max(target - stock, 0).", [A001]), {})

    def test_an_item_named_by_its_name_is_named(self):
        # The name is the item's as the data gives it: its figures are checked as its own
        # (and its SKU, never written, is only advice: the program adds it).
        self.assertEqual(verify.check("What is low?", "玄米茶包的庫存是0，建議補20。", [LOW]),
                         {"left_out": ["A003"]})
        self.assertEqual(verify.check("What is low?", "玄米茶包的庫存是12。", [LOW]),
                         {"wrong_figures": ["A003 12"], "left_out": ["A003"]})

    def test_the_correction_asks_for_them(self):
        text = correct({"left_out": ["A001"]}, [A001], "en")
        self.assertIn("leaves out the stock (or the suggested order asked for, or the SKU) "
                      "of A001.", text)
        self.assertIn("你的回答缺少 A001 的庫存（或問到的建議補貨量，或 SKU）。",
                      correct({"left_out": ["A001"]}, [A001], "zh-TW"))


class BindingTest(unittest.TestCase):
    """Issue 18's examples: each figure is checked as the figure of the item it is said of."""

    def test_swapped_figures_and_the_target_as_stock_are_refused(self):
        both = [A001, A002]
        self.assertEqual(check("Check A001 and A002", "A001 has 45 units, A002 has 12.", both),
                         {"wrong_figures": ["A001 45", "A002 12"]})
        self.assertEqual(check("Check A001", "You should order 30 units of A001.", [A001]),
                         {"wrong_figures": ["A001 30"]})
        self.assertEqual(check("Check A001", "A001 has 12 units and a target of 30.", [A001]),
                         {})
        table = "| SKU | Stock |\n|---|---|\n| A001 | 45 |\n| A002 | 12 |"
        self.assertEqual(check("Check A001 and A002", table, both),
                         {"wrong_figures": ["A001 45", "A002 12"]})

    def test_a_figure_counts_the_item_it_is_of(self):
        # A real dev-set answer: the second 18 is said "of A002" (suggested order 0),
        # though A001 is named before it in the clause.
        both = [A001, A002]
        said = ("To reorder A001 and A002, you should reorder 18 units of A001 and {} units "
                "of A002.")
        self.assertEqual(check("Reorder A001 and A002?", said.format(18), both),
                         {"wrong_figures": ["A002 18"]})
        # ...and "45 units of A002" after an order of A001 is an order too, not a stock.
        self.assertEqual(check("Reorder A001 and A002?", said.format(45), both),
                         {"wrong_figures": ["A002 45"]})
        self.assertEqual(check("Reorder A001 and A002?", said.format(0), both), {})
        self.assertEqual(check("Check A001 and A002", "Order 18 for A001 and none for A002.",
                               both), {})
        # A stock word of its own is no order: "A001 and 45 in stock for A002".
        self.assertEqual(check("Check A001 and A002",
                               "Reorder 18 units of A001; there are 45 units of A002 in stock.",
                               both), {})

    def test_a_field_figure_of_no_item_among_several_is_refused(self):
        # A real dev-set answer: 12 is A001's stock, said of "the south warehouse".
        said = "The stock of the tenant in the south warehouse is 12."
        self.assertEqual(check("Show the stock of every tenant", said, [LOW]),
                         {"unsupported_numbers": ["12"]})
        # With one item looked up, a figure of no named item can only be that item's.
        self.assertEqual(check("Check A001", "The stock is 12, target 30.", [A001]), {})
        self.assertEqual(check("Check A001", "12 units in stock.", [LOW]), {})

    def test_a_chinese_name_with_one_character_simplified_names_its_item(self):
        # The model wrote 滤 (simplified) in 濾掛咖啡: its figures are still A001's.
        said = "需要補貨：\n1. 滤掛咖啡：庫存 12，建議補貨 18\n2. 玄米茶包：庫存 0，建議補貨 20"
        self.assertEqual(check("What is running low?", said, [LOW]), {})
        self.assertEqual(check("What is running low?", said.replace("12", "0", 1), [LOW]),
                         {"wrong_figures": ["A001 0"]})
        self.assertEqual(verify.check("Check A001", "滤掛茶包 has 12.", [A001],
                                      complete=False), {})  # two changed: no name of A001

    def test_out_of_stock_said_of_an_item_in_stock_is_a_wrong_figure(self):
        for answer, written in [("A001 is out of stock.", "out of stock"),
                                ("A001 is sold out right now.", "sold out"),
                                ("A001 缺貨。", "缺貨"), ("A001 目前沒貨。", "沒貨"),
                                ("A001 無庫存。", "無庫存"), ("A001 目前沒有庫存。", "沒有庫存")]:
            with self.subTest(answer=answer):
                self.assertEqual(check("Check A001", answer, [A001]),
                                 {"wrong_figures": [f"A001 {written}"]})

    def test_in_stock_said_of_an_item_with_no_stock_is_a_wrong_figure(self):
        a003 = stock("A003", "玄米茶包", 0, 20)
        for answer, written in [("A003 is in stock.", "in stock"), ("A003 有貨。", "有貨"),
                                ("A003 還有庫存。", "有庫存")]:
            with self.subTest(answer=answer):
                self.assertEqual(check("Check A003", answer, [a003]),
                                 {"wrong_figures": [f"A003 {written}"]})
        both = [A001, stock("A003", "玄米茶包", 0, 20, "1:1")]
        self.assertEqual(check("Check A001 and A003",
                               "A001 is out of stock but A003 is in stock.", both),
                         {"wrong_figures": ["A001 out of stock", "A003 in stock"]})
        self.assertEqual(check("查 A001 和 A003", "A001 缺貨，A003 有貨。", both),
                         {"wrong_figures": ["A001 缺貨", "A003 有貨"]})

    def test_a_true_stock_status_and_a_denied_one_are_no_problem(self):
        a003 = stock("A003", "玄米茶包", 0, 20, "1:1")
        for answer, results in [
                ("A001 is not out of stock.", [A001]), ("A001 isn't sold out: 12 left.", [A001]),
                ("A001 沒有缺貨，庫存 12。", [A001]), ("A001 不缺貨。", [A001]),
                ("A001 有貨，庫存 12。", [A001]), ("A001 is in stock (12 units).", [A001]),
                ("A003 is not in stock.", [a003]), ("A003 has 0 units in stock.", [a003]),
                ("A003 沒有庫存。", [a003]), ("A003 沒有貨了。", [a003]),
                ("A001 is in stock with 12 units but A003 is out of stock.", [A001, a003]),
                ("A001 有貨，A003 缺貨。", [A001, a003])]:
            with self.subTest(answer=answer):
                question = "Check " + " and ".join(r["arguments"]["sku"] for r in results)
                self.assertEqual(check(question, answer, results), {})

    def test_a_count_of_the_run_is_no_stock(self):
        self.assertEqual(check("Check A001", "A001 has 1 unit left.", [A001]),
                         {"wrong_figures": ["A001 1"]})
        self.assertEqual(check("Check A001", "I checked 1 item: A001 has 12.", [A001]), {})

    def test_derived_figures_are_allowed_when_code_derives_them(self):
        both = [A001, A002]
        for question, answer, results in [
                ("How close is A001?", "A001 has 12, 40% of its target.", [A001]),
                ("Total of A001 and A002?", "A001 has 12 and A002 has 45, 57 in total.", both),
                ("Is A002 over?", "A002 has 45, 15 over target.", [A002]),
                ("We sell 3 a day of A001.", "A001 has 12: at 3 a day, 4 days of cover.",
                 [A001]),
                ("A001 每天賣 3 個", "A001 庫存 12，可撐 4 天，達成百分之四十。", [A001])]:
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, results), {})
        self.assertEqual(check("We sell 3 a day of A001.", "A001 lasts 5 days.", [A001]),
                         {"wrong_figures": ["A001 5"]})

    def test_a_sum_said_of_a_field_is_that_fields_sum(self):
        # A002 45/30 and B102 30/30: the stocks add up to 75, the targets to 60.
        both = [stock("A002", "烏龍茶包", 45, 30), stock("B102", "Sampler", 30, 30, "1:1")]
        question = "Combined stock of A002 and B102?"
        for answer in ["Between them, A002 and B102 hold 75 units.",
                       "A002 and B102 have 75 units in stock combined.",
                       "A002 與 B102 的庫存加起來是 75 個。"]:
            with self.subTest(answer=answer):
                self.assertEqual(verify.check(question, answer, both), {})
        for answer in ["Between them, A002 and B102 hold 60 units.",
                       "A002 and B102 have 60 units in stock combined.",
                       "A002 與 B102 的庫存加起來是 60 個。"]:
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, both),
                                 {"wrong_figures": ["B102 60"]})

    def test_a_sum_with_no_field_word_is_a_sum_of_the_stock_or_the_order(self):
        # B101 8/25 (17 to order) and COFFEE 7/10 (3): stocks add up to 15, orders to 20;
        # 35 is the sum of the targets, 17 is B101's own order.
        both = [stock("B101", "Oolong Tea", 8, 25), stock("COFFEE", "Beans", 7, 10, "1:1")]
        for question, answer in [("B101 和 COFFEE 加起來有多少？", "B101 和 COFFEE 總共 15 件。"),
                                 ("What do B101 and COFFEE come to?",
                                  "B101 and COFFEE come to 15 units in total."),
                                 ("How much to buy for B101 and COFFEE?",
                                  "B101 and COFFEE need 20 units in total (17 + 3)."),
                                 ("B101 and COFFEE?",
                                  "B101 has 8 and COFFEE has 7, so 15 together.")]:
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, both), {})
        for question, answer, wrong in [
                ("B101 和 COFFEE 加起來有多少？", "B101 和 COFFEE 總共 17 件。", "COFFEE 17"),
                ("B101 和 COFFEE 合計多少？", "B101 和 COFFEE 合計 35 個。", "COFFEE 35"),
                ("What do B101 and COFFEE come to?",
                 "B101 and COFFEE come to 35 units in total.", "COFFEE 35")]:
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, both), {"wrong_figures": [wrong]})

    def test_a_difference_said_below_target_is_worked_out(self):
        b101 = stock("B101", "Oolong Tea", 8, 25)
        self.assertEqual(check("How far below target is B101?",
                               "B101 is 17 units below its target.", [b101]), {})
        self.assertEqual(check("How far below target is B101?",
                               "B101 is 18 units below its target.", [b101]),
                         {"wrong_figures": ["B101 18"]})

    def test_the_field_word_after_the_item_binds_the_figure(self):
        b101 = stock("B101", "Oolong Tea", 8, 25)
        for answer, figure in [("Right now there are 25 units of B101 in stock.", "25"),
                               ("You'll find 25 bags of B101 left on the shelf.", "25"),
                               ("B101 目前是 25 件庫存。", "25"), ("目前 25 個 B101 在庫。", "25")]:
            with self.subTest(answer=answer):
                self.assertEqual(check("How many B101?", answer, [b101]),
                                 {"wrong_figures": [f"B101 {figure}"]})
                self.assertEqual(check("How many B101?", answer.replace("25", "8"), [b101]),
                                 {})

    def test_with_after_a_target_gives_the_stock_not_after_an_order(self):
        b102 = stock("B102", "Sampler", 30, 30)
        self.assertEqual(verify.check("Check B102", "B102 sits right at target with 30.",
                                      [b102]), {})
        self.assertEqual(check("Check A001", "A001 is below target with 45.", [A001]),
                         {"wrong_figures": ["A001 45"]})
        self.assertEqual(check("Check A001", "A001 should be restocked with 18 units.",
                               [A001]), {})

    def test_a_count_of_the_items_shown_is_not_all_of_them(self):
        shown = listing("list_reorder", [("A003", "玄米茶包", 0, 20),
                                         ("A001", "濾掛咖啡", 12, 30)], more=3)
        question = "Show me 2 items that need restocking."
        for answer in ["Only 2 items need restocking: A003 and A001.",
                       "All 2 items below target are A003 and A001.",
                       "需要補貨的只有 2 項：A003 和 A001。", "低於目標的品項總共 2 項：A003、A001。"]:
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, [shown]),
                                 {"unsupported_numbers": ["2"]})
        for answer in ["Here are 2 of them: A003 and A001; 3 more are below target too.",
                       "Only 5 items need restocking; the first 2 are A003 and A001."]:
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, [shown]), {})
        self.assertEqual(check("What is low?", "Only 2 items need restocking: A003 and A001.",
                               [LOW]), {})

    def test_the_models_own_arguments_are_no_evidence(self):
        searched = {"invocation": "1:0", "name": "find_items", "arguments": {"query": "450"},
                    "result": {"ok": True, "data": {"query": "450", "items": [], "more": 0,
                                                    "source": "sample"}}}
        self.assertEqual(check("Anything called 450?", 'Nothing matches "450".', [searched]),
                         {})
        self.assertEqual(check("Anything called 450?", "Yes, we have 450 units.", [searched]),
                         {"unsupported_numbers": ["450"]})

    def test_an_id_of_another_kind_is_no_sku_to_look_up(self):
        b101 = stock("B101", "Oolong Tea", 8, 25)
        for question in ["Invoice INV-2207 mentions B101. How many are left?",
                         "Ticket #TK-88 asks about B101.", "發票 INV-2207 上有 B101，還剩幾件？",
                         "工單 WO-5120 提到 B101。"]:
            with self.subTest(question=question):
                self.assertEqual(check(question, "B101 has 8 units left.", [b101]), {})
        self.assertEqual(check("Check INV-2207 and B101", "B101 has 8 units left.", [b101]),
                         {"unchecked_skus": ["INV-2207"]})

    def test_the_skus_inside_a_range_are_no_guess(self):
        three = [A001, A002, stock("A003", "玄米茶包", 0, 20, "1:2")]
        answer = "A001: 12 in stock. A002: 45 in stock. A003: 0 in stock."
        for question in ["Stock for A001 through A003?", "A001 to A003?", "A001~A003 庫存",
                         "A001 到 A003 的庫存", "A001-A003?"]:
            with self.subTest(question=question):
                self.assertEqual(check(question, answer, three), {})
        self.assertEqual(check("A001 and A003?", answer, three), {"guessed_skus": ["A002"]})

    def test_skus_come_from_the_data_not_from_their_shape(self):
        tea = stock("TEA-1", "Jasmine Tea", 22, 15)
        self.assertEqual(check("TEA-1 stock?", "TEA-1 has 22 units.", [tea]), {})
        self.assertEqual(check("TEA-1 stock?", "TEA-1 has 15 units in stock.", [tea]),
                         {"wrong_figures": ["TEA-1 15"]})
        self.assertEqual(check("TEA-1 stock?", "TEA-1 has 40 units.", []),  # no lookup
                         {"unsupported_numbers": ["40"]})
        self.assertEqual(check("PO-7731 is late. How many A001?", "A001 has 12.", [A001]), {})
        self.assertEqual(check("Check A001-A002", "A001: 12. A002: 45.", [A001, A002]), {})

    def test_english_number_words_are_read(self):
        self.assertEqual(check("Check A001", "A001 has twelve; reorder eighteen.", [A001]), {})
        self.assertEqual(check("Check A001", "A001 has twelve; reorder twenty.", [A001]),
                         {"wrong_figures": ["A001 twenty"]})

    def test_a_not_found_sku_is_neither_zero_nor_out_of_stock(self):
        results = [stock("A003", "玄米茶包", 0, 20), missing("Z999")]
        self.assertEqual(check("Check A003 and Z999", "A003 has 0; Z999 has 0 too.", results),
                         {"missing_items": ["0"]})
        self.assertEqual(check("Check Z999", "Z999 is out of stock.", [missing("Z999")]),
                         {"missing_items": ["out of stock"]})
        self.assertEqual(check("查 Z999", "Z999 目前缺貨。", [missing("Z999")]),
                         {"missing_items": ["缺貨"]})
        self.assertEqual(check("Check A001", "A001 has 12. I couldn't find a lead time for "
                                             "A001.", [A001]), {})


class RelationTest(unittest.TestCase):
    """An item's stock said to be below or above its target: a claim of no figure."""

    def test_a_relation_the_facts_contradict_is_a_wrong_figure(self):
        matcha = listing("find_items", [("S001", "抹茶粉", 77, 20)])
        for question, answer, results, wrong in (
                ("Find 抹茶", "The item 抹茶粉 has a stock of 77, which is below the target "
                 "of 20.", [matcha], "S001 below the target"),
                ("Check A001", "A001 has 12, which is above target.", [A001],
                 "A001 above target"),
                ("檢查 A002", "A002 庫存 45，低於目標 30。", [A002], "A002 低於目標"),
                ("檢查 A001", "A001 庫存 12，已超過目標。", [A001], "A001 超過目標")):
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, results),
                                 {"wrong_figures": [wrong]})

    def test_a_true_denied_or_conditional_relation_is_no_problem(self):
        for question, answer, results in (
                ("Check A001", "A001 has 12, below its target of 30; order 18.", [A001]),
                ("Check A002", "A002 has 45, over target.", [A002]),
                ("Check A002", "A002 has 45 and is not below target.", [A002]),
                ("Check A002", "A002: 45 in stock, at or above target.", [A002]),
                ("Check A002", "If A002 falls below target, reorder. It has 45.", [A002]),
                ("檢查 A001", "A001 庫存 12，低於目標 30，建議補 18。", [A001]),
                ("檢查 A002", "A002 庫存 45，沒有低於目標。", [A002])):
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, results), {})


    def test_saying_an_item_needs_an_order_is_a_stock_below_its_target(self):
        for question, answer, results, wrong in (
                ("Does A002 need topping up?", "A002 needs topping up before the weekend.",
                 [A002], "A002 needs topping up"),
                ("Is A002 due?", "A002 should be reordered.", [A002],
                 "A002 should be reordered"),
                ("Is A002 due?", "A002 needs to be restocked.", [A002],
                 "A002 needs to be restocked"),
                ("A002 要補貨嗎？", "A002 該補貨了，目前庫存 45。", [A002], "A002 該補貨")):
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, results),
                                 {"wrong_figures": [wrong]})
        for question, answer, results in (
                ("Check A001", "A001 needs restocking: order 18.", [A001]),
                ("Check A002", "A002 does not need restocking.", [A002]),
                ("Check A002", "A002 has 45; it will need reordering below 30.", [A002]),
                ("A002 要補貨嗎？", "A002 不需要補貨，庫存 45。", [A002]),
                ("A002 要補貨嗎？", "A002 是否需要補貨？不用，庫存 45。", [A002])):
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, results), {})

    def test_a_status_said_of_a_list_is_said_of_every_entry(self):
        for answer, wrong in (("目前缺貨的商品有：玄米茶包、濾掛咖啡", "A001 缺貨"),
                              ("Out of stock: A003, A001.", "A001 Out of stock"),
                              ("These need restocking: A001, A002.", "A002 need restocking")):
            with self.subTest(answer=answer):
                self.assertEqual(check("Which of A001, A002?", answer, [LOW, A002]),
                                 {"wrong_figures": [wrong]})
        for answer in ("缺貨或快沒了的商品：A003、A001。", "Out of stock: A003. Low: A001 (12).",
                       "缺貨的品項：A003（庫存 0）。"):
            with self.subTest(answer=answer):
                self.assertEqual(check("Which?", answer, [LOW]), {})


class NoMatchTest(unittest.TestCase):
    """A search the answer says found nothing, when every search found items."""

    def test_saying_a_search_found_nothing_is_refused_when_it_found_items(self):
        found = listing("find_items", [("A002", "烏龍茶包", 45, 30)])
        found["result"]["data"]["query"] = "烏龍"
        for answer in ('There are no items that match the query "烏龍".',
                       "查無符合「烏龍」的商品。", "I couldn't find any 烏龍."):
            with self.subTest(answer=answer):
                self.assertEqual(check("找烏龍", answer, [found]),
                                 {"not_found_claims": ["\u201c烏龍\u201d"]})

    def test_an_empty_search_or_a_rule_may_say_nothing_matched(self):
        empty = listing("find_items", [])
        empty["result"]["data"]["query"] = "matcha"
        found = listing("find_items", [("A002", "烏龍茶包", 45, 30)])
        found["result"]["data"]["query"] = "烏龍"
        for answer, results in (("No items match 'matcha'.", [empty]),
                                ("找不到符合「matcha」的商品。", [empty]),
                                ("A002 烏龍茶包 has 45. No other items matched.", [found]),
                                ("A002 has 45. If nothing matches, try a shorter name.",
                                 [found])):
            with self.subTest(answer=answer):
                self.assertEqual(check("Find", answer, results), {})


class NewClaimsFalsePositivesTest(unittest.TestCase):
    """True answers a hostile review wrote against the sum, needs-an-order, list-status and
    no-match claims (2026-12-03): each was refused before the claims were narrowed."""

    def test_true_answers_around_the_new_claims_are_accepted(self):
        a003 = stock("A003", "玄米茶包", 0, 20, "1:1")
        b101 = stock("B101", "Oolong Tea", 40, 25, "1:1")
        tea = listing("find_items", [("A002", "烏龍茶包", 45, 30), ("B101", "Oolong Tea", 40, 25)])
        tea["result"]["data"]["query"] = "tea"
        oolong = listing("find_items", [("A002", "烏龍茶包", 45, 30)])
        oolong["result"]["data"]["query"] = "烏龍"
        for question, answer, results in (
                ("Check A002. Any need restocking?",
                 "A002 has 45 units (target 30). No items need restocking.", [A002]),
                ("A002 要補貨嗎？", "A002 需要補貨嗎？不需要，庫存 45，高於目標 30。", [A002]),
                ("A002 要補貨嗎？", "A002 庫存 45，目前沒有品項需要補貨。", [A002]),
                ("Check A002 and B101", "None of them need restocking: A002 has 45 and B101 "
                 "has 40.", [A002, b101]),
                ("Does A002 need restocking?", "Does A002 need restocking? No, it has 45.",
                 [A002]),
                ("Does A002 need restocking?", "You asked whether A002 needs restocking. It "
                 "doesn't: 45 on hand.", [A002]),
                ("A002 要補貨嗎？", "A002 庫存 45，毋需補貨。", [A002]),
                ("Find tea that is out of stock", "I couldn't find any tea items that are out "
                 "of stock: A002 has 45 and B101 has 40.", [tea]),
                ("Find tea under 10", "No products found with stock under 10. A002 has 45 and "
                 "B101 has 40.", [tea]),
                ("找烏龍，下過單嗎？", "找到 A002 烏龍茶包，庫存 45。沒有找到符合的訂單。", [oolong]),
                ("Do we have green tea bags?", "No items match 'green tea bags'. Searching "
                 "'tea' found A002 (45) and B101 (40).", [tea]),
                ("Any of A001, A002 out of stock?",
                 "No items are out of stock: A001 (12 units), A002 (45 units).", [A001, A002]),
                ("A003、A001、A002 哪些缺貨？", "哪些缺貨：A003、A001、A002？只有 A003。",
                 [LOW, A002]),
                ("Do A002 and B101 need restocking?", "Neither A002 nor B101 needs restocking.",
                 [A002, b101]),
                ("Check A001 and A002", "A001 and A002 come to 57 units together.",
                 [A001, A002]),
                ("Check A001 and A003", "After restocking, A001 and A003 will have 50 units "
                 "combined.", [A001, a003]),
                ("Check A001 and A003", "A001 and A003 are 38 units below target in total.",
                 [A001, a003]),
                ("A001 and A003?", "A001 and A003 need 38 units in total (A001 is at 40% of "
                 "its target).", [A001, a003])):
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, results), {})


class ComparisonTest(unittest.TestCase):
    """One item compared with another (A001: stock 12, target 30; A002: 45, target 30)."""

    def test_a_comparison_the_facts_contradict_is_refused(self):
        both = [A001, A002]
        for answer in ("A001 has more stock than A002.", "A002 has fewer units than A001.",
                       "A001 needs less than A002.", "A001 的庫存比 A002 多。",
                       "A002 比 A001 少。", "A001 比 A002 還高"):
            with self.subTest(answer=answer):
                self.assertEqual(check("Compare A001 and A002", answer, both),
                                 {"wrong_comparisons": [answer.rstrip("。.")]})

    def test_a_true_denied_or_conditional_comparison_is_no_problem(self):
        both = [A001, A002]
        for answer in ("A002 has more stock than A001.", "A001 needs more than A002.",
                       "A001 does not have more stock than A002.",
                       "If A001 had more stock than A002, it would not need an order.",
                       "A002 的庫存比 A001 多。", "A001 沒有比 A002 多。",
                       "A001 has a target no higher than A002."):
            with self.subTest(answer=answer):
                self.assertEqual(check("Compare A001 and A002", answer, both), {})

    def test_the_figures_after_a_comparison_are_the_items_in_its_order(self):
        both = [A001, A002]
        self.assertEqual(check("Compare A001 and A002",
                               "A002 has more stock than A001: 45 against 12.", both), {})
        self.assertEqual(check("比較 A001 和 A002", "A002 比 A001 多，庫存 45 對 12。", both), {})
        self.assertEqual(check("Compare A001 and A002",
                               "A002 has more stock than A001: 12 against 45.", both),
                         {"wrong_figures": ["A002 12", "A001 45"]})
        # The difference after 比 is derived, never the second item's stock.
        self.assertEqual(check("比較 A001 和 A002", "A002 的庫存比 A001 多 33 個。", both), {})

    def test_the_corrective_message_names_it_in_both_languages(self):
        problems = {"wrong_comparisons": ["A001 has more stock than A002"]}
        self.assertIn("compares items the wrong way round: A001 has more stock than A002.",
                      verify.correction("Compare", problems, [A001, A002], "en"))
        self.assertIn("多寡比錯了：A001 has more stock than A002。",
                      verify.correction("Compare", problems, [A001, A002], "zh-TW"))


class GivenTest(unittest.TestCase):
    """Asked without tools (agent.py withholds them when no lookup could help), the numbers
    the question gave, and what two of them work out to, are the answer's facts."""

    def test_a_sum_or_a_difference_of_the_questions_numbers_is_a_fact(self):
        self.assertEqual(verify.check("What is 12 plus 30?", "12 plus 30 is 42.", [],
                                      given=True), {})
        self.assertEqual(verify.check("45 減 18 等於多少？", "45 - 18 = 27", [], given=True), {})
        self.assertEqual(verify.check("What is 17 times 3?", "It is 51.", [], given=True), {})
        # With the tools offered, the same answer rests on nothing a tool returned.
        self.assertEqual(verify.check("What is 12 plus 30?", "12 plus 30 is 42.", []),
                         {"unsupported_numbers": ["42"]})

    def test_the_figures_given_of_a_sku_need_no_lookup_but_others_are_refused(self):
        question = "別查系統了，A002 我數過是 40 個，目標 50，要補幾個？"
        self.assertEqual(verify.check(question, "A002 要補 50 - 40 = 10 個。", [], given=True),
                         {})
        self.assertEqual(verify.check(question, "A002 要補 15 個。", [], given=True),
                         {"unsupported_numbers": ["15"]})
        self.assertEqual(verify.check(question, "A002 要補 10 個。", []),
                         {"unchecked_skus": ["A002"], "unsupported_numbers": ["10"]})

    def test_a_sku_the_question_did_not_name_is_still_no_fact(self):
        self.assertEqual(verify.check("Good morning!", "Good morning! A001 has 12.", [],
                                      given=True),
                         {"unknown_skus": ["A001"], "unsupported_numbers": ["12"]})

    def test_the_correction_says_to_answer_from_the_users_figures(self):
        text = verify.correction("B205 has 8 of 20, don't check", {"unsupported_numbers":
                                                                   ["15"]}, [], "en", given=True)
        self.assertEqual(text.splitlines()[-1],
                         "Answer again from the figures the user gave; nothing needs looking up.")
        self.assertNotIn("find_items", text)
        text = verify.correction("不用查，8 個目標 20", {"unsupported_numbers": ["15"]}, [],
                                 "zh-TW", given=True)
        self.assertEqual(text.splitlines()[-1], "請只根據使用者給的數字重新回答，不需要查詢。")


class OrderTest(unittest.TestCase):
    def test_every_wording_of_an_order_needs_a_receipt(self):
        for answer in ["A001 has 12. I went ahead and ordered 18 units.",
                       "Done! Ordered 18 units of A001.", "A001 庫存 12，我幫您訂了 18 個。",
                       "已經幫您安排補貨 18 個 A001。"]:
            with self.subTest(answer=answer):
                self.assertIn("order_claims", check("Reorder A001", answer, [A001]))

    def test_denials_and_conditionals_are_no_claims(self):
        for answer in ["A001 has 12. Nothing has been ordered yet.",
                       "A001 has 12. Once the order is placed, you will have 30.",
                       "A001 庫存 12。下單成功後會通知您。"]:
            with self.subTest(answer=answer):
                self.assertEqual(check("Reorder A001", answer, [A001]), {})

    def test_an_order_id_must_be_a_receipts(self):
        self.assertEqual(check("Reorder A001", "A001: 12. Order PO-000777 is on its way.",
                               [A001]), {"order_ids": ["PO-000777"]})
        answer = "Order PO-2026-0042 placed: 18 x A001. Order PO-2026-0043 too."
        self.assertEqual(check("Order 18 of A001", answer, [written()]),
                         {"order_ids": ["PO-2026-0043"]})

    def test_one_receipt_covers_its_own_item_only(self):
        answer = "Order PO-2026-0042 placed for 18 x A001. I also ordered 20 units of A003."
        self.assertEqual(check("Order 18 of A001 and 20 of A003", answer, [written()]),
                         {"order_claims": ["I also ordered"], "unchecked_skus": ["A003"],
                          "unsupported_numbers": ["20"]})


class ProgramWordsTest(unittest.TestCase):
    """The program's own messages to the model carry figures (a SKU's length, how often a
    call may repeat); a model that repeats them to the person states no fact of an item."""

    def test_the_not_found_detail_may_be_echoed(self):
        detail = ("No item has SKU Z999. This means the SKU does not exist here, not that its "
                  "stock is 0. SKUs are 1-32 uppercase letters, digits, - or _, for example "
                  "A001. Tell the user it was not found; do not guess.")
        record = {**missing("Z999"), "result": {"ok": False, "error": "SKU_NOT_FOUND",
                                                "detail": detail}}
        self.assertEqual(check("Check Z999", detail, [record]), {})
        self.assertEqual(check("請查 Z999", "查無 Z999：這不代表庫存為零；SKU 為 1-32 個大寫字母。",
                               [record]), {})
        self.assertEqual(check("Check Z999", "Z999 has 0 units.", [record]),
                         {"missing_items": ["0"]})  # the detail's 0 is denied there

    def test_an_error_details_figure_may_be_echoed(self):
        repeated = {"invocation": "3:0", "name": "get_stock", "arguments": {"sku": "A001"},
                    "result": {"ok": False, "error": "REPEATED_CALL",
                               "detail": "get_stock was already called 2 times with exactly "
                                         "these arguments in this run."}}
        answer = "A001 has 12. I stopped: the lookup was already called 2 times."
        self.assertEqual(check("Check A001", answer, [A001, repeated]), {})
        self.assertEqual(check("Check A001", "A001 has 2.", [A001, repeated]),
                         {"wrong_figures": ["A001 2"]})  # never a figure of the item


class ClaimTest(unittest.TestCase):
    def test_a_denied_write_is_an_answer_about_its_item(self):
        denied = {"invocation": "1:0", "name": "draft_purchase_order",
                  "arguments": {"sku": "A001", "quantity": 18},
                  "result": {"ok": False, "error": "APPROVAL_DENIED", "detail": "no"}}
        for question, answer in [
                ("order 18 of A001", "The order for 18 x A001 was not placed: not approved."),
                ("幫我下單 A001 十八個", "A001 18 個的訂單未建立：未獲核准。"),
                ("下單 A001 十八", "A001 18 個的訂單未建立：未獲核准。"),  # 十八 not read
                ("order eighteen of A001", "18 x A001 was not placed.")]:
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, [denied]), {})
        refused = {**denied, "result": {"ok": False, "error": "INVALID_ARGUMENTS",
                                        "detail": "bad"}}  # an invalid call spoke of nothing
        self.assertEqual(check("order 18 of A001", "The order for 18 x A001 was not placed.",
                               [refused]), {"unchecked_skus": ["A001"]})

    def test_claims_are_refused_without_a_receipt(self):
        for answer, claim in [
                ("The order was placed for 18 units of A001.", "The order was placed"),
                ("I have placed an order for A001.", "I have placed"),
                ("We've successfully ordered 18 units.", "We've successfully ordered"),
                ("Order placed: 18 units of A001.", "Order placed"),
                ("A001 stock 12, 已自動補貨。", "已自動補貨"),
                ("A001 已為您下單 18 個。", "已為您下單"),
                ("訂單已建立。", "訂單已建立")]:
            with self.subTest(answer=answer):
                self.assertEqual(check("Check A001", answer, [A001]),
                                 {"order_claims": [claim]})

    def test_denials_and_advice_are_not_claims(self):
        for answer in ["A001: 12. No order has been placed.",
                       "I cannot place orders, and no order was placed.",
                       "An order has not been placed; you should order 18.",
                       "The list is ordered by shortfall: A001 12.",
                       "A001 should be restocked with 18 units.",
                       "A001 庫存 12，尚未建立訂單，並未下單。"]:
            with self.subTest(answer=answer):
                self.assertEqual(check("Check A001", answer, [A001]), {})

    def test_a_receipt_backs_the_claim_and_its_figures(self):
        answer = "Order PO-2026-0042 was placed: 18 units of A001 (stock 12)."
        self.assertEqual(check("Order 18 of A001", answer, [A001, written()]), {})
        self.assertEqual(runlog.receipts([A001]), [])  # order_created false is no receipt

    def test_a_write_speaks_of_its_item(self):
        answer = "Order PO-2026-0042 placed: 18 units of A001."
        self.assertEqual(check("Order 18 of A001", answer, [written()]), {})

    def test_a_refused_write_backs_no_claim(self):
        refused = {**written(), "result": {"ok": False, "error": "APPROVAL_DENIED",
                                           "detail": "The user did not approve it."}}
        self.assertEqual(check("Order 18 of A001", "Order placed for A001.", [A001, refused]),
                         {"order_claims": ["Order placed"]})


def correct(problems, results, lang):
    return verify.correction("Check A001 and A002", problems, results, lang)


class CorrectionTest(unittest.TestCase):
    def test_the_correction_names_each_problem_and_the_facts(self):
        problems = {"unchecked_skus": ["A002"], "unsupported_numbers": ["15"],
                    "order_claims": ["The order was placed"]}
        text = correct(problems, [A001, missing("B999")], "en")
        lines = text.splitlines()
        self.assertIn("match no tool result of this run: 15.", lines[0])
        self.assertIn('("The order was placed"), but no tool placed one', lines[1])
        self.assertIn("濾掛咖啡 (A001): stock 12, target 30, suggested order 18; B999: not "
                      "found", lines[2])
        self.assertIn('You have not looked up A002 yet. Call get_stock for each of them now, '
                      'one call per SKU: {"sku": "A002"}. Then answer about every SKU the user '
                      'asked for: A001, A002.', lines[3])
        self.assertEqual(len(lines), 4)

    def test_without_a_missing_sku_it_asks_for_the_answer_again(self):
        text = correct({"unsupported_numbers": ["15"]}, [A001], "en")
        self.assertTrue(text.endswith("giving each item's SKU, stock and suggested order "
                                      "exactly as in these facts."))

    def test_the_correction_in_traditional_chinese(self):
        problems = {"unchecked_skus": ["A002", "A003"], "unsupported_numbers": ["十五"]}
        text = correct(problems, [A001], "zh-TW")
        for part in ("不在本次工具結果裡：十五", "濾掛咖啡（A001）：庫存 12，目標 30，建議補貨 18",
                     '你還沒有查詢 A002、A003。現在請對每個 SKU 各呼叫一次 get_stock：'
                     '{"sku": "A002"}、{"sku": "A003"}。之後回答使用者問到的每個 SKU：'
                     'A001、A002、A003。'):
            self.assertIn(part, text)
        claims = correct({"order_claims": ["已下單"]}, [A001], "zh-TW")
        self.assertIn("你的回答說已建立訂單（「已下單」）", claims)
        self.assertTrue(claims.endswith("每個品項寫出 SKU、庫存與建議補貨量，照這些資料寫。"))

    def test_a_false_not_found_is_named(self):
        text = correct({"not_found_claims": ["A001"]}, [A001], "en")
        self.assertIn("says A001 was not found, but the tools found it", text)
        text = correct({"not_found_claims": ["A001"]}, [A001], "zh-TW")
        self.assertIn("你的回答說查無 A001，但工具查到了", text)

    def test_with_no_facts_it_says_so(self):
        self.assertIn("The facts from this run's tools: none.",
                      correct({"unchecked_skus": ["A001"]}, [], "en"))
        self.assertEqual(verify.summary({"unchecked_skus": ["A002"],
                                         "unsupported_numbers": ["15"]}), "A002, 15")


class FactsTest(unittest.TestCase):
    def test_one_fact_per_item_first_call_first(self):
        found = runlog.facts([A001, missing("B999"), LOW, stock("A001", "濾掛咖啡", 12, 30, "3:0")])
        self.assertEqual([(f["sku"], f["found"], f["call"]["invocation"]) for f in found],
                         [("A001", True, "1:0"), ("B999", False, "1:1"), ("A003", True, "1:0")])
        self.assertEqual(found[0], {"sku": "A001", "name": "濾掛咖啡", "stock": 12, "target": 30,
                                    "suggested_order": 18, "found": True, "source": "sample",
                                    "call": {"tool": "get_stock", "invocation": "1:0"}})
        self.assertEqual((found[1]["stock"], found[1]["source"]), (None, None))

    def test_text_arguments_and_refused_calls(self):
        as_text = {**missing("B999"), "arguments": '{"sku": "B999"}'}
        refused = {"invocation": "1:0", "name": "get_stock", "arguments": {"sku": 1},
                   "result": {"ok": False, "error": "INVALID_ARGUMENTS", "detail": "..."}}
        self.assertEqual([f["sku"] for f in runlog.facts([as_text, refused])], ["B999"])

    def test_rendered_in_both_languages(self):
        self.assertEqual(runlog.render_block([A001, missing("B999")], "en").splitlines(), [
            "Facts from the tools:",
            "濾掛咖啡 (A001): stock 12, target 30, suggested order 18 [get_stock 1:0; sample]",
            "B999: not found, no item has this SKU [get_stock 1:1]"])
        self.assertEqual(runlog.render_block([], "zh-TW"), "工具查得的資料：\n無")

    def test_an_order_is_a_fact_only_from_its_receipt(self):
        self.assertEqual(runlog.render_block([written()], "en").splitlines(), [
            "Facts from the tools:", "order PO-2026-0042: 18 x A001 in orders.jsonl"])
        self.assertEqual(runlog.orders([written()], "zh-TW"),
                         ["訂單 PO-2026-0042：A001 18 個，帳本 orders.jsonl"])
        denied = {**written(), "result": {"ok": False, "error": "APPROVAL_DENIED",
                                          "detail": "no"}}
        self.assertEqual(runlog.orders([denied], "en"), [])
        text = verify.correction("order 18 of A001", {"left_out": ["A001"]}, [written()], "en")
        self.assertIn("order PO-2026-0042: 18 x A001", text)


if __name__ == "__main__":
    unittest.main()


class NinthBatchRulesTest(unittest.TestCase):
    """The rules written for the blind batch's miss kinds (2026-12-03), each with the true
    answer it must let through beside the wrong one it must catch."""

    BEANS = stock("COFFEE", "House Blend Beans", 7, 10)
    TEA = stock("TEA-1", "Jasmine Tea", 22, 15, "1:1")

    def test_an_item_the_question_names_in_full_is_no_guessed_sku(self):
        self.assertEqual(check("How many House Blend Beans are left?",
                               "House Blend Beans (COFFEE): 7 left.", [self.BEANS]), {})
        self.assertEqual(check("How many beans are left?", "COFFEE has 7.", [self.BEANS]),
                         {"guessed_skus": ["COFFEE"]})  # part of a name: still a guess

    def test_days_of_cover_are_a_figure_divided_by_the_rate_the_question_gave(self):
        question = "Jasmine Tea 還剩幾罐？每天賣兩罐，夠幾天？"
        self.assertEqual(check(question, "TEA-1 剩二十二罐，每天兩罐，可以撐十一天。", [self.TEA]),
                         {})
        for days in ("十五", "兩"):  # the target, the rate: neither is a number of days
            with self.subTest(days=days):
                self.assertIn("wrong_figures", check(
                    question, f"TEA-1 剩二十二罐，可以撐{days}天。", [self.TEA]))

    def test_a_share_of_the_target_is_the_stocks_or_after_short_the_shortfalls(self):
        question = "What percent of target is COFFEE at?"
        self.assertEqual(check(question, "COFFEE is at 70% of target.", [self.BEANS]), {})
        self.assertEqual(check(question, "COFFEE is short by 30% of target.", [self.BEANS]), {})
        self.assertIn("wrong_figures", check(question, "COFFEE is at 30% of target.",
                                             [self.BEANS]))

    def test_english_number_words_of_thousands_are_one_figure(self):
        cups = stock("100234", "Paper Cups", 12500, 20000)
        self.assertEqual(check("How many 100234?", "100234 has twelve thousand five hundred.",
                               [cups]), {})
        self.assertIn("wrong_figures", check("How many 100234?",
                                             "100234 has twelve thousand.", [cups]))

    def test_both_is_said_of_each_item_and_counts_nothing(self):
        question = "A001 和 TEA-1 要補貨嗎？"
        self.assertEqual(check(question, "A001 庫存 12，TEA-1 庫存 22。兩個都有庫存。",
                               [A001, self.TEA]), {})
        self.assertIn("wrong_figures", check(question, "A001 庫存 12，TEA-1 庫存 22。兩個都需要補貨。",
                                             [A001, self.TEA]))
        self.assertIn("wrong_figures", check("Do A001 and TEA-1 need restocking?",
                                             "A001 has 12 and TEA-1 has 22. Both need "
                                             "restocking.", [A001, self.TEA]))

    def test_figures_said_respectively_go_to_the_items_in_order(self):
        question = "Which has less, A001 or TEA-1?"
        self.assertEqual(check(question, "A001 has 12, TEA-1 has 22; targets 30 and 15.",
                               [A001, self.TEA]), {})
        self.assertIn("wrong_figures", check(question, "A001 has 12, TEA-1 has 22; targets "
                                                       "15 and 30.", [A001, self.TEA]))

    def test_a_search_said_to_have_found_nothing_with_the_query_first(self):
        found = listing("find_items", [("TEA-1", "Jasmine Tea", 22, 15)])
        found["result"]["data"]["query"] = found["arguments"]["query"] = "tea"
        none = listing("find_items", [])
        none["result"]["data"]["query"] = none["arguments"]["query"] = "matcha"
        for answer in ("I looked for 'tea' but found no matching items.",
                       "我搜尋了「tea」，但沒有找到任何商品。"):
            with self.subTest(answer=answer):
                self.assertEqual(check("Any tea?", answer, [found]),
                                 {"not_found_claims": ["\u201ctea\u201d"]})
        self.assertEqual(check("Any matcha?", "I searched for 'matcha' but nothing matched.",
                               [none]), {})
        self.assertEqual(check("Any tea out of stock?", "I searched for 'tea': none of the "
                               "matches is out of stock (TEA-1 has 22).", [found]), {})

    def test_denying_an_order_this_run_placed(self):
        order = written("PO-000001", 18)
        for answer in ("I haven't placed the order for A001 yet. Shall I order 18?",
                       "A001 還沒有下單，要我幫您訂 18 個嗎？"):
            with self.subTest(answer=answer):
                self.assertIn("order_denials", check("Order 18 of A001.", answer, [order]))
        self.assertEqual(check("Order 18 of A001.", "Ordered 18 of A001 (PO-000001). Nothing "
                               "was ordered for A003.", [order]), {})
        self.assertEqual(check("A001?", "A001 還沒有下單。", [A001]), {})  # no receipt
        message = verify.correction("Order 18 of A001.", {"order_denials": ["haven't placed"]},
                                    [order], "en")
        self.assertIn("this run placed the order", message)


class JoinedItemsTest(unittest.TestCase):
    """A status claim said of items joined by "and", 和 or 、 is a claim of each of them,
    and figures that follow it go to those items in order."""

    BEANS = stock("COFFEE", "House Blend Beans", 7, 10)
    TEA = stock("TEA-1", "Jasmine Tea", 22, 15, "1:1")
    OOLONG = stock("B101", "Oolong Tea (EN)", 8, 25, "1:1")

    def test_a_claim_after_items_joined_by_and_is_checked_of_each(self):
        question = "Do COFFEE and TEA-1 need restocking?"
        for answer, claim in (("COFFEE and TEA-1 need restocking.", "need restocking"),
                              ("COFFEE (House Blend Beans) and TEA-1 are below target.",
                               "below target")):
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, [self.BEANS, self.TEA]),
                                 {"wrong_figures": [f"TEA-1 {claim}"]})
        self.assertEqual(check(question, "COFFEE needs restocking and TEA-1 does not.",
                               [self.BEANS, self.TEA]), {})

    def test_items_in_clauses_of_their_own_are_one_subject(self):
        question = "TEA-1 跟 COFFEE 要補貨嗎？"
        self.assertEqual(check(question, "TEA-1、COFFEE 都需要補貨。", [self.BEANS, self.TEA]),
                         {"wrong_figures": ["TEA-1 需要補貨"]})
        self.assertEqual(check(question, "TEA-1 庫存 22，COFFEE 需要補貨。",
                               [self.BEANS, self.TEA]), {})  # a clause with a figure

    def test_figures_after_the_claim_go_to_the_items_in_order(self):
        question = "Do COFFEE and B101 need restocking?"
        results = [self.BEANS, self.OOLONG]
        for answer in ("COFFEE and B101 are below target: 7 of 10 and 8 of 25.",
                       "COFFEE and B101 are both below target (10 and 25)."):
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, results), {})
        self.assertEqual(check(question, "COFFEE and B101 are below target: 8 and 7.", results),
                         {"wrong_figures": ["COFFEE 8", "B101 7"]})


class StockNoToolGaveTest(unittest.TestCase):
    """A run offered the tools that called none: a stock of ours it states is no fact,
    with or without a SKU in the question; a rule or the usual case said by example is."""

    def test_a_stock_stated_without_any_lookup_is_unsupported(self):
        for question, answer in (("How many drip bags are left?", "There are 15 left."),
                                 ("濾掛咖啡還剩幾包？", "還剩 15 包。"),
                                 ("Do we have oolong tea?", "Yes, we have 15 in stock.")):
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, []), {"unsupported_numbers": ["15"]})

    def test_a_rule_or_the_usual_case_states_no_stock_of_ours(self):
        question = "How is safety stock set?"
        for answer in ("Safety stock is usually 2 weeks of demand.",
                       "For example, with a target of 30 and 12 on hand you would order 18.",
                       "Reorder when stock drops below 20 units.", "安全庫存通常是兩週的用量。"):
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, []), {})

    def test_asked_without_tools_the_persons_own_figures_stay_facts(self):
        self.assertEqual(verify.check("We have 15 and keep 30: how many to order?",
                                      "You have 15 in stock, so order 15.", [], given=True,
                                      complete=False), {})


class ToldApart(unittest.TestCase):
    """A rule's test: the true answer passes and the wrong one is caught, with `problem`."""

    def assert_told_apart(self, question, right, wrong, results, problem="wrong_figures"):
        self.assertEqual(check(question, right, results), {})
        self.assertIn(problem, check(question, wrong, results))


class TwelfthBatchRulesTest(ToldApart):
    """The rules written for the second blind batch's miss kinds (2026-12-03), each with
    the true answer it must let through beside the wrong one it must catch."""

    BEANS = stock("COFFEE", "House Blend Beans", 7, 10)
    SAMPLER = stock("B102", "ＡＢ Drip Coffee Sampler", 30, 30)
    OOLONG = stock("B101", "Oolong Tea (EN)", 8, 25)
    TEA = stock("TEA-1", "Jasmine Tea", 22, 15, "1:1")

    def test_at_its_target_an_item_is_neither_above_nor_below_it(self):
        for answer in ("B102 is over target: 30 on hand against a target of 30.",
                       "B102 庫存 30，高於目標 30。"):
            with self.subTest(answer=answer):
                self.assertIn("wrong_figures", check("Is B102 over?", answer, [self.SAMPLER]))
        self.assertEqual(check("Is B102 over?", "B102 庫存 30，剛好等於目標 30。",
                               [self.SAMPLER]), {})

    def test_bold_marks_do_not_hide_a_figures_words(self):
        question = "We sell 2 bags of COFFEE a day. How long will it last?"
        self.assert_told_apart(question, "COFFEE has 7 bags: about **3.5 days** of cover.",
                               "COFFEE has 7 bags: about **6 days** of cover.", [self.BEANS])

    def test_how_far_apart_two_items_are_is_a_difference_of_theirs(self):
        question = "B101 和 TEA-1 的庫存相差多少？"
        self.assert_told_apart(question, "TEA-1 22 件，B101 8 件，兩者相差 14 件。",
                               "TEA-1 22 件，B101 8 件，兩者相差 25 件。", [self.OOLONG, self.TEA])

    def test_respectively_in_the_clause_that_names_the_items(self):
        question = "Stock for B101 and TEA-1?"
        results = [self.OOLONG, self.TEA]
        self.assert_told_apart(question, "B101 and TEA-1 have 8 and 22 units respectively.",
                               "B101 and TEA-1 have 22 and 8 units respectively.", results)

    def test_more_than_its_target_is_a_difference_not_a_count(self):
        question = "How does TEA-1 compare with its target?"
        self.assert_told_apart(question, "TEA-1 has 22, 7 more than its target of 15.",
                               "TEA-1 has 22, 9 more than its target of 15.", [self.TEA])

    def test_thats_n_more_is_a_difference_between_the_items(self):
        question = "Which has more, TEA-1 or B101?"
        results = [self.OOLONG, self.TEA]
        self.assert_told_apart(question, "TEA-1: 22 units vs only 8 of B101. That's 14 more.",
                               "TEA-1: 22 units vs only 8 of B101. That's 12 more.", results)

    def test_the_one_with_the_most_or_the_least_is_checked_among_all_results(self):
        question = "Which is lower, TEA-1 or B101?"
        results = [self.OOLONG, self.TEA]
        for answer, problems in (("B101 is the one with less stock.", {}),
                                 ("TEA-1 is the one with less stock.",
                                  {"wrong_comparisons": ["TEA-1 is the one with less"]}),
                                 ("庫存較少的是 B101。", {}),
                                 ("庫存較少的是 TEA-1。", {"wrong_comparisons": ["TEA-1 庫存較少的是"]})):
            with self.subTest(answer=answer):
                self.assertEqual(check(question, answer, results), problems)
        shortfalls = [self.BEANS, self.OOLONG]
        question = "Of COFFEE and B101, which is short the most?"
        self.assert_told_apart(question, "The biggest shortfall is B101.",
                               "The biggest shortfall is COFFEE.", shortfalls,
                               problem="wrong_comparisons")

    def test_the_words_after_a_figure_are_its_own_not_the_next_figures(self):
        cups = stock("100234", "Paper Cups", 12500, 20000)
        self.assertEqual(check("How short is 100234?", "100234: 12500 on hand against 20000.",
                               [cups]), {})


class NameWordTest(unittest.TestCase):
    """A word of four letters or more that only one item's name has names that item, as
    its name writes it ("Jasmine"); a lower-case word and a shared word ("Tea") name none."""

    OOLONG = stock("B101", "Oolong Tea (EN)", 8, 25)
    TEA = stock("TEA-1", "Jasmine Tea", 22, 15, "1:1")
    QUESTION = "How are TEA-1 and B101?"

    def test_a_word_of_one_items_name_binds_what_follows_to_that_item(self):
        said = "Jasmine Tea has 22 and Oolong Tea (EN) has 8. "
        results = [self.TEA, self.OOLONG]
        self.assertEqual(check(self.QUESTION, said + "Jasmine is over its target of 15.",
                               results), {})
        self.assertIn("wrong_figures", check(self.QUESTION, said + "Jasmine needs restocking.",
                                             results))

    def test_a_shared_or_lower_case_word_names_no_item(self):
        self.assertEqual(verify._name_words(verify.evidence("?", [self.TEA, self.OOLONG])),
                         {"Jasmine": "TEA-1", "Oolong": "B101"})
        said = "Oolong Tea (EN) has 8 and Jasmine Tea has 22: the oolong is over target."
        self.assertEqual(check(self.QUESTION, said, [self.TEA, self.OOLONG]), {})


class NotFoundDetailNumbersTest(unittest.TestCase):
    """The numbers of SKU_NOT_FOUND's detail may be echoed of the missing SKU; others,
    and the digits of the SKU itself, may not."""

    def test_the_details_numbers_pass_and_others_are_refused(self):
        outcome, = tools.ToolRunner(tools.default_toolbox(), inventory.sample_inventory()) \
            .run_batch([{"id": None, "name": "get_stock", "arguments": {"sku": "Z999"}}])
        self.assertIn("1-32", outcome.result["detail"])
        results = [{"invocation": "1:0", "name": "get_stock", "arguments": {"sku": "Z999"},
                    "result": outcome.result}]
        self.assertEqual(check("Z999?", "查無 Z999。SKU 最多三十二位，例如 A001。", results), {})
        for answer in ("查無 Z999。SKU 是英文字母加四位數字。", "Z999 has 999 units in stock."):
            with self.subTest(answer=answer):
                self.assertIn("missing_items", check("Z999?", answer, results))


class ThirdBlindBatchRulesTest(ToldApart):
    """The rules written for the third blind batch's miss kinds (2026-12-03), each with the
    true answer it must let through beside the wrong one it must catch."""

    DRIP = stock("A001", "濾掛咖啡", 12, 30)
    RICE = stock("A003", "玄米茶包", 0, 20, "1:1")
    OOLONG = stock("B101", "Oolong Tea (EN)", 8, 25, "1:2")
    TEA = stock("TEA-1", "Jasmine Tea", 22, 15, "1:3")
    REORDER = [("100234", "Paper Cups", 12500, 20000), ("A003", "玄米茶包", 0, 20),
               ("A001", "濾掛咖啡", 12, 30), ("B101", "Oolong Tea (EN)", 8, 25),
               ("COFFEE", "House Blend Beans", 7, 10)]

    def test_not_out_of_stock_is_a_stock_above_zero(self):
        for right, wrong in (("A001 isn't out of stock yet: 12 left.",
                              "A003 isn't out of stock yet."),
                             ("A001 還沒缺貨，庫存 12。", "A003 尚未缺貨。")):
            with self.subTest(wrong=wrong):
                self.assert_told_apart("How are A001 and A003?", right, wrong,
                                       [self.DRIP, self.RICE], "wrong_figures")
        self.assertEqual(check("A003?", "A003 庫存 0，補 20 包之後就不會缺貨了。", [self.RICE]), {})

    def test_a_figure_followed_by_its_item_in_brackets_is_that_items(self):
        question = "What should I order of A001 and B101?"
        self.assert_told_apart(question, "Orders: 18 (濾掛咖啡) and 17 (Oolong Tea (EN)).",
                               "Orders: 17 (濾掛咖啡) and 18 (Oolong Tea (EN)).",
                               [self.DRIP, self.OOLONG], "wrong_figures")

    def test_an_aside_closed_before_a_figure_leaves_it_its_field(self):
        # 訂購 A001（濾掛咖啡）30 包: 30 is an order (A001's is 18), not any field of A001.
        self.assert_told_apart("A001?", "訂購 A001（濾掛咖啡）18 包。", "訂購 A001（濾掛咖啡）30 包。",
                               [self.DRIP], "wrong_figures")

    def test_items_counted_before_the_figure_are_a_count(self):
        tea = listing("find_items", [("A002", "烏龍茶包", 45, 30), ("A003", "玄米茶包", 0, 20)])
        self.assert_told_apart("有哪些茶？", "含「茶」的商品共有 2 個：A002 庫存 45、A003 庫存 0。",
                               "含「茶」的商品共有 3 個：A002 庫存 45、A003 庫存 0。", [tea],
                               "unsupported_numbers")

    def test_how_many_items_are_below_target_is_counted(self):
        looked_up = [self.DRIP, self.RICE, self.TEA]
        self.assert_told_apart("Check A001, A003, TEA-1",
                               "2 items are below target: A001 and A003.",
                               "All 3 items are below target: A001, A003 and TEA-1.",
                               looked_up, "unsupported_numbers")
        top = listing("list_reorder", self.REORDER[:2], more=3)
        self.assert_told_apart("最缺的？", "共有 5 個品項低於目標，先列 100234 與 A003。",
                               "共有 2 個品項低於目標：100234 與 A003。", [top],
                               "unsupported_numbers")
        self.assertEqual(check("Top 2?", "100234 and A003; 3 more items are below target too.",
                               [top]), {})

    def test_a_list_said_complete_when_the_tool_left_items_out(self):
        top = listing("list_reorder", self.REORDER[:2], more=3)
        for answer, phrase in (("100234 and A003. Nothing else needs reordering.", "Nothing else"),
                               ("需要補貨的就這兩項：100234、A003。", "就這兩")):
            with self.subTest(answer=answer):
                self.assertEqual(check("Top 2?", answer, [top]), {"complete_claims": [phrase]})
        whole = listing("list_reorder", self.REORDER)
        self.assertEqual(check("哪些？", "需要補貨的就這些：100234、A003、A001、B101、COFFEE。",
                               [whole]), {})

    def test_a_failure_no_result_gave_is_refused(self):
        self.assertEqual(check("B101?", "B101 查詢逾時，請稍後再試。",
                               [stock("B101", "Oolong Tea (EN)", 8, 25)]),
                         {"failure_claims": ["查詢逾時", "稍後再試"]})
        self.assertEqual(check("Z999?", "The system seems to be down. Try again later.",
                               [missing("Z999", "1:0")]),
                         {"failure_claims": ["system seems to be down", "Try again later"]})
        self.assertEqual(check("Z999?", "Z999 was not found. If the system is down, you "
                               "would see an error.", [missing("Z999", "1:0")]), {})
        timeout = {"invocation": "1:0", "name": "get_stock", "arguments": {"sku": "B101"},
                   "result": {"ok": False, "error": "TOOL_TIMEOUT", "detail": "too slow"}}
        self.assertNotIn("failure_claims", check("B101?", "B101 查詢逾時，請稍後再試。", [timeout]))

    def test_a_list_said_sorted_by_shortfall_must_be(self):
        whole = listing("list_reorder", self.REORDER)
        self.assert_told_apart("What needs reordering?",
                               "Ranked by suggested order: 100234, A003, A001, B101, COFFEE.",
                               "Ranked by suggested order: A003, 100234, A001, B101, COFFEE.",
                               [whole], "wrong_comparisons")
        self.assertIn("wrong_comparisons", check("?", "依缺口大小排序：100234、A001、A003。", [whole]))

    def test_the_corrections_name_the_new_kinds_in_both_languages(self):
        for lang, complete, failed in (("en", "listed only part of it", "every tool answered"),
                                       ("zh-TW", "只列出了一部分", "每個工具都回應了")):
            with self.subTest(lang=lang):
                text = verify.correction("?", {"complete_claims": ["nothing else"],
                                               "failure_claims": ["try again later"]},
                                         [self.OOLONG], lang)
                self.assertIn(complete, text)
                self.assertIn(failed, text)


class FourthBlindBatchRulesTest(ToldApart):
    """The rules written for the fourth blind batch's miss kinds (2026-12-03), each with the
    true answer it must let through beside the wrong one it must catch."""

    BEANS = stock("COFFEE", "House Blend Beans", 7, 10)
    SAMPLER = stock("B102", "ＡＢ Drip Coffee Sampler", 30, 30, "1:1")
    DRIP = stock("A001", "濾掛咖啡", 12, 30, "1:2")
    CUPS = stock("100234", "Paper Cups", 12500, 20000)
    TOP = listing("list_reorder", [("100234", "Paper Cups", 12500, 20000),
                                   ("A003", "玄米茶包", 0, 20)], more=3)

    def test_a_total_in_a_sentence_that_counts_items_is_a_count(self):
        said = "1. 100234: order 7500\n2. A003: order 20\n\nAnother 3 items are below target, "
        self.assert_told_apart("Top 2?", said + "which makes 5 in total.",
                               said + "which makes 6 in total.", [self.TOP],
                               "unsupported_numbers")

    def test_a_denial_with_an_apostrophe_or_a_question_of_stock_is_no_claim(self):
        for answer in ("Z999 wasn't found; that's not saying it's out of stock.",
                       "查無 Z999，所以沒辦法確認它有沒有貨。"):
            with self.subTest(answer=answer):
                self.assertEqual(check("Z999?", answer, [missing("Z999", "1:0")]), {})

    def test_a_status_goes_to_the_items_in_brackets_after_it(self):
        results = [self.BEANS, self.SAMPLER, self.DRIP]
        question = "COFFEE, B102 and A001?"
        self.assert_told_apart(question, "B102 30. 其中 2 項低於目標（COFFEE、A001）。",
                               "COFFEE 7. 其中 2 項低於目標（B102、A001）。", results,
                               "wrong_figures")

    def test_a_level_to_top_up_to_is_a_target_and_after_delivery_a_condition(self):
        self.assert_told_apart("COFFEE?", "COFFEE 訂 3 包，補到 10。", "COFFEE 訂 3 包，補到 12。",
                               [self.BEANS], "wrong_figures")
        self.assertEqual(check("COFFEE?", "COFFEE 訂 3 包，到貨後會有 10 包。", [self.BEANS]), {})

    def test_chinese_numerals_as_people_say_them(self):
        for written, value in (("兩千五", 2500), ("一萬兩千五", 12500), ("三百五", 350),
                               ("一萬二", 12000), ("一百零五", 105), ("十五", 15)):
            with self.subTest(written=written):
                self.assertEqual(_chinese_value(written), value)
        self.assert_told_apart("100234?", "100234 現有一萬兩千五，要補七千五。",
                               "100234 現有一萬兩千五，要補七千。", [self.CUPS], "wrong_figures")

    def test_items_that_are_below_target_are_counted(self):
        whole = listing("list_reorder", [("100234", "Paper Cups", 12500, 20000),
                                         ("A003", "玄米茶包", 0, 20)])
        self.assert_told_apart("Below target, up to 10?",
                               "There are 2 items that are below target: 100234 and A003.",
                               "There are 10 items that are below target: 100234 and A003.",
                               [whole], "unsupported_numbers")

    def test_the_results_total_is_a_count_of_the_run_not_the_limit_asked(self):
        found = listing("find_items", [("B102", "ＡＢ Drip Coffee Sampler", 30, 30),
                                       ("COFFEE", "House Blend Beans", 7, 10)])
        self.assert_told_apart("找 coffee，最多 8 筆", "搜尋 coffee 共有 2 筆結果：B102、COFFEE。",
                               "搜尋 coffee 共有 8 筆結果：B102、COFFEE。", [found],
                               "unsupported_numbers")
        cut = listing("find_items", [("B102", "ＡＢ Drip Coffee Sampler", 30, 30)], more=1)
        self.assertIn("unsupported_numbers",  # 1 shown of 2: "only 1 result" is not all
                      check("找 coffee，最多 1 筆", "只有 1 筆結果：B102。", [cut]))

    def test_a_list_entry_headed_by_a_sku_no_result_gave_is_unknown(self):
        problems = check("Top 2?", "- 100234: 7500\n- A003: 20\n- BEAN-7: 12", [self.TOP])
        self.assertEqual(problems["unknown_skus"], ["BEAN-7"])
        self.assertEqual(check("Top 2?", "- 100234: 7500\n- A003: 20", [self.TOP]), {})

    def test_a_ranking_by_stock_must_be_in_that_order(self):
        results = [self.BEANS, self.SAMPLER]
        question = "Rank COFFEE and B102 by stock"
        self.assert_told_apart(question, "Ranked by stock, lowest first: COFFEE 7, B102 30.",
                               "Ranked by stock, lowest first: B102 30, COFFEE 7.", results,
                               "wrong_comparisons")
        self.assert_told_apart(question, "依庫存由多到少排序：B102 30、COFFEE 7。",
                               "依庫存由多到少排序：COFFEE 7、B102 30。", results,
                               "wrong_comparisons")


class DeliveryClaimTest(unittest.TestCase):
    """No tool of ours reports a delivery: an answer saying one arrived is refused, unless
    it denies it, makes it a condition, or a result did speak of deliveries."""

    TEA = stock("TEA-1", "Jasmine Tea", 22, 15)
    QUESTION = "Has PO-4410 for TEA-1 come in? How many now?"

    def test_a_delivery_no_tool_reported_is_refused(self):
        for answer, phrase in (("PO-4410 arrived this morning; TEA-1 is at 22.", "arrived"),
                               ("Yes, PO-4410 has been received: TEA-1 shows 22.",
                                "has been received"),
                               ("PO-4410 已經到貨了，TEA-1 現在有 22 罐。", "已經到貨")):
            with self.subTest(answer=answer):
                self.assertEqual(check(self.QUESTION, answer, [self.TEA]),
                                 {"delivery_claims": [phrase]})

    def test_a_denial_a_condition_or_a_result_that_speaks_of_it_is_none(self):
        for answer in ("PO-4410 has not arrived as far as I can tell; TEA-1 has 22.",
                       "I have received your request: TEA-1 has 22.",
                       "我查不到 PO-4410 是否到貨；TEA-1 目前 22 罐。",
                       "Once PO-4410 has arrived, TEA-1 will have more than 22."):
            with self.subTest(answer=answer):
                self.assertEqual(check(self.QUESTION, answer, [self.TEA]), {})
        shipment = {"invocation": "1:1", "name": "erp__shipments", "arguments": {},
                    "result": {"ok": True, "data": {"po": "PO-4410", "status": "delivered"}}}
        self.assertNotIn("delivery_claims", check(
            self.QUESTION, "PO-4410 was delivered; TEA-1 has 22.", [self.TEA, shipment]))

    def test_the_correction_says_what_the_tools_can_and_cannot_see(self):
        for lang, words in (("en", "no tool reported a delivery"), ("zh-TW", "沒有任何工具回報到貨")):
            with self.subTest(lang=lang):
                text = verify.correction(self.QUESTION, {"delivery_claims": ["arrived"]},
                                         [self.TEA], lang)
                self.assertIn(words, text)
