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
    if result.get("error") == "SKU_NOT_FOUND":
        sku = argument_sku(record["arguments"])
        return [_fact(record, {"sku": sku}, None, found=False)] if sku else []
    data = result.get("data") if result.get("ok") else None
    if not isinstance(data, dict):
        return []
    rows = data["items"] if isinstance(data.get("items"), list) else [data]
    return [_fact(record, row, data.get("source")) for row in rows
            if isinstance(row, dict) and isinstance(row.get("sku"), str) and "stock" in row]


def argument_sku(arguments):
    """The `sku` argument of a call, whether it arrived as an object or as JSON text."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            return None
    sku = arguments.get("sku") if isinstance(arguments, dict) else None
    return sku if isinstance(sku, str) else None


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
        data = record["result"].get("data") if record["result"].get("ok") else None
        receipt = data.get("receipt") if isinstance(data, dict) else None
        if isinstance(receipt, dict) and receipt.get("order_id"):
            lines.append(Text("fact_order", **{**data, **receipt}).render(lang))
    return lines


def render_block(results, lang):
    """--facts: a heading, then one line per fact and per order (or "none"), to print under
    the answer."""
    lines = render(facts(results), lang) + orders(results, lang)
    return "\n".join([Text("facts_heading").render(lang),
                      *(lines or [Text("facts_none").render(lang)])])
