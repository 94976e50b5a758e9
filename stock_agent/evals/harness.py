"""Run evaluation cases through the command line's own code path and score them.

The agent flags given to the evaluation (`--mock`, `--model`, `--base-url`,
`--system-prompt`, ...) are parsed once, by the command line (`cli.settings`), into the
evaluation's Settings. Each case is those settings with its own question, language, and
tenant and data when it names them (`Settings.replace`), run by `agent.ask`, which is what
`agent.main` runs. So a provider or flag added to the agent is available here with no change,
and no flag is parsed here.

A case with `turns` instead of `question` is a conversation: its questions are asked one
after another in one session (`agent.converse`, what --chat runs), each turn scored against
its own `expect`, and the case passes when every turn does (metrics.merge_turns).

The tool calls, with their arguments, are observed through the run log's listener; the log
file itself keeps its usual privacy rules.
"""

import hashlib
import json
import os

import agent  # the one package module that imports the root: it runs the command line's path
from stock_agent import run
from stock_agent.errors import (CANCELLED_CODES, SIGNAL_SLICE_SECONDS, AgentError, Text,
                                 cancellation, stop_workers)
from stock_agent.evals import metrics, person
from stock_agent.runlog import utc_now

CASE_KEYS = {"id", "lang", "split", "question", "turns", "tenant", "inventory", "tags",
             "expect", "note"}
# A case is tuned on (dev, the default) or held out to be reported (test): see select().
SPLITS = ("dev", "test")
TURN_KEYS = {"question", "expect", "note"}
EXPECT_KEYS = {"tool_calls", "allowed_tools", "forbidden_tools", "answer_contains",
               "answer_excludes", "status", "verdicts", "computed", "no_false"}
MAX_CASES_BYTES = 10_000_000


# --- Cases -----------------------------------------------------------------------------

def load_cases(path):
    """The cases of a JSONL file, checked; a bad line is INVALID_INPUT naming file and line."""
    from stock_agent import files
    try:
        lines = files.read_capped(path, MAX_CASES_BYTES).decode("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise AgentError("INVALID_INPUT", detail=Text(
            "cases_unreadable", path=path, problem=files.problem(exc))) from None
    cases, seen = [], set()
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        problem, case = _check_case(line)
        if problem is None and case["id"] in seen:
            problem = Text("case_duplicate", id=repr(case["id"]))
        if problem is not None:
            raise AgentError("INVALID_INPUT", detail=Text("case_line", path=path, line=number,
                                                          problem=problem))
        seen.add(case["id"])
        if case.get("inventory"):  # relative to the cases file, like an include
            case["inventory"] = os.path.join(os.path.dirname(path), case["inventory"])
        cases.append(case)
    if not cases:
        raise AgentError("INVALID_INPUT", detail=Text("cases_none", path=path))
    return cases


def select(cases, split, path):
    """The cases of one split ("dev" or "test"), or all of them ("all"); none is
    INVALID_INPUT naming the file and the split."""
    chosen = [case for case in cases if split in ("all", case["split"])]
    if not chosen:
        raise AgentError("INVALID_INPUT", detail=Text("cases_none_in_split", path=path,
                                                      split=split))
    return chosen


def _check_case(line):
    try:
        case = json.loads(line)
    except ValueError:
        return Text("case_not_json"), None
    if not isinstance(case, dict):
        return Text("case_not_object"), None
    unknown = set(case) - CASE_KEYS
    if unknown:
        return Text("case_unknown_fields", fields=sorted(unknown)), None
    if not isinstance(case.get("id"), str) or not case["id"].strip():
        return Text("case_blank", field="id"), None
    if case.get("lang", "en") not in run.SYSTEM_PROMPTS:
        return Text("case_lang", langs=sorted(run.SYSTEM_PROMPTS)), None
    if case.get("split", "dev") not in SPLITS:
        return Text("case_split", splits=list(SPLITS)), None
    if ("question" in case) == ("turns" in case):
        return Text("case_question_or_turns"), None
    if "turns" in case:
        turns = case["turns"]
        if not isinstance(turns, list) or not turns:
            return Text("case_turns"), None
        problems = [_check_turn(turn) for turn in turns]
        problem = next((Text("case_turn", number=n, problem=p)
                        for n, p in enumerate(problems, 1) if p), None)
    else:
        problem = _check_turn({"question": case["question"], "expect": case.get("expect")})
    if problem:
        return problem, None
    case.setdefault("lang", "en")
    case.setdefault("split", "dev")
    case.setdefault("expect", {})
    return None, case


def _check_turn(turn):
    """What is wrong with one question and its expectations (a Text), or None."""
    if not isinstance(turn, dict) or set(turn) - TURN_KEYS:
        return Text("case_turn_shape", keys=sorted(TURN_KEYS))
    unknown = set(turn.get("expect") or {}) - EXPECT_KEYS
    if unknown:
        return Text("case_unknown_fields", fields=sorted(unknown))
    if not isinstance(turn.get("question"), str) or not turn["question"].strip():
        return Text("case_blank", field="question")
    calls = (turn.get("expect") or {}).get("tool_calls")
    if calls is not None and not (isinstance(calls, list) and all(
            isinstance(c, dict) and isinstance(c.get("name"), str) for c in calls)):
        return Text("case_tool_calls")
    return person.problem(turn.get("expect") or {})


# --- Running ---------------------------------------------------------------------------

def run_cases(cases, settings, *, repeat=1, jobs=1, environ=None, make_model=None,
              progress=None):
    """Score every case `repeat` times. Returns rows in case order, repeats together.
    `progress` (progress.Progress, on a terminal) is told when each run starts and ends."""
    environ = os.environ if environ is None else environ
    tasks = [(case, index) for case in cases for index in range(repeat)]
    run = _run_task if progress is None else _reporting(progress, repeat)
    if jobs <= 1:
        rows = [run(case, index, settings, environ, make_model) for case, index in tasks]
    else:
        rows = _run_concurrently(run, tasks, settings, environ, make_model, jobs)
    return rows


def _reporting(progress, repeats):
    def run(case, index, settings, environ, make_model):
        progress.started(case["id"], index + 1, repeats)
        row = _run_task(case, index, settings, environ, make_model)
        progress.finished(row)
        return row
    return run


def _run_concurrently(run, tasks, settings, environ, make_model, jobs):
    """Run the tasks on `jobs` worker threads. A signal reaches this thread only: the runs in
    flight are then stopped with it (errors.stop_workers), each with its own `cancelled`."""
    from concurrent.futures import ThreadPoolExecutor  # only served models need threads
    from stock_agent.cli import held

    pool = ThreadPoolExecutor(max_workers=jobs)
    try:
        with held():  # the pool's threads start here, and leave the signals to this one
            futures = [pool.submit(run, case, index, settings, environ, make_model)
                       for case, index in tasks]
        return [_result(future) for future in futures]
    except KeyboardInterrupt as interrupt:  # Ctrl-C, or SIGTERM or SIGHUP (errors.Stopped)
        pool.shutdown(wait=False, cancel_futures=True)  # no further case starts
        stop_workers(cancellation(interrupt).code)  # and those in flight end at once
        raise
    finally:
        try:
            pool.shutdown(cancel_futures=True)  # waits for the runs in flight
        finally:
            stop_workers(None)  # even when a second signal cuts the wait short


def _result(future):
    """future.result(), waited for in slices (errors.SIGNAL_SLICE_SECONDS)."""
    from concurrent.futures import wait

    while not future.done():
        wait([future], timeout=SIGNAL_SLICE_SECONDS)
    return future.result()


# Endings that every later case would share: the evaluation stops with the first of them
# (and its exit status) instead of scoring every case a failure of the model.
STOPS_EVALUATION = CANCELLED_CODES + ("MODEL_UNREACHABLE", "MODEL_NOT_FOUND", "AUTH_FAILED",
                                      "NO_API_KEY", "NO_MODEL", "TOOLS_UNSUPPORTED")


def _run_task(case, index, settings, environ, make_model):
    if "turns" in case:
        seen = run_conversation(case, settings, environ=environ, make_model=make_model)
        row = metrics.merge_turns([
            metrics.score_run({"id": case["id"], "tags": case.get("tags", []),
                               "expect": turn.get("expect") or {}}, observed)
            for turn, observed in zip(case["turns"], seen)])
    else:
        seen = [run_case(case, settings, environ=environ, make_model=make_model)]
        row = metrics.score_run(case, seen[0])
    for observed in seen:
        error = observed["error"]
        # Ctrl-C (or a signal) stops the evaluation; so does a server that cannot be used,
        # before any model answered.
        if error is not None and (error.code in CANCELLED_CODES or (
                error.code in STOPS_EVALUATION and not observed["reached"])):
            raise error
    row["repeat"] = index + 1
    return row


def run_case(case, settings, *, environ, make_model=None):
    """Run one case as the CLI would. Returns what was observed."""
    settings = _case_settings(case, settings, question=case["question"])
    calls, listen = _listener(case, settings)
    outcome = agent.ask(settings, environ, listener=listen, make_model=make_model)
    return _observed(outcome, calls, case["lang"], case["expect"], question=case["question"])


def run_conversation(case, settings, *, environ, make_model=None):
    """Run a case with `turns` as one conversation. Returns what was observed per turn; a
    turn the conversation never reached (it ended early) is `not_reached`."""
    settings = _case_settings(case, settings)
    calls, listen = _listener(case, settings)
    seen = []
    earlier = []  # what the tools said in the turns before: a later answer may recall it
    for number, outcome in enumerate(agent.converse(
            settings, environ, [turn["question"] for turn in case["turns"]],
            listener=listen, make_model=make_model)):
        turn = case["turns"][number]
        seen.append(_observed(outcome, calls, case["lang"], turn.get("expect") or {},
                              earlier=earlier, question=turn["question"]))
        earlier.extend(outcome.results)
        calls.clear()
    missing = len(case["turns"]) - len(seen)
    return seen + [{**_not_run("the conversation ended before this turn"),
                    "status": "not_reached"} for _ in range(missing)]


def _case_settings(case, settings, question=None):
    """The evaluation's settings with this case's question, language and data."""
    changes = {"lang": case["lang"], "question": question}
    if case.get("tenant"):
        changes["tenant"] = case["tenant"]
    if case.get("inventory"):
        changes["inventory"] = case["inventory"]
    return settings.replace(**changes)


def _listener(case, settings):
    """The calls seen (a list the listener fills) and the run log listener that sees them."""
    calls = []
    trace = _trace(case) if settings.verbose else None

    def listen(record):
        if record["event"] == "tool":
            calls.append({"name": record["name"], "arguments": record.get("arguments"),
                          "ok": record["ok"], "error": record["error"],
                          "by": record.get("by")})  # "program": a lookup it made itself
        if trace is not None:
            trace(record)

    return calls, listen


def _observed(outcome, calls, lang, expected, *, earlier=(), question=""):
    error = outcome.error
    status = error.code if error else outcome.status
    # Judged only if the model answered at least once (or the run ended as the case
    # expects): a server that is down says nothing about restraint or tool choice.
    reached = outcome.steps > 0 or status == expected.get("status", "completed")
    return {"status": status, "error": error, "reached": reached,
            "detail": error.message(lang) if error else None,
            "answer": outcome.answer, "calls": list(calls), "steps": outcome.steps,
            "duration_ms": outcome.duration_ms, "tokens": outcome.tokens, "log": outcome.log,
            "verification": outcome.verification,
            # what the person reads, with the words of this run's results (and the
            # conversation's earlier ones: a later answer may recall them)
            "read": person.reading(outcome.answer, [*earlier, *outcome.results], expected,
                                   question=question)}


def _trace(case):
    """With -v, the live trace of every case on stderr, each line led by the case id."""
    import sys
    from stock_agent import watch
    return watch.Trace(sys.stderr, prefix=case["id"] + " ")


def _not_run(detail):
    return {"status": "not_run", "error": None, "reached": False, "detail": detail,
            "answer": None, "calls": [], "steps": 0, "duration_ms": 0,
            "tokens": {"input": None, "output": None}, "log": None,
            "verification": None, "read": None}


def with_log_dir(agent_argv, environ):
    """Evaluation runs log to the `evals` folder inside the agent's own log folder (in a
    checkout runs/evals beside agent.py, whatever the current folder), unless the flags
    say otherwise."""
    if any(flag == "--log-dir" or flag.startswith("--log-dir=") for flag in agent_argv):
        return list(agent_argv)
    return [*agent_argv, "--log-dir", os.path.join(run.log_folder(environ), "evals")]


# --- What produced the report ------------------------------------------------------------

def describe_setup(settings, cases, *, environ, agent_flags, make_model=None,
                   cases_path=None):
    """Model, provider, server version and prompt of this evaluation, for the report."""
    langs = sorted({case["lang"] for case in cases})
    model = (make_model or agent.default_model)(settings.replace(lang=langs[0]), environ)
    # A replay (--replay) asks no server, not even for its version.
    server = {"name": "replay", "version": "none", "url": None} if settings.replay \
        else server_info(model)
    digests = {lang: run.prompt_digest(run.load_system_prompt(
                   settings.system_prompt, lang, orders=bool(settings.orders))[0])
               for lang in langs}
    return {
        "utc": utc_now(),
        "provider": model.provider, "model": model.model,
        "server": server, "server_version": server["version"],
        "system_prompt": {"file": settings.system_prompt, "sha256": digests},
        "cases_file": cases_path, "cases_sha256": _file_sha256(cases_path),
        "agent_flags": list(agent_flags),
    }


SERVER_TIMEOUT = 3.0  # seconds for each question to the server: a report never waits long
UNKNOWN = "unknown"


def server_info(model):
    """Which server answers and its version, asked once per evaluation: llama-server's
    GET /props (`build_info`, `model_path`), Ollama's GET /api/version (`version`), each
    within SERVER_TIMEOUT, Ollama's first for the Ollama provider. "unknown" when neither
    answers (a hosted API, a server that is down): the evaluation runs on all the same.
    No server at all (the mock): "none"."""
    base_url = getattr(model, "base_url", None)
    if not base_url:
        return {"name": "none", "version": "none", "url": None}
    root = base_url.rstrip("/")
    root = root[:-3] if root.endswith("/v1") else root  # the OpenAI path's /v1
    llama, ollama = ("/props", _from_props), ("/api/version", _from_version)
    for path, read in (ollama, llama) if model.provider == "ollama" else (llama, ollama):
        found = _ask(root, path, read)
        if found is not None:
            return {**found, "url": base_url}
    return {"name": UNKNOWN, "version": UNKNOWN, "url": base_url}


def _from_props(payload):
    """llama-server's GET /props: its build, and the model file it serves."""
    if not isinstance(payload.get("build_info"), str):
        return None
    return {"name": "llama-server", "version": payload["build_info"],
            "model_path": _text(payload.get("model_path"))}


def _from_version(payload):
    """Ollama's GET /api/version: {"version": "0.12.3"}."""
    if not isinstance(payload.get("version"), str):
        return None
    return {"name": "ollama", "version": payload["version"]}


def _ask(root, path, read):
    """What `read` makes of the JSON object at root + path, or None on any failure."""
    from stock_agent.providers.transport import get_json
    try:
        status, payload = get_json(root + path, timeout=SERVER_TIMEOUT, server=root)
    except (AgentError, OSError, ValueError):
        return None
    return read(payload) if status == 200 and isinstance(payload, dict) else None


def _text(value):
    return value if isinstance(value, str) else None


def _file_sha256(path):
    if path is None:
        return None
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()
