"""An MCP server's tools obey our rules: names, schemas, approval, results, catalogue, trace.

Each run starts tests/mcp_server.py for real and drives the loop with a scripted mock; what the
server received is recorded, so "checked before it is sent" and "did not run" are asserted on
the wire, not only on the outcome.
"""

import json
import os
import unittest

import tools
from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent.errors import EXIT_STATUS
from stock_agent.mcp import adapter, catalogue
from tests.support import english_prose, run_cli
from tests.test_mcp_protocol import Recorded, mcp_event, server

ALL_OFFERED = ["--mcp-catalogue-above", "99"]


def calls(*pairs):
    return calls_reply(*[tool_call(name, arguments, f"c{index}")
                         for index, (name, arguments) in enumerate(pairs)])


class McpRun:
    """One run against the test server: the model's script, the server's options."""

    def __init__(self, test, script, *options, argv=ALL_OFFERED, status=0):
        self.record = Recorded(test)
        self.model = MockModel([*script, text_reply("done")])
        self.status, self.out, self.err, self.events = run_cli(
            ["--mcp", server("--record", self.record.path, *options), "--log-content",
             "--verify", "off", *argv],  # the script's answers are not what is tested here
            model=self.model)
        test.assertEqual(self.status, status, self.err)

    def tools(self):
        return [event for event in self.events if event["event"] == "tool"]

    def sent_calls(self):
        return [m["params"] for m in self.record.messages() if m.get("method") == "tools/call"]

    def offered(self, request=0):
        return [tool["name"] for tool in self.model.requests[request]["tools"]]


class NamesAndSchemasTest(unittest.TestCase):
    def test_tools_are_namespaced_and_cannot_shadow_ours(self):
        run = McpRun(self, [calls(("get_stock", {"sku": "A001"}),
                                  ("test__get_stock", {"sku": "A001"}))])
        self.assertIn("get_stock", run.offered())
        self.assertIn("test__get_stock", run.offered())
        ours, theirs = run.tools()
        self.assertEqual(ours["result"]["data"]["stock"], 12)  # the inventory, not the server
        self.assertNotIn("server", ours)
        self.assertEqual(theirs["server"], "test")
        self.assertEqual([call["name"] for call in run.sent_calls()], ["get_stock"])

    def test_a_tool_we_cannot_enforce_is_not_offered_and_one_line_says_why(self):
        run = McpRun(self, [])
        notes = [line for line in run.err.splitlines() if line.startswith("note: MCP")]
        self.assertEqual(len(notes), 2, run.err)
        self.assertIn("fancy is not offered", notes[0])
        self.assertIn("oneOf", notes[0])
        self.assertIn("dotted.name is not offered", notes[1])
        self.assertNotIn("test__fancy", run.offered())
        refused = mcp_event(run.events)["refused"]
        self.assertEqual([entry["tool"] for entry in refused], ["fancy", "dotted.name"])

    def test_the_note_is_in_the_runs_language_and_the_log_keeps_the_english_reason(self):
        run = McpRun(self, [], argv=[*ALL_OFFERED, "--lang", "zh-TW"])
        notes = [line for line in run.err.splitlines() if line.startswith("注意：MCP")]
        self.assertEqual(len(notes), 2, run.err)
        self.assertIn("工具 fancy 不提供給模型：其 inputSchema 含有", notes[0])
        self.assertIn("不支援的 schema 關鍵字 ['oneOf']", notes[0])
        for note in notes:
            self.assertEqual(english_prose(note), [], note)
        reasons = [entry["reason"] for entry in mcp_event(run.events)["refused"]]
        self.assertIn("its inputSchema has a rule stock-agent does not enforce", reasons[0])
        self.assertIn("cannot be a model's tool name", reasons[1])

    def test_arguments_are_checked_against_the_schema_before_anything_is_sent(self):
        run = McpRun(self, [calls(("test__lookup", {"sku": "not a sku!"}),
                                  ("test__lookup", {"sku": "A1", "tenant": "other"}),
                                  ("test__lookup", '{"sku": "A1"}'))])
        bad, extra, good = run.tools()
        self.assertEqual((bad["error"], extra["error"]), ("INVALID_ARGUMENTS",) * 2)
        self.assertIn("$.sku", bad["result"]["detail"])
        self.assertIn("tenant", extra["result"]["detail"])
        self.assertTrue(good["ok"])
        self.assertEqual(run.sent_calls(), [{"name": "lookup", "arguments": {"sku": "A1"},
                                             "_meta": run.sent_calls()[0]["_meta"]}])
        definition = run.model.requests[0]["tools"][run.offered().index("test__lookup")]
        self.assertNotIn("$schema", definition["parameters"])  # shown = enforced
        self.assertTrue(definition["description"].startswith("[MCP server test] "))

    def test_a_name_clash_between_two_servers_gets_a_suffix(self):
        names = adapter.server_name({"name": "io.github/mcp-server-Fetch"}, 1, set())
        self.assertEqual(names, "fetch")
        self.assertEqual(adapter.server_name({"name": "fetch"}, 2, {"fetch"}), "fetch_2")
        self.assertEqual(adapter.server_name({}, 3, set()), "mcp3")
        self.assertEqual(adapter.server_name({"name": "a__b"}, 1, set()), "a_b")


REGEX_ENGINE_WORDS = "missing ), unterminated subpattern at position 0"  # Python's, quoted


class RefusalTest(unittest.TestCase):
    """Each reason a server's tool is not offered, one sentence each (adapter.tool_spec),
    worded in English and in zh-TW."""

    def refusal(self, raw):
        spec, reason = adapter.tool_spec(raw, "srv", lambda remote, arguments: None)
        self.assertIsNone(spec)
        said = reason.render("zh-TW")
        self.assertEqual(english_prose(said, REGEX_ENGINE_WORDS), [], said)
        return str(reason)

    def test_schemas_that_would_break_or_escape_the_validator_are_refused(self):
        cases = {
            "enum must be an array": {"type": "object", "properties": {"a": {"enum": "x"}}},
            "required must list field names": {"type": "object", "required": [1]},
            "minLength must be a whole number": {
                "type": "object", "properties": {"a": {"type": "string", "minLength": True}}},
            "only additionalProperties false": {"type": "object",
                                                "additionalProperties": {"type": "string"}},
            "is not of type object": {"type": "array"},
            "is not an object": None,
            "written for http://json-schema.org/draft-04/schema": {
                "$schema": "http://json-schema.org/draft-04/schema#", "type": "object"},
            "unsupported schema keyword(s) ['$ref']": {"type": "object", "$ref": "#/x"},
            f"inputSchema.a: pattern is not a regular expression ({REGEX_ENGINE_WORDS})": {
                "type": "object", "properties": {"a": {"type": "string", "pattern": "("}}},
            "inputSchema.a: unknown type ['x']": {
                "type": "object", "properties": {"a": {"type": [["x"]]}}},
        }
        deep = {"type": "object"}
        for _ in range(2000):
            deep = {"type": "object", "properties": {"a": deep}}
        cases["its inputSchema is nested too deeply"] = deep
        for expected, schema in cases.items():
            with self.subTest(expected=expected):
                self.assertIn(expected, self.refusal({"name": "t", "inputSchema": schema}))

    def test_names_sizes_and_repeats_are_refused(self):
        self.assertIn("cannot be a model's tool name", self.refusal(
            {"name": "x" * 70, "inputSchema": {"type": "object"}}))
        self.assertEqual(self.refusal({"inputSchema": {"type": "object"}}),
                         "a tool without a name")
        self.assertIn("over 8000", self.refusal(
            {"name": "t", "description": "d" * 900, "inputSchema": {
                "type": "object", "properties": {f"p{i}": {"type": "string", "description":
                                                          "x" * 100} for i in range(80)}}}))
        from stock_agent.mcp import _specs
        specs, refused = _specs([{"name": "t", "inputSchema": {"type": "object"}}] * 2, "srv",
                                lambda remote, arguments: None)
        self.assertEqual((len(specs), [(r["tool"], str(r["reason"])) for r in refused]),
                         (1, [("t", "the server lists it twice")]))
        self.assertEqual(refused[0]["reason"].render("zh-TW"), "伺服器把它列出兩次")


class ApprovalTest(unittest.TestCase):
    def test_read_only_tools_run_without_approval_and_share_a_parallel_batch(self):
        run = McpRun(self, [calls(("test__lookup", {"sku": "A1"}),
                                  ("get_stock", {"sku": "A001"}),
                                  ("test__lookup", {"sku": "B2"}))])
        for event in run.tools():
            self.assertTrue(event["ok"], event)
            self.assertTrue(event.get("parallel"), event)
            self.assertNotIn("approved", event)

    def test_unannotated_destructive_and_additive_tools_need_approval(self):
        script = [calls(("test__note", {"text": "hi"}), ("test__wipe", {}), ("test__add", {}))]
        denied = McpRun(self, script, argv=[*ALL_OFFERED, "--max-tool-errors", "5"],
                        status=EXIT_STATUS["WRITE_REFUSED"])  # the writes it asked for
        self.assertEqual([(e["error"], e["approved"]) for e in denied.tools()],
                         [("APPROVAL_DENIED", False)] * 3)
        self.assertEqual(denied.sent_calls(), [])
        approved = McpRun(self, script, argv=[*ALL_OFFERED, "--approve"])
        self.assertEqual([(e["ok"], e["approved"]) for e in approved.tools()],
                         [(True, True)] * 3)
        self.assertFalse(any(e.get("parallel") for e in approved.tools()))
        self.assertEqual([c["name"] for c in approved.sent_calls()], ["note", "wipe", "add"])
        read_only = set(mcp_event(approved.events)["read_only"])
        self.assertFalse({"test__note", "test__wipe", "test__add"} & read_only)

    def test_a_dry_run_checks_and_approves_a_write_but_never_sends_it(self):
        script = [calls(("test__lookup", {"sku": "A1"}), ("test__note", {"text": "hi"}),
                        ("test__wipe", {}), ("test__note", {}))]
        run = McpRun(self, script, argv=["--dry-run", "--approve", "--json", *ALL_OFFERED])
        # The read-only tool runs; the two writes reach the server's process not at all.
        self.assertEqual([c["name"] for c in run.sent_calls()], ["lookup"])
        events = run.tools()
        self.assertEqual([(e["name"], e["ok"], e.get("dry_run")) for e in events],
                         [("test__lookup", True, None), ("test__note", True, True),
                          ("test__wipe", True, True), ("test__note", False, None)])
        self.assertEqual(events[3]["error"], "INVALID_ARGUMENTS")  # checked as for real
        note = events[1]["result"]["data"]
        self.assertEqual(note, {"dry_run": True, "written": False, "would_write": {
            "tool": "test__note", "server": "test", "arguments": {"text": "hi"}}})
        result = json.loads(run.out)
        self.assertEqual(result["dry_run"]["written"], False)
        self.assertEqual([r["tool"] for r in result["dry_run"]["rehearsed"]],
                         ["test__note", "test__wipe"])

    def test_a_dry_run_on_the_mock_path_says_so_in_both_languages(self):
        for lang, said in (("en", "Dry run: nothing was written. 1 write was checked"),
                           ("zh-TW", "試運行：沒有寫入任何資料。1 筆寫入已如正式執行般檢查並核准")):
            with self.subTest(lang=lang):
                record = Recorded(self)
                status, out, err, events = run_cli(
                    ["--mock", "--lang", lang, "--mcp", server("--record", record.path),
                     "--dry-run", "--approve", *ALL_OFFERED, "-q", 'test__note {"text": "hi"}'])
                self.assertEqual(status, 0, err)
                self.assertTrue(out.splitlines()[-1].startswith(said), out)
                self.assertEqual([m for m in record.messages()
                                  if m.get("method") == "tools/call"], [])

    def test_the_approver_sees_the_tool_with_its_server(self):
        asked = []

        def approver(tool, arguments):
            asked.append((tool.name, tool.server, arguments))
            return True

        box = tools.plugin_toolbox([{
            "name": "s__note", "server": "s", "remote": "note", "description": "d",
            "parameters": {"type": "object"}, "read_only": False,
            "call": lambda arguments: {"ok": True, "data": {"noted": True}}}],
            catalogue_above=10)
        outcome, = tools.ToolRunner(box, None, approver=approver).run_batch(
            [tool_call("s__note", {})])
        self.assertEqual(asked, [("s__note", "s", {})])
        self.assertEqual((outcome.result, outcome.flags),
                         ({"ok": True, "data": {"noted": True}},
                          {"approved": True, "approved_by": None, "server": "s"}))


class ResultsTest(unittest.TestCase):
    def test_structured_content_is_data_without_its_text_copy(self):
        run = McpRun(self, [calls(("test__lookup", {"sku": "A1"}))])
        result = run.tools()[0]["result"]
        self.assertEqual(result, {"ok": True, "data": {"structuredContent": {
            "sku": "A1", "stock": 7, "warehouse": "test"}}})
        sent_back = json.loads(run.model.requests[1]["messages"][-1]["content"])
        self.assertEqual(sent_back, result)

    def test_is_error_is_a_tool_error_the_model_can_act_on(self):
        run = McpRun(self, [calls(("test__fail", {})), calls(("test__lookup", {"sku": "A1"}))],
                     argv=[*ALL_OFFERED, "--max-tool-errors", "1"])
        failed, later = run.tools()
        self.assertEqual((failed["ok"], failed["error"]), (False, "MCP_TOOL_ERROR"))
        self.assertIn("The warehouse is closed.", failed["result"]["detail"])
        self.assertTrue(later["ok"])  # the tool answered: not a failed call, the run went on

    def test_results_are_capped_and_binary_content_is_only_described(self):
        run = McpRun(self, [calls(("test__big", {}), ("test__image", {}))])
        big, image = (event["result"]["data"] for event in run.tools())
        self.assertTrue(big["truncated"])
        self.assertEqual(big["total_chars"], len(json.dumps(
            {"content": [{"type": "text", "text": "y" * 50_000}]})))
        self.assertLessEqual(len(json.dumps(big)), adapter.MAX_RESULT_CHARS + 300)
        self.assertEqual(image["content"][0]["type"], "image")
        self.assertIn("omitted", image["content"][0])
        self.assertNotIn("iVBOR", json.dumps(image))
        self.assertEqual(image["content"][1], {"type": "text", "text": "a tiny picture"})

    def test_a_request_for_more_input_is_a_call_error(self):
        run = McpRun(self, [calls(("test__input", {}))])
        event = run.tools()[0]
        self.assertEqual(event["error"], "MCP_CALL_ERROR")
        self.assertIn("input_required", event["result"]["detail"])


class CatalogueTest(unittest.TestCase):
    def test_many_tools_are_found_by_search_and_only_those_are_loaded(self):
        script = [calls(("test__tool_0", {})),
                  calls(("search_tools", {"query": "weather forecast", "limit": 2})),
                  calls(("test__tool_0", {}))]
        run = McpRun(self, script, "--extra-tools", "8", argv=[])
        self.assertEqual(run.offered(0), [*tools.default_toolbox().names(), "search_tools"])
        hidden, search, called = run.tools()
        self.assertEqual(hidden["error"], "UNKNOWN_TOOL")
        self.assertIn("call search_tools", hidden["result"]["detail"])
        found = [tool["name"] for tool in search["result"]["data"]["tools"]]
        self.assertEqual(found, ["test__tool_0"])
        self.assertEqual(run.offered(2)[-1:], ["test__tool_0"])
        self.assertEqual(run.offered(2), [*run.offered(0), "test__tool_0"])
        self.assertTrue(called["ok"])

    def test_search_ranks_name_words_over_description_words(self):
        entries = [{"name": "a__convert_time", "description": "time zones"},
                   {"name": "a__get_current_time", "description": "now"},
                   {"name": "b__echo", "description": "repeats the time"},
                   {"name": "c__庫存", "description": "查詢庫存數量"}]
        found, more = catalogue.search(entries, "current time", 2)
        self.assertEqual([e["name"] for e in found], ["a__get_current_time", "a__convert_time"])
        self.assertEqual(more, 1)
        self.assertEqual(catalogue.search(entries, "庫存", 5)[0][0]["name"], "c__庫存")
        self.assertEqual(catalogue.search(entries, "nothing like it", 5), ([], 0))
        self.assertEqual(catalogue.search(entries, "getCurrent", 5)[0][0]["name"],
                         "a__get_current_time")


class EvidenceTest(unittest.TestCase):
    def test_the_log_and_the_trace_name_the_server(self):
        record = Recorded(self)
        status, out, err, events = run_cli(
            ["--mcp", server("--record", record.path), "-v", "--verify", "off", *ALL_OFFERED],
            model=MockModel([calls(("test__lookup", {"sku": "A1"})), text_reply("ok")]))
        self.assertEqual(status, 0, err)
        tool = [event for event in events if event["event"] == "tool"][0]
        self.assertEqual(tool["server"], "test")
        self.assertNotIn("arguments", tool)  # content stays out of the log unless asked for
        self.assertRegex(err, r"mcp server test: python.* \(pid \d+, mcp-server-test 1.0\), "
                              r"protocol 2026-07-28 \(modern\), 13 tools \(10 read-only\), "
                              r"2 refused")
        self.assertIn('tool test__lookup {"sku": "A1"} -> ok', err)
        self.assertIn("[mcp test]", err)

    def test_the_mock_calls_a_named_server_tool_with_the_json_after_it(self):
        status, out, err, events = run_cli(
            ["--mock", "--mcp", server(), *ALL_OFFERED, "-q",
             'test__lookup {"sku": "Z9"} and A001'])
        self.assertEqual(status, 0, err)
        self.assertEqual([(e["name"], e["ok"]) for e in events if e["event"] == "tool"],
                         [("test__lookup", True), ("get_stock", True)])
        self.assertIn('"stock": 7', out)
        self.assertIn("濾掛咖啡 (A001): stock 12", out)

    def test_a_server_sees_only_the_environment_it_is_given(self):
        folder = os.path.dirname(Recorded(self).path)
        env_file = os.path.join(folder, "env.json")
        environ = {"PATH": os.environ.get("PATH", ""), "OPENAI_API_KEY": "sk-secret",
                   "ANTHROPIC_API_KEY": "secret", "STOCK_TOKEN": "t"}
        status, out, err, events = run_cli(
            ["--mcp", server("--env-file", env_file), "--mcp-env", "STOCK_TOKEN"],
            environ=environ, model=MockModel([text_reply("ok")]))
        self.assertEqual(status, 0, err)
        with open(env_file, encoding="utf-8") as file:
            seen = set(json.load(file))
        self.assertIn("PATH", seen)
        self.assertIn("STOCK_TOKEN", seen)
        self.assertFalse({"OPENAI_API_KEY", "ANTHROPIC_API_KEY"} & seen)


if __name__ == "__main__":
    unittest.main()
