"""--otlp RUN_LOG: a finished run as OpenTelemetry traces (stock_agent/otlp/).

- A mock run with two tool calls exports as one trace: invoke_agent at the root, a chat
  span per model request, an execute_tool span per call, the answer check as a
  gen_ai.evaluation.result event, in the OTLP/HTTP JSON encoding (hex ids, 64-bit integers
  as decimal strings, enums as integers). Every gen_ai.*, mcp.* and error.* attribute name
  is one the conventions' documents define (CONVENTIONS below).
- Content only where the log holds it; the same log gives the same bytes; a conversation
  gives one trace per question.
- A log that cannot be read (missing, a FIFO, not a run log, a bad line) is
  OTLP_LOG_UNREADABLE; a torn last line is left out with a note.
- --otlp-endpoint POSTs to a loopback receiver that checks the path, the headers and the
  body; a refusal (4xx, 5xx, a partial success), nothing listening and no answer in time
  each end with their own exit status.
- Live, when opentelemetry-proto is installed: the output parses into the official
  ExportTraceServiceRequest (google.protobuf.json_format).
"""

import base64
import contextlib
import hashlib
import importlib.util
import io
import json
import os
import shutil
import sys
import unittest
from unittest import mock

import agent
from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent.errors import EXIT_STATUS
from stock_agent.otlp import spans
from tests import fake_server
from tests.fake_server import FakeServer, dead_url, hang
from tests.support import run_cli, temp_folder

# The attribute names these spans may carry, as the documents define them (read from
# open-telemetry/semantic-conventions-genai, docs/gen-ai/gen-ai-agent-spans.md ("Invoke
# agent internal span"), gen-ai-spans.md ("Inference", "Execute tool span"),
# gen-ai-events.md and model/gen-ai/events.yaml (gen_ai.evaluation.result), mcp.md
# ("Client"); error.type and http.response.status_code from the general registry; all
# of them "Development" but error.type and http.*). Ours are under stock_agent.*.
CONVENTIONS = {
    "gen_ai.operation.name", "gen_ai.provider.name", "gen_ai.agent.name",
    "gen_ai.request.model", "gen_ai.conversation.id", "gen_ai.usage.input_tokens",
    "gen_ai.usage.output_tokens", "gen_ai.response.finish_reasons", "gen_ai.input.messages",
    "gen_ai.output.messages", "gen_ai.tool.name", "gen_ai.tool.call.id", "gen_ai.tool.type",
    "gen_ai.tool.call.arguments", "gen_ai.tool.call.result", "gen_ai.evaluation.name",
    "gen_ai.evaluation.score.label", "gen_ai.evaluation.score.value",
    "gen_ai.evaluation.explanation", "mcp.method.name", "mcp.protocol.version",
    "network.transport", "error.type", "http.response.status_code",
}
CONTENT = {"gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.tool.call.arguments",
           "gen_ai.tool.call.result"}
HEX = set("0123456789abcdef")


def export(argv, *, environ=None):
    """agent.main(["--otlp", ...]) with captured streams: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = agent.main(argv, environ=environ or {})
    return status, out.getvalue(), err.getvalue()


def all_spans(request):
    return [span for resource in request["resourceSpans"]
            for scope in resource["scopeSpans"] for span in scope["spans"]]


def value(any_value):
    """An OTLP AnyValue back as a plain value (ints from their decimal strings)."""
    if not any_value:
        return None
    (kind, held), = any_value.items()
    if kind == "intValue":
        return int(held)
    if kind == "arrayValue":
        return [value(item) for item in held.get("values", [])]
    if kind == "kvlistValue":
        return {pair["key"]: value(pair["value"]) for pair in held.get("values", [])}
    return held


def attrs(item):
    return {pair["key"]: value(pair["value"]) for pair in item.get("attributes", [])}


def make_log(test, argv, *, stdin=None, model=None):
    """Run the mock (or `model`) as the command line does; returns the path of the log it
    wrote."""
    folder = temp_folder(test)
    status, _, err, _ = run_cli([*(() if model else ("--mock",)), *argv], log_dir=folder,
                                stdin=stdin, model=model)
    if status not in (0, EXIT_STATUS["STEP_LIMIT"]):
        raise AssertionError(err)
    names = [name for name in os.listdir(folder) if name.endswith(".jsonl")]
    return os.path.join(folder, names[0])


class ExportTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.plain = make_log(cls, ["-q", "Check A001 and A404"])
        cls.content = make_log(cls, ["--log-content", "-q", "Check A001 and A404"])
        cls.chat = make_log(cls, ["--chat"], stdin="Check A001\nand A002?\n")
        # Asked by name, the results settle nothing: the model answers, and passes the check.
        cls.answered = make_log(cls, ["-q", "How many 濾掛咖啡 do we have?"], model=MockModel(
            [calls_reply(tool_call("get_stock", {"sku": "A001"})),
             text_reply("A001 has 12 units.")]))

    def exported(self, path):
        status, out, err = export(["--otlp", path])
        self.assertEqual((status, err), (0, ""))
        return out, json.loads(out)

    def test_a_run_with_two_tool_calls_is_one_trace_of_the_conventions_spans(self):
        _, request = self.exported(self.plain)
        resource = request["resourceSpans"][0]
        self.assertEqual(attrs(resource["resource"])["service.name"], "stock-agent")
        found = all_spans(request)
        # The results settle the question: one request, and the program states the answer.
        self.assertEqual([(span["name"], span["kind"]) for span in found], [
            ("invoke_agent stock-agent", 1), ("chat mock", 3), ("execute_tool get_stock", 1),
            ("execute_tool get_stock", 1)])
        root, first, lookup, missing = found
        self.assertNotIn("parentSpanId", root)
        for span in found:
            self.assertEqual(len(span["traceId"]), 32)
            self.assertEqual(len(span["spanId"]), 16)
            self.assertLessEqual(set(span["traceId"] + span["spanId"]), HEX)
            self.assertEqual(span["traceId"], root["traceId"])
            self.assertIsInstance(span["startTimeUnixNano"], str)  # int64: a decimal string
            self.assertLessEqual(int(span["startTimeUnixNano"]), int(span["endTimeUnixNano"]))
        self.assertEqual(len({span["spanId"] for span in found}), 4)
        self.assertEqual({span.get("parentSpanId") for span in found[1:]}, {root["spanId"]})
        self.assertEqual(root["status"], {"code": 1})  # completed: OK
        self.assertEqual(attrs(root)["gen_ai.operation.name"], "invoke_agent")
        self.assertEqual(attrs(root)["gen_ai.provider.name"], "mock")
        self.assertEqual(attrs(root)["gen_ai.agent.name"], "stock-agent")
        self.assertEqual(attrs(first)["gen_ai.operation.name"], "chat")
        self.assertEqual(attrs(first)["gen_ai.request.model"], "mock")
        self.assertEqual(attrs(first)["gen_ai.response.finish_reasons"], ["tool_calls"])
        self.assertEqual(attrs(root)["stock_agent.verification"], "stated")
        self.assertEqual(attrs(lookup)["gen_ai.operation.name"], "execute_tool")
        self.assertEqual(attrs(lookup)["gen_ai.tool.name"], "get_stock")
        self.assertNotIn("status", lookup)
        self.assertEqual(attrs(missing)["error.type"], "SKU_NOT_FOUND")
        self.assertEqual(missing["status"], {"code": 2, "message": "SKU_NOT_FOUND"})
        self.assertNotIn("events", first)  # no answer of the model's to check
        # The log holds no content, and neither do the spans.
        names = {key for span in found for key in attrs(span)}
        self.assertEqual(names & CONTENT, set())
        self.assertEqual({name for name in names if not name.startswith("stock_agent.")}
                         - CONVENTIONS, set())

    def test_the_check_passing_the_models_answer_is_an_evaluation_on_that_reply(self):
        _, request = self.exported(self.answered)
        root, first, lookup, last = all_spans(request)
        self.assertEqual(attrs(last)["gen_ai.response.finish_reasons"], ["stop"])
        evaluation, = last["events"]
        self.assertEqual(evaluation["name"], "gen_ai.evaluation.result")
        self.assertEqual(attrs(evaluation)["gen_ai.evaluation.name"], "answer_check")
        self.assertEqual(attrs(evaluation)["gen_ai.evaluation.score.label"], "pass")
        self.assertEqual(attrs(root)["stock_agent.verification"], "verified")

    def test_content_goes_out_only_where_the_log_holds_it(self):
        out, request = self.exported(self.content)
        root, first, lookup, missing = all_spans(request)
        self.assertEqual(attrs(root)["gen_ai.input.messages"], [
            {"role": "user", "parts": [{"type": "text", "content": "Check A001 and A404"}]}])
        self.assertIn("No order has been placed in this run",
                      json.dumps(attrs(root)["gen_ai.output.messages"]))
        self.assertEqual(attrs(lookup)["gen_ai.tool.call.arguments"], {"sku": "A001"})
        self.assertEqual(attrs(lookup)["gen_ai.tool.call.result"]["data"]["stock"], 12)
        self.assertNotIn("gen_ai.tool.call.result", attrs(missing))  # only of a success
        calls = attrs(first)["gen_ai.output.messages"][0]["parts"]
        self.assertEqual([part["arguments"] for part in calls], [{"sku": "A001"}, {"sku": "A404"}])
        plain, _ = self.exported(self.plain)
        self.assertNotIn("Check A001", plain)
        self.assertIn("Check A001", out)

    def test_exporting_twice_gives_the_same_bytes_and_ids_from_the_run_id(self):
        once, request = self.exported(self.plain)
        copy = os.path.join(temp_folder(self), "elsewhere.jsonl")
        shutil.copy(self.plain, copy)
        self.assertEqual(self.exported(self.plain)[0], once)
        self.assertEqual(self.exported(copy)[0], once)  # the log decides, not its path
        run_id = os.path.basename(self.plain).removesuffix(".jsonl")
        digest = hashlib.sha256(f"stock-agent/otlp/{run_id}".encode()).hexdigest()
        self.assertEqual(all_spans(request)[0]["traceId"], digest[:32])
        self.assertTrue(once.isascii())

    def test_a_conversation_exports_one_trace_per_question(self):
        _, request = self.exported(self.chat)
        roots = [span for span in all_spans(request) if "parentSpanId" not in span]
        self.assertEqual(len(roots), 2)
        self.assertEqual(len({span["traceId"] for span in roots}), 2)
        session = os.path.basename(self.chat).removesuffix(".jsonl")
        self.assertEqual([attrs(root)["gen_ai.conversation.id"] for root in roots],
                         [session, session])
        self.assertEqual([attrs(root)["stock_agent.turn"] for root in roots], [1, 2])
        self.assertEqual([attrs(root)["gen_ai.input.messages"][0]["parts"][0]["content"]
                          for root in roots], ["Check A001", "and A002?"])
        for root in roots:
            children = [span for span in all_spans(request)
                        if span.get("parentSpanId") == root["spanId"]]
            self.assertEqual([span["name"] for span in children],
                             ["chat mock", "execute_tool get_stock"])  # the program answers
            self.assertTrue(all(span["traceId"] == root["traceId"] for span in children))

    def test_a_run_against_a_loopback_server_keeps_its_tokens_and_call_ids(self):
        calls = [fake_server.openai_call("call_a", "get_stock", '{"sku": "A001"}'),
                 fake_server.openai_call("call_b", "get_stock", '{"sku": "A404"}')]
        folder = temp_folder(self)
        with FakeServer() as server:
            server.reply("/v1/chat/completions", 200, fake_server.openai_chat(
                None, tool_calls=calls, finish_reason="tool_calls", prompt_tokens=300,
                completion_tokens=40))
            server.reply("/v1/chat/completions", 200, fake_server.openai_chat(
                "A001: stock 12. A404 was not found.", prompt_tokens=420, completion_tokens=15))
            status, _, err, _ = run_cli(
                ["--provider", "openai", "--base-url", server.url + "/v1", "--model",
                 "qwen2.5-1.5b", "--verify", "off", "-q", "Check A001 and A404"],
                log_dir=folder)
        self.assertEqual(status, 0, err)
        _, request = self.exported(os.path.join(folder, os.listdir(folder)[0]))
        root, first, lookup, missing, last = all_spans(request)
        self.assertEqual(first["name"], "chat qwen2.5-1.5b")
        self.assertEqual(attrs(first)["gen_ai.provider.name"], "openai")
        self.assertEqual((attrs(first)["gen_ai.usage.input_tokens"],
                          attrs(last)["gen_ai.usage.output_tokens"]), (300, 15))
        self.assertEqual((attrs(root)["gen_ai.usage.input_tokens"],
                          attrs(root)["gen_ai.usage.output_tokens"]), (720, 55))
        self.assertEqual([attrs(span)["gen_ai.tool.call.id"] for span in (lookup, missing)],
                         ["call_a", "call_b"])
        self.assertNotIn("events", last)  # --verify off: no answer check to report

    def test_a_failed_run_is_an_error_at_the_root(self):
        failed = make_log(self, ["--max-steps", "1", "--verify", "off", "-q", "Check A001"])
        _, request = self.exported(failed)
        root = all_spans(request)[0]
        self.assertEqual(root["status"], {"code": 2, "message": "STEP_LIMIT"})
        self.assertEqual(attrs(root)["error.type"], "STEP_LIMIT")
        self.assertEqual(attrs(root)["stock_agent.exit_status"], EXIT_STATUS["STEP_LIMIT"])

    def test_exporting_runs_nothing_and_writes_no_log(self):
        folder = temp_folder(self)
        status, _, err = export(["--otlp", self.plain, "--log-dir", folder])
        self.assertEqual((status, err), (0, ""))
        self.assertEqual(os.listdir(folder), [])

    def test_a_closed_stdout_is_output_unwritable(self):
        closed = io.StringIO()
        closed.close()
        err = io.StringIO()
        with contextlib.redirect_stdout(closed), contextlib.redirect_stderr(err):
            status = agent.main(["--otlp", self.plain], environ={})
            sys.stdout.close()  # the /dev/null that took the closed stream's place
        self.assertEqual(status, EXIT_STATUS["OUTPUT_UNWRITABLE"])
        self.assertIn("OUTPUT_UNWRITABLE", err.getvalue())


class MappingTest(unittest.TestCase):
    """Events a mock run does not make: a refused answer, a failed request, an MCP tool, a
    write. Records as the log writes them (docs/output.md, "The run log")."""

    RECORDS = [
        {"event": "run_started", "t_ms": 0, "run_id": "20261202T010000Z-abcdef",
         "utc": "2026-12-02T01:00:00Z", "provider": "openai", "model": "qwen", "lang": "en",
         "tools": ["get_stock", "time__now"], "data_source": "x"},
        {"event": "mcp_server", "t_ms": 1, "name": "time", "command": "mcp-server-time",
         "pid": 7, "era": "modern", "protocol": "2025-06-18",
         "server_info": {"name": "time", "version": "1"}},
        {"event": "model_attempt", "t_ms": 5, "step": 1, "attempt": 1,
         "code": "MODEL_HTTP_ERROR", "status": 503, "retry_in_ms": 1000},
        {"event": "model", "t_ms": 2000, "step": 1, "duration_ms": 900, "stop": "tool_calls",
         "input_tokens": 100, "output_tokens": 20},
        {"event": "tool", "t_ms": 2100, "invocation": "1:0", "id": "call_1",
         "name": "time__now", "ok": True, "error": None, "duration_ms": 50, "server": "time"},
        {"event": "model", "t_ms": 3000, "step": 2, "duration_ms": 800, "stop": "answer",
         "input_tokens": 150, "output_tokens": 30},
        {"event": "answer_check", "t_ms": 3001, "step": 2, "unsupported_numbers": 1},
        {"event": "correction", "t_ms": 3002, "step": 2},
        {"event": "model", "t_ms": 4000, "step": 3, "duration_ms": 700, "stop": "answer",
         "input_tokens": 200, "output_tokens": 10},
        {"event": "completed", "t_ms": 4001, "steps": 3, "duration_ms": 4001,
         "verification": "corrected"},
    ]

    def setUp(self):
        found = all_spans(spans.request(self.RECORDS, version="0"))
        self.by_name = {}
        for span in found:
            self.by_name.setdefault(span["name"], []).append(span)
        self.found = found

    def test_an_mcp_tool_carries_the_mcp_attributes(self):
        tool, = self.by_name["execute_tool time__now"]
        self.assertEqual(attrs(tool)["mcp.method.name"], "tools/call")
        self.assertEqual(attrs(tool)["mcp.protocol.version"], "2025-06-18")
        self.assertEqual(attrs(tool)["network.transport"], "pipe")
        self.assertEqual(attrs(tool)["gen_ai.tool.type"], "extension")
        self.assertEqual(attrs(tool)["gen_ai.tool.call.id"], "call_1")
        # It ran for 50 ms before it was logged at 2.1 s after 01:00:00 UTC.
        start = 1_796_173_200 * 10 ** 9 + 2_050 * 10 ** 6
        self.assertEqual((tool["startTimeUnixNano"], tool["endTimeUnixNano"]),
                         (str(start), str(start + 50 * 10 ** 6)))

    def test_the_answer_check_refuses_then_passes_as_evaluation_events(self):
        chats = self.by_name["chat qwen"]
        attempt, first, refused, passed = chats  # in the log's order
        self.assertEqual(attempt["status"]["code"], 2)
        self.assertEqual(attrs(attempt)["error.type"], "MODEL_HTTP_ERROR")
        self.assertEqual(attrs(attempt)["http.response.status_code"], 503)
        self.assertEqual(attrs(first)["gen_ai.usage.input_tokens"], 100)
        (fail,), (ok,) = refused["events"], passed["events"]
        self.assertEqual(attrs(fail)["gen_ai.evaluation.score.label"], "fail")
        self.assertEqual(attrs(fail)["gen_ai.evaluation.explanation"], "unsupported_numbers: 1")
        self.assertEqual(attrs(ok)["gen_ai.evaluation.score.label"], "pass")
        self.assertEqual(attrs(ok)["gen_ai.evaluation.explanation"], "corrected")

    def test_the_root_sums_the_tokens_and_keeps_the_other_events(self):
        root = self.found[0]
        self.assertEqual(attrs(root)["gen_ai.usage.input_tokens"], 450)
        self.assertEqual(attrs(root)["gen_ai.usage.output_tokens"], 60)
        self.assertEqual([event["name"] for event in root["events"]],
                         ["stock_agent.mcp_server", "stock_agent.correction"])
        names = {key for span in self.found for key in attrs(span)}
        names |= {key for span in self.found for event in span.get("events", ())
                  for key in attrs(event)}
        self.assertEqual({name for name in names if not name.startswith("stock_agent.")}
                         - CONVENTIONS, set())

    def test_a_log_without_its_terminal_event_leaves_the_status_unset(self):
        root = all_spans(spans.request(self.RECORDS[:-1], version="0"))[0]
        self.assertNotIn("status", root)
        self.assertEqual(attrs(root)["stock_agent.status"], "unfinished")

    def test_a_question_closed_by_continue_ends_at_its_last_event(self):
        # The process died in question 1; --continue closed it (on its own clock) and went on.
        started = {"event": "run_started", "t_ms": 0, "run_id": "R", "session": True,
                   "utc": "2026-12-02T01:00:00Z", "provider": "mock", "model": "mock"}
        records = [
            started,
            {"event": "turn_started", "t_ms": 10, "turn": 1, "utc": "2026-12-02T01:00:00Z",
             "question": "Check A001"},
            {"event": "model", "t_ms": 500, "step": 1, "duration_ms": 400, "stop": "tool_calls"},
            {"event": "cancelled", "t_ms": 2, "turn": 1, "steps": 1, "duration_ms": 490,
             "reason": "interrupted", "tokens": 10},
            {**started, "event": "session_resumed", "t_ms": 3, "utc": "2026-12-02T02:00:00Z"},
            {"event": "turn_started", "t_ms": 4, "turn": 2, "utc": "2026-12-02T02:00:00Z",
             "question": "and A002?"},
            {"event": "model", "t_ms": 9, "step": 1, "duration_ms": 3, "stop": "answer"},
            {"event": "completed", "t_ms": 9, "turn": 2, "steps": 1, "duration_ms": 5},
        ]
        found = all_spans(spans.request(records, version="0"))
        first, second = [span for span in found if "parentSpanId" not in span]
        self.assertEqual(first["status"], {"code": 2, "message": "interrupted"})
        self.assertEqual(int(first["endTimeUnixNano"]) - int(first["startTimeUnixNano"]),
                         490 * 10 ** 6)  # turn_started at 10 ms to the reply at 500 ms
        self.assertEqual(second["status"], {"code": 1})
        self.assertEqual(int(second["startTimeUnixNano"]), (1_796_173_200 + 3600) * 10 ** 9)

    def test_values_keep_their_json_types(self):
        self.assertEqual(spans.any_value(True), {"boolValue": True})
        self.assertEqual(spans.any_value(2 ** 63), {"stringValue": str(2 ** 63)})  # past int64
        self.assertEqual(spans.any_value(None), {})
        self.assertEqual(spans.any_value({"a": [1, 1.5]}), {"kvlistValue": {"values": [
            {"key": "a", "value": {"arrayValue": {"values": [{"intValue": "1"},
                                                             {"doubleValue": 1.5}]}}}]}})


class BadInputTest(unittest.TestCase):
    def assert_unreadable(self, path, said):
        status, out, err = export(["--otlp", path])
        self.assertEqual(status, EXIT_STATUS["OTLP_LOG_UNREADABLE"], err)
        self.assertEqual(out, "")
        self.assertEqual(err.count("\n"), 1, err)
        self.assertTrue(err.startswith("stock-agent: OTLP_LOG_UNREADABLE: "), err)
        self.assertIn(said, err)

    def write(self, text):
        path = os.path.join(temp_folder(self), "run.jsonl")
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        return path

    def test_a_missing_file(self):
        self.assert_unreadable(os.path.join(temp_folder(self), "nope.jsonl"), "No such file")

    @unittest.skipUnless(hasattr(os, "mkfifo"), "needs FIFOs")
    def test_a_fifo_is_refused_at_once(self):
        path = os.path.join(temp_folder(self), "fifo")
        os.mkfifo(path)
        self.assert_unreadable(path, "not a regular file")

    def test_a_file_that_is_not_a_run_log(self):
        examples = os.path.join(os.path.dirname(os.path.dirname(__file__)), "examples")
        self.assert_unreadable(os.path.join(examples, "inventory.csv"), "not a run log")
        self.assert_unreadable(self.write(""), "not a run log")
        self.assert_unreadable(self.write('{"event": "tool", "t_ms": 1}\n'), "not a run log")

    def test_a_line_that_is_no_event(self):
        lines = MappingTest.RECORDS[:3]
        text = json.dumps(lines[0]) + "\nnot json\n" + json.dumps(lines[2]) + "\n"
        self.assert_unreadable(self.write(text), "line 2 ")

    def test_a_torn_last_line_is_left_out_with_a_note(self):
        records = MappingTest.RECORDS
        text = "".join(json.dumps(record) + "\n" for record in records[:-1])
        path = self.write(text + json.dumps(records[-1])[:20])  # the terminal event, torn
        status, out, err = export(["--otlp", path])
        self.assertEqual(status, 0, err)
        self.assertIn("torn", err)
        self.assertEqual(err.count("\n"), 1)
        root = all_spans(json.loads(out))[0]
        self.assertEqual(attrs(root)["stock_agent.status"], "unfinished")

    def test_flags_that_need_or_refuse_otlp_are_usage_errors(self):
        for argv in (["--otlp-endpoint", "http://127.0.0.1:4318"],
                     ["--otlp", "x.jsonl", "-q", "Check A001"],
                     ["--otlp", "x.jsonl", "--chat"]):
            with self.subTest(argv=argv), self.assertRaises(SystemExit) as caught, \
                    contextlib.redirect_stderr(io.StringIO()):
                agent.main(argv, environ={})
            self.assertEqual(caught.exception.code, 2)


class EndpointTest(unittest.TestCase):
    """A loopback receiver speaking OTLP/HTTP: POST /v1/traces, application/json."""

    @classmethod
    def setUpClass(cls):
        cls.log = make_log(cls, ["-q", "Check A001 and A404"])
        cls.server = FakeServer().__enter__()
        cls.addClassCleanup(cls.server.__exit__, None, None, None)
        status, cls.body, _ = export(["--otlp", cls.log])
        assert status == 0

    def setUp(self):
        self.server.requests.clear()

    def post(self, url, *, environ=None, timeout="5"):
        return export(["--otlp", self.log, "--otlp-endpoint", url, "--timeout", timeout],
                      environ=environ)

    def test_the_request_is_posted_to_v1_traces_with_its_headers(self):
        self.server.reply("/v1/traces", 200, {"partialSuccess": {}})
        environ = {"OTEL_EXPORTER_OTLP_HEADERS": "Authorization=Basic%20c2VjcmV0,X-Scope=t0",
                   "OTEL_EXPORTER_OTLP_TRACES_HEADERS": " X-Scope = t1 "}  # traces' own wins
        status, out, err = self.post(self.server.url, environ=environ)
        self.assertEqual((status, out), (0, ""), err)
        self.assertEqual(err, f"exported 4 spans in 1 trace to {self.server.url}/v1/traces\n")
        request, = self.server.requests
        self.assertEqual((request["method"], request["path"]), ("POST", "/v1/traces"))
        self.assertEqual(request["headers"]["Content-Type"], "application/json")
        self.assertEqual(request["headers"]["Authorization"], "Basic c2VjcmV0")
        self.assertEqual(request["headers"]["X-Scope"], "t1")
        self.assertEqual(request["raw"].decode() + "\n", self.body)  # the bytes --otlp prints
        self.assertEqual(all_spans(request["json"])[0]["name"], "invoke_agent stock-agent")

    def test_a_url_with_a_path_is_used_as_given(self):
        self.server.reply("/api/public/otel/v1/traces", 200, b"")  # an empty 200: accepted
        status, _, err = self.post(self.server.url + "/api/public/otel/v1/traces")
        self.assertEqual(status, 0, err)
        self.assertEqual(self.server.requests[0]["path"], "/api/public/otel/v1/traces")

    def test_a_refusal_is_otlp_export_refused_with_the_receivers_words(self):
        for reply_status, said in ((400, "bad span"), (503, "overloaded")):
            with self.subTest(status=reply_status):
                self.server.reply("/v1/traces", reply_status, {"code": 3, "message": said})
                environ = {"OTEL_EXPORTER_OTLP_HEADERS": "Authorization=Bearer%20sekrit"}
                status, _, err = self.post(self.server.url, environ=environ)
                self.assertEqual(status, EXIT_STATUS["OTLP_EXPORT_REFUSED"], err)
                self.assertTrue(err.startswith("stock-agent: OTLP_EXPORT_REFUSED: "), err)
                self.assertIn(f"HTTP {reply_status}: {said}", err)
                self.assertNotIn("sekrit", err)  # a header is sent, never shown
                self.assertEqual(err.count("\n"), 1)

    def test_a_partial_success_that_rejects_spans_is_a_refusal(self):
        self.server.reply("/v1/traces", 200, {"partialSuccess": {
            "rejectedSpans": "2", "errorMessage": "spans too old"}})
        status, _, err = self.post(self.server.url)
        self.assertEqual(status, EXIT_STATUS["OTLP_EXPORT_REFUSED"], err)
        self.assertIn("2 spans rejected: spans too old", err)

    def test_a_wrong_path_is_refused_by_the_receiver(self):
        status, _, err = self.post(self.server.url + "/v1/trace")  # no such path: 404
        self.assertEqual(status, EXIT_STATUS["OTLP_EXPORT_REFUSED"], err)
        self.assertIn("HTTP 404", err)

    def test_nothing_listening_is_otlp_unreachable(self):
        url = dead_url()
        status, _, err = self.post(url)
        self.assertEqual(status, EXIT_STATUS["OTLP_UNREACHABLE"], err)
        self.assertIn(f"nothing answers at {url}/v1/traces", err)

    def test_no_answer_within_the_timeout_is_otlp_timeout(self):
        self.server.reply("/v1/traces", 200, hang(1.0))
        status, _, err = self.post(self.server.url, timeout="0.2")
        self.assertEqual(status, EXIT_STATUS["OTLP_TIMEOUT"], err)
        self.assertIn("0.2 s", err)

    def test_ctrl_c_while_sending_is_one_line_and_exit_130(self):
        with mock.patch("stock_agent.providers.transport.request_json",
                        side_effect=KeyboardInterrupt):
            status, _, err = self.post(self.server.url)
        self.assertEqual(status, EXIT_STATUS["CANCELLED"])
        self.assertTrue(err.startswith("stock-agent: CANCELLED: "), err)
        self.assertEqual(err.count("\n"), 1)

    def test_a_url_that_is_no_http_url_is_invalid_input(self):
        status, _, err = self.post("ftp://127.0.0.1/v1/traces")
        self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"], err)
        self.assertEqual(self.server.requests, [])


@unittest.skipUnless(importlib.util.find_spec("opentelemetry")
                     and importlib.util.find_spec("opentelemetry.proto"),
                     "needs the PyPI package opentelemetry-proto")
class LiveProtoTest(unittest.TestCase):
    def test_the_official_definitions_parse_every_export(self):
        # Third-party, for this skipped live check only: imported by name, so nothing in
        # the project imports a package outside the standard library.
        json_format = importlib.import_module("google.protobuf.json_format")
        ExportTraceServiceRequest = importlib.import_module(
            "opentelemetry.proto.collector.trace.v1.trace_service_pb2").ExportTraceServiceRequest
        paths = [make_log(self, ["--log-content", "-q", "Check A001 and A404"]),
                 make_log(self, ["--chat"], stdin="Check A001\nand A002?\n")]
        for path in paths:
            status, out, err = export(["--otlp", path])
            self.assertEqual(status, 0, err)
            # Unknown fields, wrong types and bad enums fail the parse. OTLP/JSON writes ids
            # in hex where protobuf's own JSON mapping reads base64 (OTLP specification,
            # "JSON Protobuf Encoding"): a receiver decodes them as hex, so they are turned
            # into base64 here for the generic parser.
            request = json.loads(out)
            for span in all_spans(request):
                for key in ("traceId", "spanId", "parentSpanId"):
                    if key in span:
                        span[key] = base64.b64encode(bytes.fromhex(span[key])).decode()
            parsed = json_format.Parse(json.dumps(request), ExportTraceServiceRequest())
            found = parsed.resource_spans[0].scope_spans[0].spans
            self.assertEqual(len(found), len(all_spans(json.loads(out))))
            hexed = all_spans(json.loads(out))
            for span, given in zip(found, hexed):
                self.assertEqual(span.trace_id.hex(), given["traceId"])
                self.assertEqual(len(span.span_id), 8)
                self.assertEqual(span.start_time_unix_nano, int(given["startTimeUnixNano"]))
                self.assertEqual(span.kind, given["kind"])


if __name__ == "__main__":
    unittest.main()
