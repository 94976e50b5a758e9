"""Plugins: MCP servers' tools, under the same rules as our own (`--mcp "COMMAND ARGS"`).

    $ python agent.py --mock --mcp "mcp-server-time" \\
          -q 'time__get_current_time {"timezone": "Asia/Taipei"}'

`open_servers(settings, environ, opened)` is the wing's entry point: the composition
(agent.py) calls it for --mcp, and the servers run until the run's ExitStack closes.
`running(...)` starts every server (stdio.py), finds its protocol generation and lists its
tools (client.py), turns each tool into a spec or a one-line refusal (adapter.py), and on
leaving stops and reaps every server, whatever ended the run, and on Linux what they left
behind outside their process groups (reaper.py, which says what is not reaped). Standard
library only: JSON-RPC 2.0 over newline-delimited stdio.

Contract:
- Start-up is all or nothing, like --inventory: a server that cannot start, breaks the
  protocol, exits, does not answer within --timeout, floods its output, or offers no tool we
  can enforce ends the run before the model is asked anything (MCP_* exit statuses 50-54).
- Each call is bounded by --timeout and by what is left of --budget-seconds (counted from
  the servers' start). During the run a server's failure is the failed call's result
  (MCP_TIMEOUT, MCP_SERVER_EXITED, ...): the model is told, the run goes on without it.
- While servers run, SIGTERM is handled like Ctrl-C (the run ends `cancelled`), and a second
  signal cannot interrupt the servers' shutdown.

Threat model: a server is a program the person chose to run. It runs with their operating
system rights: it can read any file they can, the inventory file included; this program is
no sandbox for it. What this program gives it: the arguments of calls the model makes to its
tools (checked against its schema; tools not marked read-only only after approval) and,
from our environment, only stdio.PASSED_ENV and --mcp-env names. It never receives the
loaded inventory, the tenant, the question, the conversation, or another server's data,
unless the model writes them into arguments. Its tool descriptions and results reach the
model as data: they can mislead the model, never run a tool, approve one, or change a rule.
Its annotations are believed: a server that marks a writing tool read-only can have it run
without approval, as it could do anything else it likes on its own.
"""

import contextlib
import os
import time

from stock_agent import cli
from stock_agent.errors import AgentError, Text
from stock_agent.mcp.adapter import call_outcome, server_name, tool_spec
from stock_agent.mcp.client import Client
from stock_agent.mcp.reaper import adopt_orphans, reap_orphans
from stock_agent.mcp.stdio import Connection


def open_servers(settings, environ, opened):
    """The servers --mcp names, started on the run's ExitStack (`opened`); their Plugins. A
    server's tool that cannot be offered is named on stderr in the run's language."""
    return opened.enter_context(running(
        settings.mcp, environ=environ, passed_env=settings.mcp_env,
        timeout=settings.limits.timeout, budget_seconds=settings.limits.budget_seconds,
        on_refused=lambda *refusal: cli.note_refused(*refusal, lang=settings.lang)))


@contextlib.contextmanager
def running(commands, *, environ, passed_env=(), timeout, budget_seconds,
            on_refused=lambda server, tool, reason: None):
    """Start the servers of `commands` (argument lists); yields their Plugins; stops and
    reaps them all on the way out. `on_refused(server, tool, reason)` hears of each tool that
    cannot be offered, as soon as its server has listed its tools; `reason` is a Text."""
    plugins = Plugins(timeout=timeout, budget_seconds=budget_seconds, on_refused=on_refused)
    # SIGTERM and SIGHUP end the run as Ctrl-C does, also where the command line has not
    # already asked for it, so the servers are always reaped; and no signal cuts that short.
    with cli.EndOnSignals():
        try:
            plugins.adopted = adopt_orphans()  # a server's daemons come back to us
            for command in commands:
                plugins.start(command, environ=environ, passed_env=passed_env)
            yield plugins
        finally:
            with cli.ignored():
                plugins.close()


class Plugins:
    """The servers of one run, their tool specs, and the tools they could not offer."""

    def __init__(self, *, timeout, budget_seconds, on_refused):
        self.timeout, self.budget_seconds = timeout, budget_seconds
        self.on_refused = on_refused
        self.deadline = time.monotonic() + budget_seconds
        self.servers = []  # what the log and -v say about each server (mcp_server events)
        self.specs = []
        self.adopted = None  # what reaper.adopt_orphans returned
        self._connections = []

    def start(self, command, *, environ, passed_env):
        """Start one server, learn its generation and tools; raises an MCP_* AgentError."""
        started = time.monotonic()
        label = os.path.basename(command[0])
        connection = Connection(command, label=label, environ=environ, passed=passed_env)
        self._connections.append(connection)
        client = Client(connection)
        listed = self._ready(client, started)
        name = server_name(client.info, len(self.servers) + 1,
                           {server["name"] for server in self.servers})
        connection.label = name

        def call(remote, arguments):
            return call_outcome(client, name, remote, arguments, self.seconds_left())

        specs, refused = _specs(listed, name, call)
        for refusal in refused:
            self.on_refused(name, refusal["tool"], refusal["reason"])
        if not specs:
            raise AgentError("MCP_START_FAILED", server=name, reason=Text(
                "mcp_none_offered", count=len(listed)) if listed else Text("mcp_no_tools_listed"))
        self.specs.extend(specs)
        self.servers.append(_described(name, label, client, specs, refused, started))

    def _ready(self, client, started):
        """Start `client` and list its tools, within --timeout and the run's budget; a
        timeout names the one of the two that ran out."""
        if started + self.timeout <= self.deadline:
            deadline, limit, seconds = started + self.timeout, "--timeout", self.timeout
        else:
            deadline, limit, seconds = self.deadline, "--budget-seconds", self.budget_seconds
        try:
            client.start(deadline)
            return client.list_tools(deadline)
        except AgentError as exc:
            if exc.code != "MCP_TIMEOUT":
                raise
            raise AgentError("MCP_TIMEOUT", server=client.connection.label, limit=limit,
                             seconds=f"{seconds:g}", method=exc.params.get("method")) from None

    def seconds_left(self):
        """How long the next request may take: --timeout, within the run's budget."""
        return max(min(self.timeout, self.deadline - time.monotonic()), 0)

    def close(self):
        """Stop every server, then what they left behind (which may hold their pipes open),
        then wait for their pipes."""
        for connection in self._connections:
            connection.stop()
        reap_orphans(self.adopted)
        for connection in self._connections:
            connection.release()


def _described(name, label, client, specs, refused, started):
    """What the log's mcp_server event and -v say about a started server. A refusal's reason
    is the English sentence whatever the run's language: the log reads the same for all."""
    return {"name": name, "command": label, "pid": client.connection.pid, "era": client.era,
            "protocol": client.version, "server_info": client.info,
            "startup_ms": round((time.monotonic() - started) * 1000),
            "tools": [spec["name"] for spec in specs],
            "read_only": [spec["name"] for spec in specs if spec["read_only"]],
            "refused": [{"tool": refusal["tool"], "reason": str(refusal["reason"])}
                        for refusal in refused]}


def _specs(listed, server, call):
    specs, refused, seen = [], [], set()
    for raw in listed:
        spec, reason = tool_spec(raw, server, call)
        if spec is not None and spec["remote"] in seen:
            spec, reason = None, Text("mcp_tool_twice")
        if spec is None:
            name = raw.get("name") if isinstance(raw, dict) else None
            refused.append({"tool": str(name)[:80], "reason": reason})
        else:
            seen.add(spec["remote"])
            specs.append(spec)
    return specs, refused
