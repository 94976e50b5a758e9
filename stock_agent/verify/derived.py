"""What a figure of an answer may be, besides a fact itself (stock_agent/verify/): the
figures code derives from the facts the answer cites (a difference, a sum, a ratio as a
percentage, arithmetic with a number the question gave), and what a figure bound to no
found item may be. Helpers of the check in __init__.py (`_figure_problem`), private to the
wing.
"""

from itertools import combinations


FIELDS = ("stock", "target", "order")


def _unbound_allowed(field, said, known):
    """What a figure bound to no found item may be: a figure of another tool's record (an
    MCP server's); with a field, that field of some item (or an order's quantity); else a
    count of the run, the question's number, the program's own, or any derived figure."""
    if field in FIELDS:
        ordered = {quantity for quantities in known["ordered"].values()
                   for quantity in quantities} if field == "order" else set()
        return known["other"] | ordered | {fact[field] for fact in known["items"].values()}
    return known["other"] | known["question"] | known["counts"] | known["program"] | \
        _cross(said, known) | {value for fact in known["items"].values() for value in
                               _figures_of(fact) | cover_days(fact, known["question"])}


def apart(said, known):
    """How far apart two items the answer cites are, field by field ("the difference
    between A001 and A002 is 33", 兩者相差 33): never one item's own figure."""
    cited = [known["items"][sku] for sku in dict.fromkeys(said["cited"])
             if sku in known["items"]]
    return {abs(first[field] - second[field]) for first, second in combinations(cited, 2)
            for field in FIELDS if isinstance(first[field], (int, float)) and
            isinstance(second[field], (int, float))}


def _derived(item, question, basis=None):
    """The figures code derives from one item's facts: each figure, the difference and sum
    of two, their ratio as a percentage, and arithmetic with the question's numbers (12
    in stock at 3 a day: 4 days of cover). With a `basis` field, only those worked out
    from that field: its differences and ratios with the others, its arithmetic with the
    question's numbers (the stock plus the target is no figure of the stock)."""
    values = [value for value in _figures_of(item) if isinstance(value, (int, float))]
    firsts = [item[basis]] if basis and isinstance(item[basis], (int, float)) else values
    derived = set(firsts)
    for first in firsts:
        for second in values:
            derived.add(abs(first - second))
            if not basis:
                derived.add(first + second)
            if second:
                derived.add(round(100 * first / second, 1))
            if basis and first:
                derived.add(round(100 * second / first, 1))
        for given in question:
            derived.update({first + given, abs(first - given), first * given})
            if given:
                derived.add(round(first / given, 1))
    return derived


def cover_days(item, question):
    """How many days each of the item's figures lasts at each rate the question gave (12
    in stock at 3 a day: 4 days). The figure itself is no number of days: a stock of 15
    is not "15 days"."""
    return {round(value / rate, 1) for value in _figures_of(item) for rate in question
            if isinstance(value, (int, float)) and isinstance(rate, (int, float)) and rate}


def share_of_target(item, field):
    """What "N% of target" may be of one item: the share of its target that its `field`
    (stock or order) is: 12 of 30 is 40%, the shortfall of 18 is 60%."""
    value, target = item[field], item["target"]
    if not isinstance(value, (int, float)) or not isinstance(target, (int, float)) or \
            not target:
        return set()
    return {round(100 * value / target, 1)}


def _cross(said, known, basis=None):
    """The figures derived across the items the answer cites: the sum of each field (or
    of the `basis` field) over them, and the sum and difference of two. Worked out once
    per answer and field."""
    key = ("cross", basis)
    if key in said:
        return said[key]
    cited = [known["items"][sku] for sku in dict.fromkeys(said["cited"])
             if sku in known["items"]]
    derived = set()
    for field in [basis] if basis else FIELDS:
        values = [item[field] for item in cited if isinstance(item[field], (int, float))]
        if len(values) > 1:
            pairs = list(combinations(values, 2))  # two items, never one item twice
            derived.add(sum(values))
            derived.update(abs(a - b) for a, b in pairs)
            derived.update(a + b for a, b in pairs)
    said[key] = derived
    return derived


def _figures_of(item):
    return {item[field] for field in FIELDS}
