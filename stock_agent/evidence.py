"""The facts behind an answer: what this run's tools said about each item, rendered by code.

A run keeps one record per tool call, `{"invocation": "step:index", "name", "arguments",
"result"}` (run.Outcome.results). `facts(results)` turns them into one fact per item:

    {"sku": "A001", "found": true, "name": "濾掛咖啡", "stock": 12, "target": 30,
     "suggested_order": 18, "source": "built-in sample data, not a live ERP",
     "call": {"tool": "get_stock", "invocation": "1:0"}}

An item's first call wins (the data is one snapshot per run). A lookup that answered
SKU_NOT_FOUND is a fact too: `found` false, its figures null, so "no such SKU" is never
mistaken for stock 0. An order is a fact only from its receipt (`orders`). `--json` prints
the facts as `facts` (and the receipts as `orders`); `--facts` prints `render_block` under the
answer; the answer checker (verify/) quotes them to the model in its correction. Their
words are the catalogue's (messages.LINES, `fact_*`). Nothing here comes from the model's text.

This is also the one reader of tool results (the last section): what a result holds, by
shape (get_stock's item, find_items' and list_reorder's lists, SKU_NOT_FOUND, a write's
receipt or refusal, any other tool's data), read the same way for the facts, for the
conversation notes (chat/context.py) and for the answer checker (verify/).
"""

import json

from stock_agent.errors import Text

FIGURES = ("sku", "name", "stock", "target", "suggested_order")


def facts(results):
    """One fact per item the results spoke of, in the order they first did."""
    by_sku = {}
    for record in results:
        for fact in item_facts(record):
            by_sku.setdefault(fact["sku"], fact)
    return list(by_sku.values())


def item_facts(record):
    """The facts of one call: each item a successful result holds (one for get_stock, a
    list for find_items and list_reorder), or the SKU a lookup did not find."""
    result = record["result"]
    sku = missing_sku(result, record["arguments"])
    if sku:
        return [_fact(record, {"sku": sku}, None, found=False)]
    data = data_of(result)
    return [_fact(record, row, data.get("source")) for row in item_rows(data) or ()]


def _fact(record, row, source, *, found=True):
    fact = {key: row.get(key) for key in FIGURES}
    fact.update(found=found, source=source,
                call={"tool": record["name"], "invocation": record["invocation"]})
    return fact


def render(found, lang, *, calls=True):
    """The facts as lines of text in `lang`; with `calls`, each names the call it came from."""
    lines = []
    for fact in found:
        if fact["found"]:
            line = Text("fact_found", **fact)
            tail = Text("fact_from", source=fact["source"], **fact["call"])
        else:
            line = Text("fact_missing", **fact)
            tail = Text("fact_from_missing", **fact["call"])
        lines.append(line.render(lang) + (tail.render(lang) if calls else ""))
    return lines


def orders(results, lang):
    """A line per order the results hold a receipt for (a write tool's own proof)."""
    lines = []
    for record in results:
        data = data_of(record["result"])
        placed = receipt(data)
        if placed:
            lines.append(Text("fact_order", **{**data, **placed}).render(lang))
    return lines


def render_block(results, lang):
    """--facts: a heading, then one line per fact and per order (or "none"), to print under
    the answer."""
    lines = render(facts(results), lang) + orders(results, lang)
    return "\n".join([Text("facts_heading").render(lang),
                      *(lines or [Text("facts_none").render(lang)])])


# --- What an answer may lean on ----------------------------------------------------------

def pool(results):
    """What the answer may lean on: `values` (every number and count in the results),
    `spoken_of` (the SKUs a result spoke of, found or not), `strings` (text the results
    carried that holds a digit, removed from the answer before its numbers are read) and
    `looked_up` (a result held data or spoke of an item), and `receipts` (the orders the
    results prove). The answer checker (verify/) reads an answer against it."""
    values, strings, spoken_of, found = set(), set(), set(), set()
    for record in results:
        data = data_of(record["result"])
        collect_values(data, values, strings)
        # A result that names an item by its `sku` (a write, an MCP server's record) spoke
        # of it, wherever in the result the name is.
        spoken_of.update(normal(sku).upper() for sku in skus_named(data))
        # A write that was asked for but not placed was a valid call about its item:
        # "18 x A001 was not placed" may say its SKU and quantity, though no result carries
        # them.
        asked = unplaced(record["result"], record.get("arguments")) or {}
        if isinstance(asked.get("sku"), str):
            spoken_of.add(normal(asked["sku"]).upper())
        if isinstance(asked.get("quantity"), int):
            values.add(asked["quantity"])
        for fact in item_facts(record):
            spoken_of.add(normal(fact["sku"]).upper())
            if fact["found"]:
                found.add(fact["sku"])
    values.update(len(skus) for skus in (spoken_of, found) if skus)  # "I checked 3 items"
    # A text of digits alone is a value: cutting it out of the answer as a substring would
    # cut other numbers apart (removing "1" turns "12" into "2").
    values.update(int(text) for text in strings if text.isdigit())
    strings = sorted({normal(text) for text in strings
                      if any(char.isdigit() for char in text) and not text.isdigit()},
                     key=len, reverse=True)
    looked_up = bool(spoken_of) or any(record["result"].get("ok") for record in results)
    return {"values": values, "strings": strings, "spoken_of": spoken_of, "found": found,
            "looked_up": looked_up, "receipts": receipts(results)}


def normal(text):
    """NFKC: full-width `Ａ００１` and `１２` become A001 and 12. ASCII, CJK ideographs and
    CJK punctuation are already in that form, so the usual answer skips loading the
    Unicode tables (a --mock run never does)."""
    if all(char < "\u00a0" or "\u4e00" <= char <= "\u9fff" or "\u3001" <= char <= "\u3037"
           for char in text):
        return text
    import unicodedata
    return unicodedata.normalize("NFKC", text)


# --- Reading one tool result ------------------------------------------------------------
#
# A tool result is {"ok": true, "data": ...} or {"ok": false, "error": CODE, "detail": ...}
# (tools.py, mcp/adapter.py). Each shape it can take is read here, by one function, for the
# facts above, the conversation notes (chat/context.py) and the answer checker (verify/).

UNPLACED = ("APPROVAL_DENIED", "WRITE_FAILED", "IDEMPOTENCY_CONFLICT")  # writes' own refusals


def data_of(result):
    """The data of a successful result; None for a refusal, which carries none."""
    return result.get("data") if result.get("ok") else None


def item_rows(data):
    """The items a result's data holds: get_stock's one item, or those rows of a list
    (find_items, list_reorder: `items`) that are items. None when the data is neither an
    item nor a list (an MCP tool's record, a write's receipt): data of another shape."""
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("items"), list):
        return [row for row in data["items"] if _is_item(row)]
    return [data] if _is_item(data) else None


def _is_item(value):
    # An item is what get_stock answers: a SKU and a stock figure (a write's data names a
    # SKU too, but holds no stock).
    return isinstance(value, dict) and isinstance(value.get("sku"), str) and "stock" in value


def unlisted(data):
    """How many more items a list matched than it shows (its `more`), or None."""
    more = data.get("more") if isinstance(data, dict) else None
    return more if isinstance(more, int) else None


def missing_sku(result, arguments):
    """The SKU a lookup answered SKU_NOT_FOUND for (read from its arguments), or None: the
    result itself names no SKU."""
    return argument_sku(arguments) if result.get("error") == "SKU_NOT_FOUND" else None


def argument_sku(arguments):
    """The `sku` argument of a call, whether it arrived as an object or as JSON text."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            return None
    sku = arguments.get("sku") if isinstance(arguments, dict) else None
    return sku if isinstance(sku, str) else None


def receipts(results):
    """The write receipts this run's results carry (the contract of the write tools)."""
    return [found for found in (receipt(data_of(record["result"])) for record in results)
            if found]


def receipt(data):
    """A write's receipt, its proof that an order was placed ({"order_id",
    "idempotency_key", "ledger", "created"}), or None: read-only tools carry none."""
    found = data.get("receipt") if isinstance(data, dict) else None
    return found if isinstance(found, dict) and found.get("order_id") else None


def unplaced(result, arguments):
    """The arguments of a write that was asked for but not placed (not approved, the ledger
    refused it), or None: a valid call about its item, though its result names none."""
    if result.get("error") in UNPLACED and isinstance(arguments, dict):
        return arguments
    return None


def skus_named(value):
    """Every string under a `sku` key inside a JSON value: the items any tool's data names
    (a write, an MCP server's record), wherever in the data the name is."""
    if isinstance(value, list):
        return [sku for item in value for sku in skus_named(item)]
    if not isinstance(value, dict):
        return []
    own = [value["sku"]] if isinstance(value.get("sku"), str) else []
    return own + [sku for item in value.values() for sku in skus_named(item)]


def collect_values(value, numbers, texts):
    """Add to `numbers` every number inside a JSON value, the length of every list and a
    list's length plus its `more` (how many matched in all); add to `texts` every string."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, (int, float)):
        numbers.add(number_value(value))
    elif isinstance(value, str):
        texts.add(value)
    elif isinstance(value, list):
        numbers.add(len(value))
        for item in value:
            collect_values(item, numbers, texts)
    elif isinstance(value, dict):
        more = unlisted(value)
        for item in value.values():
            if isinstance(item, list) and more is not None:
                numbers.add(len(item) + more)
            collect_values(item, numbers, texts)


def number_value(value):
    """A figure's value: 12 for 12, 12.0, "12" and "12.0"; 2.5 for 2.5 and "2.5". One rule
    for the numbers of a result and those an answer writes (verify/), so that 12.0 and 12
    are the same figure. A whole number stays as it is (no float can hold every one)."""
    if isinstance(value, int):
        return value
    number = float(value)
    return int(number) if number.is_integer() else number
