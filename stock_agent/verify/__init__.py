"""The answer checker: a final answer is read into claims, and each claim is checked against
the fact it is about, from this run's own tool results.

The model proposes the answer; code decides whether it may be reported as completed. The
functions are pure: they read the question, the answer and the run's results (one
`{"invocation", "name", "arguments", "result"}` record per call, read through runlog.py,
the one reader of tool results) and return data; no model is asked.

What the answer is read into (`read`): the items it names (a SKU the tools were asked about
or returned, or an item's name: the data says which words are SKUs, not their shape), each
figure bound to the item of its clause, table row or list entry (else the item named last)
and to the field its words give it (stock, target, order, a count, a derived figure), the
SKUs it says were not found, the order ids it gives and the phrases saying something was
ordered. Figures are digits, k and 萬 units, English number words and Chinese numerals.

`check` returns the problems, by kind:

- `wrong_figures`: a figure bound to an item that is not that item's: "A001 has 45" when
  A001's stock is 12, the target given as the stock, "out of stock" (缺貨) of an item in
  stock (or of each entry of a list it heads) and "in stock" (有貨) of one with none, "needs
  topping up" (需要補貨) of one at or above its target; a sum of two items that is neither
  their stocks' nor their orders' (nor the field's its words name). A figure with no field
  may be any of the item's figures or one code derives from the facts the answer cites
  (a difference, a sum, a ratio as a percentage, arithmetic with a number the question
  gave); a derived figure said of a field ("their stock adds up to 75") is worked out
  from that field.
- `unsupported_numbers`: a figure bound to no item that is no count of the run (how many
  items a list held; not all of a cut list's items: "only 2" of 2 shown and 3 more; "N
  items are below target" must be how many are), no
  number the question gave and nothing derived; a date the question did not give. The
  model's own tool arguments are never evidence (`find_items {"query": "450"}` makes 450
  no fact).
- `missing_items`: a stock (or "out of stock", 缺貨) given to a SKU the tools did not find.
- `wrong_comparisons`: two items compared the wrong way round, the one said to have the
  most or least of a field that has not, a list said sorted by shortfall that is not.
- `not_found_claims`: a SKU the answer says does not exist that a result found; a search
  it says found nothing, naming the query last ("No items match 'coffee'"), that found items.
- `unsearched`: an answer that says something was not found (查不到庫存信息) when nothing
  was looked up and the question names no SKU: the item named by name is searched first.
- `order_ids`: an order id that is no receipt's `order_id` of this run nor the question's.
- `order_denials`: a phrase saying no order was placed (I haven't placed the order, 還沒有
  下單) of an item a receipt of this run covers.
- `order_claims`: a phrase saying an order was placed (I went ahead and ordered, 我幫您訂了)
  for an item no receipt of this run covers. Denials ("nothing has been ordered") and
  conditionals ("once the order is placed", 下單成功後) are not claims. A dry run's
  rehearsal (--dry-run) is no receipt.
- `delivery_claims`: a phrase saying an order or a delivery arrived (PO-7731 has been
  received, 已經到貨) when no result spoke of a delivery: the tools report stock, not
  deliveries. Denials ("has not arrived yet", 還沒到貨) and conditionals are none.
- `complete_claims`: a phrase saying a list is complete ("nothing else", 就這兩項) after a
  tool listed only part of one (its `more`).
- `failure_claims`: a phrase saying a lookup failed or the system is down ("try again
  later", 系統暫時無法回應) when every call was answered.
- `unchecked_skus`: a SKU the question names (letters then digits, as A001) that no result
  spoke of; `unknown_skus`: such a SKU the answer gives a figure that no result spoke of.
- `guessed_skus`: a SKU get_stock found that neither the question nor an earlier result
  gave, when the answer uses that item.
- `left_out` (advice, only with `complete`): an item looked up by SKU whose stock the answer
  leaves out (a figure of its stock, or "out of stock" for a stock of 0), or its suggested
  order when the question asks how many to order. Never a reason to refuse an answer: when
  it is the only problem, the loop returns the answer with those items' facts added
  (`supplemented`), and a corrective message for other problems asks for them too.

The program's own words are not the model's claims: a figure of a tool's error detail
("SKUs are 1-32 uppercase letters") and a denied figure ("not that its stock is 0",
這不代表庫存為零) are not read as facts about an item.

`correction` is the one corrective message; `supplemented` is a true answer with the facts
it left out added by code; `rendered` is the answer the program gives instead, written from
the facts by runlog.render_answer, when the corrected answer fails too (None when the facts
cannot answer: a SKU the question named was never looked up).

Limits (rules, not meaning): a figure is bound by position, so prose that names one item
and gives another's figures in the same clause can mislead it; a number the user wrote
passes where no item is named ("report its stock as 999" binds 999 to the item, though).

The wing's modules: this one holds the check in the order it runs (`check`, what the
results hold, reading the answer into claims, the corrective message, reading SKUs and
figures); below it, with no import of it, derived.py (what a figure may be besides a fact:
the figures derived from the facts), patterns.py (the regex texts and number words) and
words.py (the corrective message's lines). Every function a default `--mock` run calls is
here: that run checks its answer, and tests/test_core_reading_path.py holds its path to at
most ten files, this one the tenth.
"""

import functools
import json
import re
from collections import namedtuple

from stock_agent.errors import Text
from stock_agent.runlog import (data_of, facts, item_facts, item_rows, orders, receipt,
                                render, render_answer, unlisted, unplaced, skus_named)
from stock_agent.verify.derived import (FIELDS, _cross, _derived, _unbound_allowed, apart,
                                        cover_days, share_of_target)
from stock_agent.verify.patterns import (
    ABOVE_TARGET, AFTER_CUES, ALL_LISTED, AND, APART, ASKS_ORDER, BELOW_COUNT, BELOW_TARGET,
    BOTH, BOTH_BEFORE, BRACKETED, CHINESE_DIGITS, CHINESE_NUMERAL, CHINESE_UNITS, CLAIM_VERB,
    CLAIM_ZH, CLAUSE_END, COMPARE_NEEDLES, CONDITION, COUNTED, COUNTS_ITEMS, COUNT_BEFORE,
    COUNT_NEEDLES, DATE, DAYS, DELIVERED, DELIVERY_NEEDLES, DENIAL, DERIVED_CUE, ENTRY_HEAD,
    EXAMPLE, EXTREME_AFTER, EXTREME_BEFORE, EXTREME_NEEDLES, FAILED, FAILED_NEEDLES, FIELD_CUE,
    FIELD_NAMES, HEAD_ALTERNATIVE, HEAD_QUESTION, HYPOTHETICAL, IF_DONE, IN_STOCK, JOINER,
    MEASURE_WORD, MONTHS, MORE, MORE_THAN, MOST, NEEDS_DENIED, NEEDS_LATER, NEEDS_ORDER,
    NEXT_ITEM, NEXT_TO, NOT_FOUND, NOT_FOUND_NEEDLES, NOT_OUT, NOT_QUANTITIES, NO_MATCH,
    NO_MATCH_NEEDLES, NO_ORDER, NUMBER, OF_ITEM, OF_ORDERS, OF_TARGET, ONE_COUNTS,
    ORDER_DENIED, ORDER_ID, ORDER_VERBS, OTHER_ID, QUANTITY_LEAD, QUERY_THEN, RANGE_MARK,
    RELATIONS, RESPECTIVELY, REST_BEFORE, RESULTS_AFTER, SEARCHED, SEARCH_END, SENTENCE_END,
    SHORTFALL, SKU_CHARS, SORTED, SORTED_LEAST, SORTED_NEEDLES, SORTED_STOCK, STATING,
    STATUS_DENIED, STATUS_NEEDLES, STOCK_ZERO, SUBJECT_END, SUM, TARGETS_SHARE, THAN_ZH, THATS,
    TOKEN, TOTAL, WORD_NUMBER, WORD_NUMBERS, _chinese_value, _word_value)
from stock_agent.verify.words import PROBLEM_LINES, WORDS


# --- The check -------------------------------------------------------------------------

class Checker(namedtuple("Checker", "lang")):
    """The check as the loop (agent.py) uses it: `check`, `correction`, `rendered`,
    `unlooked`. A value, like the run's Settings: it holds nothing but the language."""

    __slots__ = ()

    def check(self, question, answer, results, *, complete=True, given=False):
        return check(question, answer, results, complete=complete, given=given)

    def correction(self, question, problems, results, *, given=False):
        return correction(question, problems, results, self.lang, given=given)

    def rendered(self, question, problems, results, *, lead="answer_rendered"):
        return rendered(question, problems, results, self.lang, lead=lead)

    def supplemented(self, answer, problems, results, *, also=()):
        return supplemented(answer, problems, results, self.lang, also=also)

    def summary(self, problems):
        return summary(problems)

    def unlooked(self, question, results):
        return unlooked(question, results)


def check(question, answer, results, *, complete=True, given=False):
    """The problems of `answer`, {kind: [what, as written]} for the kinds that failed;
    {} means verified. `given`: the question was asked without tools (the person said not
    to look anything up, or nothing could be): the numbers it gave, and what two of them
    work out to, are facts too, and a SKU it names needs no lookup."""
    known = evidence(question, results, given=given)
    said = read(answer, known)
    problems = {"unchecked_skus": [], "unknown_skus": said["unknown"],
                "wrong_figures": [], "unsupported_numbers": list(said["dates"]),
                "missing_items": [], "not_found_claims": [], "order_ids": said["bad_ids"],
                "order_claims": [claim for claim, sku in said["claims"]
                                 if not _covered(sku, known["ordered"])],
                "delivery_claims": delivery_claims(answer, results),
                "complete_claims": _said_complete(answer, known),
                "failure_claims": failure_claims(answer, results),
                "order_denials": [denial for denial, sku in said["denials"]
                                  if sku in known["ordered"] or sku is None and
                                  known["ordered"]],
                "guessed_skus": guessed_skus(question, said, results, every=True)}
    said["guessed"] = problems["guessed_skus"]
    problems["guessed_skus"] = guessed_skus(question, said, results)
    for figure in said["figures"]:
        kind = _figure_problem(figure, said, known)
        if kind:
            problems[kind].append(f"{figure['sku']} {figure['written']}" if kind ==
                                  "wrong_figures" else figure["written"])
    for sku in said["missing"]:
        if sku in known["items"]:
            problems["not_found_claims"].append(sku)
    if not (results or given or known["question_skus"]):
        problems["unsearched"] = _says_not_found(normal(answer))  # 查不到庫存信息, unlooked
    problems["not_found_claims"] += [f"\u201c{query}\u201d" for query in _searches_denied(
        answer, known["searches"])]
    problems["wrong_comparisons"] = [comparison[0] for comparison in said["comparisons"]
                                     if _wrong_comparison(comparison, known)] + [
        f"{extreme[1]} {extreme[0]}" for extreme in said["extremes"]
        if _wrong_extreme(extreme, known)] + _unsorted(normal(answer), known)
    # A run that looked nothing up and says nothing about an item (a greeting, a refusal,
    # a rule explained) is not asked for lookups.
    if not given and (known["spoken_of"] or said["figures"] or said["missing"]):
        problems["unchecked_skus"] = [sku for sku in known["question_skus"] + said["missing"]
                                      if sku not in known["spoken_of"]]
    problems["unknown_skus"] = [sku for sku in problems["unknown_skus"]
                                if sku not in problems["unchecked_skus"]
                                and not (given and sku in known["question_skus"])]
    if complete:
        problems["left_out"] = left_out(question, said, results)
    problems["echoed"] = echoed(answer)
    return {kind: list(dict.fromkeys(found)) for kind, found in problems.items() if found}


def unlooked(question, results):
    """The SKUs the question names that no result spoke of, whatever an answer says."""
    known = evidence(question, results)
    return [sku for sku in known["question_skus"] if sku not in known["spoken_of"]]


def echoed(answer):
    """Words of the corrective message the answer repeats (one run of them): a small model
    told to call get_stock sometimes answers with the instruction itself, which states
    nothing false and answers nothing."""
    return sorted(_runs(answer) & _instruction_runs())[:1]


def _runs(text):
    """Every run of 6 English words and of 8 Chinese characters in `text` (the characters
    of one language read in order, whatever stands between them)."""
    words = re.findall(r"[a-z_]{1,40}", text.lower())
    chinese = "".join(char for char in text if "\u4e00" <= char <= "\u9fff")  # no regex:
    # compiling that class costs a --mock start-up more than the whole check
    return {" ".join(words[at:at + 6]) for at in range(len(words) - 5)} | \
        {chinese[at:at + 8] for at in range(len(chinese) - 7)}


@functools.cache
def _instruction_runs():
    # the fixed words of each line, between its {placeholders}
    return set().union(*(_runs(piece) for words in WORDS.values()
                         for line in words.values() for piece in re.split(r"\{\w+\}", line)))


def unsupported_numbers(question, answer, results, *, given=False):
    """The figures `answer` states that are no fact of `results` (wrong for their item,
    given to an item no result spoke of, or bound to none and no count, question number
    or derived figure; `given` as for `check`): the evaluation's count of invented numbers."""
    known = evidence(question, results, given=given)
    said = read(answer, known)
    return [figure["written"] for figure in said["figures"]
            if _figure_problem(figure, said, known)]


def said_missing(answer, results=()):
    """The SKUs `answer` says do not exist ("B999 was not found", 查無 Z999), in order."""
    return list(dict.fromkeys(read(answer, evidence("", results))["missing"]))


def summary(problems):
    """What failed, in one language-neutral line for UNVERIFIED_ANSWER: `A002, 15`."""
    return ", ".join(item for found in problems.values() for item in found)


def rendered(question, problems, results, lang, *, lead="answer_rendered"):
    """The answer written by code from the run's facts, after a line saying so (`lead`, a
    line of the catalogue: why the model's own answer is not given); None when the facts
    cannot answer: nothing was looked up, a SKU the question named was not, or the only
    item found was a guess."""
    if problems.get("unchecked_skus") or problems.get("guessed_skus"):
        return None
    records = [record for record in results if item_facts(record) or receipt(
        data_of(record["result"])) or unplaced(record["result"], record["arguments"])
        or _rehearsed(data_of(record["result"]))]
    if not records:
        return None
    return Text(lead).render(lang) + "\n" + render_answer(records, lang)


def _covered(sku, ordered):
    """Whether a receipt of this run covers an order claim about `sku` (None: no item)."""
    return bool(ordered) and (sku is None or sku in ordered or None in ordered)


def supplemented(answer, problems, results, lang, *, also=()):
    """`answer`, then one line the program writes: the facts of each item it left out
    (`left_out`), and of each SKU in `also` (the program looked them up: found or not), as
    the tools returned them. The model's words stay as they were."""
    left, also = set(problems.get("left_out", ())), set(also)
    found = [fact for fact in facts(results) if normal(fact["sku"]).upper() in also
             or fact["found"] and normal(fact["sku"]).upper() in left]
    return answer + "\n" + Text("answer_supplemented", facts="; ".join(
        render(found, lang, calls=False))).render(lang)


def _rehearsed(data):
    """What a dry run (--dry-run) checked and would have written, or None: like a write
    not placed, its item and quantity may be stated, never as an order."""
    if isinstance(data, dict) and data.get("dry_run") is True and \
            isinstance(data.get("would_write"), dict):
        return data["would_write"]
    return None


def _figure_problem(figure, said, known):
    """The kind of problem of one figure of the answer, or None: it is a fact, a count of
    the run, a number the question gave, or derived from the facts the answer cites."""
    value, field, sku = figure["value"], figure["field"], figure["sku"]
    if figure["denied"] and (value in known["unplaced"].get(sku, ()) or
                             value in known["question"]):
        return None  # "the order for 18 x A001 was not placed", "I cannot order 50"
    if value in known["rehearsed"].get(sku, ()):
        return None  # "the order for 18 x A001 passed every check" (--dry-run)
    if field == "in_stock":  # "in stock", 有貨: a claim about a found item whose stock is 0
        item = known["items"].get(sku)
        return "wrong_figures" if item is not None and item["stock"] == 0 else None
    if field in RELATIONS:  # "77, which is below the target of 20"
        item = known["items"].get(sku)
        if item is None or figure.get("hypothetical") or figure["conditional"]:
            return None  # "reorder when stock falls below target" is a rule, not a claim
        below, above = item["stock"] < item["target"], item["stock"] > item["target"]
        return None if (below if field == "below_target" else above) else "wrong_figures"
    if sku in known["missing"]:
        # A not-found SKU has no figures; the program's own detail may be echoed.
        return None if value in known["program"] and value != 0 else "missing_items"
    if known["given"] and sku not in known["items"] and _near(value, known["question"]):
        return None  # asked without tools: a figure the user gave, or two of them worked out
    if sku in said["unknown_set"]:
        return "unsupported_numbers"  # no result spoke of the item: it needs a lookup
    item = known["items"].get(sku)
    if field == "count":
        if figure.get("below"):  # "3 items are below target": so many are
            return None if value in known["below"] else "unsupported_numbers"
        if figure["total"] and value in known["shown"] and value not in known["totals"]:
            return "unsupported_numbers"  # "only 2 need restocking" of 2 shown and 3 more
        if figure.get("results") and known["totals"]:  # 共有 8 筆結果: the limit asked is
            return None if value in known["counts"] else "unsupported_numbers"  # no count
        return None if _near(value, known["counts"] | known["question"]) else \
            "unsupported_numbers"
    if item is None:
        if field in FIELDS and len(known["items"]) > 1 and not known["other"] and \
                not known["question_skus"]:
            return "unsupported_numbers"  # "the south warehouse's stock is 12": of which item?
        return None if _near(value, _unbound_allowed(field, said, known)) else \
            "unsupported_numbers"
    if field in FIELDS:
        exact = {item[field]} | (set(known["ordered"].get(sku, ())) if field == "order"
                                 else set())
        return None if _near(value, exact) else "wrong_figures"
    if figure["days"]:  # 4 days of cover: a figure divided by a rate the question gave
        return None if _near(value, cover_days(item, known["question"])) else "wrong_figures"
    if figure["of_target"]:  # "40% of target": the stock's share, or the shortfall's
        return None if _near(value, share_of_target(item, figure["of_target"])) \
            else "wrong_figures"
    if figure.get("apart"):  # 兩者相差 14: a difference of one field between two items named
        return None if _near(value, apart(said, known)) else "wrong_figures"
    # A derived figure (15 over target) is worked out, never the question's own; said
    # of a field ("the stock adds up to 20"), it is worked out from that field.
    basis = figure.get("basis")
    if figure.get("addend"):  # "38 in total (18 + 20)": a figure of an item it sums
        cited = [known["items"][sku] for sku in said["cited"] if sku in known["items"]]
        return None if _near(value, set().union(*(_derived(fact, known["question"])
                                                  for fact in cited))) else "wrong_figures"
    if figure.get("summed"):  # the units on hand or to order, or of the field named
        named = {basis, _last_field(known["question_text"])} - {None}
        sums = set().union(*(_cross(said, known, field) for field in {"stock", "order"} | named))
        return None if _near(value, sums) else "wrong_figures"
    allowed = _derived(item, known["question"], basis) | _cross(said, known, basis) | (
        set() if field == "derived" else known["question"])
    return None if _near(value, allowed) else "wrong_figures"


def _worked(numbers):
    """The sums, differences and products of two of the question's numbers: 12 plus 30
    is 42; a target of 50 with 40 on hand needs 10."""
    numbers = [number for number in numbers if isinstance(number, (int, float))]
    return {result for first in numbers for second in numbers
            for result in (first + second, abs(first - second), first * second)}


def _near(value, allowed):
    """`value` is one of `allowed`, a percentage to within rounding (40% for 12/30)."""
    return any(abs(value - other) < 0.51 if isinstance(other, float) else value == other
               for other in allowed if other is not None)


# --- What the results hold ---------------------------------------------------------

def evidence(question, results, *, given=False):
    """What an answer may lean on, from the results only (never the model's arguments):
    `items` {SKU: {"stock", "target", "order", "name"}} found, `missing` SKUs not found,
    `spoken_of` every SKU a result or a call spoke of, `counts` (how many items a list held
    and matched, how many were looked up), `ordered` {SKU or None: [quantity]} from
    receipts, `receipt_ids`, `names` {name: SKU}, `texts` (strings of the results that hold
    digits, which are no figures), `program` (numbers of the program's own error details),
    `queries` (what find_items was asked) and `searches` (how many items each query
    found), `question` (the numbers the question gave; when
    it was asked without tools, `given`, also what two of them work out to) and
    `question_skus`."""
    known = {"items": {}, "missing": set(), "spoken_of": set(), "counts": set(),
             "ordered": {}, "receipt_ids": set(), "names": {}, "texts": set(),
             "program": set(), "queries": set(), "unplaced": {}, "other": set(),
             "rehearsed": {}, "totals": set(), "shown": set(), "searches": {}, "listed": set(),
             "given": given}
    for record in results:
        _take(record, known)
    known["counts"].update(len(skus) for skus in (known["spoken_of"], known["items"])
                           if skus)
    known["question_text"] = normal(question)
    known["question"] = _values(normal(question))
    if given:
        known["question"] |= _worked(known["question"])
    known["question_skus"] = _question_skus(question, known)
    known["words"] = set(known["spoken_of"]) | set(known["names"])
    known["name_words"] = _name_words(known)
    # How many items are below their targets: a reorder list's total, else of those found.
    known["below"] = known["listed"] or {sum(item["stock"] < item["target"]
                                             for item in known["items"].values())}
    return known


def _name_words(known):
    """{WORD: SKU} for the words of four letters or more that only one item's name has, as
    its name writes them ("Jasmine" of Jasmine Tea; not "Tea", shared with Oolong Tea (EN)):
    a model names an item by them ("Jasmine is above its target"). A SKU is no such word."""
    owners = {}
    for sku, item in known["items"].items():
        letters = "".join(char if char.isascii() and char.isalpha() else " "
                          for char in normal(item["name"] or ""))
        for word in {word for word in letters.split() if len(word) >= 4}:
            owners.setdefault(word, set()).add(sku)
    return {word: skus.pop() for word, skus in owners.items()
            if len(skus) == 1 and word.upper() not in known["words"]}


def _take(record, known):
    """Add one call's result to `known`."""
    result, data = record["result"], data_of(record["result"])
    for fact in item_facts(record):
        sku = normal(fact["sku"]).upper()
        known["spoken_of"].add(sku)
        if not fact["found"]:
            known["missing"].add(sku)
            # The numbers of our own detail ("1-32 uppercase letters" is 1 and 32), not
            # the digits of a SKU in it (Z999).
            known["program"].update(map(int, re.findall(r"(?<![A-Za-z\d])\d+",
                                                        str(result.get("detail", "")))))
            continue
        known["items"].setdefault(sku, {"stock": fact["stock"], "target": fact["target"],
                                        "order": fact["suggested_order"], "name": fact["name"]})
        if fact["name"]:
            known["names"].setdefault(normal(fact["name"]).upper(), sku)
            _texts(fact["name"], known)
    if isinstance(data, dict):
        _texts(data.get("source"), known)
        if isinstance(data.get("items"), list):
            more = unlisted(data) or 0
            known["counts"].update({len(data["items"]), more, len(data["items"]) + more})
            known["totals"].add(len(data["items"]) + more)
            if record["name"] == "list_reorder":
                known["listed"].add(len(data["items"]) + more)
            if more:
                known["shown"].add(len(data["items"]))
        if record["name"] == "find_items" and isinstance(data.get("query"), str):
            known["queries"].add(normal(data["query"]))
            if isinstance(data.get("items"), list):  # how many it found
                known["searches"][normal(data["query"])] = len(data["items"]) + more
    placed = receipt(data)
    if placed:
        sku = data.get("sku") if isinstance(data.get("sku"), str) else None
        sku = normal(sku).upper() if sku else None
        known["ordered"].setdefault(sku, []).append(data.get("quantity"))
        known["receipt_ids"].add(placed["order_id"])
        _texts(placed.get("ledger"), known)
        _texts(data.get("name"), known)
    elif not result.get("ok") and result.get("detail"):
        detail = normal(str(result["detail"]))
        known["program"].update(_values(detail))
        # "already called 2 times": a figure with its word, as the program wrote it
        known["texts"].update(re.findall(r"\d{1,6} [a-z]{2,12}", detail))
    if data is not None and item_rows(data) is None:  # a write, an MCP server's record
        known["spoken_of"].update(normal(sku).upper() for sku in skus_named(data))
        if not placed:  # its figures, but never those the model sent it
            known["other"].update(_numbers(data) - _numbers(record["arguments"]))
    asked = unplaced(result, record["arguments"]) or _rehearsed(data)
    if asked and isinstance(asked.get("sku"), str):
        sku = normal(asked["sku"]).upper()
        known["spoken_of"].add(sku)
        known["unplaced"].setdefault(sku, set()).add(asked.get("quantity"))
        if _rehearsed(data):
            known["rehearsed"].setdefault(sku, set()).add(asked.get("quantity"))


def _values(text):
    """The numbers of a text's figures (a stock-status claim, "in stock", has none)."""
    return {figure["value"] for figure in figures_in(text) if figure["value"] is not None}


def _numbers(value):
    """Every number inside a JSON value."""
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, (int, float)):
        return {number_value(value)}
    items = value.values() if isinstance(value, dict) else value if isinstance(
        value, list) else ()
    return set().union(*map(_numbers, items)) if items else set()


def _texts(text, known):
    if isinstance(text, str) and any(char.isdigit() for char in text):
        known["texts"].add(normal(text))


def _question_skus(question, known):
    """The SKUs the question names and so must be looked up: the tools' own SKUs it
    writes, and words written like A001 (letters, then two or more digits) that are no
    order id nor another kind of id ("invoice INV-2207", 工單 WO-5120); a range A001-A003
    names both ends."""
    text = normal(question).upper()
    named = [sku for sku in known["spoken_of"] if _word_at(text, sku)]
    first = {}
    for start, word in sku_words(text):
        first.setdefault(word, start)
    for word, start in first.items():
        if "-" in word and re.fullmatch(ORDER_ID, word) or \
                re.search(OTHER_ID, text[max(0, start - 24):start]):
            continue
        ends = word.split("-")
        named += ends if len(ends) == 2 and all(skus_in(end) == [end] for end in ends) \
            else [word]
    return list(dict.fromkeys(named))


def _between(text):
    """The SKUs strictly inside the question's ranges ("A001 to A003", A001~A003, A001 至
    A003 give A002): none of them is a guess. A range is two SKU-like words of one prefix
    and one width, at most 50 apart."""
    words, inside = list(sku_words(text)), set()
    for (start, low), (end, high) in zip(words, words[1:]):
        if re.fullmatch(RANGE_MARK, text[start + len(low):end]):
            inside.update(_inside(low, high))
    for _, word in words:  # A001-A003 is one word
        if word.count("-") == 1:
            inside.update(_inside(*word.split("-")))
    return inside


def _inside(low, high):
    ends = [re.fullmatch(r"([A-Z_]{1,28})(\d{1,9})", end) for end in (low, high)]
    if not all(ends) or ends[0].group(1) != ends[1].group(1) or \
            len(ends[0].group(2)) != len(ends[1].group(2)):
        return set()
    first, last = int(ends[0].group(2)), int(ends[1].group(2))
    width, prefix = len(ends[0].group(2)), ends[0].group(1)
    return {f"{prefix}{number:0{width}d}" for number in range(first + 1, last)} \
        if 0 < last - first <= 50 else set()


def _word_at(text, word):
    """Whether `word` occurs in `text` as a whole word (no letter or digit around it)."""
    return re.search(r"(?<![A-Z0-9])" + re.escape(word) + r"(?![A-Z0-9])", text) is not None


# --- Reading the answer into claims -------------------------------------------------------

def read(answer, known):
    """The answer's claims: `figures` [{"sku", "field", "value", "written"}], `cited` (the
    items it names), `missing` (SKUs it says were not found), `claims` [(phrase, SKU or
    None)] of orders, `bad_ids` (order ids of no receipt), `dates` (dates the question did
    not give), `unknown` (SKU-like words given a figure that no result spoke of)."""
    text = normal(answer).replace("**", "")  # bold: "**4 days** of cover" is 4 days
    said = {"figures": [], "cited": [], "missing": [], "claims": [], "denials": [],
            "bad_ids": [],
            "dates": [], "unknown": [], "unknown_set": set(), "values": set(),
            "comparisons": [], "extremes": [], "by_sku": set(), "by_name": set()}
    if not (known["spoken_of"] or known["items"] or known["counts"]):
        known["candidates"] = [word for word in re.findall(r"[A-Z0-9][A-Z0-9_-]{1,31}",
                                                           known["question_text"])
                               if any(char.isdigit() for char in word) or len(word) > 2]
    text = _blank_ids(text, known, said)
    text = _blank_program_words(text, known, said)
    current, header = None, None
    for line in text.split("\n"):
        if line.strip().startswith("|"):
            header = _table_row(line, header, known, said)
            continue
        header = None
        for sentence in re.split(SENTENCE_END, line):
            # "Once the order is placed, you will have 30": the figures of a condition's
            # sentence are no claim of a field now, but still the item's (or derived).
            said["if"] = re.search(IF_DONE, sentence.lower()) is not None
            said["sum"] = re.search(SUM, sentence.lower()) is not None
            said["pair"] = None  # items compared: the sentence's figures are theirs
            said["example"] = "candidates" in known and re.search(EXAMPLE, sentence) is not None
            said["counting"] = "total" in sentence.lower() and \
                re.search(COUNTS_ITEMS, sentence) is not None
            head = _list_status(sentence)
            for clause in re.split(CLAUSE_END, sentence):
                current = _clause(clause, current, known, said)
                if head:  # "缺貨的品項：A003、A001": each entry after the colon is said so
                    head = _list_entry(clause, head, known, said)
    if "\n" in text:  # "- TEA-1: 7" of a list no result held
        said["unknown"] += [word for word in re.findall(ENTRY_HEAD, text)
                            if word not in known["words"]]
    said["unknown"] = [sku for sku in said["unknown"] if sku not in known["spoken_of"]]
    said["no_order"] = re.search(NO_ORDER, text) is not None
    if "candidates" in known:
        # A run that looked nothing up: only clauses about an item of the question state
        # its figures, and not those that explain a rule by example ("if stock is 10...").
        said["figures"] = [figure for figure in said["figures"]
                           if figure["named"] or _stated(figure, known)]
        said["values"] = {figure["value"] for figure in said["figures"]}
        said["unknown"] = [figure["sku"] for figure in said["figures"]
                           if figure["sku"] in said["unknown_set"]]
    return said


def _says_no_match(sentence):
    """Whether a sentence says a search found nothing ("No items match 'coffee'", 查無符合
    「tea」的商品); not as a rule ("if nothing matches, ...")."""
    lowered = sentence.lower()
    return any(needle in lowered for needle in NO_MATCH_NEEDLES) and \
        re.search(NO_MATCH, sentence) is not None and \
        re.search(IF_DONE, lowered) is None and re.search(HYPOTHETICAL, sentence) is None


def _says_not_found(text):
    """The phrases of a text saying something was not found (not found, 查不到, "no items
    match"), in order."""
    lowered = text.lower()
    return [match.group() for pattern, needles in ((NOT_FOUND, NOT_FOUND_NEEDLES),
                                                   (NO_MATCH, NO_MATCH_NEEDLES))
            if any(needle in lowered for needle in needles)
            for match in re.finditer(pattern, text)]


def _searches_denied(answer, searches):
    """The queries that found items which a sentence of the answer says found nothing,
    named as its last words ("No items match 'coffee'.", 查無符合「tea」的商品): "no tea
    items that are out of stock" or "no orders for 烏龍" say something else. Read from the
    answer as written: `read` blanks the model's own search words."""
    if not any(searches.values()):
        return []
    denied = []
    sentences = [sentence for line in normal(answer).split("\n")
                 for sentence in re.split(SENTENCE_END, line) if _says_no_match(sentence)]
    for sentence in sentences:
        lowered = sentence.lower()
        for query, found in searches.items():
            at = lowered.rfind(query.lower())
            if found and at >= 0 and query not in denied and (
                    re.fullmatch(SEARCH_END, lowered[at + len(query):]) or
                    re.search(SEARCHED, lowered[:at]) and
                    _no_match_follows(lowered[at + len(query):])):
                denied.append(query)
    return denied


def _no_match_follows(rest):
    """Whether the words after a query are a no-match phrase ending the sentence, after at
    most a connective: "' but found no matching items.", 」，但沒有找到任何商品。"""
    match = re.search(NO_MATCH, rest)
    return match is not None and re.fullmatch(QUERY_THEN, rest[:match.start()]) is not None \
        and re.fullmatch(SEARCH_END, rest[match.end():]) is not None


def _list_status(sentence):
    """The status a sentence says of the list after its colon, as a figure to give each
    entry ("Out of stock: A003, B101": a stock of 0 each), or None. A head of two statuses
    ("缺貨或快沒了的商品："), one denied ("No items are out of stock:") or one that asks
    ("哪些缺貨：") says nothing of every entry."""
    colon = min((at for at in (sentence.find(":"), sentence.find("：")) if at >= 0),
                default=-1)
    head = sentence[:colon]
    if not 0 < colon <= 60 or not any(needle in head.lower() for needle in STATUS_NEEDLES) \
            or re.search(HEAD_ALTERNATIVE, head) or re.search(NEEDS_DENIED, head) or \
            re.search(HEAD_QUESTION, sentence):
        return None
    claims = [claim for claim in _status_claims(head)
              if claim["field"] in ("stock", "below_target")]
    return {**claims[-1], "colon": colon + 1} if claims else None


def _list_entry(clause, head, known, said):
    """Give a list entry the head's status (`_list_status`) when the entry is an item and
    nothing more (A003, 玄米茶包, 濾掛咖啡 (A001)); returns the head for the next clause.
    The first clause holds the head itself: only what follows its colon is an entry."""
    entry = clause[head.pop("colon"):] if "colon" in head else clause
    mentions = _items_named(entry, known)  # read already
    rest = re.sub(r"[(（][^()（）]{0,40}[)）]|\band\b|以及|和|與|及|[\W_]", "",
                  _blank(entry, [(start, end) for start, end, _ in mentions]))
    skus = {sku for _, _, sku in mentions}
    if len(skus) == 1 and not rest.strip():
        figure = {**head, "sku": skus.pop(), "denied": False, "named": True, "total": False,
                  "clause": skus, "hypothetical": False, "conditional": False}
        _add_figure(figure, said)
    return head


def _stated(figure, known):
    """Whether a figure of a run that looked nothing up is a stock, target or order stated
    outright ("The stock is 100." asked about A001): a claim about the item the question
    names, or with the tools offered a stock of ours. A rule explained by example ("if
    stock is 10...", "usually 2 weeks") and arithmetic on the question's own numbers
    ("30 - 12 = 18") are none."""
    given = known["question"]
    worked = {a + b for a in given for b in given} | {a - b for a in given for b in given}
    return figure["field"] in FIELDS and not figure["hypothetical"] and \
        figure["value"] not in given | worked and (bool(known["question_skus"]) or (
            # "There are 15 left." asked "How many drip bags are left?", tools offered
            # and none called: a stock of ours no tool gave, unless said as a rule
            figure["field"] == "stock" and not known["given"] and not figure["example"]))


def _names_a_candidate(clause, known):
    """Whether a clause names a word of the question that could be a SKU (COFFEE, TEA-1,
    100234: capitals, digits, - and _), outside a rule explained by example."""
    return any(_word_at(clause.upper(), word) for word in known["candidates"]) and \
        not re.search(HYPOTHETICAL, clause)


def _clause(clause, current, known, said):
    """Read one clause; returns the item named last, carried to the next clause."""
    mentions = _mentions(clause, known, said)
    said["cited"] += [sku for _, _, sku in mentions]
    blanked = _blank(clause, [(start, end) for start, end, _ in mentions])
    denied = re.search(DENIAL, clause.lower()) is not None
    conditional = said.get("if", False)
    named = bool(mentions) or "candidates" in known and _names_a_candidate(clause, known)
    combined = said.get("sum", False)
    total = re.search(TOTAL, blanked.lower()) is not None
    skus = {sku for _, _, sku in mentions}
    compared = _comparisons(clause, mentions) if any(
        word in clause for word in COMPARE_NEEDLES) else []
    if compared:  # "A002 has more stock than A001: 45 against 12": in the items' order
        _, first, second, field, _, at = compared[-1]
        said["pair"] = {"skus": [first, second], "field": field, "at": at}
    pair = said.get("pair")
    last, before, sums = 0, None, 0  # where the next figure's field words begin; sums read
    found = figures_in(blanked)  # "The stock of B101 is 25" gives it before the item
    if sum(figure["value"] is not None for figure in found) > 1 and \
            re.search(RESPECTIVELY, clause):  # "(targets 25 and 15)", 分別是, "have 8 and
        pair = _respectively(found, mentions, said) or pair  # 22 units respectively"
    for index, figure in enumerate(found):
        words = blanked[last:figure["start"]]
        after = blanked[figure["end"]:found[index + 1]["start"] if index + 1 < len(found)
                        else None]
        # "reorder 18 units of A001 and 45 units of A002": the second is an order too.
        field = figure["field"] or (None if conditional else _field(words) or (
            before if re.fullmatch(NEXT_ITEM, words) else None))
        if field == "derived" and not skus and said["counting"]:
            field = "count"  # "Another 3 items are below target, which makes 5 in total"
        sku = _bound(figure["start"], mentions, current, blanked, end=figure["end"])
        if pair and pair["skus"] and figure["value"] is not None and \
                figure["start"] >= pair["at"] and not any(
                pair["at"] <= start < figure["start"] for start, _, _ in mentions):
            sku, field = pair["skus"].pop(0), field or pair["field"]
        figure.update(sku=sku, field=field,
                      below=field == "count" and not re.search(REST_BEFORE, words) and
                      re.match(BELOW_COUNT, blanked[figure["end"]:]) is not None,
                      results=field == "count" and total and
                      re.match(RESULTS_AFTER, blanked[figure["end"]:]) is not None,
                      denied=denied, named=named, total=total, clause=skus,
                      hypothetical=re.search(HYPOTHETICAL, clause) is not None,
                      example=said.get("example", False), conditional=conditional,
                      apart=field in (None, "derived") and len(set(said["cited"])) > 1 and
                      re.search(APART, words) is not None)
        # A sum of the items the clause names ("合計 60 個", "come to 57 units together"),
        # then the figures it adds up ("38 in total (18 + 20)"); not after "if" or "after".
        summing = combined and len(skus) > 1 and not conditional
        if figure["field"] == "derived" or combined and figure["field"] in FIELDS or \
                summing and figure["field"] is None and not sums and _sum_words(words, after):
            # "the stock adds up to 20", "A001 and A002 hold 57 between them".
            basis = figure["field"] if figure["field"] in FIELDS else _last_field(words)
            figure.update(field="derived", basis=basis,  # one sum a clause
                          summed=summing and not sums and _sum_words(words, after))
            sums += figure["summed"]
        elif summing and figure["field"] is None and sums:
            figure["addend"] = True
        _add_figure(figure, said)
        others = _both(blanked, figure, said, mentions)  # 兩個都需要補貨: of each
        for other in others:
            _add_figure({**figure, "sku": other}, said)
        if others:  # "both are below target (25 and 20)": the figures go to them in order
            pair = _in_turn(figure, others, found[index + 1:], mentions, said) or pair
        if not figure.get("cue"):
            last = figure["end"] + figure.get("after", 0)  # "12500 on hand against 20000"
            before = figure["field"] if figure["field"] in FIELDS else None
    said["missing"] += _said_missing(clause, mentions)
    said["bare"] = _bare(clause, mentions, said)
    if not (denied or conditional):
        said["comparisons"] += compared
        if any(word in clause for word in EXTREME_NEEDLES):
            said["extremes"] += _extremes(clause, mentions)
    if pair:
        pair["at"] = 0  # the next clause of the sentence may hold the figures
    said["claims"] += [(phrase, _bound(at, mentions, current))
                       for phrase, at in order_claims_in(clause)]
    if known["ordered"]:  # only a run that placed an order can be denied it
        said["denials"] += [(match.group(), _bound(match.start(), mentions, current))
                            for match in re.finditer(ORDER_DENIED, clause)]
    return mentions[-1][2] if mentions else current


def _both(clause, figure, said, mentions):
    """The other items a status claim is said of: after "both" ("Both need restocking",
    兩個都低於目標) every item the answer named so far; after items joined by "and", 和 or
    、 ("A002 and A001 need restocking", A002、A001 都需要補貨) each of them."""
    if figure["field"] not in (*RELATIONS, "in_stock") and not (
            figure["field"] == "stock" and figure["value"] == 0 and
            not figure["written"][:1].isdigit()):
        return []
    if re.search(BOTH_BEFORE, clause[max(0, figure["start"] - 16):figure["start"]]):
        return [sku for sku in dict.fromkeys(said["cited"]) if sku != figure["sku"]]
    joined = _joined(clause, figure["start"], mentions, said.get("bare", []))
    return [sku for sku in joined if sku != figure["sku"]]


def _respectively(found, mentions, said):
    """Figures said "respectively" go to the items in order: those the clause names before
    them, else those the answer named so far; None unless there is one figure an item."""
    at = mentions[-1][1] if mentions else 0
    items = list(dict.fromkeys(sku for _, _, sku in mentions) if mentions else
                 dict.fromkeys(said["cited"]))
    after = [figure for figure in found if figure["value"] is not None and
             figure["start"] >= at]
    if len(items) < 2 or len(after) != len(items):
        return None
    return {"skus": items, "field": None, "at": at}


def _in_turn(claim, others, rest, mentions, said):
    """After a claim said of several items, the figures that follow it in its clause, one
    or two an item, go to the items in the answer's order ("A003 and A001 are below target:
    0 of 20 and 12 of 30"); None when their count fits no such reading or an item follows."""
    items = set(others) | {claim["sku"]}
    ordered = [sku for sku in dict.fromkeys(said["cited"]) if sku in items]
    count = sum(figure["value"] is not None for figure in rest)
    if any(start >= claim["end"] for start, _, _ in mentions) or \
            count not in (len(ordered), 2 * len(ordered)):
        return None
    each = count // len(ordered)
    return {"skus": [sku for sku in ordered for _ in range(each)], "field": None,
            "at": claim["end"]}


def _joined(clause, start, mentions, bare):
    """The items of a subject that runs up to `start` and is only items and joiners
    ("A002 (烏龍茶包) and A001 are", A003、A001 都), nearest first; [] without one. `bare`:
    the items of the clauses right before, when they held nothing else ("A003, A001")."""
    before = [mention for mention in mentions if mention[1] <= start]
    if not before or not re.fullmatch(SUBJECT_END, clause[before[-1][1]:start]):
        return []
    skus = [before[-1][2]]
    for (_, end, sku), (after, _, _) in zip(reversed(before[:-1]), reversed(before[1:])):
        if not re.fullmatch(JOINER, clause[end:after]):
            return list(dict.fromkeys(skus))
        skus.append(sku)
    if re.fullmatch(JOINER, clause[:before[0][0]]):
        skus += reversed(bare)
    return list(dict.fromkeys(skus))


def _bare(clause, mentions, said):
    """The items of the clauses read so far that held only items ("A003、A001、" before
    需要補貨): the subject the next clause's claim may go on with."""
    rest = _blank(clause, [(start, end) for start, end, _ in mentions]).strip() \
        if mentions else "0"
    if any(char.isdigit() for char in rest) or not re.fullmatch(JOINER, rest):
        return []  # a figure, or other words: "A003, 0 left" is no subject
    return [*said.get("bare", []), *(sku for _, _, sku in mentions)]


def _sum_words(before, after):
    """Whether the words around a figure make it a sum ("合計 60 個", "45 units in total"):
    a sum of the items its clause names, never a figure of one of them."""
    return re.search(SUM, (before + after[:24]).lower()) is not None


def _comparisons(clause, mentions):
    """The comparisons of one item with another in a clause, (as written, first SKU, second
    SKU, field, True for "more", where it ends): "A001 has more stock than A002",
    「A001 比 A002 多」."""
    found = []
    for (start, end, first), (after, after_end, second) in zip(mentions, mentions[1:]):
        between = clause[end:after]
        english = re.search(MORE_THAN, between)
        chinese = re.search(r"比\s*$", between) and re.match(THAN_ZH, clause[after_end:])
        match = english or chinese
        if match and first != second:
            words = between + (match.group("field") or "")
            field = "target" if re.search("target|目標", words) else \
                "order" if re.search("order|need|short|補", words) else "stock"
            stop = after_end + (match.end() if chinese else 0)
            found.append((clause[start:stop].strip(), first, second, field,
                          match.group("way").lower() in MORE, stop))
    return found


def _extremes(clause, mentions):
    """The claims of a clause that one item has the most or the least of a field (as
    written, SKU, field, True for the most): "the largest shortfall is 100234", 庫存較少的是
    A003, "B101 is the one with less stock"."""
    found = []
    for start, end, sku in mentions:
        match = re.search(EXTREME_BEFORE, clause[max(0, start - 48):start]) or \
            re.match(EXTREME_AFTER, clause[end:end + 48])
        if match:
            words = match.group()
            field = "order" if re.search(OF_ORDERS, words) else "stock"
            found.append((words.strip(), sku, field, re.search(MOST, words) is not None))
    return found


def _wrong_extreme(extreme, known):
    """Whether an item said to have the most or the least of a field has not, among all
    the items the results hold ("Of everything below target, the biggest shortfall is
    A003" of a list led by 100234)."""
    _, sku, field, most = extreme
    values = [item[field] for item in known["items"].values()
              if isinstance(item[field], (int, float))]
    item = known["items"].get(sku)
    if item is None or len(values) < 2 or not isinstance(item[field], (int, float)):
        return False
    return item[field] != (max(values) if most else min(values))


def _unsorted(text, known):
    """The phrases saying a list is in an order ("sorted by shortfall", 依缺口大小排序: the
    biggest suggested order first; "ranked by stock, lowest first", 依庫存由多到少排序)
    whose items after it are not in that order."""
    if len(known["items"]) < 2 or not any(needle in text.lower() for needle in SORTED_NEEDLES):
        return []
    found = []
    for match in re.finditer(SORTED, text):
        words = text[match.start():match.end() + 24]
        field = "stock" if re.search(SORTED_STOCK, match.group()) else "order"
        skus = dict.fromkeys(sku for _, _, sku in _items_named(text[match.end():], known)
                             if sku in known["items"])
        values = [known["items"][sku][field] for sku in skus]
        if re.search(SORTED_LEAST, words):
            values.reverse()
        if any(first < second for first, second in zip(values, values[1:])):
            found.append(match.group())
    return found


def _wrong_comparison(comparison, known):
    """Whether a comparison (`_comparisons`) contradicts the two items' facts; one of an
    item not found says nothing."""
    _, first, second, field, more, _ = comparison
    a, b = known["items"].get(first), known["items"].get(second)
    if a is None or b is None or not all(isinstance(item[field], (int, float))
                                         for item in (a, b)):
        return False
    return not (a[field] > b[field] if more else a[field] < b[field])


def _table_row(line, header, known, said):
    """Read one row of a Markdown table: the row's item, each number cell's field from its
    column's heading. Returns the heading row (the first row of the table)."""
    cells = line.strip().strip("|").split("|")
    if all(re.fullmatch(r"\s*:?-{2,}:?\s*", cell) for cell in cells):
        return header
    if header is None:
        return [_field(cell) for cell in cells]
    mentions = [_mentions(cell, known, said) for cell in cells]
    skus = [found[0][2] for found in mentions if found]
    said["cited"] += skus
    for index, cell in enumerate(cells):
        blanked = _blank(cell, [(start, end) for start, end, _ in mentions[index]])
        for figure in figures_in(blanked):
            field = figure["field"] or (header[index] if index < len(header) else None)
            figure.update(sku=skus[0] if skus else None, field=field, denied=False,
                          total=False, clause=set(skus[:1]), conditional=False,
                          named=bool(skus) or "candidates" in known and
                          _names_a_candidate(line, known))
            _add_figure(figure, said)
    return header


def _add_figure(figure, said):
    said["figures"].append(figure)
    said["values"].add(figure["value"])
    if figure["sku"] in said["unknown_set"]:
        said["unknown"].append(figure["sku"])


def _bound(at, mentions, current, clause="", *, end=None):
    """The item of a figure at `at` (ending at `end`): the one it counts ("18 units of
    A002", even after A001 in the clause); else the nearest named before it in its
    clause; else the one right after it ("order 18, A001's shortfall"); else the item named
    last before the clause ("30 in stock) and COFFEE (..." goes on about the item before)."""
    after = [(start, stop, sku) for start, stop, sku in mentions if start > at]
    if end is not None and after and (
            re.fullmatch(OF_ITEM, clause[end:after[0][0]]) or
            re.fullmatch(BRACKETED, clause[end:after[0][0]]) and
            clause[after[0][1]:].lstrip()[:1] in (")", "）", "")):  # 低於目標（A003、B101）
        return after[0][2]
    before = [sku for start, _, sku in mentions if start < at]
    if before:
        return before[-1]
    if after and (current is None or not re.search(AND, clause[at:after[0][0]])):
        return after[0][2]
    return current


def _field(words):
    """The field the words before a figure give it: a derived cue anywhere wins (15 over
    target), else the last field word (目標庫存 30 is a target). Words before a bracket
    are about what precedes it ("70% of target (7 of 10)": 7 is no target)."""
    lowered = words.lower()
    opened = max(lowered.rfind(bracket) for bracket in "(（[")
    closed = max(lowered.rfind(bracket) for bracket in ")）]")
    # An aside closed before the figure is skipped: "訂購 COFFEE（House Blend Beans）10 包".
    lowered = lowered[:opened] + lowered[closed + 1:] if closed > opened else \
        lowered[opened + 1:]
    if re.search(DERIVED_CUE, lowered):
        return "derived"
    if any(word in lowered for word in COUNT_NEEDLES) and re.search(COUNT_BEFORE, lowered):
        return "count"
    return _last_field(lowered)


def _last_field(words):
    """The field of the last field word of `words` (stock, target, order), or None. "with"
    gives the stock after a target ("at target with 30"), not after an order word
    ("restocked with 18")."""
    last = None
    for match in re.finditer(FIELD_CUE, words.lower()):
        field = next(field for field, group in zip(FIELD_NAMES, match.groups()) if group)
        if not (match.group() == "with" and last == "order"):
            last = field
    return last


def _mentions(text, known, said):
    """(start, end, SKU) of each item the text names: the tools' SKUs (whole words), their
    items' names, and SKU-like words (A001) no result spoke of, which need a lookup.
    Longest word first, each place taken once: linear in the text for each word."""
    upper, found = text.upper(), []
    taken = bytearray(len(upper))
    for word in sorted(known["words"], key=len, reverse=True):
        start = upper.find(word)
        while start != -1:
            end = start + len(word)
            sku = _item_of(word, text, start, known)
            if sku and _whole(upper, start, end) and not any(taken[start:end]):
                found.append((start, end, sku))
                taken[start:end] = b"\1" * (end - start)
            start = upper.find(word, end)
    for name, sku in known["names"].items():
        for start in _one_off(upper, name, taken):
            found.append((start, start + len(name), sku))
            taken[start:start + len(name)] = b"\1" * len(name)
    for word, sku in known["name_words"].items():  # as the name writes it: "Jasmine"
        for start in _spelled(text, word, taken):
            found.append((start, start + len(word), sku))
            taken[start:start + len(word)] = b"\1" * len(word)
    for start, word in sku_words(upper):
        if not any(taken[start:start + len(word)]):
            found.append((start, start + len(word), word))
            said["unknown_set"].add(word)
    for start, end, sku in found:  # named by its SKU, or only by its name (烏龍茶包)?
        said["by_sku" if upper[start:end] == sku else "by_name"].add(sku)
    return sorted(found)


def _spelled(text, word, taken):
    """Where `text` writes `word` as a whole word, in its own case or upper case, at a
    place no longer mention took."""
    for spelling in {word, word.upper()}:
        start = text.find(spelling)
        while start != -1:
            end = start + len(word)
            if _whole(text, start, end) and not any(taken[start:end]):
                yield start
            start = text.find(spelling, end)


def _items_named(text, known):
    """`_mentions` of a text read already: what it names, without noting it again."""
    return _mentions(text, known, {"unknown_set": set(), "by_sku": set(), "by_name": set()})


def _one_off(text, name, taken):
    """Where `text` writes a Chinese name of three characters or more with one of them
    changed: a model writes 滤掛咖啡 (one character simplified) for 濾掛咖啡."""
    if len(name) < 3 or name.isascii():
        return
    start = 0
    while start <= len(text) - len(name):
        window = text[start:start + len(name)]
        changed = [(a, b) for a, b in zip(window, name) if a != b]
        if len(changed) == 1 and not changed[0][0].isascii() and \
                not any(taken[start:start + len(name)]):
            yield start
            start += len(name)
        else:
            start += 1


def _whole(text, start, end):
    """No letter or digit right before or after text[start:end]."""
    return not (start and text[start - 1].isascii() and text[start - 1].isalnum()) and \
        not (end < len(text) and text[end].isascii() and text[end].isalnum())


def _item_of(word, text, start, known):
    """The SKU a found word names, or None. A SKU of letters alone (COFFEE) is the SKU
    only as the data writes it: "2 coffee items" names none."""
    if word in known["names"]:
        return known["names"][word]
    if word.isalpha() and text[start:start + len(word)] != word:
        return None
    return word


def _blank(text, spans):
    """`text` with each span replaced by spaces (positions stay where they were)."""
    if not spans:
        return text
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _blank_ids(text, known, said):
    """Take the order ids out of the text; those of no receipt of this run are problems."""
    def check(match):
        word = match.group()
        if word not in known["receipt_ids"] | known["spoken_of"] and \
                word not in known["question_text"]:
            said["bad_ids"].append(word)
        return " " * len(word)
    return re.sub(ORDER_ID, check, text) if "-" in text else text


def _blank_program_words(text, known, said):
    """Take out what is no claim of a figure: text the results carried (names, sources,
    ledgers), a quoted search query, dates (a date the question did not give is kept as a
    problem), times, list numbers, ordinals, denied figures, the program's own phrases."""
    for string in sorted(known["texts"], key=len, reverse=True):
        text = text.replace(string, " " * len(string))
    for query in known["queries"]:
        for quoted in (f'"{query}"', f"「{query}」", f"“{query}”"):
            text = text.replace(quoted, " " * len(quoted))
    lowered = text.lower()
    if "月" in text or any(month in lowered for month in MONTHS) or \
            re.search(r"\d{4}\s{0,2}[-/.年]", text):
        for match in re.finditer(DATE, text):
            if not _date_given(match.group(), known):
                said["dates"].append(match.group().strip())
        text = re.sub(DATE, lambda match: " " * len(match.group()), text)
    lowered = text.lower()
    for needles, pattern in NOT_QUANTITIES:
        if any(needle in lowered for needle in needles):
            text = re.sub(pattern, lambda match: " " * len(match.group()), text)
    return text


def _date_given(date, known):
    """Whether the question gave this date: its numbers are all numbers the question
    wrote (2026-11-30 and 2026年11月30日 are one date)."""
    given = re.findall(r"\d+", known["question_text"])
    return set(map(int, re.findall(r"\d+", date))) <= set(map(int, given))


def _said_missing(clause, mentions):
    """The SKUs a clause says do not exist: each not-found phrase goes to the item right
    next to it ("A001 was not found", 查無 Z999). "I couldn't find a lead time for A001"
    and 找不到 A001 的交期 are about something else of the item."""
    said = []
    lowered = clause.lower()
    if not mentions or not any(needle in lowered for needle in NOT_FOUND_NEEDLES):
        return said
    for phrase in re.finditer(NOT_FOUND, clause):
        after = [m for m in mentions if m[0] >= phrase.end()]
        before = [m for m in mentions if m[1] <= phrase.start()]
        if after and re.fullmatch(NEXT_TO, clause[phrase.end():after[0][0]]) and \
                not clause[after[0][1]:].lstrip().startswith("的"):
            said.append(after[0][2])
        elif before and (not after or phrase.start() - before[-1][1] <=
                         after[0][0] - phrase.end()) and \
                len(clause[before[-1][1]:phrase.start()]) <= 24:
            said.append(before[-1][2])
    return said


def order_claims_in(clause):
    """(phrase, position) for each phrase of the clause saying an order was placed, when
    no denial and no condition is in the clause."""
    lowered = clause.lower()
    if re.search(DENIAL, lowered) or re.search(CONDITION, lowered):
        return []
    claims = [(match.group(), match.start()) for match in re.finditer(CLAIM_ZH, clause)] \
        if any(char in clause for char in "已我幫替為訂單成") else []
    for match in re.finditer(CLAIM_VERB, lowered) if "ed" in lowered else ():
        words = lowered[max(0, match.start() - 40):match.start()].split()  # the word before
        verb = match.group(1)
        if words and words[-1].strip("!,.:\"'()*") not in STATING and \
                not re.fullmatch(ORDER_ID.lower(), words[-1].strip(",.:")):
            continue
        if verb in ORDER_VERBS and "order" not in lowered and "purchase" not in lowered:
            continue
        if lowered[match.end():].lstrip().startswith("by "):  # sorted by, not bought
            continue
        claims.append((clause[:match.end()].strip(), match.start()))
    return claims


def delivery_claims(answer, results):
    """The phrases of an answer saying an order or a delivery arrived, when no result spoke
    of a delivery and no denial or condition is in their clause."""
    text = normal(answer)
    if not any(needle in text.lower() for needle in DELIVERY_NEEDLES) or any(
            needle in json.dumps(results, ensure_ascii=False).lower()
            for needle in DELIVERY_NEEDLES):
        return []
    return [match.group() for clause in re.split(CLAUSE_END, text)
            if not re.search(DENIAL, clause.lower()) and not re.search(CONDITION, clause.lower())
            for match in re.finditer(DELIVERED, clause)]


def _said_complete(answer, known):
    """The phrases of an answer saying a list is complete ("nothing else", 就這兩項) when a
    tool listed only part of one (its `more`); not in a denial or a condition."""
    if not known["shown"]:
        return []
    found = []
    for clause in re.split(SENTENCE_END, normal(answer)):
        rest = re.sub(ALL_LISTED, " ", clause).lower()  # "nothing else" denies nothing
        if not re.search(DENIAL, rest) and not re.search(CONDITION, rest):
            found += [match.group() for match in re.finditer(ALL_LISTED, clause)]
    return found


def failure_claims(answer, results):
    """The phrases of an answer saying a lookup failed or the system is unavailable ("try
    again later", 系統暫時無法回應) when every call was answered: each result has data or
    says the SKU does not exist. Not in a condition ("if the system is down")."""
    text = normal(answer)
    if not results or not any(needle in text.lower() for needle in FAILED_NEEDLES) or any(
            not record["result"].get("ok") and record["result"].get("error") != "SKU_NOT_FOUND"
            for record in results):
        return []
    return [match.group() for clause in re.split(SENTENCE_END, text)  # 稍後 is no "after"
            if not re.search(CONDITION, re.sub(FAILED, " ", clause).lower())
            for match in re.finditer(FAILED, clause)]


def guessed_skus(question, said, results, *, every=False):
    """The items get_stock found for a SKU that came from nowhere (named neither in the
    question nor in an earlier result) whose SKU, name or stock the answer uses (with
    `every`, used or not). A question that names the item by its whole name gave the SKU:
    the result's name shows the model looked up the item asked for ("How many House Blend
    Beans?", get_stock COFFEE), where "drip coffee" for B102 stays a guess."""
    text = normal(question).upper()
    given, guessed = _between(text), []
    for record in results:
        found = [fact for fact in item_facts(record) if fact["found"]]
        for fact in found if record["name"] == "get_stock" else ():
            sku = normal(fact["sku"]).upper()
            if sku not in given and not _word_at(text, sku) and \
                    not _names_whole(text, fact["name"]) and (
                    every or sku in said["cited"] or fact["stock"] in said["values"]):
                guessed.append(sku)
        given.update(normal(fact["sku"]).upper() for fact in found)
    return list(dict.fromkeys(guessed))


def _names_whole(text, name):
    """Whether an upper-cased, normalised question holds an item's whole name (two
    characters at least: no one-letter name is a name)."""
    name = normal(name or "").upper().strip()
    return len(name) >= 2 and name in text


def left_out(question, said, results):
    """The items looked up by SKU (get_stock) whose stock the answer leaves out, or their
    suggested order when the question asks how many to order; and the items of any result
    it names by name alone, never by SKU. Advice, not an error: the program adds their
    facts under an answer that has no other problem."""
    ordering = re.search(ASKS_ORDER, normal(question)) is not None
    guessed, missing = set(said["guessed"]), []
    for record in results:
        for fact in item_facts(record):
            sku = normal(fact["sku"]).upper()
            if not fact["found"] or sku in guessed:
                continue
            if record["name"] == "get_stock" and not (
                    _gives(said, sku, "stock", fact["stock"]) and (not ordering or _gives(
                        said, sku, "order", fact["suggested_order"]))):
                missing.append(sku)
            elif sku in said["by_name"] and sku not in said["by_sku"]:
                missing.append(sku)  # "玄米茶包 is furthest below": which SKU is it?
    return list(dict.fromkeys(missing))


def _gives(said, sku, field, value):
    """Whether the answer gives this field of the item: a figure bound to the field, one
    with no field equal to it ("A003 is out of stock" is a stock of 0), or one bound to no
    item equal to it. A figure
    derived from the stock stands for it (4 days of cover, 18 short; a sum stands for
    every item of its clause); a suggested order
    of 0 is given by saying none is needed."""
    figures = [figure for figure in said["figures"] if figure["sku"] == sku or
               figure["field"] == "derived" and sku in figure["clause"]]
    unbound = [figure for figure in said["figures"] if figure["sku"] is None and
               figure["field"] in (None, field)]  # "There are 45 items in stock."
    return any(figure["field"] == field or figure["field"] is None and figure["value"] ==
               value or field == "stock" and figure["field"] == "derived"
               for figure in figures) or any(figure["value"] == value for figure in unbound) \
        or field == "order" and value == 0 and said["no_order"]


# --- The corrective turn -------------------------------------------------------------------

def correction(question, problems, results, lang, *, given=False):
    """The corrective message: what is wrong, the facts the tools gave, then what to do
    (look up what is missing, or answer again from the facts; `given`, as for `check`:
    from the figures the user gave)."""
    words = WORDS.get(lang, WORDS["en"])
    quote = "「{}」" if lang == "zh-TW" else '"{}"'
    lines = [words[kind].format(found=words["and"].join(
                 map(quote.format, found) if kind == "order_claims" else found))
             for kind in PROBLEM_LINES for found in [problems.get(kind)] if found]
    # A guessed item is left out: its name is the wrong one to search for.
    known = "; ".join(render([fact for fact in facts(results)
                              if fact["sku"] not in problems.get("guessed_skus", ())],
                             lang, calls=False) + orders(results, lang))
    lines.append(words["facts"].format(facts=known or Text("facts_none").render(lang)))
    missing = problems.get("unchecked_skus")
    if missing:
        calls = words["then"].join('{"sku": "%s"}' % sku for sku in missing)
        asked = words["and"].join(dict.fromkeys(skus_in(question) + missing))
        lines.append(words["unchecked_skus"].format(found=words["and"].join(missing),
                                                    calls=calls, asked=asked))
    elif given and not results:
        lines.append(words["given"])
    elif problems.get("guessed_skus") or not results:
        lines.append(words["find"])
    else:
        lines.append(words["answer"])
    return "\n".join(lines)


# --- Reading SKUs and figures ------------------------------------------------------------
#
# - Text is compared after NFKC (`normal`): full-width `Ａ００１` and `１２` are A001 and 12.
# - A word starts with an ASCII letter (A001, QWEN2.5, stock), a number with a digit (12,
#   1,200, 2.5). ASCII classes on purpose: in 庫存A001 the SKU starts right after a CJK
#   character. A word holding a digit is an identifier, never a quantity.
# - A figure is a number in digits (with k or 萬: 12.5k, 1.25 萬; with % a percentage), an
#   English number word (twelve, forty-five), or a Chinese numeral before a measure word or
#   after 為/是/有/剩/共 (十二個, 庫存為零, 百分之四十); a lone 一 (一個, 一下) is a word.

def skus_in(text):
    """The words of a text written like SKUs (letters, then two or more digits: A001,
    SKU-0042), in order, once each, after NFKC and upper-casing."""
    return list(dict.fromkeys(sku for _, sku in sku_words(normal(text).upper())))


def sku_words(text):
    """(position, word) for each SKU-like word of an upper-cased, normalised text."""
    for match in re.finditer(TOKEN, text):
        word = match.group().rstrip(".").strip("-_")
        if (word[:1].isalpha() and len(word) <= 32 and set(word) <= SKU_CHARS
                and sum(char.isdigit() for char in word) >= 2):
            yield match.start(), word


def figures_in(text):
    """[{"start", "end", "value", "written", "field"}] for the figures of a normalised
    text, in order (a field only where the words right after it give one)."""
    found = [_figure(match.start(), match.end(), _digits_value(match), match.group())
             for match in re.finditer(NUMBER, text)]
    lowered = text.lower()
    if any(word in lowered for word in WORD_NUMBERS):
        found += [_figure(match.start(), match.end(), _word_value(match), match.group())
                  for match in re.finditer(WORD_NUMBER, text)
                  if match.group().lower() != "one" or re.match(ONE_COUNTS, text[match.end():])]
    if any(char in CHINESE_DIGITS or char in CHINESE_UNITS for char in text):
        found += _chinese_figures(text)
    if any(needle in lowered for needle in STATUS_NEEDLES):
        found += _status_claims(text)
    for figure in found:
        if not figure["field"]:  # "12 in stock": the words after it are its field's
            figure["field"], figure["after"] = _after_field(text[figure["end"]:])
        if figure["field"] == "count" and \
                re.search(THATS, text[max(0, figure["start"] - 12):figure["start"]]):
            figure["field"] = "derived"  # "That's 15 more": a difference, not a list's rest
        figure["days"] = figure["field"] == "derived" and \
            re.match(DAYS, text[figure["end"]:figure["end"] + 16]) is not None
        figure["of_target"] = _share_of(text, figure) if figure["field"] == "derived" \
            else None
    return sorted(found, key=lambda figure: figure["start"])


def _share_of(text, figure):
    """For "N% of target" (目標的 N%): the field whose share it is, the shortfall after
    a word for one ("short by 60% of target", 還差目標的 60%), else the stock; None for
    any other figure."""
    start, end = figure["start"], figure["end"]
    if not (re.match(OF_TARGET, text[end:end + 20]) or
            re.search(TARGETS_SHARE, text[max(0, start - 8):start])):
        return None
    return "order" if re.search(SHORTFALL, text[max(0, start - 40):start]) else "stock"


def _status_claims(text):
    """The stock-status claims of a text as figures: "out of stock", 缺貨 (a stock of 0),
    "in stock", 有貨 (field `in_stock`: a stock above 0, no value), and the stock against
    the target (`below_target`, `above_target`: no value). A denial right before one ("not
    out of stock", 沒有缺貨) is no claim, nor "in stock" after its figure ("12 units in
    stock" is the figure's)."""
    claims = []
    for field, pattern in (("stock", STOCK_ZERO), ("in_stock", IN_STOCK),
                           ("below_target", BELOW_TARGET), ("above_target", ABOVE_TARGET),
                           ("below_target", NEEDS_ORDER)):
        for match in re.finditer(pattern, text):
            before = text[max(0, match.start() - 32):match.start()]
            if pattern == STOCK_ZERO and re.search(NOT_OUT, before):
                claims.append(_figure(match.start(), match.end(), None, match.group(),
                                      field="in_stock"))  # "not out of stock": some left
                continue
            if re.search(STATUS_DENIED, before) or field == "in_stock" and \
                    re.search(COUNTED, before) or pattern == NEEDS_ORDER and (
                    re.search(NEEDS_LATER, before) or re.search(NEEDS_DENIED, text)):
                continue
            claims.append(_figure(match.start(), match.end(), 0 if field == "stock" else None,
                                  match.group(), field=field))
            if pattern == NEEDS_ORDER:  # "should be restocked with 18": the words go on
                claims[-1]["cue"] = True  # to give the next figure its field
    return claims


def _figure(start, end, value, written, *, field=None):
    return {"start": start, "end": end, "value": value, "written": written.strip(),
            "field": "derived" if "%" in written or "percent" in written or "百分之"
            in written else field}


def _after_field(rest):
    """The field the words right after a figure give it, and how many characters those
    words take (the next figure's field words begin after them): (None, 0) for none."""
    rest = rest[:56].lower()
    if not rest.lstrip(" ")[:1].isalpha():  # ASCII or CJK letters only: "12," has none
        return None, 0
    for field, pattern in AFTER_CUES:
        match = re.match(pattern, rest)
        if match:
            return field, match.end()
    return None, 0


def _digits_value(match):
    whole, fraction, unit, _ = match.groups()
    value = float(whole.replace(",", "") + (fraction or ""))
    value *= {"k": 1000, "K": 1000, "萬": 10_000, "万": 10_000}.get(unit, 1)
    return number_value(round(value, 6))


def _chinese_figures(text):
    """The Chinese numerals of a text that count something (三天, 十二包, 百分之四十): not
    一 alone, and not the items an answer speaks of (兩個都, 兩者都: "both")."""
    found = []
    for match in re.finditer(CHINESE_NUMERAL, text):
        numeral, lead = match.group(2), text[:match.start()].rstrip()[-1:]
        if re.match(BOTH, text[match.start():match.end() + 3]):
            continue
        if match.group(1) or numeral != "一" and (re.match(MEASURE_WORD, text[match.end():])
                                                  or lead in QUANTITY_LEAD):
            found.append(_figure(match.start(), match.end(), _chinese_value(numeral),
                                 match.group()))
    return found


def number_value(value):
    """A figure's value: 12 for 12, 12.0, "12" and "12.0"; 2.5 for 2.5 and "2.5". One rule
    for the numbers of a result and those an answer writes, so that 12.0 and 12 are the
    same figure. A whole number stays as it is (no float can hold every one)."""
    if isinstance(value, int):
        return value
    number = float(value)
    return int(number) if number.is_integer() else number


def normal(text):
    """NFKC: full-width `Ａ００１` and `１２` become A001 and 12. ASCII, CJK ideographs and
    CJK punctuation are already in that form, so the usual answer skips loading the
    Unicode tables (a --mock run never does)."""
    if all(char < "\u00a0" or "\u4e00" <= char <= "\u9fff" or "\u3001" <= char <= "\u3037"
           for char in text):
        return text
    import unicodedata
    return unicodedata.normalize("NFKC", text)
