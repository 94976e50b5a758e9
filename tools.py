"""Tool contracts and their execution: declaring, checking and running the tools.

Contract (what the program guarantees, whatever the model writes):
- A tool runs only if its name is declared here and its arguments pass the same JSON Schema
  that was sent to the model. The schema is a dict literal you can read below; `validate`
  enforces it. Nothing is inferred from type hints or docstrings.
- Every shipped tool is read-only: handlers only read the `Inventory` they are given, which
  the program built for one tenant before the run (stock_agent/inventory.py). No tool
  argument can name that scope. The one write tool, draft_purchase_order, is offered only
  with --orders; it needs approval, and stock_agent/orders/writes.py makes each order happen once.
- A failure is an observation for the model, never a crash: a call always yields
  `{"ok": true, "data": ...}` or `{"ok": false, "error": CODE, "detail": ...}`, where the
  detail says what was wrong and what to try instead. A handler's unexpected exception is
  INTERNAL_ERROR (its text goes to the log only); a `ToolError` keeps its own code.
- Per run (`ToolRunner`): the same call more than MAX_SAME_CALL times is REPEATED_CALL; a tool
  marked `needs_approval` runs only if an approver says yes (default: none, APPROVAL_DENIED),
  after its `preview` (what it would write) passed, so nobody is asked to approve the impossible;
  read-only calls of one batch may run on threads, any other tool runs alone, in call order;
  too many failed calls in a row end the run with TOOL_ERROR_LIMIT.
- A dry run (a toolbox made with `dry_run`, for --dry-run): a tool that needs approval goes
  through every check and the approval as for a real call, then its `rehearse` runs instead
  of its handler (the orders wing's journals the call and writes nothing); a tool with no
  rehearsal of its own (an MCP server's) is not sent at all. The result says `dry_run` and
  `written: false`, and carries no receipt.

To add a tool, declare it once below as `NAME = shipped(Tool(...))`: that one statement sends
it to the model and makes the program enforce it. Tools of MCP servers (`plugin_toolbox`, at
the end) are Tools too: the same checks, approval unless the server marks them read-only,
and above a threshold the model first gets a search for them instead of their definitions.

Threat model: the model is untrusted input. It may call unknown tools, send malformed
arguments, or be steered by text hidden in data. This module decides what runs; it is not a
sandbox for handlers you add (a handler runs with the program's own rights).
"""

import json
import re
import time

from stock_agent.errors import SIGNAL_SLICE_SECONDS, AgentError, ToolError, raise_if_stopped
from stock_agent.inventory import (ALIASES, ALIKE_ROWS, SKU_HINT, SKU_PATTERN,
                                   names_spelled_alike, spelled_alike)
from stock_agent.schema import check_schema, validate



# --- Declaring tools ---------------------------------------------------------------

class Tool:
    """One tool: everything the model is told and everything the program enforces."""

    __slots__ = ("name", "description", "parameters", "handler", "read_only",
                 "needs_approval", "preview", "rehearse", "server", "instead")

    def __init__(self, *, name, description, parameters, handler, read_only=True,
                 needs_approval=False, preview=None, rehearse=None, server=None,
                 instead=None):
        if not re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", name or ""):
            raise ValueError(f"tool name {name!r} must be 1-64 letters, digits, _ or -")
        if not description:
            raise ValueError(f"tool {name!r} needs a description (when to use it, when not)")
        check_schema(parameters, where=f"tool {name!r}")
        self.name = name
        self.description = description
        self.parameters = parameters
        self.handler = handler
        self.read_only = read_only
        self.needs_approval = needs_approval
        # preview(arguments) -> dict: exactly what the call would write, shown to the person
        # who approves it; a ToolError from it refuses the call before anyone is asked.
        self.preview = preview
        # rehearse(inventory, arguments) -> dict: a dry run's result instead of the handler's,
        # every check made and nothing written; None: the runner's `_rehearsal`.
        self.rehearse = rehearse
        self.server = server  # the MCP server that serves it; None for ours
        # instead(arguments) -> str or None: for arguments its schema refused, the call to
        # make instead, when a better one is known (a name sent as a SKU: find_items).
        self.instead = instead

    def definition(self):
        """The provider-neutral declaration sent to the model."""
        return {"name": self.name, "description": self.description,
                "parameters": self.parameters}


class Toolbox:
    """The tools one run may use, by name. Two tools with one name are a definition error.

    `deferred` tools are known but not offered: the model sees neither their definitions
    nor their names until `reveal` (the MCP catalogue's search) makes them available.
    `dry_run`: the tools that need approval are rehearsed, never run (--dry-run).
    """

    def __init__(self, tools, *, deferred=(), dry_run=False):
        self._tools, self._deferred = {}, {}
        self.dry_run = dry_run
        for tool in tools:
            self.add(tool)
        for tool in deferred:
            self.add(tool, deferred=True)

    def add(self, tool, *, deferred=False):
        first = self._tools.get(tool.name) or self._deferred.get(tool.name)
        if first is not None:
            raise ValueError(
                f"tool name {tool.name!r} is declared twice: by "
                f"{_qualname(first.handler)} and by {_qualname(tool.handler)}")
        (self._deferred if deferred else self._tools)[tool.name] = tool

    def get(self, name):
        return self._tools.get(name)

    def needs_approval(self):
        """Whether any tool, offered or deferred, needs a person's approval to run."""
        return any(tool.needs_approval for tool in self._every())

    def names(self):
        return list(self._tools)

    def all_ours(self):
        """No tool, offered or deferred, is an MCP server's."""
        return all(tool.server is None for tool in self._every())

    def _every(self):
        return [*self._tools.values(), *self._deferred.values()]

    def definitions(self, only=None):
        """The declarations sent to the model: every offered tool's, or those named `only`."""
        return [tool.definition() for tool in self._tools.values()
                if only is None or tool.name in only]

    def deferred(self):
        return list(self._deferred.values())

    def reveal(self, name):
        if name in self._deferred:
            self._tools[name] = self._deferred.pop(name)


def _qualname(function):
    return getattr(function, "__qualname__", repr(function))


# --- Executing one call ------------------------------------------------------------

def prepare(toolbox, name, arguments):
    """Resolve and validate one call. Returns (tool, arguments, None) or (None, None, refusal)."""
    tool = toolbox.get(name) if isinstance(name, str) else None
    if tool is None:
        hidden = any(name == other.name for other in toolbox.deferred())
        return None, None, error_result(
            "UNKNOWN_TOOL",
            f"There is no tool named {str(name)[:80]!r}" + (
                " yet: call search_tools with words for what you need first"
                if hidden else "") + f". Available tools: {', '.join(toolbox.names())}. "
            "Call one of these, or answer without a tool.")
    arguments, problem = parse_arguments(arguments)
    if problem is None:
        problem = validate(tool.parameters, arguments)
    if problem is not None:
        instead = tool.instead(arguments) if tool.instead and isinstance(arguments, dict) \
            else None
        return None, None, error_result(
            "INVALID_ARGUMENTS", f"{problem}. " + (instead or (
                f"Call {tool.name} again with arguments that match its schema: "
                f"{_schema_summary(tool.parameters)}.")))
    return tool, arguments, None


def invoke(tool, arguments, inventory, *, rehearse=False):
    """Call a validated tool's handler (with `rehearse`, its dry run instead). Returns
    (result, log_note); never raises an Exception."""
    handler = tool.handler if not rehearse else tool.rehearse or _rehearsal(tool)
    try:
        data = handler(inventory, arguments)
        json.dumps(data)  # the result goes back to the model as JSON: check it can
        return {"ok": True, "data": data}, None
    except ToolError as exc:
        return error_result(exc.code, exc.detail), None
    except AgentError:  # the run itself cannot go on (a write's record or outcome failed)
        raise
    except Exception as exc:  # a handler bug must not end the run or reach the model
        kind = type(exc).__name__
        return error_result(
            "INTERNAL_ERROR",
            f"The tool {tool.name} failed unexpectedly ({kind}). Do not retry it; tell the "
            "user the lookup failed."), f"{kind}: {exc}"


def _rehearsal(tool):
    """The dry run of a write tool with no rehearsal of its own: what would have been sent
    to it, and that nothing was."""
    return lambda inventory, arguments: {
        "dry_run": True, "written": False,
        "would_write": {"tool": tool.name, "server": tool.server, "arguments": arguments}}


def error_result(code, detail):
    return {"ok": False, "error": code, "detail": detail}


def parse_arguments(arguments):
    """Arguments may arrive as an object or as JSON text. Returns (value, problem)."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except (ValueError, RecursionError):  # RecursionError: "[[[[..." nested too deep
            return None, "$: the arguments are not valid JSON text"
    return arguments, None


def _schema_summary(schema):
    fields = []
    for key, rule in schema.get("properties", {}).items():
        required = key in schema.get("required", ())
        kind = rule.get("type", "any")
        kind = " or ".join(kind) if isinstance(kind, list) else kind
        fields.append(f"{key} ({kind}{'' if required else ', optional'})")
    return "an object with " + (", ".join(fields) or "no fields")


# --- Running one reply's batch of calls -------------------------------------------

MAX_SAME_CALL = 2       # the same tool with the same arguments, at most this often per run
PARALLEL_WORKERS = 8    # threads for one batch of read-only calls


class ToolOutcome:
    """What became of one call: the result the model gets back, and what the log adds.

    `note` is the text of a handler's unexpected exception (for the log, never the model);
    `flags` are the runner's log-only marks (`repeated`, `approved`, `parallel`) that apply.
    """

    __slots__ = ("call", "result", "note", "duration_ms", "flags", "ran")

    def __init__(self, call, result, *, note=None, duration_ms=0, flags=None, ran=False):
        self.call = call
        self.result = result
        self.note = note
        self.duration_ms = duration_ms
        self.flags = flags or {}
        self.ran = ran  # the handler was called (not refused before it)

    @property
    def failed(self):
        """A refused call or a crashed handler. A tool that ran and answered with a declared
        error (SKU_NOT_FOUND) did its job: the model learned something."""
        return not self.result["ok"] and (not self.ran or self.note is not None)


class _Admitted:
    """A call that passed validation, the repeat guard and approval, ready to run."""

    __slots__ = ("call", "tool", "arguments", "flags")

    def __init__(self, call, tool, arguments, flags):
        self.call, self.tool, self.arguments, self.flags = call, tool, arguments, flags


class ToolRunner:
    """The tool state of one run: repeated calls, failures in a row, approval, threads.

    `run_batch` returns one ToolOutcome per call, in call order. Calls are admitted one by one
    in call order (validation, repeat guard, approval); the admitted calls then run on up to
    `workers` threads when every one of them is read-only, else one by one.
    `approver(tool, arguments)` says yes or no to a tool that needs approval; without one,
    such a tool never runs.
    """

    def __init__(self, toolbox, inventory, *, max_errors=3, approver=None,
                 workers=PARALLEL_WORKERS):
        self.toolbox = toolbox
        self.inventory = inventory
        self.max_errors = max_errors
        self.approver = approver
        self.workers = workers
        self.failures_in_a_row = 0
        self._times_called = {}

    def run_batch(self, calls):
        outcomes = [self._admit(call) for call in calls]
        admitted = [index for index, item in enumerate(outcomes)
                    if isinstance(item, _Admitted)]
        parallel = (len(admitted) > 1 and self.workers > 1
                    and all(outcomes[index].tool.read_only for index in admitted))

        def run(index):
            outcomes[index] = _run(outcomes[index], self.inventory, parallel)

        if parallel:
            _in_parallel([lambda i=index: run(i) for index in admitted], self.workers)
        else:
            for index in admitted:
                run(index)
        for outcome in outcomes:
            self.failures_in_a_row = self.failures_in_a_row + 1 if outcome.failed else 0
        return outcomes

    def check_errors(self):
        """End the run once `max_errors` calls in a row have failed."""
        if self.failures_in_a_row >= self.max_errors:
            raise AgentError("TOOL_ERROR_LIMIT", count=self.failures_in_a_row)

    def _admit(self, call):
        """An _Admitted call, or the ToolOutcome that refuses it."""
        tool, arguments, refusal = prepare(self.toolbox, call["name"], call["arguments"])
        if refusal is not None:
            return ToolOutcome(call, refusal)
        origin = {"server": tool.server} if tool.server else {}  # for the log and -v
        key = (tool.name, json.dumps(arguments, sort_keys=True, ensure_ascii=False))
        self._times_called[key] = self._times_called.get(key, 0) + 1
        if self._times_called[key] > MAX_SAME_CALL:
            return ToolOutcome(call, error_result(
                "REPEATED_CALL",
                f"{tool.name} was already called {MAX_SAME_CALL} times with exactly these "
                "arguments in this run; the result will not change. Use the earlier result, "
                "call a different tool, or answer the user now."),
                flags={"repeated": True, **origin})
        if not tool.needs_approval:
            return _Admitted(call, tool, arguments, origin)
        try:
            if tool.preview is not None:
                tool.preview(arguments)
        except ToolError as exc:
            return ToolOutcome(call, error_result(exc.code, exc.detail), flags=origin)
        # Who said yes or no, for the log: "flag" (--approve), "terminal", or nobody.
        by = {"approved_by": getattr(self.approver, "by", None), **origin}
        if self.approver is None or not self.approver(tool, arguments):
            return ToolOutcome(call, error_result(
                "APPROVAL_DENIED",
                f"The user did not approve running {tool.name}; it did not run. Do not call "
                "it again; tell the user what you would have done."),
                flags={"approved": False, **by})
        rehearsed = {"dry_run": True} if self.toolbox.dry_run else {}
        return _Admitted(call, tool, arguments, {"approved": True, **by, **rehearsed})


def _run(admitted, inventory, parallel):
    started = time.monotonic()
    result, note = invoke(admitted.tool, admitted.arguments, inventory,
                          rehearse=admitted.flags.get("dry_run", False))
    flags = {**admitted.flags, **({"parallel": True} if parallel else {})}
    return ToolOutcome(admitted.call, result, note=note, flags=flags, ran=True,
                       duration_ms=round((time.monotonic() - started) * 1000))


def _in_parallel(tasks, workers):
    """Run `tasks` on at most `workers` threads and return when all are done.

    The threads are daemons and the join can be interrupted, so Ctrl-C ends the run at once
    instead of waiting for a slow handler (whose result is then discarded).
    """
    import threading

    pending = iter(tasks)
    lock = threading.Lock()

    def work():
        while True:
            with lock:
                task = next(pending, None)
            if task is None:
                return
            try:
                task()
            except KeyboardInterrupt:  # a stopped evaluation (raise_if_stopped): the joining
                return                 # thread ends the run, and nothing is printed here

    from stock_agent.cli import start_worker  # Ctrl-C reaches the joining main thread

    threads = [threading.Thread(target=work, daemon=True)
               for _ in range(min(workers, len(tasks)))]
    for thread in threads:
        start_worker(thread)
    for thread in threads:
        while thread.is_alive():
            raise_if_stopped()
            thread.join(SIGNAL_SLICE_SECONDS)
    raise_if_stopped()  # a task the stop cut short has no result to go on with


# --- The tools ---------------------------------------------------------------------

_SHIPPED = []  # the tools of default_toolbox(), in the order the model is shown them


def shipped(tool):
    """Put `tool` in default_toolbox(). Declaring `NAME = shipped(Tool(...))` is the whole
    change that adds a tool; a second tool with the same name fails right here, at import."""
    Toolbox([*_SHIPPED, tool])  # raises ValueError naming both handlers
    _SHIPPED.append(tool)
    return tool


def default_toolbox(*, dry_run=False):
    """The shipped read-only tools. A wing adds its own (`Toolbox.add`): the orders wing
    its write tool, as a plain spec (`Tool(**spec)`). `dry_run`: --dry-run (Toolbox)."""
    return Toolbox(_SHIPPED, dry_run=dry_run)


MAX_SKUS = 10  # SKUs one get_stock call may name


def get_stock(inventory, arguments):
    """One SKU: its item, or SKU_NOT_FOUND. A list of SKUs: every item found, and the SKUs
    that were not (a small model asked about several items writes the list in one call)."""
    sku = arguments["sku"]
    if isinstance(sku, list):
        return _stock_of_each(inventory, list(dict.fromkeys(sku)))
    item = inventory.lookup(sku)
    if item is None:
        raise ToolError(
            "SKU_NOT_FOUND",
            f"No item has SKU {sku}. This means the SKU does not exist here, not that its "
            f"stock is 0. SKUs are {SKU_HINT}. Tell the user it was not found; do not guess.")
    return {**_stock(item), "source": inventory.source, "order_created": False}


def _stock(item):
    return {"sku": item["sku"], "name": item["name"], "stock": item["stock"],
            "target": item["target"], "suggested_order": max(item["target"] - item["stock"], 0)}


def _stock_of_each(inventory, skus):
    found = [inventory.lookup(sku) for sku in skus]
    result = {"items": [_stock(item) for item in found if item is not None],
              "not_found": [sku for sku, item in zip(skus, found) if item is None],
              "source": inventory.source, "order_created": False}
    if result["not_found"]:  # worded without a figure the model could repeat as a stock
        result["note"] = ("The SKUs in not_found do not exist here, which says nothing about "
                          "stock. Tell the user they were not found; do not guess.")
    return result


def _stock_instead(arguments):
    """A name sent as a SKU (a small model asked about "oolong tea bags" writes it as the
    sku and, told to call get_stock again, sends it again), alone or in a list (["綠茶"]):
    search for it instead."""
    sku = arguments.get("sku")
    if isinstance(sku, list) and sku and all(
            isinstance(one, str) and re.fullmatch(SKU_PATTERN, one.strip().upper())
            for one in sku):  # SKUs all, in small letters or too many: the error says which
        if len(sku) > MAX_SKUS or all(re.fullmatch(SKU_PATTERN, one) for one in sku):
            return None
        capitals = json.dumps([one.strip().upper() for one in sku])  # every one, not the first
        return f'Send the SKUs in capitals: get_stock {{"sku": {capitals}}}.'
    if isinstance(sku, list):  # the first that is no SKU: what the schema refused
        sku = next((one for one in sku if isinstance(one, str) and
                    not re.fullmatch(SKU_PATTERN, one)), None)
    if not isinstance(sku, str) or not sku.strip():
        return None
    if re.fullmatch(SKU_PATTERN[1:-1], sku.strip().upper()):
        return f'Send the SKU in capitals: get_stock {{"sku": "{sku.strip().upper()}"}}.'
    query = json.dumps(sku.strip()[:64], ensure_ascii=False)
    return (f"That is not a SKU. To find an item by its name, call find_items "
            f'{{"query": {query}}} instead, then use the SKU it returns.')


GET_STOCK = shipped(Tool(
    name="get_stock",
    description=(
        "Look up items by their exact SKUs: each one's current stock, target stock and "
        "suggested reorder quantity max(target - stock, 0). Give one SKU, or a list of all "
        "the SKUs the user names in one call. Read-only: it never places an order. Do not use "
        "it to search by product name."),
    parameters={
        "type": "object",
        "properties": {
            "sku": {"type": ["string", "array"],
                    "description": f"One SKU, or a list of up to {MAX_SKUS}: {SKU_HINT}",
                    "pattern": SKU_PATTERN, "minLength": 1, "maxLength": 32,
                    "items": {"type": "string", "pattern": SKU_PATTERN, "minLength": 1,
                              "maxLength": 32, "description": SKU_HINT},
                    "minItems": 1, "maxItems": MAX_SKUS},
        },
        "required": ["sku"],
        "additionalProperties": False,
    },
    handler=get_stock,
    instead=_stock_instead,
))


FIND_LIMIT, REORDER_LIMIT, MAX_LIMIT = 5, 10, 20  # result counts: default, default, cap


def find_items(inventory, arguments):
    """Items whose name, SKU or other names (aliases) contain the query, ignoring case and
    full/half width."""
    query = _fold(arguments["query"])
    limit = arguments.get("limit", FIND_LIMIT)
    matches = [row for row in inventory.rows()
               if query in _fold(row["name"]) or query in _fold(row["sku"]) or
               query in _fold(row.get(ALIASES, ""))]
    alike = [] if matches else _spelled_alike(query, inventory.rows())
    result = {"query": arguments["query"],
              "items": [_stock(row) for row in (matches or alike)[:limit]],
              "more": max(len(matches or alike) - limit, 0), "source": inventory.source}
    if alike:  # a name misspelled ("genmacha", 鋁掛咖啡): said to be no match
        result.update(alike=True, note="No name contains the query; these items are spelled "
                                       "alike. Say so: they may not be the item meant.")
    return result


def _spelled_alike(query, rows):
    """The rows with a SKU that reads as the query (inventory.spelled_alike: AOO2, A002), or
    a name spelled like it (inventory.names_spelled_alike), the closest first. Names are
    not scanned for a query shorter than four characters, which too many are spelled like,
    nor in data of more than ALIKE_ROWS rows."""
    skus = spelled_alike(query, [row["sku"] for row in rows])
    if skus or len(query) < 4 or len(rows) > ALIKE_ROWS:
        return [row for row in rows if row["sku"] in skus]
    return names_spelled_alike(query, rows, _fold)


def list_reorder(inventory, arguments):
    """Items below target, the largest shortfall first (ties by SKU, so the order is stable)."""
    limit = arguments.get("limit", REORDER_LIMIT)
    low = [row for row in inventory.rows() if row["stock"] < row["target"]]
    low.sort(key=lambda row: (row["stock"] - row["target"], row["sku"]))
    return {"items": [_stock(row) for row in low[:limit]],
            "more": max(len(low) - limit, 0), "source": inventory.source,
            "order_created": False}


def _fold(text):
    # NFKC turns full-width ＡＢ into AB; casefold then ignores case in every script.
    if text.isascii():  # NFKC leaves ASCII as it is (and a mock run never loads the tables)
        return text.casefold()
    import unicodedata

    return unicodedata.normalize("NFKC", text).casefold()


FIND_ITEMS = shipped(Tool(
    name="find_items",
    description=(
        "Search items by a fragment of their name or SKU (case and full/half width are "
        "ignored; an item's other names, in English too, are searched as well), when the "
        "user names a product but gives no SKU. Returns at most `limit` "
        "items with their stock, and `more`: how many other items also matched. Read-only. "
        "Do not use it when the user gives an exact SKU: use get_stock."),
    parameters={
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1, "maxLength": 64,
                      "description": "part of a product name or SKU, for example 烏龍 or A00"},
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT,
                      "default": FIND_LIMIT, "description": "most items to return"},
        },
        "required": ["query"],
        "additionalProperties": False,
    },
    handler=find_items,
))

LIST_REORDER = shipped(Tool(
    name="list_reorder",
    description=(
        "List the items whose stock is below target, the largest shortfall first, each with "
        "its suggested order max(target - stock, 0). Use it when the user asks what is "
        "running low or what to reorder without naming items. Read-only: it never orders."),
    parameters={
        "type": "object",
        "properties": {
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT,
                      "default": REORDER_LIMIT, "description": "most items to return"},
        },
        "additionalProperties": False,
    },
    handler=list_reorder,
))


# --- Tools from MCP servers (stock_agent/mcp) -----------------------------------------

def plugin_toolbox(specs, *, catalogue_above, ours=None):
    """Our tools (`ours`, else the shipped ones) and MCP servers' tools (stock_agent.mcp
    specs), under one set of rules. With more than `catalogue_above` server tools the model
    is first offered only a search (stock_agent/mcp/catalogue.py): each search makes the
    tools it finds available."""
    dry_run = ours is not None and ours.dry_run
    ours = list(_SHIPPED) if ours is None else [ours.get(name) for name in ours.names()]
    plugins = [plugin_tool(spec) for spec in specs]
    if len(plugins) <= catalogue_above:
        return Toolbox([*ours, *plugins], dry_run=dry_run)
    from stock_agent.mcp import catalogue

    toolbox = Toolbox(ours, deferred=plugins, dry_run=dry_run)
    toolbox.add(Tool(**catalogue.SEARCH_TOOL, handler=lambda inventory, arguments:
                     catalogue.search_tools(toolbox, arguments)))
    return toolbox


def plugin_tool(spec):
    """A Tool for one MCP server tool. The server gets the checked arguments, nothing else:
    its handler never passes the inventory on."""
    call = spec["call"]

    def handler(inventory, arguments):
        outcome = call(arguments)
        if not outcome["ok"]:
            raise ToolError(outcome["error"], outcome["detail"])
        return outcome["data"]

    return Tool(name=spec["name"], description=spec["description"],
                parameters=spec["parameters"], handler=handler, read_only=spec["read_only"],
                needs_approval=not spec["read_only"], server=spec["server"])
