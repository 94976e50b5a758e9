"""Fuzzing the reply path: thousands of broken model replies, none may crash or run bad calls.

Three targets, each with fixed seeds (FUZZ_CASES=N runs N cases in all instead of 20,000;
FUZZ_SEED=S moves every seed, to explore further):

- the loop, fed neutral replies (`run_agent` with a scripted model);
- each provider adapter, fed damaged wire bodies: the adapter's parser turns them into
  neutral replies and its request builder replays them, inside the same loop;
- the executor (`tools.execute`), fed damaged tool names and arguments.

Properties checked on every case: no exception other than AgentError escapes; the log has
exactly one terminal event, as its last line, and every line is valid JSON; no tool handler runs
with arguments that an independent oracle (written here, not tools.validate) rejects, and every
call the oracle accepts does run; nothing from a truncated or rejected reply runs.

To fuzz a new adapter, add an entry to ADAPTERS: valid base bodies, a request builder and a
parser, all taking the client the adapter's own `chat` would use. The oracles, the spying
toolbox and the in-memory run are in tests/fuzz_harness.py; the damage itself in fuzzlib.py.
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
import http_transport
import providers
import tools
from errors import EXIT_STATUS, AgentError
from mock_model import calls_reply, text_reply, tool_call
from tests import fuzzlib
from tests.fake_server import ollama_call, ollama_chat
from tests.fuzz_harness import ORACLES, VALID_ARGS, FuzzCase, ScriptedModel, Spy

# FUZZ_CASES is the total over the three targets: a quarter each for the loop and for every
# adapter, the rest for the executor, whose cases are the cheapest.
CASES = int(os.environ.get("FUZZ_CASES", "20000"))
LOOP_CASES = ADAPTER_CASES = CASES // 4
EXECUTOR_CASES = CASES - LOOP_CASES - ADAPTER_CASES
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
        call["arguments"] = _argument_text(rng, call["name"])
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


def _argument_text(rng, name):
    if rng.random() < 0.5:
        return rng.choice(fuzzlib.BROKEN_JSON_TEXT)
    value = fuzzlib.mutate(rng, VALID_ARGS.get(name, {}))
    try:
        return json.dumps(value, ensure_ascii=rng.random() < 0.5)
    except (ValueError, RecursionError):
        return "{"


def ollama_body(rng):
    """A valid /api/chat body as Ollama writes it, then damaged."""
    reason = rng.choice(("stop", "stop", "length", None, "tool_calls", "load", ""))
    calls = None
    if rng.random() < 0.7:
        names = [rng.choice(("get_stock", "probe")) for _ in range(rng.randrange(1, 4))]
        calls = [ollama_call(name, copy.deepcopy(VALID_ARGS[name]), index=i,
                             call_id=rng.choice((None, f"call_{i:08d}")))
                 for i, name in enumerate(names)]
    body = ollama_chat("" if calls else "A001: 12.", tool_calls=calls, done_reason=reason)
    roll = rng.random()
    if roll < 0.15:
        return body
    if roll < 0.45 and calls:
        function = rng.choice(calls)["function"]
        function["arguments"] = (_argument_text(rng, function["name"]) if rng.random() < 0.5
                                 else rng.choice((None, [], 5, "", fuzzlib.junk(rng))))
        return body
    return fuzzlib.mutate(rng, body)


def ollama_wire(rng, body):
    """What the parser is handed: JSON as decoded from the body bytes, or a decoding error."""
    raw = json.dumps(body, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    roll = rng.random()
    if roll < 0.08:
        raw = raw[:rng.randrange(len(raw))]
    elif roll < 0.12:
        spot = rng.randrange(len(raw))
        raw = raw[:spot] + bytes([rng.randrange(256)]) + raw[spot + 1:]
    elif roll < 0.13:
        raw = b"[" * 100_000
    return http_transport._decode(raw, 200, "http://fuzz")


def ollama_client():
    return providers.OllamaClient(base_url="http://fuzz", model="m", num_ctx=8192)


# An adapter: (client factory, body generator, wire decoder, request builder, reply parser).
ADAPTERS = {
    "ollama": (ollama_client, ollama_body, ollama_wire,
               lambda client, messages, tools_: client._request_body(messages, tools_),
               lambda client, data: client._parse_reply(data)),
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
            with mock.patch.object(agent, "_make_model", lambda *a, **k: model), \
                    mock.patch.object(tools, "default_toolbox", lambda: self.spy.toolbox), \
                    contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = agent.main(["--mock", "--log-dir", self.log_dir, "--max-steps", "4",
                                     "--max-tool-calls", "4"])
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
        result, _ = tools.execute(self.spy.toolbox, "get_stock", {"sku": "A001\n"},
                                  tools.sample_inventory())
        self.assertEqual((result["error"], self.spy.calls), ("INVALID_ARGUMENTS", []))

    def test_argument_text_nested_too_deep_is_invalid_arguments(self):
        result, note = tools.execute(self.spy.toolbox, "get_stock", "[" * 100_000,
                                     tools.sample_inventory())
        self.assertEqual((result["error"], note), ("INVALID_ARGUMENTS", None))

    def test_body_nested_too_deep_is_a_bad_response(self):
        with self.assertRaises(AgentError) as caught:
            http_transport._decode(b"[" * 100_000, 200, "http://x")
        self.assertEqual(caught.exception.code, "MODEL_BAD_RESPONSE")

    def test_call_without_an_id_key_is_an_invalid_call(self):
        reply = calls_reply({"name": "get_stock", "arguments": {"sku": "A001"}})
        code, _, spy = self.drive(0, lambda spy: [lambda m, d: reply])
        self.assertEqual((code, spy.calls, self.failures), ("INVALID_TOOL_CALL", [], []))

    def test_lone_surrogate_in_a_reply_keeps_log_and_request_valid(self):
        client = ollama_client()
        sent = []

        def reply(messages, definitions):
            sent.append(client._request_body(messages, definitions))
            return client._parse_reply(ollama_chat("\ud800", tool_calls=[
                ollama_call("\udfff", {"sku": "\ud800"})]))

        code, _, _ = self.drive(0, lambda spy: [reply, reply])
        self.assertEqual((code, self.failures), (None, []))
        self.assertIn(b'"content": "\\ud800"', sent[-1])  # a JSON escape, valid JSON
        json.loads(sent[-1])


class AdapterFuzz(FuzzCase):
    def test_ollama_bodies(self):
        self._fuzz_adapter("ollama")

    def _fuzz_adapter(self, name):
        make_client, make_body, decode, request, parse = ADAPTERS[name]
        outcomes = set()
        for case in range(ADAPTER_CASES):
            seed = SEED * 1_000_003 + case
            rng = random.Random(seed)
            client = make_client()
            bodies = [make_body(rng) for _ in range(rng.randrange(1, 4))]
            sent = []

            def factory(body):
                def reply(messages, definitions):
                    sent.append(request(client, messages, definitions))
                    data = decode(rng, body)
                    return self._parsed(seed, parse(client, data), data)
                return reply

            code, _, _ = self.drive(seed, lambda spy: [factory(b) for b in bodies])
            outcomes.add(code)
            self._check_requests(seed, sent)
        self.assertNoFailures(f"{name} cases")
        for code in (None, "TRUNCATED", "MODEL_BAD_RESPONSE", "INVALID_TOOL_CALL",
                     "INCOMPLETE_MODEL_RESPONSE", "INVALID_MODEL_MESSAGE"):
            self.assertIn(code, outcomes)

    def _parsed(self, seed, reply, body):
        """The parser's own contract: a neutral reply, and a cut reply carries no calls."""
        if not (isinstance(reply, dict) and isinstance(reply.get("tool_calls"), list)
                and reply.get("stop") in ("answer", "tool_calls", "truncated", "other")):
            self.failures.append((seed, f"parser returned a non-neutral reply {reply!r:.120}"))
        elif reply["stop"] == "truncated" and reply["tool_calls"]:
            self.failures.append((seed, "a truncated reply carries tool calls"))
        elif body.get("done_reason") == "length" and reply["stop"] != "truncated":
            self.failures.append((seed, "done_reason length not reported as truncated"))
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
        inventory = tools.sample_inventory()
        for case in range(EXECUTOR_CASES):
            seed = SEED * 1_000_003 + case
            rng = random.Random(seed)
            spy = spy_all.reset()
            toolbox = spy.toolbox
            name, arguments = _executor_call(rng)
            expected = _oracle_accepts(name, arguments)
            try:
                result, note = tools.execute(toolbox, name, arguments, inventory)
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
        return name, _argument_text(rng, name if isinstance(name, str) else "get_stock")
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
