"""A conversation: its record, its turns, and the history each question is asked with.

`converse()` asks the questions one after another, each a run of the loop (agent.py passes
it in) with the history stock_agent/context.py chooses; `Session` keeps the record.

    $ printf 'Check A001\nAnd A002?\n' | python agent.py --mock --chat
    $ python agent.py --mock --continue runs/20261130T112233Z-3f9a1c.jsonl -q "Check A003"

A conversation is one JSONL record in the run log's format (README, "The run log"):

    run_started {"session": true, ...}     then per question:
    turn_started {"turn", "utc", "question", "history"}
    model ... tool ...                     as in a run, with their content
    completed {"turn", ..., "answer", "tokens", "messages"} | failed {...} | cancelled {...}
    session_resumed {...}                  each time --continue opens it again

Exactly one terminal event per turn. The record always holds the content (questions,
answers, tool arguments and whole results), whatever --log-content says: it is the
conversation, and --continue rebuilds the model's input from it. A completed turn's
terminal event carries `messages`, the turn as the model saw it, so it is replayed exactly;
a failed or cancelled turn is never replayed (the notes list it as not answered).

--continue reads the record back. A turn the process never finished (kill -9, a power cut)
is closed with `cancelled` and `"reason": "interrupted"`, and a half-written last line is cut
off before anything is appended, so the record stays valid JSON lines (the rule of every JSONL
file of the program: runlog.read_records and runlog.Records). The token count
carries on: --max-tokens bounds the whole conversation. A record written by another
provider is replayed without that provider's own message shapes (`raw`).

Not guaranteed: that two processes never continue one record at the same time (nothing
locks it), or that a record edited by hand still makes sense to the model.
"""

import json
import os
import time

from stock_agent import files, run, runlog
from stock_agent.chat.context import Context
from stock_agent.run import Meter
from stock_agent.errors import AgentError, Text
from stock_agent.inventory import NO_TENANT, other_scope
from stock_agent.run import Outcome, ended_by
from stock_agent.runlog import RunLog, is_event, ms_since, read_records, utc_now

# These end the conversation, not only the question: every later question would end the same,
# or (SIGTERM, SIGHUP) the process is asked to stop. Ctrl-C cancels the question only.
ENDS_CONVERSATION = ("TOKEN_LIMIT", "FIXED_CONTEXT_TOO_LARGE", "LOG_UNWRITABLE", "RECORD_FULL",
                     "TERMINATED", "HANGUP")
TERMINAL = ("completed", "failed", "cancelled")


def converse(questions, *, settings, prepare, run, listener=None):
    """Answer `questions` one after another as one conversation. Yields a run.Outcome per
    question, and stops early when the conversation cannot go on (a failure to set it up is
    one Outcome). `prepare()` returns what every run is given and the fields of the record's
    first event; `run(question, log=, history=, meter=, **given)` is the loop (agent.py)."""
    started = time.monotonic()
    try:
        given, started_fields = prepare()
        talk = open_session(settings, given, started_fields, listener=listener)
    except (KeyboardInterrupt, Exception) as exc:
        failed = Outcome(error=ended_by(exc, traceback=settings.traceback))
        failed.duration_ms = ms_since(started)
        yield failed
        return
    try:
        for question in questions:
            outcome = talk.take_turn(question, lambda history, meter: run(
                question, log=talk.log, history=history, meter=meter, **given))
            yield outcome
            if talk.ends_with(outcome):
                return
    finally:
        talk.close()


class Session:
    """One conversation: the record being written, the turns so far, the token meter.

    `take_turn(question, answer)` runs one turn: it builds the history, calls
    `answer(history, meter)` (the loop, returning a run.Outcome) and records how it ended.
    """

    def __init__(self, log, *, turns, given, lang, meter, window=None, traceback=False,
                 new=False):
        self.log = log
        self.new = new  # this process created the record (not --continue)
        self.turns = turns
        self.limits = given["limits"]
        self.meter = meter
        self.window = window  # input tokens the model can take, when the flags say so
        self.traceback = traceback
        fixed = (run.request_chars(given["toolbox"].definitions())
                 + run.chars({"role": "system", "content": given["system_prompt"]}))
        self.context = Context(fixed_chars=fixed, lang=lang)

    def take_turn(self, question, answer):
        started, used = time.monotonic(), self.meter.used
        turn = {"turn": self.turns[-1]["turn"] + 1 if self.turns else 1, "utc": utc_now(),
                "question": question, "status": None, "code": None, "messages": []}
        begun = False
        try:
            history, info = self.context.history(self.turns, question, budget=self.budget())
            self.log.emit("turn_started", turn=turn["turn"], utc=turn["utc"],
                          question=question, history=info)
            begun = True
            outcome = answer(history, self.meter)
        except (KeyboardInterrupt, Exception) as exc:  # Ctrl-C ends this question only
            outcome = Outcome(error=ended_by(exc, traceback=self.traceback))
        if begun or outcome.error.code != "RECORD_FULL":
            self._end(turn, outcome, started, self.meter.used - used)
        else:  # no room in the record for another turn: none began, nothing was asked
            outcome.run_id, outcome.log = self.log.run_id, self.log.path
            outcome.duration_ms = ms_since(started)
        return outcome

    def budget(self):
        """Characters the next request may take: --max-context-chars, and no more than the
        model's window holds at the ratio of characters to tokens seen so far."""
        if self.window is None:
            return self.limits.max_context_chars
        return min(self.limits.max_context_chars, self.meter.estimator.chars_for(self.window))

    def _end(self, turn, outcome, started, tokens):
        completed = outcome.status == "completed"
        turn.update(status=outcome.status, messages=outcome.transcript if completed else [],
                    code=outcome.error.code if outcome.error is not None else None)
        self.turns.append(turn)
        outcome.run_id, outcome.log = self.log.run_id, self.log.path
        fields = {"turn": turn["turn"], **self.log.ending(outcome, ms_since(started)),
                  "tokens": tokens, **({"messages": turn["messages"]} if completed else {})}
        try:
            try:
                self.log.emit(outcome.status, **fields)
            except AgentError as exc:
                if exc.code != "RECORD_FULL":
                    raise
                # The answer and its messages do not fit: the turn ends RECORD_FULL, in a
                # terminal event without them (the record keeps room for one).
                turn.update(status="failed", code=exc.code, messages=[])
                outcome.error, outcome.answer = exc, None
                self.log.emit("failed", turn=turn["turn"],
                              **self.log.ending(outcome, ms_since(started)), tokens=tokens)
        except AgentError as exc:
            outcome.log_error = exc
        outcome.duration_ms = ms_since(started)

    def ends_with(self, outcome):
        """True when this outcome ends the conversation, not only its question."""
        error = outcome.log_error or outcome.error
        return error is not None and error.code in ENDS_CONVERSATION

    def close(self):
        """Close the record. A new conversation that asked nothing (/exit at once) leaves
        no record: it would hold a start and no question, and no terminal event."""
        self.log.close()
        if not self.turns and self.new:
            try:
                os.remove(self.log.path)
            except OSError:
                pass  # it stays, harmless: --continue of it has nothing to replay


# --- Opening one ----------------------------------------------------------------------

def open_session(settings, given, started, *, listener=None):
    """A new conversation's record in --log-dir, or the record --continue names, read back.

    `given` is what every run gets (agent.py: model, toolbox, limits, system_prompt, ...),
    `started` the fields of the record's run_started (or session_resumed) event.
    """
    options = {"given": given, "lang": settings.lang, "window": model_window(settings),
               "traceback": settings.traceback}
    if settings.session is None:
        log = RunLog(settings.log_dir, content=True, listener=listener,
                     limit=runlog.MAX_RECORDS_BYTES)
        log.started(**started, session=True, **_scope(settings))
        return Session(log, turns=[], meter=Meter(given["limits"].max_tokens), new=True,
                       **options)
    record = read_record(settings.session)
    other = _other_scope(record["scope"], settings, started["source"])
    if other is not None:
        raise AgentError("CONTINUE_UNAVAILABLE", path=settings.session, reason=other)
    log = RunLog(None, content=True, listener=listener, append_to=settings.session,
                 end=record["end"], limit=runlog.MAX_RECORDS_BYTES)
    if record["open"] is not None:
        record["turns"].append(_close_interrupted(log, record["open"]))
    log.started(**started, event="session_resumed", **_scope(settings))
    turns = [_replayable(turn, given["model"].provider) for turn in record["turns"]]
    used = sum(turn["tokens"] for turn in record["turns"])
    return Session(log, turns=turns, meter=Meter(given["limits"].max_tokens, used=used),
                   **options)


def _scope(settings):
    """The data a conversation's tool results come from, for its record: the tenant, and
    the --inventory file as its real path (the data source names only its base name)."""
    path = os.path.realpath(settings.inventory) if settings.inventory else None
    return {"tenant": settings.tenant or NO_TENANT, "inventory": path}


def _other_scope(recorded, settings, source):
    """Why the record cannot go on with these settings' data, or None: its turns hold
    another tenant's tool results, or another file's, which the model would be shown again
    (and repeat) as if they were this data's. As --resume refuses another tenant's orders."""
    ours = _scope(settings)
    if recorded.get("inventory") is not None:  # its file, by real path
        theirs, ours_source = recorded["inventory"], ours["inventory"] or source
    else:  # the sample, or a record from before the path was kept: its data source
        theirs, ours_source = recorded.get("data_source"), source
    tenant = recorded.get("tenant")
    return other_scope([NO_TENANT if tenant is None else str(tenant)],
                       [] if theirs is None else [str(theirs)],  # a record made by hand
                       tenant=ours["tenant"], source=ours_source,
                       words=("continue_other_tenant", "continue_other_source"))


def model_window(settings):
    """The input tokens the model can take, when the flags say: Ollama's --num-ctx less
    --num-predict (it is sent with every request). Other servers keep theirs to themselves."""
    if (settings.provider == "ollama" and not settings.mock
            and settings.num_ctx > settings.num_predict):
        return settings.num_ctx - settings.num_predict
    return None


def _close_interrupted(log, turn):
    """Write the terminal event of a turn the process never finished. Returns the turn."""
    log.emit("cancelled", turn=turn["turn"], steps=turn["steps"],
             duration_ms=turn["duration_ms"], reason="interrupted", tokens=turn["tokens"])
    return {**turn, "status": "cancelled", "code": "interrupted"}


def _replayable(turn, provider):
    """A turn of the record as history for `provider`: another provider's own message
    shapes (`raw`) are left out, so each adapter rebuilds its messages from neutral fields."""
    if turn["provider"] == provider:
        return turn
    return {**turn, "messages": [{**message, "raw": None} if "raw" in message else message
                                 for message in turn["messages"]]}


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
        if not isinstance(_loads(message["content"]), dict):
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


def _loads(text):
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _shown(value):
    """A value of the record as a line quotes it: JSON, at most 40 characters."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def _count(value):
    """A whole number from the record, or 0 for anything else (null, a hand-edited text)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _bad(path, problem):
    return AgentError("INVALID_INPUT", detail=Text("continue_bad", path=path, problem=problem))
