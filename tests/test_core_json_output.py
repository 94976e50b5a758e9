"""--json: one JSON object on stdout with stable keys, for every way a run ends."""

import json
import os
import unittest
from unittest import mock

import agent
from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent import run
from stock_agent import cli
from stock_agent.errors import AgentError
from stock_agent.runlog import RunLog
from tests.support import run_cli, settings, temp_folder

KEYS = {"status", "exit_status", "answer", "error", "log_error", "run_id", "log", "steps",
        "tool_calls", "orders", "facts", "dry_run", "verification", "statements", "tokens",
        "duration_ms"}


def run_main(*argv, environ=None):
    """main() in-process: (exit status, stdout, stderr); the log goes where --log-dir says."""
    log_dir = argv[argv.index("--log-dir") + 1]
    status, out, err, _ = run_cli(list(argv), environ=environ, log_dir=log_dir)
    return status, out, err


def scripted(*replies):
    """A make_model for agent.ask that returns one scripted mock model."""
    def make(settings, environ):
        return MockModel(script=list(replies), lang=settings.lang)
    return make


def usage(input_tokens, output_tokens):
    return {"input_tokens": input_tokens, "output_tokens": output_tokens}


class JsonOutputTest(unittest.TestCase):
    def setUp(self):
        self.logs = temp_folder(self)

    def test_success_is_one_json_object_with_the_stable_keys(self):
        status, out, err = run_main("--mock", "--json", "--lang", "en", "--log-dir", self.logs,
                                    "-q", "Check A001 and A404")
        self.assertEqual(status, 0)
        result = json.loads(out)  # the whole of stdout is one object
        self.assertEqual(set(result), KEYS)
        self.assertEqual(result["status"], "completed")
        self.assertEqual(result["exit_status"], 0)
        self.assertIn("suggested order 18", result["answer"])
        # Each claim the person reads, with the call its fact came from.
        self.assertEqual(result["statements"][0], {
            "sku": "A001", "claim": "stock", "value": 12,
            "source": {"tool": "get_stock", "invocation": "1:0"}})
        self.assertIsNone(result["error"])
        self.assertEqual(result["steps"], 1)  # the results settled it: no request for prose
        self.assertEqual(result["tool_calls"], [
            {"name": "get_stock", "ok": True, "error": None},
            {"name": "get_stock", "ok": False, "error": "SKU_NOT_FOUND"}])
        self.assertEqual(result["tokens"], {"input": None, "output": None})
        self.assertIsInstance(result["duration_ms"], int)
        self.assertEqual(result["log"], os.path.join(self.logs, result["run_id"] + ".jsonl"))
        with open(result["log"], encoding="utf-8") as file:
            last = json.loads(file.readlines()[-1])
        self.assertEqual(last["event"], "completed")

    def test_a_limit_is_reported_with_its_code_and_exit_status(self):
        status, out, err = run_main("--mock", "--json", "--max-steps", "1", "--verify",
                                    "off", "--log-dir", self.logs, "-q", "A001")
        result = json.loads(out)
        self.assertEqual(status, 10)
        self.assertEqual(set(result), KEYS)
        self.assertEqual((result["status"], result["exit_status"]), ("failed", 10))
        self.assertEqual(result["error"]["code"], "STEP_LIMIT")
        self.assertIsNone(result["answer"])
        self.assertEqual(result["steps"], 1)
        self.assertEqual(len(result["tool_calls"]), 1)

    def test_a_failure_before_the_log_exists_still_gives_an_object(self):
        status, out, err = run_main("--json", "--log-dir", self.logs, "--base-url",
                                    "http://127.0.0.1:9", "--model", "m", "--system-prompt",
                                    os.path.join(self.logs, "missing.txt"))
        result = json.loads(out)
        self.assertEqual((status, result["exit_status"]), (3, 3))
        self.assertEqual(result["error"]["code"], "INVALID_INPUT")
        self.assertIsNone(result["run_id"])
        self.assertIsNone(result["log"])
        self.assertEqual((result["steps"], result["tool_calls"]), (0, []))

    def test_tokens_are_summed_when_the_provider_reports_them(self):
        args = settings("--log-dir", self.logs, "--verify", "off", "-q", "A001")
        make = scripted(
            {**calls_reply(tool_call("get_stock", {"sku": "A001"})), "usage": usage(100, 7)},
            {**text_reply("A001: stock 12."), "usage": usage(150, None)})
        result = cli.as_json(agent.ask(args, {}, make_model=make), "en")
        self.assertEqual(result["status"], "completed")
        self.assertEqual(result["tokens"], {"input": 250, "output": 7})

    def test_cancel_is_reported_as_cancelled(self):
        args = settings("--log-dir", self.logs)
        outcome = agent.ask(args, {}, make_model=scripted(KeyboardInterrupt()))
        result = cli.as_json(outcome, "en")
        self.assertEqual((result["status"], result["exit_status"]), ("cancelled", 130))
        self.assertEqual(result["error"]["code"], "CANCELLED")

    def test_model_error_codes_are_language_independent(self):
        # --verify off: no policy answers from the results in the model's place
        args = settings("--log-dir", self.logs, "--verify", "off", lang="zh-TW")
        make = scripted(text_reply("", stop="answer"))
        result = cli.as_json(agent.ask(args, {}, make_model=make), "en")
        self.assertEqual(result["error"]["code"], "EMPTY_ANSWER")
        self.assertEqual(result["exit_status"], 26)

    def test_an_unwritable_log_at_the_end_is_reported_beside_the_error(self):
        def broken(log, outcome):  # the disk fills up just before the last event
            log._file.close()
            raise AgentError("LOG_UNWRITABLE", path=log.path, reason="disk full")
        with mock.patch.object(RunLog, "finish", broken):
            status, out, err = run_main("--mock", "--json", "--max-steps", "1", "--verify",
                                        "off", "--log-dir", self.logs, "-q", "A001")
        result = json.loads(out)
        self.assertEqual(status, 4)
        self.assertEqual(result["error"]["code"], "STEP_LIMIT")
        self.assertEqual(result["log_error"]["code"], "LOG_UNWRITABLE")
        self.assertNotIn("log:", err)

    def test_without_json_stdout_is_just_the_answer(self):
        status, out, err = run_main("--mock", "--lang", "en", "--log-dir", self.logs,
                                    "-q", "A001")
        self.assertEqual(status, 0)
        self.assertTrue(out.startswith("[Sample data]"))
        self.assertIn("log: ", err)


class SystemPromptTest(unittest.TestCase):
    def setUp(self):
        self.dir = temp_folder(self)

    def prompt_file(self, text):
        path = os.path.join(self.dir, "prompt.txt")
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        return path

    def test_the_file_is_sent_to_the_model_and_its_hash_logged(self):
        path = self.prompt_file("Be brief.\n")
        model = MockModel(lang="en")
        args = settings("--log-dir", self.dir, "--system-prompt", path, "-q", "A001")
        result = cli.as_json(agent.ask(args, {}, make_model=lambda *_: model), "en")
        self.assertEqual(result["status"], "completed")
        self.assertEqual(model.requests[0]["messages"][0],
                         {"role": "system", "content": "Be brief."})
        with open(result["log"], encoding="utf-8") as file:
            started = json.loads(file.readline())
        self.assertEqual(started["system_prompt"]["file"], path)
        self.assertEqual(started["system_prompt"]["sha256"],
                         run.load_system_prompt(path, "en")[1]["sha256"])

    def test_the_built_in_prompt_is_logged_without_a_file(self):
        text, info = run.load_system_prompt(None, "zh-TW")
        self.assertEqual(text, run.SYSTEM_PROMPTS["zh-TW"])
        self.assertEqual(info, {"file": None, "sha256": None})

    def test_a_prompt_file_is_logged_with_its_sha256(self):
        path = os.path.join(self.dir, "prompt.txt")
        with open(path, "w", encoding="utf-8") as file:
            file.write("Be brief.\n")
        # The file's text, stripped, hashed: sha256(b"Be brief.")
        self.assertEqual(run.load_system_prompt(path, "en")[1],
                         {"file": path, "sha256": "213c22ed7234eb11116e1e88f314c73c"
                                                  "b3a019b5c87fe224b6ce5665bd9ec50e"})

    def test_an_empty_prompt_file_is_invalid_input(self):
        status, out, err = run_main("--mock", "--json", "--log-dir", self.dir,
                                    "--system-prompt", self.prompt_file("  \n"))
        self.assertEqual(status, 3)
        self.assertEqual(json.loads(out)["error"]["code"], "INVALID_INPUT")


if __name__ == "__main__":
    unittest.main()
