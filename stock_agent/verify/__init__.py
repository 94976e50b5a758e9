"""The answer checker: a final answer is compared with this run's own tool results, by rules.

The model proposes the answer; code decides whether it may be reported as completed. The
functions are pure: they read the question, the answer and the run's results (one
`{"invocation", "name", "arguments", "result"}` record per call, read through runlog.py,
the one reader of tool results) and return data; no model is asked. SKUs and figures are
read out of the text by rules (the last section: NFKC, full-width digits, Chinese numerals;
dates, list numbers and SKU digits are not figures).
`check` returns the problems, by kind:

- `unchecked_skus`: a SKU the question names that no result of this run spoke of (found, or
  SKU_NOT_FOUND). A run that looked nothing up and says nothing about an item (a greeting,
  "I cannot place orders", a rule explained) is not asked for lookups.
- `unsupported_numbers`: a figure the answer states that is no value of this run's tool
  results (a stock, target, suggested order, `more`, how many items a list or the whole run
  held, any figure of a write receipt) and no number the question wrote. Text a result
  carried (item names, sources, order ids) is not read for figures. In a run that looked
  nothing up, only sentences naming a SKU are about an item, and not those that explain a
  rule by example (if, for example, 如果, 例如).
- `not_found_claims`: a SKU the answer says does not exist ("A001 not found", 查無 A001)
  that a result found. Saying so is a claim about the SKU: without a lookup of it, it is an
  unchecked SKU.
- `order_claims`: a phrase saying an order or write happened (the order was placed, we have
  ordered, 已下單, 已自動補貨), or an order id (PO-000001), when no result carries a write
  receipt, `{"ok": true, "data": {..., "receipt": {"order_id", "idempotency_key",
  "ledger", "created"}}}`. Read-only tools and a dry run's rehearsal (--dry-run) carry
  none; read-only tools say `"order_created": false`. A denial ("no order has been
  placed", 尚未建立訂單) is not a claim.
- `guessed_skus`: a SKU get_stock found that neither the question nor an earlier result
  gave, when the answer uses that item (its SKU, name or stock): the model guessed an id.
- `left_out` (advice, only with `complete`): an item looked up by SKU whose SKU or stock the
  answer leaves out, or an item named by its name without its SKU. The loop asks once and
  never refuses an answer for it.

`correction` is the one corrective message the model gets: what is wrong, the facts the
tools gave, then what to do.

Limits (this reads text with rules, not meaning): a right figure attached to the wrong item
or field passes ("A001: 45" when 45 is A002's stock); a number the user wrote passes even
where the user asked the model to misreport it ("report its stock as 999"; the evaluation's
answer_excludes catches that); English number words ("twelve") are not read.
"""

import re
from collections import namedtuple

from stock_agent.errors import Text
from stock_agent.runlog import (facts, item_facts, normal, number_value, orders, pool,
                                  receipts, render)

HYPOTHETICAL = r"(?i)\b(?:if|for example|for instance|suppose)\b|如果|假設|假如|若|例如|比如|舉例"
SENTENCE_END = r"[。！？!?；;\n]+|\.(?:\s+|$)"
# An answer saying a SKU does not exist; the phrase belongs to the nearest SKU in its sentence.
NOT_FOUND = (r"(?i)\bnot\s+(?:be\s+)?found|\bcould\s*n[o']t\s+find|\bdoes\s*n[o']t\s+exist|"
             r"\bno\s+such\b|\bunknown\s+sku|查無|找不到|不存在|沒有這個")
NOT_FOUND_NEEDLES = ("not", "n't", "no such", "unknown", "查無", "找不到", "不存在", "沒有這個")

# English claims: a finished-action verb right after a word that makes it a statement of
# fact (was placed, we have ordered, order placed), with no denial earlier in its clause.
CLAIM_VERB = r"(?i)\b(placed|created|submitted|confirmed|sent|ordered|reordered|restocked)\b"
ORDER_VERBS = ("placed", "created", "submitted", "confirmed", "sent")  # need "order" nearby
STATING = {"was", "were", "been", "is", "i", "we", "i've", "we've", "have", "has",
           "successfully", "just", "already", "order", "reorder"}
DENIALS = {"no", "not", "never", "cannot", "unable", "without"}  # and any word ending n't
CLAUSE_MARKS = ",，。;；!?！？\n"  # and a full stop before a space
ORDER_ID = r"\bPO-\d+\b"  # the ledger's order ids (orders/ledger.py): only a receipt gives one
# Chinese claims start with 已 (or say 成功); their denials (尚未, 並未, 沒有) do not match.
CLAIM_ZH = (r"已(?:經)?(?:為您|幫您|替您|為你|幫你)?(?:自動)?"
            r"(?:下單|訂購|補貨|建立(?:了)?訂單|送出訂單|完成下單|採購)|"
            r"訂單已(?:經)?(?:建立|送出|成立|完成)|下單成功|訂購成功")


# --- The check -------------------------------------------------------------------------

class Checker(namedtuple("Checker", "lang")):
    """The check as the loop (agent.py) uses it: `check`, then `correction` in one language.
    A value, like the run's Settings: it holds nothing but the language."""

    __slots__ = ()

    def check(self, question, answer, results, *, complete=True):
        return check(question, answer, results, complete=complete)

    def correction(self, question, problems, results):
        return correction(question, problems, results, self.lang)

    def summary(self, problems):
        return summary(problems)


def check(question, answer, results, *, complete=True):
    """The problems of `answer`, {kind: [what, as written]} for the kinds that failed
    (`unchecked_skus`, `unsupported_numbers`, `not_found_claims`, `order_claims`,
    `guessed_skus`, and with `complete` also `left_out`); {} means verified."""
    evidence = pool(results)
    stated = _stated_numbers(answer, evidence)
    missing = said_missing(answer)
    problems = {"unchecked_skus": [], "unsupported_numbers": _unsupported(question, stated,
                                                                          evidence),
                "not_found_claims": [sku for sku in missing if sku in evidence["found"]],
                "order_claims": order_claims(answer, evidence["receipts"]),
                "guessed_skus": guessed_skus(question, answer, results, stated)}
    # A run that looked nothing up and says nothing about an item (a greeting, a refusal,
    # a rule explained) is not asked for lookups.
    if evidence["looked_up"] or stated or missing:
        named = dict.fromkeys(skus_in(question) + missing)
        problems["unchecked_skus"] = [sku for sku in named if sku not in evidence["spoken_of"]]
    if complete:
        problems["left_out"] = left_out(question, answer, results, stated)
    return {kind: found for kind, found in problems.items() if found}


def unsupported_numbers(question, answer, results):
    """The numbers `answer` states that neither the results nor the question hold."""
    evidence = pool(results)
    return _unsupported(question, _stated_numbers(answer, evidence), evidence)


def summary(problems):
    """What failed, in one language-neutral line for UNVERIFIED_ANSWER: `A002, 15`."""
    return ", ".join(item for found in problems.values() for item in found)


def said_missing(answer):
    """The SKUs `answer` says do not exist ("B999 was not found", 查無 Z999), in order: each
    such phrase goes to the SKU nearest to it in its sentence."""
    text = normal(answer).upper()
    if not any(needle in text.lower() for needle in NOT_FOUND_NEEDLES):
        return []
    said = []
    for sentence in re.split(SENTENCE_END, text):
        skus = list(sku_words(sentence))
        for phrase in re.finditer(NOT_FOUND, sentence) if skus else ():
            said.append(min(skus, key=lambda found: abs(found[0] - phrase.start()))[1])
    return list(dict.fromkeys(said))


def order_claims(answer, placed):
    """Phrases of `answer` saying an order was placed, when no result carried a receipt
    (`placed`: the run's receipts)."""
    if placed:
        return []
    claims = re.findall(CLAIM_ZH, answer) if "已" in answer or "成功" in answer else []
    claims += re.findall(ORDER_ID, answer) if "PO-" in answer else []  # an id it cannot hold
    lowered = answer.lower()
    for match in re.finditer(CLAIM_VERB, answer) if "ed" in lowered else ():
        start, end = _clause(lowered, match.start(), match.end())
        words = [word.strip("\"'()") for word in lowered[start:match.start()].split()]
        if not words or words[-1] not in STATING:
            continue
        if any(word in DENIALS or word.endswith("n't") for word in words):
            continue
        if match.group(1).lower() in ORDER_VERBS and "order" not in lowered[start:end]:
            continue
        if lowered[match.end():].lstrip().startswith("by "):  # sorted by, not bought
            continue
        claims.append(answer[start:match.end()].strip())
    return list(dict.fromkeys(claims))


def _clause(text, start, end):
    """(start, end) of the clause around text[start:end]: between punctuation marks."""
    def is_mark(index):
        return text[index] in CLAUSE_MARKS or (text[index] == "." and
                                               text[index + 1:index + 2] in ("", " ", "\n"))
    while start > 0 and not is_mark(start - 1):
        start -= 1
    while end < len(text) and not is_mark(end):
        end += 1
    return start, end


def guessed_skus(question, answer, results, stated=None):
    """The guessed lookups (`_guessed`) whose item the answer uses: its SKU, name or stock
    (asked about 烏龍茶包, a small model looks up A001 and reports its stock as the tea's)."""
    if stated is None:
        stated = _stated_numbers(answer, pool(results))
    values = {found for found, _ in stated}
    text, named = normal(answer), set(skus_in(answer))
    return [fact["sku"] for fact in _guessed(question, results)
            if fact["sku"] in named or fact["stock"] in values
            or bool(fact["name"]) and fact["name"] in text]


def left_out(question, answer, results, stated=None):
    """The items the answer gives without what makes them checkable, by SKU: an item
    get_stock found whose stock figure the answer does not state, or an item the answer
    names by its name only (玄米茶包 without A003). A guessed lookup is never asked for.
    Advice, not an error: the loop asks once for them and accepts the answer either way."""
    if stated is None:
        stated = _stated_numbers(answer, pool(results))
    values = {found for found, _ in stated}
    text, named = normal(answer), set(skus_in(answer))
    guessed = {fact["sku"] for fact in _guessed(question, results)}
    missing = []
    for record in results:
        asked = record["name"] == "get_stock"  # looked up by SKU: its figures are the answer
        for fact in item_facts(record):
            if not fact["found"] or fact["sku"] in guessed:
                continue
            if asked and fact["stock"] not in values:
                missing.append(fact["sku"])
            elif fact["sku"] not in named and (asked or fact["name"] and fact["name"] in text):
                missing.append(fact["sku"])
    return list(dict.fromkeys(missing))


def _guessed(question, results):
    """The items get_stock found for a SKU that came from nowhere: named neither in the
    question nor in an earlier result. One fact per SKU, first lookup first."""
    given, guessed = set(skus_in(question)), {}
    for record in results:
        found = [fact for fact in item_facts(record) if fact["found"]]
        for fact in found if record["name"] == "get_stock" else ():
            if fact["sku"] not in given:
                guessed.setdefault(fact["sku"], fact)
        given.update(fact["sku"] for fact in found)
    return list(guessed.values())


# --- Numbers -----------------------------------------------------------------------------

def _unsupported(question, stated, evidence):
    allowed = evidence["values"] | {found for found, _ in numbers(question,
                                                                   quoted=evidence["strings"])}
    return list(dict.fromkeys(written for found, written in stated if found not in allowed))


def _stated_numbers(answer, evidence):
    """[(value, written)] for the numbers `answer` states about items. In a run that looked
    nothing up, only sentences naming a SKU are about an item, and not those that explain a
    rule by example ("if stock is 10 and target 30, order 20")."""
    if evidence["looked_up"]:
        return numbers(answer, quoted=evidence["strings"])
    return [found for sentence in re.split(SENTENCE_END, answer)
            if skus_in(sentence) and not re.search(HYPOTHETICAL, sentence)
            for found in numbers(sentence, quoted=evidence["strings"])]


# --- What this run's results hold --------------------------------------------------------

# --- The corrective turn -------------------------------------------------------------------

# The corrective message, line by line: each problem found, the facts, then what to do.
WORDS = {
    "en": {"unsupported_numbers": "These numbers in your answer match no tool result of this "
                                  "run: {found}. Do not estimate or invent figures.",
           "not_found_claims": "Your answer says {found} was not found, but the tools found "
                               "it.",
           "order_claims": "Your answer says an order was placed ({found}), but no tool "
                           "placed one: nothing was ordered. Leave that out.",
           "left_out": "Your answer leaves out the SKU or the stock of {found}.",
           "guessed_skus": "Nobody gave the SKU {found}, neither the user nor a tool result: "
                           "do not guess SKUs.",
           "find": "The user named a product without a SKU: call find_items now with part of "
                   "the name the user wrote, then answer from its result.",
           "facts": "The facts from this run's tools: {facts}.",
           "unchecked_skus": "You have not looked up {found} yet. Call get_stock for each of "
                             "them now, one call per SKU: {calls}. Then answer about every "
                             "SKU the user asked for: {asked}.",
           "answer": "Answer the user again, briefly, giving each item's SKU, stock and "
                     "suggested order exactly as in these facts.",
           "then": ", then ", "and": ", "},
    "zh-TW": {"unsupported_numbers": "你的回答中這些數字不在本次工具結果裡：{found}。"
                                     "不可估算或編造數字。",
              "not_found_claims": "你的回答說查無 {found}，但工具查到了。",
              "order_claims": "你的回答說已建立訂單（{found}），但沒有任何工具下單：並未訂購任何"
                              "東西。不要再這樣說。",
              "left_out": "你的回答缺少 {found} 的 SKU 或庫存。",
              "guessed_skus": "SKU {found} 不是使用者或工具結果給的：不可猜測 SKU。",
              "find": "使用者只給了品名、沒有 SKU：現在請用使用者寫的品名的一部分呼叫 find_items，"
                      "再根據結果回答。",
              "facts": "本次工具查得的資料：{facts}。",
              "unchecked_skus": "你還沒有查詢 {found}。現在請對每個 SKU 各呼叫一次 get_stock："
                                "{calls}。之後回答使用者問到的每個 SKU：{asked}。",
              "answer": "請重新簡短回答使用者：每個品項寫出 SKU、庫存與建議補貨量，照這些資料寫。",
              "then": "、", "and": "、"},
}
PROBLEM_LINES = ("unsupported_numbers", "not_found_claims", "order_claims", "guessed_skus",
                 "left_out")


def correction(question, problems, results, lang):
    """The corrective message: what is wrong, the facts the tools gave, then what to do
    (look up what is missing, or answer again from the facts)."""
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
    elif problems.get("guessed_skus"):
        lines.append(words["find"])
    else:
        lines.append(words["answer"])
    return "\n".join(lines)


# --- Reading SKUs and figures out of the answer's prose ---------------------------------
#
# Reading SKUs and figures out of free text, in English and Traditional Chinese.
#
# The answer checker needs two things from a model's answer: which SKUs it names
# and which quantities it states. Both are read by rules, never by a model:
#
# - Text is compared after NFKC (`normal`): full-width `Ａ００１` and `１２` are A001 and 12.
# - Words and numbers are maximal runs (`TOKEN`): a word starts with an ASCII letter (A001,
#   QWEN2.5, stock), a number with a digit (12, 1,200, 2.5). ASCII classes on purpose: in
#   庫存A001 the SKU starts right after a CJK character. A word holding a digit is an
#   identifier, never a quantity. A SKU (`skus_in`) is such a word, upper-cased, of letters,
#   digits, `-` and `_`, that starts with a letter and holds two or more digits (A001, N100,
#   SKU-0042); DROP, CO2 and A4 are words.
# - `numbers` reads the quantities: what is not one is taken out first (dates, times, years,
#   list numbering, ordinals, the formula `max(...)`, a figure denied: "not stock 0", 並非庫存
#   0), and Chinese numerals count before a measure word for goods or after 為/是/有/剩/共
#   (十二個, 庫存為零); a lone 一 (一個, 一下) is a word. Numbers in English words ("twelve")
#   are not read.
#
# Patterns are kept as text and compiled by `re` on first use, each only when a cheap test
# says it could match: an ordinary answer compiles three or four small patterns.

TOKEN = r"[A-Za-z][A-Za-z0-9_.-]*|[0-9]+(?:,[0-9]{3})*(?:\.[0-9]+)?"
SKU_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
# (what must occur in the text for the pattern to match, the pattern): not quantities.
NOT_QUANTITIES = (
    (("max",), r"\bmax\s*\([^()]*\)"),                         # max(target - stock, 0)
    (("-", "/", "年", "月"),                                    # 2026-11-30, 2026年11月30日
     r"\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2}\s*[日號]?|\d{4}\s*年|\d{1,2}\s*月"
     r"(?:\s*\d{1,2}\s*[日號])?"),
    (tuple(f"{digit}:" for digit in "0123456789"), r"\b\d{1,2}:\d{2}(?::\d{2})?\b"),  # 10:30
    (("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
     r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}"
     r"(?:st|nd|rd|th)?(?:,?\s+\d{4})?"),                       # Nov 30, 2026
    (("19", "20"), r"(?i)\b(?:in|since|year|as of|by|from)\s+(?:19|20)\d\d\b"),  # in 2026
    (("\n",), r"(?m)^[ \t]*(?:[-*][ \t]*)?\(?\d{1,2}(?:[.)][ \t]|、)"),     # 1. 2) 3、
    (tuple(f"{digit}{suffix}" for digit in "0123456789" for suffix in ("st", "nd", "rd", "th")),
     r"(?i)\b\d+(?:st|nd|rd|th)\b"),                          # 1st, 22nd
    (("#", "no.", "第"), r"(?i)#\d+|\bno\.\s*\d+|第\s*\d+"),  # #1, No. 3, 第1
    (("not", "n't", "並非", "不是", "而非"),                      # a figure denied
     r"(?i)(?:\bnot|n't)(?:\s+[a-z]+){0,2}\s+\d[\d,.]*|(?:並非|不是|而非)[^\d，。,;；]{0,4}\d+"),
)
CHINESE_NUMERAL = r"[零〇一二兩两三四五六七八九十百千萬万]+"
CHINESE_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "兩": 2, "两": 2, "三": 3, "四": 4,
                  "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
CHINESE_UNITS = {"十": 10, "百": 100, "千": 1000, "萬": 10_000, "万": 10_000}
MEASURE_WORD = r"\s*(?:個|件|包|盒|箱|瓶|罐|袋|組|份|支|項|單位|个|组|项)"
QUANTITY_LEAD = ("為", "是", "有", "剩", "共", ":")


def skus_in(text):
    """The SKUs a text names, in order, once each, after NFKC and upper-casing."""
    return list(dict.fromkeys(sku for _, sku in sku_words(normal(text).upper())))


def sku_words(text):
    """(position, SKU) for each SKU-shaped word of an upper-cased, normalised text."""
    for match in re.finditer(TOKEN, text):
        word = match.group().rstrip(".").strip("-_")
        if (word[:1].isalpha() and len(word) <= 32 and set(word) <= SKU_CHARS
                and sum(char.isdigit() for char in word) >= 2):
            yield match.start(), word


def numbers(text, *, quoted=()):
    """[(value, as written)] for the quantities in `text`, in order. Each of the `quoted`
    strings (text a tool result carried: "Coffee 250g") is taken out first."""
    text = normal(text)
    for string in quoted:
        text = text.replace(string, " ")
    lowered = text.lower()
    for needles, pattern in NOT_QUANTITIES:
        if any(needle in lowered for needle in needles):
            text = re.sub(pattern, " ", text)
    found = [(number_value(token.replace(",", "")), token) for token in re.findall(TOKEN, text)
             if token[0].isdigit()]
    if any(char in CHINESE_DIGITS or char in CHINESE_UNITS for char in text):
        found += _chinese_numbers(text)
    return found


def _chinese_numbers(text):
    found = []
    for match in re.finditer(CHINESE_NUMERAL, text):
        lead = text[:match.start()].rstrip()[-1:]
        if match.group() != "一" and (re.match(MEASURE_WORD, text[match.end():])
                                       or lead in QUANTITY_LEAD):
            found.append((_chinese_value(match.group()), match.group()))
    return found


def _chinese_value(written):
    """十二 -> 12, 二十 -> 20, 一百零五 -> 105, 兩千 -> 2000, 零 -> 0."""
    total, section, digit = 0, 0, 0
    for char in written:
        if char in CHINESE_DIGITS:
            digit = CHINESE_DIGITS[char]
            continue
        unit = CHINESE_UNITS[char]
        if unit == 10_000:
            total, section = total + (section + digit) * unit, 0
        else:
            section += (digit or 1) * unit
        digit = 0
    return total + section + digit
