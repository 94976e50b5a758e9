"""Reading the model's answer, precision-first: a sentence is shown to the person only when
every word of it is understood and every claim it makes is true of this run's facts.

A sentence's words (words.py: a list of (role, value), read against the lexicon) are read
here into claims, each {"items", "kind", "value", "negated"}: split into clauses, each
clause's own claims read by clause.py, then shared between clauses and placed on their
items. truth.py holds each claim against the facts.

Claims: a number binds to the field next to it in its clause ("stock 12", "12 units in
stock", "needs 18"); with no field, it is the stock of the item it follows with plain verbs
of being or having between them (`be`: "A001 has 12"), and of nothing in a clause that
hedges (`modal`: "should have 12", 約 12 個); a verdict to the items of its clause, else
(`_may_borrow`) to the item the answer spoke of last when a pronoun says so or one item was
spoken of and asked; "nothing" and "all" to every item the run looked up or searched; a
negation to the next field or verdict of its clause.
A number with no field, a negation with nothing to negate and a claim with no item are
unreadable too; so are a yes said mid-sentence, words for items not named ("nothing
else", `others`; an offer to look them up states nothing: `_states_nothing`), a
sentence that says only "done", a field with no figure ("A003 is available"), an item
named and given no claim ("So is A001."), a negation of a negation, a SKU beside another item's name
(`_misnamed`), an item right after a verdict (`_compares`: "below A003"), "so" between
clauses about two items, words for the whole inventory in a clause naming no item, a count
said of an item and "found" with no item. An order word said done or being done (`done`:
已, "let me", "now") says the order was placed, its figures the quantities ordered. Then
each claim is checked against the facts (truth.py's `true`): a false one drops its
sentence.

Not guaranteed: that every true sentence is understood (a true sentence in an unknown
wording is dropped, and the program states the facts itself).
"""

from stock_agent.answers.clause import PRONOUNS, clause_claims
from stock_agent.answers.words import FIGURES, OF_THE_RUN


def claims(words, last, *, asked=None, skus=(), everything=(), request=False, some=False):
    """The claims of one read sentence: ({"items", "kind", "value", "negated"}, ...), and
    every item the sentence named (the next sentence's `last`); None when a number, a
    negation or a claim cannot be placed, or the sentence's structure says more than its
    claims (a SKU beside another item's name, a comparison, "so" between two items, a
    clause with a verb of its own after one it would share claims with, an order of items
    with none named). `last`: the items the answer spoke of before.
    `everything`: the items the run looked up, which "nothing" and "all" are said of.
    `asked`: the verdict a yes-or-no question asks of its `skus` (question.shape). A yes or
    no that opens the sentence is read only beside a claim of its own that states that
    verdict the same way ("No, A002 is not below target."): the question's verdict is a
    guess from its words, so a bare "No." is never taken for it. `request`: the person asked
    for something done and asked nothing ("Check A001"): a yes that opens the sentence
    acknowledges it ("Sure."); "ack", asked what or how many and supposing nothing: "Sure",
    "OK" or 好的 does, and "Yes", "Right" or 對 is a yes. In an offer ("Would you like me to
    draft a purchase order?") an order is no order placed, only one the run could place.
    `some`: the question asks whether any item holds the verdict, naming none ("Is anything
    out of stock?"): a yes is read beside a claim that one does ("Yes, A003 is out of
    stock."), a no never (of the items it names, not of every one)."""
    if _states_nothing(words):  # "Want me to check A002 too?" of A001: "it" after it is
        # of both, so what it says is read only if true of both
        return [], tuple(dict.fromkeys([*(last or skus), *(word[1] for word in words
                                                           if word[0] == "item")]))
    if _misnamed(words) or ("fill", "also") in words and _copies(words) or _copies_all(words):
        return None
    if ("able",) in words:
        able = _capability(words)
        return None if able is None else (able, last)
    if any(word[0] == "compare" for word in words):
        compared = _comparison(words)
        return ([compared], compared["items"]) if compared else None
    ranked = ("ranked",) in words  # "largest shortfall first: A003, A001": in that order
    answer, words = _yes_or_no([word for word in words if word != ("ranked",)])
    if answer and (request is True or request == "ack" and answer == "ack"):
        answer = None  # "Sure.", 好的，整理如下: a request acknowledged, asking no verdict
    answer = True if answer == "ack" else answer
    said = _read_clauses(words, last, skus, everything)
    if said is None or _apart(said) or not said["made"] and (said["heading"] or
                                                              said["spoken"] != last):
        return None  # two items linked; a heading over nothing; items with nothing said
    found = [claim for made in said["made"] for claim in made]
    if not said["named"] and any(claim["kind"] in ("short", "over") for claim in found):
        return None  # "A001's suggested order is 18. It is 18 below target.": whose gap?
    found = _total_of_sentence(_drop_figures_of_missing(found), said["named"], skus)
    found, named = _shared_by_subjects(said, found), said["named"]
    if found is None or ranked and not named or \
            set(named) - {sku for claim in found for sku in claim["items"]}:
        return None  # an item with nothing said of it ("X123 查無資料，Y999 則有")
    found += _as_ordered(found)
    for claim in found:  # "Order placed.", "Approved.", "PO-000001.": of the items asked
        if claim["kind"] in _WRITES and not claim["items"] and not claim["negated"]:
            claim["items"] = named or tuple(skus)
    if ranked:  # "Largest shortfall first.", of no item named, was unread above
        found.append({"items": named, "kind": "ranked", "value": None, "negated": False})
    found = _searched(found, words, named)
    if offers(words):  # an order offered: one this run could place, none placed
        if _done_after_offer(words):
            return None  # "Want me to check its order — it's placed.": offered, or done?
        found = [{**claim, "kind": "readonly", "negated": True, "items": ()}
                 if claim["kind"] in _WRITES
                 else claim for claim in found if claim["kind"] != "quantity"]
        if ("field", "order") in words:  # "Want me to place an order for A001?"
            found.append({"items": (), "kind": "readonly", "value": None, "negated": True})
    for claim in found if ("each",) in words else ():  # "A001 and A003, 20 units each"
        if claim["kind"] in (*FIGURES, "quantity"):  # "They need 20 each": its own too
            claim["items"] = tuple(dict.fromkeys(claim["items"] + named))
    found = _in_turn(found)
    if not found and {word[0] for word in words} in ({"be"}, {"be", "punct"}):
        return None  # "有。", "是。", "There is.": a yes, of nothing the sentence names
    if not found and any(word[0] == "done" for word in words):
        return None  # "I already did.", 已經好了。: done, of what? (an order, it may say)
    if {"count", "placed"} <= {claim["kind"] for claim in found}:
        return None  # "已下單，共 2 筆。": a count of what was ordered, never of the items
        # looked up (a review's: one receipt, two items looked up, shown)
    # A yes or no answers the question: read only when the question asks a verdict the
    # program knows, and the sentence states that verdict the same way.
    if answer is not None and not (asked and skus and any(
            _states(claim, asked, skus) == answer for claim in found)) and not (
            some and answer is True and any(shows_some(claim, asked) for claim in found)):
        return None
    return found, named or last


# The words of a sentence that states nothing of the data ("Let me know if you need
# anything else!"); in an offer, or a sentence of what the agent can do, the items, fields
# and others it offers to look up too ("Want me to check A003's stock too?", "Anything else
# I can check for you?"), never an order.
_NOTHING_STATED = {"fill", "to", "punct", "clause", "colon", "count", "unit"}
_OFFERED = {"able", "offer", "others", "all", "item", "be"}


def _states_nothing(words):
    """Whether every word of the sentence is one that states nothing (words for the other
    items, for all or of being only in an offer: "The others are too.", "Both are.",
    "That's all the items." say something). Not a sentence that opens with a yes."""
    offered = offers(words) or ("able",) in words
    says = [word for word in words if word[0] not in ("fill", "punct")]
    return bool(says) and _yes_or_no(words)[0] is None and all(
        word[0] in _NOTHING_STATED or offered and (
            word[0] in _OFFERED or word[0] == "field" and word[1] != "order") for word in says)


def _copies(words):
    """Whether a clause with "also" (too, 也) ends on its one field word, or names one and
    stands for its figure by a pronoun: "A003 needs 20; A001 needs them too", A001 也需要 say A001
    needs 20, a figure the reader cannot place (a review's: read as A001 needing a reorder,
    it was shown); or says only an item, and its figures ("..., A001 (12) as well", A001（12）
    也是): what it copies, the reader cannot place either. Not "A001 is also below target",
    "A001 also needs an order", 也需要補貨."""
    clause = []
    for word in [*words, ("punct",)]:
        if word[0] not in ("contrast", "clause", "punct"):
            clause.append(word)
            continue
        said = [word for word in clause if word[0] != "fill"]
        fields = [word for word in said if word[0] == "field"]
        if ("fill", "also") in clause and fields and (
                len(fields) == 1 and said[-1][0] == "field" or
                any(word in (("be", "it"), ("be", "they")) for word in said) and
                not any(word[0] == "number" for word in said)):
            return True  # one field word, said last, or a pronoun for its figure
        clause = []
    return False


def _copies_all(words):
    """Whether a clause that copies the one before ("also", 也是, "so is", "as is") says
    only an item and its figures, brackets and all, or nothing, after a figure: "A003 缺貨，
    A001（12）也是。", "..., as is A002 (45)", "A002 45 包，也是" say A001, A002 are as the
    item before (a review's: only the figure was read, and shown), nor one followed by more
    ("A001 too, with 12 units"). "A001 低於目標，A003 也是。" names no figure: A003 shares
    the claims, and they are read of it."""
    clause, figured, copied = [], False, False
    for word in [*words, ("clause",)]:
        if word[0] not in ("contrast", "clause"):
            clause.append(word)
            continue
        said = [word for word in clause if word[0] != "fill"]
        if copied and said:
            return True  # "A003 is out of stock, A001 too, with 12 units.": of which?
        copies = ("fill", "also") in clause or said[:1] == [("be",)] and said[1:2] and \
            said[1][0] == "item"
        only = all(word[0] in ("item", "number", "unit", "be", "punct", "colon") or
                   word == ("field", "stock") for word in said)
        numbered = any(word[0] == "number" for word in said)
        named = any(word[0] == "item" for word in said)
        if copies and only and (numbered and named or figured and not (numbered or named)):
            return True  # not "..., and stock is also 30": a figure of its own
        copied = copies and only and named
        figured, clause = figured or numbered, []
    return False


def _misnamed(words):
    """Whether a SKU stands beside the name of another item with nothing between them that
    says something ("A001 (玄米茶包)", "A001, also called 玄米茶包", a table's row), and not
    beside its own ("A003 玄米茶包, A001 濾掛咖啡" is two items): which one the sentence is
    about, the reader cannot tell."""
    beside, paired = None, False
    for word in words:
        if word[0] != "item":
            beside = beside if word[0] in ("punct", "fill", "colon", "be", "clause") else None
        elif beside is None or paired or beside[2:] == word[2:] and beside[1] != word[1]:
            beside, paired = word, False
        elif beside[1] != word[1]:
            return True  # a SKU and a name, of two items
        else:
            paired = True  # an item's SKU and its name: one mention
    return False


# The words a sentence of what the agent can do may hold: no item, figure, negation,
# verdict nor order said placed ("I can see everything is in stock" says more than it can).
_ABLE = {"fill", "able", "field", "all", "to", "ratio", "count", "unit", "clause", "punct",
         "colon"}


def _capability(words):
    """"I can check the stock of any SKU", 我可以幫你下單: what the agent can do, of no item
    nor figure: the claim that the run could place an order when it speaks of ordering,
    else none (the inventory's lookups are the agent's own). None for a sentence with any
    other word."""
    if any(word[0] not in _ABLE for word in words):
        return None
    orders = ("field", "order") in words
    return [{"items": (), "kind": "readonly", "value": None, "negated": True}] if orders else []


def _done_after_offer(words):
    """Whether a clause after an offer's says an order placed or done ("Happy to order 18
    of A001, and it's done."), or any says it done already (需要的話 A001 已經下單了, a
    review's): the offer's own clause ("Shall I place an order for 18?") only offers it."""
    after = next((at for at, word in enumerate(words) if word[0] in ("clause", "contrast")),
                 len(words))
    return any(word[0] in ("placed", "done") for word in words[after:]) or any(
        word in (("done", "past"), ("placed", "done")) for word in words)  # "already"


def offers(words):
    """Whether the sentence opens with an offer ("Would you like me to reorder A001?"; not
    "A003 was reordered, would you like me to…", which says an order was placed first)."""
    opening = next((word for word in words if word[0] not in ("fill", "punct", "answer")), None)
    return opening == ("offer",)


def _comparison(words):
    """"A002 has 33 more units than A001", A002 比 A001 多 33 個, "A002 is ahead of A001 by
    33": the one claim of a sentence that does nothing but compare two items' stock
    ({"kind": "compare", "items": (more, less), "value": the difference or None,
    "of_stock": whether it says so}); None
    for any other sentence a comparison word is in."""
    said, items = [], []
    for word in words:
        if word[0] in ("fill", "be", "unit", "punct") or word in (("field", "stock"),
                                                                  ("verdict", "instock")):
            continue
        if word[0] == "item":
            if not items or items[-1] != word[1] or said[-1] != "item":
                items.append(word[1])
                said.append("item")
            continue  # an item's SKU beside its name is one mention
        said.append(word[0] if word[0] != "compare" else word[1])
    numbers = [word[1] for word in words if word[0] == "number"]
    first_has_more = _COMPARISONS.get(" ".join(word for word in said if word != "number"))
    if len(items) != 2 or items[0] == items[1] or len(numbers) > 1 or first_has_more is None:
        return None
    return {"items": tuple(items if first_has_more else items[::-1]), "kind": "compare",
            "value": numbers[0] if numbers else None, "negated": False,
            "of_stock": ("field", "stock") in words}  # "33 more in stock", not "33 more"


# The comparisons read, by the order of their words: whether the first item has more.
_COMPARISONS = {"item more than item": True, "item less than item": False,
                "item than item more": True, "item than item less": False,  # A 比 B 多
                "item ahead item": True, "item behind item": False}


def _yes_or_no(words):
    """(True, False, "ack" or None: the yes or no that opens the sentence, "ack" for one
    that may only take the question up; the words after it)."""
    first, rest = words[:1], words[1:]
    apart = rest[:1] in ([("clause",)], [("colon",)], [("punct",)])  # "No, …", "No — …"
    if first == [("neg",)] and (apart or not rest):
        return False, rest[1:]
    if first == [("answer", "yes")]:
        return True, rest
    if first == [("answer", "ack")]:
        return "ack", rest  # "Sure", 好的: a yes, or the question only taken up (claims())
    if first in ([("be",)], [("be", "has")]) and apart and rest[:1] != [("punct",)]:
        return True, rest[1:]  # 是，… / 有，…: a yes
    return None, words


def _read_clauses(words, last, skus, everything):
    """What the clauses of a sentence said, read in turn: each key below is what one clause
    leaves the next, or the sentence; None when a clause cannot be placed."""
    said = {"spoken": last,    # the items the clause before was about
            "named": (),       # every item the sentence names
            "subjects": (),    # "A001 and A404 were not found": items before the claim they share
            "elided": False,   # the last clause was set against the one before ("but A002")
            "heading": [],     # "Out of stock: A003": a verdict said before the items it is about
            "made": [],        # the claims of each clause that made any, in turn
            "links": [],       # each "so": the items before it, and those after it
            "causes": [],      # each clause's items, and whether it gives a cause ("because")
            "ordering": False,  # an order word said in a clause before
            "done": False,     # a clause before said only that something is done (好了，)
            "denied": False,   # the clause before denied a verdict
            "carried": None,   # (field, said as a column) of the one figure a field named before
            "carrying": (),    # items said with figures and no verdict, the next verdict's too
            "prior": (),       # the items spoken of before those the clause is about
            "named_only": False}  # the clause before named items and said nothing itself
    clauses = list(filter(None, _clauses(words)))  # ", and" leaves an empty clause
    over_lines = words[-1:] == [("colon",)]  # "It is below target:", of the lines after it
    also = _also_of(clauses)
    for at, clause in enumerate(clauses):
        if _compares(clause) or ("inventory",) in clause and all(
                word[0] != "item" for word in clause):
            return None  # "Nothing in our inventory is out of stock": of every item, unseen
        if not said["subjects"] and not said["made"] and (over_lines or at < len(clauses) - 1) \
                and _is_heading(clause, over_lines and at == len(clauses) - 1):  # "Low:"
            # heads what comes after it; at a sentence's end, "That's above target." is of
            # the item spoken of, as "It is" would be
            said["heading"] = [word for word in clause if word[0] in ("verdict", "neg")]
            continue
        if said["named"] and set(said["named"]) != set(everything) and _of_all(clause) and \
                not any(word[0] == "item" for word in clause) and PRONOUNS.isdisjoint(clause):
            return None  # "A003 和 A001 需要補貨，但都沒有缺貨": of those two, or of every item?
        if said["subjects"] and set(said["subjects"]) != set(said["named"]) and \
                (_of_all(clause) or ("each",) in clause) and \
                not any(word[0] == "item" for word in clause):
            return None  # "I checked A002 and A001, both below target": of the two named,
            # not of A001 alone, the one with nothing said of it yet (a review's)
        items = _clause_items(clause, said["subjects"], everything)
        if items is None or not _add_clause(said, clause, items, last, skus,
                                            also=at in also):
            return None
    return said


def _also_of(clauses):
    """The places of the clauses "also" (too, 也) is said of: its own, and beside one that
    says nothing else (", too,", "A001 needs reordering, too.")."""
    said = {at for at, clause in enumerate(clauses) if ("fill", "also") in clause}
    return said | {at + step for at in said for step in (-1, 1)
                   if all(word[0] in ("fill", "punct") for word in clauses[at])}


def _clauses(words):
    """The clauses of a sentence. A colon ends one ("A001: stock 12"), unless a field in it
    still waits for its figure ("stock: 12", "suggested order for A001: 12"), or a status
    for what it is ("A001 狀態：補貨")."""
    clause = []
    for word in words:
        waiting = next((w[0] for w in reversed(clause) if w[0] in ("field", "number")),
                       None) == "field" or clause[-1:] == [("be", "status")]  # "status: ..."
        if word[0] in ("clause", "contrast") or word == ("colon",) and not waiting:
            yield clause
            clause = [word] if word[0] == "contrast" else []
        else:  # a colon after a field stays, as punctuation: "restocking: 22 on hand"
            clause.append(("punct",) if word == ("colon",) else word)
    yield clause


def _compares(clause):
    """Whether an item follows a verdict of its level with only words that say nothing
    between ("A001 is below A003", "as short as A003"): a comparison of two items, not a
    verdict of both. (查無 A001 says A001 was not found.)"""
    level = False
    for word in clause:
        if word[0] == "item" and level:
            return True
        level = level if word[0] in ("fill", "because") else word[0] == "verdict" and \
            word[1] not in ("found", "missing")
    return False


def _is_heading(clause, over_lines=False):
    """A clause that says a verdict and nothing else, before the items it is about; of "it",
    only over the lines after it ("It is below target:"): in a sentence, "It is out of
    stock, ..." says it of the item spoken of."""
    roles = {word[0] for word in clause} - {"fill", "be", "punct", "count"}
    return "verdict" in roles and roles <= {"verdict", "neg"} and not _of_all(clause) and \
        (over_lines or PRONOUNS.isdisjoint(clause))


def _of_all(clause):
    return any(word[0] == "all" or word == ("neg", "all") for word in clause)


def _clause_items(clause, subjects, everything):
    """The items a clause is about: those it names, after those named before with nothing
    said of them; with none, every item the run looked up when it says "all" or "nothing"
    (None when the run looked up none, or one and "all" is said of it)."""
    items = tuple(dict.fromkeys(word[1] for word in clause if word[0] == "item"))
    if items or subjects or not _of_all(clause):
        return tuple(dict.fromkeys(subjects + items)) if items else ()
    if not everything or len(everything) < 2 and ("all",) in clause:
        return None  # "Nothing needs reordering" of no item; "all items" of one
    return tuple(everything)


def _add_clause(said, clause, items, last, skus, *, also=False):
    """Adds one clause's claims to what the sentence said; False when they cannot be placed.
    `also`: "also" is said of it."""
    if ("so",) in clause:
        said["links"].append((set(said["spoken"]), set()))
    they = ("be", "they") in clause and not items  # "A003 has 0 and A001 12; they are ...":
    if they:                                         # of both
        said["spoken"] = said["named"] or said["spoken"]
    if not items and not said["named"] and any(word[0] == "query" for word in clause):
        said["spoken"] = ()  # "Matches for 烏龍:" after A001: of what the search found
    # "A002 is in stock, and A001 is also low", "A002 has 45. A001, too, needs 18.": the
    # item spoken of before, in this sentence or the one before, is said so too
    if items:
        said["prior"] = tuple(sku for sku in said["spoken"] if sku not in items)
    also = said["prior"] if also else ()
    said["spoken"] = items or said["subjects"] or said["spoken"]
    said["causes"].append((set(said["spoken"]), ("because",) in clause))
    said["named"] = tuple(dict.fromkeys(said["named"] + items))
    if said["links"]:
        said["links"][-1][1].update(items)
    made = clause_claims(said["heading"] + clause if items else clause, said["spoken"],
                         after_item=(bool(said["subjects"]) or said["named_only"]) and not items)
    if made is None or _unplaced(said, clause, items, made, last, skus) or \
            not _carried(said, clause, made):
        return False
    for claim in list(made) if also else ():  # a review's: only A001 was read, and shown
        if claim["kind"] == "verdict":
            claim["items"] = tuple(dict.fromkeys(claim["items"] + also))
        elif claim["kind"] == "order" and not claim["negated"]:  # "also needs 18": needs one
            made.append({"items": also, "kind": "verdict", "value": "reorder",
                         "negated": False})
    done = not made and any(word[0] == "done" for word in clause)
    if done and said["ordering"] or said["done"] and ("field", "order") in clause:
        return False  # "A001 needs 18, and I already did.", 好了，A001 訂 18 包: an order said
        # done, of what?
    if ("field", "order") in clause and not items and any(
            claim["kind"] == "placed" for made_before in said["made"] for claim in made_before):
        return False  # "A001 已下單，補到目標。": the order placed is said to fill the gap, which
        # only as many as its suggested order does (a review's: read as a need, shown)
    if they and len(said["spoken"]) < 2 and any(claim["kind"] not in OF_THE_RUN
                                                for claim in made):
        return False  # "They need 18." of one item: which items does the person read?
    said["ordering"] = said["ordering"] or ("field", "order") in clause
    said["done"] = said["done"] or done
    said["denied"] = any(claim["kind"] == "verdict" and claim["negated"] for claim in made)
    _carry_verdicts(said, clause, items, made)
    # items with nothing said of them share the claims of another clause ("..., as does
    # A003"), unless set against it ("..., but A002 is", "Y999 則有")
    said["subjects"] = () if made else items
    # under a heading ("Below target:"), "A003 玄米茶包: 0" names its item, then its figure
    said["named_only"] = bool(items) and all(word[0] in ("item", "punct") for word in clause)
    said["elided"] = ("contrast",) in clause  # read only of the subjects' clause
    for claim in made if _of_all(clause) and not any(word[0] == "item" for word in clause) \
            else ():
        if claim["kind"] == "total":  # 全部補到目標總共要訂 33: of every item that exists
            claim["asked"] = True
    said["made"] += [_totals(made, clause, said["spoken"])] if made else []
    return True


def _carry_verdicts(said, clause, items, made):
    """"A003 (0) and A002 (45) are above target", A002（45）和 A001（12）需要補貨: items listed
    with figures, no verdict and no verb of their own ("A002 has 45" is a clause of its own)
    share the next clause's verdict, plural or not (zh marks no plural); unless that clause
    is set against them ("but", a semicolon) or names one of them again ("- A001 needs a
    reorder"). "They" after a semicolon is still of them all (_add_clause)."""
    verdicts_made = [claim for claim in made if claim["kind"] == "verdict"]
    apart = any(word[0] == "contrast" for word in clause)  # "but", or after a semicolon
    carrying = () if apart or set(items) & set(said["carrying"]) else said["carrying"]
    for claim in verdicts_made:
        claim["items"] = tuple(dict.fromkeys(carrying + claim["items"]))
    listed = items and made and not verdicts_made and not any(
        word[0] == "be" and word != ("be", "with") for word in clause)
    said["carrying"] = carrying + items if listed else ()


def _unplaced(said, clause, items, made, last, skus):
    """Whether a clause's claims cannot be placed: of which items, of which figure, or
    whether a "not" said before is theirs too."""
    if not items and not said["subjects"] and said["spoken"] == last and any(
            claim["kind"] not in OF_THE_RUN for claim in made) and \
            not _may_borrow(clause, last, skus):
        return True  # "No items need restocking." after several items: which?
    if not items and said["ordering"] and any(claim.get("bare") for claim in made):
        return True  # "A001 needs restocking, 12 units": the order's figure, or its stock?
    if (items or said["subjects"]) and any(claim["kind"] == "count" for claim in made):
        return True  # "A002 has 3 items": its units, or how many the run found?
    # "A003 is not above target or out of stock": is the "not" both's?
    return said["denied"] and not items and not {("contrast",), *PRONOUNS} & set(clause) \
        and any(claim["kind"] == "verdict" and not claim["negated"] for claim in made)


def _may_borrow(clause, last, skus):
    """A clause naming no item is about the item the answer spoke of last when it says so
    ("It needs 18", 它), or when one item was spoken of and at most one asked; never when
    it names a search ("咖啡 is above target": of what the search found, not that item)."""
    if any(word[0] == "query" for word in clause):
        return False
    return not PRONOUNS.isdisjoint(clause) or len(last) == 1 and len(skus) <= 1


def _carried(said, clause, made):
    """A figure said with no field ("Target: A001 30, A002 45": 45) is of the field the last
    clause that made claims gave its one figure; False when it may be a stock as well."""
    carried = said["carried"]
    if carried and carried[0] == "order" and \
            not any(word[0] == "item" for word in clause) and \
            any(claim["kind"] in ("short", "over") for claim in made):
        return False  # 建議補貨量是 18，比目標少 18: the order's gap, or the stock's?
    for claim in made if carried else ():
        if "bare" not in claim or claim["has"]:
            continue  # a field's figure; "A002 has 45"
        if carried[0] != "stock" and (not claim["bare"] or not carried[1] or
                                      ("be", "with") in clause):
            # "A001 has a target of 30, A002 30", "A001 needs 18, and A003 is at 20",
            # "A002 today: 30" (a review's: read as what A003 needs, it has 0): of that
            # field, or a stock?
            return False
        claim.update(kind=carried[0], bare=False)  # "A001 的目標為 30，A002 為 0"
    figures = [claim for claim in made if claim["kind"] in FIGURES]
    if made:  # the one figure a field named: a column's, if no verb said it
        said["carried"] = (figures[0]["kind"], not any(word[0] == "be" for word in clause)) \
            if len(figures) == 1 and not figures[0].get("bare") else None
    return True


def _totals(made, clause, items):
    """"A001 and B101 have 20 units together": with a word for a sum, a figure said of
    several items is their total."""
    if len(items) < 2 or ("field", "total") not in clause:
        return made
    return [{**claim, "kind": "total", "of": claim["kind"]}
            if claim["kind"] in ("stock", "target", "order") else claim for claim in made]


def _apart(said):
    """Whether the sentence links what it says of two items: "A002 is above target, so A001
    needs 18", "A001 needs 18 because A002 is above target"."""
    if any(before and after and not before & after for before, after in said["links"]):
        return True
    causes = said["causes"]
    for at, (cause, gives_cause) in enumerate(causes):
        effect = set().union(*(other for place, (other, _) in enumerate(causes) if place != at))
        if gives_cause and cause and effect and not cause & effect:
            return True
    return False


def _drop_figures_of_missing(found):
    """"Z999 was not found (that is not stock 0)": a figure denied of an item said missing is
    no claim of its own."""
    missing = {sku for claim in found if claim["value"] == "missing" and not claim["negated"]
               for sku in claim["items"]}
    return [claim for claim in found if not (claim["negated"] and claim["kind"] in FIGURES
                                             and set(claim["items"]) <= missing)]


def _total_of_sentence(found, named, asked=()):
    """"K12 needs 7 and T21 needs 7, so 14 in total": a total said of fewer than two items is
    of every item the sentence's claims are of; in a sentence naming none (總庫存數量為 12,
    after a line about one item), of every item found; and, unless its clause said what it
    sums, of the last stock or order figure's kind (of stock, with none): "stock 12, target
    30; ...; total 50" sums no target unless its clause says so ("the combined target");
    "unsaid" when nothing said so. A total of no item, when the question asks of two items or
    more, is of those (`asked`)."""
    figures = [claim["kind"] for claim in found if claim["kind"] in ("stock", "order")]
    for claim in found:
        if claim["kind"] == "total" and len(claim["items"]) < 2:
            claim["items"] = tuple(dict.fromkeys(sku for made in found for sku in made["items"]))
            if not named and len(claim["items"]) < 2:
                claim["items"], claim["asked"] = tuple(asked) if len(asked) >= 2 else (), True
        if claim["kind"] == "total" and "of" not in claim:
            claim["of"], claim["unsaid"] = (figures[-1], False) if figures else ("stock", True)
    return found


def _shared_by_subjects(said, found):
    """"Out of stock: A003, B101": items named after the claims they share take them;
    None when what they share is unsaid ("A001 is not out, but A002 is", "…, A002 is")."""
    if not said["subjects"] or not found:
        return found
    shared = said["made"][-1]  # the last clause that made claims: those they share
    if said["elided"] or len(said["made"]) > 1 or not all(
            claim["kind"] == "verdict" and not claim["negated"] for claim in shared):
        return None
    return found + [{**claim, "items": said["subjects"]} for claim in shared]


def _as_ordered(found):
    """In a sentence that says an order was placed (rehearsed, approved), "I ordered 18"
    and a total ("36 units in total") are how many were ordered; "the suggested order of
    18" is both the suggestion and how many were ordered. The claims to add."""
    written = {claim["kind"] for claim in found if not claim["negated"]} & set(_WRITES)
    ordered = bool(written & {"placed", "receipt"})  # else checked against rehearsed too
    for claim in found if written else ():
        if claim.get("bare") or claim["kind"] == "quantity":
            claim.update(kind="quantity", ordered=ordered)
        elif claim["kind"] == "total":
            claim.update(of="ordered", ordered=ordered)
    return [{**claim, "kind": "quantity", "ordered": ordered}
            for claim in found if written and claim["kind"] == "order"]


def _searched(found, words, named):
    """"I searched for 茶 and found A001": the items named are in its results; "I searched
    for 茶: 2 matches" is a count of that search, and a total said with its words is of its
    items."""
    queries = {word[1] for word in words if word[0] == "query"}
    found += [{"items": named, "kind": "matched", "value": query, "negated": False}
              for query in queries if named]
    for claim in found:  # 「茶」有 2 項低於目標, 「茶」的總庫存是 45, Nothing matches "oolnog"
        if claim["kind"] in ("count", "more", "total", "nomatch") and len(queries) == 1:
            claim["query"] = next(iter(queries))
    return found


def _in_turn(found):
    """"A001 and A002 have 12 and 45 units": as many figures of one kind as the items they
    are said of are the items' in turn (an item has one stock)."""
    groups = {}
    for claim in found:
        if len(claim["items"]) >= 2 and claim["kind"] in FIGURES:
            key = (claim["items"], claim["kind"], claim["negated"])
            groups.setdefault(key, []).append(claim)
    for (items, _, _), group in groups.items():
        if len(group) == len(items):
            for claim, sku in zip(group, items):
                claim["items"] = (sku,)
    return found


def _states(claim, asked, skus):
    """Whether `claim` says the asked verdict holds of every SKU asked (True), does not
    (False), or says nothing of it (None)."""
    if claim["kind"] != "verdict" or not set(skus) <= set(claim["items"]):
        return None
    if claim["value"] == "low" and asked == "below" and not claim["negated"]:
        return True  # low, with some left, is below target
    if claim["value"] == "missing":  # no such item: no verdict asked of it holds
        return claim["negated"] if asked == "found" else False if not claim["negated"] else None
    if {claim["value"], asked} == {"out", "instock"}:  # "No, A003 is out of stock."
        return claim["negated"]
    return None if claim["value"] != asked else not claim["negated"]


def shows_some(claim, asked):
    """Whether `claim` says some item holds the asked verdict: of an item, or a count of
    those below target for "below" and "reorder" (below target is what needs an order)."""
    if claim["negated"]:
        return False
    if claim["kind"] == "count":
        return bool(claim.get("below")) and asked in ("below", "reorder") and claim["value"] > 0
    return claim["kind"] == "verdict" and bool(claim["items"]) and (
        claim["value"] == asked or claim["value"] in _SHOWS.get(asked, ()))


_SHOWS = {"below": ("low",), "reorder": ("below", "low")}  # low, with some left, is below


_WRITES = ("placed", "receipt", "approved", "rehearsed")  # claims of an order written
