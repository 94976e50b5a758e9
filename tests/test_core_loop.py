"""The bounded loop against scripted model replies: every way out, and what the model is sent."""

import json
import time
import unittest

import agent
import tools
from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent import run
from stock_agent.errors import EXIT_STATUS, AgentError
from stock_agent.inventory import sample_inventory
from stock_agent.run import Limits
from tests.support import run_cli, run_script


def stock_call(sku="A001", call_id=None):
    return tool_call("get_stock", {"sku": sku}, call_id)


class SpyToolbox(tools.Toolbox):
    """The default tools, recording every call that reached a handler."""

    def __init__(self):
        self.ran = []
        spy = self

        def handler(inventory, arguments):
            spy.ran.append(dict(arguments))
            return tools.get_stock(inventory, arguments)

        original = tools.GET_STOCK
        super().__init__([tools.Tool(name=original.name, description=original.description,
                                     parameters=original.parameters, handler=handler)])


class HistoryTest(unittest.TestCase):
    def test_answer_after_one_tool_call(self):
        outcome, model, events = run_script(
            [calls_reply(stock_call("A001", "call_1")), text_reply("A001: 12 in stock.")])
        self.assertEqual(outcome, "A001: 12 in stock.")
        second = model.requests[1]["messages"]
        self.assertEqual([m["role"] for m in second], ["system", "user", "assistant", "tool"])

    def test_assistant_message_keeps_its_tool_calls(self):
        _, model, _ = run_script([calls_reply(stock_call("A001", "call_1"), text="looking"),
                                  text_reply("done")])
        assistant = model.requests[1]["messages"][2]
        self.assertEqual(assistant["content"], "looking")
        self.assertEqual(assistant["tool_calls"], [stock_call("A001", "call_1")])

    def test_one_tool_message_per_call_in_call_order(self):
        _, model, events = run_script(
            [calls_reply(stock_call("A002", "b"), stock_call("A009", "a"), stock_call("A001")),
             text_reply("done")])
        results = model.requests[1]["messages"][3:]
        self.assertEqual([m["tool_call_id"] for m in results], ["b", "a", None])
        self.assertEqual([m["tool_name"] for m in results], ["get_stock"] * 3)
        contents = [json.loads(m["content"]) for m in results]
        self.assertEqual(contents[0]["data"]["sku"], "A002")
        self.assertEqual(contents[1]["error"], "SKU_NOT_FOUND")
        self.assertEqual(contents[2]["data"]["stock"], 12)
        tool_events = [e for e in events if e["event"] == "tool"]
        self.assertEqual([e["invocation"] for e in tool_events], ["1:0", "1:1", "1:2"])
        self.assertEqual([e["id"] for e in tool_events], ["b", "a", None])

    def test_tool_definitions_are_sent_with_every_request(self):
        _, model, _ = run_script([calls_reply(stock_call()), text_reply("done")])
        for request in model.requests:
            self.assertEqual([t["name"] for t in request["tools"]],
                             tools.default_toolbox().names())
            self.assertEqual(request["tools"][0]["parameters"],
                             tools.GET_STOCK.parameters)

    def test_tool_errors_go_back_to_the_model_and_the_run_goes_on(self):
        outcome, model, _ = run_script([
            calls_reply(tool_call("get_stok", {"sku": "A001"})),
            calls_reply(tool_call("get_stock", {"sku": 1})),
            text_reply("Sorry.")])
        self.assertEqual(outcome, "Sorry.")
        unknown = json.loads(model.requests[1]["messages"][-1]["content"])
        invalid = json.loads(model.requests[2]["messages"][-1]["content"])
        self.assertEqual((unknown["error"], invalid["error"]),
                         ("UNKNOWN_TOOL", "INVALID_ARGUMENTS"))
        self.assertIn("get_stock", unknown["detail"])


class ExitTest(unittest.TestCase):
    def assertFails(self, code, script, **kwargs):
        outcome, model, events = run_script(script, **kwargs)
        self.assertIsInstance(outcome, AgentError, outcome)
        self.assertEqual(outcome.code, code)
        self.assertEqual(events[-1], {**events[-1], "event": "failed", "code": code})
        return model, events

    def test_step_limit_when_the_model_keeps_calling(self):
        script = [calls_reply(stock_call("A00" + str(n))) for n in range(1, 7)]
        model, events = self.assertFails("STEP_LIMIT", script)
        self.assertEqual(len(model.requests), 6)
        self.assertEqual(sum(e["event"] == "model" for e in events), 6)

    def test_max_steps_is_honoured(self):
        model, _ = self.assertFails("STEP_LIMIT", [calls_reply(stock_call())] * 2,
                                    limits=Limits(max_steps=2))
        self.assertEqual(len(model.requests), 2)

    def test_too_many_calls_in_one_reply_runs_none(self):
        spy = SpyToolbox()
        self.assertFails("INVALID_TOOL_BATCH", [calls_reply(*[stock_call()] * 9)],
                         toolbox=spy)
        self.assertEqual(spy.ran, [])

    def test_max_tool_calls_is_honoured(self):
        self.assertFails("INVALID_TOOL_BATCH", [calls_reply(stock_call(), stock_call())],
                         limits=Limits(max_tool_calls=1))

    def test_tool_calls_not_a_list(self):
        reply = calls_reply()
        reply["tool_calls"] = {"name": "get_stock"}
        self.assertFails("INVALID_TOOL_BATCH", [reply])

    def test_truncated_reply_runs_nothing(self):
        spy = SpyToolbox()
        reply = calls_reply(stock_call(), stop="truncated")
        self.assertFails("TRUNCATED", [reply], toolbox=spy)
        self.assertEqual(spy.ran, [])

    def test_unknown_stop_reason_is_incomplete(self):
        self.assertFails("INCOMPLETE_MODEL_RESPONSE", [text_reply("hi", stop="other")])

    def test_reply_that_is_not_an_object(self):
        self.assertFails("INVALID_MODEL_MESSAGE", [["not", "a", "reply"]])

    def test_text_that_is_not_a_string(self):
        reply = text_reply("x")
        reply["text"] = 42
        self.assertFails("INVALID_MODEL_MESSAGE", [reply])

    def test_malformed_call_stops_the_whole_batch(self):
        spy = SpyToolbox()
        self.assertFails("INVALID_TOOL_CALL",
                         [calls_reply(stock_call(), {"name": "", "arguments": {}})],
                         toolbox=spy)
        self.assertEqual(spy.ran, [])

    def test_call_without_arguments_key(self):
        self.assertFails("INVALID_TOOL_CALL", [calls_reply({"id": None, "name": "get_stock"})])

    def test_empty_answer(self):
        self.assertFails("EMPTY_ANSWER", [text_reply("  \n")])

    def test_context_limit_is_checked_before_each_request(self):
        definitions = tools.default_toolbox().definitions()
        # room for the first request, not for a tool result
        limit = run.request_chars(definitions) + 200
        model, _ = self.assertFails("CONTEXT_LIMIT", [calls_reply(stock_call())],
                                    limits=Limits(max_context_chars=limit))
        self.assertEqual(len(model.requests), 1)  # the tool result pushed it over the limit

    def test_context_limit_before_the_first_request(self):
        fixed = (run.request_chars(tools.default_toolbox().definitions())
                 + len(json.dumps({"role": "system", "content": "rules"})))
        # The fixed part fits; with the question it does not.
        model, _ = self.assertFails("CONTEXT_LIMIT", [],
                                    limits=Limits(max_context_chars=fixed + 10))
        self.assertEqual(model.requests, [])

    def test_a_fixed_part_over_the_budget_names_its_sizes_and_sends_nothing(self):
        definitions = run.request_chars(tools.default_toolbox().definitions())
        prompt = len(json.dumps({"role": "system", "content": "rules"}))
        model, events = self.assertFails("FIXED_CONTEXT_TOO_LARGE", [],
                                         limits=Limits(max_context_chars=definitions))
        self.assertEqual(model.requests, [])
        self.assertEqual(events[-1]["exit_status"], 15)
        error, _, _ = run_script([], limits=Limits(max_context_chars=definitions))
        self.assertEqual(error.params, {"prompt": prompt, "tools": definitions,
                                        "fixed": prompt + definitions, "limit": definitions})
        for lang in ("en", "zh-TW"):  # the line a person reads names every size
            line = error.message(lang)
            for size in (prompt, definitions, prompt + definitions):
                self.assertIn(str(size), line)
            self.assertIn("--max-context-chars", line)

    def test_time_budget(self):
        def slow(messages):
            time.sleep(0.06)
            return calls_reply(stock_call())
        self.assertFails("TIME_BUDGET", [slow, slow, slow],
                         limits=Limits(budget_seconds=0.05))

    def test_deadline_caps_the_request_timeout(self):
        seen = []

        class Recording:
            def chat(self, messages, tools, *, timeout):
                seen.append(timeout)
                return text_reply("ok")

        log = type("Log", (), {"model_event": lambda *a, **k: None, "answer": None})()
        agent.run_agent("q", Recording(), toolbox=tools.default_toolbox(),
                        inventory=sample_inventory(),
                        limits=Limits(budget_seconds=5, timeout=120), log=log,
                        system_prompt="rules")
        self.assertLessEqual(seen[0], 5)

    def test_a_timeout_caused_by_the_deadline_is_the_budget(self):
        error = AgentError("MODEL_TIMEOUT", url="u", seconds=1)
        self.assertFails("TIME_BUDGET", [error], limits=Limits(budget_seconds=5))

    def test_a_timeout_within_the_budget_stays_a_timeout(self):
        error = AgentError("MODEL_TIMEOUT", url="u", seconds=1)
        self.assertFails("MODEL_TIMEOUT", [error],
                         limits=Limits(budget_seconds=500, timeout=10))


class TextCallTest(unittest.TestCase):
    def test_more_recovered_text_calls_than_a_batch_allows_run_none(self):
        spy = SpyToolbox()
        text = json.dumps([{"name": "get_stock", "arguments": {"sku": f"A00{n}"}}
                           for n in range(3)])
        outcome, _, events = run_script([text_reply(text)], toolbox=spy,
                                        limits=Limits(max_tool_calls=2),
                                        recover_text_calls=True)
        self.assertEqual(outcome.code, "INVALID_TOOL_BATCH")
        self.assertEqual(spy.ran, [])


class LogTest(unittest.TestCase):
    def test_a_crashing_handler_leaves_its_exception_in_the_log_only(self):
        def broken(inventory, arguments):
            raise KeyError("secret-row")
        box = tools.Toolbox([tools.Tool(name="get_stock", description="d", handler=broken,
                                        parameters=tools.GET_STOCK.parameters)])
        _, model, events = run_script([calls_reply(stock_call()), text_reply("sorry")],
                                      toolbox=box)
        tool_event = next(e for e in events if e["event"] == "tool")
        self.assertEqual(tool_event["error"], "INTERNAL_ERROR")
        self.assertEqual(tool_event["exception"], "KeyError: 'secret-row'")
        self.assertNotIn("secret-row", model.requests[1]["messages"][-1]["content"])

    def test_events_in_order_with_one_terminal_event(self):
        _, _, events = run_script([calls_reply(stock_call()), text_reply("done")])
        self.assertEqual([e["event"] for e in events],
                         ["model", "tool", "model", "completed"])
        model_event = events[0]
        self.assertEqual(model_event["step"], 1)
        self.assertEqual(model_event["stop"], "tool_calls")
        self.assertIn("duration_ms", model_event)

    def test_no_content_by_default(self):
        _, _, events = run_script([calls_reply(stock_call()), text_reply("SECRET ANSWER")],
                                  question="SECRET QUESTION A001")
        text = json.dumps(events, ensure_ascii=False)
        for secret in ("SECRET", "濾掛咖啡", '"stock"', "arguments"):
            self.assertNotIn(secret, text)

    def test_content_when_asked(self):
        _, _, events = run_script([calls_reply(stock_call()), text_reply("SECRET ANSWER")],
                                  log_content=True)
        tool_event = next(e for e in events if e["event"] == "tool")
        self.assertEqual(tool_event["arguments"], {"sku": "A001"})
        self.assertEqual(tool_event["result"]["data"]["stock"], 12)
        self.assertEqual(events[-1]["answer"], "SECRET ANSWER")


if __name__ == "__main__":
    unittest.main()


class LastRequestTest(unittest.TestCase):
    """The last request a run may make asks for the answer (a small model otherwise goes
    on looking things up until STEP_LIMIT); the request before is its exact prefix."""

    def run_steps(self, lang, max_steps, script):
        model = MockModel(script)
        status, out, _, _ = run_cli(["--lang", lang, "--max-steps", str(max_steps), "--verify",
                                     "off", "-q", "Check A001"], model=model)
        return status, out, model

    def test_the_last_request_ends_with_the_note_in_the_runs_language(self):
        lookup = calls_reply(tool_call("get_stock", {"sku": "A001"}, "c1"))
        for lang in ("en", "zh-TW"):
            with self.subTest(lang=lang):
                status, out, model = self.run_steps(lang, 3, [
                    lookup, calls_reply(tool_call("get_stock", {"sku": "A002"}, "c2")),
                    text_reply("A001: 12.")])
                self.assertEqual(status, 0)
                last, before = model.requests[2]["messages"], model.requests[1]["messages"]
                self.assertEqual(last[-1], {"role": "user",
                                            "content": run.LAST_REQUEST[lang]})
                self.assertEqual(before[-1]["role"], "tool")  # only the last gets it
                self.assertEqual(model.requests[2]["tools"], model.requests[1]["tools"])

    def test_a_call_in_the_last_reply_still_ends_in_step_limit(self):
        lookup = calls_reply(tool_call("get_stock", {"sku": "A001"}, "c1"))
        status, _, model = self.run_steps("en", 2, [lookup, lookup])
        self.assertEqual(status, EXIT_STATUS["STEP_LIMIT"])

    def test_told_to_answer_and_still_calling_the_facts_answer_for_the_model(self):
        lookup = calls_reply(tool_call("get_stock", {"sku": "A001"}, "c1"))
        explore = calls_reply(tool_call("find_items", {"query": "zzz"}, "c2"))
        by_name = "How many 濾掛咖啡 do we have?"  # no search found it: nothing is settled
        for lang, lead in (("en", "gave no answer"), ("zh-TW", "沒有給出回答")):
            with self.subTest(lang=lang):
                status, out, err, events = run_cli(
                    ["--lang", lang, "--max-steps", "2", "--json", "-q", by_name],
                    model=MockModel([lookup, explore]))
                self.assertEqual(status, 0, err)
                result = json.loads(out)
                self.assertEqual(result["verification"], "rendered")
                self.assertIn(lead, result["answer"])
                self.assertIn("12", result["answer"])
                self.assertEqual(events[-1]["event"], "completed")
        # A SKU the question names and no call looked up, the program looks up itself.
        status, out, _, events = run_cli(["--max-steps", "2", "-q", "Check A001 and A009"],
                                         model=MockModel([lookup, explore]))
        self.assertEqual(status, 0)
        self.assertIn("SKU A009 was not found", out)
        self.assertEqual([e["invocation"] for e in events if e["event"] == "tool"],
                         ["1:0", "2:0", "2:program"])
        # No facts at all (every call failed) leave it STEP_LIMIT.
        failing = [calls_reply(tool_call("get_stock", {"sku": 5}, "c1")),
                   calls_reply(tool_call("find_items", {"q": "x"}, "c2"))]
        status, _, _, _ = run_cli(["--max-steps", "2", "-q", "How many units do we carry?"],
                                  model=MockModel(failing))
        self.assertEqual(status, EXIT_STATUS["STEP_LIMIT"])
        # So does a single-step run: the model never saw the results, nor was told to answer.
        status, _, _, _ = run_cli(["--max-steps", "1", "-q", by_name],
                                  model=MockModel([lookup]))
        self.assertEqual(status, EXIT_STATUS["STEP_LIMIT"])

    def test_a_single_step_run_gets_no_note(self):
        status, _, model = self.run_steps("en", 1, [text_reply("hello")])
        self.assertEqual(status, 0)
        self.assertEqual(model.requests[0]["messages"][-1]["content"], "Check A001")
