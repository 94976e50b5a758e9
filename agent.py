"""stock-agent: ask an inventory question; a model picks read-only tools; the program runs them.

    $ python agent.py --mock --lang zh-TW -q "請查 A001 庫存，並建議補貨數量。"
    【教學樣本】濾掛咖啡（A001）庫存 12，目標 30，建議補貨 18。本次尚未建立訂單。
    log: runs/20261130T112233Z-3f9a1c.jsonl

How one run goes, in the order this file reads: `main` turns the flags into one frozen
Settings (stock_agent/cli.py); `ask` composes the run on one ExitStack (`_compose`: data,
model and prompt from `prepare`, then each wing a flag asks for: orders/, mcp/; answers/
decides what the person reads);
`run_agent` runs the bounded loop: the program sends [system, user] and the tool
definitions to the model (at first only those the question can need: none for a greeting
or a sum, get_stock alone for "Check A001 and A002", find_items for a name); the model
either answers or proposes tool calls; the program validates every call, runs it
(tools.py), appends the model's message and one tool result per call, and asks again. A
conversation (`main` -> `converse`, the chat/ wing) runs the loop once per question, with
the history the wing chose between the system prompt and the question. The loop is
bounded: at most --max-steps model requests, at most --max-tool-calls calls per reply, a
request size cap, a token budget, and a time budget for the whole run. The loop never
tests a feature flag: a wing hands it plain objects (tools, a policy, an approver, a
history, a meter).

The model is any object with `provider` and `model` names (for the log) and a method
`chat(messages, tools, *, timeout)` that returns a neutral reply:

    {"text": str, "tool_calls": [{"id": str | None, "name": str, "arguments": dict | str}],
     "stop": "answer" | "tool_calls" | "truncated" | "other", "stop_detail": str | None,
     "usage": {"input_tokens": int | None, "output_tokens": int | None},
     "raw": the provider's own message, replayed unchanged by the same client}

`mock_model.MockModel` and the clients of `stock_agent.providers` (Ollama, OpenAI-compatible,
Anthropic) are such objects. The loop never sees a provider's wire format, and it trusts no
reply: every field is checked before anything runs.

Tools of MCP servers (`--mcp`, stock_agent/mcp) and the write tool of --orders join ours
under the same rules; the servers start before the log and are reaped when the run ends.

Guarantees: tools are validated by the program, and read-only unless --orders adds the
write tool, which needs approval; nothing from a truncated or malformed reply is executed;
every run writes a JSONL log that ends with exactly one terminal event. Not guaranteed: that
the model picks the right tool or reads the results correctly.
What a person sees of a run (flags, answer, errors, --json) is stock_agent/cli.py's job.
"""

import contextlib
import json
import os
import sys
import time

if __name__ == "__main__" and (sys.flags.isolated or getattr(sys.flags, "safe_path", 0)):
    # `python -I agent.py` (or -P) leaves this file's folder off sys.path, so the modules
    # beside it would not import; put it first, as a plain `python agent.py` does.
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tools
from stock_agent import answers, cli, inventory, toolcalls
from stock_agent.errors import (SIGNAL_SLICE_SECONDS, AgentError, Text, cancellation,
                                raise_if_stopped)
from stock_agent.run import (DEFAULT_QUESTIONS, RUN_NOTES, WITHHELD_NOTE, Meter, Outcome,
                             chars, check_fixed_part, ended_by, excerpt_limit,
                             load_system_prompt, message_chars, request_chars, tool_content)
from stock_agent.runlog import RunLog, ms_since, refused_writes


def main(argv=None, *, environ=None, make_model=None):
    """The command line: flags -> Settings, one question (or a conversation; or, with
    --otlp, a finished run's log exported as traces), how it ended. Returns the exit
    status. `make_model(settings, environ)` replaces the model the flags would choose
    (tests pass a scripted one)."""
    environ = os.environ if environ is None else environ
    settings = cli.settings(argv, environ, read_stdin=True)
    echo = cli.live_echo(settings)  # a streamed answer shown as it arrives, or None
    make_model = make_model or (lambda settings, environ: default_model(settings, environ,
                                                                        on_text=echo))
    listener = None
    if settings.verbose or not (settings.mock or settings.json):
        from stock_agent import watch  # -v: the live trace; else a waiting line on a terminal
        listener, make_model = watch.trace(sys.stderr, make_model, streamed=echo is not None,
                                           verbose=settings.verbose)
    with cli.EndOnSignals():  # SIGTERM and SIGHUP end the run as Ctrl-C does
        if settings.otlp:  # a finished run's log as OpenTelemetry traces: nothing runs
            from stock_agent import otlp
            return otlp.export(settings, environ)
        if settings.conversation:
            from stock_agent import chat  # a conversation loads only then
            outcomes = converse(settings, environ, chat.questions(settings),
                                listener=listener, make_model=make_model)
            return chat.report_each(outcomes, settings, echo=echo)
        outcome = ask(settings, environ, listener=listener, make_model=make_model)
    return cli.report(outcome, settings, shown=echo.last if echo is not None else "")


# --- The composition of a run --------------------------------------------------------

def ask(settings, environ, *, listener=None, make_model=None):
    """Run one question the way the command line does and return its run.Outcome (with
    --resume: settle an interrupted run's orders instead, `_settle`).

    What the settings ask for is opened here, on one ExitStack, so whatever opened is closed
    in one place, whatever happens; then the log gets its one terminal event. Prints nothing
    itself (but the note before data leaves this machine, and the stack with --traceback),
    so the evaluation runs its cases through exactly this path.
    """
    started, ends = time.monotonic(), {"log": None, "desk": None}
    try:
        with contextlib.ExitStack() as opened:
            compose = _settle if settings.resume else _compose
            outcome = compose(settings, environ, opened, ends, listener=listener,
                              make_model=make_model or default_model)
    except (KeyboardInterrupt, Exception) as exc:  # a bug: one line, the stack if asked for
        outcome = Outcome(error=ended_by(exc, traceback=settings.traceback))
    return _finish(outcome, ends, started)


def _compose(settings, environ, opened, ends, *, listener, make_model):
    """One question: its data, model and prompt, then each wing its flag asks for."""
    given, fields = prepare(settings, environ, make_model)
    question = settings.question or DEFAULT_QUESTIONS[settings.lang]
    ledger = servers = None
    if settings.orders:  # each wing is imported only when its flag asks for it
        from stock_agent import orders
        ledger = orders.open_ledger(settings, opened)
    if settings.mcp:
        from stock_agent import mcp
        servers = mcp.open_servers(settings, environ, opened)
    log = ends["log"] = RunLog(settings.log_dir, content=settings.log_content, listener=listener)
    toolbox = tools.default_toolbox(dry_run=settings.dry_run)
    if ledger is not None:
        desk = ends["desk"] = orders.open_desk(ledger, settings, log, opened,
                                               inventory=given["inventory"])
        toolbox.add(tools.Tool(**desk.tool_spec(given["inventory"])))
    if servers is not None:
        toolbox = tools.plugin_toolbox(servers.specs, ours=toolbox,
                                       catalogue_above=settings.mcp_catalogue_above)
    # Our own tools are read-only; a person is asked only where a tool needs approval.
    approver = cli.approver(settings) if toolbox.needs_approval() else None
    log.started(question=question, tools=toolbox.names(), orders=ledger and ledger.name, **fields)
    for server in servers.servers if servers is not None else ():
        log.emit("mcp_server", **server)
    return run_agent(question, log=log, toolbox=toolbox, policy=answers.policy(settings),
                     approver=approver, withheld_note=WITHHELD_NOTE[settings.lang], **given)


def prepare(settings, environ, make_model):
    """What every run of these settings is given, as run_agent's keywords (but the toolbox
    and the log), and the fields of its log's first event. A bad data file fails before any
    model is contacted."""
    data = inventory.load(settings.inventory, tenant=settings.tenant)
    model = make_model(settings, environ)
    system_prompt, prompt_info = load_system_prompt(settings.system_prompt, settings.lang,
                                                    orders=bool(settings.orders))
    given = {"model": model, "inventory": data, "limits": settings.limits,
             "system_prompt": system_prompt,
             "recover_text_calls": settings.recover_text_tool_calls, **RUN_NOTES[settings.lang]}
    return given, {"provider": model.provider, "model": model.model, "lang": settings.lang,
                   "limits": settings.limits, "source": data.source, "prompt": prompt_info,
                   "request": getattr(model, "request_options", None)}  # fields a client sends


def default_model(settings, environ, *, on_text=None):
    """The model the settings choose: the mock, or a client of --provider's server. Asking
    the server which models it has (when none is chosen) keeps within --budget-seconds."""
    if settings.mock:
        from mock_model import MockModel
        return MockModel(lang=settings.lang)
    from stock_agent import providers  # the HTTP stack loads only when a real model is asked
    from stock_agent.providers.transport import is_loopback
    client = providers.make_client(
        settings.provider, base_url=settings.base_url, model=settings.model, environ=environ,
        num_ctx=settings.num_ctx, num_predict=settings.num_predict, stream=settings.stream,
        on_text=on_text, deadline=time.monotonic() + settings.limits.budget_seconds,
        lang=settings.lang, think=settings.think)
    if settings.record or settings.replay:  # recorded exchanges, loaded only when asked for
        from stock_agent import replay
        client = replay.attach(client, record=settings.record, replay=settings.replay)
    if not settings.replay and not is_loopback(client.base_url):  # a replay sends nothing
        cli.note_remote(client.base_url, settings.lang, clear_key=getattr(
            client, "sends_key", False) and client.base_url.startswith("http://"))
    return client


def _settle(settings, environ, opened, ends, *, listener, make_model):
    """--resume: no model is asked; the recorded orders are settled through our runner."""
    from stock_agent import orders
    settling = orders.open_resume(settings, opened, listener=listener,
                                           approver=cli.approver(settings))
    ends["log"], ends["desk"] = settling.log, settling.desk
    toolbox = tools.default_toolbox()
    toolbox.add(tools.Tool(**settling.desk.tool_spec(settling.inventory)))
    return settling.run(toolbox, tools.ToolRunner(toolbox, settling.inventory,
                                                  approver=settling.approver))


def _finish(outcome, ends, started):
    """Write the run's one terminal event, if its log was opened, and time the run."""
    _account_for_writes(outcome, ends["desk"])
    if (log := ends["log"]) is not None:
        outcome.run_id, outcome.log = log.run_id, log.path
        try:
            log.finish(outcome)
        except AgentError as exc:  # the evidence itself could not be written
            outcome.log_error = exc
    outcome.duration_ms = ms_since(started)
    return outcome


def _account_for_writes(outcome, desk):
    """Whatever ended the run, the orders it placed are part of how it ended. A completed
    run whose writes asked for stand refused (not approved, refused by the ledger) ends
    WRITE_REFUSED, exit 47: its answer stands and says so, and a script can tell."""
    if desk is not None:
        outcome.orders = list(desk.receipts)
    if outcome.error is None and (refused := refused_writes(outcome.results)):
        outcome.refusal = AgentError("WRITE_REFUSED", count=len(refused), invocations=refused)


def converse(settings, environ, questions, *, listener=None, make_model=None):
    """Answer `questions` one after another as one conversation (--chat, --continue), each
    a run of the loop with the history before it. Yields a run.Outcome per question (the
    chat wing keeps the record and chooses the history). A conversation offers the
    read-only tools only: --orders, --resume and --mcp are for single runs. Each answer is
    read against its own question's results, as a single run's is."""
    from stock_agent import chat

    def every_run():
        given, fields = prepare(settings, environ, make_model or default_model)
        given["toolbox"] = tools.default_toolbox()
        given["policy"] = answers.policy(settings, conversation=True)
        fields["tools"] = given["toolbox"].names()
        return given, fields

    return chat.converse(questions, settings=settings, prepare=every_run, run=run_agent,
                         listener=listener)


# --- The loop ----------------------------------------------------------------------

def run_agent(question, model, *, toolbox, inventory, limits, log, system_prompt,
              policy=None, approver=None, recover_text_calls=False, history=(), meter=None,
              last_request_note=None, withheld_note=None, unreadable_note=None, cut_note=None):
    """Run one question to an answer. Returns a run.Outcome: its `answer`, or the `error`
    that ended the run (CANCELLED for Ctrl-C, TERMINATED or HANGUP for a signal), what
    happened on the way, and the question's `transcript`. Logs every model and tool event;
    the caller writes the terminal event. `history` goes between the system prompt and the
    question (a conversation's earlier turns, chosen by stock_agent/chat/context.py);
    `meter` counts tokens against --max-tokens (a conversation passes its own, so the limit
    bounds all of it). `policy` decides what the person reads (stock_agent/answers/: the
    first request's tools, the review of an answer, the end when the steps run out); the
    default shows the model's answer as it came. `last_request_note`, if given, is added
    before the last request the run may make, asking for the answer now. `withheld_note`
    ends the system prompt when the policy offers the first request no tools.
    `unreadable_note`, if given, is the one corrective message for a tool call written as
    text that cannot be read; `cut_note` for a reply cut off at the length limit."""
    outcome = Outcome()
    messages = [{"role": "system", "content": system_prompt}, *history,
                {"role": "user", "content": question}]
    try:
        outcome.answer = _loop(messages, model, outcome, toolbox=toolbox, inventory=inventory,
                               limits=limits, log=log, approver=approver,
                               recover_text_calls=recover_text_calls,
                               meter=meter or Meter(limits.max_tokens), question=question,
                               policy=policy or _AsItCame(None),
                               last_request_note=last_request_note,
                               withheld_note=withheld_note, unreadable_note=unreadable_note,
                               cut_note=cut_note)
    except AgentError as exc:
        outcome.error = exc
    except KeyboardInterrupt as interrupt:
        outcome.error = cancellation(interrupt)
    if outcome.error is not None and outcome.corrections:
        outcome.verification = "unverified"  # corrected once, and never answered well
    outcome.transcript = messages[1 + len(history):]
    return outcome


class _AsItCame(answers.Plain):
    """No policy given (a test, a benchmark): the model's answer exactly as it came, not
    even labelled."""

    def labelled(self, answer, outcome):
        return answer


def _loop(messages, model, outcome, *, toolbox, inventory, limits, log, approver,
          recover_text_calls, meter, question, policy, last_request_note, withheld_note,
          unreadable_note, cut_note):
    deadline = time.monotonic() + limits.budget_seconds
    runner = tools.ToolRunner(toolbox, inventory, max_errors=limits.max_tool_errors,
                              approver=approver)

    def run_call(call, invocation):  # a call the policy makes itself, logged as the program's
        for done in runner.run_batch([call]):
            _record(done, invocation, outcome, log, by="program")

    # The first request offers the tools the policy chooses: None is all of them; a call
    # to another tool, a failed call or a corrective turn brings them all back.
    offered = policy.first_tools(question, toolbox, inventory, messages[1:-1])
    outcome.tools_withheld = offered == ()
    if offered == () and withheld_note:  # the note stays when the tools come back
        messages[0] = {"role": "system", "content": f"{messages[0]['content']} {withheld_note}"}
        log.emit("tools_withheld", step=1)
    elif offered is not None:
        log.emit("tools_narrowed", step=1, tools=list(offered))
    definitions = toolbox.definitions()
    # The system prompt and the tool definitions are never cut: they must fit alone.
    check_fixed_part(request_chars(definitions), chars(messages[0]), limits.max_context_chars)
    # The request size is kept as a running total, so the check costs the same at step 1
    # and at step 100: each message is measured once, when it is appended.
    size = sum(map(message_chars, messages))
    cut_above = excerpt_limit(limits.max_context_chars)
    for step in range(1, limits.max_steps + 1):
        # More once the model finds MCP tools by search.
        definitions = toolbox.definitions(only=offered)
        told_to_answer = (step == limits.max_steps > 1 and last_request_note
                          and messages[-1]["role"] == "tool")
        if told_to_answer:
            note = {"role": "user", "content": last_request_note}
            messages.append(note)
            size += message_chars(note)
        request_size = size + request_chars(definitions)
        if request_size > limits.max_context_chars:
            raise AgentError("CONTEXT_LIMIT", chars=request_size,
                             limit=limits.max_context_chars)
        meter.check(request_size)
        try:
            reply = _ask_model(model, messages, definitions, step=step, deadline=deadline,
                               limits=limits, log=log, outcome=outcome)
            meter.count(request_size, reply)
            calls = _checked_tool_calls(reply, limits, cut_note)
            written = [] if calls else _text_calls(reply, messages, toolbox, limits,
                                                   recover_text_calls, unreadable_note)
        except AgentError as exc:  # a call the server or the program could not read
            note = _call_correction(exc, outcome, step=step, limits=limits, log=log)
            messages.append(note)
            size += message_chars(note)
            continue
        calls = calls or written
        assistant = {"role": "assistant", "content": reply["text"], "tool_calls": calls,
                     "raw": reply.get("raw")}
        messages.append(assistant)
        size += message_chars(assistant)
        if offered is not None and any(call["name"] not in offered for call in calls):
            offered = None  # a model that calls another tool is offered them all
        if not calls:
            if not reply["text"].strip():  # the policy may answer from the results
                return _answered(policy.end(question, outcome, run_call=run_call, step=step,
                                            lead="answer_rendered_empty"),
                                 AgentError("EMPTY_ANSWER"))
            answer, correction = policy.review(
                reply["text"].strip(), question, outcome, run_call=run_call, step=step,
                last=step >= limits.max_steps, log=log)
            if correction is None:
                return answer
            offered = None  # an answer that needs a lookup gets every tool for it
            messages.append(correction)
            size += message_chars(correction)
            continue
        _check_deadline(deadline, limits)
        repeated = False
        for index, done in enumerate(runner.run_batch(calls)):
            # A long result reaches the model as an excerpt; the log keeps it whole.
            content, cut = tool_content(done.result, limit=cut_above)
            _record(done, f"{step}:{index}", outcome, log,
                    **({"recovered": True} if written else {}), **({"cut": cut} if cut else {}))
            message = {"role": "tool", "tool_call_id": done.call["id"],
                       "tool_name": done.call["name"], "content": content,
                       "is_error": not done.result["ok"]}
            messages.append(message)
            size += message_chars(message)
            # A failed call brings every tool back: the narrowed guess may be wrong (a name
            # sent as a SKU wants a search), unless the policy reads the failure as an answer.
            if not policy.keeps_narrow(done.result):
                offered = None
            repeated = repeated or done.result.get("error") == "REPEATED_CALL"
        # A small model that asks again for a result it has goes on asking until
        # TOOL_ERROR_LIMIT: when the results answer the question, the program does. When
        # they settle all it asks, the program states the answer: the model's prose would
        # add nothing, and cost a whole request.
        if repeated:
            answer = policy.end(question, outcome, run_call=run_call, step=step,
                                lead="answer_rendered_repeated")
        else:
            answer = policy.settled(question, outcome, run_call=run_call, step=step)
        if answer:
            return answer
        try:
            runner.check_errors()
        except AgentError as exc:  # the calls kept failing: the program answers if it can
            return _answered(policy.end(question, outcome, run_call=run_call, step=step,
                                        lead="answer_rendered_failing"), exc)
    # The last request asked for tools, not an answer. When the model was told to answer
    # from the results and still did not, the policy may answer from them; else STEP_LIMIT.
    return _answered(told_to_answer and policy.end(question, outcome, run_call=run_call,
                                                   step=step, lead="answer_rendered_unanswered"),
                     AgentError("STEP_LIMIT", max_steps=limits.max_steps))


def _answered(answer, error):
    """The policy's answer, or the error the run ends with when it has none."""
    if not answer:
        raise error
    return answer


def _record(done, invocation, outcome, log, **flags):
    """One call's outcome (tools.ToolOutcome) into the log, and into the outcome's calls and
    results, which the answer policy reads the facts from."""
    log.tool_event(invocation=invocation, outcome=done, **flags)
    outcome.tool_calls.append({"name": done.call["name"], "ok": done.result["ok"],
                               "error": done.result.get("error")})
    outcome.results.append({"invocation": invocation, "name": done.call["name"],
                            "arguments": done.call["arguments"], "result": done.result})


def _call_correction(error, outcome, *, step, limits, log):
    """The corrective message for a tool call the server could not parse (the client words
    it, as MALFORMED_TOOL_CALL's `correction`): at temperature 0 the same request would write
    the same call, so the model is told what went wrong instead. One per run, and only with
    a model request left for it; else `error` ends the run."""
    text = error.params.get("correction")
    if text is None or outcome.call_corrections or step >= limits.max_steps:
        raise error
    outcome.call_corrections += 1
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
            _sleep(wait)
    if not isinstance(reply, dict):
        raise AgentError("INVALID_MODEL_MESSAGE", detail=Text("reply_not_object"))
    usage = reply.get("usage") if isinstance(reply.get("usage"), dict) else {}
    log.model_event(step=step, duration_ms=ms_since(started), stop=reply.get("stop"),
                    input_tokens=usage.get("input_tokens"),
                    output_tokens=usage.get("output_tokens"), text=reply.get("text"))
    outcome.steps = step
    outcome.add_tokens(usage)
    return reply


def _checked_tool_calls(reply, limits, cut_note=None):
    """Validate a whole reply before anything in it runs. Returns its tool calls."""
    stop = reply.get("stop")
    if stop == "truncated":  # a small model caught in a loop ("A002", "A002", ...) is told
        raise AgentError("TRUNCATED", reason=reply.get("stop_detail") or "length",
                         correction=cut_note)
    if stop not in ("answer", "tool_calls"):
        raise AgentError("INCOMPLETE_MODEL_RESPONSE", detail=Text(
            "stop_reason", reason=repr(str(reply.get("stop_detail") or stop)[:60])))
    if reply.get("text") is None:
        reply["text"] = ""
    if not isinstance(reply["text"], str):
        raise AgentError("INVALID_MODEL_MESSAGE", detail=Text("text_not_string"))
    calls = reply.get("tool_calls")
    if calls is None:
        calls = []
    if not isinstance(calls, list):
        raise AgentError("INVALID_TOOL_BATCH", detail=Text("tool_calls_not_list"))
    _check_batch_size(calls, limits)
    for index, call in enumerate(calls):
        if not (isinstance(call, dict) and isinstance(call.get("name"), str)
                and call["name"] and "id" in call and isinstance(call["id"], (str, type(None)))
                and "arguments" in call):
            raise AgentError("INVALID_TOOL_CALL", detail=Text("call_invalid", index=index))
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


def _sleep(seconds):
    """time.sleep in slices, so a signal that lands as the sleep begins still ends the run
    at once (SIGNAL_SLICE_SECONDS)."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        raise_if_stopped()
        time.sleep(min(left, SIGNAL_SLICE_SECONDS))


def _text_calls(reply, messages, toolbox, limits, recover, unreadable_note=None):
    """Tool calls the model wrote as text: [] if none; with `recover` the calls to run,
    else TOOL_CALL_IN_TEXT; INVALID_TOOL_CALL for one that names a tool but cannot be read,
    carrying `unreadable_note` as the one correction the loop may send (a small model
    wrote {"sku": ["A001']} and, told so, writes it again readably). Such text is never
    the answer. Text quoted word for word from an earlier tool result is data, never a
    call."""
    if toolcalls.CALL_MARK not in reply["text"]:
        return []
    quoted = [text for message in messages if message["role"] == "tool"
              for text in _strings(json.loads(message["content"]))]
    calls = toolcalls.find(reply["text"], toolbox.names(), quoted=quoted)
    broken = not calls and toolcalls.unreadable(reply["text"], toolbox.names(), quoted=quoted)
    if broken:  # a call that cannot be read is no answer either
        raise AgentError("INVALID_TOOL_CALL", detail=Text("call_unreadable", name=broken),
                         **({"correction": unreadable_note} if unreadable_note else {}))
    if calls and not recover:
        raise AgentError("TOOL_CALL_IN_TEXT")
    _check_batch_size(calls, limits)
    return calls


def _check_batch_size(calls, limits):
    """At most --max-tool-calls calls in one reply, native or written as text."""
    if len(calls) > limits.max_tool_calls:
        raise AgentError("INVALID_TOOL_BATCH", detail=Text(
            "too_many_calls", count=len(calls), limit=limits.max_tool_calls))


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


if __name__ == "__main__":
    raise SystemExit(main())
