"""--record and --replay (stock_agent/replay): a run recorded against a loopback server that
speaks each provider's wire replays with the server stopped, to the same answer, tool calls,
exit and log statuses; a changed request fails with NO_RECORDING and a diff; a folder or a
file that cannot be used fails with its own code; the files are 0600 in a 0700 folder.
"""

import io
import json
import os
import stat
import unittest
from contextlib import redirect_stderr, redirect_stdout
from unittest import mock

from stock_agent.errors import EXIT_STATUS, AgentError
from stock_agent.replay import recording
from tests import fake_server as fs
from tests.support import run_cli, temp_folder

ANSWER = ("[Sample data] 濾掛咖啡 (A001): stock 12, target 30, suggested order 18. "
          "No order has been placed in this run.")
PROVIDERS = ("ollama", "openai", "anthropic")


def wire(provider, server_url):
    """(--base-url, chat path) of `provider` on the loopback server."""
    if provider == "openai":
        return server_url + "/v1", "/v1/chat/completions"
    return server_url, "/api/chat" if provider == "ollama" else "/v1/messages"


def script(server, provider, *, stream, sku="A001", answer=ANSWER, call="call_1"):
    """Queue one question's two replies on `server`: a get_stock call, then the answer."""
    path = wire(provider, server.url)[1]
    if provider == "ollama":
        replies = [fs.ollama_chat("", tool_calls=[fs.ollama_call("get_stock", {"sku": sku})]),
                   fs.ollama_chat(answer)]
        if stream:
            replies = [fs.stream(fs.ollama_stream(tool_calls=[fs.ollama_call(
                "get_stock", {"sku": sku})]), sse=False),
                fs.stream(fs.ollama_stream([answer[:20], answer[20:]]), sse=False)]
    elif provider == "openai":
        replies = [fs.openai_chat(tool_calls=[fs.openai_call(call, "get_stock", json.dumps(
            {"sku": sku}))], finish_reason="tool_calls"), fs.openai_chat(answer)]
        if stream:
            replies = [fs.stream(fs.openai_stream(tool_calls=[(call, "get_stock", [
                '{"sku": ', json.dumps(sku) + "}"])], finish_reason="tool_calls")),
                fs.stream(fs.openai_stream([answer[:20], answer[20:]]))]
    else:
        use = [fs.anthropic_tool_use(call, "get_stock", {"sku": sku})]
        replies = [fs.anthropic_message(use, stop_reason="tool_use"),
                   fs.anthropic_message([fs.anthropic_text(answer)])]
        if stream:
            replies = [fs.stream(fs.anthropic_stream(use, stop_reason="tool_use")),
                       fs.stream(fs.anthropic_stream([fs.anthropic_text(answer)]))]
    for reply in replies:
        server.reply(path, 200, reply)


def flags(provider, base_url, *extra):
    return ["--provider", provider, "--base-url", base_url, "--model", "m", *extra]


def statuses(events):
    """What a log says happened, without times and ids: each event with its status."""
    keep = ("event", "name", "ok", "error", "stop", "code", "exit_status", "steps",
            "verification", "attempt", "status")
    return [{key: event[key] for key in keep if key in event} for event in events]


def recorded(folder):
    return sorted(name for name in os.listdir(folder) if name.endswith(".json"))


class RecordThenReplayTest(unittest.TestCase):
    """Each provider, whole bodies and streams: record, stop the server, replay."""

    # A question by name: the model's lookup does not settle it, so both of the model's
    # replies (the call and the answer) are recorded and replayed.
    def record(self, provider, stream, *extra, question="How many 濾掛咖啡 do we have?"):
        folder = os.path.join(temp_folder(self), "cassette")
        with fs.FakeServer() as server:
            script(server, provider, stream=stream)
            base_url = wire(provider, server.url)[0]
            argv = flags(provider, base_url, "-q", question, *extra,
                         *(["--stream"] if stream else []))
            first = run_cli([*argv, "--record", folder])
            sent = len(server.requests)
        return folder, argv, first, sent

    def test_every_provider_replays_with_the_server_stopped(self):
        for provider in PROVIDERS:
            for stream in (False, True):
                with self.subTest(provider=provider, stream=stream):
                    folder, argv, first, sent = self.record(provider, stream)
                    self.assertEqual(first[0], 0, first[2])
                    self.assertEqual(len(recorded(folder)), sent)
                    again = run_cli([*argv, "--replay", folder])
                    self.assertEqual(again[:2], first[:2], again[2])  # exit and answer
                    self.assertEqual(again[1].strip(), ANSWER)
                    self.assertEqual(statuses(again[3]), statuses(first[3]))
                    tools = [(e["name"], e["ok"]) for e in again[3] if e["event"] == "tool"]
                    self.assertEqual(tools, [("get_stock", True)])

    def test_a_streamed_recording_keeps_the_lines_the_server_sent(self):
        folder, _, _, _ = self.record("openai", True)
        lines = []
        for name in recorded(folder):
            with open(os.path.join(folder, name), encoding="utf-8") as file:
                lines += json.load(file)["replies"][0]["lines"]
        self.assertIn("data: [DONE]", lines)
        self.assertTrue(any('"arguments": "{\\"sku\\": "' in line for line in lines), lines)

    def test_a_changed_question_fails_with_its_code_and_a_diff(self):
        folder, argv, _, _ = self.record("ollama", False, question="Check A001")
        changed = [word if word != "Check A001" else "Check A002" for word in argv]
        status, out, err, events = run_cli([*changed, "--replay", folder])
        self.assertEqual(status, EXIT_STATUS["NO_RECORDING"])
        self.assertEqual(out, "")
        self.assertIn("stock-agent: NO_RECORDING:", err)
        self.assertIn('-   "content": "Check A001"', err)
        self.assertIn('+   "content": "Check A002"', err)
        self.assertLess(len(err.splitlines()), recording.DIFF_LINES + 6)
        self.assertEqual((events[-1]["event"], events[-1]["code"]), ("failed", "NO_RECORDING"))
        self.assertNotIn("Check A002", json.dumps(events))  # the log holds no content

    def test_the_diff_cannot_steer_the_terminal(self):
        folder, argv, _, _ = self.record("ollama", False, question="Check A001")
        changed = [word if word != "Check A001" else "Check A001\u202e" for word in argv]
        status, _, err, _ = run_cli([*changed, "--replay", folder])
        self.assertEqual(status, 60)
        self.assertNotIn("\u202e", err)
        self.assertIn("\\u202e", err)
        diff = [line for line in err.splitlines() if line.startswith(("    -", "    +"))]
        self.assertEqual(len(diff), 2, err)

    def test_a_changed_prompt_fails_with_a_diff_where_it_changed(self):
        folder = temp_folder(self)
        prompt = os.path.join(folder, "prompt.txt")
        rules = "You are an inventory assistant. " * 20  # a long line: the diff shows its end
        with open(prompt, "w", encoding="utf-8") as file:
            file.write(rules + "Answer briefly.")
        cassette, argv, first, _ = self.record("anthropic", False, "--system-prompt", prompt)
        self.assertEqual(first[0], 0, first[2])
        with open(prompt, "w", encoding="utf-8") as file:
            file.write(rules + "Answer at length.")
        status, _, err, _ = run_cli([*argv, "--replay", cassette])
        self.assertEqual(status, 60)
        self.assertIn("Answer briefly.", err)
        self.assertIn("Answer at length.", err)

    def test_a_retried_request_replays_both_answers_in_order(self):
        folder = os.path.join(temp_folder(self), "cassette")
        with fs.FakeServer() as server:
            server.reply("/api/chat", 503, {"error": "busy"}, headers={"Retry-After": "0"})
            script(server, "ollama", stream=False)
            argv = flags("ollama", server.url, "-q", "Check A001")
            first = run_cli([*argv, "--record", folder])
        again = run_cli([*argv, "--replay", folder])
        self.assertEqual(first[0], 0, first[2])
        self.assertEqual(again[:2], first[:2])
        attempts = [e for e in again[3] if e["event"] == "model_attempt"]
        self.assertEqual([(e["code"], e["status"]) for e in attempts],
                         [("MODEL_HTTP_ERROR", 503)])
        self.assertEqual(statuses(again[3]), statuses(first[3]))

    def test_an_error_answer_to_a_stream_replays_as_the_same_error(self):
        folder = os.path.join(temp_folder(self), "cassette")
        with fs.FakeServer() as server:
            server.reply("/v1/chat/completions", 400, fs.openai_error("bad tools"))
            argv = flags("openai", server.url + "/v1", "--stream", "-q", "Check A001")
            first = run_cli([*argv, "--record", folder])
        again = run_cli([*argv, "--replay", folder])
        self.assertEqual(first[0], EXIT_STATUS["MODEL_HTTP_ERROR"], first[2])
        self.assertEqual(again[:2], first[:2])
        self.assertEqual(again[2].splitlines()[0], first[2].splitlines()[0])
        self.assertEqual(statuses(again[3]), statuses(first[3]))

    def test_a_recording_that_cannot_be_written_ends_the_run(self):
        full = OSError(28, "No space left on device")
        for stream in (False, True):  # a stream's recording is written as its reader stops
            with self.subTest(stream=stream), mock.patch(
                    "stock_agent.replay.recording.os.replace", side_effect=full):
                folder, _, first, _ = self.record("anthropic", stream)
                self.assertEqual(first[0], EXIT_STATUS["RECORDING_UNUSABLE"], first[2])
                self.assertIn("No space left on device", first[2])
                self.assertEqual(first[3][-1]["code"], "RECORDING_UNUSABLE")
                self.assertEqual(os.listdir(folder), [])  # no temporary file left either

    def test_a_replay_with_orders_stops_after_the_write(self):
        # Documented in docs/replay.md: the receipt holds the run's own idempotency key, so
        # the request after a write is new; and the tools run, so the write is real.
        work = temp_folder(self)
        folder = os.path.join(work, "cassette")
        call = fs.ollama_call("draft_purchase_order", {"sku": "A001", "quantity": 18})
        with fs.FakeServer() as server:
            server.reply("/api/chat", 200, fs.ollama_chat("", tool_calls=[call]))
            server.reply("/api/chat", 200, fs.ollama_chat("Order PO-000001 placed."))
            argv = flags("ollama", server.url, "-q", "Order 18 of A001", "--approve",
                         "--verify", "off")
            first = run_cli([*argv, "--orders", os.path.join(work, "a.db"), "--record",
                             folder])
        again = run_cli([*argv, "--orders", os.path.join(work, "a.db"), "--replay", folder])
        self.assertEqual(first[0], 0, first[2])
        self.assertEqual(again[0], EXIT_STATUS["NO_RECORDING"])
        self.assertIn("idempotency_key", again[2])
        self.assertIn("write_receipt", [event["event"] for event in again[3]])

    def test_files_are_0600_in_a_folder_made_0700(self):
        old = os.umask(0)  # the modes are the program's own, not the umask's
        try:
            folder, _, first, _ = self.record("ollama", True)
        finally:
            os.umask(old)
        self.assertEqual(first[0], 0, first[2])
        self.assertEqual(stat.S_IMODE(os.stat(folder).st_mode), 0o700)
        names = os.listdir(folder)
        self.assertEqual(len(names), 2)  # no temporary file left behind
        for name in names:
            self.assertEqual(stat.S_IMODE(os.stat(os.path.join(folder, name)).st_mode), 0o600)

    def test_a_file_is_named_by_the_sha256_of_the_request_sent(self):
        folder = os.path.join(temp_folder(self), "cassette")
        with fs.FakeServer() as server:
            script(server, "ollama", stream=False)
            run_cli(flags("ollama", server.url, "-q", "Check A001", "--record", folder))
            bodies = [request["raw"] for request in server.requests]
        self.assertEqual(recorded(folder), sorted(recording.key_of(body) + ".json"
                                                  for body in bodies))
        with open(os.path.join(folder, recording.key_of(bodies[0]) + ".json"),
                  encoding="utf-8") as file:
            kept = json.load(file)
        self.assertEqual(kept["request"].encode("utf-8"), bodies[0])
        self.assertEqual(kept["format"], recording.FORMAT)
        self.assertEqual(kept["provider"], "ollama")


class ConversationTest(unittest.TestCase):
    def test_a_three_question_chat_replays(self):
        folder = os.path.join(temp_folder(self), "cassette")
        questions = "Check A001\nCheck A002\nCheck A003\n"
        with fs.FakeServer() as server:
            for number, sku in enumerate(("A001", "A002", "A003")):
                script(server, "openai", stream=True, sku=sku, call=f"call_{number}",
                       answer=f"Answer {number} about {sku}.")
            # the scripted answers shown as they came: a test of replay, not of the check
            argv = flags("openai", server.url + "/v1", "--chat", "--stream", "--verify", "off")
            first = run_cli([*argv, "--record", folder], stdin=questions)
            self.assertEqual(len(server.requests), 6)
        self.assertEqual(first[0], 0, first[2])
        self.assertEqual(len(recorded(folder)), 6)
        again = run_cli([*argv, "--replay", folder], stdin=questions)
        self.assertEqual(again[:2], first[:2])
        for number in range(3):
            self.assertIn(f"Answer {number} about A00{number + 1}.", again[1])
        self.assertEqual(statuses(again[3]), statuses(first[3]))
        changed = run_cli([*argv, "--replay", folder],
                          stdin="Check A001\nCheck A009\nCheck A003\n")
        self.assertIn("Answer 0 about A001.", changed[1])
        self.assertIn("NO_RECORDING", changed[2])
        self.assertIn('+   "content": "Check A009"', changed[2])


class FolderErrorsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = os.path.join(temp_folder(cls), "cassette")
        with fs.FakeServer() as server:
            script(server, "ollama", stream=False)
            cls.argv = flags("ollama", server.url, "-q", "Check A001")
            status = run_cli([*cls.argv, "--record", cls.folder])[0]
        assert status == 0, status
        cls.first = os.path.join(cls.folder, min(
            recorded(cls.folder), key=lambda n: os.path.getsize(os.path.join(cls.folder, n))))

    def replay(self, folder):
        return run_cli([*self.argv, "--replay", folder])

    def test_a_missing_folder(self):
        status, _, err, events = self.replay(os.path.join(self.folder, "no-such"))
        self.assertEqual(status, EXIT_STATUS["RECORDING_UNUSABLE"])
        self.assertIn("RECORDING_UNUSABLE", err)
        self.assertIn("there is no such folder", err)
        self.assertEqual(events, [])  # refused before the run began

    def test_a_file_instead_of_a_folder(self):
        status, _, err, _ = self.replay(self.first)
        self.assertEqual(status, 61)
        self.assertIn("it is not a folder", err)

    def test_an_empty_folder(self):
        status, _, err, _ = self.replay(temp_folder(self))
        self.assertEqual(status, 61)
        self.assertIn("it holds no recordings", err)

    def test_an_unreadable_folder(self):
        # Made unreadable by its listing failing as it does for a folder without r or x
        # (chmod would not stop root, who runs some CI).
        denied = PermissionError(13, "Permission denied")
        with mock.patch("stock_agent.replay.recording.os.listdir", side_effect=denied), \
                self.assertRaises(AgentError) as refused:
            recording.Player(self.folder)
        self.assertEqual(refused.exception.code, "RECORDING_UNUSABLE")
        self.assertIn("Permission denied", refused.exception.message())

    def test_a_folder_that_cannot_be_made(self):
        status, _, err, _ = run_cli([*self.argv, "--record", os.path.join(self.first, "x")])
        self.assertEqual(status, 61)
        self.assertIn("RECORDING_UNUSABLE", err)

    def corrupted(self, change):
        """A copy of the recordings with the first request's file changed by `change`."""
        folder = temp_folder(self)
        for name in recorded(self.folder):
            with open(os.path.join(self.folder, name), "rb") as source:
                data = source.read()
            if os.path.join(self.folder, name) == self.first:
                data = change(data)
            with open(os.path.join(folder, name), "wb") as target:
                target.write(data)
        return folder

    def test_a_corrupt_recording(self):
        for change, reason in ((lambda data: data[:len(data) // 2], "it is not JSON"),
                               (lambda data: b"\xff" + data, "not UTF-8"),
                               (lambda data: b"[]", "not a stock-agent recording"),
                               (lambda data: data.replace(b"Check A001", b"Check A00X"),
                                "not the one its name"),
                               (lambda data: data.replace(b'"status": 200', b'"status": "ok"'),
                                "replies are missing or malformed")):
            with self.subTest(reason=reason):
                status, out, err, events = self.replay(self.corrupted(change))
                self.assertEqual(status, EXIT_STATUS["BAD_RECORDING"], err)
                self.assertIn("BAD_RECORDING", err)
                self.assertIn(reason, err)
                self.assertEqual(events[-1]["code"], "BAD_RECORDING")

    def test_the_flags_refuse_mock_and_both_at_once(self):
        for argv in (["--mock", "--record", self.folder],
                     [*self.argv, "--record", self.folder, "--replay", self.folder]):
            with self.subTest(argv=argv), self.assertRaises(SystemExit) as stopped:
                run_cli(argv)
            self.assertEqual(stopped.exception.code, 2)


class EvaluationTest(unittest.TestCase):
    def test_an_evaluation_recorded_once_replays(self):
        from stock_agent.evals.__main__ import main as evals_main
        work = temp_folder(self)
        cases = os.path.join(work, "cases.jsonl")
        with open(cases, "w", encoding="utf-8") as file:
            file.write(json.dumps({"id": "a001", "lang": "en", "question": "Check A001",
                                   "expect": {"tool_calls": [{"name": "get_stock", "arguments":
                                                              {"sku": "A001"}}],
                                              "answer_contains": ["18"]}}) + "\n")
        folder, logs = os.path.join(work, "cassette"), os.path.join(work, "logs")
        with fs.FakeServer() as server:
            script(server, "ollama", stream=False)
            server.reply("/api/version", 200, {"version": "0.12.0"}, repeat=True)
            argv = ["run", cases, "--log-dir", logs, *flags("ollama", server.url)]
            reports = []
            for kept in ("--record", "--replay"):
                if kept == "--replay":
                    server.__exit__(None, None, None)
                report = os.path.join(work, kept[2:] + ".json")
                with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
                    status = evals_main([*argv, kept, folder, "--report", report], environ={})
                self.assertEqual(status, 0, err.getvalue())
                with open(report, encoding="utf-8") as file:
                    reports.append(json.load(file))
        recorded_run, replayed = reports
        self.assertEqual(recorded_run["totals"]["task_success"]["rate"], 1.0)
        rows = [report["results"][0]["rows"][0] for report in reports]
        for row in rows:
            row.pop("duration_ms")
        self.assertEqual(rows[1], rows[0])
        self.assertTrue(rows[1]["success"])
        self.assertEqual(recorded_run["server_version"], "0.12.0")
        # no server was asked: one asked and gone would be "unknown"
        self.assertEqual(replayed["server"], {"name": "replay", "version": "none", "url": None})


if __name__ == "__main__":
    unittest.main()
