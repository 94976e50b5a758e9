"""Whether a claim is true of this run's facts: the last step of reading the model's answer
precision-first (reader.py reads a sentence into claims, facts.py holds what the run's tool
results establish). A false claim drops its sentence.

A claim about items must hold of each item it names: a figure is the item's own (or an MCP
record's that names it), a verdict the one code holds (facts.verdicts), and of a SKU that
does not exist only "not found" is true. A claim of the run (OF_THE_RUN: an order placed,
approved or rehearsed, a receipt, a search's matches or count, a total, a ranking) holds of
what the run's calls returned: an order said placed needs a receipt for each item it names.
"""

from stock_agent.answers.facts import verdicts
from stock_agent.answers.words import OF_THE_RUN


def true(claim, facts):
    """Whether one claim is true of the facts. A claim about several items must hold of
    each; one about no item is an order claim."""
    if claim["kind"] in OF_THE_RUN:
        return _true_of_run(claim, facts) != claim["negated"]
    if claim["kind"] == "compare":  # the first item has more stock, by the value if any
        more, less = (facts.items.get(sku) or {} for sku in claim["items"])
        if not (more.get("found") and less.get("found")):
            return False
        difference = more["stock"] - less["stock"]
        return difference > 0 and claim["value"] in (None, difference)
    return all(_true_of(claim, facts, sku) for sku in claim["items"])


def _true_of_run(claim, facts):
    kind, value = claim["kind"], claim["value"]
    if kind in ("placed", "approved", "rehearsed"):  # of each item it names: a receipt (a
        # refused order has none); approved: placed, or checked and approved in a dry run
        writes = {"placed": facts.receipts, "rehearsed": facts.rehearsed,
                  "approved": facts.receipts + facts.rehearsed}[kind]
        if claim.get("as_suggested"):  # "the suggested quantity", or "the order": each as
            # many as its item's suggested order, when the two readings may differ
            writes = [write for write in writes if write.get("quantity") == (
                facts.items.get(write.get("sku")) or {}).get("suggested_order")]
        return _of_each(claim, writes)
    if kind == "receipt":  # "PO-000001 is for A003": the order id, and of its item
        return _of_each(claim, [receipt for receipt in facts.receipts
                                if receipt.get("order_id") == value])
    if kind == "ranked":  # each item found, the shortfalls never growing down the list
        gaps = [fact["target"] - fact["stock"] for fact in map(facts.items.get, claim["items"])
                if fact and fact["found"]]
        return len(gaps) == len(claim["items"]) and gaps == sorted(gaps, reverse=True)
    if kind == "largest":  # "the biggest shortfall is A003": of two or more found, one short,
        # and no search cut short (a review's: its cut item was the largest); the reorder
        # list, cut or not, leads with the largest
        gaps = {sku: fact["target"] - fact["stock"] for sku, fact in facts.items.items()
                if fact["found"]}
        return len(claim["items"]) == 1 and claim["items"][0] in gaps and len(gaps) >= 2 \
            and gaps[claim["items"][0]] == max(gaps.values()) > 0 and \
            not any(listed["more"] and listed["tool"] != "list_reorder"
                    for listed in facts.lists)
    if kind == "looked":  # "I checked (A001)": a call returned a fact (of each item named)
        return all(sku in facts.looked_up or any(sku in listed["skus"] for listed in
                                                 facts.lists) for sku in claim["items"]) \
            if claim["items"] else bool(facts.items or facts.lists or facts.other)
    if kind == "readonly":  # "I cannot place orders": no order tool, and no order written
        return not (facts.writable or facts.order_writes())
    if kind == "matched":  # "I searched for 茶 and found A001": each item in its results
        return all(any(listed["query"] == value and sku in listed["skus"]
                       for listed in facts.lists) for sku in claim["items"])
    if kind == "nomatch":  # of the search it names, else of every search
        searches = [listed for listed in _lists(facts, claim.get("query"))
                    if listed["query"] is not None]
        return bool(searches) and not any(listed["skus"] for listed in searches)
    if kind == "nonelow":
        return any(listed["query"] is None and not listed["skus"] for listed in facts.lists)
    if kind == "total":
        return _total_holds(claim, facts)
    if kind == "more":  # how many more a list (the search it names) left unshown
        return any(listed["more"] == value for listed in _lists(facts, claim.get("query")))
    if kind == "count" and claim.get("below"):  # how many are below target (with some
        # left, "running low"): of the search it names, else of the reorder list, each seen
        # whole
        query = claim.get("query")
        lists = _lists(facts, query) if query else [
            listed for listed in facts.lists if listed["tool"] == "list_reorder"]
        counts = {_below(listed, facts, claim["low"]) for listed in lists}
        if claim.get("among") and counts:  # of the items the question named too: both
            # agree, or which the person reads it of cannot be told (reviews': "整間店有幾項
            # 低於目標？" after naming two; with no reorder list, of the whole store unseen)
            counts |= {_below({"tool": None, "skus": claim["among"], "more": 0}, facts,
                              claim["low"])}
        return counts == {value}
    if kind == "count":  # how many one search matched, else one list held or a lookup saw
        return _counts(facts, claim.get("query")) == {value}
    writes = facts.receipts if claim.get("ordered") else facts.order_writes()
    return _of_each(claim, [write for write in writes if write.get("quantity") == value])


def _of_each(claim, writes):
    """Whether a write holds of each item the claim names (of any, when it names none)."""
    skus = {write.get("sku") for write in writes}
    return all(sku in skus for sku in claim["items"]) if claim["items"] else bool(writes)


def _counts(facts, query):
    """The sizes a count may be of: the search for `query`, else every list and the items
    looked up (found, and found or not). A count is true only where they agree: "2 SKUs"
    of three looked up, two found, cannot be told apart."""
    sizes = {len(listed["skus"]) + listed["more"] for listed in _lists(facts, query)}
    if query is None and facts.looked_up:
        sizes |= {len(facts.looked_up), sum(facts.looked_up.values())}
    return sizes


def _below(listed, facts, low):
    """How many of a list's items are below target (with some left, when `low`: a review's
    "3 items are running low" counted one at 0): all of the reorder list's, those it left
    unshown too; None when a list holds an item unseen or not found."""
    if listed["tool"] == "list_reorder" and not low:
        return len(listed["skus"]) + listed["more"]
    items = [facts.items.get(sku) for sku in listed["skus"]]
    if listed["more"] or not all(fact and fact["found"] for fact in items):
        return None
    return sum(verdicts(fact)["below"] and not (low and fact["stock"] == 0) for fact in items)


def _lists(facts, query):
    return [listed for listed in facts.lists if query is None or listed["query"] == query]


def _total_holds(claim, facts):
    """A total of the items it names (of none named, of every item found or written): of
    their stock, targets or suggested orders, or in an order's sentence the quantities ordered;
    in a run that found nothing, of the numbers the question gave."""
    if claim["of"] == "ordered":
        writes = facts.receipts + ([] if claim.get("ordered") else facts.rehearsed)
        quantities = [write.get("quantity") for write in writes
                      if not claim["items"] or write.get("sku") in claim["items"]]
        return bool(quantities) and all(isinstance(quantity, int) for quantity in quantities) \
            and sum(quantities) == claim["value"]
    field = {"order": "suggested_order"}.get(claim["of"], claim["of"])  # stock, target
    named = [facts.items.get(sku) for sku in claim["items"]] or facts.found()
    if not claim["items"] and any(listed["more"] for listed in facts.lists):
        return False  # of every item, beside a list cut short: of items unseen too (a
        # review's: "Total suggested order is 300." of the first 10 of 25)
    if claim.get("query") and not claim["items"]:  # 「茶」的總庫存: of that search's items
        searched = _lists(facts, claim["query"])
        if len(searched) != 1 or searched[0]["more"]:
            return False  # none, or cut short: of items unseen too
        named = [facts.items.get(sku) for sku in searched[0]["skus"]]
    if claim.get("asked"):  # of the items the question asked, those that exist; naming
        # fewer than two, of a list's items ("the suggested quantities above add up to
        # 396"), else of which the reader cannot tell ("How many of drip coffee and genmai
        # tea altogether?" names them in words it does not know)
        listed = {sku for listed in facts.lists for sku in listed["skus"]}
        named = [fact for fact in named if fact and fact["found"]] if claim["items"] else \
            named if {fact["sku"] for fact in named} <= listed else []
    if len(named) >= 2 and all(fact and fact["found"] for fact in named):
        return sum(fact[field] for fact in named) == claim["value"]
    anything = facts.items or facts.lists or facts.other or facts.receipts
    return not claim["items"] and not anything and claim["value"] in facts.sums


def _true_of(claim, facts, sku):
    fact = facts.items.get(sku)
    if claim["kind"] == "verdict":
        if claim["value"] in ("found", "missing"):
            exists = fact is not None and fact["found"]
            return (exists == (claim["value"] == "found")) != claim["negated"]
        if fact is None or not fact["found"]:
            return False  # "Z999 is not out of stock" reads as if it existed
        holds = (not verdicts(fact)["out"] if claim["value"] == "instock" else
                 verdicts(fact)["below"] if claim["value"] == "low" and claim["negated"] else
                 verdicts(fact)[claim["value"]])  # "not low" of an item at 0 is false
        return holds != claim["negated"]
    if fact is not None and not fact["found"]:
        return False  # a figure, even denied, of a SKU that does not exist: read as if it did
    figures = facts.numbers_of(sku)
    if "stock" in figures and "target" in figures:
        figures["short"] = figures["target"] - figures["stock"]
        figures["over"] = figures["stock"] - figures["target"]
    return (figures.get(claim["kind"]) == claim["value"]) != claim["negated"]
