"""Issue 34, items 2-4: what a stranger's script, folder and missing server get told.

- No model chosen and nothing at the server's address: MODEL_UNREACHABLE (33) and how to
  start the server come first, not NO_MODEL.
"""

import socket
import unittest

from stock_agent.errors import EXIT_STATUS
from tests.support import run_cli


def dead_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class NoServer(unittest.TestCase):
    """Item 4: no model chosen and nothing listening: say the server is unreachable first."""

    def test_nothing_at_the_ollama_address_is_unreachable_not_no_model(self):
        url = f"http://127.0.0.1:{dead_port()}"
        for how, environ in (("OLLAMA_HOST", {"OLLAMA_HOST": url.removeprefix("http://")}),
                             ("--base-url", None)):
            flags = ["--base-url", url] if environ is None else []
            with self.subTest(how=how):
                status, _, err, events = run_cli(["-q", "x", "--lang", "en", *flags],
                                                 environ=environ or {})
                self.assertEqual(status, EXIT_STATUS["MODEL_UNREACHABLE"], err)
                line, = err.splitlines()
                self.assertTrue(line.startswith("stock-agent: MODEL_UNREACHABLE: "), line)
                self.assertIn(url, line)
                self.assertIn("Start it with `ollama serve`", line)
                self.assertEqual(events, [])

    def test_nothing_at_an_openai_compatible_address_is_unreachable_too(self):
        url = f"http://127.0.0.1:{dead_port()}/v1"
        status, _, err, _ = run_cli(["-q", "x", "--lang", "en", "--provider", "openai",
                                     "--base-url", url])
        self.assertEqual(status, EXIT_STATUS["MODEL_UNREACHABLE"], err)
        self.assertIn("llama-server", err)


if __name__ == "__main__":
    unittest.main()
