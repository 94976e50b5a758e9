"""What a server that cannot start is told with (issue 20, items 17 and 18).

- MCP_TIMEOUT at start-up names the limit that ran out, --timeout or --budget-seconds, with
  the value given: never "within -0.0 s" (what was left after the discovery wait).
- A server that exits before it is ready ran without most of our environment: the line
  names the variables it went without, proxies and certificates first and secrets never,
  and `--mcp-env`. A variable passed with --mcp-env is not among them.
"""

import os
import unittest
from unittest import mock

from stock_agent.errors import EXIT_STATUS
from tests.support import english_prose, run_cli
from tests.test_mcp_protocol import answer_only, server

ENVIRON = {"PATH": os.environ.get("PATH", ""), "HOME": "/home/shop",
           "HTTPS_PROXY": "http://proxy:3128", "SSL_CERT_FILE": "/etc/ssl/corp.pem",
           "OPENAI_API_KEY": "sk-secret", "EDITOR": "vi"}


def start_up(*options, argv=(), environ=None):
    # --provider named: the scripted model stands in for it, and no provider note shows.
    status, out, err, events = run_cli(["--provider", "ollama", "--mcp", server(*options), *argv],
                                       environ=environ, model=answer_only())
    assert events == [], events  # nothing ran
    return status, err


class TimeoutNamesItsLimitTest(unittest.TestCase):
    def test_the_timeout_that_ran_out_is_named_with_its_value(self):
        # A probe twice the timeout: the probe's wait takes all of it, nothing is left.
        with mock.patch("stock_agent.mcp.client.DISCOVER_PROBE_SECONDS", 0.6):
            status, err = start_up("--fault", "hang-at-start", argv=["--timeout", "0.3"])
        self.assertEqual(status, EXIT_STATUS["MCP_TIMEOUT"], err)
        self.assertIn("did not answer initialize in time (--timeout 0.3). Raise --timeout", err)
        self.assertNotIn("-0.0", err)

    def test_the_budget_is_named_when_it_ran_out_first(self):
        with mock.patch("stock_agent.mcp.client.DISCOVER_PROBE_SECONDS", 0.05):
            status, err = start_up("--fault", "hang-at-start",
                                   argv=["--timeout", "30", "--budget-seconds", "0.25"])
        self.assertEqual(status, EXIT_STATUS["MCP_TIMEOUT"], err)
        self.assertIn("in time (--budget-seconds 0.25). Raise --budget-seconds", err)


class DroppedEnvironmentTest(unittest.TestCase):
    def test_a_server_that_exits_at_start_names_what_it_ran_without(self):
        status, err = start_up("--fault", "exit-at-start", environ=ENVIRON)
        self.assertEqual(status, EXIT_STATUS["MCP_SERVER_EXITED"], err)
        self.assertEqual(err.count("\n"), 1, err)
        self.assertIn("It ran without 4 of your environment variables "
                      "(HTTPS_PROXY, SSL_CERT_FILE, EDITOR)", err)
        self.assertIn("--mcp-env NAME", err)
        self.assertNotIn("OPENAI_API_KEY", err)
        self.assertNotIn("sk-secret", err)

    def test_a_variable_passed_with_mcp_env_is_not_named(self):
        status, err = start_up("--fault", "exit-at-start", environ=ENVIRON,
                               argv=["--mcp-env", "HTTPS_PROXY", "--mcp-env", "SSL_CERT_FILE",
                                     "--mcp-env", "EDITOR", "--mcp-env", "OPENAI_API_KEY"])
        self.assertEqual(status, EXIT_STATUS["MCP_SERVER_EXITED"], err)
        self.assertNotIn("--mcp-env", err)
        self.assertIn("Run its command alone to see why.", err)

    def test_in_zh_tw_too(self):
        status, err = start_up("--fault", "exit-at-start", environ=ENVIRON,
                               argv=["--lang", "zh-TW"])
        self.assertIn("它執行時沒有你環境中的 4 個變數（HTTPS_PROXY, SSL_CERT_FILE, EDITOR）", err)
        self.assertIn("--mcp-env NAME", err)
        quoted = ('"boom: no config file"', "HTTPS_PROXY, SSL_CERT_FILE, EDITOR",
                  "--mcp-env NAME")  # the server's words, names, the flag
        self.assertEqual(english_prose(err, *quoted), [], err)


if __name__ == "__main__":
    unittest.main()
