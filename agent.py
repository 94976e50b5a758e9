"""stock-agent: ask an inventory question; a model picks read-only tools; the program runs them.

    $ python agent.py --mock --lang zh-TW
    【教學樣本】濾掛咖啡（A001）庫存 12，目標 30，建議補貨 18。尚未建立訂單。
    log: runs/20261130T112233Z-3f9a1c.jsonl

How one run goes (`main` -> `ask` -> `run_agent`): the program sends [system, user] and the tool
definitions to the model; the model either answers or proposes tool calls; the program
validates every call, runs it (tools.py), appends the model's message and one tool result per
call, and asks again. The loop is bounded: at most --max-steps model requests, at most
--max-tool-calls calls per reply, a request size cap, and a time budget for the whole run.

The model is any object with `provider` and `model` names (for the log) and a method
`chat(messages, tools, *, timeout)` that returns a neutral reply:

    {"text": str, "tool_calls": [{"id": str | None, "name": str, "arguments": dict | str}],
     "stop": "answer" | "tool_calls" | "truncated" | "other", "stop_detail": str | None,
     "usage": {"input_tokens": int | None, "output_tokens": int | None},
     "raw": the provider's own message, replayed unchanged by the same client}

`mock_model.MockModel` and the clients of `stock_agent.providers` (Ollama, OpenAI-compatible,
Anthropic) are such objects. The loop never sees a provider's wire format, and it trusts no
reply: every field is checked before anything runs.

Guarantees: tools are read-only and validated by the program; nothing from a truncated or
malformed reply is executed; every run writes a JSONL log that ends with exactly one terminal
event. Not guaranteed: that the model picks the right tool or reads the results correctly.
What a person sees of a run (flags, answer, errors, --json) is stock_agent/cli.py's job.
"""

import json
import os
import sys
import time

import tools
from stock_agent import cli, inventory, text_tool_calls, verify
from stock_agent.errors import AgentError
from stock_agent.prompts import DEFAULT_QUESTIONS, load_system_prompt
from stock_agent.run import Outcome
from stock_agent.runlog import RunLog, ms_since


def main(argv=None, *, environ=None, make_model=None):
    """The command line: parse the flags, run one question, print how it ended.
    Returns the exit status. `make_model(args, environ, lang)` replaces the model the flags
    would choose (tests pass a scripted one)."""
    environ = os.environ if environ is None else environ
    args = cli.build_parser().parse_args(argv)
    lang = args.lang or cli.detect_lang(environ)
    # --stream prints the answer as it arrives, but only to a person: not into --json or a
    # pipe, and not before the answer check has passed it (--verify off shows it at once).
    echo = (cli.Echo(sys.stdout) if args.stream and not args.json and sys.stdout.isatty()
            and args.verify == "off" else None)
    listener = None

    def model_for(args, environ, lang):
        if make_model is not None:
            return make_model(args, environ, lang)
        return default_model(args, environ, lang, on_text=echo)

    if args.verbose:
        from stock_agent import watch  # the live trace, loaded only when asked for
        listener = watch.Trace(sys.stderr)
        if echo is None:  # a streamed answer on the screen is its own sign of progress
            model_for = watch.waiting_factory(model_for, sys.stderr)
    outcome = ask(args, environ, lang, listener=listener, make_model=model_for)
    return cli.report(outcome, args, lang, shown=echo.last if echo is not None else "")


def ask(args, environ, lang, *, listener=None, make_model=None):
    """Run one question the way the command line does and return its run.Outcome.

    Prints nothing itself (except the note before data leaves this machine, and the stack
    with --traceback), so the evaluation harness runs its cases through exactly this path.
    """
    started = time.monotonic()
    log = None
    try:
        # A bad file fails before any model is contacted.
        data = inventory.load(args.inventory, tenant=args.tenant)
        model = (make_model or default_model)(args, environ, lang)
        toolbox = tools.default_toolbox()
        limits = cli.limits(args)
        question = args.question or DEFAULT_QUESTIONS[lang]
        system_prompt, prompt_info = load_system_prompt(args.system_prompt, lang)
        log = RunLog(args.log_dir, content=args.log_content, listener=listener)
        log.started(provider=model.provider, model=model.model, limits=limits, lang=lang,
                    toolbox=toolbox, source=data.source, question=question,
                    prompt=prompt_info)
        outcome = run_agent(question, model, toolbox=toolbox, inventory=data,
                            limits=limits, log=log, system_prompt=system_prompt,
                            approver=cli.approver(args, lang),
                            recover_text_calls=args.recover_text_tool_calls,
                            checker=verify.Checker(lang) if args.verify == "on" else None)
    except KeyboardInterrupt:
        outcome = Outcome(error=AgentError("CANCELLED"))
    except AgentError as exc:
        outcome = Outcome(error=exc)
    except Exception as exc:  # a bug: one line, the stack only when asked for
        if args.traceback:
            import traceback
            traceback.print_exc()
        outcome = Outcome(error=AgentError("INTERNAL_ERROR", type=type(exc).__name__))
    return _finish(outcome, log, started)


def _finish(outcome, log, started):
    """Write the run's one terminal event, if its log was opened, and time the run."""
    if log is not None:
        outcome.run_id, outcome.log = log.run_id, log.path
        try:
            log.finish(outcome)
        except AgentError as exc:  # the evidence itself could not be written
            outcome.log_error = exc
    outcome.duration_ms = ms_since(started)
    return outcome


# --- The loop ----------------------------------------------------------------------

def run_agent(question, model, *, toolbox, inventory, limits, log, system_prompt,
              approver=None, recover_text_calls=False, checker=None):
    """Run one question to an answer. Returns a run.Outcome: its `answer`, or the `error`
    that ended the run (CANCELLED for Ctrl-C), and what happened on the way. Logs every
    model and tool event; the caller writes the terminal event. With a `checker`
    (verify.Checker), an answer is returned only once it matches the run's tool results."""
    outcome = Outcome()
    try:
        outcome.answer = _loop(question, model, outcome, toolbox=toolbox, inventory=inventory,
                               limits=limits, log=log, system_prompt=system_prompt,
                               approver=approver, recover_text_calls=recover_text_calls,
                               checker=checker)
    except AgentError as exc:
        outcome.error = exc
    except KeyboardInterrupt:
        outcome.error = AgentError("CANCELLED")
    if outcome.error is not None and outcome.corrections:
        outcome.verification = "unverified"  # corrected once, and never answered well
    return outcome


def _loop(question, model, outcome, *, toolbox, inventory, limits, log, system_prompt,
            approver, recover_text_calls, checker):
    deadline = time.monotonic() + limits.budget_seconds
    runner = tools.ToolRunner(toolbox, inventory, max_errors=limits.max_tool_errors,
                              approver=approver)
    definitions = toolbox.definitions()
    messages = [{"role": "system", "content": system_prompt},
                {"role": "user", "content": question}]
    # The request size is kept as a running total, so the check costs the same at step 1
    # and at step 100: each message is measured once, when it is appended.
    size = _chars(definitions) + _chars(messages[0]) + _chars(messages[1])
    for step in range(1, limits.max_steps + 1):
        if size > limits.max_context_chars:
            raise AgentError("CONTEXT_LIMIT", chars=size, limit=limits.max_context_chars)
        reply = _ask_model(model, messages, definitions, step=step, deadline=deadline,
                           limits=limits, log=log, outcome=outcome)
        calls = _checked_tool_calls(reply, limits)
        written = [] if calls else _text_calls(reply, messages, toolbox, limits,
                                                   recover_text_calls)
        calls = calls or written
        assistant = {"role": "assistant", "content": reply["text"], "tool_calls": calls,
                     "raw": reply.get("raw")}
        messages.append(assistant)
        size += _chars(assistant)
        if not calls:
            if not reply["text"].strip():
                raise AgentError("EMPTY_ANSWER")
            correction = _review(reply["text"].strip(), question, outcome, checker,
                                 step=step, limits=limits, log=log)
            if correction is None:
                return reply["text"].strip()
            messages.append(correction)
            size += _chars(correction)
            continue
        _check_deadline(deadline, limits)
        for index, done in enumerate(runner.run_batch(calls)):
            log.tool_event(invocation=f"{step}:{index}", outcome=done,
                           **({"recovered": True} if written else {}))
            outcome.tool_calls.append({"name": done.call["name"], "ok": done.result["ok"],
                                       "error": done.result.get("error")})
            outcome.results.append({"invocation": f"{step}:{index}", "name": done.call["name"],
                                    "arguments": done.call["arguments"],
                                    "result": done.result})
            message = {"role": "tool", "tool_call_id": done.call["id"],
                       "tool_name": done.call["name"],
                       "content": json.dumps(done.result, ensure_ascii=False),
                       "is_error": not done.result["ok"]}
            messages.append(message)
            size += _chars(message)
        runner.check_errors()
    raise AgentError("STEP_LIMIT", max_steps=limits.max_steps)


def _review(answer, question, outcome, checker, *, step, limits, log):
    """None when `answer` may be returned; else the one corrective message for the model.

    The checker compares the answer with this run's tool results (stock_agent/verify.py).
    A second failed answer, or a failed one with no model request left for a correction,
    ends the run with UNVERIFIED_ANSWER: its text is never returned as an answer.
    """
    if checker is None:
        return None
    last_chance = outcome.corrections or step >= limits.max_steps
    # An answer that leaves out a figure is asked to add it once, never refused for it.
    problems = checker.check(question, answer, outcome.results, complete=not last_chance)
    if not problems:
        outcome.verification = "corrected" if outcome.corrections else "verified"
        return None
    log.answer_check(step=step, problems=problems)
    if last_chance:
        raise AgentError("UNVERIFIED_ANSWER", problems=verify.summary(problems))
    outcome.corrections += 1
    text = checker.correction(question, problems, outcome.results)
    log.correction(step=step, text=text)
    return {"role": "user", "content": text}


def _ask_model(model, messages, definitions, *, step, deadline, limits, log, outcome):
    for attempt in range(1, limits.retries + 2):
        remaining = _check_deadline(deadline, limits)
        started = time.monotonic()
        try:
            reply = model.chat(messages, definitions, timeout=min(limits.timeout, remaining))
            break
        except AgentError as exc:
            # A request cut short by the run's deadline is the budget's doing, not the server's.
            if exc.code == "MODEL_TIMEOUT" and remaining < limits.timeout:
                raise AgentError("TIME_BUDGET", seconds=limits.budget_seconds) from None
            wait = _retry_wait(exc, attempt, deadline, limits)
            log.emit("model_attempt", step=step, attempt=attempt, code=exc.code,
                     status=exc.params.get("status"),
                     retry_in_ms=None if wait is None else round(wait * 1000))
            if wait is None:
                raise
            time.sleep(wait)
    if not isinstance(reply, dict):
        raise AgentError("INVALID_MODEL_MESSAGE", detail="the reply is not an object")
    usage = reply.get("usage") if isinstance(reply.get("usage"), dict) else {}
    outcome.steps = step
    outcome.add_tokens(usage)
    log.model_event(step=step, duration_ms=ms_since(started), stop=reply.get("stop"),
                    input_tokens=usage.get("input_tokens"),
                    output_tokens=usage.get("output_tokens"), text=reply.get("text"))
    return reply


def _checked_tool_calls(reply, limits):
    """Validate a whole reply before anything in it runs. Returns its tool calls."""
    stop = reply.get("stop")
    if stop == "truncated":
        raise AgentError("TRUNCATED", reason=reply.get("stop_detail") or "length")
    if stop not in ("answer", "tool_calls"):
        raise AgentError("INCOMPLETE_MODEL_RESPONSE",
                         detail=f"stop reason {str(reply.get('stop_detail') or stop)[:60]!r}")
    if reply.get("text") is None:
        reply["text"] = ""
    if not isinstance(reply["text"], str):
        raise AgentError("INVALID_MODEL_MESSAGE", detail="the text is not a string")
    calls = reply.get("tool_calls")
    if calls is None:
        calls = []
    if not isinstance(calls, list):
        raise AgentError("INVALID_TOOL_BATCH", detail="tool_calls is not a list")
    if len(calls) > limits.max_tool_calls:
        raise AgentError("INVALID_TOOL_BATCH",
                         detail=f"{len(calls)} calls, more than {limits.max_tool_calls}")
    for index, call in enumerate(calls):
        if not (isinstance(call, dict) and isinstance(call.get("name"), str)
                and call["name"] and "id" in call and isinstance(call["id"], (str, type(None)))
                and "arguments" in call):
            raise AgentError("INVALID_TOOL_CALL", detail=f"call {index} has no valid name, "
                             "id or arguments")
    return calls


RETRY_BACKOFF_SECONDS = 1.0  # the first wait when the server names none; doubles per attempt


def _retry_wait(error, attempt, deadline, limits):
    """Seconds to wait before trying a failed model request again, or None: do not.

    Only transient failures (429, 5xx, a reset connection) are retried, at most
    limits.retries times, after the server's Retry-After or an exponential backoff, and
    never past the run's deadline. A model request has no side effects; tools are never
    retried.
    """
    if not error.params.get("transient") or attempt > limits.retries:
        return None
    wait = error.params.get("retry_after")
    if wait is None:
        wait = RETRY_BACKOFF_SECONDS * 2 ** (attempt - 1)
    return wait if time.monotonic() + wait < deadline else None


def _text_calls(reply, messages, toolbox, limits, recover):
    """Tool calls the model wrote as text: [] if none; with `recover` the calls to run,
    else TOOL_CALL_IN_TEXT. Such text is never the answer. Text quoted word for word from
    an earlier tool result is data, never a call."""
    if '"name"' not in reply["text"]:
        return []
    quoted = [text for message in messages if message["role"] == "tool"
              for text in _strings(json.loads(message["content"]))]
    calls = text_tool_calls.find(reply["text"], toolbox.names(), quoted=quoted)
    if calls and not recover:
        raise AgentError("TOOL_CALL_IN_TEXT")
    if len(calls) > limits.max_tool_calls:
        raise AgentError("INVALID_TOOL_BATCH",
                         detail=f"{len(calls)} calls, more than {limits.max_tool_calls}")
    return calls


def _strings(value):
    """Every string inside a JSON value (the texts a tool result carried)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    return [text for item in value for text in _strings(item)] if isinstance(value, list) else []


def _check_deadline(deadline, limits):
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise AgentError("TIME_BUDGET", seconds=limits.budget_seconds)
    return remaining


def _chars(value):
    return len(json.dumps(value, ensure_ascii=False))


# --- What a run is given -------------------------------------------------------------

def default_model(args, environ, lang, *, on_text=None):
    """The model the flags choose: the mock, or a client of --provider's server."""
    if args.mock:
        from mock_model import MockModel
        return MockModel(lang=lang)
    from stock_agent import providers  # the HTTP stack loads only when a real model is asked
    from stock_agent.providers.transport import is_loopback
    client = providers.make_client(
        args.provider, base_url=args.base_url, model=args.model, environ=environ,
        num_ctx=args.num_ctx, num_predict=args.num_predict, stream=args.stream,
        on_text=on_text)
    if not is_loopback(client.base_url):
        cli.note_remote(client.base_url, lang)
    return client


if __name__ == "__main__":
    raise SystemExit(main())
