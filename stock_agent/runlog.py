"""The run log: append-only JSONL evidence of one run.

Each run writes `<log dir>/<run id>.jsonl`, created exclusively, one JSON object per line,
flushed after every event so that a crash or Ctrl-C still leaves the trail. The schema is in
README.md ("The run log"). Guarantees: exactly one terminal event (completed, failed,
cancelled) ends every log that was opened; nothing of the question, answer or tool data is
written unless `content` is true; a write that fails ends the run with LOG_UNWRITABLE instead
of letting it go on without evidence.
"""

import json
import os
import time

from stock_agent.errors import AgentError


class RunLog:
    """Append-only JSONL evidence of one run, flushed per event. It only writes: how the run
    is going is the loop's business (run.Outcome), not the log's.

    Holds no question, answer, tool arguments or results unless `content` is true.
    Exactly one terminal event (completed, failed, cancelled) is ever written.
    `listener`, if given, is called with each event as it is written (for a live trace or an
    evaluation); it also sees the tool arguments, which reach the file only with `content`.
    """

    def __init__(self, directory, *, content=False, listener=None):
        self.run_id = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()) + "-" + os.urandom(3).hex()
        self.path = os.path.join(directory, self.run_id + ".jsonl")
        self.content = content
        self.finished = False
        self.listener = listener
        self._started = time.monotonic()
        try:
            os.makedirs(directory, exist_ok=True)
            # backslashreplace writes a lone surrogate (legal in JSON text a server sends)
            # as its JSON escape, so the line stays valid JSON instead of failing to encode.
            self._file = open(self.path, "x", encoding="utf-8", errors="backslashreplace")
        except OSError as exc:
            raise AgentError("LOG_UNWRITABLE", path=self.path,
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

    def started(self, *, provider, model, limits, lang, toolbox, source, question,
                prompt=None):
        fields = {"run_id": self.run_id,
                  "utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                  "provider": provider, "model": model, "lang": lang,
                  "limits": limits.as_dict(), "tools": toolbox.names(), "data_source": source}
        if prompt is not None:
            fields["system_prompt"] = prompt
        if self.content:
            fields["question"] = question
        self.emit("run_started", **fields)

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
        fields = {}
        if outcome.status == "failed":
            fields.update(code=outcome.error.code, exit_status=outcome.error.exit_status)
        fields.update(steps=outcome.steps, duration_ms=ms_since(self._started))
        if outcome.verification is not None:
            fields["verification"] = outcome.verification
        if outcome.status == "completed" and self.content:
            fields["answer"] = outcome.answer
        try:
            self.emit(outcome.status, **fields)
        finally:
            self._close()

    def _close(self):
        try:
            self._file.close()
        except OSError as exc:  # a full disk fails the last flush here too
            raise AgentError("LOG_UNWRITABLE", path=self.path,
                             reason=exc.strerror or type(exc).__name__) from None


def ms_since(started):
    return round((time.monotonic() - started) * 1000)
