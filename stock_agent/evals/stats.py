"""Statistics over a folder of run logs (`python -m stock_agent.evals stats [runs/] [--json]`).

Reads every `*.jsonl` file directly in the folder (not below it: evaluation runs keep their
own folder, runs/evals), as runlog.read_records reads every JSONL file of the program, and
no file that is not a regular one or is larger than its cap (counted as unreadable). A line
that is not a JSON object with an `event` (a torn last line too) is counted as bad and shown
by file and line number, never a crash; so is a run with more than one terminal event. A
log without a terminal event (a run still going, or killed) counts as `unfinished`.
A conversation's record (run_started with `"session": true`) counts one run per turn.
"""

import os

from stock_agent.errors import Text
from stock_agent.evals.metrics import percentile
from stock_agent.runlog import is_event, read_records

TERMINAL = ("completed", "failed", "cancelled")
MAX_EXAMPLES = 5


def summarize_directory(directory, lang="en"):
    """The summary of every log in `directory`; `error` (in `lang`) if it cannot be read."""
    summary = _empty(directory)
    try:
        names = sorted(name for name in os.listdir(directory) if name.endswith(".jsonl"))
    except OSError as exc:
        summary["error"] = Text("folder_unreadable", path=directory,
                                reason=exc.strerror or type(exc).__name__).render(lang)
        return summary
    runs = []
    for name in names:
        path = os.path.join(directory, name)
        try:
            records, bad, _ = read_records(path, check=is_event)
        except OSError:  # not a regular file, too large, or unreadable
            summary["unreadable_files"] += 1
            continue
        torn = bad - records.count(None)  # a torn last line is a bad line too
        runs.extend(_read_runs(name, records + [None] * torn, summary))
    summary["files"] = len(names)
    _add_totals(summary, runs)
    return summary


def _empty(directory):
    return {"directory": directory, "files": 0, "runs": 0, "by_status": {}, "by_code": {},
            "models": {}, "steps": None, "duration_ms": None, "model_requests": 0,
            "tokens": {"input": None, "output": None},
            "tool_calls": {"total": 0, "by_name": {}, "errors": {}},
            "bad_lines": 0, "bad_examples": [], "unreadable_files": 0, "error": None}


def _read_runs(name, records, summary):
    """The runs of one log (its events, None for a bad line): the run, or each turn of a
    conversation's record."""
    runs, model = [_new_run(None)], None
    for number, record in enumerate(records, 1):
        if record is None:
            _bad(summary, f"{name}:{number}: not a JSON object with an event")
            continue
        if record["event"] in ("run_started", "session_resumed"):
            model = _model_of(record)
        if record["event"] == "run_started" and record.get("session") is True:
            runs = []  # a conversation: its turns are the runs
        if record["event"] == "turn_started":
            runs.append(_new_run(model))
        problem = _take(runs[-1], record, summary) if runs else None
        if problem:
            _bad(summary, f"{name}:{number}: {problem}")
    return runs


def _model_of(started):
    """provider/model of a run_started event; `--resume` asks no model."""
    if started.get("resume_of"):
        return "resume (no model)"
    return f"{started.get('provider')}/{started.get('model')}"


def _new_run(model):
    return {"terminal": None, "model": model, "tokens": {"input": None, "output": None},
            "requests": 0}


def _take(run, record, summary):
    """Fold one event into the run. Returns a problem description, or None."""
    event = record["event"]
    if event in TERMINAL:
        if run["terminal"] is not None:
            return f"a second terminal event ({event})"
        run["terminal"] = record
    elif event == "run_started":
        run["model"] = _model_of(record)
    elif event == "model":
        run["requests"] += 1
        for key in ("input", "output"):
            value = record.get(f"{key}_tokens")
            if isinstance(value, int) and not isinstance(value, bool):
                run["tokens"][key] = (run["tokens"][key] or 0) + value
    elif event == "tool":
        calls = summary["tool_calls"]
        calls["total"] += 1
        _tally(calls["by_name"], str(record.get("name")))
        if record.get("error"):
            _tally(calls["errors"], str(record["error"]))
    return None


def _add_totals(summary, runs):
    summary["runs"] = len(runs)
    steps, durations = [], []
    for run in runs:
        terminal = run["terminal"] or {}
        _tally(summary["by_status"], terminal.get("event", "unfinished"))
        if terminal.get("event") == "failed":
            _tally(summary["by_code"], str(terminal.get("code")))
        _tally(summary["models"], run["model"] or "unknown")
        summary["model_requests"] += run["requests"]
        if isinstance(terminal.get("steps"), int):
            steps.append(terminal["steps"])
        if isinstance(terminal.get("duration_ms"), (int, float)):
            durations.append(terminal["duration_ms"])
        for key in ("input", "output"):
            if run["tokens"][key] is not None:
                summary["tokens"][key] = (summary["tokens"][key] or 0) + run["tokens"][key]
    summary["steps"] = _distribution(steps)
    summary["duration_ms"] = _distribution(durations)


def _distribution(values):
    if not values:
        return None
    return {"mean": round(sum(values) / len(values), 2), "p50": percentile(values, 50),
            "p95": percentile(values, 95), "max": max(values)}


def _tally(table, key):
    table[key] = table.get(key, 0) + 1


def _bad(summary, example):
    summary["bad_lines"] += 1
    if len(summary["bad_examples"]) < MAX_EXAMPLES:
        summary["bad_examples"].append(example)


# --- Text ------------------------------------------------------------------------------

def render(s):
    if s["error"]:
        return f"stats: {s['error']}"
    lines = [f"{s['runs']} runs in {s['directory']} ({s['files']} files)",
             "  status       " + (_pairs(s["by_status"]) or "none"),
             "  error codes  " + (_pairs(s["by_code"]) or "none"),
             "  models       " + (_pairs(s["models"]) or "none"),
             "  steps        " + _spread(s["steps"]),
             "  latency ms   " + _spread(s["duration_ms"]),
             f"  requests     {s['model_requests']} to the model",
             f"  tokens       in {_known(s['tokens']['input'])}, "
             f"out {_known(s['tokens']['output'])}",
             f"  tool calls   {s['tool_calls']['total']}: "
             + (_pairs(s["tool_calls"]["by_name"]) or "none")
             + (f"; errors {_pairs(s['tool_calls']['errors'])}"
                if s["tool_calls"]["errors"] else ""),
             f"  bad lines    {s['bad_lines']}"]
    lines += [f"    {example}" for example in s["bad_examples"]]
    if s["unreadable_files"]:
        lines.append(f"  unreadable   {s['unreadable_files']} files")
    return "\n".join(lines)


def _pairs(table):
    return ", ".join(f"{key} {count}" for key, count in
                     sorted(table.items(), key=lambda item: (-item[1], item[0])))


def _spread(d):
    if d is None:
        return "n/a"
    return f"mean {d['mean']}, p50 {d['p50']}, p95 {d['p95']}, max {d['max']}"


def _known(value):
    return "not reported" if value is None else value
