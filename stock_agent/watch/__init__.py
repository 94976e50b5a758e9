"""The live trace behind `--verbose`: one readable stderr line per run-log event.

    $ python agent.py --mock -v -q "Check A001 and A404" > /dev/null
    [    0 ms] run 20261130T112422Z-cc04a1: mock/mock, tools get_stock, find_items, ...
    [    0 ms] tools_narrowed step=1 tools=["get_stock"]
    [    1 ms] step 1: model replied in 0 ms, stop tool_calls, tokens in ? out ?
    [    1 ms]   tool get_stock {"sku": "A001"} -> ok (0 ms)
    [    1 ms]   tool get_stock {"sku": "A404"} -> SKU_NOT_FOUND (0 ms)
    [    1 ms] step 2: model replied in 0 ms, stop answer, tokens in ? out ?
    [    1 ms] completed: 2 steps, 1 ms
    log: runs/20261130T112422Z-cc04a1.jsonl

`Trace` is a RunLog listener: it sees each event right after it is written to the log, so
the trace and the log can never disagree, and the loop knows nothing about it. Events it does
not know (added later) are still printed, as `name key=value ...`.

While a model request is in flight the log is silent, so on a terminal `WaitingModel` shows a
single updating "waiting for the model" line with the elapsed seconds and erases it when the
reply arrives. When stderr is not a terminal (a file, a pipe, CI) nothing of it is written.
A served model's run shows that line on a terminal without -v too (not with --json, nor for
the mock, which answers at once): the one sign that the model is working.
"""

import json


class Trace:
    def __init__(self, stream, *, prefix=""):
        self.stream = stream
        self.prefix = prefix  # the evaluation harness puts the case id here

    def __call__(self, record):
        if self.stream is None:
            return
        record = dict(record)
        event, t_ms = record.pop("event"), record.pop("t_ms", 0)
        describe = _DESCRIBE.get(event, _describe_other)
        try:
            line = _printable(f"{self.prefix}[{t_ms:>5} ms] {describe(event, record)}")
            self.stream.write(line + "\n")
            self.stream.flush()
        except (OSError, ValueError):  # stderr closed or a broken pipe: the run goes on,
            self.stream = None         # the log still holds every event


def _printable(line):
    # Names and arguments come from the model: escape control characters (ESC, CR, C1), so
    # a tool name cannot move the cursor, recolour the terminal or fake a trace line.
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in line)


def _describe_started(event, r):
    prompt = r.get("system_prompt") or {}
    source = prompt.get("file") or "built-in"
    if r.get("resume_of"):  # --resume asks no model: say which run it settles
        who = f"resume of {r['resume_of']}"
    else:
        who = f"{r.get('provider')}/{r.get('model')}"
    return (f"run {r.get('run_id')}: {who}, "
            f"tools {', '.join(r.get('tools') or [])}, data {r.get('data_source')}, "
            f"prompt {source} {str(prompt.get('sha256') or '')[:12]}".rstrip())


def _describe_model(event, r):
    return (f"step {r.get('step')}: model replied in {r.get('duration_ms')} ms, "
            f"stop {r.get('stop')}, tokens in {_or_unknown(r.get('input_tokens'))} "
            f"out {_or_unknown(r.get('output_tokens'))}")


def _describe_tool(event, r):
    outcome = "ok" if r.get("ok") else (r.get("error") or "error")
    arguments = json.dumps(r.get("arguments"), ensure_ascii=False)
    if len(arguments) > 120:
        arguments = arguments[:117] + "..."
    via = f" [mcp {r['server']}]" if r.get("server") else ""
    return (f"  tool {r.get('name')} {arguments} -> {outcome} ({r.get('duration_ms')} ms)"
            f"{via}")


def _describe_mcp(event, r):
    info = r.get("server_info") or {}
    tools, refused = r.get("tools") or [], r.get("refused") or []
    return (f"mcp server {r.get('name')}: {r.get('command')} (pid {r.get('pid')}, "
            f"{info.get('name', '?')} {info.get('version', '?')}), protocol {r.get('protocol')}"
            f" ({r.get('era')}), {len(tools)} tools ({len(r.get('read_only') or [])} "
            f"read-only), {len(refused)} refused, started in {r.get('startup_ms')} ms")


def _describe_end(event, r):
    steps = r.get("steps")
    line = f"{event}: {steps} step{'' if steps == 1 else 's'}, {r.get('duration_ms')} ms"
    if r.get("code"):
        line += f", {r['code']} (exit {r.get('exit_status')})"
    elif r.get("refused"):  # completed, but a write it was asked for was not made
        line += f", WRITE_REFUSED (exit {r.get('exit_status')})"
    return line


def _describe_other(event, r):
    fields = " ".join(f"{key}={json.dumps(value, ensure_ascii=False)}"
                      for key, value in r.items())
    return f"{event} {fields}".rstrip()


def _or_unknown(value):
    return "?" if value is None else value


_DESCRIBE = {"run_started": _describe_started, "model": _describe_model,
             "tool": _describe_tool, "mcp_server": _describe_mcp, "completed": _describe_end,
             "failed": _describe_end, "cancelled": _describe_end}


# --- The waiting line ----------------------------------------------------------------

def trace(stream, make_model, *, streamed=False, verbose=True):
    """The wing's entry point: with --verbose the run log listener that traces each event on
    `stream` (else None: a served model's run without -v shows only the waiting line), and
    `make_model` wrapped to show a waiting line while a request runs, on a terminal only
    (not when a streamed answer on the screen is its own sign of progress)."""
    listener = Trace(stream) if verbose else None
    return listener, make_model if streamed else waiting_factory(make_model, stream)


def waiting_factory(make_model, stream, *, interval=0.25):
    """Wrap `make_model` so its model shows a waiting line, but only on a terminal."""
    def make(settings, environ):
        model = make_model(settings, environ)
        is_terminal = getattr(stream, "isatty", lambda: False)()
        return WaitingModel(model, stream, interval=interval) if is_terminal else model
    return make


class WaitingModel:
    """A model that shows `waiting for the model (request N) 3.2 s` while its request runs:
    N counts this process's requests (a retry, a conversation's later question: on it goes)."""

    def __init__(self, model, stream, *, interval=0.25):
        self.model_object = model
        self.provider = model.provider
        self.model = model.model
        self.request_options = getattr(model, "request_options", None)  # for the log
        self.stream = stream
        self.interval = interval
        self.requests = 0

    def chat(self, messages, tools, *, timeout):
        import threading
        import time

        from stock_agent.cli import start_worker
        self.requests += 1
        done = threading.Event()
        started = time.monotonic()
        shown = []

        def tick():
            while not done.wait(self.interval):
                seconds = time.monotonic() - started
                self.stream.write(f"\r  waiting for the model (request {self.requests}) "
                                  f"{seconds:.1f} s")
                self.stream.flush()
                shown.append(True)

        ticker = threading.Thread(target=tick, daemon=True)
        start_worker(ticker)
        try:
            return self.model_object.chat(messages, tools, timeout=timeout)
        finally:
            done.set()
            ticker.join()
            if shown:  # erase the line: the trace goes on where it stood
                self.stream.write("\r\x1b[K")
                self.stream.flush()
