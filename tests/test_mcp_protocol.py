"""--mcp speaks both protocol generations to a real child process (tests/mcp_server.py).

What the server receives is recorded (--record), so each test asserts on the wire: a modern
server gets `server/discover` and `_meta` on every request and no handshake; a legacy one gets
the probe, then `initialize` and `notifications/initialized`, then plain requests, whatever
error (or silence) it answered the probe with. Pages are followed by nextCursor; notifications
and ids that are not ours are skipped; a server's ping is answered. A server with no version in
common, an unknown legacy version or a cursor that repeats ends the run at start-up.
"""

import contextlib
import errno
import json
import os
import re
import shlex
import sys
import time
import unittest
from unittest import mock

from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent.errors import EXIT_STATUS, AgentError, Text
from stock_agent.mcp import client as mcp_client
from stock_agent.mcp import stdio
from tests.support import english_prose, run_cli, temp_folder

SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcp_server.py")


def server(*options):
    """The --mcp text that starts the test server with `options`."""
    return " ".join(shlex.quote(part) for part in (sys.executable, "-S", SERVER, *options))


def answer_only():
    # "done" states nothing the answer policy can read, and the run has no facts while every
    # tool is offered: it asks the model once to look them up, then answers for it.
    return MockModel([text_reply("done"), text_reply("done")])


class Recorded:
    """A temporary file the server appends every message it receives to."""

    def __init__(self, test):
        folder = temp_folder(test, "mcp-record-")
        self.path = os.path.join(folder, "record.jsonl")
        test.addCleanup(lambda: os.path.exists(self.path) and os.remove(self.path))

    def messages(self):
        with open(self.path, encoding="utf-8") as file:
            return [json.loads(line) for line in file]

    def methods(self):
        return [message.get("method") for message in self.messages()]


def mcp_event(events):
    found = [event for event in events if event["event"] == "mcp_server"]
    assert len(found) == 1, events
    return found[0]


class GenerationTest(unittest.TestCase):
    def run_with(self, *options, argv=()):
        record = Recorded(self)
        status, out, err, events = run_cli(
            ["--mcp", server("--record", record.path, *options), *argv], model=answer_only())
        return status, err, events, record

    def test_a_modern_server_is_discovered_and_never_gets_a_handshake(self):
        status, err, events, record = self.run_with("--era", "modern")
        self.assertEqual(status, 0, err)
        self.assertEqual(record.methods()[:2], ["server/discover", "tools/list"])
        self.assertNotIn("initialize", record.methods())
        for message in record.messages():
            meta = message["params"]["_meta"]
            self.assertEqual(meta["io.modelcontextprotocol/protocolVersion"], "2026-07-28")
            self.assertEqual(meta["io.modelcontextprotocol/clientCapabilities"], {})
            self.assertEqual(meta["io.modelcontextprotocol/clientInfo"]["name"], "stock-agent")
        event = mcp_event(events)
        self.assertEqual((event["era"], event["protocol"], event["name"]),
                         ("modern", "2026-07-28", "test"))

    def test_a_legacy_server_gets_the_handshake_whatever_it_answers_the_probe(self):
        for answer in ("-32601", "-32602", "-32000", "-32603"):
            with self.subTest(answer=answer):
                status, err, events, record = self.run_with("--era", "legacy",
                                                            "--discover-error", answer)
                self.assertEqual(status, 0, err)
                self.assertEqual(record.methods()[:4], ["server/discover", "initialize",
                                                        "notifications/initialized",
                                                        "tools/list"])
                initialize = record.messages()[1]["params"]
                self.assertEqual(initialize["protocolVersion"], "2025-11-25")
                self.assertEqual(initialize["capabilities"], {})
                self.assertNotIn("_meta", record.messages()[3]["params"])
                self.assertEqual(mcp_event(events)["era"], "legacy")

    def test_a_silent_legacy_server_gets_the_handshake_after_the_probe_times_out(self):
        with mock.patch.object(mcp_client, "DISCOVER_PROBE_SECONDS", 0.2):
            status, err, events, record = self.run_with("--era", "legacy",
                                                        "--discover-error", "silent")
        self.assertEqual(status, 0, err)
        self.assertEqual(record.methods()[:3], ["server/discover", "initialize",
                                                "notifications/initialized"])
        self.assertEqual(mcp_event(events)["protocol"], "2025-11-25")

    def test_a_dual_era_server_stays_modern_unless_our_modern_version_is_missing(self):
        status, err, events, record = self.run_with("--era", "dual")
        self.assertEqual((status, mcp_event(events)["era"]), (0, "modern"), err)
        self.assertNotIn("initialize", record.methods())
        status, err, events, record = self.run_with("--era", "dual",
                                                    "--versions", "2099-01-01")
        self.assertEqual((status, mcp_event(events)["era"]), (0, "legacy"), err)

    def test_no_version_in_common_ends_the_run_at_start_up(self):
        for options in (("--era", "modern", "--versions", "2099-01-01"),
                        ("--era", "legacy", "--legacy-version", "1999-01-01")):
            with self.subTest(options=options):
                status, err, events, record = self.run_with(*options)
                self.assertEqual(status, EXIT_STATUS["MCP_PROTOCOL_ERROR"])
                self.assertIn("no protocol version in common", err)
                self.assertEqual(len(err.splitlines()), 1, err)
                self.assertEqual(events, [])  # nothing ran: no log was started

    def test_a_discover_result_without_our_version_is_no_common_version(self):
        client = mcp_client.Client(mock.Mock(label="x"))
        answer = {"result": {"supportedVersions": ["2099-01-01"], "capabilities": {}}}
        with self.assertRaises(Exception) as caught:
            client._discovered(answer)
        self.assertEqual(caught.exception.code, "MCP_PROTOCOL_ERROR")
        self.assertFalse(client._discovered({"result": {"supportedVersions": ["2025-06-18"]}}))
        self.assertFalse(client._discovered({"error": {"code": -32601, "message": "no"}}))
        refused = {"error": {"code": -32021, "message": "needs elicitation"}}
        with self.assertRaises(Exception):
            client._discovered(refused)

    def test_tools_are_read_page_by_page_and_a_repeating_cursor_ends_the_run(self):
        status, err, events, record = self.run_with("--page-size", "4")
        self.assertEqual(status, 0, err)
        cursors = [m["params"].get("cursor") for m in record.messages()
                   if m["method"] == "tools/list"]
        self.assertEqual(cursors, [None, "4", "8", "12"])
        self.assertIn("test__input", mcp_event(events)["tools"])  # from the last page
        status, err, events, record = self.run_with("--fault", "loop-cursor")
        self.assertEqual(status, EXIT_STATUS["MCP_PROTOCOL_ERROR"], err)
        self.assertIn("nextCursor", err)

    def test_notifications_and_ids_not_ours_are_skipped_and_a_ping_is_answered(self):
        for era in ("modern", "legacy"):
            with self.subTest(era=era):
                record = Recorded(self)
                script = [calls_reply(tool_call("test__lookup", {"sku": "A1"}, "c1")),
                          text_reply("done")]
                status, out, err, events = run_cli(
                    ["--mcp", server("--record", record.path, "--era", era, "--noise"),
                     "--mcp-catalogue-above", "99", "--verify", "off"], model=MockModel(script))
                self.assertEqual(status, 0, err)
                tool = [e for e in events if e["event"] == "tool"][0]
                self.assertTrue(tool["ok"])
                pongs = [m for m in record.messages() if m.get("id") == "srv-1"]
                self.assertTrue(pongs)
                self.assertEqual(pongs[0], {"jsonrpc": "2.0", "id": "srv-1", "result": {}})
                refusal = [m for m in record.messages() if m.get("id") == "srv-2"][0]
                self.assertEqual(refusal["error"]["code"], -32601)  # no sampling offered


class LimitsTest(unittest.TestCase):
    def start(self, *options):
        status, out, err, events = run_cli(["--mcp", server(*options)], model=answer_only())
        self.assertEqual(events, [])
        return status, err

    def test_too_long_a_line_too_many_tools_or_pages_end_the_run_at_start_up(self):
        with mock.patch("stock_agent.mcp.stdio.MAX_LINE_BYTES", 100):
            status, err = self.start()
        self.assertEqual(status, EXIT_STATUS["MCP_OUTPUT_LIMIT"], err)
        self.assertIn("a stdout line over 100 bytes", err)
        with mock.patch.object(mcp_client, "MAX_TOOLS", 5):
            status, err = self.start()
        self.assertEqual(status, EXIT_STATUS["MCP_OUTPUT_LIMIT"], err)
        self.assertIn("more than 5 tools", err)
        with mock.patch.object(mcp_client, "MAX_PAGES", 2):
            status, err = self.start("--page-size", "2")
        self.assertEqual(status, EXIT_STATUS["MCP_PROTOCOL_ERROR"], err)
        self.assertIn("past 2 pages", err)

    def test_a_server_with_no_tool_we_can_offer_ends_the_run(self):
        with mock.patch("stock_agent.mcp.tool_spec", return_value=(None, "refused")):
            status, err = self.start()
        self.assertEqual(status, EXIT_STATUS["MCP_START_FAILED"], err)
        self.assertIn("none of its 15 tools can be offered", err)
        self.assertEqual(err.count("tool lookup is not offered: refused"), 1)

    def test_a_server_without_the_tools_capability_or_refusing_initialize(self):
        client = mcp_client.Client(mock.Mock(label="x"))
        with self.assertRaises(Exception) as caught:
            client._discovered({"result": {"supportedVersions": ["2026-07-28"],
                                           "capabilities": {"prompts": {}}}})
        self.assertEqual(caught.exception.code, "MCP_START_FAILED")
        connection = mock.Mock(label="x")
        connection.wait.return_value = (1, {"error": {"code": -32600, "message": "go away"}})
        connection.start_request.return_value = 1
        with self.assertRaises(Exception) as caught:
            mcp_client.Client(connection)._initialize(0, late_discover=None)
        self.assertEqual(caught.exception.code, "MCP_PROTOCOL_ERROR")
        self.assertIn("refused initialize: go away", caught.exception.message())


class UsageTest(unittest.TestCase):
    def test_an_empty_or_badly_quoted_command_is_a_usage_error(self):
        for text in ("", "   ", "'unbalanced"):
            with self.subTest(text=text), mock.patch("sys.stderr"):
                with self.assertRaises(SystemExit) as caught:
                    run_cli(["--mock", "--mcp", text])
                self.assertEqual(caught.exception.code, 2)

    def test_a_command_that_does_not_exist_cannot_start(self):
        status, out, err, events = run_cli(["--mock", "--mcp", "/nonexistent/mcp-server"])
        self.assertEqual(status, EXIT_STATUS["MCP_START_FAILED"])
        self.assertIn("MCP_START_FAILED", err)
        self.assertIn("/nonexistent/mcp-server", err)


class ZhTwTest(unittest.TestCase):
    """A server that cannot be used is named in the run's language all through: only what
    the line quotes (the server's own words, the operating system's) stays as it came."""

    def assert_worded(self, error, expected, *quoted):
        line = error.message("zh-TW")
        self.assertIn(expected, line)
        self.assertEqual(english_prose(line, *quoted), [], line)

    def test_every_start_up_failure_of_a_real_server(self):
        no_spec = mock.patch("stock_agent.mcp.tool_spec",
                             return_value=(None, Text("mcp_tool_unnamed")))
        cases = [
            (mock.patch.object(stdio, "MAX_LINE_BYTES", 100), (), "MCP_OUTPUT_LIMIT",
             "stdout 有一行超過 100 位元組"),
            (mock.patch.object(mcp_client, "MAX_TOOLS", 5), (), "MCP_OUTPUT_LIMIT",
             "超過 5 個工具"),
            (mock.patch.object(mcp_client, "MAX_PAGES", 2), ("--page-size", "2"),
             "MCP_PROTOCOL_ERROR", "tools/list 超過 2 頁仍未結束"),
            (None, ("--fault", "loop-cursor"), "MCP_PROTOCOL_ERROR", "nextCursor 重複"),
            # The server's words, or (its answer came after the discovery wait, as on a
            # loaded machine) the method that found it.
            (None, ("--versions", "2099-01-01"), "MCP_PROTOCOL_ERROR", "沒有共同的協定版本（"),
            (no_spec, (), "MCP_START_FAILED", "它的 15 個工具都無法提供給模型"),
            (mock.patch.object(mcp_client.Client, "list_tools", return_value=[]), (),
             "MCP_START_FAILED", "它沒有列出任何工具"),
            (None, ("--fault", "garbage-at-start"), "MCP_PROTOCOL_ERROR",
             "這不是 JSON-RPC 訊息"),
            (None, ("--fault", "flood-stderr"), "MCP_OUTPUT_LIMIT", "stderr 超過"),
        ]
        for patch, options, code, expected in cases:
            with self.subTest(code=code, expected=expected), patch or contextlib.nullcontext():
                status, out, err, events = run_cli(
                    ["--lang", "zh-TW", "--mcp", server(*options)], model=answer_only())
                self.assertEqual((status, events), (EXIT_STATUS[code], []), err)
                self.assertIn(expected, err)
                quoted = re.findall(r'"[^"]*"', err)  # the line the server wrote, if any
                self.assertEqual(english_prose(err, *quoted, "Unsupported protocol version"),
                                 [], err)

    def test_a_command_that_cannot_run(self):
        status, out, err, events = run_cli(["--mock", "--lang", "zh-TW", "--mcp",
                                            "/nonexistent/x"])
        self.assertEqual(status, EXIT_STATUS["MCP_START_FAILED"])
        self.assertIn("無法執行 /nonexistent/x（", err)
        self.assertEqual(english_prose(err, os.strerror(errno.ENOENT)), [], err)

    def test_what_a_server_answers_at_start_up(self):
        client = mcp_client.Client(mock.Mock(label="x"))
        with self.assertRaises(Exception) as caught:
            client._discovered({"result": {"supportedVersions": ["2026-07-28"],
                                           "capabilities": {}}})
        self.assert_worded(caught.exception, "它不提供工具")
        connection = mock.Mock(label="x")
        connection.wait.return_value = (1, {"error": {"code": -32600, "message": "go away"}})
        connection.start_request.return_value = 1
        with self.assertRaises(Exception) as caught:
            mcp_client.Client(connection)._initialize(0, late_discover=None)
        self.assert_worded(caught.exception, "它拒絕了 initialize：go away", "go away")
        client.connection.request.side_effect = stdio.RemoteError(-32603, "internal oops")
        with self.assertRaises(Exception) as caught:
            client.request("tools/list", {}, 1)
        self.assert_worded(caught.exception, "它以錯誤 -32603 回應 tools/list：internal oops",
                           "internal oops")
        client.connection.request.side_effect, client.connection.request.return_value = None, {}
        with self.assertRaises(Exception) as caught:
            client.list_tools(time.monotonic() + 1)
        self.assert_worded(caught.exception, "其 tools/list 結果沒有 tools 陣列")

    def test_a_server_that_wants_input_is_worded_for_people_and_for_the_model(self):
        client = mcp_client.Client(mock.Mock(label="x"))
        client.connection.request.return_value = {"resultType": "input_required"}
        with self.assertRaises(Exception) as caught:
            client.request("tools/list", {}, 1)
        self.assert_worded(caught.exception, "它要求更多輸入（resultType input_required）",
                           "input_required")
        with self.assertRaises(stdio.RemoteError) as caught:
            client.request("tools/call", {"name": "t", "arguments": {}}, 1)
        self.assertIn("which stock-agent never gives", caught.exception.message)  # the model's

    def test_lines_that_are_not_json_rpc_messages(self):
        for message, expected in (
                (1, "不是 JSON-RPC 2.0 物件"),
                ({"jsonrpc": "2.0", "method": 5}, "method 不是字串"),
                ({"jsonrpc": "2.0", "id": 1}, "回應沒有 id"),
                ({"jsonrpc": "2.0", "id": 1, "result": []}, "result 不是物件"),
                ({"jsonrpc": "2.0", "id": 1, "error": {"code": "x"}}, "error 缺少整數 code")):
            with self.subTest(message=message):
                line = json.dumps(message).encode() + b"\n"
                problem = stdio.Connection._route(mock.Mock(), line)
                self.assert_worded(AgentError("MCP_PROTOCOL_ERROR", server="x",
                                              detail=problem), expected, line.decode().strip())


if __name__ == "__main__":
    unittest.main()
