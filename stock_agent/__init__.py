"""stock-agent's package: everything except the loop, the tools and the mock model.

The three top-level modules are the design a reader starts from: `agent.py` (the entry point
and the bounded loop), `tools.py` (tool declarations and their runner) and `mock_model.py`
(the scripted model). They import this package; nothing here imports them, except the
evaluation harness, which runs cases through the command line's own path.

    cli.py              flags, --help, and everything a person sees of a run
    run.py              what a run is given (Limits) and what it gives back (Outcome)
    prompts.py          the built-in system prompts and sample questions, --system-prompt
    errors.py           every error code, its exit status and its message in both languages
    details.py          the details inside error messages, in both languages
    terminal.py         writing what a person reads: untrusted text escaped, failing streams
    files.py            reading a file a person names: regular files only, byte caps
    runlog.py           the JSONL run log: one file per run, one terminal event
    schema.py           the validator for the JSON Schema subset tools use
    inventory.py        the built-in sample and the CSV/SQLite loaders, one tenant per run
    text_tool_calls.py  tool calls a model wrote as text
    watch.py            the --verbose trace and the waiting line
    providers/          one client per wire format (Ollama, OpenAI-compatible, Anthropic)
    evals/              python -m stock_agent.evals: cases, metrics, reports, log statistics
"""

__version__ = "0.1.0"
