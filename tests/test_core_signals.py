"""SIGTERM and SIGHUP end a run the way Ctrl-C does.

timeout(1), systemd, `docker stop` and a CI cancel send SIGTERM; a closed terminal sends
SIGHUP. Each is sent for real to `python agent.py` while the model server holds the request,
and to `python -m stock_agent.evals run` in the middle of a case. Each must give one stderr
line naming its code (TERMINATED, HANGUP), the documented exit status (143, 129: 128 + the
signal, as a shell reports it), no traceback, and a log that ends with `cancelled` carrying
the code.
"""

import concurrent.futures
import json
import os
import signal
import sys
import tempfile
import unittest

from stock_agent.errors import EXIT_STATUS
from tests import fake_server
from tests.fake_server import FakeServer
from tests.support import sigint_child, temp_folder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIGNALS = {"SIGTERM": "TERMINATED", "SIGHUP": "HANGUP"}


def only_log(log_dir):
    names = os.listdir(log_dir)
    assert len(names) == 1, names
    with open(os.path.join(log_dir, names[0]), encoding="utf-8") as file:
        return [json.loads(line) for line in file]


@unittest.skipUnless(hasattr(signal, "SIGHUP"), "needs POSIX signals")
class EndsLikeCtrlC(unittest.TestCase):
    def stop(self, argv, name, log_dir):
        with FakeServer() as server:
            server.reply("/api/chat", 200, fake_server.hang(10.0))
            argv = [*argv, "--base-url", server.url, "--model", "m", "--log-dir", log_dir,
                    "--lang", "en"]

            def asked():
                return any(r["path"] == "/api/chat" for r in server.requests)
            return sigint_child(argv, asked, cwd=ROOT, sig=getattr(signal, name))

    def test_the_agent_ends_with_one_line_a_status_and_a_terminal_event(self):
        log_dirs = {name: temp_folder(self) for name in SIGNALS}
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:  # both at once
            runs = {name: pool.submit(self.stop, [sys.executable, "agent.py"], name,
                                      log_dirs[name]) for name in SIGNALS}
        for name, code in SIGNALS.items():
            with self.subTest(signal=name):
                log_dir = log_dirs[name]
                status, out, err = runs[name].result()
                self.assertEqual(status, EXIT_STATUS[code], err)
                self.assertEqual(status, 128 + getattr(signal, name))
                lines = err.splitlines()
                self.assertEqual(len(lines), 2, err)  # the code's line, then the log's path
                self.assertTrue(lines[0].startswith(f"stock-agent: {code}: "))
                self.assertNotIn("Traceback", err)
                self.assertEqual(out, "")
                events = only_log(log_dir)
                self.assertEqual([e["event"] for e in events],
                                 ["run_started", "tools_narrowed", "cancelled"])
                self.assertEqual((events[-1]["code"], events[-1]["exit_status"]),
                                 (code, status))

    def test_an_evaluation_stops_with_the_signal_s_status(self):
        with tempfile.TemporaryDirectory() as folder:
            cases = os.path.join(folder, "cases.jsonl")
            with open(cases, "w", encoding="utf-8") as file:
                file.write(json.dumps({"id": "one", "question": "Check A001"}) + "\n")
            log_dir = os.path.join(folder, "runs")
            status, _, err = self.stop([sys.executable, "-m", "stock_agent.evals", "run",
                                        cases], "SIGTERM", log_dir)
            self.assertEqual(status, EXIT_STATUS["TERMINATED"], err)
            self.assertEqual(err.splitlines(), [err.splitlines()[0]])
            self.assertTrue(err.startswith("stock-agent: TERMINATED: "), err)
            self.assertEqual(only_log(log_dir)[-1]["code"], "TERMINATED")


if __name__ == "__main__":
    unittest.main()
