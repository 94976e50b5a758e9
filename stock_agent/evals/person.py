"""Scoring what the person reads: the delivered answer, every sentence of it (the model's
words and the program's alike), read by the answers wing's own reader
(stock_agent/answers/words.py, reader.py), its claims held against what the case declares.

A case declares, under `expect`:

    verdicts   {"A001": {"found": true, "stock": 12, "target": 30, "level": "below",
                "reorder": true, "order": 18, "out_of_stock": false}, "Z99": {"found": false}}
               (any subset of the fields, per SKU)
    computed   {"total": 57} or {"difference": 33}: a figure worked out from the facts
    no_false   phrases that must never appear in the answer

A claim the person reads is false when, of an item the case declares, it states a figure
other than the declared one (or denies the declared one), or a verdict the declared fields
settle the other way (the one rule: suggested order = max(target - stock, 0), so "reorder"
is "below target"); a total other than the declared one; or an order placed, when the case
expects none (every case but those tagged "orders" or expecting a place_order call).
Every declared verdict must also be stated: some claim asserts it, or for a figure (and a
computed one) the number appears in the answer. A sentence the reader cannot read is
"unjudged": counted, never scored true or false.
"""

import re

from stock_agent.answers import LEADS
from stock_agent.answers.facts import Facts, normal
from stock_agent.answers.question import shape
from stock_agent.answers.reader import claims
from stock_agent.answers.words import read, sentences
from stock_agent.errors import Text

VERDICT_FIELDS = {"found": "bool", "stock": "count", "target": "count", "order": "count",
                  "level": "level", "reorder": "bool", "out_of_stock": "bool"}
LEVELS = ("below", "at", "above")
COMPUTED = ("total", "difference")
FIGURES = ("stock", "target", "order")
ORDER_TOOLS = ("place_order", "draft_purchase_order")


# --- Reading ---------------------------------------------------------------------------

def reading(answer, results, expect, *, question=""):
    """What the person reads in `answer`: {"claims": [...], "unjudged": [sentences the
    reader cannot read]}; None without an answer. The words the reader knows are those of
    the run's tool results (`results`) and the SKUs the case declares; a yes or no is read
    as the verdict the `question` asks."""
    if not answer:
        return None
    answer = _unlabelled(answer)
    known = Facts(results).known_words()
    for sku in _declared(expect):
        known.setdefault(normal(sku), ("item", sku))
    asked = shape(question)
    said, unjudged, last = [], [], ()
    for shown, sentence in sentences(answer):
        words = read(sentence, known)
        found = claims(words, last, asked=asked["yes_no"], skus=asked["skus"],
                       some=asked["some"]) if words is not None else None
        if found is None:
            unjudged.append(shown.strip())
            continue
        said += found[0]
        last = found[1]
    return {"claims": [{**claim, "items": list(claim["items"])} for claim in said],
            "unjudged": unjudged}


def _unlabelled(answer):
    """The answer without the program's own framing, which states no fact: the label
    naming its data ("[Sample data] ", "[Data: inventory.csv (tenant north)] "), the
    one-line lead of an answer the program wrote or trimmed, and the words that open and
    close the facts it added ("(Added by the program from the tool results: " ... ")")."""
    global _LABEL
    if _LABEL is None:
        framing = []
        for lang in ("en", "zh-TW"):
            framing.append(re.escape(Text("answer_sample").render(lang).strip()))
            before, after = Text("answer_source", source="\ue010").render(lang).strip() \
                .split("\ue010")
            framing.append(rf"{re.escape(before)}[^\n]*?{re.escape(after)}")
            before, after = Text("answer_supplemented", facts="\ue010").render(lang) \
                .split("\ue010")
            framing.append(rf"{re.escape(before)}(?=[^\n]*{re.escape(after)}$)")
            framing += [re.escape(Text(lead).render(lang)) + r"\n" for lead in LEADS]
        _LABEL = re.compile(rf"^[ \t]*(?:{'|'.join(framing)})", re.M)
    return re.sub(r"(?<=[.。])[)）]$", "", _LABEL.sub("", answer), flags=re.M)


_LABEL = None


# --- Judging ---------------------------------------------------------------------------

def judge(expect, read_as, answer, *, orders_expected=False):
    """{"false": [what contradicts the case], "unstated": [declared verdicts no claim
    states], "no_false": [forbidden phrases found], "unjudged": [sentences not read]}."""
    said = read_as["claims"] if read_as else []
    folded = (answer or "").casefold()
    declared = {sku: settled(fields) for sku, fields in _declared(expect).items()}
    total = (expect.get("computed") or {}).get("total")
    false = [_describe(claim) for claim in said
             if _contradicts(claim, declared, total, orders_expected)]
    unstated = [f"{sku} {field} {_shown(value)}"
                for sku, fields in _declared(expect).items()
                for field, value in fields.items()
                if not _stated(sku, field, value, said, folded)]
    unstated += [f"{name} {value}" for name, value in (expect.get("computed") or {}).items()
                 if not has_number(folded, value)]
    return {"false": false, "unstated": unstated,
            "no_false": [text for text in expect.get("no_false", ()) if _asserts(folded, text)],
            "unjudged": list(read_as["unjudged"]) if read_as else []}


# Words that deny a phrase, just before it or with the thing denied between ("No order has
# been placed" says neither "order has been placed" nor "has been placed"; "No doubt it has
# been placed" and 不用擔心已下單 do). The reader's own negations (lexicon.txt).
DENIALS = (r"(?:\b(?:no|not|never|nothing|none)|尚未|未|沒有|沒|不|無|並非)"
           r"(?:\s*(?:purchase|orders?|po|任何|訂單|人)){0,2}\s*$")


def _asserts(folded, phrase):
    """Whether the answer says `phrase` somewhere, not denied just before it."""
    phrase = phrase.casefold()
    start = folded.find(phrase)
    while start != -1:
        if not re.search(DENIALS, folded[:start]):
            return True
        start = folded.find(phrase, start + 1)
    return False


def orders_expected(case):
    """Whether the case expects an order placed: tagged "orders", or a place_order call
    expected. Every other case declares that no order is placed."""
    calls = (case.get("expect") or {}).get("tool_calls") or ()
    return "orders" in case.get("tags", ()) or any(call.get("name") in ORDER_TOOLS
                                                   for call in calls)


def settled(fields):
    """What the declared fields of an item settle: {"found", "stock", "target", "order",
    "below", "at", "above", "reached", "out", "reorder"}, each a value, or absent when the
    case does not say."""
    if fields.get("found") is False:
        return {"found": False}
    known = {"found": True, **{name: fields[name] for name in FIGURES if name in fields}}
    level = fields.get("level")
    if "stock" in known and "target" in known:
        known.setdefault("order", max(known["target"] - known["stock"], 0))
        stock, target = known["stock"], known["target"]
        level = level or ("below" if stock < target else "at" if stock == target else "above")
    if level:
        known.update({name: level == name for name in LEVELS}, reached=level != "below")
    reorder = fields.get("reorder", known["order"] > 0 if "order" in known else
                         known.get("below"))
    if reorder is not None:  # a suggested order above 0 is exactly "below target"
        known.update(reorder=reorder, below=reorder, reached=not reorder)
        if reorder:
            known.update(at=False, above=False)
        else:
            known.setdefault("order", 0)
    out = fields.get("out_of_stock", known["stock"] == 0 if "stock" in known else None)
    if out is not None:
        known["out"] = out
        if out:
            known.setdefault("stock", 0)
    return known


def _contradicts(claim, declared, total, orders):
    kind, value, negated = claim["kind"], claim["value"], claim["negated"]
    if kind in ("placed", "receipt"):
        return not orders and not negated
    if kind == "total":
        return total is not None and (value == total) == negated
    for sku in claim["items"]:
        known = declared.get(sku)
        if known is None:
            continue
        if kind == "verdict":
            truth = _verdict(known, value)
            if truth is not None and truth == negated:
                return True
        elif kind in FIGURES:
            if known["found"] is False:
                if not negated:
                    return True  # a figure of an item that does not exist
            elif kind in known and (value == known[kind]) == negated:
                return True
    return False


def _verdict(known, value):
    """Whether a verdict holds of an item, by what the case settles; None: it does not say."""
    if value in ("found", "missing"):
        return known["found"] == (value == "found")
    if known["found"] is False:
        return False  # no level of an item that does not exist
    if value == "instock":
        return None if "out" not in known else not known["out"]
    return known.get(value)


def _stated(sku, field, value, said, folded):
    """Whether the answer states the declared `field` of `sku` (its claims, or for a
    figure, the number anywhere in the answer)."""
    of_it = [claim for claim in said if sku in claim["items"] and
             (claim["kind"] == "verdict" or claim["kind"] in FIGURES)]
    asserted = {(claim["value"], not claim["negated"]) for claim in of_it
                if claim["kind"] == "verdict"}
    figures = {(claim["kind"], claim["value"]) for claim in of_it
               if claim["kind"] in FIGURES and not claim["negated"]}
    if field == "found":
        missing = {("missing", True), ("found", False)}
        return bool(asserted & missing) if value is False else \
            any((claim["value"], not claim["negated"]) not in missing for claim in of_it)
    if field in FIGURES:
        return (field, value) in figures or has_number(folded, value) or value == 0 and (
            field == "stock" and ("out", True) in asserted or
            field == "order" and ("reorder", False) in asserted)
    if field == "level":
        return (value, True) in asserted or value == "below" and ("reached", False) in asserted
    if field == "reorder":
        return ("reorder", value) in asserted or any(
            kind == "order" and (number > 0) == value for kind, number in figures)
    if field == "out_of_stock":
        return ("out", value) in asserted or ("instock", not value) in asserted or any(
            kind == "stock" and (number == 0) == value for kind, number in figures)
    return False


def _declared(expect):
    return (expect or {}).get("verdicts") or {}


def _describe(claim):
    """A claim as a line of the report: `says A001 not reorder`, `says A001 stock 15`."""
    who = "/".join(claim["items"])
    if claim["kind"] in ("placed", "receipt"):
        return "says an order was placed" + (f" ({claim['value']})" if claim["value"] else "")
    said = claim["value"] if claim["kind"] == "verdict" else f"{claim['kind']} {claim['value']}"
    return f"says {who + ' ' if who else ''}{'not ' if claim['negated'] else ''}{said}"


def has_number(folded, value):
    """A whole number in the text: 18 is not found in 180."""
    return re.search(rf"(?<!\d){value}(?!\d)", folded) is not None


def _shown(value):
    return {True: "true", False: "false"}.get(value, value) if isinstance(value, bool) \
        else value


# --- Checking a case's declarations ----------------------------------------------------

KINDS = {"bool": "true/false", "level": '"below"/"at"/"above"'}


def problem(expect):
    """What is wrong with the person-read expectations of one question (a Text), or None."""
    verdicts = expect.get("verdicts")
    if verdicts is not None:
        if not isinstance(verdicts, dict):
            return _must("expect", "verdicts", Text("kind_object"))
        for sku, fields in verdicts.items():
            if not isinstance(fields, dict):
                return _must("expect.verdicts", sku, Text("kind_object"))
            unknown = sorted(set(fields) - set(VERDICT_FIELDS))
            if unknown:
                return Text("case_unknown_fields", fields=unknown)
            for field, value in fields.items():
                if not _fits(VERDICT_FIELDS[field], value):
                    return _must(f"expect.verdicts.{sku}", field, KINDS.get(
                        VERDICT_FIELDS[field], Text("kind_whole_number")))
    computed = expect.get("computed")
    if computed is not None:
        if not isinstance(computed, dict):
            return _must("expect", "computed", Text("kind_object"))
        unknown = sorted(set(computed) - set(COMPUTED))
        if unknown:
            return Text("case_unknown_fields", fields=unknown)
        for name, value in computed.items():
            if not _fits("number", value):
                return _must("expect.computed", name, Text("kind_whole_number"))
    phrases = expect.get("no_false")
    if phrases is not None:
        if not isinstance(phrases, list):
            return _must("expect", "no_false", Text("kind_array"))
        for index, text in enumerate(phrases):
            if not isinstance(text, str) or not text.strip():
                return Text("case_blank", field=f"expect.no_false[{index}]")
    return None


def _must(where, keyword, kind):
    return Text("schema_kind", where=where, keyword=keyword, kind=kind)


def _fits(kind, value):
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "level":
        return value in LEVELS
    whole = isinstance(value, int) and not isinstance(value, bool)
    return whole and (value >= 0 or kind == "number")
