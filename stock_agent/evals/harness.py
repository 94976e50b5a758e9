"""Run evaluation cases through the command line's own code path and score them.

Every case becomes the argument list a person would type (`--question`, `--lang`, and
`--tenant`/`--inventory` when the case names them) after the agent flags given to the
harness (`--mock`, `--model`, `--base-url`, `--system-prompt`, ...), is parsed by the command
line's own parser and run by `agent.ask`, which is what `agent.main` runs. So a provider or
flag added to the agent is available here with no change. A case that needs a flag this agent does not have
is reported as `not_run`, with the flag named, never silently skipped.

The tool calls, with their arguments, are observed through the run log's listener; the log
file itself keeps its usual privacy rules.
"""

import hashlib
import json
import os
import time

import agent  # the one package module that imports the root: it runs the command line's path
from stock_agent import cli, prompts, verify
from stock_agent.errors import AgentError
from stock_agent.evals import metrics

CASE_KEYS = {"id", "lang", "question", "tenant", "inventory", "tags", "expect", "note"}
EXPECT_KEYS = {"tool_calls", "allowed_tools", "forbidden_tools", "answer_contains",
               "answer_excludes", "status"}
DEFAULT_LOG_DIR = os.path.join("runs", "evals")


# --- Cases -----------------------------------------------------------------------------

def load_cases(path):
    """The cases of a JSONL file, checked; a bad line is INVALID_INPUT naming file and line."""
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or type(exc).__name__
        raise AgentError("INVALID_INPUT", detail=f"cannot read cases {path}: {reason}") from None
    cases, seen = [], set()
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        problem, case = _check_case(line)
        if problem is None and case["id"] in seen:
            problem = f"duplicate id {case['id']!r}"
        if problem is not None:
            raise AgentError("INVALID_INPUT", detail=f"{path}, line {number}: {problem}")
        seen.add(case["id"])
        if case.get("inventory"):  # relative to the cases file, like an include
            case["inventory"] = os.path.join(os.path.dirname(path), case["inventory"])
        cases.append(case)
    if not cases:
        raise AgentError("INVALID_INPUT", detail=f"{path} holds no cases")
    return cases


def _check_case(line):
    try:
        case = json.loads(line)
    except ValueError:
        return "not valid JSON", None
    if not isinstance(case, dict):
        return "not a JSON object", None
    unknown = set(case) - CASE_KEYS or set(case.get("expect") or {}) - EXPECT_KEYS
    if unknown:
        return f"unknown field(s) {sorted(unknown)}", None
    for key in ("id", "question"):
        if not isinstance(case.get(key), str) or not case[key].strip():
            return f"{key} must be a non-empty string", None
    if case.get("lang", "en") not in prompts.SYSTEM_PROMPTS:
        return f"lang must be one of {sorted(prompts.SYSTEM_PROMPTS)}", None
    calls = (case.get("expect") or {}).get("tool_calls")
    if calls is not None and not (isinstance(calls, list) and all(
            isinstance(c, dict) and isinstance(c.get("name"), str) for c in calls)):
        return "expect.tool_calls must be a list of {\"name\", \"arguments\"}", None
    case.setdefault("lang", "en")
    case.setdefault("expect", {})
    return None, case


# --- Running ---------------------------------------------------------------------------

def run_cases(cases, agent_argv, *, repeat=1, jobs=1, environ=None, make_model=None):
    """Score every case `repeat` times. Returns rows in case order, repeats together."""
    environ = os.environ if environ is None else environ
    argv = with_log_dir(agent_argv)
    tasks = [(case, index) for case in cases for index in range(repeat)]
    if jobs <= 1:
        rows = [_run_task(case, index, argv, environ, make_model) for case, index in tasks]
    else:
        rows = _run_concurrently(tasks, argv, environ, make_model, jobs)
    return rows


def _run_concurrently(tasks, argv, environ, make_model, jobs):
    from concurrent.futures import ThreadPoolExecutor  # only served models need threads
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_run_task, case, index, argv, environ, make_model)
                   for case, index in tasks]
        try:
            return [future.result() for future in futures]
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _run_task(case, index, argv, environ, make_model):
    observed = run_case(case, argv, environ=environ, make_model=make_model)
    if observed["status"] == "CANCELLED":  # Ctrl-C stops the whole evaluation
        raise KeyboardInterrupt
    row = metrics.score_run(case, observed)
    row["repeat"] = index + 1
    return row


def run_case(case, agent_argv, *, environ, make_model=None):
    """Run one case as the CLI would. Returns what was observed."""
    parser = cli.build_parser()
    # `=` keeps a question that starts with "-" from being read as a flag.
    flags = [*agent_argv, "--question=" + case["question"], "--lang", case["lang"]]
    if case.get("tenant"):
        flags += ["--tenant", case["tenant"]]
    if case.get("inventory"):
        flags += ["--inventory", case["inventory"]]
    args, unknown = parser.parse_known_args(flags)
    if unknown:
        missing = [flag for flag in unknown if flag.startswith("--")]
        return _not_run(f"this agent lacks the flag(s) {', '.join(missing or unknown)}")
    calls = []
    trace = _trace(case) if args.verbose else None

    def listen(record):
        if record["event"] == "tool":
            calls.append({"name": record["name"], "arguments": record.get("arguments"),
                          "ok": record["ok"], "error": record["error"]})
        if trace is not None:
            trace(record)

    outcome = agent.ask(args, environ, case["lang"], listener=listen, make_model=make_model)
    error = outcome.error
    return {"status": error.code if error else outcome.status,
            "detail": error.message(case["lang"]) if error else None,
            "answer": outcome.answer, "calls": calls, "steps": outcome.steps,
            "duration_ms": outcome.duration_ms, "tokens": outcome.tokens, "log": outcome.log,
            "verification": outcome.verification,
            "unsupported_numbers": _unsupported_numbers(case, outcome)}


def _unsupported_numbers(case, outcome):
    """The numbers of a completed answer that match no tool result of its run nor the
    question (the checker's own reading, stock_agent/verify.py), whether or not the run
    was checked; None when there is no answer."""
    if outcome.status != "completed":
        return None
    return verify.unsupported_numbers(case["question"], outcome.answer, outcome.results)


def _trace(case):
    """With -v, the live trace of every case on stderr, each line led by the case id."""
    import sys
    from stock_agent import watch
    return watch.Trace(sys.stderr, prefix=case["id"] + " ")


def _not_run(detail):
    return {"status": "not_run", "detail": detail, "answer": None, "calls": [], "steps": 0,
            "duration_ms": 0, "tokens": {"input": None, "output": None}, "log": None,
            "verification": None, "unsupported_numbers": None}


def with_log_dir(agent_argv):
    """Evaluation runs log to runs/evals unless the flags say otherwise."""
    if any(flag == "--log-dir" or flag.startswith("--log-dir=") for flag in agent_argv):
        return list(agent_argv)
    return [*agent_argv, "--log-dir", DEFAULT_LOG_DIR]


# --- What produced the report ------------------------------------------------------------

def describe_setup(agent_argv, cases, *, environ, make_model=None, cases_path=None):
    """Model, provider, server version and prompt of this evaluation, for the report."""
    args = cli.build_parser().parse_args(with_log_dir(agent_argv))
    langs = sorted({case["lang"] for case in cases})
    model = (make_model or agent.default_model)(args, environ, langs[0])
    digests = {lang: prompts.prompt_digest(prompts.load_system_prompt(args.system_prompt,
                                                                      lang)[0])
               for lang in langs}
    return {
        "utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "provider": model.provider, "model": model.model,
        "server_version": server_version(model),
        "system_prompt": {"file": args.system_prompt, "sha256": digests},
        "cases_file": cases_path, "cases_sha256": _file_sha256(cases_path),
        "agent_flags": list(agent_argv),
    }


def server_version(model):
    """Ollama's GET /api/version when the provider is Ollama; None when unknown."""
    base_url = getattr(model, "base_url", None)
    if model.provider != "ollama" or not base_url:
        return None
    from stock_agent.providers.transport import get_json
    try:
        status, payload = get_json(base_url + "/api/version", timeout=3.0, server=base_url)
    except AgentError:
        return None
    version = payload.get("version") if status == 200 and isinstance(payload, dict) else None
    return version if isinstance(version, str) else None


def _file_sha256(path):
    if path is None:
        return None
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()
