"""Contracts of tool declarations, the schema validator, execution, and the shipped tools."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import tools
from stock_agent import answers
from stock_agent.inventory import sample_inventory, spelled_alike
from stock_agent.inventory import Inventory
from stock_agent import runlog
from stock_agent.schema import check_schema, validate
from tests.support import Early, execute, start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKU_ARG = {"type": "object", "properties": {"sku": {"type": "string"}},
           "required": ["sku"], "additionalProperties": False}


def declared(name="probe", handler=None, **flags):
    return tools.Tool(name=name, description="A test tool.", parameters=SKU_ARG,
                      handler=handler or (lambda inventory, arguments: arguments), **flags)


def first_handler(inventory, arguments):
    return 1


def second_handler(inventory, arguments):
    return 2


def rows(*specs):
    return [{"sku": sku, "name": name, "stock": stock, "target": target}
            for sku, name, stock, target in specs]


class DeclarationTest(unittest.TestCase):
    def test_duplicate_names_fail_naming_both_handlers(self):
        with self.assertRaises(ValueError) as caught:
            tools.Toolbox([declared("twin", first_handler), declared("twin", second_handler)])
        self.assertIn("first_handler", str(caught.exception))
        self.assertIn("second_handler", str(caught.exception))

    def test_a_schema_that_allows_extra_fields_is_refused_at_definition(self):
        open_schema = {"type": "object", "properties": {}, "additionalProperties": True}
        with self.assertRaises(ValueError) as caught:
            tools.Tool(name="x", description="d", parameters=open_schema, handler=first_handler)
        self.assertIn("additionalProperties", str(caught.exception))

    def test_one_shipped_statement_adds_a_tool_to_the_default_toolbox(self):
        before = tools.default_toolbox().names()
        self.addCleanup(lambda: tools._SHIPPED.remove(added) if added in tools._SHIPPED else 0)
        added = tools.shipped(declared("probe_summary", first_handler))
        self.assertEqual(tools.default_toolbox().names(), [*before, "probe_summary"])
        definitions = [d["name"] for d in tools.default_toolbox().definitions()]
        self.assertIn("probe_summary", definitions)  # what the model is shown, too

    def test_shipping_a_second_tool_with_a_taken_name_fails_at_once(self):
        before = tools.default_toolbox().names()
        with self.assertRaises(ValueError) as caught:
            tools.shipped(declared("get_stock", second_handler))
        self.assertIn("get_stock", str(caught.exception))
        self.assertIn("second_handler", str(caught.exception))
        self.assertEqual(tools.default_toolbox().names(), before)

    def test_bad_name_missing_description_and_unsupported_keyword_fail_at_definition(self):
        with self.assertRaises(ValueError):
            declared("no spaces allowed")
        with self.assertRaises(ValueError):
            tools.Tool(name="x", description="", parameters=SKU_ARG, handler=first_handler)
        with self.assertRaises(ValueError):  # a rule the validator would not enforce
            tools.Tool(name="x", description="d", parameters={"type": "object", "oneOf": []},
                       handler=first_handler)
        with self.assertRaises(ValueError):
            tools.Tool(name="x", description="d", parameters={"type": "strng"},
                       handler=first_handler)

    def test_definition_sent_to_the_model_is_the_schema_that_is_validated(self):
        tool = declared()
        self.assertIs(tool.definition()["parameters"], tool.parameters)
        for definition in tools.default_toolbox().definitions():
            self.assertEqual(set(definition), {"name", "description", "parameters"})
            self.assertIs(definition["parameters"],
                          tools.default_toolbox().get(definition["name"]).parameters)


    def test_shipped_tools_are_read_only_need_no_approval_and_stay_few(self):
        box = tools.default_toolbox()
        self.assertEqual(box.names()[:3], ["get_stock", "find_items", "list_reorder"])
        self.assertLessEqual(len(box.names()), 8)  # each one costs every request its schema
        for name in box.names():
            self.assertTrue(box.get(name).read_only)
            self.assertFalse(box.get(name).needs_approval)


class ValidatorTest(unittest.TestCase):
    def check(self, schema, value):
        check_schema(schema, where="test")
        return validate(schema, value)

    def test_types_and_a_boolean_is_not_an_integer(self):
        self.assertIsNone(self.check({"type": "integer"}, 3))
        self.assertEqual(self.check({"type": "integer"}, True),
                         "$: expected integer, got boolean true")
        self.assertIn("expected number", self.check({"type": "number"}, float("nan")))
        self.assertIsNone(self.check({"type": ["string", "null"]}, None))
        self.assertIn("expected array", self.check({"type": "array"}, {}))

    def test_object_rules_name_the_path(self):
        schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}},
                  "required": ["n"], "additionalProperties": False}
        self.assertEqual(self.check(schema, {}), "$.n: this required field is missing")
        self.assertIn("unexpected field 'tenant'", self.check(schema, {"n": 1, "tenant": "x"}))
        self.assertEqual(self.check(schema, {"n": 0}), "$.n: must be at least 1")

    def test_string_rules(self):
        schema = {"type": "string", "minLength": 2, "maxLength": 4, "pattern": "^[A-Z]+$"}
        self.assertIn("at least 2", self.check(schema, "A"))
        self.assertIn("at most 4", self.check(schema, "ABCDE"))
        self.assertIn("does not match", self.check(schema, "ab"))
        # JSON Schema's `$` is the very end: a trailing newline does not sneak through.
        self.assertIn("does not match", self.check(schema, "AB\n"))

    def test_enum_uses_json_equality(self):
        self.assertIsNone(self.check({"enum": [1, "a"]}, 1))
        self.assertIn("must be one of", self.check({"enum": [1]}, True))
        self.assertIn("must be one of", self.check({"enum": [1]}, "1"))

    def test_array_rules_name_the_index(self):
        schema = {"type": "array", "minItems": 1, "maxItems": 2, "items": {"type": "string"}}
        self.assertEqual(self.check(schema, ["a", 5]), "$[1]: expected string, got integer 5")
        self.assertIn("at most 2 items", self.check(schema, ["a", "b", "c"]))
        self.assertEqual(self.check(schema, []), "$: must have at least 1 items")
        self.assertEqual(validate({"type": "number", "maximum": 3}, 4),
                         "$: must be at most 3")


class ExecuteTest(unittest.TestCase):
    def setUp(self):
        self.inventory = sample_inventory()

    def run_call(self, box, name, arguments):
        return execute(box, name, arguments, self.inventory)

    def test_unknown_tool_lists_the_tools(self):
        result, note = self.run_call(tools.default_toolbox(), "place_order", {"sku": "A001"})
        self.assertEqual(result["error"], "UNKNOWN_TOOL")
        self.assertIn("get_stock, find_items, list_reorder", result["detail"])
        self.assertIsNone(note)

    def test_arguments_as_json_text_and_bad_json(self):
        box = tools.default_toolbox()
        self.assertTrue(self.run_call(box, "get_stock", '{"sku": "A001"}')[0]["ok"])
        result, _ = self.run_call(box, "get_stock", "{sku: A001")
        self.assertEqual(result["error"], "INVALID_ARGUMENTS")
        self.assertIn("not valid JSON", result["detail"])

    def test_invalid_arguments_name_path_and_schema(self):
        result, _ = self.run_call(tools.default_toolbox(), "get_stock", {"sku": 1})
        self.assertEqual(result["error"], "INVALID_ARGUMENTS")
        self.assertIn("$.sku", result["detail"])
        self.assertIn("sku (string or array)", result["detail"])

    def test_get_stock_takes_a_list_of_skus_in_one_call(self):
        box = tools.default_toolbox()
        result, _ = self.run_call(box, "get_stock", {"sku": ["A002", "A404", "A002", "A001"]})
        self.assertTrue(result["ok"])
        data = result["data"]
        self.assertEqual([(item["sku"], item["stock"], item["suggested_order"])
                          for item in data["items"]], [("A002", 45, 0), ("A001", 12, 18)])
        self.assertEqual(data["not_found"], ["A404"])
        self.assertFalse(data["order_created"])
        # the not-found note holds no figure a model could repeat as a stock
        self.assertIsNone(re.search(r"\d", data["note"]), data["note"])
        every, _ = self.run_call(box, "get_stock", {"sku": ["A001"]})
        self.assertNotIn("note", every["data"])
        for wrong, words in (([], "at least 1 items"), (["A001"] * 11, "at most 10 items"),
                             (["A001", "a 1"], "$.sku[1]")):
            refused, _ = self.run_call(box, "get_stock", {"sku": wrong})
            self.assertEqual(refused["error"], "INVALID_ARGUMENTS", wrong)
            self.assertIn(words, refused["detail"])

    def test_a_list_lookup_is_read_as_facts_found_and_not_found(self):
        arguments = {"sku": ["A001", "Z999"]}
        result, _ = self.run_call(tools.default_toolbox(), "get_stock", arguments)
        record = {"invocation": "1:0", "name": "get_stock", "arguments": arguments,
                  "result": result}
        self.assertEqual([(fact["sku"], fact["found"], fact["stock"])
                          for fact in runlog.item_facts(record)],
                         [("A001", True, 12), ("Z999", False, None)])
        # the answer written from it says each SKU's own fact, and nothing is "below target"
        answer = answers.written([record], "Check A001 and Z999", "en")
        self.assertIn("(A001): stock 12, target 30, below target; suggested order 18.", answer)
        self.assertIn("SKU Z999 was not found", answer)
        self.assertNotIn("Below target", answer)

    def test_handler_exception_is_internal_error_with_details_only_in_the_note(self):
        def broken(inventory, arguments):
            raise KeyError("secret-column")
        result, note = self.run_call(tools.Toolbox([declared(handler=broken)]), "probe",
                                     {"sku": "A001"})
        self.assertEqual(result["error"], "INTERNAL_ERROR")
        self.assertIn("KeyError", result["detail"])
        self.assertNotIn("secret-column", result["detail"])
        self.assertEqual(note, "KeyError: 'secret-column'")

    def test_declared_tool_error_keeps_its_code(self):
        def refusing(inventory, arguments):
            raise tools.ToolError("OUT_OF_RANGE", "Ask for a smaller range.")
        result, note = self.run_call(tools.Toolbox([declared(handler=refusing)]), "probe",
                                     {"sku": "A001"})
        self.assertEqual(result, {"ok": False, "error": "OUT_OF_RANGE",
                                  "detail": "Ask for a smaller range."})
        self.assertIsNone(note)


class ShippedToolsTest(unittest.TestCase):
    def setUp(self):
        self.box = tools.default_toolbox()
        self.inventory = Inventory(rows(
            ("A001", "濾掛咖啡", 12, 30), ("A002", "烏龍茶包", 45, 30),
            ("A003", "玄米茶包", 0, 20), ("B001", "ＡＢ Oolong", 5, 10),
            ("B002", "Jasmine", 9, 9), ("C001", "高山烏龍", 1, 16)), source="test rows")

    def call(self, name, arguments):
        result, note = execute(self.box, name, arguments, self.inventory)
        self.assertIsNone(note)
        return result

    def test_get_stock_found_and_not_found(self):
        data = self.call("get_stock", {"sku": "A001"})["data"]
        self.assertEqual((data["stock"], data["suggested_order"], data["order_created"]),
                         (12, 18, False))
        self.assertEqual(self.call("get_stock", {"sku": "Z999"})["error"], "SKU_NOT_FOUND")

    def test_find_items_ignores_case_and_width(self):
        found = self.call("find_items", {"query": "烏龍"})["data"]
        self.assertEqual([item["sku"] for item in found["items"]], ["A002", "C001"])
        for query in ("ab", "ＡＢ", "Ａｂ", "OOLONG"):
            skus = [i["sku"] for i in self.call("find_items", {"query": query})["data"]["items"]]
            self.assertEqual(skus, ["B001"], query)
        self.assertEqual(self.call("find_items", {"query": "ｂ00"})["data"]["items"][0]["sku"],
                         "B001")

    def test_find_items_searches_an_items_other_names_too(self):
        # the sample names its items in Chinese; "oolong", "drip coffee" find them by their
        # aliases, and the result is the item as the data names it
        sample = tools.default_toolbox()
        for query, sku in (("oolong", "A002"), ("Drip Coffee", "A001"), ("genmaicha", "A003")):
            result, _ = execute(sample, "find_items", {"query": query},
                                sample_inventory())
            self.assertEqual([item["sku"] for item in result["data"]["items"]], [sku], query)
            self.assertNotIn("aliases", result["data"]["items"][0])

    def test_a_search_that_matches_nothing_returns_names_spelled_alike_said_so(self):
        # dv18: "genmacha tea bags" and 鋁掛咖啡 matched nothing, and the person read nothing
        # of genmaicha or of 濾掛咖啡
        sample = tools.default_toolbox()
        for query, skus in (("genmacha tea bags", ["A003"]), ("genmacha", ["A003"]),
                            ("鋁掛咖啡", ["A001"]), ("drip cofee", ["A001"]),
                            # chatdev10: two letters swapped, which difflib scores 0.83
                            ("oolnog", ["A002"]), ("oolnog tea bags", ["A002"]),
                            ("oolngo", []), ("olonog", []),
                            # a word that holds a name's word, or is held in one, is another
                            # word; but a plural (stop 68's second review)
                            ("team", []), ("price", []), ("oolongs", ["A002"]),
                            ("ulong", []), ("gnma", []), ("green tea", []),
                            # the review's: other products, not the same misspelled
                            ("lemon tea bags", []), ("green tea bags", []),
                            ("drip coffee maker", [])):
            with self.subTest(query=query):
                data = execute(sample, "find_items", {"query": query}, sample_inventory())[0][
                    "data"]
                self.assertEqual([item["sku"] for item in data["items"]], skus)
                self.assertEqual(data.get("alike", False), bool(skus))
                self.assertEqual("spelled alike" in data.get("note", ""), bool(skus))

    def test_a_sku_typed_with_o_for_0_finds_the_sku_it_reads_as(self):
        # dv18: AOO2 的庫存？ was "not found", and the person read nothing of A002
        self.assertEqual(spelled_alike("AOO2", ["A001", "A002", "AOO2"]), ["A002"])
        self.assertEqual(spelled_alike("a0o1", ["A001"]), ["A001"])
        self.assertEqual(spelled_alike("A0I1", ["A001"]), [])  # I is 1: A011
        data = execute(tools.default_toolbox(), "find_items", {"query": "AOO2"},
                       sample_inventory())[0]["data"]
        self.assertEqual(([item["sku"] for item in data["items"]], data["alike"]),
                         (["A002"], True))

    def test_data_too_large_is_not_scanned_for_names_spelled_alike(self):
        many = Inventory(rows(*[(f"B{n:04}", f"genmaicha {n}", 1, 2)
                                for n in range(tools.ALIKE_ROWS + 1)]), source="many")
        self.assertEqual(execute(self.box, "find_items", {"query": "genmacha"}, many)[0][
            "data"]["items"], [])
        # a SKU that reads as one is found at any size, and of any length (the review's:
        # the answer waited for a search that could find nothing)
        for query, sku in (("BOOO2", "B0002"), ("BO1", "B01")):
            data = execute(self.box, "find_items", {"query": query},
                           Inventory(many.rows() + rows((sku, "x", 1, 1)), source="m"))[0]["data"]
            self.assertEqual([item["sku"] for item in data["items"]], [sku], query)
        few = Inventory(rows(*[(f"B{n:04}", f"genmaicha {n}", 1, 2) for n in range(3)]),
                        source="few")
        self.assertEqual(len(execute(self.box, "find_items", {"query": "genmacha"}, few)[0][
            "data"]["items"]), 3)

    def test_find_items_is_bounded_and_says_how_many_more(self):
        data = self.call("find_items", {"query": "0", "limit": 2})["data"]
        self.assertEqual(len(data["items"]), 2)
        self.assertEqual(data["more"], 4)
        self.assertEqual(self.call("find_items", {"query": "Z-99"})["data"],
                         {"query": "Z-99", "items": [], "more": 0, "source": "test rows"})
        self.assertEqual(self.call("find_items", {"query": "x", "limit": 21})["error"],
                         "INVALID_ARGUMENTS")
        self.assertEqual(self.call("find_items", {"query": ""})["error"], "INVALID_ARGUMENTS")

    def test_list_reorder_largest_shortfall_first(self):
        data = self.call("list_reorder", {})["data"]
        self.assertEqual([i["sku"] for i in data["items"]], ["A003", "A001", "C001", "B001"])
        self.assertEqual([i["suggested_order"] for i in data["items"]], [20, 18, 15, 5])
        self.assertEqual(data["more"], 0)
        self.assertFalse(data["order_created"])

    def test_list_reorder_limit(self):
        data = self.call("list_reorder", {"limit": 1})["data"]
        self.assertEqual(([i["sku"] for i in data["items"]], data["more"]), (["A003"], 3))
        self.assertEqual(self.call("list_reorder", {"limit": 0})["error"], "INVALID_ARGUMENTS")


# What DocumentedToolTest runs in a copy of the checkout with the docs' example pasted in.
CHECKS = ["tests.test_core_tool_contracts.DeclarationTest",
          "tests.test_core_tool_contracts.ExecuteTest",
          "tests.test_core_tool_contracts.ShippedToolsTest", "tests.test_core_tenant_scope",
          "tests.test_mcp_tools", "tests.test_providers_context_size"]
# Runs every other test of CHECKS (argv[1] says which half: 0 or 1), in their order: the
# two halves run at once, each in a unittest process of its own.
HALF = ("import sys, unittest\n"
        "def flat(suite):\n"
        "    for test in suite:\n"
        "        yield from flat(test) if isinstance(test, unittest.TestSuite) else [test]\n"
        "tests = list(flat(unittest.defaultTestLoader.loadTestsFromNames(sys.argv[2:])))\n"
        "half = unittest.TestSuite(tests[int(sys.argv[1])::2])\n"
        "sys.exit(not unittest.TextTestRunner().run(half).wasSuccessful())\n")
AMONG = "\n\n# --- Tools from MCP servers"  # in tools.py, after the last shipped tool


def pasted_example_checked():
    """The example pasted into a copy's tools.py, before AMONG: whether tools.py had
    AMONG, the copy's tool names as printed (out, err), and (stderr, status) of each half."""
    with open(os.path.join(ROOT, "docs", "tools-and-data.md"), encoding="utf-8") as file:
        page = file.read()
    section = page[page.index("## Adding a tool"):]
    example = re.search(r"```python\n(.*?)```", section, re.S)[1]
    with tempfile.TemporaryDirectory() as work:
        copy = os.path.join(work, "checkout")
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
            ".git", "runs", "__pycache__", "*.egg-info", "build", "*.db"))
        path = os.path.join(copy, "tools.py")
        with open(path, encoding="utf-8") as file:
            source = file.read()
        with open(path, "w", encoding="utf-8") as file:
            file.write(source.replace(AMONG, "\n\n" + example.rstrip() + "\n" + AMONG, 1))
        children = [_start(copy, "-c", *code) for code in (
            ["import tools; print(tools.default_toolbox().names())"],
            [HALF, "0", *CHECKS], [HALF, "1", *CHECKS])]
        try:
            shown = children[0].communicate(timeout=60)
            halves = [(half.communicate(timeout=300)[1], half.returncode)
                      for half in children[1:]]
        finally:
            for child in children:
                if child.poll() is None:
                    child.kill()
                    child.communicate()
    return AMONG in source, shown, halves


def _start(cwd, *argv):
    return subprocess.Popen([sys.executable, *argv], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


PASTED_EXAMPLE = Early(pasted_example_checked)  # two unittest processes: 1-2 s to wait for


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the copy's checks start now (not
    when a child loads the classes of CHECKS by name)."""
    start(PASTED_EXAMPLE)
    return tests


class DocumentedToolTest(unittest.TestCase):
    """docs/tools-and-data.md: "Adding a tool is one change in one place". Its own
    stock_summary example, pasted among the tools in a copy of the checkout, must leave the
    checks of tools, the loop, scope, writes, plugins and request size passing."""

    def test_the_docs_example_pasted_into_tools_py_is_the_whole_change(self):
        among, (out, err), halves = PASTED_EXAMPLE.result()
        self.assertTrue(among, "tools.py no longer has the line the example goes before")
        self.assertEqual(out.strip(), str([*tools.default_toolbox().names(),
                                           "stock_summary"]), err)
        for err, status in halves:
            self.assertEqual(status, 0, err[-3000:])
            self.assertRegex(err, r"\nRan [1-9]\d* tests? in ")


if __name__ == "__main__":
    unittest.main()
