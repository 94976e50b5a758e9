"""The run log: append-only JSONL evidence of one run.

Each run writes `<log dir>/<run id>.jsonl`, created exclusively, one JSON object per line,
flushed after every event so that a crash or Ctrl-C still leaves the trail. The schema is in
README.md ("The run log"). Guarantees: exactly one terminal event (completed, failed,
cancelled) ends every log that was opened; nothing of the question, answer or tool data is
written unless `content` is true, and a log with content is readable by its owner only
(0600); a write that fails ends the run with LOG_UNWRITABLE instead of letting it go on
without evidence.
"""

import errno
import json
import os
import time

from stock_agent.errors import AgentError, Text

MAX_ID_DRAWS = 5


class RunLog:
    """Append-only JSONL evidence of one run, flushed per event. It only writes: how the run
    is going is the loop's business (run.Outcome), not the log's.

    Holds no question, answer, tool arguments or results unless `content` is true.
    Exactly one terminal event (completed, failed, cancelled) is ever written.
    `listener`, if given, is called with each event as it is written (for a live trace or an
    evaluation); it also sees the tool arguments, which reach the file only with `content`.
    """

    def __init__(self, directory, *, content=False, listener=None, append_to=None):
        """A new log in `directory`, or, with `append_to`, more events at the end of that
        existing log (a conversation continued: stock_agent/session.py)."""
        self.content = content
        self.finished = False
        self.listener = listener
        self._started = time.monotonic()
        self._file = self._create(directory) if append_to is None else self._reopen(append_to)

    def _create(self, directory):
        """Open a new log file, created exclusively. Another run that drew the same id in
        the same second (24 random bits) makes this draw again, not fail. A log with
        content holds the user's data, so only its owner may read it (0600)."""
        try:
            os.makedirs(directory, exist_ok=True)
        except OSError as exc:
            reason = Text("log_dir_not_folder") if os.path.exists(directory) \
                else exc.strerror or type(exc).__name__
            raise AgentError("LOG_UNWRITABLE", path=directory, reason=reason) from None
        for _ in range(MAX_ID_DRAWS):
            self.run_id = new_run_id()
            self.path = os.path.join(directory, self.run_id + ".jsonl")
            try:
                # backslashreplace writes a lone surrogate (legal in JSON text a server
                # sends) as its JSON escape, so the line stays valid JSON.
                return open(self.path, "x", encoding="utf-8", errors="backslashreplace",
                            opener=_owner_only if self.content else None)
            except FileExistsError:
                continue
            except OSError as exc:
                raise AgentError("LOG_UNWRITABLE", path=self.path,
                                 reason=exc.strerror or type(exc).__name__) from None
        raise AgentError("LOG_UNWRITABLE", path=self.path, reason=os.strerror(errno.EEXIST))

    def _reopen(self, path):
        """Open an existing log to add events at its end (its id is its file name)."""
        self.path, self.run_id = path, os.path.basename(path).removesuffix(".jsonl")
        try:
            return open(path, "a", encoding="utf-8", errors="backslashreplace")
        except OSError as exc:
            raise AgentError("LOG_UNWRITABLE", path=path,
                             reason=exc.strerror or type(exc).__name__) from None

    def emit(self, event, *, shown=None, **fields):
        """Append one event. `shown` fields go to the listener only, never to the file."""
        record = {"event": event, "t_ms": ms_since(self._started), **fields}
        try:
            self._file.write(json.dumps(record, ensure_ascii=False) + "\n")
            self._file.flush()
        except OSError as exc:
            raise AgentError("LOG_UNWRITABLE", path=self.path,
                             reason=exc.strerror or type(exc).__name__) from None
        if self.listener is not None:
            self.listener({**record, **(shown or {})})

    def started(self, *, provider, model, limits, lang, tools, source, question=None,
                prompt=None, session=False, event="run_started", **writes):
        """The first event: what the run is given. A conversation's record says `session`
        and has no question here (each turn has its own); `event` is session_resumed when
        --continue opens it again. `writes`: what a run that may order adds (`orders`, the
        ledger; for --resume also `resume_of` and `journal_lines_skipped`); None values are
        left out."""
        fields = {"run_id": self.run_id,
                  "utc": utc_now(),
                  "provider": provider, "model": model, "lang": lang,
                  "limits": limits._asdict(), "tools": tools, "data_source": source}
        if prompt is not None:
            fields["system_prompt"] = prompt
        fields.update((name, value) for name, value in writes.items() if value is not None)
        if session:
            fields["session"] = True
        elif self.content and event == "run_started":
            fields["question"] = question
        self.emit(event, **fields)

    def model_event(self, *, step, duration_ms, stop, input_tokens, output_tokens, text):
        fields = {"step": step, "duration_ms": duration_ms, "stop": stop,
                  "input_tokens": input_tokens, "output_tokens": output_tokens}
        if self.content:
            fields["text"] = text
        self.emit("model", **fields)

    def tool_event(self, *, invocation, outcome, **flags):
        """One call's outcome (tools.ToolOutcome). `flags` are the loop's (`recovered`)."""
        call, result = outcome.call, outcome.result
        fields = {"invocation": invocation, "id": call["id"], "name": call["name"],
                  "ok": result["ok"], "error": result.get("error"),
                  "duration_ms": outcome.duration_ms, **outcome.flags, **flags}
        if outcome.note:
            fields["exception"] = outcome.note
        if self.content:
            fields["arguments"] = call["arguments"]
            fields["result"] = result
        self.emit("tool", shown={"arguments": call["arguments"]}, **fields)

    def answer_check(self, *, step, problems):
        """An answer the checker (stock_agent/verify.py) refused: how many problems of each
        kind; which ones (SKUs, numbers, phrases) only with `content`."""
        fields = {"step": step, **{kind: len(found) for kind, found in problems.items()}}
        if self.content:
            fields["problems"] = problems
        self.emit("answer_check", **fields)

    def correction(self, *, step, text):
        """The corrective message sent to the model after a failed check."""
        self.emit("correction", step=step, **({"text": text} if self.content else {}))

    def finish(self, outcome):
        """Write the terminal event for a run.Outcome, once. Later calls are ignored."""
        if self.finished:
            return
        self.finished = True
        try:
            self.emit(outcome.status, **self.ending(outcome, ms_since(self._started)))
        finally:
            self.close()

    def ending(self, outcome, duration_ms):
        """The fields of the terminal event of a run.Outcome that took `duration_ms`."""
        fields = {}
        if outcome.error is not None:  # failed, or cancelled (Ctrl-C, SIGTERM or SIGHUP)
            fields.update(code=outcome.error.code, exit_status=outcome.error.exit_status)
        fields.update(steps=outcome.steps, duration_ms=duration_ms)
        if outcome.orders:  # however the run ended, these writes happened and stay
            fields["orders"] = [receipt["order_id"] for receipt in outcome.orders]
        if outcome.verification is not None:
            fields["verification"] = outcome.verification
        if outcome.status == "completed" and self.content:
            fields["answer"] = outcome.answer
        return fields

    def close(self):
        """Close the file; no event is written after this."""
        self.finished = True
        try:
            self._file.close()
        except OSError as exc:  # a full disk fails the last flush here too
            raise AgentError("LOG_UNWRITABLE", path=self.path,
                             reason=exc.strerror or type(exc).__name__) from None


def _owner_only(path, flags):
    return os.open(path, flags, 0o600)


def new_run_id():
    """The UTC second and 24 random bits: sortable by time, unlikely to repeat."""
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()) + "-" + os.urandom(3).hex()


def utc_now():
    """The time now as every record of this program writes it: 2026-12-01T03:53:59Z."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def ms_since(started):
    return round((time.monotonic() - started) * 1000)
