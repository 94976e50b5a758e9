"""A hostile or broken model server, and server URLs a person mistypes.

- The request's deadline bounds the whole exchange: a server that trickles the header bytes,
  or the body just faster than the timeout, is cut off at the deadline.
- Listing models for a NO_MODEL or MODEL_NOT_FOUND hint keeps within the run's budget and
  the request's timeout, however slow /api/show is.
- MODEL_UNREACHABLE suggests what fits the provider and the failure; an HTML error page and
  a redirect are named with the URL that gave them.
- A bad server URL is INVALID_INPUT before anything is sent or noted, and a key
  bound for a remote http:// URL is warned about, once.

Timeouts here are fractions of a second, so each test takes about as long as its deadline.
"""

import io
import socket
import time
import unittest
from contextlib import redirect_stderr
from unittest import mock

import agent
from stock_agent import cli
from stock_agent.errors import EXIT_STATUS
from stock_agent.run import Limits, Settings
from tests import fake_server as fs
from tests.fake_server import FakeServer
from tests.support import run_cli


def timed(argv, environ=None):
    started = time.monotonic()
    status, out, err, events = run_cli(argv, environ=environ)
    return status, err, time.monotonic() - started


class OneDeadline(unittest.TestCase):
    """Item 2."""

    def test_headers_that_never_end_stop_at_the_timeout(self):
        with FakeServer() as server:
            server.reply("/api/chat", 200, fs.header_trickle(0.05, seconds=4.0))
            status, err, took = timed(["--base-url", server.url, "--model", "m",
                                       "--timeout", "0.2", "--retries", "0"])
        self.assertEqual(status, EXIT_STATUS["MODEL_TIMEOUT"], err)
        self.assertLess(took, 4 * 0.2)

    def test_a_body_trickle_ends_at_the_deadline_not_a_byte_later(self):
        # One byte every 0.5 s against --timeout 0.6: a check between reads would end the
        # run when the second byte comes (1.0 s), after its deadline.
        body = fs.ollama_chat("A001 has 12.")
        with FakeServer() as server:
            server.reply("/api/chat", 200, fs.trickle(body, interval=0.5))
            status, err, took = timed(["--base-url", server.url, "--model", "m",
                                       "--timeout", "0.6", "--retries", "0"])
        self.assertEqual(status, EXIT_STATUS["MODEL_TIMEOUT"], err)
        self.assertLess(took, 0.9)


class DiscoveryWithinBounds(unittest.TestCase):
    """Item 4: fifty models and an /api/show that answers slowly."""

    TAGS = {"models": [{"name": f"model-{n}"} for n in range(50)]}

    def serve(self, server):
        server.reply("/api/tags", 200, self.TAGS, repeat=True)
        server.reply("/api/show", 200, fs.hang(2.0), repeat=True)

    def test_no_model_lists_what_it_learnt_within_the_budget(self):
        with FakeServer() as server:
            self.serve(server)
            status, err, took = timed(["--base-url", server.url, "--budget-seconds", "0.3"])
        self.assertEqual(status, EXIT_STATUS["NO_MODEL"], err)
        self.assertLess(took, 2.4 * 0.3)
        self.assertIn("model-49", err)
        self.assertIn("not checked for tools in time", err)

    def test_model_not_found_lists_within_the_request_timeout(self):
        with FakeServer() as server:
            self.serve(server)
            server.reply("/api/chat", 404, {"error": "model 'x' not found"})
            status, err, took = timed(["--base-url", server.url, "--model", "x",
                                       "--timeout", "0.3", "--retries", "0"])
        self.assertEqual(status, EXIT_STATUS["MODEL_NOT_FOUND"], err)
        self.assertLess(took, 2.4 * 0.3)
        self.assertIn("model-49", err)


class ServerTroubleSaysWhatFits(unittest.TestCase):
    """Item 16."""

    def test_nothing_listening_suggests_the_provider_s_own_server(self):
        dead = fs.dead_url()
        advice = {"ollama": "ollama serve", "openai": "llama-server", "anthropic": "Check the URL"}
        for provider, words in advice.items():
            with self.subTest(provider=provider):
                status, err, _ = timed(["--provider", provider, "--base-url", dead,
                                        "--model", "m", "--retries", "0"])
                self.assertEqual(status, EXIT_STATUS["MODEL_UNREACHABLE"])
                self.assertIn(words, err)
                if provider != "ollama":
                    self.assertNotIn("ollama serve", err)

    def test_a_name_that_does_not_resolve_says_so(self):
        def no_such_host(*args, **kwargs):
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

        with mock.patch("socket.getaddrinfo", no_such_host):
            status, err, _ = timed(["--base-url", "http://model-server.invalid:11434",
                                    "--model", "m", "--retries", "0"])
        self.assertEqual(status, EXIT_STATUS["MODEL_UNREACHABLE"])
        self.assertIn("does not resolve", err)
        self.assertNotIn("ollama serve", err)

    def test_an_html_error_page_names_its_url_and_title(self):
        page = b"<html><head><title>404 Not Found</title></head><body>nginx</body></html>"
        with FakeServer() as server:
            server.reply("/api/chat", 404, page, headers={"Content-Type": "text/html"})
            status, err, _ = timed(["--base-url", server.url, "--model", "m"])
        self.assertEqual(status, EXIT_STATUS["MODEL_HTTP_ERROR"])
        self.assertIn(server.url + "/api/chat", err)
        self.assertIn("HTML page", err)
        self.assertIn("404 Not Found", err)

    def test_a_redirect_names_where_it_points(self):
        with FakeServer() as server:
            server.reply("/api/chat", 301, b"", headers={"Location": "https://other:8443/"})
            status, err, _ = timed(["--base-url", server.url, "--model", "m"])
        self.assertEqual(status, EXIT_STATUS["MODEL_HTTP_ERROR"])
        self.assertIn("https://other:8443/", err)


class BadServerUrls(unittest.TestCase):
    """Item 12: refused before anything is sent, and before the remote-data note."""

    def test_each_mistake_is_invalid_input_with_what_to_change(self):
        cases = [
            (["--base-url", "localhost:11434"], {}, "http://localhost:11434"),
            (["--base-url", "http://user:secret@127.0.0.1:1"], {}, "user name or password"),
            (["--base-url", "http://127.0.0.1 :1"], {}, "spaces"),
            (["--base-url", "http://example.com:99999"], {}, "port"),
            ([], {"OLLAMA_HOST": "localhost:99999"}, "port"),
            ([], {"OLLAMA_HOST": "http://h:P?x=1"}, "port"),
            (["--provider", "openai", "--base-url", "http://h/v1?key=1"], {}, "?query"),
        ]
        for argv, environ, words in cases:
            with self.subTest(argv=argv, environ=environ):
                status, err, _ = timed([*argv, "--model", "m"], environ=environ)
                self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"], err)
                self.assertEqual(len(err.splitlines()), 1, err)
                self.assertIn(words, err)
                self.assertNotIn("note:", err)
                self.assertNotIn("secret", err.replace("user:secret@", ""))


class KeyInClear(unittest.TestCase):
    """Item 21: a key bound for a remote http:// URL is named in a note, once."""

    def test_one_note_for_many_clients(self):
        cli._NOTED.clear()
        self.addCleanup(cli._NOTED.clear)
        args = Settings(provider="openai", base_url="http://10.1.2.3:8080/v1", model="m",
                        num_predict=64, limits=Limits(budget_seconds=5.0))
        err = io.StringIO()
        with redirect_stderr(err):
            for _ in range(3):  # an evaluation makes one client per case
                agent.default_model(args, {"OPENAI_API_KEY": "sk-test"})
        lines = err.getvalue().splitlines()
        self.assertEqual(len(lines), 2, lines)
        self.assertIn("not on this machine", lines[0])
        self.assertIn("travels in clear", lines[1])
        err = io.StringIO()
        with redirect_stderr(err):
            agent.default_model(args.replace(base_url="https://10.1.2.3/v1"),
                                {"OPENAI_API_KEY": "sk-test"})
        self.assertNotIn("in clear", err.getvalue())


if __name__ == "__main__":
    unittest.main()
