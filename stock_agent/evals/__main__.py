"""`python -m stock_agent.evals run [CASES] [options] [agent flags]` and `... stats [DIR]`.

Without CASES, `run` uses the shipped cases (stock_agent/evals/cases.jsonl), so it works from
any folder once stock-agent is installed. Installed, the command is `stock-agent-eval`, and
its help and usage errors call it so.

Exit statuses: 0 done (and the gate passed), 2 usage, 3 INVALID_INPUT (cases file, report),
5 BELOW_MIN_SUCCESS, 6 OUTPUT_UNWRITABLE (stdout closed or full), 130 CANCELLED (143, 129:
SIGTERM, SIGHUP), or the agent's own status when the model cannot be set up (for example 30
NO_MODEL) or the server cannot be used at all (33 MODEL_UNREACHABLE, 31 MODEL_NOT_FOUND, ...:
the evaluation stops at the first such case instead of scoring every case a failure).
"""

import json
import os
import sys

from stock_agent import cli
from stock_agent.errors import EXIT_STATUS, AgentError, Text, cancellation

HERE = os.path.dirname(os.path.abspath(__file__))
SHIPPED_CASES = os.path.join(HERE, "cases.jsonl")
INSTALLED = "stock-agent-eval"  # the script an install makes (pyproject.toml's [project.scripts])

# argparse puts the command's name where %(prog)s stands (`... run` in RUN_EPILOG).
EPILOG = """\
examples:
  %(prog)s run --mock    score the shipped cases on the offline mock model
  %(prog)s stats         summarise the run logs in runs/
"""
RUN_EPILOG = """\
Any other flag is an agent flag (see stock-agent --help) used for every case; CASES, when
given, comes first:
  %(prog)s --mock
  %(prog)s --mock --split test
  %(prog)s --model qwen2.5:7b --repeat 3 --jobs 2
  %(prog)s my_cases.jsonl --mock --report out.json
  %(prog)s --mock --system-prompt stock_agent/evals/prompts/short.txt
Run logs go to the evals folder in the agent's log folder (runs/evals in a checkout)
unless --log-dir is given.
"""
NO_COMMAND = ("say what to do: `{prog} run --mock` scores the shipped cases on the offline "
              "mock model, `{prog} stats` summarises the run logs in runs/")


def program_name(argv0):
    """The name a person typed: the installed script's, or the module's command."""
    name = os.path.splitext(os.path.basename(argv0 or ""))[0]
    return INSTALLED if name == INSTALLED else "python -m stock_agent.evals"


def build_parser(prog="python -m stock_agent.evals"):
    import argparse
    parser = argparse.ArgumentParser(
        prog=prog, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Evaluate a model and prompt on fixed cases, or summarise run logs.")
    commands = parser.add_subparsers(dest="command")  # none: NO_COMMAND says what to give
    run = commands.add_parser(  # no abbreviations: they could swallow an agent flag
        "run", help="run the cases and score them", epilog=RUN_EPILOG, allow_abbrev=False,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Run every case through the command line's own path and score tool "
                    "selection, arguments, restraint and answers.")
    run.add_argument("cases", metavar="CASES",
                     help="a JSONL file of cases (default: the shipped cases)")
    run.add_argument("--repeat", type=_positive_int, default=1,
                     help="run each case N times and report the spread (default: 1)")
    run.add_argument("--split", choices=("dev", "test", "all"), default="all",
                     help="run the dev set (tune on it), the test set (report it; never tune "
                          "on it) or both, each reported apart (default: all)")
    run.add_argument("--jobs", type=_positive_int, default=1,
                     help="run up to N cases at once, for served models (default: 1)")
    run.add_argument("--min-success", type=_rate, metavar="RATE",
                     help="exit 5 (BELOW_MIN_SUCCESS) if task success is below RATE (0-1)")
    run.add_argument("--report", metavar="FILE", help="also write the JSON report to FILE")
    stats = commands.add_parser("stats", help="summarise a folder of run logs")
    stats.add_argument("directory", nargs="?", default="runs",
                       help="folder of *.jsonl run logs (default: runs)")
    stats.add_argument("--json", action="store_true", help="print the summary as JSON")
    return parser


def _positive_int(text):
    import argparse
    if not text.isdigit() or int(text) <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number above 0")
    return int(text)


def _rate(text):
    import argparse
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a rate between 0 and 1")
    return value


def main(argv=None, *, environ=None, make_model=None):
    parser = build_parser(program_name(sys.argv[0] if sys.argv else None))
    args, agent_argv = parser.parse_known_args(_with_cases(sys.argv[1:] if argv is None
                                                           else argv))
    if args.command is None:
        parser.error(NO_COMMAND.format(prog=parser.prog))
    if args.command == "stats" and agent_argv:
        parser.error(f"unrecognized arguments: {' '.join(agent_argv)}")
    environ = os.environ if environ is None else environ
    try:
        with cli.EndOnSignals():  # SIGTERM and SIGHUP stop it as Ctrl-C does
            if args.command == "stats":
                return _stats(args, environ)
            return _run(args, agent_argv, environ, make_model, usage_error=parser.error)
    except KeyboardInterrupt as interrupt:
        return _fail(cancellation(interrupt), environ)
    except AgentError as exc:
        return _fail(exc, environ)


def _with_cases(argv):
    """`run` with no CASES (the next word is a flag, or nothing) runs the shipped cases."""
    if argv[:1] == ["run"] and (len(argv) == 1 or argv[1].startswith("-")) \
            and not {"-h", "--help"} & set(argv):
        return ["run", SHIPPED_CASES, *argv[1:]]
    return list(argv)


def _run(args, agent_argv, environ, make_model, *, usage_error):
    _prefer_our_root_modules()
    from stock_agent import cli
    from stock_agent.evals import harness, report
    # The agent's own flags, parsed once as the command line parses them: their usage errors
    # (combinations included) come now, before any case runs. Each case changes its fields.
    flags = cli.settings(harness.with_log_dir(agent_argv, environ), environ)
    flags = flags.replace(conversation=False)
    if flags.resume:
        usage_error("--resume settles an interrupted run's orders; an evaluation asks questions")
    if flags.question:  # -q, or a word no flag took (the agent's flags take words as one)
        usage_error("an evaluation asks its cases' questions; it takes no question of its own")
    cases = harness.select(harness.load_cases(args.cases), args.split, args.cases)
    single = [flag for flag, given in (("--orders", flags.orders), ("--mcp", flags.mcp))
              if given]
    if single and any("turns" in case for case in cases):
        usage_error(f"{single[0]} is for single questions; these cases hold conversations")
    setup = harness.describe_setup(flags, cases, environ=environ, agent_flags=agent_argv,
                                   make_model=make_model, cases_path=args.cases)
    progress = None
    if cli.is_terminal(sys.stderr) and not flags.verbose:  # -v traces every case itself
        from stock_agent.evals.progress import Progress
        progress = Progress(sys.stderr, len(cases) * args.repeat)
    try:
        rows = harness.run_cases(cases, flags, repeat=args.repeat, jobs=args.jobs,
                                 environ=environ, make_model=make_model, progress=progress)
    finally:
        if progress is not None:
            progress.close()
    document = report.build_report(setup, cases, rows, repeat=args.repeat, jobs=args.jobs,
                                   min_success=args.min_success)
    if args.report:  # first: a stdout that fails must not cost the report
        _write_report(args.report, document)
    _print(cli.escape(report.render(document), newlines=True))
    if args.report:
        cli.print_err(f"report: {args.report}")
    if document["gate_passed"] is False:
        raise AgentError("BELOW_MIN_SUCCESS", rate=document["totals"]["task_success"]["rate"],
                         minimum=args.min_success)
    return 0


def _prefer_our_root_modules():
    """The harness imports agent.py (and it tools.py and mock_model.py) from beside this
    package, in a checkout or in site-packages, never a file of the same name in the
    current folder, which `python -m` puts first on the path."""
    home = os.path.dirname(os.path.dirname(HERE))
    if sys.path[:1] != [home]:
        sys.path.insert(0, home)


def _write_report(path, document):
    try:
        with open(path, "w", encoding="utf-8") as file:
            json.dump(document, file, ensure_ascii=False, indent=1)
            file.write("\n")
    except OSError as exc:
        raise AgentError("INVALID_INPUT", detail=Text(
            "report_unwritable", path=path, reason=exc.strerror or type(exc).__name__)) from None


def _stats(args, environ):
    from stock_agent import cli
    from stock_agent.evals import stats
    summary = stats.summarize_directory(args.directory, cli.detect_lang(environ))
    if summary["error"] is not None and not args.json:  # --json carries the error itself
        raise AgentError("INVALID_INPUT", detail=summary["error"])
    if args.json:  # JSON escapes control characters itself; a table needs escaping
        _print(json.dumps(summary, ensure_ascii=False, indent=1))
    else:
        _print(cli.escape(stats.render(summary), newlines=True))
    return 0 if summary["error"] is None else EXIT_STATUS["INVALID_INPUT"]


def _print(text):
    """Write `text` and a newline on stdout, or raise OUTPUT_UNWRITABLE."""
    failed = cli.write(sys.stdout, text + "\n")
    if failed is not None:
        if sys.stdout is not None:
            cli.silence("stdout")
        raise AgentError("OUTPUT_UNWRITABLE", reason=failed)


def _fail(error, environ):
    """The one error line, in the same `stock-agent: CODE: ` form as the command line's."""
    lang = cli.detect_lang(environ)
    cli.print_err(Text("error", code=error.code, message=error.message(lang)).render(lang))
    return error.exit_status


if __name__ == "__main__":
    raise SystemExit(main())
