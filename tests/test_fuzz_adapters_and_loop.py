"""Fuzzing the reply path: thousands of broken model replies, none may crash or run bad calls.

Four targets, each with fixed seeds (FUZZ_CASES=N runs N cases in all instead of 4,000; CI
runs 20,000; FUZZ_SEED=S moves every seed, to explore further):

- the loop, fed neutral replies (`run_agent` with a scripted model);
- each provider adapter (Ollama, OpenAI-compatible, Anthropic; whole bodies and streams),
  fed damaged wire replies: the adapter's stream assembler and parser turn them into
  neutral replies and its request builder replays them, inside the same loop;
- the executor (one call through `tools.ToolRunner`), fed damaged tool names and arguments;
- `toolcalls.find`, fed random and mutated text (in tests/test_fuzz_text.py).

Properties checked on every case: no exception other than AgentError escapes; the log has
exactly one terminal event, as its last line, and every line is valid JSON; no tool handler runs
with arguments that an independent oracle (written here, not schema.validate) rejects, and every
call the oracle accepts does run; nothing from a truncated or rejected reply runs. For the
adapters also: a stream without its end marker is never accepted, a reply the body says was
cut carries no calls, and each request's messages are a byte-identical prefix of the next.
For `find`: it never raises, and only declared tool names come back.

To fuzz a new adapter, add an entry to ADAPTERS: a client factory, a body generator, a wire
decoder and a cut oracle (tests/fuzz_adapters.py). The oracles, the spying toolbox and the
in-memory run are in tests/fuzz_harness.py; the damage itself in fuzzlib.py.
"""

import contextlib
import copy
import io
import json
import os
import random
import unittest
from unittest import mock

import agent
import tools
from mock_model import calls_reply, text_reply, tool_call
from stock_agent import toolcalls
from stock_agent.errors import EXIT_STATUS, AgentError
from stock_agent.inventory import sample_inventory
from stock_agent.providers import transport
from tests import fake_server, fuzz_adapters, fuzzlib
from tests.fake_server import ollama_call, ollama_chat
from tests.fuzz_harness import ORACLES, VALID_ARGS, FuzzCase, ScriptedModel, Spy
from tests.support import execute

# FUZZ_CASES is the total over the targets. A loop or adapter case runs a whole loop (about a
# millisecond); an executor case is a single call, some fifteen times cheaper, and a text
# case (tests/test_fuzz_text.py) about half a loop case, so: 12% loop, 2.5% for each of the
# six adapter entries, 8% text, the rest (65%) executor.
# At least 2,000: below that some targets get too few cases for the tests' own checks that
# every kind of outcome was reached (they would fail on a small count, not on a bug).
# A plain `python -m unittest` runs 4,000 (so the suite stays quick); CI runs its
# normal size, 20,000 (.ci/run sets FUZZ_CASES).
CASES = max(int(os.environ.get("FUZZ_CASES", "4000")), 2000)
LOOP_CASES = CASES * 12 // 100
ADAPTER_CASES = CASES * 25 // 1000  # for each entry of ADAPTERS
TEXT_CASES = CASES * 8 // 100
EXECUTOR_CASES = CASES - LOOP_CASES - 6 * ADAPTER_CASES - TEXT_CASES
argument_text = fuzz_adapters.argument_text
SEED = int(os.environ.get("FUZZ_SEED", "0"))
STOPS = ("answer", "tool_calls", "truncated", "other", "", None, "length", "stop", "max_tokens",
         "content_filter", 0, True, ["truncated"], "TRUNCATED", "answer ")


# --- Generating replies ------------------------------------------------------------

def neutral_reply(rng):
    """A valid neutral reply, then (usually) damaged at random and in targeted ways."""
    if rng.random() < 0.02:
        return fuzzlib.junk(rng)  # not even an object
    if rng.random() < 0.3:
        reply = text_reply(rng.choice(("A001: stock 12.", "done", "濾掛咖啡 12")))
    else:
        names = [rng.choice(("get_stock", "probe")) for _ in range(rng.randrange(1, 4))]
        reply = calls_reply(*(tool_call(name, copy.deepcopy(VALID_ARGS[name]),
                                        call_id=rng.choice((None, f"call_{i}")))
                              for i, name in enumerate(names)))
    roll = rng.random()
    if roll < 0.15:
        return reply
    if roll < 0.55:
        return _targeted(rng, reply)
    return fuzzlib.mutate(rng, reply)


def _targeted(rng, reply):
    calls = reply["tool_calls"]
    roll = rng.randrange(7)
    if roll == 0:
        reply["stop"] = rng.choice(STOPS)
    elif roll == 1 and calls:
        rng.choice(calls)["name"] = rng.choice(
            ("", "get_stock ", "GET_STOCK", "get-stock", "probe\x00", "../get_stock", None, 7,
             "get_stock" * 1000, "查庫存", "\ud800"))
    elif roll == 2 and calls:
        call = rng.choice(calls)
        call["arguments"] = argument_text(rng, call["name"])
    elif roll == 3 and calls:
        call = rng.choice(calls)
        call["arguments"] = fuzzlib.mutate(rng, VALID_ARGS.get(call["name"], {}))
    elif roll == 4 and calls:
        calls.extend(copy.deepcopy(calls) * rng.choice((1, 2, 3)))  # duplicates, maybe too many
    elif roll == 5:
        reply["tool_calls"] = []
    else:
        reply["text"] = fuzzlib.weird_string(rng)
    return reply


# An adapter: (client factory, body generator, wire decoder, cut oracle). The decoder turns
# a generated body (or stream) into what the parser is handed; the request builder and parser
# are each client's own `request_body` and `parse_reply`, as its `chat` uses them.
ADAPTERS = {
    "ollama": (lambda: fuzz_adapters.client("ollama"), fuzz_adapters.ollama_body,
               fuzz_adapters.body_wire, fuzz_adapters.ollama_cut),
    "ollama_stream": (lambda: fuzz_adapters.client("ollama", stream=True),
                      fuzz_adapters.ollama_stream, fuzz_adapters.stream_wire("ollama"),
                      fuzz_adapters.ollama_cut),
    "openai": (lambda: fuzz_adapters.client("openai"), fuzz_adapters.openai_body,
               fuzz_adapters.body_wire, fuzz_adapters.openai_cut),
    "openai_stream": (lambda: fuzz_adapters.client("openai", stream=True),
                      fuzz_adapters.openai_stream, fuzz_adapters.stream_wire("openai"),
                      fuzz_adapters.openai_cut),
    "anthropic": (lambda: fuzz_adapters.client("anthropic"), fuzz_adapters.anthropic_body,
                  fuzz_adapters.body_wire, fuzz_adapters.anthropic_cut),
    "anthropic_stream": (lambda: fuzz_adapters.client("anthropic", stream=True),
                         fuzz_adapters.anthropic_stream, fuzz_adapters.stream_wire("anthropic"),
                         fuzz_adapters.anthropic_cut),
}


# --- The tests ---------------------------------------------------------------------

class LoopFuzz(FuzzCase):
    def test_neutral_replies_never_crash_or_run_refused_calls(self):
        outcomes = set()
        for case in range(LOOP_CASES):
            seed = SEED * 1_000_003 + case
            rng = random.Random(seed)
            script = [neutral_reply(rng) for _ in range(rng.randrange(1, 5))]
            code, model, _ = self.drive(
                seed, lambda spy: [lambda m, d, r=r: r for r in script])
            outcomes.add(code)
            truncated = [r for r in model.replies if isinstance(r, dict)
                         and r.get("stop") == "truncated"]
            if truncated and code != "TRUNCATED":
                self.failures.append((seed, f"a truncated reply ended as {code}"))
        self.assertNoFailures("loop cases")
        # The generator reaches the outcomes that matter, or the fuzzing proves little.
        for code in (None, "TRUNCATED", "INVALID_TOOL_CALL", "INVALID_TOOL_BATCH",
                     "INCOMPLETE_MODEL_RESPONSE", "INVALID_MODEL_MESSAGE", "STEP_LIMIT"):
            self.assertIn(code, outcomes)


    def test_through_main_exit_status_and_one_line(self):
        """A few hundred cases through main(): the documented exit, one line, no traceback."""
        for case in range(max(LOOP_CASES // 25, 50)):
            rng = random.Random(SEED * 1_000_003 + case)
            script = [lambda m, d, r=neutral_reply(rng): r for _ in range(rng.randrange(1, 5))]
            if rng.random() < 0.1:  # Ctrl-C while waiting for some reply
                script.insert(rng.randrange(len(script) + 1), _interrupt)
            model = ScriptedModel(script, self.spy.reset())
            out, err = io.StringIO(), io.StringIO()
            with mock.patch.object(tools, "default_toolbox", lambda: self.spy.toolbox), \
                    contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = agent.main(["--log-dir", self.log_dir, "--max-steps", "4",
                                     "--max-tool-calls", "4"], make_model=lambda *a: model)
            last = json.loads(self.files.text().splitlines()[-1])
            lines = err.getvalue().splitlines()
            with self.subTest(case=case, code=last.get("code")):
                self.assertNotIn("Traceback", err.getvalue())
                if last["event"] == "cancelled":
                    self.assertEqual((status, len(lines)), (EXIT_STATUS["CANCELLED"], 2))
                    self.assertTrue(lines[0].startswith("stock-agent: CANCELLED: "))
                    continue
                self.assertEqual(status, EXIT_STATUS[last.get("code", "COMPLETED")])
                if status == 0:
                    self.assertEqual((last["event"], len(lines)), ("completed", 1))
                else:
                    self.assertEqual(last["exit_status"], status)
                    self.assertEqual(len(lines), 2)  # the error line, then the log path
                    self.assertTrue(lines[0].startswith(f"stock-agent: {last['code']}: "))


def _interrupt(messages, definitions):
    raise KeyboardInterrupt


class FoundByFuzzing(FuzzCase):
    """Each bug the fuzzer found, pinned as a plain case so its fix cannot quietly regress."""

    def test_sku_with_a_final_newline_is_refused(self):
        result, _ = execute(self.spy.toolbox, "get_stock", {"sku": "A001\n"},
                                  sample_inventory())
        self.assertEqual((result["error"], self.spy.calls), ("INVALID_ARGUMENTS", []))

    def test_argument_text_nested_too_deep_is_invalid_arguments(self):
        result, note = execute(self.spy.toolbox, "get_stock", "[" * 100_000,
                                     sample_inventory())
        self.assertEqual((result["error"], note), ("INVALID_ARGUMENTS", None))

    def test_body_nested_too_deep_is_a_bad_response(self):
        with self.assertRaises(AgentError) as caught:
            transport.decoded(b"[" * 100_000, 200, "http://x")
        self.assertEqual(caught.exception.code, "MODEL_BAD_RESPONSE")

    def test_call_without_an_id_key_is_an_invalid_call(self):
        reply = calls_reply({"name": "get_stock", "arguments": {"sku": "A001"}})
        code, _, spy = self.drive(0, lambda spy: [lambda m, d: reply])
        self.assertEqual((code, spy.calls, self.failures), ("INVALID_TOOL_CALL", [], []))

    def test_text_nested_too_deep_is_an_answer_not_a_crash(self):
        """find() raised RecursionError on "[[[[..." text that mentions "name": through the
        loop a reply's text became INTERNAL_ERROR. Now the scan stops there."""
        for text in ("[" * 600 + '"name"', '{"a":[' * 3000 + '"name"'):
            self.assertEqual(toolcalls.find(text, {"get_stock"}), [])
            reply = text_reply(text)
            code, _, spy = self.drive(0, lambda spy: [lambda m, d: reply])
            self.assertEqual((code, spy.calls, self.failures), (None, [], []))
        call = '{"name": "get_stock", "arguments": {"sku": "A001"}} '
        self.assertEqual(len(toolcalls.find(call + "[" * 30_000, {"get_stock"})), 1)

    def test_malformed_stream_fields_are_protocol_errors_not_crashes(self):
        """Fields of the wrong type in a stream raised TypeError/AttributeError inside the
        assemblers (an INTERNAL_ERROR exit); now they are the stream's protocol errors."""
        openai = fuzz_adapters.client("openai", stream=True)
        anthropic = fuzz_adapters.client("anthropic", stream=True)
        cases = (
            (openai, ['data: {"choices": 5}', ""], "MODEL_BAD_RESPONSE"),
            (openai, ['data: {"choices": [{"delta": {"tool_calls": 1}}]}', ""],
             "INVALID_TOOL_BATCH"),
            (anthropic, ['data: {"type": "content_block_start", "index": [], '
                         '"content_block": {"type": "text"}}', ""], "MODEL_BAD_RESPONSE"),
            (anthropic, ['data: {"type": "message_start", "message": {"usage": []}}', "",
                         'data: {"type": "message_delta", "delta": "x"}', ""], "TRUNCATED"),
        )
        for client, lines, code in cases:
            with self.subTest(lines=lines[0]), self.assertRaises(AgentError) as caught:
                fuzz_adapters.STREAMS[client.provider][3](iter(lines), client)
            self.assertEqual(caught.exception.code, code)

    def test_anthropic_text_block_that_is_not_text(self):
        client = fuzz_adapters.client("anthropic")
        body = fake_server.anthropic_message([{"type": "text", "text": ["x"]},
                                              fake_server.anthropic_text("A001: 12.")])
        self.assertEqual(client.parse_reply(body)["text"], "A001: 12.")

    def test_lone_surrogate_in_a_reply_keeps_log_and_request_valid(self):
        client = fuzz_adapters.client("ollama")
        sent = []

        def reply(messages, definitions):
            sent.append(client.request_body(messages, definitions))
            return client.parse_reply(ollama_chat("\ud800", tool_calls=[
                ollama_call("\udfff", {"sku": "\ud800"})]))

        code, _, _ = self.drive(0, lambda spy: [reply, reply])
        self.assertEqual((code, self.failures), (None, []))
        self.assertIn(b'"content": "\\ud800"', sent[-1])  # a JSON escape, valid JSON
        json.loads(sent[-1])


class AdapterFuzz(FuzzCase):
    """Each adapter's assembler, parser and request builder over damaged wire replies."""

    def test_ollama_bodies(self):
        self._fuzz_adapter("ollama")

    def test_ollama_streams(self):
        self._fuzz_adapter("ollama_stream", stream=True)

    def test_openai_bodies(self):
        self._fuzz_adapter("openai")

    def test_openai_streams(self):
        self._fuzz_adapter("openai_stream", stream=True)

    def test_anthropic_bodies(self):
        self._fuzz_adapter("anthropic")

    def test_anthropic_streams(self):
        self._fuzz_adapter("anthropic_stream", stream=True)

    def _fuzz_adapter(self, name, *, stream=False):
        make_client, make_body, decode, cut = ADAPTERS[name]
        outcomes = set()
        for case in range(ADAPTER_CASES):
            seed = SEED * 1_000_003 + case
            rng = random.Random(seed)
            client = make_client()
            bodies = [make_body(rng) for _ in range(rng.randrange(1, 4))]
            sent = []

            def factory(body):
                def reply(messages, definitions):
                    sent.append(client.request_body(messages, definitions))
                    data = decode(rng, body, client)
                    return self._parsed(seed, client.parse_reply(data), data, cut)
                return reply

            code, _, _ = self.drive(seed, lambda spy: [factory(b) for b in bodies])
            outcomes.add(code)
            self._check_requests(seed, sent)
        self.assertNoFailures(f"{name} cases")
        # The generator reaches the outcomes that matter, or the fuzzing proves little. An
        # assembled stream always holds an assistant message; only a stream carries an error
        # object inside a 200 answer that still parses.
        reached = (None, "TRUNCATED", "MODEL_BAD_RESPONSE", "INVALID_TOOL_CALL",
                   "INCOMPLETE_MODEL_RESPONSE")
        reached += ("MODEL_HTTP_ERROR",) if stream else ("INVALID_MODEL_MESSAGE",)
        for code in reached:
            self.assertIn(code, outcomes, name)

    def _parsed(self, seed, reply, body, cut):
        """The parser's own contract: a neutral reply, and a cut reply carries no calls."""
        if not (isinstance(reply, dict) and isinstance(reply.get("tool_calls"), list)
                and reply.get("stop") in ("answer", "tool_calls", "truncated", "other")):
            self.failures.append((seed, f"parser returned a non-neutral reply {reply!r:.120}"))
        elif reply["stop"] == "truncated" and reply["tool_calls"]:
            self.failures.append((seed, "a truncated reply carries tool calls"))
        elif cut(body) and reply["stop"] != "truncated":
            self.failures.append((seed, "a reply the body says was cut is not truncated"))
        return reply

    def _check_requests(self, seed, sent):
        """Every request body is JSON, and each one's messages start with the last one's."""
        previous = None
        for body in sent:
            try:
                json.loads(body)
            except ValueError:
                self.failures.append((seed, "a request body is not valid JSON"))
                return
            messages = body[body.index(b'"messages": [') :].rstrip(b"]}")
            if previous is not None and not messages.startswith(previous):
                self.failures.append((seed, "a request's messages do not extend the last"))
            previous = messages


class ExecutorFuzz(unittest.TestCase):
    def test_execute_runs_exactly_the_calls_the_schema_allows(self):
        failures, ran, refused = [], 0, 0
        spy_all = Spy()
        inventory = sample_inventory()
        for case in range(EXECUTOR_CASES):
            seed = SEED * 1_000_003 + case
            rng = random.Random(seed)
            spy = spy_all.reset()
            toolbox = spy.toolbox
            name, arguments = _executor_call(rng)
            expected = _oracle_accepts(name, arguments)
            try:
                result, note = execute(toolbox, name, arguments, inventory)
                json.dumps(result, ensure_ascii=False)
            except Exception as exc:
                failures.append((seed, f"{type(exc).__name__}: {str(exc)[:120]}"))
                continue
            problem = _result_problem(result, note, spy, expected)
            if problem:
                failures.append((seed, problem))
            ran += bool(spy.calls)
            refused += not spy.calls
        shown = "\n".join(f"  seed {s}: {t}" for s, t in failures[:8])
        self.assertEqual(failures, [], f"{len(failures)} executor cases failed:\n{shown}")
        self.assertGreater(min(ran, refused), EXECUTOR_CASES // 10)  # both sides are exercised


def _executor_call(rng):
    name = rng.choice(("get_stock", "probe", "get_stock", "probe", fuzzlib.weird_string(rng),
                       None, 5, ["get_stock"]))
    base = VALID_ARGS.get(name if isinstance(name, str) else "", {"sku": "A001"})
    roll = rng.random()
    if roll < 0.2:
        return name, copy.deepcopy(base)
    if roll < 0.4:
        return name, argument_text(rng, name if isinstance(name, str) else "get_stock")
    if roll < 0.5:
        return name, fuzzlib.junk(rng)
    if roll < 0.6:
        return name, {"sku": rng.choice(fuzzlib.WEIRD_STRINGS)}
    return name, fuzzlib.mutate(rng, base)


def _oracle_accepts(name, arguments):
    if not isinstance(name, str) or name not in ORACLES:
        return False
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except (ValueError, RecursionError):
            return False
    return ORACLES[name](arguments)


def _result_problem(result, note, spy, expected):
    if not isinstance(result, dict) or not isinstance(result.get("ok"), bool):
        return f"result is not {{ok: bool}}: {result!r:.120}"
    if not result["ok"] and not (isinstance(result.get("error"), str)
                                 and isinstance(result.get("detail"), str)):
        return f"an error result without code and detail: {result!r:.120}"
    if spy.violations:
        return f"handler ran with refused arguments {spy.violations[0]}"
    if expected and not spy.calls:
        return f"valid arguments were refused: {result.get('detail')!r:.160}"
    if note is not None:
        return f"unexpected handler exception {note!r:.120}"
    return None


if __name__ == "__main__":
    unittest.main()
