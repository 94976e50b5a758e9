"""The claims one clause of a sentence makes, read word by word (reader.py's docstring
says the rules): a number bound to the field next to it, or as a stock to the item before
it; a verdict to the clause's items; a negation to the next field or verdict; an order word
said done as an order placed. reader.py splits a sentence into clauses, says which items
each is about, and calls clause_claims() for each: None makes the sentence unreadable.
"""

from stock_agent.answers.words import FIGURES, OF_THE_RUN


def clause_claims(clause, items, *, after_item=False):
    """The claims one clause makes of `items`, or None when one cannot be placed.
    `after_item`: an item was named just before the clause, so a number it opens with
    may be that item's stock ("A001: 12")."""
    made, negate, field, numbers = [], False, None, []  # numbers: [value, as_stock, had, has]
    pending, last_said, judged = False, (), False
    summed = None  # the field a total is of: "the total stock", 合計庫存, 總共要訂

    def claim(kind, value=None):
        nonlocal negate
        made.append({"items": items, "kind": kind, "value": value, "negated": negate})
        if kind == "total" and summed:
            made[-1]["of"] = summed
        negate = False

    for at, (role, *value) in enumerate(clause):
        before = clause[at - 1][0] if at else None  # the role of the word before
        adjacent = before in ("number", "unit")
        if role in ("answer", "others", "vague"):
            return None  # a yes said mid-sentence; items it does not name; "in order"
        if negate and (role in ("neg", "unplaced") or role == "item" and len(items) > 1):
            return None  # "isn't not below target", 不是未寫入: a negation of a negation;
            # "A001 (not A002) is sold out": which the "not" is of
        if role == "neg":
            negate = True
        elif role == "field" and value[0] == "order" and last_said in (("placed",),
                                                                      ("unplaced",)):
            continue  # "I have placed the order", "could not place the order": what was
            # placed or not, not a need to order
        elif role == "number" and field and field.startswith("goal:"):
            claim("target", value[0])  # 低於目標 30: the target
            if clause[at + 1:at + 2] == [("unit",)] and field[5:] in _GAPS:
                claim(_GAPS[field[5:]], value[0])  # 低於目標 30 個 also reads "by 30": both
            field = None
        elif role == "number" and (before == "to" or judged):
            return None  # "restocking to 12 units on hand": 12 is a level to reach;
            # "below target by 12 units", 過多 45 個: a gap, or the stock?
        elif role == "number" and field is not None and not _of_its_target(clause, at, field) and (
                before == "field" or not _named_after(clause, at)):
            claim(field, value[0])
            field, pending = None, False
        elif role == "number":
            if field == "order":  # "no need to restock: 45 on hand"
                claim("verdict", "reorder")
                field = None
            numbers.append([value[0], after_item, last_said[:1] == ("be",) and
                            last_said != ("be", "all"), last_said == ("be", "has")])
            # "has 12", "which is 12": a stock; 共 12 件 says how many, in an order's too
        elif numbers and (role == "unit" and adjacent or
                          role == "count" and _named_after(clause, at)):
            numbers[-1][1] = True  # "12 units": a stock, unless a field follows; "45 items
            # in stock": units, not a count
        elif role == "count" and numbers:
            claim("count", numbers.pop()[0])  # "2 items", 找到 2 項
        elif role == "ratio" and numbers and adjacent and _figure_at(clause, at + 1):
            field = "target"  # "12 of 30": the stock of its target; not "14 units of A001"
            numbers[-1][1] = True
        elif role == "field" and (numbers or any(claim["kind"] in FIGURES for claim in made)) \
                and not _labels(clause, at) and (before == "to" or adjacent and not numbers and
                                                 made and made[-1]["kind"] != value[0]):
            return None  # "12 units left to order", 還有 0 個要補: the order's figure, or stock?
            # ("Stock: 12 | To order: 18" labels its own figure)
        elif role == "field" and value[0] == "order" and before == "be" and \
                clause[at - 1] not in PRONOUNS and not negate:
            claim("placed")  # "A001 is restocking", "we're reordering", 在補貨: under way
        elif role == "field" and numbers and adjacent:
            if field == "total" and pending and value[0] in _SUMMED:
                summed = value[0]  # "Together that's 129 units in stock": their total
                value = ["total"]
            claim(value[0], numbers.pop()[0])  # "12 in stock", "30 on hand"
            pending = pending and field != value[0]  # "the order for 18 x A001"
        elif role == "field" and pending and field != value[0] and \
                {field, value[0]} <= {"total", *_SUMMED} and "total" in (field, value[0]) and \
                (value[0] == "order" or ("field", "order") not in clause):
            # "the combined target", 目標加起來, 合計庫存, 總共要訂: a total of that field (not
            # "need a combined target of 50")
            summed, field = value[0] if field == "total" else field, "total"
        elif role == "field" and pending and value[0] == field:
            continue  # "Target: the target level is 12": one field, named twice
        elif role == "field" and pending:
            return None  # 還有補貨 18 個: two fields, one figure
        elif role == "field":
            if field == "order" and value[0] not in ("order", "total"):  # "needs restocking"
                # is one; "the suggested orders add up to 38" sums them
                claim("verdict", "reorder")
            field = value[0]  # a field waits for its figure, but "18 x A001" had it
            pending = field != "order" and not (field == "quantity" and before == "number")
        elif role == "verdict" and value[0] == "instock" and (numbers and adjacent or len(
                numbers) == 1 and items and last_said[:1] not in (("be",), ("all",))):
            claim("stock", numbers.pop()[0])  # "12 in stock", "45 烏龍茶包 in stock"; not
            # "A001 (12) is in stock", 都有貨: a verdict
        elif role == "verdict" and value[0] == "found" and not items:
            if not any(word == ("count",) or word[0] == "query" for word in clause):
                return None  # "I found it now.", 有品項符合: found what?
            continue  # "I found 2 items", 符合「玄米」的品項: a search said, no item's verdict
        elif role == "verdict" and value[0] == "found" and any(
                said["value"] == "missing" and not said["negated"] for said in made):
            continue  # "no item with SKU M399 in our system": where it is missing
        elif role == "verdict" and value[1:] == ["none"] and clause[at + 1:at + 2] and \
                clause[at + 1][0] in ("verdict", "field"):
            return None  # 沒有庫存不足, "no stock shortfall": no stock, or no shortage?
        elif role == "verdict":
            qualifier = value[1:]
            if value[0] in _GAPS and adjacent and not numbers or \
                    qualifier == ["gap"] and field is not None:
                return None  # "the suggested order is 18 units below its target", 建議補貨量
                # 比目標少 18: a field's figure, or the gap of the stock?
            if value[0] in _GAPS and numbers and adjacent:
                claim(_GAPS[value[0]], numbers.pop()[0])  # "18 units below its target"
                qualifier = ["target"] if qualifier in (["target"], ["goal"]) else []
            claim("verdict", value[0])
            if qualifier == ["target"]:
                field = "target"  # "below its target of 30"
            elif qualifier == ["gap"]:
                field = _GAPS[value[0]]  # 超出目標 15
            elif qualifier == ["goal"]:
                field = f"goal:{value[0]}"  # 低於目標 30
        elif role == "placed" and field == "order" and not value and next(
                (word[0] for word in reversed(clause[:at]) if word[0] != "fill"), None) in (
                "to", "field"):
            continue  # "needs to be ordered", "need a reorder": the order word, not an order
            # placed; not "the reorder for A003 has been placed", "the order went through"
            # (`done`: placed whatever came before), nor "Order: order placed for 18" (a
            # review's: read as the suggested order 18, shown with no receipt)
        elif role == "unplaced":  # "nothing was written to", 未寫入: no order was placed
            negate = True
            claim("placed")
        elif role == "placed":
            claim("placed")
        elif role in ("receipt", "rehearsed", "list", "approved", "readonly", "looked",
                      "largest"):
            claim(value[0] if role == "list" else role, value[0] if value else None)
        after_item = role == "item" or after_item and role in ("be", "punct", "unit")
        judged = judged if role == "fill" else role == "verdict" and value[0] in _LEVELS and \
            not value[1:]  # a plain verdict: one that names its target binds the figure
        # the last word that says something
        last_said = last_said if role in ("fill", "punct") else (role, *value)
    if field == "order":
        claim("verdict", "reorder")  # "needs reordering": an order with no number
    return _clause_closed(made, clause, items, numbers, dangling=pending or negate)


def _named_after(clause, at):
    """The number at `at` is named by the word after it ("7 in stock", "12 units on hand"),
    not by a field said before it ("needs a top-up: 7 in stock")."""
    after = next((word for word in clause[at + 1:at + 3] if word[0] != "unit"), ("",))
    return after == ("verdict", "instock") or after[0] == "field"


def _of_its_target(clause, at, field):
    """Whether the number at `at` is a stock said of its target ("200 of 500") after an item
    named since words that say items need an order ("Items that need restocking: A001: 200
    of 500"), not the figure of an order field ("Suggested orders: A001 12 of 30", "A001's
    order is 12 of 30", "A001: target 12 of 30")."""
    if field != "order" or clause[at + 1:at + 2] != [("ratio",)] or not _figure_at(clause,
                                                                                at + 2):
        return False
    named = next((at for at in range(at - 1, 0, -1) if clause[at][0] == "field"), None)
    return named is not None and clause[named - 1:named + 1] == [
        ("field", "order"), ("field", "order", "act")] and any(
        word[0] == "item" for word in clause[named:at])


def _labels(clause, at):
    """Whether the field at `at` is followed by its own figure, at once or after a colon
    ("目標 30", "To order: 18")."""
    return _figure_at(clause, at + 1) or clause[at + 1:at + 2] == [("punct",)] and \
        _figure_at(clause, at + 2)


def _figure_at(clause, at):
    """Whether a number stands at `at` ("目標 30": the field has a figure of its own)."""
    return at < len(clause) and clause[at][0] == "number"


def _clause_closed(made, clause, items, numbers, *, dangling):
    """A clause's claims once every word is read: an order word said done (已, "let me") or
    not yet (尚未) as an order placed or not; each number no field took, a stock. None when a
    field or a negation is left `dangling`, or a number can be no stock."""
    not_yet = ("neg", "done") in clause
    if any(word[0] == "done" for word in clause) or not_yet or (
            _only_acts(clause) or ("be", "status") in clause) and any(
            claim["kind"] == "order" or claim["value"] == "reorder" for claim in made):
        # 已為您補貨, "let me restock": placed; 尚未下單: not; "Reordering 18 of A001.", A001
        # 下單 18 包: under way, its figure the quantity ordered, which only a receipt makes
        # true; with no figure too ("Reordering A001.", A001 是我下單的: a review's, read as
        # the verdict that it needs one), or as a status (A001 狀態：補貨)
        needing = not_yet and sum(word in (("field", "order"), ("placed",)) for word in clause) > 1
        made = [placed for claim in made for placed in _said_placed(claim, not_yet)] + (
            made if needing else [])  # "does not yet need a reorder": both hold, or neither
    for claim in made:  # 總共需要補貨 38: a total of the orders
        if claim["kind"] == "total" and ("field", "order") in clause:
            claim.setdefault("of", "order")
        if claim["kind"] == "placed" and ("field", "order") in clause and not claim["negated"] \
                and not any(word[0] == "number" for word in clause):
            claim["as_suggested"] = True  # "I ordered the suggested quantity": as many as that
    made = _count_below(made, items)
    kinds = {claim["kind"] for claim in made}
    # "A003 is available", "A001 is on target": a field with no figure; "3 items are below
    # target": of the counted items, not of one; a negation with nothing to negate, or a
    # number with no field; "A001 should have 12 units": not its stock, and no field says what
    if dangling or "count" in kinds and kinds - set(OF_THE_RUN) or \
            not all(as_stock for _, as_stock, *_ in numbers) or \
            numbers and any(word[0] == "modal" for word in clause):
        return None
    # "A001: 12", "12 units"; bare ("ordered 18", A001 18 個): in an order's sentence, how
    # many were ordered; has ("A002 has 45"): what it has, whatever field came before
    made += [{"items": items, "kind": "stock", "value": number, "negated": False,
              "bare": not had, "has": has} for number, _, had, has in numbers]
    return made if items or all(claim["kind"] in OF_THE_RUN for claim in made) else None


def _only_acts(clause):
    """Whether the clause's order words all may tell of an order being made (`act`:
    "reordering", 下單), and no word wants or suggests one ("should", 建議)."""
    return any(word[1:] == ("order", "act") for word in clause if word[0] == "field") and \
        not any(word == ("field", "order") or word[0] == "modal" for word in clause)


def _count_below(made, items):
    """"9 items are below target", 有 9 個品項低於目標: how many the reorder list holds, of
    no item named; else the claims as made."""
    counts = [claim for claim in made if claim["kind"] == "count"]
    verdicts_made = [claim for claim in made if claim["kind"] == "verdict"]
    if items or len(counts) != 1 or not verdicts_made or \
            len(made) != len(verdicts_made) + 1 or not all(
            claim["value"] in ("below", "reorder", "low") and not claim["negated"]
            for claim in verdicts_made):
        return made
    low = all(claim["value"] == "low" for claim in verdicts_made)  # below, with some left
    return [{**counts[0], "below": True, "low": low}]


def _said_placed(claim, not_yet):
    """An order claim in a clause that says it was done (已, "let me") as an order placed,
    with its figure as the quantity ordered; with 尚未 (not yet), a denied one as none."""
    if claim["negated"] != not_yet or not (claim["kind"] == "order" or
                                           claim["value"] == "reorder"):
        return [claim]
    placed = {**claim, "kind": "placed", "value": None}
    if claim["kind"] != "order":
        return [placed]
    return [placed, {**claim, "kind": "quantity", "ordered": True, "negated": False}]


PRONOUNS = {("be", "it"), ("be", "they")}  # "it", "they": of the items spoken of before
_GAPS = {"below": "short", "above": "over"}  # how far below or above its target
_SUMMED = ("stock", "target", "order")  # the fields a total may sum
_LEVELS = ("below", "above", "at", "reached", "low")  # verdicts of a level a gap may follow
