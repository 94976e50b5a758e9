"""--mcp speaks both protocol generations to a real child process (tests/mcp_server.py).

What the server receives is recorded (--record), so each test asserts on the wire: a modern
server gets `server/discover` and `_meta` on every request and no handshake; a legacy one gets
the probe, then `initialize` and `notifications/initialized`, then plain requests, whatever
error (or silence) it answered the probe with. Pages are followed by nextCursor; notifications
and ids that are not ours are skipped; a server's ping is answered. A server with no version in
common, an unknown legacy version or a cursor that repeats ends the run at start-up.
"""

import json
import os
import shlex
import sys
import tempfile
import unittest
from unittest import mock

from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent.errors import EXIT_STATUS
from stock_agent.mcp import client as mcp_client
from tests.support import run_cli

SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcp_server.py")


def server(*options):
    """The --mcp text that starts the test server with `options`."""
    return " ".join(shlex.quote(part) for part in (sys.executable, SERVER, *options))


def answer_only():
    return MockModel([text_reply("done")])


class Recorded:
    """A temporary file the server appends every message it receives to."""

    def __init__(self, test):
        folder = tempfile.mkdtemp(prefix="mcp-record-")
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


if __name__ == "__main__":
    unittest.main()
