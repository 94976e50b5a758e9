"""How run logs are created: a run id that collides draws again, and a log that
holds the user's data (--log-content) can be read by its owner only."""

import os
import stat
import tempfile
import unittest
from unittest import mock

from stock_agent import runlog
from stock_agent.errors import AgentError
from tests.support import run_cli


class RunIds(unittest.TestCase):
    def test_an_id_taken_in_the_same_second_is_drawn_again(self):
        with tempfile.TemporaryDirectory() as logs:
            open(os.path.join(logs, "20261130T000000Z-aaaaaa.jsonl"), "w").close()
            ids = iter(["20261130T000000Z-aaaaaa", "20261130T000000Z-bbbbbb"])
            with mock.patch.object(runlog, "new_run_id", lambda: next(ids)):
                log = runlog.RunLog(logs)
            log.close()
            self.assertEqual(log.run_id, "20261130T000000Z-bbbbbb")
            self.assertEqual(sorted(os.listdir(logs)), ["20261130T000000Z-aaaaaa.jsonl",
                                                        "20261130T000000Z-bbbbbb.jsonl"])

    def test_an_id_that_keeps_colliding_is_log_unwritable(self):
        with tempfile.TemporaryDirectory() as logs:
            open(os.path.join(logs, "same.jsonl"), "w").close()
            with mock.patch.object(runlog, "new_run_id", lambda: "same"), \
                    self.assertRaises(AgentError) as caught:
                runlog.RunLog(logs)
        self.assertEqual(caught.exception.code, "LOG_UNWRITABLE")


@unittest.skipIf(os.name == "nt", "POSIX file modes")
class Permissions(unittest.TestCase):
    def mode(self, *argv):
        with tempfile.TemporaryDirectory() as logs:
            status, _, _, _ = run_cli(["--mock", *argv], log_dir=logs)
            self.assertEqual(status, 0)
            name, = os.listdir(logs)
            return stat.S_IMODE(os.stat(os.path.join(logs, name)).st_mode)

    def test_a_log_with_content_is_for_its_owner_only(self):
        previous = os.umask(0o022)
        self.addCleanup(os.umask, previous)
        self.assertEqual(self.mode("--log-content"), 0o600)
        self.assertEqual(self.mode(), 0o644)  # no user data in it: readable as before


if __name__ == "__main__":
    unittest.main()
