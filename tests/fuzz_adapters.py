"""Damaged wire replies for every provider adapter, fed to the loop by
tests/test_fuzz_adapters_and_loop.py.

For each protocol: a valid reply as the real server writes it (built with the shapes of
tests/fake_server.py), damaged by a seeded `random.Random`, then turned into what the
adapter's parser is handed:
- a whole body: JSON text, sometimes cut or with a byte flipped, decoded the way
  stock_agent/providers/transport.py decodes a body;
- a stream: the chunks written as NDJSON lines (Ollama) or server-sent events (OpenAI,
  Anthropic), then cut at any line or in the middle of one, lines dropped or doubled, junk
  or an error object slipped in, and joined by the adapter's own stream assembler.

Independent oracles say what the parser must conclude: `ended(lines)` is False when no line
carries the protocol's end marker (Ollama `done: true`, OpenAI a finish_reason and
`[DONE]`, Anthropic `message_stop` with no content block left open), and then the assembler
must refuse the stream (the decoder raises AssertionError, which the fuzz driver records with
its seed); `cut(body)` is
True when the body says the reply was cut, and then the parsed reply must be "truncated".
"""

import copy
import json

from stock_agent.providers import openai
from stock_agent.providers import ollama
from stock_agent.providers import transport
from stock_agent.providers import anthropic
from tests import fake_server, fuzzlib
from tests.fuzz_harness import VALID_ARGS

NAMES = ("get_stock", "probe")


def argument_text(rng, name):
    """Arguments as JSON text: often broken, else a damaged object serialised."""
    if rng.random() < 0.5:
        return rng.choice(fuzzlib.BROKEN_JSON_TEXT)
    value = fuzzlib.mutate(rng, VALID_ARGS.get(name, {}))
    try:
        return json.dumps(value, ensure_ascii=rng.random() < 0.5)
    except (ValueError, RecursionError):
        return "{"


def _names(rng):
    return [rng.choice(NAMES) for _ in range(rng.randrange(1, 4))]


def _bad_arguments(rng, name):
    return (argument_text(rng, name) if rng.random() < 0.5
            else rng.choice((None, [], 5, "", fuzzlib.junk(rng))))


def _damaged(rng, body, injure_call):
    """The valid body, or one call's arguments broken, or the body mutated anywhere."""
    roll = rng.random()
    if roll < 0.15:
        return body
    if roll < 0.45 and injure_call is not None:
        injure_call()
        return body
    return fuzzlib.mutate(rng, body)


# --- Whole bodies ------------------------------------------------------------------

def ollama_body(rng):
    reason = rng.choice(("stop", "stop", "length", None, "tool_calls", "load", ""))
    calls = None
    if rng.random() < 0.7:
        calls = [fake_server.ollama_call(name, copy.deepcopy(VALID_ARGS[name]), index=i,
                                         call_id=rng.choice((None, f"call_{i:08d}")))
                 for i, name in enumerate(_names(rng))]
    body = fake_server.ollama_chat("" if calls else "A001: 12.", tool_calls=calls,
                                   done_reason=reason)

    def injure():
        function = rng.choice(calls)["function"]
        function["arguments"] = _bad_arguments(rng, function["name"])
    return _damaged(rng, body, injure if calls else None)


def openai_body(rng):
    reason = rng.choice(("stop", "tool_calls", "tool_calls", "length", None,
                         "content_filter", ""))
    calls = None
    if rng.random() < 0.7:
        calls = [fake_server.openai_call(f"call_{i}", name, json.dumps(VALID_ARGS[name]))
                 for i, name in enumerate(_names(rng))]
    body = fake_server.openai_chat(None if calls else "A001: 12.", tool_calls=calls,
                                   finish_reason=reason)

    def injure():
        function = rng.choice(calls)["function"]
        function["arguments"] = _bad_arguments(rng, function["name"])
    return _damaged(rng, body, injure if calls else None)


def anthropic_body(rng):
    reason = rng.choice(("end_turn", "tool_use", "tool_use", "max_tokens", "stop_sequence",
                         "model_context_window_exceeded", "refusal", "pause_turn", None))
    blocks = [fake_server.anthropic_text("A001: 12.")] if rng.random() < 0.5 else []
    uses = []
    if rng.random() < 0.7:
        uses = [fake_server.anthropic_tool_use(f"toolu_{i}", name,
                                               copy.deepcopy(VALID_ARGS[name]))
                for i, name in enumerate(_names(rng))]
    body = fake_server.anthropic_message(blocks + uses, stop_reason=reason)

    def injure():
        block = rng.choice(uses)
        block["input"] = _bad_arguments(rng, block["name"])
    return _damaged(rng, body, injure if uses else None)


def body_wire(rng, body, client=None):
    """What a parser is handed: the body's bytes, maybe damaged, decoded as a 200 body."""
    raw = json.dumps(body, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    roll = rng.random()
    if roll < 0.08:
        raw = raw[:rng.randrange(len(raw))]
    elif roll < 0.12:
        spot = rng.randrange(len(raw))
        raw = raw[:spot] + bytes([rng.randrange(256)]) + raw[spot + 1:]
    elif roll < 0.13:
        raw = b"[" * 100_000
    return transport.decoded(raw, 200, "http://fuzz")


# --- Streams -----------------------------------------------------------------------

def ollama_stream(rng):
    calls = None
    if rng.random() < 0.6:
        calls = [fake_server.ollama_call(name, copy.deepcopy(VALID_ARGS[name]), index=i)
                 for i, name in enumerate(_names(rng))]
    reason = rng.choice(("stop", "stop", "length", "tool_calls", None, "load"))
    chunks = fake_server.ollama_stream(() if calls else ("A001", ": 12."), tool_calls=calls,
                                       done_reason=reason)
    return _mutate_items(rng, chunks, lambda item: item)


def openai_stream(rng):
    calls = ()
    if rng.random() < 0.6:
        calls = [(f"call_{i}", name, _pieces(rng, json.dumps(VALID_ARGS[name])))
                 for i, name in enumerate(_names(rng))]
    reason = rng.choice(("stop", "tool_calls", "tool_calls", "length", None, "content_filter"))
    events = fake_server.openai_stream(() if calls else ("A001", ": 12."), tool_calls=calls,
                                       finish_reason=reason, usage=rng.random() < 0.8)
    return _mutate_items(rng, events, lambda item: item[1])


def anthropic_stream(rng):
    blocks = [fake_server.anthropic_text("A001: 12.")] if rng.random() < 0.5 else []
    if rng.random() < 0.6:
        blocks += [fake_server.anthropic_tool_use(f"toolu_{i}", name,
                                                  copy.deepcopy(VALID_ARGS[name]))
                   for i, name in enumerate(_names(rng))]
    reason = rng.choice(("end_turn", "tool_use", "tool_use", "max_tokens", None, "refusal"))
    events = fake_server.anthropic_stream(blocks, stop_reason=reason,
                                          pieces=rng.choice((1, 3, 7)))
    return _mutate_items(rng, events, lambda item: item[1])


def _pieces(rng, text):
    cuts = sorted(rng.sample(range(1, len(text)), min(len(text) - 1, rng.randrange(4))))
    return [text[a:b] for a, b in zip([0] + cuts, cuts + [len(text)])]


def _mutate_items(rng, items, payload_of):
    """Mutate the JSON payload of up to two chunks in place (an SSE item keeps its name)."""
    items = [list(item) if isinstance(item, tuple) else item for item in items]
    for _ in range(rng.choice((0, 0, 1, 2))):
        index = rng.randrange(len(items))
        if isinstance(items[index], list):
            if isinstance(items[index][1], dict):
                items[index][1] = fuzzlib.mutate(rng, items[index][1])
        else:
            items[index] = fuzzlib.mutate(rng, items[index])
    return items


def ndjson_lines(items):
    return [json.dumps(item, ensure_ascii=False) for item in items]


def sse_lines(items):
    lines = []
    for name, data in items:
        text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        lines += ([f"event: {name}"] if name else []) + [f"data: {text}", ""]
    return lines


def damage_lines(rng, lines, error_lines):
    """The lines of a stream cut (at a line or inside one), thinned, doubled or polluted."""
    lines = list(lines)
    roll = rng.random()
    spot = rng.randrange(len(lines))
    if roll < 0.25:  # the connection dropped: at a line end, or in the middle of a line
        lines = lines[:spot] + ([lines[spot][:rng.randrange(len(lines[spot]) + 1)]]
                                if rng.random() < 0.6 else [])
    elif roll < 0.3:
        del lines[spot]
    elif roll < 0.35:
        lines.insert(spot, lines[spot])
    elif roll < 0.42:
        lines.insert(spot, rng.choice((fuzzlib.weird_string(rng),
                                       "data: " + rng.choice(fuzzlib.BROKEN_JSON_TEXT),
                                       rng.choice(fuzzlib.BROKEN_JSON_TEXT))))
    elif roll < 0.5:
        lines[spot:spot] = error_lines  # an error object inside a 200 stream
    return lines


def _json_lines(lines, prefix=""):
    for line in lines:
        if line.startswith(prefix):
            try:
                yield json.loads(line[len(prefix):])
            except (ValueError, RecursionError):
                continue


def ollama_ended(lines):
    return any(isinstance(chunk, dict) and chunk.get("done") is True
               for chunk in _json_lines(lines))


def openai_ended(lines):
    finished = any(isinstance(chunk, dict) and isinstance(chunk.get("choices"), list)
                   and any(isinstance(c, dict) and c.get("finish_reason")
                           for c in chunk["choices"])
                   for chunk in _json_lines(lines, "data:"))
    return finished and any(line.strip() == "data: [DONE]" for line in lines)


def anthropic_ended(lines):
    """message_stop came, and every content block started before it was stopped."""
    started = set()
    for event in _json_lines(lines, "data:"):
        kind = event.get("type") if isinstance(event, dict) else None
        if kind == "message_stop":
            return not started
        index = event.get("index") if kind else None
        if type(index) is not int:
            continue
        if kind == "content_block_start" and isinstance(event.get("content_block"), dict):
            started.add(index)
        elif kind == "content_block_stop":
            started.discard(index)
    return False


STREAMS = {  # protocol: (to lines, end oracle, an error object as stream lines, assembler)
    "ollama": (ndjson_lines, ollama_ended, ['{"error":"model runner crashed"}'],
               ollama.assemble_stream),
    "openai": (sse_lines, openai_ended, ['data: {"error": {"message": "overloaded"}}', ""],
               openai.assemble_stream),
    "anthropic": (sse_lines, anthropic_ended, [
        "event: error", 'data: {"type": "error", "error": {"type": "overloaded_error", '
        '"message": "Overloaded"}}', ""], anthropic.assemble_stream),
}


def stream_wire(protocol):
    """A decoder for `protocol`: damaged lines in, the assembled body (or AgentError) out."""
    to_lines, ended, error_lines, assemble = STREAMS[protocol]

    def decode(rng, items, client):
        lines = damage_lines(rng, to_lines(items), error_lines)
        body = assemble(iter(lines), client)
        if not ended(lines):
            raise AssertionError(f"{protocol}: a stream without its end marker was accepted")
        return body
    return decode


# --- Clients and the cut oracles ---------------------------------------------------

def client(protocol, *, stream=False):
    if protocol == "openai":
        return openai.OpenAIClient(base_url="http://fuzz/v1", model="m", stream=stream)
    if protocol == "anthropic":
        return anthropic.AnthropicClient(base_url="http://fuzz", model="m",
                                                  stream=stream)
    return ollama.OllamaClient(base_url="http://fuzz", model="m", num_ctx=8192,
                                  stream=stream)


def ollama_cut(body):
    return body.get("done_reason") == "length"


def openai_cut(body):
    choices = body.get("choices")
    first = choices[0] if isinstance(choices, list) and choices else None
    return isinstance(first, dict) and first.get("finish_reason") == "length"


def anthropic_cut(body):
    return body.get("stop_reason") in ("max_tokens", "model_context_window_exceeded")

