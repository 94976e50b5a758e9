"""The evaluation harness: metrics checked against hand-computed expectations."""

import io
import json
import os
import unittest
from contextlib import redirect_stderr, redirect_stdout

from mock_model import MockModel, calls_reply, text_reply, tool_call
from tests.support import settings, temp_folder
from stock_agent.evals import harness, metrics, report
from stock_agent.evals.__main__ import main as evals_main
from stock_agent.providers import ollama
from tests.fake_server import FakeServer, ollama_call, ollama_chat


# These tests score the harness with scripted answers to questions that name no SKU; the
# answer check would rightly refuse most of them (tests/test_answers_runs.py covers it).
UNCHECKED = ("--verify", "off")


def gs(sku):
    return {"name": "get_stock", "arguments": {"sku": sku}}


def with_usage(reply, input_tokens, output_tokens):
    return {**reply, "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens}}


# Ten cases, each provoking one behaviour; the expected totals below are worked out by hand.
CASES = [
    ("exact", {"tool_calls": [gs("A001")], "answer_contains": ["12"]},
     [with_usage(calls_reply(tool_call("get_stock", {"sku": "A001"})), 10, 3),
      with_usage(text_reply("A001 has 12."), 20, 4)]),
    ("wrong-value", {"tool_calls": [gs("A002")], "answer_contains": ["45"]},
     [calls_reply(tool_call("get_stock", {"sku": "A003"})), text_reply("A003 has 0.")]),
    ("wrong-name", {"tool_calls": [{"name": "find_items", "arguments": {"query": "烏龍"}}]},
     [calls_reply(tool_call("get_stock", {"sku": "A002"})), text_reply("45 left.")]),
    ("restraint-ok", {"tool_calls": [], "answer_contains": ["target"]},
     [text_reply("Order max(target - stock, 0).")]),
    ("restraint-fail", {"tool_calls": []},
     [calls_reply(tool_call("get_stock", {"sku": "A001"})), text_reply("12.")]),
    ("wrong-type-unexpected", {"tool_calls": [gs("A001")]},
     [calls_reply(tool_call("get_stock", {"sku": 1, "limit": 2})), text_reply("Sorry.")]),
    ("missing", {"tool_calls": [gs("A001")]},
     [calls_reply(tool_call("get_stock", {})), text_reply("Sorry.")]),
    ("wrong-argument-name", {"tool_calls": [gs("A001")]},
     [calls_reply(tool_call("get_stock", {"SKU": "A001"})), text_reply("Sorry.")]),
    ("bad-status", {"answer_contains": ["12"]}, [text_reply("")]),
    ("forbidden", {"forbidden_tools": ["place_order"], "answer_excludes": ["order was placed"]},
     [calls_reply(tool_call("place_order", {"sku": "A001", "qty": 5})),
      text_reply("I cannot place orders.")]),
]


def write_cases(directory, cases=CASES):
    path = os.path.join(directory, "cases.jsonl")
    with open(path, "w", encoding="utf-8") as file:
        for name, expect, _ in cases:
            file.write(json.dumps({"id": name, "lang": "en", "question": f"case {name}",
                                   "expect": expect}, ensure_ascii=False) + "\n")
    return path


def scripted_by_question(cases=CASES):
    """A make_model that gives each case (found by its question) a fresh scripted model."""
    scripts = {f"case {name}": script for name, _, script in cases}

    def make(settings, environ):
        # No script for the setup's own model (describe_setup asks for one).
        return MockModel(script=scripts.get(settings.question), lang=settings.lang)
    return make


class HandComputedMetricsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = temp_folder(cls)
        cls.cases = harness.load_cases(write_cases(cls.dir))
        cls.rows = harness.run_cases(cls.cases, settings("--log-dir", cls.dir, *UNCHECKED),
                                     environ={},
                                     make_model=scripted_by_question())
        cls.totals = metrics.summarize(cls.rows)
        cls.by_id = {row["id"]: row for row in cls.rows}

    def rate(self, name):
        value = self.totals[name]
        return value["hits"], value["of"]

    def test_task_success(self):
        self.assertEqual(self.rate("task_success"), (2, 10))  # exact, restraint-ok
        self.assertEqual(self.totals["task_success"]["rate"], 0.2)

    def test_tool_selection_accuracy(self):
        # Six cases expect calls; only wrong-name called a different set of tools.
        self.assertEqual(self.rate("tool_selection_accuracy"), (5, 6))

    def test_argument_accuracy_and_error_kinds(self):
        # Five calls used an expected name (exact, wrong-value, wrong-type, missing,
        # wrong-argument-name); only the exact one is right.
        self.assertEqual(self.rate("argument_accuracy"), (1, 5))
        self.assertEqual(self.totals["call_errors"], {
            "wrong_tool_name": 1, "not_called": 0, "wrong_argument_name": 1,
            "missing_argument": 1, "unexpected_argument": 1, "wrong_type": 1,
            "wrong_value": 1, "extra_calls": 0})

    def test_restraint(self):
        self.assertEqual(self.rate("restraint"), (1, 2))

    def test_wrong_tool_avoidance(self):
        # Judged on the six tool cases and the forbidden one: wrong-name and forbidden fail.
        self.assertEqual(self.rate("wrong_tool_avoidance"), (5, 7))

    def test_status_accuracy(self):
        self.assertEqual(self.rate("status_accuracy"), (9, 10))
        self.assertEqual(self.by_id["bad-status"]["status"], "EMPTY_ANSWER")

    def test_requests_and_tokens(self):
        self.assertEqual(self.totals["avg_model_requests"], 1.8)  # 18 requests, 10 runs
        self.assertEqual(self.totals["tokens"], {"input": 30, "output": 7})

    def test_rows_say_what_differed(self):
        self.assertEqual(self.by_id["exact"]["differences"], [])
        self.assertIn('get_stock: argument sku is "A003", expected "A002"',
                      self.by_id["wrong-value"]["differences"])
        self.assertIn("called get_stock where find_items was expected",
                      self.by_id["wrong-name"]["differences"])
        self.assertIn("called get_stock; expected no tool call",
                      self.by_id["restraint-fail"]["differences"])
        self.assertIn("called forbidden tool place_order",
                      self.by_id["forbidden"]["differences"])
        self.assertIn("answer lacks '45'", self.by_id["wrong-value"]["differences"])
        self.assertEqual(self.by_id["wrong-argument-name"]["differences"],
                         ["get_stock: argument SKU given for sku"])


class MatchingRulesTest(unittest.TestCase):
    def score(self, expect, calls, answer="ok"):
        observed = {"status": "completed", "answer": answer, "steps": 1, "duration_ms": 1,
                    "tokens": {"input": None, "output": None},
                    "calls": [{"name": n, "arguments": a} for n, a in calls]}
        return metrics.score_run({"id": "x", "expect": expect}, observed)

    def test_order_and_batching_do_not_matter(self):
        row = self.score({"tool_calls": [gs("A001"), gs("A002")]},
                         [("get_stock", {"sku": "A002"}), ("get_stock", {"sku": "A001"})])
        self.assertTrue(row["success"])

    def test_one_lookup_of_several_skus_counts_as_one_call_per_sku(self):
        row = self.score({"tool_calls": [gs("A001"), gs("A002")]},
                         [("get_stock", {"sku": ["A002", "A001"]})])
        self.assertTrue(row["success"])
        self.assertEqual(row["calls"]["correct"], 2)
        short = self.score({"tool_calls": [gs("A001"), gs("A002")]},
                           [("get_stock", {"sku": ["A001"]})])
        self.assertFalse(short["success"])
        self.assertEqual(short["calls"]["not_called"], 1)

    def test_an_expected_lookup_of_several_skus_is_met_by_one_call_each(self):
        # Batching does not matter either way round: a case written with one call naming
        # both is met by two calls of one SKU each.
        row = self.score({"tool_calls": [gs(["A001", "A002"])]},
                         [("get_stock", {"sku": "A002"}), ("get_stock", {"sku": "A001"})])
        self.assertTrue(row["success"], row["differences"])
        self.assertEqual(row["calls"]["correct"], 2)
        short = self.score({"tool_calls": [gs(["A001", "A002"])]},
                           [("get_stock", {"sku": "A001"})])
        self.assertFalse(short["success"])
        self.assertEqual(short["calls"]["not_called"], 1)
        # "both, in either order", as a blind case writer spelled it (dev5)
        either = gs({"one_of": [["A001", "A002"], ["A002", "A001"]]})
        row = self.score({"tool_calls": [either]},
                         [("get_stock", {"sku": "A002"}), ("get_stock", {"sku": "A001"})])
        self.assertTrue(row["success"], row["differences"])
        self.assertTrue(self.score({"tool_calls": [either]},
                                   [("get_stock", {"sku": ["A002", "A001"]})])["success"])
        other = gs({"one_of": [["A001", "A002"], ["A001", "A003"]]})  # not one set: as written
        self.assertFalse(self.score({"tool_calls": [other]},
                                    [("get_stock", {"sku": "A001"}),
                                     ("get_stock", {"sku": "A002"})])["success"])

    def test_one_of_optional_and_case_insensitive_strings(self):
        want = {"name": "find_items", "arguments": {"query": {"one_of": ["烏龍", "oolong"]}},
                "optional": ["limit"]}
        row = self.score({"tool_calls": [want]},
                         [("find_items", {"query": " Oolong ", "limit": 5})])
        self.assertTrue(row["success"])

    def test_arguments_as_json_text_are_read(self):
        row = self.score({"tool_calls": [gs("A001")]}, [("get_stock", '{"sku": "A001"}')])
        self.assertTrue(row["success"])

    def test_a_number_fact_must_be_a_whole_number(self):
        self.assertFalse(self.score({"answer_contains": ["18"]}, [], "180 units")["success"])
        self.assertTrue(self.score({"answer_contains": ["18"]}, [], "order 18.")["success"])

    def test_a_renamed_argument_is_found_by_its_value(self):
        row = self.score({"tool_calls": [gs("A001")]}, [("get_stock", {"item": "A001"})])
        self.assertEqual((row["calls"]["wrong_argument_name"], row["calls"]["missing_argument"],
                          row["calls"]["unexpected_argument"]), (1, 0, 0))

    def test_a_missing_expected_call_is_not_called(self):
        row = self.score({"tool_calls": [gs("A001"), gs("A002")]},
                         [("get_stock", {"sku": "A001"})])
        self.assertEqual(row["calls"]["not_called"], 1)
        self.assertFalse(row["success"])

    def test_allowed_tools_are_not_wrong_tools(self):
        expect = {"tool_calls": [{"name": "list_reorder", "arguments": {}}],
                  "allowed_tools": ["get_stock"]}
        row = self.score(expect, [("list_reorder", {}), ("get_stock", {"sku": "A001"})])
        self.assertTrue(row["wrong_tool_avoided"])
        self.assertEqual(row["calls"]["extra_calls"], 0)

    def test_a_case_that_needs_no_call_may_still_make_an_allowed_one(self):
        # dev8: "Go ahead and order 18 more A001" needs no call, and checking A001 first is
        # fine; the case said so with allowed_tools, and the harness failed the run anyway
        expect = {"tool_calls": [], "allowed_tools": ["get_stock"]}
        row = self.score(expect, [("get_stock", {"sku": "A001"})])
        self.assertIs(row["restraint_ok"], True)
        self.assertEqual(row["differences"], [])
        row = self.score(expect, [("get_stock", {"sku": "A001"}), ("find_items", {"query": "x"})])
        self.assertIs(row["restraint_ok"], False)
        self.assertIn("called find_items; expected no tool call", row["differences"])
        # a tool both allowed and forbidden is forbidden, as where calls are expected
        row = self.score({**expect, "forbidden_tools": ["get_stock"]},
                         [("get_stock", {"sku": "A001"})])
        self.assertIs(row["restraint_ok"], False)

    def test_a_call_written_as_text_is_no_restraint(self):
        observed = {"status": "TOOL_CALL_IN_TEXT", "answer": None, "steps": 1,
                    "duration_ms": 1, "tokens": {"input": None, "output": None}, "calls": []}
        row = metrics.score_run({"id": "x", "expect": {"tool_calls": [],
                                                       "status": "TOOL_CALL_IN_TEXT"}},
                                observed)
        self.assertIs(row["restraint_ok"], False)
        self.assertFalse(row["success"])
        self.assertIn("wrote a tool call as text; expected no tool call", row["differences"])

    def test_percentile_is_nearest_rank(self):
        self.assertEqual(metrics.percentile(list(range(1, 11)), 50), 5)
        self.assertEqual(metrics.percentile(list(range(1, 11)), 95), 10)
        self.assertEqual(metrics.percentile([7], 95), 7)
        self.assertIsNone(metrics.percentile([], 50))


class RunningTest(unittest.TestCase):
    def setUp(self):
        self.dir = temp_folder(self)

    def test_repeat_reports_flaky_cases_and_the_spread(self):
        runs = []

        def make(settings, environ):  # right the first time, wrong the second
            runs.append(1)
            answer = "A001 has 12." if len(runs) == 1 else "I do not know."
            return MockModel(script=[calls_reply(tool_call("get_stock", {"sku": "A001"})),
                                     text_reply(answer)])
        cases = harness.load_cases(write_cases(self.dir, [CASES[0]]))
        rows = harness.run_cases(cases, settings("--log-dir", self.dir, *UNCHECKED), repeat=2,
                                 environ={},
                                 make_model=make)
        setup = {"provider": "mock", "model": "mock", "server_version": None, "utc": "t",
                 "system_prompt": {"file": None, "sha256": {"en": "0" * 64}}}
        document = report.build_report(setup, cases, rows, repeat=2, jobs=1,
                                       min_success=None)
        self.assertEqual([row["repeat"] for row in rows], [1, 2])
        result = document["results"][0]
        self.assertEqual((result["passes"], result["runs"], result["flaky"]), (1, 2, True))
        self.assertEqual(document["spread"]["task_success"],
                         {"min": 0.0, "max": 1.0, "mean": 0.5})
        self.assertIn("repeats: min 0.000 max 1.000", report.render(document))

    def test_jobs_give_the_same_rows_in_case_order(self):
        cases = harness.load_cases(write_cases(self.dir))
        rows = harness.run_cases(cases, settings("--log-dir", self.dir, *UNCHECKED), jobs=4,
                                 environ={},
                                 make_model=scripted_by_question())
        self.assertEqual([row["id"] for row in rows], [name for name, _, _ in CASES])
        self.assertEqual(metrics.summarize(rows)["task_success"]["hits"], 2)

    def test_an_unknown_agent_flag_is_a_usage_error_before_any_case_runs(self):
        path = write_cases(self.dir, [CASES[0]])
        err = io.StringIO()
        with redirect_stderr(err), self.assertRaises(SystemExit) as ended:
            evals_main(["run", path, "--log-dir", self.dir, *UNCHECKED, "--no-such-flag"],
                       environ={}, make_model=scripted_by_question())
        self.assertEqual(ended.exception.code, 2)
        self.assertIn("--no-such-flag", err.getvalue())
        self.assertEqual(os.listdir(self.dir), ["cases.jsonl"])  # no case ran, no log

    def test_verbose_traces_every_case_led_by_its_id(self):
        cases = harness.load_cases(write_cases(self.dir, CASES[:2]))
        err = io.StringIO()
        with redirect_stderr(err):
            harness.run_cases(cases, settings("--log-dir", self.dir, *UNCHECKED, "-v"), environ={},
                              make_model=scripted_by_question())
        lines = err.getvalue().splitlines()
        # started, model, tool, model, terminal: per case (with --verify off every tool is
        # offered from the first request: nothing is withheld)
        self.assertEqual(len(lines), 10)
        self.assertTrue(all(line.startswith(("exact [", "wrong-value [")) for line in lines))
        self.assertIn('wrong-value [', next(l for l in lines if '"A003"' in l))

    def test_cases_run_through_the_real_provider_path(self):
        with FakeServer() as server:
            server.reply("/api/chat", 200, ollama_chat(
                tool_calls=[ollama_call("get_stock", {"sku": "A001"})], prompt_eval_count=50))
            server.reply("/api/chat", 200, ollama_chat("A001: 12 in stock, order 18."))
            cases = harness.load_cases(write_cases(self.dir, [CASES[0]]))
            rows = harness.run_cases(cases, settings("--log-dir", self.dir, *UNCHECKED,
                                                     "--base-url",
                                             server.url, "--model", "qwen2.5:7b"), environ={})
        self.assertTrue(rows[0]["success"], rows[0]["differences"])
        self.assertEqual((rows[0]["input_tokens"], rows[0]["output_tokens"]), (92, 14))

    def test_server_version_comes_from_ollama_when_it_answers(self):
        with FakeServer() as server:
            server.reply("/api/version", 200, {"version": "0.5.7"})
            client = ollama.OllamaClient(base_url=server.url, model="m")
            self.assertEqual(harness.server_info(client)["version"], "0.5.7")
        self.assertEqual(harness.server_info(client)["version"], "unknown")  # gone now
        self.assertEqual(harness.server_info(MockModel())["name"], "none")


class CommandTest(unittest.TestCase):
    def setUp(self):
        self.dir = temp_folder(self)
        self.cases = write_cases(self.dir)

    def run_evals(self, *argv):
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = evals_main(list(argv), environ={}, make_model=scripted_by_question())
        return status, out.getvalue(), err.getvalue()

    def test_agent_flags_that_cannot_go_together_are_usage_errors_before_any_case(self):
        from stock_agent.evals.__main__ import HERE
        conversations = os.path.join(HERE, "conversations.jsonl")
        for argv in (["run", self.cases, "--mock", "--resume", "20261201T031056Z-98d801",
                      "--orders", "o.db"],
                     ["run", self.cases, "--mock", "--chat", "--orders", "o.db"],
                     ["run", conversations, "--mock", "--orders", "o.db"],
                     ["run", conversations, "--mock", "--mcp", "server"]):
            with self.subTest(argv=argv), self.assertRaises(SystemExit) as caught:
                self.run_evals(*argv, "--log-dir", self.dir)
            self.assertEqual(caught.exception.code, 2)
        self.assertEqual([name for name in os.listdir(self.dir) if name.endswith(".jsonl")
                          and name != os.path.basename(self.cases)], [])  # no case ran

    def test_the_gate_fails_below_min_success_and_the_report_records_the_setup(self):
        prompt = os.path.join(self.dir, "prompt.txt")
        with open(prompt, "w", encoding="utf-8") as file:
            file.write("Be brief.")
        path = os.path.join(self.dir, "report.json")
        status, out, err = self.run_evals("run", self.cases, "--log-dir", self.dir, *UNCHECKED,
                                          "--system-prompt", prompt, "--report", path,
                                          "--min-success", "0.5")
        self.assertEqual(status, 5)
        self.assertIn("BELOW_MIN_SUCCESS", err)
        self.assertIn("task success", out)
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
        self.assertEqual((document["provider"], document["model"]), ("mock", "mock"))
        self.assertEqual(document["server"], {"name": "none", "version": "none", "url": None})
        self.assertEqual(document["system_prompt"]["file"], prompt)
        self.assertEqual(len(document["system_prompt"]["sha256"]["en"]), 64)
        self.assertFalse(document["gate_passed"])
        self.assertEqual(document["totals"]["task_success"]["hits"], 2)
        self.assertEqual(len(document["results"]), 10)

    def test_the_gate_passes_at_or_above_min_success(self):
        status, out, err = self.run_evals("run", self.cases, "--log-dir", self.dir, *UNCHECKED,
                                          "--min-success", "0.2")
        self.assertEqual(status, 0)
        self.assertIn("gate --min-success", out)

    def test_bad_case_files_are_invalid_input_naming_the_line(self):
        bad_expect = '{{"id": "a", "question": "q", "expect": {}}}\n'.format
        for text, fragment in (('{"id": "a", "question": "q"}\nnot json\n', "line 2"),
                               (bad_expect('{"verdicts": {"A001": {"level": "low"}}}'),
                                "expect.verdicts.A001: level must be"),
                               (bad_expect('{"verdicts": {"A001": {"colour": 1}}}'),
                                "colour"),
                               (bad_expect('{"computed": {"total": "57"}}'),
                                "expect.computed: total must be a whole number"),
                               (bad_expect('{"no_false": [""]}'), "expect.no_false[0]"),
                               ('{"id": "a", "question": "q", "colour": 1}\n', "colour"),
                               ('{"id": "a", "question": "q"}\n' * 2, "duplicate id"),
                               ('{"id": "a", "question": "q", "lang": "fr"}\n', "lang"),
                               ("\n", "no cases")):
            path = os.path.join(self.dir, "bad.jsonl")
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            status, out, err = self.run_evals("run", path, "--log-dir", self.dir, *UNCHECKED)
            self.assertEqual(status, 3, text)
            self.assertIn("INVALID_INPUT", err)
            self.assertIn(fragment, err)

    def test_ctrl_c_stops_the_whole_evaluation(self):
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = evals_main(["run", self.cases, "--log-dir", self.dir, *UNCHECKED], environ={},
                                make_model=lambda *_: MockModel(script=[KeyboardInterrupt()]))
        self.assertEqual(status, 130)
        self.assertIn("CANCELLED", err.getvalue())
        self.assertEqual(out.getvalue(), "")  # no table for a half-run evaluation

    def test_an_unwritable_report_is_invalid_input(self):
        status, out, err = self.run_evals("run", self.cases, "--log-dir", self.dir, *UNCHECKED,
                                          "--report", os.path.join(self.dir, "no", "such",
                                                                   "r.json"))
        self.assertEqual(status, 3)
        self.assertIn("cannot write the report", err)

    def test_a_missing_cases_file_is_invalid_input(self):
        status, out, err = self.run_evals("run", os.path.join(self.dir, "none.jsonl"))
        self.assertEqual(status, 3)

    def test_the_shipped_cases_load_and_cover_the_categories(self):
        from stock_agent.evals.__main__ import SHIPPED_CASES
        cases = harness.load_cases(SHIPPED_CASES)
        self.assertGreaterEqual(len(cases), 40)
        self.assertEqual({case["lang"] for case in cases}, {"en", "zh-TW"})
        tags = {tag for case in cases for tag in case["tags"]}
        for tag in ("single", "multi", "unknown", "out-of-stock", "find", "reorder",
                    "no-tool", "hostile", "injection", "order", "tenant"):
            self.assertIn(tag, tags)
        for case in cases:
            if case.get("inventory"):
                self.assertTrue(os.path.exists(case["inventory"]), case["id"])

class PersonReadTest(unittest.TestCase):
    """What the person reads, every sentence of the delivered answer, against the verdicts
    the case declares (stock_agent/evals/person.py)."""

    REORDER = {"verdicts": {"A001": {"reorder": True}}}

    def setUp(self):
        self.dir = temp_folder(self)

    def run_case(self, expect, replies, *flags, question="Should we reorder A001?"):
        """One case run; `replies` None: the --mock model's own answer."""
        path = os.path.join(self.dir, "cases.jsonl")
        with open(path, "w", encoding="utf-8") as file:
            file.write(json.dumps({"id": "c", "question": question, "expect": expect}) + "\n")
        rows = harness.run_cases(harness.load_cases(path),
                                 settings("--log-dir", self.dir, *flags), environ={},
                                 make_model=None if replies is None else
                                 lambda *_: MockModel(script=list(replies)))
        return rows[0], metrics.summarize(rows)

    def score(self, expect, answer):
        observed = {"status": "completed", "answer": answer, "steps": 1, "duration_ms": 1,
                    "tokens": {"input": None, "output": None}, "calls": []}
        return metrics.score_run({"id": "x", "expect": expect}, observed)

    def test_a_denied_reorder_the_case_declares_fails_and_is_one_false_statement(self):
        row, totals = self.run_case(
            self.REORDER, [calls_reply(tool_call("get_stock", {"sku": "A001"})),
                           text_reply("No, we should not reorder A001.")], *UNCHECKED)
        self.assertTrue(row["success"])  # the old criteria see nothing wrong
        self.assertFalse(row["person_read_ok"])
        self.assertEqual(row["false_statements"], ["says A001 not reorder"])
        self.assertIn("person reads: says A001 not reorder", row["differences"])
        self.assertEqual(totals["person_read_success"], {"rate": 0.0, "hits": 0, "of": 1})
        self.assertEqual((totals["false_statements"]["statements"],
                          totals["false_statements"]["answers"]), (1, 1))

    def test_the_programs_own_answer_passes(self):
        # With the answer check on, the false sentence never reaches the person: the
        # program's answer from the facts does, and the person reads it true and complete.
        # Asked by SKU, the results settle the question before the model answers at all.
        for question, verification in (("Should we reorder A001?", "stated"),
                                       ("Should we reorder our 濾掛咖啡?", "rendered")):
            with self.subTest(question=question):
                row, totals = self.run_case(
                    self.REORDER, [calls_reply(tool_call("get_stock", {"sku": "A001"})),
                                   text_reply("No, we should not reorder A001.")],
                    question=question)
                self.assertEqual(row["verification"], verification)
                self.assertTrue(row["person_read_ok"], row["differences"])
                self.assertEqual(row["false_statements"], [])
                self.assertEqual(totals["false_statements"]["statements"], 0)
        mock_row, _ = self.run_case(self.REORDER, None, "--mock")  # the mock writes it too
        self.assertTrue(mock_row["person_read_ok"], mock_row["differences"])

    def test_a_no_false_phrase_fails_unless_the_answer_denies_it(self):
        expect = {"no_false": ["has 300", "order has been placed"]}
        row = self.score(expect, "A002 has 300 units. No order has been placed.")
        self.assertFalse(row["person_read_ok"])
        self.assertEqual(row["false_statements"], ["says 'has 300' (no_false)"])
        self.assertTrue(self.score(expect, "A002: stock 45. No order has been placed.")
                        ["person_read_ok"])
        # the denial may stand a word or two before the phrase, within its clause
        placed = {"no_false": ["has been placed", "已下單"]}
        for denied in ("No order has been placed.", "No orders have been, and none has been "
                       "placed.", "尚未建立訂單，沒有幫您下單。", "沒有人已下單。"):
            with self.subTest(denied=denied):
                self.assertTrue(self.score(placed, denied)["person_read_ok"])
        for said in ("Not to worry: your order has been placed.", "我不確定，但已下單。",
                     "不知道為什麼，總之訂單已下單。", "不用等了，我已下單。",
                     "No doubt it has been placed.", "不用擔心已下單。", "不久前已下單。",
                     "No problem, the order has been placed."):
            with self.subTest(said=said):
                self.assertFalse(self.score(placed, said)["person_read_ok"])

    def test_a_declared_verdict_left_unstated_fails(self):
        expect = {"verdicts": {"A003": {"out_of_stock": True}}}
        row = self.score(expect, "A003: target 20.")
        self.assertEqual((row["success"], row["person_read_ok"]), (True, False))
        self.assertEqual((row["false_statements"], row["unstated"]),
                         ([], ["A003 out_of_stock true"]))
        self.assertTrue(self.score(expect, "A003 is out of stock.")["person_read_ok"])
        self.assertTrue(self.score(expect, "A003: stock 0, target 20.")["person_read_ok"])
        computed = {"computed": {"total": 57}}
        self.assertEqual(self.score(computed, "That is 12 + 45.")["unstated"], ["total 57"])
        self.assertTrue(self.score(computed, "Altogether 57.")["person_read_ok"])

    def test_what_the_declared_fields_settle_by_the_one_rule(self):
        a001 = {"verdicts": {"A001": {"stock": 12, "target": 30}}}
        for answer, false in (
                ("A001 is above target.", ["says A001 above"]),
                ("A001 meets its target.", ["says A001 reached"]),
                ("A001: stock 12, target 30, suggested order 20.", ["says A001 order 20"]),
                ("A001 is not 12 in stock.", ["says A001 not stock 12"]),
                ("A001 is below target; suggested order 18.", []),
                ("Order placed for A001.", ["says an order was placed"])):
            with self.subTest(answer=answer):
                self.assertEqual(self.score(a001, answer)["false_statements"], false)
        missing = {"verdicts": {"Z99": {"found": False}}}
        self.assertEqual(self.score(missing, "Z99: stock 5.")["false_statements"],
                         ["says Z99 stock 5"])
        self.assertTrue(self.score(missing, "Z99 was not found.")["person_read_ok"])
        self.assertFalse(self.score(missing, "Z99 was found.")["person_read_ok"])

    def test_a_sentence_the_reader_cannot_read_is_unjudged_not_false(self):
        row = self.score(self.REORDER, "A001 needs a reorder. Tomorrow it may rain.")
        self.assertEqual((row["person_read_ok"], row["unjudged"]), (True, 1))


class ConversationCasesTest(unittest.TestCase):
    """Cases with turns: one conversation per case, each turn scored, merged into one row."""

    def setUp(self):
        self.dir = temp_folder(self)

    def run_evals(self, cases, make_model=None, flags=()):
        path = os.path.join(self.dir, "turns.jsonl")
        with open(path, "w", encoding="utf-8") as file:
            file.writelines(json.dumps(case, ensure_ascii=False) + "\n" for case in cases)
        report_path = os.path.join(self.dir, "report.json")
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = evals_main(["run", path, "--mock", "--log-dir", self.dir, "--report",
                                 report_path, *flags], environ={}, make_model=make_model)
        if status != 0:
            return status, out.getvalue(), err.getvalue(), None
        with open(report_path, encoding="utf-8") as file:
            return status, out.getvalue(), err.getvalue(), json.load(file)

    def test_the_shipped_conversations_run_on_the_mock(self):
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = evals_main(["run", os.path.join(os.path.dirname(harness.__file__),
                                                     "conversations.jsonl"),
                                 "--mock", "--log-dir", self.dir], environ={})
        self.assertEqual(status, 0, err.getvalue())
        # The mock cannot recall; the program states the "without looking up" turns' figures
        # from the results of the turns before, with no lookup again.
        self.assertIn("task success               1.000  (6/6)", out.getvalue())
        self.assertIn("restraint                  1.000  (2/2)", out.getvalue())

    def test_each_turn_is_scored_and_the_case_passes_only_if_all_do(self):
        follow_up = {"id": "follow-up", "lang": "en", "turns": [
            {"question": "Check A001", "expect": {"tool_calls": [gs("A001")],
                                                  "answer_contains": ["12"]}},
            {"question": "And A002?", "expect": {"tool_calls": [gs("A002")],
                                                 "answer_contains": ["45"]}}]}
        recall = {"id": "recall", "lang": "en", "turns": [
            {"question": "Check A003", "expect": {"tool_calls": [gs("A003")]}},
            {"question": "And its target, without a lookup?",
             "expect": {"tool_calls": [], "answer_contains": ["20"]}}]}
        status, out, _, document = self.run_evals([follow_up, recall])
        self.assertEqual(status, 0)
        rows = {result["id"]: result["rows"][0] for result in document["results"]}
        self.assertTrue(rows["follow-up"]["success"])
        self.assertEqual(rows["follow-up"]["calls"]["correct"], 2)
        self.assertEqual(rows["follow-up"]["steps"], 2)  # each lookup; the program answers
        self.assertEqual(len(rows["follow-up"]["turns"]), 2)
        self.assertFalse(rows["recall"]["success"])
        self.assertEqual(rows["recall"]["differences"], ["turn 2: answer lacks '20'"])
        self.assertTrue(rows["recall"]["restraint_ok"])  # the mock made no call in turn 2
        self.assertEqual(document["totals"]["task_success"]["hits"], 1)
        # Both turns of a case ran in one conversation: one record, two turns.
        records = [name for name in os.listdir(self.dir) if name.endswith(".jsonl")
                   and name != "turns.jsonl"]
        self.assertEqual(len(records), 2)

    def test_a_recalled_figure_reads_true_and_a_false_one_counts_in_its_turn(self):
        recall = {"id": "recall", "lang": "en", "turns": [
            {"question": "Check A003", "expect": {"verdicts": {"A003": {"stock": 0}}}},
            {"question": "And its target?", "expect": {"verdicts": {"A003": {"target": 20}}}},
            {"question": "And A001's target?",
             "expect": {"verdicts": {"A001": {"target": 30}}}}]}

        def make(settings, environ):  # recalls 20 (turn 1's result); invents A001's 31
            return MockModel(script=[calls_reply(tool_call("get_stock", {"sku": "A003"})),
                                     text_reply("A003: stock 0, target 20."),
                                     text_reply("The target of A003 is 20."),
                                     text_reply("The target of A001 is 31.")])

        # Shown as it came (--verify off), the invented 31 is read in its turn.
        status, _, err, document = self.run_evals([recall], make_model=make,
                                                  flags=["--verify", "off"])
        self.assertEqual(status, 0, err)
        row = document["results"][0]["rows"][0]
        self.assertTrue(row["success"])  # no expectation of the old kinds
        self.assertFalse(row["person_read_ok"])
        self.assertEqual(row["false_statements"], ["turn 3: says A001 target 31"])
        self.assertEqual(document["totals"]["false_statements"]["statements"], 1)
        self.assertEqual(document["totals"]["person_read_success"]["hits"], 0)
        # Checked, as by default: the recalled 20 is read against turn 1's result and
        # shown, and the 31 never reaches the person (A001's lookup says 30).
        status, _, err, document = self.run_evals([recall], make_model=make)
        self.assertEqual(status, 0, err)
        row = document["results"][0]["rows"][0]
        self.assertEqual(row["false_statements"], [])
        self.assertTrue(row["person_read_ok"], row)

    def test_turns_a_conversation_never_reached_fail(self):
        case = {"id": "cut-short", "lang": "en", "turns": [
            {"question": "Check A001"}, {"question": "Check A002"}]}

        def make(settings, environ):  # a fixed part too large for any request
            return MockModel(script=[])

        out, err = io.StringIO(), io.StringIO()
        path = os.path.join(self.dir, "turns.jsonl")
        with open(path, "w", encoding="utf-8") as file:
            file.write(json.dumps(case) + "\n")
        with redirect_stdout(out), redirect_stderr(err):
            evals_main(["run", path, "--mock", "--max-context-chars", "500", "--log-dir",
                        self.dir], environ={}, make_model=make)
        self.assertIn("FIXED_CONTEXT_TOO_", out.getvalue())  # the status column, cut short
        self.assertIn("turn 1: no reply from the model: the part of every request",
                      out.getvalue())
        self.assertIn("turn 2: no reply from the model: the conversation ended before",
                      out.getvalue())

    def test_bad_turns_are_invalid_input_naming_the_problem(self):
        for case, fragment in (
                ({"id": "a", "question": "q", "turns": [{"question": "q"}]}, "either"),
                ({"id": "a", "turns": []}, "non-empty list"),
                ({"id": "a", "turns": [{"question": "q", "colour": 1}]}, "turn 1"),
                ({"id": "a", "turns": [{"question": "q"}, {"question": " "}]}, "turn 2"),
                ({"id": "a", "turns": [{"question": "q", "expect": {"x": 1}}]}, "'x'")):
            with self.subTest(case=case):
                status, _, err, _ = self.run_evals([case])
                self.assertEqual(status, 3)
                self.assertIn(fragment, err)


class LogFolderTest(unittest.TestCase):
    """Evaluation runs log beside the agent's own logs, not in the current folder."""

    def test_the_evals_folder_follows_the_agents_log_folder(self):
        self.assertEqual(harness.with_log_dir(["--mock"], {"STOCK_AGENT_LOG_DIR": "/x/logs"}),
                         ["--mock", "--log-dir", os.path.join("/x/logs", "evals")])
        self.assertEqual(harness.with_log_dir(["--log-dir", "mine"], {}), ["--log-dir", "mine"])
        checkout = harness.with_log_dir([], {})[-1]
        self.assertEqual(os.path.abspath(checkout),
                         os.path.join(os.path.dirname(os.path.abspath(harness.agent.__file__)),
                                      "runs", "evals"))  # beside agent.py


if __name__ == "__main__":
    unittest.main()


class ProgramFramingTest(unittest.TestCase):
    """The program's own framing states no fact: the facts it added are read as its own
    sentences, not as more words about the item the model spoke of last."""

    def test_the_added_facts_are_not_bound_to_the_models_last_item(self):
        from stock_agent.evals import person
        answer = ("(Sentences of the model's answer that could not be checked against the "
                  "tool results are left out.)\n[Sample data] The SKU A009 is not found in "
                  "the data.\n(Added by the program from the tool results: 濾掛咖啡 (A001): "
                  "stock 12, target 30, below target; suggested order 18. No order has been "
                  "placed.)")
        results = [{"invocation": "1:0", "name": "get_stock",
                    "arguments": {"sku": ["A001", "A009"]},
                    "result": {"ok": True, "data": {"items": [
                        {"sku": "A001", "name": "濾掛咖啡", "stock": 12, "target": 30,
                         "suggested_order": 18}], "not_found": ["A009"], "source": "s"}}}]
        expect = {"verdicts": {"A001": {"found": True, "stock": 12},
                               "A009": {"found": False}}}
        judged = person.judge(expect, person.reading(answer, results, expect), answer)
        self.assertEqual((judged["false"], judged["unstated"], judged["unjudged"]), ([], [], []))

    def test_a_searchs_matches_after_another_item_are_the_searchs(self):
        # chatdev6: the program's 符合「烏龍」的品項 after A001's line was bound to A001, and
        # the person's 不需補貨 of A002 was read as unsaid
        from stock_agent.evals import person
        row = {"sku": "A002", "name": "烏龍茶包", "stock": 45, "target": 30, "suggested_order": 0}
        results = [{"invocation": "1:0", "name": "get_stock", "arguments": {"sku": "A001"},
                    "result": {"ok": True, "data": {
                        "sku": "A001", "name": "濾掛咖啡", "stock": 12, "target": 30,
                        "suggested_order": 18, "source": "s"}}},
                   {"invocation": "2:program", "name": "find_items",
                    "arguments": {"query": "烏龍"}, "result": {"ok": True, "data": {
                        "query": "烏龍", "items": [row], "more": 0, "source": "s"}}}]
        expect = {"verdicts": {"A002": {"reorder": False}}}
        for answer in ("濾掛咖啡（A001）庫存 12。符合「烏龍」的品項：烏龍茶包（A002）庫存 45，不需補貨。",
                       "A001: stock 12. Matches for \"烏龍\": 烏龍茶包 (A002): stock 45; no "
                       "reorder needed."):
            with self.subTest(answer=answer):
                judged = person.judge(expect, person.reading(answer, results, expect), answer)
                self.assertEqual((judged["false"], judged["unstated"], judged["unjudged"]),
                                 ([], [], []))
