"""A conversation: its record, its turns, and the history each question is asked with.

`converse()` asks the questions one after another, each a run of the loop (agent.py passes
it in) with the history stock_agent/chat/context.py chooses; `Session` keeps the record,
and stock_agent/chat/record.py reads one back.

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
terminal event carries `messages`, the turn as the model saw it and ending with the answer
as the person read it, so it is replayed exactly;
a failed or cancelled turn is never replayed (the notes list it as not answered).

--continue reads the record back (`--continue` alone, or `last`: the newest record in --log-
dir). It refuses a record of another --tenant or --inventory (CONTINUE_UNAVAILABLE: its tool
results would be replayed as this data's), and every message read back must have a shape the
loop writes (INVALID_INPUT otherwise: no `system` message slips in through a provider's
`raw`). The record never grows past what --continue reads (runlog.MAX_RECORDS_BYTES):
RECORD_FULL ends the conversation first. A turn the process never finished (kill -9, a power
cut) is closed with `cancelled` and `"reason": "interrupted"`, and a half-written last line
is cut off before anything is appended, so the record stays valid JSON lines (the rule of
every JSONL file of the program: runlog.read_records and runlog.Records). The token count
carries on: --max-tokens bounds the whole conversation. A record written by another provider
is replayed without that provider's own message shapes (`raw`).

Not guaranteed: that two processes never continue one record at the same time (nothing
locks it), or that a record edited by hand still makes sense to the model.
"""

import json
import os
import time

from stock_agent import inventory, run, runlog
from stock_agent.chat.context import Context
from stock_agent.chat.record import LAST, latest_record, read_record
from stock_agent.run import Meter
from stock_agent.errors import AgentError
from stock_agent.inventory import NO_TENANT, other_scope
from stock_agent.run import Outcome, ended_by
from stock_agent.runlog import RunLog, ms_since, utc_now

# These end the conversation, not only the question: every later question would end the same,
# or (SIGTERM, SIGHUP) the process is asked to stop. Ctrl-C cancels the question only.
ENDS_CONVERSATION = ("TOKEN_LIMIT", "FIXED_CONTEXT_TOO_LARGE", "LOG_UNWRITABLE", "RECORD_FULL",
                     "TERMINATED", "HANGUP")


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
    data = DataNow(settings, given["inventory"])
    try:
        for question in questions:
            outcome = talk.take_turn(question, lambda history, meter: run(
                question, log=talk.log, history=history, meter=meter,
                **{**given, "inventory": data.now()}))
            yield outcome
            if talk.ends_with(outcome):
                return
    finally:
        talk.close()


class DataNow:
    """The data as it is when a question is asked. A conversation may last hours: a lookup
    "again" must find what was written since (a review's: a delivery written to the file
    mid-conversation was answered with the first question's stock, as today's). The file
    is read again when it changed (its device, inode, size, times, and a SQLite file's
    -wal's beside its real path), or may have changed unseen: written less than RACY_NS
    before the last reading, in the same tick of a coarse clock (as git's racily clean
    files). A file of 50,000 rows takes 0.6 s to read. One that no longer reads fails each
    question until it reads again: the reading before it is never used again."""

    RACY_NS = 2 * 10**9  # the coarsest file times kept: FAT's 2 s

    def __init__(self, settings, data):
        # `data` was read just now (run.prepare): a write since is within RACY_NS
        self.settings, self.data = settings, data
        self.stamp, self.read_at = _stamp(settings.inventory), time.time_ns()

    def now(self):
        stamp = _stamp(self.settings.inventory)
        if self.data is None or stamp is None or stamp != self.stamp or any(
                written >= self.read_at - self.RACY_NS for *_, written in stamp):
            self.data, read_at = None, time.time_ns()  # a write from now: seen next time
            self.data = inventory.load(self.settings.inventory, tenant=self.settings.tenant)
            self.stamp, self.read_at = stamp, read_at
        return self.data


def _stamp(path):
    """What a write to the file at `path` changes, and to a SQLite file's -wal beside its
    real path (a commit there leaves the file as it was): device, inode, size, and the
    times written and changed (the second, no program can set back); () for the sample;
    None when it cannot be read: it is read again, and says why."""
    if path is None:
        return ()
    try:
        wal = os.path.realpath(path) + "-wal"
        return tuple((found.st_dev, found.st_ino, found.st_size, found.st_ctime_ns,
                      found.st_mtime_ns) for found in (
            os.stat(path), *(os.stat(wal) for wal in [wal] if os.path.exists(wal))))
    except OSError:
        return None


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
        turn.update(status=outcome.status,
                    messages=_as_read(outcome, turn["turn"], self.limits) if completed else [],
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
    path = latest_record(settings.log_dir) if settings.session == LAST else settings.session
    record = read_record(path)
    other = _other_scope(record["scope"], settings, started["source"])
    if other is not None:
        raise AgentError("CONTINUE_UNAVAILABLE", path=path, reason=other)
    log = RunLog(None, content=True, listener=listener, append_to=path, end=record["end"],
                 limit=runlog.MAX_RECORDS_BYTES)
    try:
        if record["open"] is not None:
            record["turns"].append(_close_interrupted(log, record["open"]))
        log.started(**started, event="session_resumed", **_scope(settings))
    except AgentError:  # RECORD_FULL, LOG_UNWRITABLE: no session holds the file to close it
        log.close()
        raise
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
    shapes (`raw`) are left out, so each adapter rebuilds its messages from neutral fields;
    and each tool result is marked `recorded`, of another day's data, perhaps: the answer
    policy never states it as today's (answers._recalled), the model may still read it."""
    same = turn["provider"] == provider
    return {**turn, "messages": [
        {**message, **({} if same or "raw" not in message else {"raw": None}),
         **({"recorded": True} if message["role"] == "tool" else {})}
        for message in turn["messages"]]}


def _as_read(outcome, turn, limits):
    """A completed turn's messages as the questions after it see them: the question, the
    calls and their results, and the answer the person read. The answer policy may have
    written it in place of the model's reply, or after the tool results alone (the program
    stated it), or after calls of its own: those are the turn's too (_made_by_program).
    The model's other words go: a reply the check sent back, the program's notes to the
    model, the text beside a call. None was shown, and a later question replayed with them
    takes them as said (a review's: "Purchase order for 18 x A001 created.", refused twice
    in turn 2, stood in turn 3's request as the turn's history)."""
    question, *rest = outcome.transcript
    lookups = [_calls_alone(message) if message["role"] == "assistant" else message
               for message in rest if message["role"] == "tool" or
               message["role"] == "assistant" and message["tool_calls"]]
    return [question, *lookups, *_made_by_program(outcome, turn, limits),
            {"role": "assistant", "content": outcome.answer, "tool_calls": []}]


def _calls_alone(message):
    """An assistant message of calls, without the words beside them: calls the server
    returned as calls stand alone; calls the model wrote as text (read by
    --recover-text-tool-calls, with no id) stay as that text, one call a line, for the
    model to see what it asked (replayed blank, the small model wrote "<tool_response>"
    blocks of its own). `raw` goes too: a client sends it as received, words and all."""
    written = [call for call in message["tool_calls"] if not call.get("id")]
    return {**message, "raw": None, "content": "\n".join(
        json.dumps({"name": call["name"], "arguments": call["arguments"]}, ensure_ascii=False)
        for call in written)}


def _made_by_program(outcome, turn, limits):
    """The calls the answer policy made itself this turn (the loop logs them as the
    program's, after the model's last request), as one assistant message and their results
    (a long one as an excerpt, as the loop shows the model): the person read what they
    found, so a later question may lean on it. Without them, on the real small model,
    "兩個一共多少？" after the program's own search found 抹茶粉 counted two items where the
    turns before held one, and the person read no total."""
    made = [record for record in outcome.results if record["invocation"].endswith(":program")]
    if not made:
        return []
    limit = run.excerpt_limit(limits.max_context_chars)
    calls = [{"id": f"program-{turn}-{at}", "name": record["name"],
              "arguments": record["arguments"]} for at, record in enumerate(made)]
    return [{"role": "assistant", "content": "", "tool_calls": calls},
            *({"role": "tool", "tool_call_id": call["id"], "tool_name": call["name"],
               "content": run.tool_content(record["result"], limit=limit)[0],
               "is_error": not record["result"]["ok"]} for call, record in zip(calls, made))]
