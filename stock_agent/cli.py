"""The command line: flags -> one frozen Settings, and everything a person sees of a run.

Read in call order: `settings(argv, environ)` is the one place that reads the flags (argparse's
Namespace never leaves this module); `build_parser()` is everything `python agent.py --help`
shows, with the limits' defaults from run.LIMIT_DEFAULTS. Then what a person sees:
`approver()` (who says yes to a tool that needs approval), `Echo` (a streamed answer),
`note_remote()` (before data leaves this machine), and `report()`, which prints a finished
run: the answer or the --json object (`as_json`) on stdout, one line per error and the log
path on stderr. The last sections are the terminal (untrusted text escaped, streams that
fail) and the signals that end a run as Ctrl-C does. Every line a person reads comes from
the catalogue (stock_agent/messages.py). The loop (agent.py) never prints.
"""

import json
import os
import sys
from stock_agent import runlog
from stock_agent.errors import EXIT_STATUS, AgentError, Stopped, Text, cancellation
from stock_agent.run import LIMIT_DEFAULTS


# --- Flags -> Settings ---------------------------------------------------------------

def settings(argv, environ, *, read_stdin=False):
    """The flags of one run as one frozen run.Settings: the only place that reads them.
    `read_stdin`: the command line's own run, whose question may be piped on standard
    input (usage.py); the evaluation's flags have none. A usage error exits 2."""
    from stock_agent.run import SETTING_DEFAULTS, Limits, Settings, log_folder
    parser = build_parser(_lang_flag(argv) or detect_lang(environ))
    args = parse_args(argv, parser=parser)
    given = {name: getattr(args, name) for name in SETTING_DEFAULTS if hasattr(args, name)}
    lang = args.lang or detect_lang(environ)
    note_unused(args, parser, lang)
    if args.provider is None:
        given["provider"] = SETTING_DEFAULTS["provider"]
        if not (args.mock or args.resume or args.otlp):
            note_provider(environ, lang)
    # A reply needs far less than 512 tokens; a small model caught in a loop writes to the
    # cap, and a lower cap ends it sooner (docs/evaluation.md). Reasoning needs more.
    given["num_predict"] = args.num_predict or (1024 if args.think else 512)
    given.update(lang=lang, conversation=wants_chat(args),
                 log_dir=args.log_dir or log_folder(environ),
                 approval=_approval(args),
                 verify=args.verify == "on", mcp=tuple(args.mcp), mcp_env=tuple(args.mcp_env),
                 limits=Limits(**{name: getattr(args, name) for name in LIMIT_DEFAULTS}))
    if read_stdin and args.question is None and not (
            given["conversation"] or args.resume or args.otlp):
        given["question"] = _piped_question(parser, args.timeout, lang)
    return Settings(**given)


# Flags of a model server: with --mock (its scripted model), --resume (no model is asked)
# or --otlp (nothing runs) they change nothing. --timeout stays: MCP servers and the --otlp
# receiver are waited for with it too.
MODEL_FLAGS = (("--provider", "provider"), ("--model", "model"), ("--base-url", "base_url"),
               ("--num-ctx", "num_ctx"), ("--num-predict", "num_predict"),
               ("--think", "think"), ("--retries", "retries"), ("--stream", "stream"))
MCP_FLAGS = (("--mcp-env", "mcp_env"), ("--mcp-catalogue-above", "mcp_catalogue_above"))


def note_unused(args, parser, lang):
    """One note for each kind of flag set (to other than its default) that changes nothing
    in this run: a model server's flags with no model, --mcp-env without --mcp."""
    def given(flags):
        return ", ".join(flag for flag, dest in flags
                         if getattr(args, dest) != parser.get_default(dest))

    no_model = next((flag for flag, on in (("--mock", args.mock), ("--resume", args.resume),
                                           ("--otlp", args.otlp)) if on), None)
    idle = given(MODEL_FLAGS) if no_model else ""
    if idle:
        print_err(Text("unused_with", flags=idle, flag=no_model).render(lang))
    idle = "" if args.mcp else given(MCP_FLAGS)
    if idle:
        print_err(Text("unused_without", flags=idle, flag="--mcp").render(lang))


def _piped_question(parser, seconds, lang):
    """The question piped on standard input, or None (a terminal, nothing piped: the
    sample question). One that cannot be read is a usage error; Ctrl-C here, CANCELLED."""
    from stock_agent import usage
    if sys.stdin is None or is_terminal(sys.stdin):
        return None
    try:
        return usage.piped_question(sys.stdin, seconds=seconds)
    except usage.NoQuestion as exc:
        parser.error(exc.text)
    except KeyboardInterrupt as interrupt:
        error = cancellation(interrupt)
        print_err(Text("error", code=error.code, message=error.message(lang)).render(lang))
        raise SystemExit(error.exit_status) from None


def parse_args(argv, *, parser=None):
    """The flags of one run, with the combinations argparse cannot check (exit 2): the
    question as words, and the run --resume and --continue name, made one form each."""
    parser = parser or build_parser()
    args = parser.parse_args(argv)
    if args.words:  # `stock-agent Check A001`, as `ollama run MODEL why is the sky blue`
        if args.question is not None:
            parser.error(Text("usage_question_twice"))
        import argparse
        try:
            args.question = _asked_question(" ".join(args.words))
        except argparse.ArgumentTypeError as exc:  # as -q's
            parser.error(str(exc))
    if args.resume and not args.orders:
        parser.error(Text("usage_resume_orders"))
    if args.resume and args.question:
        parser.error(Text("usage_resume_question"))
    if args.dry_run and (args.resume or not (args.orders or args.mcp)):
        parser.error(Text("usage_dry_run"))
    if args.mock and (args.record or args.replay):
        parser.error(Text("usage_mock_recorded"))
    single = [flag for flag, given in (("--orders", args.orders), ("--resume", args.resume),
                                       ("--mcp", args.mcp)) if given]
    if (args.chat or args.session) and single:
        parser.error(Text("usage_single", flag=single[0]))
    if args.otlp_endpoint and not args.otlp:
        parser.error(Text("usage_otlp_endpoint"))
    asked = [flag for flag, given in (("--question", args.question), ("--chat", args.chat),
                                      ("--continue", args.session)) if given] + single
    if args.otlp and asked:
        parser.error(Text("usage_otlp_alone", flag=asked[0]))
    _name_the_run(parser, args)
    return args


def _name_the_run(parser, args):
    """--resume PATH as --resume RUN_ID in the path's folder, and --continue RUN_ID as the
    record's path in --log-dir: each flag takes both forms (a log's path; a run id)."""
    if args.session and runlog.is_run_id(args.session):
        args.session = os.path.join(args.log_dir, args.session + ".jsonl")
    if args.resume:
        folder, run_id = _run_of(args.resume)
        if folder is not None and args.log_dir != parser.get_default("log_dir") \
                and os.path.normpath(args.log_dir) != os.path.normpath(folder):
            parser.error(Text("usage_resume_folder", path=args.resume, folder=folder,
                              log_dir=args.log_dir))
        args.log_dir, args.resume = folder or args.log_dir, run_id


def _lang_flag(argv):
    """--lang's value in `argv`, read before argparse reads it, so that its own errors are
    in that language too; None if it names none."""
    words, found = list(sys.argv[1:] if argv is None else argv), None
    for index, word in enumerate(words):
        if word == "--lang" and index + 1 < len(words):
            value = words[index + 1]
        elif word.startswith("--lang="):
            value = word.partition("=")[2]
        else:
            continue
        found = value if value in ("en", "zh-TW") else found
    return found


def build_parser(lang="en"):
    """The flags, their help, and usage errors as one line in `lang` (usage.py). A flag
    is spelled out in full: `--mod` is no `--model` (argparse would take a prefix)."""
    import argparse  # only main() needs it; keeps `import agent` cheap for tests and tools

    parser = argparse.ArgumentParser(
        prog="stock-agent",
        description="Ask an inventory question. A tool-calling model decides which read-only\n"
                    "tools to call; this program validates and runs every call itself and\n"
                    "answers from real tool results. Every run leaves a JSONL log.",
        formatter_class=_help_formatter, epilog=EPILOG, allow_abbrev=False)
    parser.error = lambda message: _usage_error(message, lang)
    ask = parser.add_argument_group("what to ask")
    ask.add_argument("words", nargs="*", metavar="QUESTION",
                     help="the question, as words (quoted or not); the same as --question")
    ask.add_argument("--question", "-q", type=_asked_question,
                     help="the question (default, when it is left out: the text piped on "
                          "stdin, read to its end within --timeout; with nothing piped, a "
                          "sample question about A001 in the chosen language)")
    ask.add_argument("--chat", action="store_true",
                     help="a conversation: one question per line from the terminal or a pipe, "
                          "each answered with the history before it; /exit, /bye, exit, "
                          "quit or EOF (Ctrl-D) ends it, /help lists the commands (the "
                          "default with no --question on a terminal, but for --mock)")
    ask.add_argument("--continue", dest="session", metavar="SESSION", nargs="?", const="last",
                     help="go on with the conversation recorded in SESSION (the path of the "
                          ".jsonl record --chat wrote, or its run id, in --log-dir), from its "
                          "last complete turn; alone, or as `last`: the conversation in "
                          "--log-dir written to last")
    ask.add_argument("--mock", action="store_true",
                     help="use the scripted offline mock model: no network, no model")
    ask.add_argument("--lang", choices=("en", "zh-TW"),
                     help="language of messages, prompt and mock answers (default: from "
                          "LC_ALL, LC_MESSAGES or LANG; zh* -> zh-TW, else en)")
    ask.add_argument("--system-prompt", metavar="FILE",
                     help="read the system prompt from FILE (UTF-8) instead of the built-in "
                          "one; its name and hash go into the log")
    ask.add_argument("--verify", choices=("on", "off"), default="on",
                     help="on: once the model's lookups settle the question, the program "
                          "states the answer itself; else show a sentence of the model's "
                          "answer only when every word of it is read and each claim is true "
                          "of this run's tool results, and the answer the program writes from "
                          "them in place of the rest; off: every tool offered, the model's "
                          "answer as it came (default: on)")
    server = parser.add_argument_group("model server")
    server.add_argument("--provider", choices=("ollama", "openai", "anthropic"),
                        help="protocol the server speaks: Ollama /api/chat, "
                        "OpenAI-compatible /v1/chat/completions (llama.cpp, vLLM, LM Studio) "
                        "or Anthropic /v1/messages (default: ollama)")
    server.add_argument("--model", "-m", help="model name (default: $OLLAMA_MODEL, "
                        "$OPENAI_MODEL or $ANTHROPIC_MODEL)")
    server.add_argument("--base-url", help="server URL (default: ollama: $OLLAMA_BASE_URL, "
                        "$OLLAMA_HOST or http://localhost:11434; openai: $OPENAI_BASE_URL, "
                        "ending in /v1; anthropic: $ANTHROPIC_BASE_URL, without /v1)")
    server.add_argument("--num-ctx", type=_positive_int, default=8192,
                        help="context window sent as options.num_ctx (default: 8192)")
    server.add_argument("--num-predict", type=_positive_int,
                        help="most tokens the model may write per reply, sent as num_predict "
                             "or max_tokens (default: 512, or 1024 with --think: its "
                             "reasoning counts too)")
    server.add_argument("--think", action="store_true",
                        help="let a thinking model reason before it answers (Ollama: sent as "
                             "think; the default false is sent too). Its reasoning is never "
                             "the answer")
    server.add_argument("--timeout", type=_positive_float, metavar="SECONDS",
                        default=LIMIT_DEFAULTS["timeout"],
                        help="per-request timeout, for the model and for MCP servers, and "
                             "the wait for a question piped on stdin (default: %(default)g)")
    server.add_argument("--retries", type=_retries, default=LIMIT_DEFAULTS["retries"],
                        help="more tries of a model request after 429, 5xx or a reset "
                             "connection, within the time budget; a tool call the server "
                             "could not parse gets one correction instead (default: "
                             "%(default)s)")
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
                        help="wall-clock budget for the whole run, the wait for a person's "
                             "approval at the terminal included (default: %(default)g)")
    bounds.add_argument("--max-tokens", type=_positive_int, default=LIMIT_DEFAULTS["max_tokens"],
                        help="most input + output tokens of a run or a whole conversation, as "
                             "the server reports them, else estimated (default: %(default)s)")
    bounds.add_argument("--max-tool-errors", type=_positive_int,
                        default=LIMIT_DEFAULTS["max_tool_errors"],
                        help="stop after this many failed tool calls in a row, with the "
                             "program's answer from what the question names when it can "
                             "look that up, else TOOL_ERROR_LIMIT (default: %(default)s)")
    data = parser.add_argument_group("data and tools")
    data.add_argument("--inventory", metavar="PATH",
                      help="a CSV file (sku,name,stock,target[,tenant][,aliases]) or an SQLite "
                           "database with a table items; opened read-only (default: the built-in "
                           "sample)")
    data.add_argument("--tenant", metavar="NAME",
                      help="whose rows the tools may see, when the data has a tenant column")
    data.add_argument("--approve", action="store_true",
                      help="let tools that need approval run without asking (default: ask on "
                           "a terminal, else deny)")
    writes = parser.add_argument_group("orders (writes)")
    writes.add_argument("--orders", metavar="PATH",
                        help="the purchasing ledger, an SQLite file of its own (created if "
                             "missing; another database is refused); "
                             "only with it is draft_purchase_order offered, and each order "
                             "needs approval (default: read-only, no ledger)")
    writes.add_argument("--resume", metavar="RUN", type=_run_id,
                        help="settle the orders of an interrupted run from its journal: RUN "
                             "is its run id (the journal in --log-dir) or the path of its log "
                             "(runs/RUN_ID.jsonl: the journal beside it); reuse receipts, look "
                             "unconfirmed ones up in --orders, ask again for the rest; no "
                             "model is asked")
    writes.add_argument("--dry-run", action="store_true",
                        help="check and ask for approval of every write (--orders, an --mcp "
                             "tool that needs approval) as for a real one, but write nothing "
                             "and send nothing; the answer says so")
    plugins = parser.add_argument_group("MCP servers (plugins)")
    plugins.add_argument("--mcp", metavar='"COMMAND ARGS"', action="append", default=[],
                         type=_command, help="start an MCP server over stdio and offer its "
                         "tools as SERVER__TOOL, under the same rules as ours (repeatable)")
    plugins.add_argument("--mcp-env", metavar="NAME", action="append", default=[],
                         help="also pass environment variable NAME to the servers (they get "
                              "only PATH, HOME, locale and the like otherwise)")
    plugins.add_argument("--mcp-catalogue-above", metavar="N", type=_whole, default=10,
                         help="with more than N server tools, offer the model a search for "
                              "them instead of every definition (default: %(default)s)")
    evidence = parser.add_argument_group("evidence")
    evidence.add_argument("--log-dir",
                          help="folder for the per-run JSONL logs (default: "
                               "$STOCK_AGENT_LOG_DIR; else, in a checkout, runs/ beside "
                               "agent.py; else $XDG_STATE_HOME/stock-agent or "
                               "~/.local/state/stock-agent)")
    evidence.add_argument("--log-content", action="store_true",
                          help="also log the question, answer, tool arguments and results "
                               "(a conversation's record always holds them: --continue reads "
                               "them back)")
    evidence.add_argument("--otlp", metavar="RUN_LOG",
                          help="run nothing: write the run (or conversation) logged in "
                               "RUN_LOG as OpenTelemetry traces, OTLP/HTTP JSON, on stdout "
                               "(GenAI conventions; docs/traces.md)")
    evidence.add_argument("--otlp-endpoint", metavar="URL",
                          help="with --otlp: POST the traces to this OTLP/HTTP receiver "
                               "instead, within --timeout (a URL without a path gets "
                               "/v1/traces; headers from $OTEL_EXPORTER_OTLP_HEADERS)")
    evidence.add_argument("--traceback", action="store_true",
                          help="show the Python traceback of an internal error")
    kept = evidence.add_mutually_exclusive_group()
    kept.add_argument("--record", metavar="DIR",
                      help="keep every model request and reply of the run in DIR, one file "
                           "per request (0600: they hold the question, results and answers); "
                           "see docs/replay.md")
    kept.add_argument("--replay", metavar="DIR",
                      help="answer every model request from the recordings in DIR instead of "
                           "a server (no network; the tools run as usual); a request with no "
                           "recording ends the run with NO_RECORDING and a diff")
    output = parser.add_argument_group("output")
    output.add_argument("--json", action="store_true",
                        help="print one JSON object on stdout instead of the answer, for "
                             "success and failure alike (keys in docs/output.md)")
    output.add_argument("--facts", action="store_true",
                        help="print the facts the tools returned (by item, with the call "
                             "each came from) under the answer")
    output.add_argument("--verbose", "-v", action="store_true",
                        help="trace every model request and tool call on stderr as it happens")
    output.add_argument("--version", action="version", version=f"%(prog)s {VERSION}")
    return parser


VERSION = "0.1.0"  # the same as pyproject.toml's (tests/test_core_first_use.py checks)


def _usage_error(message, lang):
    """argparse's error(): one line, `stock-agent: USAGE: ... (see --help)`, and exit 2."""
    from stock_agent import usage
    print_err(usage.usage_line(message, lang))
    raise SystemExit(usage.USAGE_STATUS)


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
  python agent.py --mock -q "Check A001 and A009"   offline, scripted model
  python agent.py --mock                          answers the sample question, at a terminal too
  python agent.py --mock Check A002               the question as words, as -q takes it
  echo "Check A002" | python agent.py --mock      the question on stdin, read to its end
  python agent.py --mock --inventory examples/inventory.csv --tenant north -q "reorder?"
  OLLAMA_MODEL=qwen2.5:7b python agent.py -q "Check A001 and A002"
  python agent.py --mock --json -v                 JSON on stdout, a live trace on stderr
  python agent.py --mock --chat                   a conversation; /exit or Ctrl-D ends it
  python agent.py --mock --continue runs/SESSION.jsonl -q "and A002?"
  python agent.py --mock --continue -q "and A003?"  the latest conversation in --log-dir
  python -m stock_agent.evals run --mock          evaluate a model on the shipped cases
  OPENAI_BASE_URL=http://127.0.0.1:8080/v1 python agent.py --provider openai --model local
  python agent.py --mock --orders orders.db -q "order 18 of A001"   asks [y/N] first
  python agent.py --mock --orders orders.db --dry-run --approve -q "order 18 of A001"
  python agent.py --resume 20261130T112233Z-3f9a1c --orders orders.db
  python agent.py --mcp "uvx mcp-server-time" -q "What time is it in Taipei?"
  python agent.py --record cassette -q "Check A001"   then --replay cassette: offline
  python agent.py --otlp runs/RUN.jsonl --otlp-endpoint http://127.0.0.1:4318

exit statuses (the code is also in the log's terminal event):
  0 completed          1 INTERNAL_ERROR     2 usage error        3 INVALID_INPUT
  4 LOG_UNWRITABLE     5 BELOW_MIN_SUCCESS (python -m stock_agent.evals run --min-success)
  6 OUTPUT_UNWRITABLE (stdout closed or full)
  7 CONTINUE_UNAVAILABLE (--continue: the record is of another --tenant or --inventory)
  8 RECORD_FULL (a conversation's record reached the size --continue reads)
  130 CANCELLED (Ctrl-C)   143 TERMINATED (SIGTERM)   129 HANGUP (SIGHUP)
  141 PIPE_CLOSED (stdout's reader left, as `| head -1` does; no message, as SIGPIPE)
  10 STEP_LIMIT        11 TIME_BUDGET       12 CONTEXT_LIMIT     13 TOOL_ERROR_LIMIT
  14 TOKEN_LIMIT       15 FIXED_CONTEXT_TOO_LARGE
  20 TRUNCATED         21 CONTEXT_TRUNCATED 22 INCOMPLETE_MODEL_RESPONSE
  23 INVALID_MODEL_MESSAGE  24 INVALID_TOOL_CALL  25 INVALID_TOOL_BATCH
  26 EMPTY_ANSWER      27 TOOL_CALL_IN_TEXT 28 UNVERIFIED_ANSWER
  29 MALFORMED_TOOL_CALL (the server could not parse the model's call, corrected once)
  30 NO_MODEL          31 MODEL_NOT_FOUND   32 TOOLS_UNSUPPORTED 33 MODEL_UNREACHABLE
  34 MODEL_TIMEOUT     35 MODEL_HTTP_ERROR  36 MODEL_BAD_RESPONSE
  37 MODEL_RESPONSE_TOO_LARGE               38 AUTH_FAILED       39 NO_API_KEY
  40 LEDGER_UNAVAILABLE  41 JOURNAL_UNWRITABLE  42 WRITE_UNCONFIRMED
  43 RESUME_UNAVAILABLE  44 IDEMPOTENCY_CONFLICT  45 APPROVAL_NEEDED (--resume)
  46 NOTE_WITHHELD (--resume: a note the journal did not keep)
  47 WRITE_REFUSED (answered, but a write it asked for was not approved or was refused)
  50 MCP_START_FAILED  51 MCP_PROTOCOL_ERROR 52 MCP_SERVER_EXITED 53 MCP_TIMEOUT
  54 MCP_OUTPUT_LIMIT
  60 NO_RECORDING      61 RECORDING_UNUSABLE 62 BAD_RECORDING (--record, --replay)
  65 OTLP_LOG_UNREADABLE  66 OTLP_EXPORT_REFUSED  67 OTLP_UNREACHABLE  68 OTLP_TIMEOUT
"""


def note_provider(environ, lang):
    """One note when OPENAI_* or ANTHROPIC_* variables are exported but no --provider was
    given (and no OLLAMA_* says Ollama is meant): they are read only by their provider."""
    if any(name.startswith("OLLAMA_") and value for name, value in environ.items()):
        return
    meant = [provider for provider in ("openai", "anthropic")
             if any(name.startswith(provider.upper() + "_") and value
                    for name, value in environ.items())]
    if meant:
        names = sorted(name for name, value in environ.items() if value
                       and name.startswith(tuple(p.upper() + "_" for p in meant)))
        print_err(Text("provider_hint", names=", ".join(names),
                       flags=" / ".join(f"--provider {p}" for p in meant)).render(lang))


def live_echo(settings):
    """The printer of a streamed answer as it arrives, or None. Only for a person: not into
    --json or a pipe, and only when no answer check must pass it first (--verify off)."""
    on_screen = settings.stream and not settings.json and is_terminal(sys.stdout)
    if on_screen and not settings.verify:
        return Echo(sys.stdout)
    return None


def _run_id(text):
    if _run_of(text) is None:
        raise _argument_error(Text("usage_run", value=repr(text)))
    return text


def _run_of(text):
    """(folder, run id) of --resume's `text`: a run id (its folder: None, --log-dir's), or
    the path of the run's log or journal (runs/ID.jsonl); None if it names no run."""
    folder, name = os.path.split(text)
    run_id, suffix = os.path.splitext(name)
    if not runlog.is_run_id(run_id) or suffix not in ("", ".jsonl", ".journal"):
        return None
    return folder or (os.curdir if suffix else None), run_id


def _positive_int(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value <= 0:
        raise _argument_error(Text("usage_positive", value=repr(text)))
    return value


def _retries(text):
    if not text.isdigit() or int(text) > 10:
        raise _argument_error(Text("usage_retries", value=repr(text)))
    return int(text)


MAX_SECONDS = 86_400.0  # a day: more is a typo, and sockets refuse timeouts like 1e308


def _whole(text):
    if not text.isdigit():
        raise _argument_error(Text("usage_whole", value=repr(text)))
    return int(text)


def _command(text):
    """--mcp's text as an argument list, split as a POSIX shell would (no shell runs it)."""
    import shlex
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise _argument_error(Text("usage_command", value=repr(text), problem=exc)) from None
    if not argv:
        raise _argument_error(Text("usage_empty_command"))
    return argv


def _positive_float(text):
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= MAX_SECONDS:
        raise _argument_error(Text("usage_seconds", value=repr(text),
                                   most=f"{MAX_SECONDS:g}"))
    return value


def _asked_question(text):
    from stock_agent.run import MAX_QUESTION_CHARS
    if not text.strip():  # an empty --question is a mistake, not a request for the sample
        raise _argument_error(Text("usage_question_empty"))
    if len(text) > MAX_QUESTION_CHARS:
        raise _argument_error(Text("usage_question_long", chars=f"{len(text):,}",
                                   most=f"{MAX_QUESTION_CHARS:,}"))
    return text


def _argument_error(text):
    """The error of a flag's value (a Text): argparse shows it in English after `argument
    FLAG: `, and usage.usage_line puts the whole line in the person's language."""
    import argparse
    return argparse.ArgumentTypeError(text.render("en"))


def detect_lang(environ):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return "zh-TW" if value.lower().startswith("zh") else "en"
    return "en"


# --- What a person sees of a run ----------------------------------------------------
# Every line on stderr goes through print_err (escaped, one line, never raising); the answer
# and the --json object go through report (escaped only on a terminal). py says why.


def _approval(args):
    """Who may say yes to a tool that needs approval (Settings.approval): --approve, else a
    person at a terminal, else nobody."""
    if args.approve:
        return "flag"
    return "terminal" if is_terminal(sys.stdin) and is_terminal(sys.stderr) else None


def approver(settings):
    """The approver of `settings.approval`: yes for "flag", the person asked for
    "terminal", None for nobody (such a tool does not run). Its `by` goes into the log.
    The person has until the run's time budget ends to answer: silence then is no, and
    nobody is asked again in that run (nobody is there)."""
    if settings.approval == "flag":
        return _labelled(lambda tool, arguments: True, "flag")
    if settings.approval != "terminal":
        return None
    import time
    deadline, silent = time.monotonic() + settings.limits.budget_seconds, []

    def ask(tool, arguments):
        left = deadline - time.monotonic()
        if silent or left <= 0:
            return False
        try:
            return ask_on_terminal(tool, arguments, lang=settings.lang,
                                   dry_run=settings.dry_run, seconds=left)
        except TimeoutError:
            silent.append(True)
            print_err(Text("approve_timeout", seconds=f"{settings.limits.budget_seconds:g}")
                      .render(settings.lang))
            return False
    return _labelled(ask, "terminal")


def _labelled(approve, by):
    approve.by = by
    return approve


ASK_AT_MOST = 3  # times the approval question is asked before silence counts as no


def ask_on_terminal(tool, arguments, *, lang="en", stdin=None, stderr=None, dry_run=False,
                    seconds=None):
    """Show the tool and its arguments, or for a write exactly what it will write, and wait
    for a yes word of `lang` (y, yes; 是, 好, 對, ...). A no word, an empty line or EOF is
    no; anything else is asked again, at most ASK_AT_MOST times in all, then it is no.
    `dry_run`: the question starts by saying that nothing will be written. `seconds`: how
    long all the answers may take (None: as long as the person likes); TimeoutError past it."""
    import time
    stderr, stdin = stderr or sys.stderr, stdin or sys.stdin
    deadline = None if seconds is None else time.monotonic() + seconds
    question = _question(tool, arguments, lang)
    if dry_run:
        question = Text("approve_dry_run").render(lang) + question
    yes, no = (set(Text(key).render(lang).casefold().split())
               for key in ("approve_yes", "approve_no"))
    for _ in range(ASK_AT_MOST):
        if write(stderr, escape(question)) is not None:
            return False  # nobody can be asked
        answer = stdin.readline() if deadline is None else _typed(stdin, deadline)
        word = answer.strip().rstrip("。.!！").casefold()
        if word in yes:
            return True
        if not answer or not word or word in no:  # EOF, Enter ([y/N]: N) or a no
            return False
        question = Text("approve_again").render(lang)
    return False


def _typed(stdin, deadline):
    """The line the person types on the terminal `stdin` before `deadline` ("" at its end:
    EOF). A thread reads the terminal's descriptor itself, holding no lock of sys.stdin's,
    so the run can end while it still waits; TimeoutError when nothing came in time. A
    stream with no descriptor (text in memory) is read as it is: it never waits."""
    import threading
    import time
    try:
        descriptor = stdin.fileno()
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        return stdin.readline()
    typed = []

    def read():
        try:
            typed.append(os.read(descriptor, 4096).decode(
                getattr(stdin, "encoding", None) or "utf-8", "replace"))
        except OSError:  # a closed descriptor: as EOF
            typed.append("")
    reader = threading.Thread(target=read, name="approval", daemon=True)
    reader.start()
    reader.join(max(deadline - time.monotonic(), 0))
    if not typed:
        raise TimeoutError
    return typed[0]


def _question(tool, arguments, lang):
    # Every value as JSON: all of it, nothing hidden, no control character reaches the screen.
    if getattr(tool, "preview", None) is None:
        return Text("approve", tool=tool.name,
                    arguments=json.dumps(arguments, ensure_ascii=False)).render(lang)
    shown = {field: json.dumps(value, ensure_ascii=False)
             for field, value in tool.preview(arguments).items()}
    return Text("approve_write", tool=tool.name, **shown).render(lang)


class Echo:
    """--stream on a terminal: print a reply's text as it arrives.

    From the first character that could open a tool call written as text (`{`, `[`, `<`,
    a fence) the rest of the reply is held until the reply is whole: a call is never shown
    as if it were the answer. Held text that cannot hold a call (text_tool_calls) is then
    printed; anything else is left to report(), which prints it only if the run ends with
    it as the answer. `last` is the text printed for the latest reply.
    """

    def __init__(self, out):
        self.out = out
        self.last = ""
        self._held, self._printed = [], []

    def __call__(self, piece):
        if piece is None:  # the reply is over
            self._reply_over()
        elif self._held:
            self._held.append(piece)
        else:
            starts = [at for at in map(piece.find, "{[<`") if at >= 0]
            cut = min(starts) if starts else len(piece)
            self._show(piece[:cut])
            if piece[cut:]:
                self._held.append(piece[cut:])

    def _reply_over(self):
        from stock_agent import toolcalls
        held = "".join(self._held)
        if held and toolcalls.CALL_MARK not in held:
            self._show(held)
        if self._printed:
            write(self.out, "\n")
        self.last = "".join(self._printed)
        self._held, self._printed = [], []

    def _show(self, text):
        if not self._printed:
            text = text.lstrip()  # as the answer is stripped
        if text:
            write(self.out, escape(text, newlines=True))
            self._printed.append(text)


_NOTED = set()  # the notes already printed by this process: an evaluation makes many clients


def note_remote(url, lang, *, clear_key=False):
    """Say, once and before anything is sent, that the question and data leave this machine,
    and (`clear_key`) that the API key would cross the network unencrypted."""
    for kind in ("remote", "clear_key") if clear_key else ("remote",):
        if (kind, url) not in _NOTED:
            _NOTED.add((kind, url))
            print_err(Text(kind, url=url).render(lang))


def note_refused(server, tool, reason, *, lang):
    """One line for an MCP server's tool that is not offered to the model, and why (a Text,
    worded in `lang`)."""
    print_err(Text("refused", server=server, tool=tool, reason=reason).render(lang))


def report(outcome, settings, *, shown="", show_log=True):
    """Print a finished run (run.Outcome): the answer or the JSON object on stdout, notes on
    stderr. `shown` is the text --stream already printed of the last reply: it is not
    printed again. Returns the exit status: the run's, or OUTPUT_UNWRITABLE when stdout
    cannot take it (PIPE_CLOSED's, with no line, when its reader has left). What happens to
    stderr never changes the exit status.
    """
    lang = settings.lang
    errors = [outcome.error or outcome.refusal, outcome.log_error]  # refusal: exit 47
    if None not in errors and errors[0].code == errors[1].code:
        errors.pop()  # the log failed with the very error that ended the run: say it once
    ordered = bool(outcome.orders)
    for error in errors:
        if error is not None:
            print_err(Text("error", code=error.code,
                           message=error.message(lang, ordered=ordered)).render(lang))
            for line in error.params.get("below", ()):  # an error's own lines (a diff)
                print_err("    " + line)
    if ordered and outcome.status != "completed":
        print_err(Text("orders_stand", orders=_orders_text(outcome.orders)).render(lang))
    text = _stdout_text(outcome, settings, shown)
    failed = write(sys.stdout, text) if text else None
    if failed is not None:  # a closed stdout, a closed pipe or a full disk
        if sys.stdout is not None:
            silence("stdout")
        if _reader_left(failed):  # `| head -1` has what it wanted: quiet, as coreutils are
            return EXIT_STATUS["PIPE_CLOSED"]
        failure = AgentError("OUTPUT_UNWRITABLE", reason=failed)
        print_err(Text("error", code=failure.code, message=failure.message(lang)).render(lang))
        return failure.exit_status
    if show_log and outcome.log is not None and outcome.log_error is None:
        print_err(Text("log", path=outcome.log).render(lang))
    return outcome.exit_status


def _reader_left(reason):
    """True when `reason` (write's) says stdout is a pipe whose reader has gone (EPIPE),
    not a stdout that was closed (`>&-`) or is full: those are OUTPUT_UNWRITABLE."""
    import errno
    return reason == os.strerror(errno.EPIPE)


def _stdout_text(outcome, settings, shown):
    """What goes to stdout: the --json line, or the answer not yet streamed. The answer is
    written as the model sent it, except on a terminal, where it is escaped."""
    if settings.json:
        return json.dumps(as_json(outcome, settings.lang, dry_run=settings.dry_run),
                          ensure_ascii=False) + "\n"
    if outcome.status != "completed":
        return ""
    answer, shown = outcome.answer, shown.strip()
    at = answer.find(shown) if shown else -1
    if at >= 0:  # the streamed part is on screen already; what the answer policy put before
        # it (the label of the data) could not be, so it follows it on a line of its own
        answer = "\n".join(part.strip() for part in (answer[:at], answer[at + len(shown):])
                           if part.strip())
    parts = [answer] if answer else []
    if settings.facts:  # rendered by code from the tool results, never by the model
        parts.append(runlog.render_block(outcome.results, settings.lang))
    if settings.dry_run:  # said by code, whatever the model's answer says
        parts.append(_dry_run_note(outcome.results, settings.lang))
    text = "\n".join(parts)
    if text and is_terminal(sys.stdout):
        text = escape(text, newlines=True)
    return text + "\n" if text else ""


def as_json(outcome, lang, *, dry_run=False):
    """The --json object. Its keys are stable and listed in docs/output.md. `dry_run`
    (--dry-run): its `dry_run` key says what was rehearsed, and that nothing was written."""
    return {
        "status": outcome.status,
        "exit_status": outcome.exit_status,
        "answer": outcome.answer if outcome.status == "completed" else None,
        "error": _error_fields(outcome.error, lang, bool(outcome.orders)),
        "log_error": _error_fields(outcome.log_error, lang),
        "run_id": outcome.run_id,
        "log": outcome.log,
        "steps": outcome.steps,
        "tool_calls": list(outcome.tool_calls),
        "orders": list(outcome.orders),
        "facts": runlog.facts(outcome.results),
        "dry_run": _dry_run(outcome.results, lang) if dry_run else None,
        "verification": outcome.verification,
        "statements": outcome.statements,
        "tokens": dict(outcome.tokens),
        "duration_ms": outcome.duration_ms,
    }


def _dry_run(results, lang):
    """--json's `dry_run`: the writes that were rehearsed, what each would have written."""
    return {"written": False, "note": _dry_run_note(results, lang),
            "rehearsed": [{"invocation": record["invocation"], "tool": record["name"],
                           "would_write": record["result"]["data"].get("would_write")}
                          for record in runlog.rehearsals(results)]}


def _dry_run_note(results, lang):
    count = len(runlog.rehearsals(results))
    return Text("dry_run_note" if count else "dry_run_none", count=count).render(lang)


def _error_fields(error, lang, ordered=False):
    return None if error is None else {"code": error.code,
                                       "message": error.message(lang, ordered=ordered)}


def _orders_text(receipts):
    return ", ".join(f"{r['order_id']} ({r['ledger']})" for r in receipts)


def print_err(line):
    """One line on stderr, escaped so untrusted text in it cannot steer the terminal or
    start a line of its own. A closed or full stderr is ignored: it is not the run's
    outcome."""
    if write(sys.stderr, escape(line) + "\n") is not None \
            and sys.stderr is not None:
        silence("stderr")


# --- A conversation -----------------------------------------------------------------

def wants_chat(args, *, stdin=None, stdout=None):
    """--chat, --continue, or no --question with a person at the terminal (both ends: a
    script that pipes either one gets the single sample question, as before). `--mock`
    alone is the offline demonstration: it answers the sample question, at a terminal too
    (--mock --chat talks); --orders, --resume and --mcp are for single runs."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    if args.chat or args.session:
        return True
    single_run = args.mock or args.resume or args.orders or args.mcp or args.otlp
    return (args.question is None and not single_run and is_terminal(stdin)
            and is_terminal(stdout))

# --- The terminal -----------------------------------------------------------------
#
# Writing text a person reads: untrusted text made harmless, and streams that may fail.
#
# Threat model: the model, the model server and the data files can put any character into
# what is printed: an answer, a server's error text, a model or tool name, an item name. On a
# terminal, ESC and CSI sequences can clear the screen or recolour it, OSC can set the title
# or write the clipboard, CR can overwrite a line (and forge a `stock-agent:` line), and bidi
# overrides (RLO) can show "45" where the text says "54". `escape()` shows each such character
# as its Python escape (`\\x1b`, `\\r`, `\\u202e`), along with lone surrogates, which UTF-8
# cannot encode at all. Letters of every script, CJK punctuation and full-width spaces are
# left alone.
#
# `write()` never raises: a closed stdout (`>&-`), a full disk or a closed pipe comes back as
# the reason, so the caller decides what that means for the exit status.

# C0 and C1 controls (newline and tab apart), DEL, the bidi controls, line and paragraph
# separators, and surrogates (only ever lone in a str).
_UNSAFE = ("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
           "\ud800-\udfff]")
_CONTROL = {}  # compiled on first use: a run that prints nothing risky never compiles them


def escape(text, *, newlines=False):
    """`text` with every unsafe character shown as its escape. With `newlines`, line
    breaks stay (an answer's paragraphs); without, the result is one line (an error line)."""
    # Every unsafe character is also one str.isprintable() refuses, so the usual line is
    # checked in C and the pattern is compiled only for text that needs a closer look.
    if (text.replace("\n", "") if newlines else text).isprintable():
        return text
    pattern = _CONTROL.get(newlines)
    if pattern is None:
        import re
        chars = _UNSAFE if newlines else _UNSAFE.replace("\x0b", "\x0a\x0b")
        pattern = _CONTROL[newlines] = re.compile(chars)
    return pattern.sub(_escaped, text)


def _escaped(match):
    return match[0].encode("unicode_escape").decode("ascii")


def is_terminal(stream):
    """True if `stream` is an open terminal (None, a closed or a fake stream is not)."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def write(stream, text):
    """Write and flush `text`. Returns None, or the reason it could not be written. A
    character the stream's encoding lacks (a lone surrogate, say) is written as its
    backslash escape: inside a JSON string that is the same JSON value."""
    if stream is None:
        import errno
        return os.strerror(errno.EBADF)
    encoding = getattr(stream, "encoding", None)
    if isinstance(encoding, str):
        text = text.encode(encoding, "backslashreplace").decode(encoding)
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError) as exc:  # ValueError: the stream was closed
        return getattr(exc, "strerror", None) or type(exc).__name__
    return None


def silence(name):
    """Swap a failed sys.stdout or sys.stderr for /dev/null. Python flushes both streams on
    exit and turns a failed flush into exit status 120; the run's status must stand."""
    setattr(sys, name, open(os.devnull, "w"))

# --- Signals ----------------------------------------------------------------------
#
# Signals that end a run as Ctrl-C does, and moments that no signal may cut short.
#
# SIGTERM (a service manager, `docker stop`, timeout(1), a CI cancel) and SIGHUP (a closed
# terminal) would end the process at once, with no line on stderr and a log that never says
# how the run ended. While `EndOnSignals` is active they raise errors.Stopped, a
# KeyboardInterrupt, where the program is: every path that ends a run on Ctrl-C ends it on
# these too (one line, the log's `cancelled` event, exit 143 TERMINATED or 129 HANGUP).
# `ignored()` holds them all, Ctrl-C included, off while something must finish (the MCP
# servers being reaped). Handlers can only be set on the main thread; elsewhere both do
# nothing.

# (the signal's name, the code it ends a run with). Windows has no SIGHUP.
ENDING = (("SIGTERM", "TERMINATED"), ("SIGHUP", "HANGUP"))
RUN_ENDING = ("SIGINT", *(name for name, _ in ENDING))  # Ctrl-C's too


class EndOnSignals:
    """While active, SIGTERM and SIGHUP raise errors.Stopped with their code."""

    def __enter__(self):
        self._previous = _install({name: _stopper(code) for name, code in ENDING})
        return self

    def __exit__(self, *exc_info):
        _restore(self._previous)


class ignored:
    """While active, Ctrl-C, SIGTERM and SIGHUP are ignored."""

    def __enter__(self):
        signal = _signal_module()
        self._previous = _install(dict.fromkeys(RUN_ENDING, signal.SIG_IGN))
        return self

    def __exit__(self, *exc_info):
        _restore(self._previous)


class held:
    """While active, Ctrl-C, SIGTERM and SIGHUP wait, pending, instead of arriving; a thread
    started meanwhile inherits the mask and never takes them. The kernel gives a signal to
    any thread that does not block it, and Python runs handlers on the main thread only: a
    signal given to a worker that waits in a read left the main thread waiting on, up to a
    30 s MCP call, before the run ended."""

    def __enter__(self):
        signal = _signal_module()
        self._before = None
        if hasattr(signal, "pthread_sigmask"):  # Windows has no masks, nor these signals
            numbers = {getattr(signal, name) for name in RUN_ENDING if hasattr(signal, name)}
            self._before = signal.pthread_sigmask(signal.SIG_BLOCK, numbers)
        return self

    def __exit__(self, *exc_info):
        if self._before is not None:
            signal = _signal_module()
            signal.pthread_sigmask(signal.SIG_SETMASK, self._before)


def start_worker(thread):
    """Start `thread` with Ctrl-C, SIGTERM and SIGHUP blocked in it for good (held)."""
    with held():
        thread.start()


def _install(handlers):
    """Set each signal's handler; returns {number: the handler it had} for those set."""
    signal = _signal_module()
    previous = {}
    for name, handler in handlers.items():
        number = getattr(signal, name, None)
        try:
            previous[number] = signal.signal(number, handler)
        except (TypeError, ValueError):  # no such signal here, or not the main thread
            pass
    return previous


def _restore(previous):
    signal = _signal_module()
    for number, handler in previous.items():
        signal.signal(number, handler)


def _signal_module():
    # `signal` builds three enums when it is imported (0.7 ms, 3% of a --mock run's
    # start-up: docs/benchmarks.md); its C core, always loaded, does the same job.
    try:
        import _signal
        return _signal
    except ImportError:  # an interpreter without it
        import signal
        return signal


def _stopper(code):
    def stop(signum, frame):
        raise Stopped(code)
    return stop
