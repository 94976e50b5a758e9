"""stock-agent's package: everything except the loop, the tools and the mock model.

The three top-level modules are the design a reader starts from: `agent.py` (the entry point
and the bounded loop), `tools.py` (tool declarations and their runner) and `mock_model.py`
(the scripted model). They import this package; nothing here imports them, except the
evaluation harness, which runs cases through the command line's own path.

    cli.py              flags, --help, and everything a person sees of a run
    terminal.py         writing what a person reads: untrusted text escaped, failing streams
    run.py              what a run is given (Limits) and what it gives back (Outcome)
    prompts.py          the built-in system prompts and sample questions, --system-prompt
    errors.py           every error code and its exit status; AgentError, Text (the lines)
    messages.py         the message catalogue: every line a person reads, in both languages
    runlog.py           the JSONL run log: one file per run, one terminal event
    budget.py           the size and token budget of every request, long results cut
    verify.py           the answer checker (figures.py reads SKUs and numbers, facts.py
                        renders what the tools said)
    schema.py           the validator for the JSON Schema subset tools use
    inventory.py        the built-in sample and the CSV/SQLite loaders, one tenant per run
    files.py            reading a file a person names: regular files only, byte caps
    text_tool_calls.py  tool calls a model wrote as text
    watch.py            the --verbose trace and the waiting line
    ledger.py, journal.py, writes.py, resume.py
                        --orders: the purchasing ledger, the operation journal, the write
                        protocol, and --resume
    session.py, context.py, chat.py
                        --chat and --continue: the record, the history the model sees,
                        reading questions and printing answers
    providers/          one client per wire format (Ollama, OpenAI-compatible, Anthropic)
    mcp/                --mcp: MCP servers over stdio, their tools under our rules
    evals/              python -m stock_agent.evals: cases, metrics, reports, log statistics
"""

__version__ = "0.1.0"
