"""Live checks against real third-party MCP servers. Skipped unless they are installed;
never part of CI. Each server is found through an environment variable holding its command,
else by its program name on PATH:

    STOCK_AGENT_MCP_TIME        mcp-server-time          (PyPI)
    STOCK_AGENT_MCP_SQLITE      mcp-server-sqlite        (PyPI, with mcp<2)
    STOCK_AGENT_MCP_EVERYTHING  mcp-server-everything    (@modelcontextprotocol/server-everything)

    PATH=/work/mcp-venv/bin:/work/mcp-venv-legacy/bin:/work/mcp-npm/node_modules/.bin:$PATH \
        python -m unittest tests.test_mcp_live -v

The model is a scripted mock, so what is checked is the program's side: the handshake, the
tools offered and refused, approval from annotations, results as data, reaping.
"""

import json
import os
import shlex
import shutil
import sqlite3
import unittest

from mock_model import MockModel, calls_reply, text_reply, tool_call
from tests.support import run_cli, temp_folder


def command(variable, program):
    given = os.environ.get(variable)
    if given:
        return given
    found = shutil.which(program)
    return shlex.quote(found) if found else None


TIME = command("STOCK_AGENT_MCP_TIME", "mcp-server-time")
SQLITE = command("STOCK_AGENT_MCP_SQLITE", "mcp-server-sqlite")
EVERYTHING = command("STOCK_AGENT_MCP_EVERYTHING", "mcp-server-everything")
ENVIRON = {"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/tmp"),
           "OPENAI_API_KEY": "sk-live-check-secret"}


def live(server, script, *argv):
    """Run the CLI with `server` and a scripted mock; print what the server reported."""
    model = MockModel([*script, text_reply("done")])
    status, out, err, events = run_cli(["--mcp", server, "--log-content", "--timeout", "60",
                                        "--verify", "off",  # the script's answer is not tested
                                        *argv], environ=ENVIRON, model=model)
    started = [e for e in events if e["event"] == "mcp_server"]
    for event in started:
        print(f"\n  {event['name']}: {event['server_info']} era {event['era']} protocol "
              f"{event['protocol']}, {len(event['tools'])} tools, read-only "
              f"{len(event['read_only'])}, refused {[r['tool'] for r in event['refused']]}")
    return status, err, events, model


def tool_results(events):
    return [event for event in events if event["event"] == "tool"]


def calls(*pairs):
    return calls_reply(*[tool_call(name, arguments, f"c{index}")
                         for index, (name, arguments) in enumerate(pairs)])


@unittest.skipUnless(TIME, "mcp-server-time is not installed (STOCK_AGENT_MCP_TIME)")
class TimeServerTest(unittest.TestCase):
    def test_read_only_time_tools_run_at_once_with_structured_results(self):
        status, err, events, model = live(TIME, [calls(
            ("time__get_current_time", {"timezone": "Asia/Taipei"}),
            ("time__convert_time", {"source_timezone": "Asia/Taipei", "time": "09:00",
                                    "target_timezone": "Europe/London"}))])
        self.assertEqual(status, 0, err)
        now, converted = tool_results(events)
        self.assertTrue(now["ok"] and converted["ok"], (now, converted))
        self.assertTrue(now.get("parallel"))
        self.assertNotIn("approved", now)
        data = now["result"]["data"]  # structuredContent from newer releases, text before
        self.assertIn("Asia/Taipei", json.dumps(data.get("structuredContent", data)))

    def test_a_bad_timezone_is_a_tool_error_the_model_can_act_on(self):
        status, err, events, model = live(TIME, [calls(
            ("time__get_current_time", {"timezone": "Mars/Olympus"}))])
        self.assertEqual(status, 0, err)
        result = tool_results(events)[0]
        self.assertFalse(result["ok"])
        self.assertIn(result["error"], ("MCP_TOOL_ERROR", "MCP_CALL_ERROR"))
        self.assertIn("Mars/Olympus", result["result"]["detail"])


@unittest.skipUnless(SQLITE, "mcp-server-sqlite is not installed (STOCK_AGENT_MCP_SQLITE)")
class SqliteServerTest(unittest.TestCase):
    def setUp(self):
        self.db = os.path.join(temp_folder(self, "mcp-sqlite-"), "shop.db")
        self.server = f"{SQLITE} --db-path {shlex.quote(self.db)}"

    def test_unannotated_write_tools_need_approval_and_never_run_without_it(self):
        write = ("sqlite__create_table", {"query": "CREATE TABLE orders (sku TEXT, n INTEGER)"})
        status, err, events, model = live(self.server, [calls(write)],
                                          "--max-tool-errors", "5")
        self.assertEqual(status, 0, err)
        started = [e for e in events if e["event"] == "mcp_server"][0]
        self.assertEqual(started["read_only"], [])  # no annotations: every tool needs approval
        self.assertEqual(tool_results(events)[0]["error"], "APPROVAL_DENIED")
        with sqlite3.connect(self.db) as db:
            tables = db.execute("SELECT name FROM sqlite_master").fetchall()
        self.assertEqual(tables, [])

    def test_with_approval_the_writes_and_reads_run(self):
        status, err, events, model = live(self.server, [
            calls(("sqlite__create_table", {"query": "CREATE TABLE orders (sku TEXT, n INT)"})),
            calls(("sqlite__write_query", {"query": "INSERT INTO orders VALUES ('A001', 18)"})),
            calls(("sqlite__read_query", {"query": "SELECT sku, n FROM orders"}))],
            "--approve")
        self.assertEqual(status, 0, err)
        results = tool_results(events)
        self.assertTrue(all(r["ok"] and r["approved"] for r in results), results)
        self.assertIn("A001", json.dumps(results[-1]["result"]["data"]))


@unittest.skipUnless(EVERYTHING, "server-everything is not installed "
                                 "(STOCK_AGENT_MCP_EVERYTHING)")
class EverythingServerTest(unittest.TestCase):
    def test_many_tools_go_through_the_catalogue_and_results_are_data(self):
        status, err, events, model = live(EVERYTHING, [
            calls(("search_tools", {"query": "echo", "limit": 1}),
                  ("search_tools", {"query": "tiny image", "limit": 1}),
                  ("search_tools", {"query": "environment variables", "limit": 1})),
            calls(("everything__echo", {"message": "hi"}),
                  ("everything__get-tiny-image", {}), ("everything__get-env", {}))])
        self.assertEqual(status, 0, err)
        self.assertIn("gzip-file-as-resource is not offered", err)  # uses `format: uri`
        offered = [tool["name"] for tool in model.requests[0]["tools"]]
        self.assertEqual(offered[-1], "search_tools")
        self.assertFalse(any(name.startswith("everything__") for name in offered))
        echo, image, env = tool_results(events)[3:]
        self.assertTrue(echo["ok"], echo)
        self.assertIn("hi", json.dumps(echo["result"]["data"]))
        self.assertNotIn('"data"', json.dumps(image["result"]["data"]))  # no base64 passed on
        self.assertIn("omitted", json.dumps(image["result"]["data"]))
        self.assertNotIn("sk-live-check-secret", json.dumps(env["result"]))


if __name__ == "__main__":
    unittest.main()
