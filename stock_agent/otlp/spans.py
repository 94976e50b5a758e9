"""A run log's records as one OTLP ExportTraceServiceRequest, in the OTLP/HTTP JSON encoding.

The mapping follows the OpenTelemetry GenAI semantic conventions, whose status is
"Development" (names may still change; docs/traces.md says which version was read):

    invoke_agent stock-agent     the run, or one question of a conversation (INTERNAL)
      chat {model}               one model request (CLIENT); a failed attempt is one too
        gen_ai.evaluation.result the answer check's verdict on that reply (a span event)
      execute_tool {tool}        one tool call (INTERNAL); mcp.* for an MCP server's tool
      stock_agent.{event}        every other event (write_intent, correction, ...), as a
                                 span event of the root, its plain fields as attributes

The root's status is the terminal event's: OK for `completed`, ERROR with the code for
`failed` and `cancelled`, unset for a log that has none (a run cut off mid-write).

Ids and times come from the log alone, so the same log gives the same bytes every time:
the trace id is the first 16 bytes of the SHA-256 of `stock-agent/otlp/` and the run id
(and `/turn/N` in a conversation: one trace per question), a span id the first 8 bytes of
the SHA-256 of the trace's key and the event's place in the log. A time is the `utc`
second of the run's (or turn's) first event plus the `t_ms` milliseconds since it; a span
starts `duration_ms` before its event.

Content (the question, the answer, model text, tool arguments and results) goes into the
opt-in attributes (gen_ai.input.messages, gen_ai.output.messages, gen_ai.tool.call.*)
only where the log holds it: a log written with --log-content, or a conversation's record.

The JSON encoding (opentelemetry-proto, docs/specification.md, "JSON Protobuf Encoding"):
lowerCamelCase keys, ids as lowercase hex, 64-bit integers (times, intValue) as decimal
strings, enums (span kind, status code) as integers.
"""

import calendar
import hashlib
import math
import time

AGENT = "stock-agent"
ROOT_NAME = f"invoke_agent {AGENT}"  # `invoke_agent {gen_ai.agent.name}`
SCOPE = "stock_agent.otlp"
TERMINAL = ("completed", "failed", "cancelled")
KIND_INTERNAL, KIND_CLIENT = 1, 3
STATUS_OK, STATUS_ERROR = 1, 2
# Our reply's `stop` as the conventions' finish reasons.
FINISH_REASONS = {"answer": "stop", "tool_calls": "tool_calls", "truncated": "length"}
TOOL_FLAGS = ("approved", "approved_by", "repeated", "parallel", "recovered")
INT64 = 2 ** 63

# The fields the mapping reads, by event, with the JSON type the program writes each in
# (or null). A hand-edited log with another type there (a list where a step number goes)
# is refused by the reader, naming the field (`wrong_field`); any other field is passed on
# as an attribute, whatever its JSON value.
JSON_TYPES = {int: "integer", str: "string", bool: "boolean", list: "array", dict: "object"}
_STARTED = {"run_id": str, "utc": str, "provider": str, "model": str, "data_source": str,
            "session": bool, "question": str}
_ENDED = {"code": str, "reason": str, "exit_status": int, "steps": int, "turn": int,
          "verification": str, "orders": list, "answer": str}
FIELDS = {
    "run_started": _STARTED, "session_resumed": _STARTED,
    "turn_started": {"turn": int, "utc": str, "question": str},
    "model": {"step": int, "duration_ms": int, "stop": str, "input_tokens": int,
              "output_tokens": int, "text": str},
    "model_attempt": {"step": int, "attempt": int, "code": str, "status": int,
                      "retry_in_ms": int},
    "tool": {"invocation": str, "id": str, "name": str, "ok": bool, "error": str,
             "duration_ms": int, "server": str, "result": dict, "approved_by": str,
             **dict.fromkeys(("approved", "repeated", "parallel", "recovered"), bool)},
    "mcp_server": {"name": str, "protocol": str},
    "answer_check": {"step": int},
    **dict.fromkeys(TERMINAL, _ENDED),
}


def wrong_field(record):
    """(field, JSON type) of the first field of the event `record` that the mapping reads
    and that holds another type than FIELDS says, or None."""
    for name, kind in {"t_ms": int, **FIELDS.get(record["event"], {})}.items():
        value = record.get(name)
        if value is not None and not _has_type(value, kind):
            return name, JSON_TYPES[kind]
    return None


def _has_type(value, kind):
    if kind is int:  # a boolean is no number, and OTLP's integers have 64 bits
        return isinstance(value, int) and not isinstance(value, bool) and -INT64 <= value < INT64
    return isinstance(value, kind)


def request(records, *, version):
    """The ExportTraceServiceRequest of a run log's records (records[0] is its first event:
    run_started). A conversation's record gives one trace per question."""
    spans = [span for trace in traces(records) for span in trace_spans(*trace)]
    return {"resourceSpans": [{
        "resource": {"attributes": attributes({"service.name": AGENT,
                                               "service.version": version})},
        "scopeSpans": [{"scope": {"name": SCOPE, "version": version}, "spans": spans}],
    }]}


def traces(records):
    """[(key, started, events, conversation)]: one per run, or per question of a
    conversation. `started` is the event the trace's clock starts from, with what the run
    was given (provider, model) filled in from run_started (or session_resumed)."""
    first = records[0]
    if not first.get("session"):
        return [(str(first.get("run_id")), first, records[1:], False)]
    found, given, current = [], first, None
    for record in records[1:]:
        if record["event"] == "session_resumed":
            given = record
        elif record["event"] == "turn_started":
            current = []
            started = {**given, **record, "event": "turn_started"}
            found.append((f"{first.get('run_id')}/turn/{record.get('turn')}", started,
                          current, True))
        elif current is not None:
            current.append(record)
            if record["event"] in TERMINAL:
                current = None
    return found


def trace_spans(key, started, events, conversation):
    """The spans of one trace: the root first, then the model requests and tool calls in
    the order the log holds them."""
    trace = Trace(key, started)
    end = next((event for event in events if event["event"] in TERMINAL), None)
    root = trace.span("root", ROOT_NAME, KIND_INTERNAL, started, _ended(end, events, started))
    calls = {}  # step -> the tool events of that step, for the reply's output message
    for event in events:
        if event["event"] == "tool":
            calls.setdefault(_step_of(event), []).append(event)
    chats, children = {}, []
    for index, event in enumerate(events):
        kind = event["event"]
        if kind == "model":
            chats[event.get("step")] = span = _chat_span(trace, index, started, event, root,
                                                         calls.get(event.get("step")))
            children.append(span)
        elif kind == "model_attempt":
            children.append(_failed_attempt(trace, index, started, event, root))
        elif kind == "tool":
            children.append(_tool_span(trace, index, event, events, root))
        elif kind == "answer_check":
            target = chats.get(event.get("step"), root)
            target.setdefault("events", []).append(_evaluation(trace, event, passed=False))
        elif kind not in TERMINAL:
            root.setdefault("events", []).append(trace.event(f"stock_agent.{kind}", event,
                                                             _plain(event)))
    _finish_root(trace, root, started, events, end, conversation, chats)
    return [root, *children]


class Trace:
    """One trace's ids and clock: everything is derived from its key and its first event."""

    def __init__(self, key, started):
        self.key = key
        self.trace_id = _digest(key, 16)
        self.anchor_ns = _epoch_ns(started.get("utc"))
        self.t0 = _ms(started)

    def ns(self, t_ms):
        return self.anchor_ns + (t_ms - self.t0) * 1_000_000

    def span(self, place, name, kind, begun, ended, *, parent=None):
        """A span from event `begun` (or a time in ms) to event `ended`."""
        start = begun if isinstance(begun, int) else _ms(begun)
        span = {"traceId": self.trace_id, "spanId": _digest(f"{self.key}/{place}", 8)}
        if parent is not None:
            span["parentSpanId"] = parent["spanId"]
        span.update(name=name, kind=kind, startTimeUnixNano=str(self.ns(start)),
                    endTimeUnixNano=str(self.ns(max(start, _ms(ended)))))
        return span

    def event(self, name, record, fields):
        return {"timeUnixNano": str(self.ns(_ms(record))), "name": name,
                "attributes": attributes(fields)}


# --- The spans' attributes -------------------------------------------------------------

def _finish_root(trace, root, started, events, end, conversation, chats):
    models = [event for event in events if event["event"] == "model"]
    fields = {"gen_ai.operation.name": "invoke_agent",
              "gen_ai.provider.name": started.get("provider"),
              "gen_ai.agent.name": AGENT,
              "gen_ai.request.model": started.get("model"),
              "gen_ai.conversation.id": started.get("run_id") if conversation else None,
              **_usage(models),
              "stock_agent.run_id": started.get("run_id"),
              "stock_agent.turn": started.get("turn") if conversation else None,
              "stock_agent.data_source": started.get("data_source")}
    if isinstance(started.get("question"), str):
        fields["gen_ai.input.messages"] = [_message("user", started["question"])]
    if end is None:
        fields["stock_agent.status"] = "unfinished"  # no terminal event: cut off mid-write
        root["attributes"] = attributes(fields)
        return
    code = end.get("code") or end.get("reason")  # a question --continue closed: no code
    fields.update({"error.type": code, "stock_agent.status": end["event"],
                   "stock_agent.exit_status": end.get("exit_status", 0 if code is None else None),
                   "stock_agent.steps": end.get("steps"),
                   "stock_agent.verification": end.get("verification"),
                   "stock_agent.orders": end.get("orders")})
    if isinstance(end.get("answer"), str):
        fields["gen_ai.output.messages"] = [_message("assistant", end["answer"],
                                                     finish_reason="stop")]
    root["attributes"] = attributes(fields)
    root["status"] = ({"code": STATUS_OK} if end["event"] == "completed"
                      else {"code": STATUS_ERROR, "message": str(code)})
    if end.get("verification") in ("verified", "corrected"):  # on the reply that passed
        target = chats.get(end.get("steps"), root)
        target.setdefault("events", []).append(_evaluation(trace, end, passed=True))


def _chat_span(trace, index, started, event, root, calls):
    """A model request: from `duration_ms` before its `model` event to the event. With
    content, its output message holds the reply's text and the calls it made (`calls`)."""
    span = trace.span(index, _chat_name(started), KIND_CLIENT, _begun(event), event,
                      parent=root)
    fields = {"gen_ai.operation.name": "chat",
              "gen_ai.provider.name": started.get("provider"),
              "gen_ai.request.model": started.get("model"),
              "gen_ai.usage.input_tokens": event.get("input_tokens"),
              "gen_ai.usage.output_tokens": event.get("output_tokens"),
              "stock_agent.step": event.get("step")}
    reason = FINISH_REASONS.get(event.get("stop"), event.get("stop"))
    if reason is not None:
        fields["gen_ai.response.finish_reasons"] = [str(reason)]
    if "text" in event:  # the log holds content: what the model said, and the calls it made
        parts = [{"type": "text", "content": event["text"]}] if event["text"] else []
        parts += [{"type": "tool_call", "id": call.get("id"), "name": call.get("name"),
                   "arguments": call.get("arguments")} for call in calls or ()]
        fields["gen_ai.output.messages"] = [{"role": "assistant", "parts": parts,
                                             "finish_reason": str(reason or "other")}]
    span["attributes"] = attributes(fields)
    return span


def _chat_name(started):
    """`{gen_ai.operation.name} {gen_ai.request.model}`, or `chat` with no model named."""
    return f"chat {started['model']}" if started.get("model") else "chat"


def _failed_attempt(trace, index, started, event, root):
    """A model request that failed (model_attempt): a chat span with its error. The log
    keeps no duration for it, so it is an instant at the time the failure was logged."""
    span = trace.span(index, _chat_name(started), KIND_CLIENT, event, event, parent=root)
    span["attributes"] = attributes({
        "gen_ai.operation.name": "chat", "gen_ai.provider.name": started.get("provider"),
        "gen_ai.request.model": started.get("model"), "error.type": event.get("code"),
        "http.response.status_code": event.get("status"),
        "stock_agent.step": event.get("step"), "stock_agent.attempt": event.get("attempt"),
        "stock_agent.retry_in_ms": event.get("retry_in_ms")})
    span["status"] = {"code": STATUS_ERROR, "message": str(event.get("code"))}
    return span


def _tool_span(trace, index, event, events, root):
    name = event.get("name")
    span = trace.span(index, f"execute_tool {name}", KIND_INTERNAL, _begun(event), event,
                      parent=root)
    fields = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name,
              "gen_ai.tool.call.id": event.get("id"),
              "gen_ai.tool.type": "extension" if event.get("server") else "function",
              "error.type": None if event.get("ok") else event.get("error"),
              "stock_agent.invocation": event.get("invocation")}
    fields.update((f"stock_agent.tool.{flag}", event.get(flag)) for flag in TOOL_FLAGS)
    if event.get("server"):
        fields.update(_mcp(event["server"], events))
    if "arguments" in event:  # content, only where the log holds it
        fields["gen_ai.tool.call.arguments"] = event["arguments"]
    if event.get("ok") and isinstance(event.get("result"), dict):
        fields["gen_ai.tool.call.result"] = event["result"]  # as the model was given it
    span["attributes"] = attributes(fields)
    if not event.get("ok"):
        span["status"] = {"code": STATUS_ERROR, "message": str(event.get("error"))}
    return span


def _mcp(server, events):
    """The MCP conventions' attributes of a call to `server`'s tool (stdio: a pipe)."""
    started = next((event for event in events if event["event"] == "mcp_server"
                    and event.get("name") == server), {})
    return {"mcp.method.name": "tools/call", "mcp.protocol.version": started.get("protocol"),
            "network.transport": "pipe", "stock_agent.mcp.server": server}


def _evaluation(trace, record, *, passed):
    """A gen_ai.evaluation.result event: the answer check passed (the terminal event's
    verification) or refused an answer (answer_check: how many problems of each kind)."""
    if passed:
        explanation = record.get("verification")
    else:
        counts = {name: value for name, value in record.items()
                  if isinstance(value, int) and name not in ("t_ms", "step")}
        explanation = ", ".join(f"{name}: {value}" for name, value in counts.items())
    return trace.event("gen_ai.evaluation.result", record, {
        "gen_ai.evaluation.name": "answer_check",
        "gen_ai.evaluation.score.label": "pass" if passed else "fail",
        "gen_ai.evaluation.score.value": 1.0 if passed else 0.0,
        "gen_ai.evaluation.explanation": explanation or None})


def _usage(models):
    """The run's reported tokens, summed; left out where no request reported any."""
    fields = {}
    for name in ("input_tokens", "output_tokens"):
        counts = [event[name] for event in models if isinstance(event.get(name), int)]
        fields[f"gen_ai.usage.{name}"] = sum(counts) if counts else None
    return fields


def _message(role, text, **extra):
    return {"role": role, "parts": [{"type": "text", "content": text}], **extra}


def _plain(event):
    """An event's own fields that are plain values (not `event`, not `t_ms`)."""
    return {f"stock_agent.{name}": value for name, value in event.items()
            if name not in ("event", "t_ms") and not isinstance(value, dict)}


# --- The JSON encoding -------------------------------------------------------------------

def attributes(fields):
    """OTLP KeyValues of `fields`, in their order; None values are left out."""
    return [{"key": key, "value": any_value(value)} for key, value in fields.items()
            if value is not None]


def any_value(value):
    """A JSON value as an OTLP AnyValue: an int as a decimal string (int64), a list as an
    arrayValue, an object as a kvlistValue, null as the empty AnyValue."""
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, int):
        return {"intValue": str(value)} if -INT64 <= value < INT64 else {"stringValue": str(value)}
    if isinstance(value, float):  # NaN and the infinities as protobuf's JSON spells them
        return {"doubleValue": value if math.isfinite(value) else "NaN" if math.isnan(value)
                else "Infinity" if value > 0 else "-Infinity"}
    if isinstance(value, str):
        return {"stringValue": value}
    if isinstance(value, (list, tuple)):
        return {"arrayValue": {"values": [any_value(item) for item in value]}}
    if isinstance(value, dict):
        return {"kvlistValue": {"values": [{"key": str(key), "value": any_value(item)}
                                           for key, item in value.items()]}}
    return {}


def _digest(text, size):
    # surrogatepass: a hand-edited id may hold half a character (JSON's "\\ud800")
    key = f"stock-agent/otlp/{text}".encode("utf-8", "surrogatepass")
    return hashlib.sha256(key).hexdigest()[:size * 2]


def _epoch_ns(utc):
    try:
        return calendar.timegm(time.strptime(utc, "%Y-%m-%dT%H:%M:%SZ")) * 1_000_000_000
    except (TypeError, ValueError):
        return 0  # no time of day in the log: the spans keep their lengths, from 1970


def _ms(record):
    value = record.get("t_ms") if isinstance(record, dict) else record
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _begun(event):
    """When the request or call of `event` began: `duration_ms` before it was logged."""
    duration = event.get("duration_ms")
    duration = duration if isinstance(duration, int) and duration > 0 else 0
    return max(_ms(event) - duration, 0)


def _ended(end, events, started):
    """The event the root ends at: the terminal one; for a question that --continue closed
    (`reason` "interrupted", logged later on another process's clock) or none, the last
    event before it."""
    if end is not None and end.get("reason") != "interrupted":
        return end
    before = [event for event in events if event["event"] not in TERMINAL]
    return before[-1] if before else started


def _step_of(event):
    invocation = str(event.get("invocation"))
    step = invocation.partition(":")[0]
    return int(step) if step.isascii() and step.isdigit() else None  # "²" is a digit too
