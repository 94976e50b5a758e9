"""The command line: flags and help, and everything a person sees of a run.

`build_parser()` is everything `python agent.py --help` shows; the limits' defaults come from
run.LIMIT_DEFAULTS. `report()` prints a finished run: the answer or the --json object
(`as_json`) on stdout, one line per error and the log path on stderr. `Echo` prints a streamed
answer; `approver()` decides who says yes to a tool that needs approval; `note_remote()` warns
before data leaves this machine. The loop (agent.py) never prints.
"""

import json
import os
import sys

from stock_agent import facts
from stock_agent.errors import AgentError
from stock_agent.run import LIMIT_DEFAULTS


def build_parser():
    import argparse  # only main() needs it; keeps `import agent` cheap for tests and tools

    parser = argparse.ArgumentParser(
        prog="stock-agent",
        description="Ask an inventory question. A tool-calling model decides which read-only\n"
                    "tools to call; this program validates and runs every call itself and\n"
                    "answers from real tool results. Every run leaves a JSONL log.",
        formatter_class=_help_formatter, epilog=EPILOG)
    ask = parser.add_argument_group("what to ask")
    ask.add_argument("--question", "-q", help="the question (default: a sample question "
                     "about A001 in the chosen language)")
    ask.add_argument("--mock", action="store_true",
                     help="use the scripted offline mock model: no network, no model")
    ask.add_argument("--lang", choices=("en", "zh-TW"),
                     help="language of messages, prompt and mock answers (default: from "
                          "LC_ALL, LC_MESSAGES or LANG; zh* -> zh-TW, else en)")
    ask.add_argument("--system-prompt", metavar="FILE",
                     help="read the system prompt from FILE (UTF-8) instead of the built-in "
                          "one; its name and hash go into the log")
    ask.add_argument("--verify", choices=("on", "off"), default="on",
                     help="check the final answer against this run's tool results: SKUs "
                          "asked, numbers, order claims; one correction, then "
                          "UNVERIFIED_ANSWER (default: on)")
    server = parser.add_argument_group("model server")
    server.add_argument("--provider", choices=("ollama", "openai", "anthropic"),
                        default="ollama", help="protocol the server speaks: Ollama /api/chat, "
                        "OpenAI-compatible /v1/chat/completions (llama.cpp, vLLM, LM Studio) "
                        "or Anthropic /v1/messages (default: ollama)")
    server.add_argument("--model", help="model name (default: $OLLAMA_MODEL, $OPENAI_MODEL "
                        "or $ANTHROPIC_MODEL)")
    server.add_argument("--base-url", help="server URL (default: ollama: $OLLAMA_BASE_URL, "
                        "$OLLAMA_HOST or http://localhost:11434; openai: $OPENAI_BASE_URL, "
                        "ending in /v1; anthropic: $ANTHROPIC_BASE_URL, without /v1)")
    server.add_argument("--num-ctx", type=_positive_int, default=8192,
                        help="context window sent as options.num_ctx (default: 8192)")
    server.add_argument("--num-predict", type=_positive_int, default=1024,
                        help="most tokens the model may write per reply, sent as num_predict "
                             "or max_tokens (default: 1024)")
    server.add_argument("--timeout", type=_positive_float, metavar="SECONDS",
                        default=LIMIT_DEFAULTS["timeout"],
                        help="per-request timeout (default: %(default)g)")
    server.add_argument("--retries", type=_count, default=LIMIT_DEFAULTS["retries"],
                        help="more tries of a model request after 429, 5xx or a reset "
                             "connection, within the time budget (default: %(default)s)")
    server.add_argument("--stream", action="store_true",
                        help="stream replies; with --verify off, on a terminal the answer "
                             "prints as it arrives")
    server.add_argument("--recover-text-tool-calls", action="store_true",
                        help="run tool calls the model wrote as text (validated like native "
                             "ones) instead of stopping with TOOL_CALL_IN_TEXT")
    bounds = parser.add_argument_group("bounds of a run")
    bounds.add_argument("--max-steps", type=_positive_int, default=LIMIT_DEFAULTS["max_steps"],
                        help="most model requests per run (default: %(default)s)")
    bounds.add_argument("--max-tool-calls", type=_positive_int,
                        default=LIMIT_DEFAULTS["max_tool_calls"],
                        help="most tool calls in one model reply (default: %(default)s)")
    bounds.add_argument("--max-context-chars", type=_positive_int,
                        default=LIMIT_DEFAULTS["max_context_chars"],
                        help="largest serialised request, in characters (default: %(default)s)")
    bounds.add_argument("--budget-seconds", type=_positive_float,
                        default=LIMIT_DEFAULTS["budget_seconds"],
                        help="wall-clock budget for the whole run (default: %(default)g)")
    bounds.add_argument("--max-tool-errors", type=_positive_int,
                        default=LIMIT_DEFAULTS["max_tool_errors"],
                        help="stop after this many failed tool calls in a row "
                             "(default: %(default)s)")
    data = parser.add_argument_group("data and tools")
    data.add_argument("--inventory", metavar="PATH",
                      help="a CSV file (sku,name,stock,target[,tenant]) or an SQLite database "
                           "with a table items; opened read-only (default: the built-in sample)")
    data.add_argument("--tenant", metavar="NAME",
                      help="whose rows the tools may see, when the data has a tenant column")
    data.add_argument("--approve", action="store_true",
                      help="let tools that need approval run without asking (default: ask on "
                           "a terminal, else deny)")
    evidence = parser.add_argument_group("evidence")
    evidence.add_argument("--log-dir", default="runs",
                          help="folder for the per-run JSONL logs (default: runs)")
    evidence.add_argument("--log-content", action="store_true",
                          help="also log the question, answer, tool arguments and results")
    evidence.add_argument("--traceback", action="store_true",
                          help="show the Python traceback of an internal error")
    output = parser.add_argument_group("output")
    output.add_argument("--json", action="store_true",
                        help="print one JSON object on stdout instead of the answer, for "
                             "success and failure alike (keys in README)")
    output.add_argument("--facts", action="store_true",
                        help="print the facts the tools returned (by item, with the call "
                             "each came from) under the answer")
    output.add_argument("--verbose", "-v", action="store_true",
                        help="trace every model request and tool call on stderr as it happens")
    return parser


def _help_formatter(prog):
    # Given no width, argparse imports shutil for every argument it adds, only to ask the
    # terminal's width (a tenth of a --mock run's start-up: docs/benchmarks.md).
    import argparse
    return argparse.RawDescriptionHelpFormatter(prog, width=_terminal_width() - 2)


def _terminal_width():
    """$COLUMNS, else the terminal's width, else 80: what shutil would say."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


EPILOG = """\
examples:
  python agent.py --mock                          offline, scripted model
  python agent.py --mock -q "Check A001 and A009"
  python agent.py --mock --inventory examples/inventory.csv --tenant north -q "reorder?"
  OLLAMA_MODEL=qwen2.5:7b python agent.py -q "Check A001 and A002"
  python agent.py --mock --json -v                 JSON on stdout, a live trace on stderr
  python -m evals run evals/cases.jsonl --mock     evaluate a model on fixed cases
  OPENAI_BASE_URL=http://127.0.0.1:8080/v1 python agent.py --provider openai --model local

exit statuses (the code is also in the log's terminal event):
  0 completed          1 INTERNAL_ERROR     2 usage error        3 INVALID_INPUT
  4 LOG_UNWRITABLE     5 BELOW_MIN_SUCCESS (python -m evals --min-success)
  6 OUTPUT_UNWRITABLE (stdout closed or full)
  130 CANCELLED (Ctrl-C)
  10 STEP_LIMIT        11 TIME_BUDGET       12 CONTEXT_LIMIT     13 TOOL_ERROR_LIMIT
  20 TRUNCATED         21 CONTEXT_TRUNCATED 22 INCOMPLETE_MODEL_RESPONSE
  23 INVALID_MODEL_MESSAGE  24 INVALID_TOOL_CALL  25 INVALID_TOOL_BATCH
  26 EMPTY_ANSWER      27 TOOL_CALL_IN_TEXT 28 UNVERIFIED_ANSWER
  30 NO_MODEL          31 MODEL_NOT_FOUND   32 TOOLS_UNSUPPORTED 33 MODEL_UNREACHABLE
  34 MODEL_TIMEOUT     35 MODEL_HTTP_ERROR  36 MODEL_BAD_RESPONSE
  37 MODEL_RESPONSE_TOO_LARGE               38 AUTH_FAILED       39 NO_API_KEY
"""


def _positive_int(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value <= 0:
        raise _argument_error(f"{text!r} is not a whole number above 0")
    return value


def _count(text):
    if not text.isdigit() or int(text) > 10:
        raise _argument_error(f"{text!r} is not a whole number from 0 to 10")
    return int(text)


def _positive_float(text):
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise _argument_error(f"{text!r} is not a number of seconds above 0")
    return value


def _argument_error(message):
    import argparse
    return argparse.ArgumentTypeError(message)


def detect_lang(environ):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return "zh-TW" if value.lower().startswith("zh") else "en"
    return "en"


# --- What a person sees of a run ----------------------------------------------------

UI = {
    "en": {"log": "log: {path}", "error": "stock-agent: {code}: {message}",
           "remote": "note: {url} is not on this machine; the question and the inventory "
                     "data will be sent there.",
           "approve": "The model asks to run {tool} with {arguments}. Allow it? [y/N] "},
    "zh-TW": {"log": "執行日誌：{path}", "error": "stock-agent：{code}：{message}",
              "remote": "注意：{url} 不在本機；問題與庫存資料會傳送到該處。",
              "approve": "模型要求執行 {tool}，參數 {arguments}。是否允許？[y/N] "},
}


def approver(args, lang):
    """Who says yes to a tool that needs approval: --approve, else a person at a terminal,
    else nobody (None: such a tool does not run)."""
    if args.approve:
        return lambda tool, arguments: True
    if sys.stdin.isatty() and sys.stderr.isatty():
        return lambda tool, arguments: ask_on_terminal(tool, arguments, lang=lang)
    return None


def ask_on_terminal(tool, arguments, *, lang="en", stdin=None, stderr=None):
    """Show the tool and its arguments and wait for y/yes; anything else, or EOF, is no."""
    stderr = stderr or sys.stderr
    shown = json.dumps(arguments, ensure_ascii=False)  # all of it: nothing hidden from view
    print(UI[lang]["approve"].format(tool=tool.name, arguments=shown), end="", file=stderr,
          flush=True)
    answer = (stdin or sys.stdin).readline()
    return answer.strip().casefold() in ("y", "yes")


class Echo:
    """--stream on a terminal: print a reply's text as it arrives.

    Text that opens like a tool call written as text (`{`, `[`, `<`, a fence) is held back
    until the reply is whole, so it is never shown as if it were the answer. `last` is the
    text printed for the latest reply, so main() does not print the answer twice.
    """

    def __init__(self, out):
        self.out = out
        self.last = ""
        self._held, self._live, self._printed = [], False, []

    def __call__(self, piece):
        if piece is None:  # the reply is over
            if self._live:
                self.out.write("\n")
                self.out.flush()
            self.last = "".join(self._printed)
            self._held, self._live, self._printed = [], False, []
            return
        if not self._live:
            self._held.append(piece)
            head = "".join(self._held).lstrip()
            if not head or head[0] in "{[<`":
                return
            self._live, piece = True, "".join(self._held)
        self.out.write(piece)
        self.out.flush()
        self._printed.append(piece)


def limits(args):
    """The run's Limits from the flags that set them."""
    from stock_agent.run import Limits
    return Limits(**{name: getattr(args, name) for name in LIMIT_DEFAULTS})


def note_remote(url, lang):
    """Say, before anything is sent, that the question and data leave this machine."""
    print_err(UI[lang]["remote"].format(url=url))


def report(outcome, args, lang, *, shown=""):
    """Print a finished run (run.Outcome): the answer or the JSON object on stdout, notes on
    stderr. `shown` is the text --stream already printed; an answer printed whole is not
    repeated. Returns the exit status: the run's, or OUTPUT_UNWRITABLE when stdout cannot
    take it.
    """
    ui = UI[lang]
    errors = [outcome.error, outcome.log_error]
    if None not in errors and errors[0].code == errors[1].code:
        errors.pop()  # the log failed with the very error that ended the run: say it once
    for error in errors:
        if error is not None:
            print_err(ui["error"].format(code=error.code, message=error.message(lang)))
    try:
        if args.json:
            print(json.dumps(as_json(outcome, lang), ensure_ascii=False), flush=True)
        elif outcome.status == "completed" and shown.strip() != outcome.answer:
            print(outcome.answer, flush=True)
        if args.facts and not args.json:
            print(facts.render_block(outcome.results, lang), flush=True)
    except OSError as exc:  # a closed pipe or a full disk: the answer never arrived
        sys.stdout = open(os.devnull, "w")  # so exiting does not try to flush it again
        failure = AgentError("OUTPUT_UNWRITABLE", reason=exc.strerror or type(exc).__name__)
        print_err(ui["error"].format(code=failure.code, message=failure.message(lang)))
        return failure.exit_status
    if outcome.log is not None and outcome.log_error is None:
        print_err(ui["log"].format(path=outcome.log))
    return outcome.exit_status


def as_json(outcome, lang):
    """The --json object. Its keys are stable and listed in the README."""
    return {
        "status": outcome.status,
        "exit_status": outcome.exit_status,
        "answer": outcome.answer if outcome.status == "completed" else None,
        "error": _error_fields(outcome.error, lang),
        "log_error": _error_fields(outcome.log_error, lang),
        "run_id": outcome.run_id,
        "log": outcome.log,
        "steps": outcome.steps,
        "tool_calls": list(outcome.tool_calls),
        "facts": facts.facts(outcome.results),
        "verification": outcome.verification,
        "tokens": dict(outcome.tokens),
        "duration_ms": outcome.duration_ms,
    }


def _error_fields(error, lang):
    return None if error is None else {"code": error.code, "message": error.message(lang)}


def print_err(line):
    print(line, file=sys.stderr, flush=True)
