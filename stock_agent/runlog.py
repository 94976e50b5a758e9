"""The evidence of a run: its JSONL log, and the facts its tool results hold.

## The run log

Each run writes `<log dir>/<run id>.jsonl`, created exclusively, one JSON object per line,
flushed after every event so that a crash or Ctrl-C still leaves the trail. The schema is in
docs/output.md ("The run log"). Guarantees: exactly one terminal event (completed, failed,
cancelled) ends every log that was opened; nothing of the question, answer or tool data is
written unless `content` is true, and a log with content is readable by its owner only
(0600); a write that fails ends the run with LOG_UNWRITABLE instead of letting it go on
without evidence.

Every JSONL file of the program is written and read here: the run log, the operation
journal (stock_agent/orders/journal.py) and a conversation's record (stock_agent/chat/), by
`Records` and `read_records`, with one rule for a torn last line (TORN below).

## The facts behind an answer (the last sections)

What this run's tools said about each item, rendered by code. A run keeps one record per
tool call, `{"invocation": "step:index", "name", "arguments", "result"}`
(run.Outcome.results). `facts(results)` turns them into one fact per item:

    {"sku": "A001", "found": true, "name": "濾掛咖啡", "stock": 12, "target": 30,
     "suggested_order": 18, "source": "built-in sample data, not a live ERP",
     "call": {"tool": "get_stock", "invocation": "1:0"}}

An item's first call wins (the data is one snapshot per run). A lookup that answered
SKU_NOT_FOUND is a fact too: `found` false, its figures null, so "no such SKU" is never
mistaken for stock 0. An order is a fact only from its receipt (`orders`). `--json` prints
the facts as `facts` (and the receipts as `orders`); `--facts` prints `render_block` under the
answer. Their words are the catalogue's (messages.LINES, `fact_*`). Nothing here comes from
the model's text.

This is also the one reader of tool results (the last section): what a result holds, by
shape (get_stock's item, find_items' and list_reorder's lists, SKU_NOT_FOUND, a write's
receipt or refusal, any other tool's data), read the same way for the facts, for the
conversation notes (chat/context.py) and for the answer policy (answers/).
"""

import errno
import json
import os
import time

from stock_agent.errors import AgentError, Text

MAX_ID_DRAWS = 5
MAX_RECORDS_BYTES = 64_000_000  # a JSONL file that size is a year of questions: refuse more
TERMINAL_EVENTS = ("completed", "failed", "cancelled")
LAST_EVENT_ROOM = 4_096  # bytes a capped log keeps free for a terminal event without content


class RunLog:
    """Append-only JSONL evidence of one run, flushed per event. It only writes: how the run
    is going is the loop's business (run.Outcome), not the log's.

    Holds no question, answer, tool arguments or results unless `content` is true.
    Exactly one terminal event (completed, failed, cancelled) is ever written.
    `listener`, if given, is called with each event as it is written (for a live trace or an
    evaluation); it also sees the tool arguments, which reach the file only with `content`.
    """

    def __init__(self, directory, *, content=False, listener=None, append_to=None, end=None,
                 limit=None):
        """A new log in `directory`, or, with `append_to`, more events at the end of that
        existing log (a conversation continued: stock_agent/chat/session.py), after `end`,
        where read_records found that its last complete line ends. `limit`: the file never
        grows past that many bytes (a conversation's record, which read_records must read
        back whole); an event that would pass it, less LAST_EVENT_ROOM for a terminal
        event, is RECORD_FULL and is not written."""
        self.content = content
        self.finished = False
        self.listener = listener
        self._started = time.monotonic()
        self._limit = limit
        if append_to is None:
            self._file = self._create(directory)
        else:  # its id is its file name
            self.path = append_to
            self.run_id = os.path.basename(append_to).removesuffix(".jsonl")
            self._file = Records(append_to, code="LOG_UNWRITABLE", end=end)

    def _create(self, directory):
        """Open a new log file, created exclusively. Another run that drew the same id in
        the same second (24 random bits) makes this draw again, not fail. A log with
        content holds the user's data, so only its owner may read it (0600)."""
        try:
            os.makedirs(directory, exist_ok=True)
        except OSError as exc:
            reason = Text("log_dir_not_folder") if os.path.exists(directory) else None
            raise _unwritable("LOG_UNWRITABLE", directory, exc, reason=reason) from None
        for _ in range(MAX_ID_DRAWS):
            self.run_id = new_run_id()
            self.path = os.path.join(directory, self.run_id + ".jsonl")
            try:
                return Records(self.path, code="LOG_UNWRITABLE", mode="x",
                               private=self.content)
            except FileExistsError:
                continue
        raise AgentError("LOG_UNWRITABLE", path=self.path, reason=os.strerror(errno.EEXIST))

    def emit(self, event, *, shown=None, **fields):
        """Append one event. `shown` fields go to the listener only, never to the file."""
        record = {"event": event, "t_ms": ms_since(self._started), **fields}
        if self._limit is None:
            self._file.write(record)
        else:  # room is kept for the terminal event of what this event is part of
            self._file.write(record, limit=self._limit,
                             keep=0 if event in TERMINAL_EVENTS else LAST_EVENT_ROOM)
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
        """Sentences of an answer the policy did not show (stock_agent/answers/): how many
        of each kind; which ones only with `content`."""
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
        elif outcome.refusal is not None:  # completed, but writes it was asked for stand refused
            fields.update(exit_status=outcome.refusal.exit_status,
                          refused=outcome.refusal.params["invocations"])
        fields.update(steps=outcome.steps, duration_ms=duration_ms)
        if outcome.orders:  # however the run ended, these writes happened and stay
            fields["orders"] = [receipt["order_id"] for receipt in outcome.orders]
        if outcome.verification is not None:
            fields["verification"] = outcome.verification
        if outcome.statements:  # each figure and verdict read, with the call it came from
            fields["statements"] = outcome.statements if self.content else [
                {"claim": cite["claim"], "source": cite.get("source")}
                for cite in outcome.statements]
        if outcome.status == "completed" and self.content:
            fields["answer"] = outcome.answer
        return fields

    def close(self):
        """Close the file; no event is written after this."""
        self.finished = True
        self._file.close()


# --- JSONL records: the one writer, the one reader ------------------------------------
#
# TORN, the one rule for a half-written last line. A line is complete only with its newline:
# a record is written whole, newline last, then flushed. What follows the last newline is
# what a process left when it died mid-write (kill -9, a power cut): it is never parsed, it
# counts as a line that could not be read, and it is cut off before anything is appended,
# so every record appended later starts a line of its own and the file stays JSON lines.

class Records:
    """An append-only JSONL file: one `json.dumps` line per record, flushed, and fsync'd
    too with `durable`. Every failure is AgentError(`code`, path=, reason=), the caller's
    LOG_UNWRITABLE or JOURNAL_UNWRITABLE.

    `mode` "x" creates the file exclusively (FileExistsError is left to the caller, to draw
    another name); "a" appends, creating the file if it is missing. `end` (read_records) is
    where the existing file's last complete line ends: a torn line after it is cut off first
    (TORN). `private`: a file it creates is readable by its owner only (0600). `durable`:
    each record is fsync'd, and so is the folder of a file it creates (its name must
    survive a crash too).
    """

    def __init__(self, path, *, code, mode="a", end=None, private=False, durable=False):
        self.path, self.code, self.durable = path, code, durable
        try:
            self._file = self._open(mode, end, private)
        except FileExistsError:
            raise
        except OSError as exc:
            raise _unwritable(code, path, exc) from None
        self.size = None  # bytes in the file, once a write with a limit asked

    def write(self, record, *, limit=None, keep=0):
        """Append `record` as one line; with `limit`, only if the file stays within that
        many bytes less `keep` (else RECORD_FULL, and nothing is written)."""
        line = json.dumps(record, ensure_ascii=False) + "\n"
        if limit is not None:
            if self.size is None:  # every write is flushed: the file holds all of them
                self.size = os.fstat(self._file.fileno()).st_size
            grown = self.size + len(line.encode("utf-8", errors="backslashreplace"))
            if grown > limit - keep:
                raise AgentError("RECORD_FULL", path=self.path, limit=f"{limit:,}")
        try:
            self._file.write(line)
            self._file.flush()
            if self.durable:
                os.fsync(self._file.fileno())
        except OSError as exc:
            raise _unwritable(self.code, self.path, exc) from None
        if limit is not None:
            self.size = grown

    def close(self):
        try:
            self._file.close()
        except OSError as exc:  # a full disk fails the last flush here too
            raise _unwritable(self.code, self.path, exc) from None

    def _open(self, mode, end, private):
        created = mode == "x" or not os.path.exists(self.path)
        # backslashreplace writes a lone surrogate (legal in JSON text a server sends) as
        # its JSON escape, so the line stays valid JSON.
        file = open(self.path, mode, encoding="utf-8", errors="backslashreplace",
                    opener=_owner_only if private else None)
        try:
            if end is not None:
                _cut_torn_line(file, end)
            if created and self.durable:
                _fsync_folder(self.path)
        except BaseException:
            file.close()
            raise
        return file


def read_records(path, *, limit=None, check=None):
    """The JSONL file at `path` read back, as (records, bad, end):

        records  one item per complete line, in order (records[0] is line 1): the JSON
                 object it holds, or None where it holds none that `check(record)` accepts
        bad      how many lines could not be read: those Nones, and a torn last line
        end      the byte offset after the last complete line, where Records(end=) cuts

    Only a regular file is read, and no more than `limit` bytes (MAX_RECORDS_BYTES unless
    told; stock_agent/files.py); the OSError of one that is not (NotRegular, TooLarge, or the
    system's) is the caller's.
    """
    from stock_agent import files  # a run that only writes its log never loads it
    data = files.read_capped(path, MAX_RECORDS_BYTES if limit is None else limit)
    end = data.rfind(b"\n") + 1  # TORN: what follows the last newline is no line
    lines = data[:end].decode("utf-8", errors="replace").split("\n")[:-1]
    records = [_record(line, check) for line in lines]
    return records, records.count(None) + (end < len(data)), end


def is_event(record):
    """A run log's event: an object with a string `event` (a `check` for read_records)."""
    return isinstance(record.get("event"), str)


def _unwritable(code, path, exc, *, reason=None):
    """The AgentError of a file that cannot be written: LOG_UNWRITABLE, JOURNAL_UNWRITABLE."""
    return AgentError(code, path=path, reason=reason or exc.strerror or type(exc).__name__)


def _record(line, check):
    record = loads(line)
    if not isinstance(record, dict) or (check is not None and not check(record)):
        return None
    return record


def loads(text):
    """The JSON value of `text`, or None where it holds none (a tool result's text, a line)."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):  # not text, not JSON, or nested too deep
        return None


def _cut_torn_line(file, end):
    """TORN: cut what follows the last complete line, which ends at `end`, before appending."""
    if os.fstat(file.fileno()).st_size > end:
        file.truncate(end)


def _owner_only(path, flags):
    return os.open(path, flags, 0o600)


def _fsync_folder(path):
    folder = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def new_run_id():
    """The UTC second and 24 random bits: sortable by time, unlikely to repeat."""
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()) + "-" + os.urandom(3).hex()


RUN_ID = r"[0-9]{8}T[0-9]{6}Z-[0-9a-f]{6}"  # what new_run_id() makes: a regular expression


def is_run_id(text):
    """True when `text` is a run id, as --resume and --continue take one."""
    import re  # not at the top: `import agent` stays cheap (the command line has it loaded)
    return re.fullmatch(RUN_ID, text) is not None


def utc_now():
    """The time now as every record of this program writes it: 2026-12-01T03:53:59Z."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def ms_since(started):
    return round((time.monotonic() - started) * 1000)


# --- The facts behind an answer ------------------------------------------------------

FIGURES = ("sku", "name", "stock", "target", "suggested_order")


def facts(results):
    """One fact per item the results spoke of, in the order they first did."""
    by_sku = {}
    for record in results:
        for fact in item_facts(record):
            by_sku.setdefault(fact["sku"], fact)
    return list(by_sku.values())


def item_facts(record):
    """The facts of one call: each item a successful result holds (one for get_stock, a
    list for find_items, list_reorder and get_stock asked for several SKUs), and each SKU a
    lookup did not find."""
    data = data_of(record["result"])
    found = [_fact(record, row, data.get("source")) for row in item_rows(data) or ()]
    return found + [_fact(record, {"sku": sku}, None, found=False)
                    for sku in missing_skus(record["name"], record["result"],
                                            record["arguments"])]


def _fact(record, row, source, *, found=True):
    fact = {key: row.get(key) for key in FIGURES}
    fact.update(found=found, source=source,
                call={"tool": record["name"], "invocation": record["invocation"]})
    return fact


def render(found, lang, *, calls=True):
    """The facts as lines of text in `lang`; with `calls`, each names the call it came from."""
    lines = []
    for fact in found:
        if fact["found"]:
            line = Text("fact_found", **fact)
            tail = Text("fact_from", source=fact["source"], **fact["call"])
        else:
            line = Text("fact_missing", **fact)
            tail = Text("fact_from_missing", **fact["call"])
        lines.append(line.render(lang) + (tail.render(lang) if calls else ""))
    return lines


def orders(results, lang):
    """A line per order the results hold a receipt for (a write tool's own proof)."""
    lines = []
    for record in results:
        data = data_of(record["result"])
        placed = receipt(data)
        if placed:
            lines.append(Text("fact_order", **{**data, **placed}).render(lang))
    return lines


def render_block(results, lang):
    """--facts: a heading, then one line per fact and per order (or "none"), to print under
    the answer."""
    lines = render(facts(results), lang) + orders(results, lang)
    return "\n".join([Text("facts_heading").render(lang),
                      *(lines or [Text("facts_none").render(lang)])])


# --- Reading one tool result ------------------------------------------------------------
#
# A tool result is {"ok": true, "data": ...} or {"ok": false, "error": CODE, "detail": ...}
# (tools.py, mcp/adapter.py). Each shape it can take is read here, by one function, for the
# facts above, the conversation notes (chat/context.py) and the answer policy (answers/).

UNPLACED = ("APPROVAL_DENIED", "WRITE_FAILED", "IDEMPOTENCY_CONFLICT")  # writes' own refusals


def data_of(result):
    """The data of a successful result; None for a refusal, which carries none."""
    return result.get("data") if result.get("ok") else None


def item_rows(data):
    """The items a result's data holds: get_stock's one item, or those rows of a list
    (find_items, list_reorder: `items`) that are items. None when the data is neither an
    item nor a list (an MCP tool's record, a write's receipt): data of another shape."""
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("items"), list):
        return [row for row in data["items"] if _is_item(row)]
    return [data] if _is_item(data) else None


def _is_item(value):
    # An item is what get_stock answers: a SKU and a stock figure (a write's data names a
    # SKU too, but holds no stock).
    return isinstance(value, dict) and isinstance(value.get("sku"), str) and "stock" in value


def unlisted(data):
    """How many more items a list matched than it shows (its `more`), or None."""
    more = data.get("more") if isinstance(data, dict) else None
    return more if isinstance(more, int) else None


def missing_skus(name, result, arguments):
    """The SKUs a lookup did not find: the one SKU_NOT_FOUND answered for, or those a
    get_stock of several SKUs lists as `not_found`."""
    sku = missing_sku(result, arguments)
    if sku:
        return [sku]
    data = data_of(result)
    listed = data.get("not_found") if isinstance(data, dict) and name == "get_stock" else None
    return [sku for sku in listed if isinstance(sku, str)] if isinstance(listed, list) else []


def missing_sku(result, arguments):
    """The SKU a lookup answered SKU_NOT_FOUND for (read from its arguments), or None: the
    result itself names no SKU."""
    return argument_sku(arguments) if result.get("error") == "SKU_NOT_FOUND" else None


def argument_sku(arguments):
    """The `sku` argument of a call, whether it arrived as an object or as JSON text."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            return None
    sku = arguments.get("sku") if isinstance(arguments, dict) else None
    return sku if isinstance(sku, str) else None


def receipts(results):
    """The write receipts this run's results carry (the contract of the write tools)."""
    return [found for found in (receipt(data_of(record["result"])) for record in results)
            if found]


def receipt(data):
    """A write's receipt, its proof that an order was placed ({"order_id",
    "idempotency_key", "ledger", "created"}), or None: read-only tools carry none."""
    found = data.get("receipt") if isinstance(data, dict) else None
    return found if isinstance(found, dict) and found.get("order_id") else None


def rehearsals(results):
    """The records of the writes a dry run (--dry-run) checked and did not make: their
    data says `dry_run`, and they carry no receipt."""
    return [record for record in results
            if isinstance(data := data_of(record["result"]), dict)
            and data.get("dry_run") is True and receipt(data) is None]


def unplaced(result, arguments):
    """The arguments of a write that was asked for but not placed (not approved, the ledger
    refused it), or None: a valid call about its item, though its result names none."""
    if result.get("error") in UNPLACED and isinstance(arguments, dict):
        return arguments
    return None


def refused_writes(results):
    """The invocations of the writes these results asked for that stand refused: not placed
    (UNPLACED: not approved, or the ledger refused it), unless the same call succeeded
    later. A completed run with any ends WRITE_REFUSED (agent._account_for_writes)."""
    standing = {}
    for record in results:
        call = (record["name"], json.dumps(record["arguments"], sort_keys=True))
        if unplaced(record["result"], record["arguments"]) is not None:
            standing[call] = record["invocation"]
        elif record["result"].get("ok"):
            standing.pop(call, None)
    return list(standing.values())


def skus_named(value):
    """Every string under a `sku` key inside a JSON value: the items any tool's data names
    (a write, an MCP server's record), wherever in the data the name is."""
    if isinstance(value, list):
        return [sku for item in value for sku in skus_named(item)]
    if not isinstance(value, dict):
        return []
    own = [value["sku"]] if isinstance(value.get("sku"), str) else []
    return own + [sku for item in value.values() for sku in skus_named(item)]
