"""The article's fixed cases for get_stock, through the same executor the loop uses."""

import json
import unittest

import tools
from stock_agent.inventory import sample_inventory
from stock_agent.inventory import SAMPLE_SOURCE
from tests.support import execute


def call(name, arguments):
    result, note = execute(tools.default_toolbox(), name, arguments,
                                 sample_inventory())
    json.dumps(result)  # every result must be JSON the model can read
    return result


class GetStockTest(unittest.TestCase):
    def test_known_sku(self):
        self.assertEqual(call("get_stock", {"sku": "A001"}), {"ok": True, "data": {
            "sku": "A001", "name": "濾掛咖啡", "stock": 12, "target": 30,
            "suggested_order": 18, "source": SAMPLE_SOURCE, "order_created": False}})

    def test_suggested_order_is_never_negative(self):
        data = call("get_stock", {"sku": "A002"})["data"]
        self.assertEqual((data["stock"], data["target"], data["suggested_order"]), (45, 30, 0))

    def test_out_of_stock_is_not_not_found(self):
        data = call("get_stock", {"sku": "A003"})["data"]
        self.assertEqual((data["stock"], data["suggested_order"]), (0, 20))

    def test_unknown_sku_is_not_found_never_stock_zero(self):
        result = call("get_stock", {"sku": "A009"})
        self.assertEqual((result["ok"], result["error"]), (False, "SKU_NOT_FOUND"))
        self.assertNotIn("data", result)
        self.assertIn("A001", result["detail"])  # the SKU format, by example

    def test_wrong_argument_type(self):
        result = call("get_stock", {"sku": 1})
        self.assertEqual(result["error"], "INVALID_ARGUMENTS")
        self.assertIn("$.sku", result["detail"])
        self.assertIn("expected string or array, got integer", result["detail"])

    def test_a_name_sent_as_a_sku_is_sent_to_find_items_not_back_to_get_stock(self):
        # a real model sent "oolong tea bags" three times: told to call get_stock again
        for name in ("oolong tea bags", "濾掛咖啡"):
            detail = call("get_stock", {"sku": name})["detail"]
            self.assertIn(f'call find_items {{"query": "{name}"}} instead', detail)
            self.assertNotIn("Call get_stock again", detail)
        detail = call("get_stock", {"sku": "a001"})["detail"]
        self.assertIn('Send the SKU in capitals: get_stock {"sku": "A001"}.', detail)
        self.assertIn("Call get_stock again", call("get_stock", {"sku": 1})["detail"])

    def test_a_list_in_small_letters_is_sent_back_whole_in_capitals(self):
        # dv18: ["a001", "a003"] was told to send "A001" alone, and A003 was never looked up
        detail = call("get_stock", {"sku": ["a001", "A003"]})["detail"]
        self.assertIn('Send the SKUs in capitals: get_stock {"sku": ["A001", "A003"]}.', detail)
        # too many, in capitals already: no call to send again (the review's)
        for skus in ([f"A{n:03}" for n in range(11)], [f"a{n:03}" for n in range(11)]):
            self.assertNotIn("in capitals", call("get_stock", {"sku": skus})["detail"])

    def test_a_name_in_a_list_of_skus_is_sent_to_find_items_too(self):
        # dev4: 我們有賣綠茶嗎？ got get_stock {"sku": ["綠茶"]} three times, told nothing of
        # find_items, and the run ended TOOL_ERROR_LIMIT
        for skus, name in ((["綠茶"], "綠茶"), (["A001", "oolong tea"], "oolong tea")):
            detail = call("get_stock", {"sku": skus})["detail"]
            self.assertIn(f'call find_items {{"query": "{name}"}} instead', detail)
            self.assertNotIn("Call get_stock again", detail)

    def test_extra_field(self):
        result = call("get_stock", {"sku": "A001", "tenant": "other"})
        self.assertEqual(result["error"], "INVALID_ARGUMENTS")
        self.assertIn("unexpected field 'tenant'", result["detail"])

    def test_missing_field(self):
        result = call("get_stock", {})
        self.assertEqual(result["error"], "INVALID_ARGUMENTS")
        self.assertIn("$.sku", result["detail"])

    def test_sku_format_is_enforced(self):
        for bad in ("a001", "", "A" * 33, "A001; DROP TABLE items", "Ａ001"):
            with self.subTest(sku=bad):
                self.assertEqual(call("get_stock", {"sku": bad})["error"], "INVALID_ARGUMENTS")

    def test_arguments_as_json_text_are_parsed(self):
        self.assertTrue(call("get_stock", '{"sku": "A001"}')["ok"])

    def test_unparsable_text_is_invalid_arguments(self):
        result = call("get_stock", '{"sku": "A001"')
        self.assertEqual(result["error"], "INVALID_ARGUMENTS")
        self.assertIn("not valid JSON", result["detail"])

    def test_arguments_that_are_not_an_object(self):
        for bad in (None, ["A001"], "A001", 7, True):
            with self.subTest(arguments=bad):
                self.assertEqual(call("get_stock", bad)["error"], "INVALID_ARGUMENTS")

    def test_unknown_tool_lists_the_available_ones(self):
        result = call("place_order", {"sku": "A001", "quantity": 18})
        self.assertEqual(result["error"], "UNKNOWN_TOOL")
        self.assertIn("get_stock", result["detail"])

    def test_tool_name_that_is_not_text(self):
        self.assertEqual(call(["get_stock"], {"sku": "A001"})["error"], "UNKNOWN_TOOL")

    def test_result_data_is_a_copy(self):
        inventory = sample_inventory()
        toolbox = tools.default_toolbox()
        first, _ = execute(toolbox, "get_stock", {"sku": "A001"}, inventory)
        first["data"]["stock"] = 999
        again, _ = execute(toolbox, "get_stock", {"sku": "A001"}, inventory)
        self.assertEqual(again["data"]["stock"], 12)


class ExecutorFailureTest(unittest.TestCase):
    def toolbox(self, handler):
        return tools.Toolbox([tools.Tool(
            name="probe", description="a test tool", handler=handler,
            parameters={"type": "object", "properties": {}, "additionalProperties": False})])

    def test_a_handler_bug_becomes_internal_error(self):
        def broken(inventory, arguments):
            raise ZeroDivisionError("secret detail")
        result, note = execute(self.toolbox(broken), "probe", {}, None)
        self.assertEqual(result["error"], "INTERNAL_ERROR")
        self.assertIn("ZeroDivisionError", result["detail"])
        self.assertNotIn("secret detail", result["detail"])
        self.assertEqual(note, "ZeroDivisionError: secret detail")

    def test_a_result_that_is_not_json_is_internal_error_and_the_run_goes_on(self):
        def returns_a_set(inventory, arguments):
            return {"tags": {"a", "b"}}
        result, note = execute(self.toolbox(returns_a_set), "probe", {}, None)
        self.assertEqual(result["error"], "INTERNAL_ERROR")
        self.assertIn("TypeError", note)

    def test_a_declared_tool_error_keeps_its_code(self):
        def refusing(inventory, arguments):
            raise tools.ToolError("SOURCE_UNAVAILABLE", "try later")
        result, note = execute(self.toolbox(refusing), "probe", {}, None)
        self.assertEqual(result, {"ok": False, "error": "SOURCE_UNAVAILABLE",
                                  "detail": "try later"})
        self.assertIsNone(note)


if __name__ == "__main__":
    unittest.main()
