"""stock-agent's package: everything but the core's three top-level modules.

The core is what a reader starts from: `agent.py` (main(), the composition of a run, the
bounded loop), `tools.py` (tool declarations, the toolbox, the runner) and `mock_model.py`
(the scripted model). They import this package; nothing here imports them, except the
evaluation wing, which runs its cases through the command line's own path.

What every run uses:

    cli.py          the command line: flags -> one frozen run.Settings, --help, everything
                    a person sees of a run (answers, notes, prompts), the terminal, signals
    run.py          Settings, Limits, the request budget, the system prompts, Outcome
    errors.py       every error code and its exit status; AgentError, ToolError, Text
    messages.py     the one message catalogue: every line a person reads, both languages
    runlog.py       the evidence of a run: JSONL records, the run log (one file per run, one
                    terminal event), and the one reader of tool results (the facts, receipts,
                    what an answer may lean on)
    schema.py       the JSON Schema subset tool arguments are checked against; its patterns
                    are ECMA-262's, matched in linear time
    toolcalls.py    tool calls a model wrote as text (--recover-text-tool-calls runs them)
    inventory.py    the built-in sample and the CSV/SQLite loaders, one tenant per run
    files.py        reading a file a person names: regular files only, byte caps
    providers/      one HTTP chat client per wire format (Ollama, OpenAI-compatible,
                    Anthropic), on one base (shared.ChatClient) and one transport

The wings: each a flag switches on, each opened by the composition only then, each handing
the loop something it already takes (tools, an approver, a policy, a history, a listener):

    answers/        what the person reads: the answer policy (checks unless --verify off)
    orders/         --orders and --resume: ledger, operation journal, write protocol
    chat/           --chat and --continue: the record, the history the model sees
    mcp/            --mcp: MCP servers over stdio, their tools under our rules
    watch/          --verbose: the live trace and the waiting line
    evals/          python -m stock_agent.evals: cases, metrics, reports, log statistics
"""

__version__ = "0.1.0"
