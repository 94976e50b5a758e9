"""A conversation's record read back: its turns, each message checked, and the newest one.

    $ python agent.py --mock --continue runs/20261130T112233Z-3f9a1c.jsonl -q "Check A003"
    $ python agent.py --mock --continue -q "Check A003"       # the newest record in runs/

`read_record(path)` folds the record's events (stock_agent/chat/session.py says what they
are) into its turns, through the one JSONL reader (runlog.read_records: regular files only,
at most runlog.MAX_RECORDS_BYTES, a torn last line cut). A completed turn's messages go back
to the model as they are read, so each must have a shape the loop writes; anything else is
INVALID_INPUT naming the line, never a crash, and never a `system` message slipped in through
a provider's own message (`raw`). `latest_record(log_dir)` is `--continue` alone.

Not guaranteed: that a record edited by hand within these shapes still makes sense to the
model (a tool result can be rewritten; nothing signs the record).
"""

import json
import os

from stock_agent import files
from stock_agent.errors import AgentError, Text
from stock_agent.runlog import is_event, loads, read_records

TERMINAL = ("completed", "failed", "cancelled")
LAST = "last"  # --continue with no path, or `--continue last`: the newest record in --log-dir
FIRST_LINE_BYTES = 65_536  # a record's first line (run_started) is far shorter


# --- Reading a record back ----------------------------------------------------------------

def read_record(path):
    """The turns of a conversation's record: {"turns", "open" (a turn never finished, or
    None), "end" (the byte offset after the last whole line)}. A record that is not a
    conversation, or has a broken line before a torn last one, is INVALID_INPUT."""
    try:
        events, _, end = read_records(path, check=is_event)
    except OSError as exc:  # not a regular file, too large, or unreadable
        raise _bad(path, files.problem(exc)) from None
    first = events[0] if events else None
    if first is None or first["event"] != "run_started" or first.get("session") is not True:
        raise _bad(path, Text("continue_not_record"))
    record = {"turns": [], "open": None, "end": end, "provider": None, "scope": first}
    for number, event in enumerate(events, 1):
        problem = Text("record_not_event") if event is None else _take(record, event)
        if problem:
            raise _bad(path, Text("record_line", number=number, problem=problem))
    return record


def _take(record, event):
    """Fold one event into the record being read. Returns a problem, or None."""
    kind, turn = event["event"], record["open"]
    if kind in ("run_started", "session_resumed"):
        record["provider"] = event.get("provider")
    elif kind == "turn_started":
        if turn is not None or not isinstance(event.get("question"), str) \
                or not isinstance(event.get("turn"), int):
            return Text("record_bad_turn")
        record["open"] = {"turn": event.get("turn"), "utc": event.get("utc"),
                          "question": event["question"], "provider": record["provider"],
                          "steps": 0, "tokens": 0, "t_ms": _count(event.get("t_ms")),
                          "duration_ms": 0, "status": None, "code": None, "messages": []}
    elif turn is not None:
        _take_in_turn(record, turn, event)
        if kind == "completed":
            return _messages_problem(turn["messages"], turn["question"])
    return None


def _take_in_turn(record, turn, event):
    kind = event["event"]
    turn["duration_ms"] = max(_count(event.get("t_ms")) - turn["t_ms"], 0)
    if kind == "model":
        turn["steps"] += 1
        turn["tokens"] += _count(event.get("input_tokens")) + _count(event.get("output_tokens"))
    elif kind in TERMINAL:
        tokens = event.get("tokens")
        turn.update(status=kind, code=event.get("code"),
                    messages=event.get("messages", []) if kind == "completed" else [],
                    tokens=_count(tokens) if tokens is not None else turn["tokens"])
        record["turns"].append(turn)
        record["open"] = None


# --- Every message read back is one the program could have written ------------------------
#
# A completed turn's messages go back to the model as they are read, so each must have the
# shape the loop writes (agent.run_agent): the question, then assistant messages, each
# followed by one result per tool call, in order (and the loop's own user notes), ending with
# the answer. A provider's own message (`raw`, replayed as it is by the same client) must be
# an assistant's: a record edited by hand cannot slip in a system message that way.

FIELDS = {"user": {"role", "content"}, "assistant": {"role", "content", "tool_calls", "raw"},
          "tool": {"role", "tool_call_id", "tool_name", "content", "is_error"}}


def _messages_problem(messages, question):
    """What is wrong with a completed turn's `messages`, as a Text, or None."""
    if not isinstance(messages, list) or not messages:
        return Text("record_bad_messages")
    if messages[0] != {"role": "user", "content": question}:
        return Text("record_no_question")
    pending = []  # the calls of the last assistant message still waiting for their result
    for index, message in enumerate(messages, 1):
        problem = _message_problem(message, pending)
        if problem is not None:
            return Text("record_bad_message", index=index, problem=problem)
    if pending or messages[-1]["role"] != "assistant" or messages[-1]["tool_calls"]:
        return Text("record_no_answer")
    return None


def _message_problem(message, pending):
    if not isinstance(message, dict):
        return Text("message_not_object")
    role = message.get("role")
    if role not in FIELDS:
        return Text("message_role", role=_shown(role))
    if set(message) - FIELDS[role] or "content" not in message:
        return Text("message_fields", role=role, fields=", ".join(sorted(FIELDS[role])))
    if not isinstance(message["content"], str):
        return Text("message_type", field="content", kind=Text("kind_text"))
    if pending and role != "tool":
        return Text("message_unpaired")
    if role == "assistant":
        return _assistant_problem(message, pending)
    if role == "tool":
        call = pending.pop(0) if pending else None
        if call is None or message.get("tool_call_id") != call["id"] \
                or message.get("tool_name") != call["name"]:
            return Text("message_unpaired")
        if not isinstance(message.get("is_error"), bool):
            return Text("message_type", field="is_error", kind="true/false")
        if not isinstance(loads(message["content"]), dict):
            return Text("message_type", field="content", kind=Text("kind_result"))
    return None


def _assistant_problem(message, pending):
    calls, raw = message.get("tool_calls"), message.get("raw")
    if not isinstance(calls, list) or not all(map(_is_call, calls)):
        return Text("message_type", field="tool_calls", kind=Text("kind_calls"))
    if raw is not None and (not isinstance(raw, dict) or raw.get("role") != "assistant"):
        return Text("message_raw", role=_shown(raw.get("role") if isinstance(raw, dict)
                                                else raw))
    pending.extend(calls)
    return None


def _is_call(call):
    return (isinstance(call, dict) and set(call) == {"id", "name", "arguments"}
            and isinstance(call["id"], (str, type(None))) and isinstance(call["name"], str)
            and call["name"] != "")


def _shown(value):
    """A value of the record as a line quotes it: JSON, at most 40 characters."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def _count(value):
    """A whole number from the record, or 0 for anything else (null, a hand-edited text)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _bad(path, problem):
    return AgentError("INVALID_INPUT", detail=Text("continue_bad", path=path, problem=problem))


def latest_record(log_dir):
    """`--continue` alone (or `--continue last`): the conversation's record in `log_dir`
    written to last, or INVALID_INPUT when it holds none. Single runs' logs are passed over;
    only each file's first line is read."""
    try:
        names = [name for name in os.listdir(log_dir) if name.endswith(".jsonl")]
    except OSError:
        names = []
    found = []
    for name in names:
        try:
            found.append((os.stat(os.path.join(log_dir, name)).st_mtime_ns, name))
        except OSError:
            continue  # gone since it was listed
    for _, name in sorted(found, reverse=True):
        if _is_record(os.path.join(log_dir, name)):
            return os.path.join(log_dir, name)
    raise AgentError("INVALID_INPUT", detail=Text("continue_none", log_dir=log_dir))


def _is_record(path):
    """True when the file's first line is a conversation's run_started (read_record's)."""
    try:
        with files.open_regular(path) as file:
            first = loads(file.readline(FIRST_LINE_BYTES).decode("utf-8", errors="replace"))
    except OSError:
        return False
    return isinstance(first, dict) and first.get("event") == "run_started" \
        and first.get("session") is True
