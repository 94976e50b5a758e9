"""Verified answers end to end: the corrective turn in the loop, what the command line
prints (answer, --facts, --json), a scripted model server, and the evaluation's view."""

import json
import unittest

from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent import verify
from stock_agent.errors import EXIT_STATUS, AgentError
from stock_agent.evals import harness, metrics, report
from stock_agent.run import Limits
from tests.fake_server import FakeServer, ollama_call, ollama_chat
from tests.wire_harness import OllamaHarness
from tests.support import run_cli, run_script, settings, temp_folder


def stock_call(sku):
    return calls_reply(tool_call("get_stock", {"sku": sku}))


# More SKUs than one get_stock call takes: the program cannot look up the ones a model
# skipped, so the facts cannot answer it.
TOO_MANY = "Check A001 and " + ", ".join(f"B{n:03}" for n in range(1, 12))


def events_named(events, name):
    return [event for event in events if event["event"] == name]


class CorrectiveTurnTest(unittest.TestCase):
    def test_a_wrong_number_gets_one_correction_then_the_right_answer_completes(self):
        outcome, model, events = run_script(
            [stock_call("A001"), text_reply("A001 has 15 units."),
             text_reply("A001 has 12 units.")], checker=verify.Checker("en"))
        self.assertEqual(outcome, "A001 has 12 units.")
        correction = model.requests[2]["messages"][-1]
        self.assertEqual(correction["role"], "user")
        self.assertIn("not the figures of the item they are said of: A001 15.",
                      correction["content"])
        self.assertIn("濾掛咖啡 (A001): stock 12, target 30", correction["content"])
        self.assertEqual(model.requests[2]["messages"][-2]["content"], "A001 has 15 units.")
        self.assertEqual([e["event"] for e in events], ["model", "tool", "model",
                                                        "answer_check", "correction", "model",
                                                        "completed"])
        self.assertEqual(events_named(events, "answer_check")[0],
                         {**events[3], "step": 2, "wrong_figures": 1})
        self.assertNotIn("problems", events[3])  # which numbers: only with --log-content
        self.assertNotIn("text", events[4])
        self.assertEqual(events[-1]["verification"], "corrected")

    def test_an_answer_that_repeats_the_correction_is_no_answer(self):
        # a real model's dev-set run: no lookup, a made-up stock, then the instruction
        # given back as the answer, which used to complete as "corrected", then ended
        # UNVERIFIED_ANSWER with no facts to answer from: the program looks the SKU up
        for lang, question, made_up, echo, facts in (
                ("zh-TW", "請問A001庫存多少", "庫存數量為100。",
                 "請對每個 SKU 各呼叫一次 get_stock", "濾掛咖啡（A001）庫存 12，目標 30"),
                ("en", "What's the stock of A001?", "The stock is 100.",
                 "Call get_stock for each of them now, one call per SKU",
                 "濾掛咖啡 (A001): stock 12, target 30")):
            with self.subTest(lang=lang):
                checker = verify.Checker(lang)
                first = checker.check(question, made_up, [])
                self.assertIn(echo, checker.correction(question, first, []))
                outcome, model, events = run_script(
                    [text_reply(made_up), text_reply("OK. " + echo + ".")], question=question,
                    checker=checker, log_content=True)
                self.assertIn(facts, outcome)
                self.assertNotIn("100", outcome)
                self.assertEqual(len(model.requests), 2)
                self.assertEqual(events_named(events, "answer_check")[-1]["echoed"], 1)
                program, = events_named(events, "tool")
                self.assertEqual((program["by"], program["arguments"]),
                                 ("program", {"sku": "A001"}))
                self.assertEqual((events[-1]["event"], events[-1]["verification"]),
                                 ("completed", "rendered"))
        self.assertEqual(verify.echoed("好的，請對每個 SKU 各呼叫一次 get_stock：{\"sku\": \"A001\"}。"),
                         ["對每個各呼叫一次"])
        for answer in ("The facts: A001 has 12 units, and the suggested order is 18.",
                       "A001 庫存 12，目標 30，建議補貨 18。本次資料來源為教學樣本。"):
            self.assertEqual(verify.echoed(answer), [], answer)

    def test_a_second_wrong_answer_is_answered_from_the_facts(self):
        outcome, model, events = run_script(
            [stock_call("A001"), text_reply("A001 has 15 units."),
             text_reply("A001 has 15 units, really.")], checker=verify.Checker("en"),
            log_content=True)
        self.assertEqual(outcome.splitlines(), [
            "(The model's answer did not match the tool results; this answer is written "
            "from them by the program.)",
            "[Sample data] 濾掛咖啡 (A001): stock 12, target 30, suggested order 18. No order "
            "has been placed."])
        checks = events_named(events, "answer_check")
        self.assertEqual([c["problems"] for c in checks],
                         [{"wrong_figures": ["A001 15"]}, {"wrong_figures": ["A001 15"]}])
        self.assertIn("15", events_named(events, "correction")[0]["text"])
        self.assertEqual(events[-1]["verification"], "rendered")
        self.assertEqual(events_named(events, "model")[-1]["text"], "A001 has 15 units, really.")

    def test_when_the_facts_cannot_answer_the_run_ends_unverified(self):
        outcome, model, events = run_script(
            [stock_call("A001"), text_reply("A001 has 15 units."),
             text_reply("A001 has 15 units, really.")], question=TOO_MANY,
            checker=verify.Checker("en"), log_content=True)
        self.assertIsInstance(outcome, AgentError)
        self.assertEqual((outcome.code, outcome.exit_status), ("UNVERIFIED_ANSWER", 28))
        self.assertIn("B011", outcome.message("en"))
        self.assertIn("You have not looked up B001", model.requests[2]["messages"][-1]
                      ["content"])
        self.assertEqual((events[-1]["event"], events[-1]["code"], events[-1]["verification"]),
                         ("failed", "UNVERIFIED_ANSWER", "unverified"))
        self.assertNotIn("answer", events[-1])

    def test_echoing_the_tools_not_found_result_completes_at_the_first_answer(self):
        # The detail is the program's own words ("not that its stock is 0", "1-32 ..."):
        # a model that repeats it to the person says nothing the check must refuse.
        def echo(messages):
            return text_reply(json.loads(messages[-1]["content"])["detail"])

        for lang in ("en", "zh-TW"):
            with self.subTest(lang=lang):
                outcome, model, events = run_script(
                    [stock_call("Z999"), echo], question="Check Z999",
                    checker=verify.Checker(lang))
                self.assertIn("not that its stock is 0", outcome)
                self.assertEqual(events[-1]["verification"], "verified")
                self.assertEqual(len(model.requests), 2)

    def test_the_rendered_answer_speaks_the_runs_language(self):
        outcome, _, events = run_script(
            [stock_call("A001"), text_reply("A001 庫存 45。"), text_reply("A001 庫存 45 個。")],
            question="請查 A001", checker=verify.Checker("zh-TW"))
        self.assertEqual(outcome, "（模型的回答與工具結果不符；以下由程式依工具結果寫成。）\n"
                                  "【教學樣本】濾掛咖啡（A001）庫存 12，目標 30，建議補貨 18。"
                                  "尚未建立訂單。")
        self.assertEqual(events[-1]["verification"], "rendered")

    def test_a_sku_the_model_skipped_is_looked_up_by_the_program(self):
        # A small model asked about several SKUs often looks up one and answers; asked
        # again, it writes the same answer. The program looks up the rest itself.
        for lang, question, answer, added in (
                ("en", "Check A001 and A002", "A001: stock 12.",
                 "(Added by the program from the tool results: 烏龍茶包 (A002): stock 45, "
                 "target 30, suggested order 0.)"),
                ("zh-TW", "請查 A001 和 A002", "A001 庫存 12。",
                 "（程式依工具結果補上：烏龍茶包（A002）：庫存 45，目標 30，建議補貨 0。）")):
            with self.subTest(lang=lang):
                outcome, model, events = run_script(
                    [stock_call("A001"), text_reply(answer)], question=question,
                    checker=verify.Checker(lang), log_content=True)
                self.assertEqual(outcome, f"{answer}\n{added}")
                self.assertEqual(len(model.requests), 2)
                self.assertEqual([e["event"] for e in events], [
                    "model", "tool", "model", "answer_check", "tool", "completed"])
                self.assertEqual(events_named(events, "answer_check")[0]["unchecked_skus"], 1)
                program = events_named(events, "tool")[1]
                self.assertEqual((program["name"], program["by"], program["invocation"]),
                                 ("get_stock", "program", "2:program"))
                self.assertEqual(program["arguments"], {"sku": "A002"})
                self.assertEqual(events[-1]["verification"], "supplemented")

    def test_several_skipped_skus_are_looked_up_in_one_call_found_or_not(self):
        outcome, model, events = run_script(
            [stock_call("A001"), text_reply("A001 has 12 units.")],
            question="Check A001, A002 and A404", checker=verify.Checker("en"),
            log_content=True)
        self.assertEqual(outcome.splitlines()[1], "(Added by the program from the tool "
                         "results: 烏龍茶包 (A002): stock 45, target 30, suggested order 0; "
                         "A404: not found, no item has this SKU.)")
        self.assertEqual(events_named(events, "tool")[1]["arguments"],
                         {"sku": ["A002", "A404"]})
        self.assertEqual(len(model.requests), 2)
        self.assertEqual(events[-1]["verification"], "supplemented")

    def test_a_single_skipped_sku_that_does_not_exist_is_said_not_found(self):
        outcome, _, events = run_script(
            [stock_call("A001"), text_reply("A001 has 12 units.")],
            question="Check A001 and A404", checker=verify.Checker("en"))
        self.assertEqual(outcome.splitlines()[1],
                         "(Added by the program from the tool results: A404: not found, "
                         "no item has this SKU.)")
        self.assertEqual(events_named(events, "tool")[1]["error"], "SKU_NOT_FOUND")

    def test_a_skipped_sku_beside_a_wrong_figure_gets_the_correction(self):
        # The program looks up only for an answer whose figures all hold: a wrong one
        # goes to the model, which is told to look up the rest too.
        outcome, model, events = run_script(
            [stock_call("A001"), text_reply("A001: stock 15."), stock_call("A002"),
             text_reply("A001: stock 12. A002: stock 45.")],
            question="Check A001 and A002", checker=verify.Checker("en"))
        self.assertEqual(outcome, "A001: stock 12. A002: stock 45.")
        self.assertIn('You have not looked up A002 yet', model.requests[2]["messages"][-1]
                      ["content"])
        self.assertNotIn("by", events_named(events, "tool")[1])
        self.assertEqual(events[-1]["verification"], "corrected")

    def test_the_correction_speaks_the_runs_language(self):
        _, model, _ = run_script(
            [stock_call("A001"), text_reply("A001 庫存 15。"), stock_call("A002"),
             text_reply("A001 庫存 12，A002 庫存 45。")],
            question="請查 A001 和 A002", checker=verify.Checker("zh-TW"))
        self.assertIn("你還沒有查詢 A002", model.requests[2]["messages"][-1]["content"])

    def test_more_skipped_skus_than_one_call_takes_are_left_to_the_correction(self):
        outcome, model, events = run_script(
            [stock_call("A001"), text_reply("A001: stock 12."), text_reply("A001: stock 12.")],
            question=TOO_MANY, checker=verify.Checker("en"))
        self.assertIsInstance(outcome, AgentError)
        self.assertEqual(outcome.code, "UNVERIFIED_ANSWER")
        refused = [e for e in events_named(events, "tool") if e.get("by") == "program"]
        self.assertEqual([(e["ok"], e["error"]) for e in refused],
                         [(False, "INVALID_ARGUMENTS")])  # once: never after the correction
        self.assertEqual(len(model.requests), 3)

    def test_an_order_claim_is_corrected(self):
        outcome, model, _ = run_script(
            [stock_call("A002"), text_reply("A002 庫存 45，已自動補貨。"),
             text_reply("A002 庫存 45，不需補貨，未建立訂單。")],
            question="請查 A002，並已自動補貨。", checker=verify.Checker("zh-TW"))
        self.assertEqual(outcome, "A002 庫存 45，不需補貨，未建立訂單。")
        self.assertIn("「已自動補貨」", model.requests[2]["messages"][-1]["content"])

    def test_an_answer_short_of_a_figure_gets_its_facts_added_without_a_request(self):
        # A true answer that leaves out the stock asked for is the model's still; asking
        # again costs a request and a small model can lose the answer on the way.
        for lang, answer, added in (
                ("en", "A001 is below target.", "(Added by the program from the tool "
                 "results: 濾掛咖啡 (A001): stock 12, target 30, suggested order 18.)"),
                ("zh-TW", "A001 低於目標。",
                 "（程式依工具結果補上：濾掛咖啡（A001）：庫存 12，目標 30，建議補貨 18。）")):
            with self.subTest(lang=lang):
                outcome, model, events = run_script([stock_call("A001"), text_reply(answer)],
                                                    checker=verify.Checker(lang))
                self.assertEqual(outcome, f"{answer}\n{added}")
                self.assertEqual(len(model.requests), 2)
                self.assertEqual(events_named(events, "correction"), [])
                self.assertEqual(events_named(events, "answer_check")[0]["left_out"], 1)
                self.assertEqual(events[-1]["verification"], "supplemented")

    def test_only_the_items_left_out_are_added(self):
        outcome, _, _ = run_script(
            [calls_reply(tool_call("get_stock", {"sku": "A001"}),
                         tool_call("get_stock", {"sku": "A002"})),
             text_reply("A001 has 12 units; A002 is fine.")],
            question="Check A001 and A002", checker=verify.Checker("en"))
        self.assertEqual(outcome.splitlines()[1], "(Added by the program from the tool "
                         "results: 烏龍茶包 (A002): stock 45, target 30, suggested order 0.)")

    def test_a_figure_left_out_beside_a_wrong_one_is_asked_for_in_the_correction(self):
        outcome, model, events = run_script(
            [stock_call("A001"), text_reply("Order 15 of A001."),
             text_reply("A001 has 12 units; order 18.")], question="How many A001 to order?",
            checker=verify.Checker("en"))
        self.assertEqual(outcome, "A001 has 12 units; order 18.")
        correction = model.requests[2]["messages"][-1]["content"]
        self.assertIn("leaves out the stock (or the suggested order asked for, or the SKU) "
                      "of A001.", correction)
        self.assertEqual(events[-1]["verification"], "corrected")

    def test_no_request_left_for_a_correction_answers_from_the_facts_at_once(self):
        outcome, model, events = run_script(
            [stock_call("A001"), text_reply("A001 has 15 units.")],
            limits=Limits(max_steps=2), checker=verify.Checker("en"))
        self.assertIn("濾掛咖啡 (A001): stock 12", outcome)
        self.assertEqual(len(model.requests), 2)
        self.assertEqual(events_named(events, "correction"), [])
        self.assertEqual(events[-1]["verification"], "rendered")

    def test_a_repeated_call_is_answered_from_the_facts_when_they_answer(self):
        # A small model asked for A404 after "not found" until TOOL_ERROR_LIMIT.
        for lang, lead in (("en", "(The model kept repeating a tool call whose result it "
                            "already had; this answer is written from the tool results by "
                            "the program.)"),
                           ("zh-TW", "（模型一再重複已有結果的工具呼叫；以下由程式依工具結果寫成。）")):
            with self.subTest(lang=lang):
                outcome, model, events = run_script(
                    [stock_call("A404")] * 3 + [text_reply("never asked")],
                    question="What is the stock of A404?", checker=verify.Checker(lang))
                self.assertEqual(outcome.splitlines()[0], lead)
                self.assertIn("A404", outcome.splitlines()[1])
                self.assertEqual(len(model.requests), 3)
                self.assertEqual([e["error"] for e in events_named(events, "tool")],
                                 ["SKU_NOT_FOUND", "SKU_NOT_FOUND", "REPEATED_CALL"])
                self.assertEqual(events[-1]["verification"], "rendered")

    def test_a_repeated_call_the_facts_cannot_answer_for_goes_on_as_before(self):
        outcome, model, _ = run_script(
            [stock_call("A001")] * 5, question="Check A001 and A002",
            checker=verify.Checker("en"))  # A002 never looked up: the facts cannot answer
        self.assertIsInstance(outcome, AgentError)
        self.assertEqual(outcome.code, "TOOL_ERROR_LIMIT")
        outcome, _, _ = run_script([stock_call("A404")] * 5)  # no check: no facts to trust
        self.assertEqual(outcome.code, "TOOL_ERROR_LIMIT")

    def test_a_run_that_fails_after_the_correction_is_unverified(self):
        outcome, _, events = run_script(
            [stock_call("A001"), text_reply("A001 has 15 units."), text_reply("")],
            checker=verify.Checker("en"))
        self.assertEqual(outcome.code, "EMPTY_ANSWER")
        self.assertEqual(events[-1]["verification"], "unverified")

    def test_a_verified_answer_adds_no_event(self):
        _, _, events = run_script([stock_call("A001"), text_reply("A001 has 12 units.")],
                                  checker=verify.Checker("en"))
        self.assertEqual([e["event"] for e in events], ["model", "tool", "model", "completed"])
        self.assertEqual(events[-1]["verification"], "verified")

    def test_without_a_checker_the_raw_answer_is_returned(self):
        outcome, _, events = run_script([stock_call("A001"), text_reply("A001 has 15.")])
        self.assertEqual(outcome, "A001 has 15.")
        self.assertNotIn("verification", events[-1])


WRONG = [stock_call("A001"), text_reply("A001 has 15 units."), text_reply("A001 has 15.")]
RENDERED = ("(The model's answer did not match the tool results; this answer is written from "
            "them by the program.)\n[Sample data] 濾掛咖啡 (A001): stock 12, target 30, "
            "suggested order 18. No order has been placed.\n")


class CommandLineTest(unittest.TestCase):
    def test_a_wrong_answer_is_never_printed_the_facts_are(self):
        status, out, err, events = run_cli(["--lang", "en"], model=MockModel(WRONG))
        self.assertEqual((status, out), (0, RENDERED))
        self.assertEqual(events[-1]["verification"], "rendered")

    def test_an_unverified_answer_is_never_printed(self):
        status, out, err, events = run_cli(["--lang", "en", "-q", TOO_MANY],
                                           model=MockModel(WRONG))
        self.assertEqual((status, out), (EXIT_STATUS["UNVERIFIED_ANSWER"], ""))
        self.assertIn("stock-agent: UNVERIFIED_ANSWER:", err)
        self.assertNotIn("15 units", json.dumps(events, ensure_ascii=False))  # no --log-content

    def test_verify_off_prints_the_raw_answer(self):
        status, out, _, events = run_cli(["--lang", "en", "--verify", "off"],
                                         model=MockModel(WRONG))
        self.assertEqual((status, out), (0, "A001 has 15 units.\n"))
        self.assertEqual(events_named(events, "answer_check"), [])

    def test_json_carries_the_facts_and_the_verdict(self):
        script = [calls_reply(tool_call("get_stock", {"sku": "A001"}, "c1"),
                              tool_call("get_stock", {"sku": "B999"}, "c2")),
                  text_reply("A001: 12. B999 was not found.")]
        status, out, _, _ = run_cli(["--json", "-q", "Check A001 and B999"],
                                    model=MockModel(script))
        result = json.loads(out)
        self.assertEqual((status, result["verification"]), (0, "verified"))
        self.assertEqual(result["facts"], [
            {"sku": "A001", "name": "濾掛咖啡", "stock": 12, "target": 30, "suggested_order": 18,
             "found": True, "source": "built-in sample data, not a live ERP",
             "call": {"tool": "get_stock", "invocation": "1:0"}},
            {"sku": "B999", "name": None, "stock": None, "target": None,
             "suggested_order": None, "found": False, "source": None,
             "call": {"tool": "get_stock", "invocation": "1:1"}}])
        status, out, _, _ = run_cli(["--json", "--lang", "en"], model=MockModel(WRONG))
        result = json.loads(out)
        self.assertEqual((result["answer"] + "\n", result["verification"]), (RENDERED, "rendered"))
        status, out, _, _ = run_cli(["--json", "-q", TOO_MANY], model=MockModel(WRONG))
        result = json.loads(out)
        self.assertEqual((result["answer"], result["verification"]), (None, "unverified"))
        self.assertEqual(result["error"]["code"], "UNVERIFIED_ANSWER")

    def test_facts_print_under_the_answer_in_both_languages(self):
        status, out, _, _ = run_cli(["--mock", "--facts", "--lang", "en"])
        self.assertEqual(out.splitlines()[1:], [
            "Facts from the tools:",
            "濾掛咖啡 (A001): stock 12, target 30, suggested order 18 [get_stock 1:0; built-in "
            "sample data, not a live ERP]"])
        status, out, _, _ = run_cli(["--mock", "--facts", "--lang", "zh-TW", "-q", "A404？"])
        self.assertEqual(out.splitlines()[1:], ["工具查得的資料：", "A404：查無此 SKU，沒有這個商品"
                                                "〔get_stock 1:0〕"])


class ScriptedServerTest(unittest.TestCase):
    """The issue's own test: a real Ollama wire, a server that insists on a wrong figure."""

    def run_server(self, *replies, question="Check A001"):
        with FakeServer() as server:
            for reply in replies:
                server.reply("/api/chat", 200, reply)
            status, out, err, events = run_cli(
                ["--base-url", server.url, "--model", "m", "--lang", "en", "-q", question])
            sent = [r["json"]["messages"] for r in server.requests if r["path"] == "/api/chat"]
        return status, out, events, sent

    def test_15_after_a_lookup_of_12_never_reaches_the_person(self):
        lookup = ollama_chat("", tool_calls=[ollama_call("get_stock", {"sku": "A001"})])
        status, out, events, sent = self.run_server(
            lookup, ollama_chat("A001 has 15 units."), ollama_chat("A001 has 15 units."))
        self.assertEqual((status, out), (0, RENDERED.replace("[Sample data] ", "[Sample data] ")))
        self.assertEqual(events[-1]["verification"], "rendered")
        self.assertIn("15", sent[2][-1]["content"])

    def test_checking_only_a001_of_two_gets_a002_looked_up_by_the_program(self):
        lookup = ollama_chat("", tool_calls=[ollama_call("get_stock", {"sku": "A001"})])
        status, out, events, sent = self.run_server(
            lookup, ollama_chat("A001 has 12 units."), question="Check A001 and A002")
        self.assertEqual((status, out), (0, "A001 has 12 units.\n(Added by the program from "
                         "the tool results: 烏龍茶包 (A002): stock 45, target 30, suggested "
                         "order 0.)\n"))
        self.assertEqual(len(sent), 2)
        self.assertEqual(events[-1]["verification"], "supplemented")

    def test_a_wrong_figure_and_a_skipped_sku_get_the_corrective_turn(self):
        lookup = ollama_chat("", tool_calls=[ollama_call("get_stock", {"sku": "A001"})])
        second = ollama_chat("", tool_calls=[ollama_call("get_stock", {"sku": "A002"})])
        status, out, events, sent = self.run_server(
            lookup, ollama_chat("A001 has 15 units."), second,
            ollama_chat("A001 has 12 units, A002 has 45."), question="Check A001 and A002")
        self.assertEqual((status, out), (0, "A001 has 12 units, A002 has 45.\n"))
        self.assertEqual(sent[2][-1]["role"], "user")
        self.assertIn("You have not looked up A002 yet", sent[2][-1]["content"])
        self.assertEqual(events[-1]["verification"], "corrected")


class StreamTest(unittest.TestCase):
    """--stream on a terminal prints text as it arrives: never an answer not yet checked."""

    def run_streamed(self, *flags):
        import contextlib
        import io
        import tempfile

        import agent

        class Terminal(io.StringIO):
            def isatty(self):
                return True

        h = OllamaHarness()
        out = Terminal()
        with FakeServer() as server, tempfile.TemporaryDirectory() as logs:
            server.reply(h.path, 200, h.stream_calls(("c1", "get_stock", {"sku": "A001"})))
            for _ in range(2):
                server.reply(h.path, 200, h.stream_answer(["A001 has ", "15 units."]))
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                status = agent.main(["--stream", "--lang", "en", "--log-dir", logs, *flags],
                                    environ={"LANG": "C", **h.env(server.url)})
        return status, out.getvalue()

    def test_with_the_check_on_nothing_unverified_reaches_the_screen(self):
        self.assertEqual(self.run_streamed(), (0, RENDERED))

    def test_with_verify_off_the_answer_prints_as_it_arrives(self):
        self.assertEqual(self.run_streamed("--verify", "off"), (0, "A001 has 15 units.\n"))


class EvaluationTest(unittest.TestCase):
    CASE = {"id": "c", "lang": "en", "question": "Check A001", "expect": {}}

    def observe(self, script, *flags):
        return harness.run_case(self.CASE, settings("--log-dir", self.log_dir, *flags), environ={},
                                make_model=lambda settings, environ: MockModel(script))

    def setUp(self):
        self.log_dir = temp_folder(self)

    def test_the_report_counts_the_checkers_verdicts_and_invented_numbers(self):
        rows = [metrics.score_run(self.CASE, self.observe(script, *flags)) for script, flags in [
            ([stock_call("A001"), text_reply("A001: 12.")], ()),
            ([stock_call("A001"), text_reply("A001: 15."), text_reply("A001: 12.")], ()),
            ([stock_call("A001"), text_reply("A001 is below target.")], ()),
            (WRONG, ()),
            ([stock_call("A001"), text_reply("A001: 15 or 16.")], ("--verify", "off"))]]
        self.assertEqual([row["verification"] for row in rows],
                         ["verified", "corrected", "supplemented", "rendered", None])
        self.assertEqual([row["unsupported_numbers"] for row in rows],
                         [[], [], [], [], ["15", "16"]])
        totals = metrics.summarize(rows)
        self.assertEqual(totals["verification"], {"first_time": 1, "after_correction": 1,
                                                  "supplemented": 1, "rendered": 1,
                                                  "unverified": 0, "not_checked": 1,
                                                  "program_lookups": 0})
        self.assertEqual(totals["hallucinated_numbers"], {"numbers": 2, "answers": 1, "of": 5})

    def test_the_report_counts_the_runs_the_program_looked_up_for(self):
        case = {**self.CASE, "question": "Check A001 and A002", "expect": {"tool_calls": [
            {"name": "get_stock", "arguments": {"sku": "A001"}},
            {"name": "get_stock", "arguments": {"sku": "A002"}}]}}
        observed = harness.run_case(case, settings("--log-dir", self.log_dir), environ={},
                                    make_model=lambda settings, environ: MockModel(
                                        [stock_call("A001"), text_reply("A001: 12.")]))
        row = metrics.score_run(case, observed)
        self.assertEqual((row["verification"], row["program_lookups"]), ("supplemented", 1))
        self.assertEqual([call["by"] for call in observed["calls"]], [None, "program"])
        self.assertEqual(metrics.summarize([row])["verification"]["program_lookups"], 1)
        setup = {"provider": "mock", "model": "mock", "server_version": None, "utc": "t",
                 "system_prompt": {"file": None, "sha256": {"en": "0" * 64}}}
        document = report.build_report(setup, [{**case, "split": "dev"}], [{**row, "repeat": 1}],
                                       repeat=1, jobs=1, min_success=None)
        self.assertIn("supplemented 1 (1 after the program's own lookup)",
                      report.render(document))


if __name__ == "__main__":
    unittest.main()
