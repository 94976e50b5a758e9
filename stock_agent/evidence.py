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
answer; the answer checker (verify.py) quotes them to the model in its correction.
Nothing here comes from the model's text.
"""

"""Reading SKUs and figures out of free text, in English and Traditional Chinese.

The answer checker (verify.py) needs two things from a model's answer: which SKUs it names
and which quantities it states. Both are read by rules, never by a model:

- Text is compared after NFKC (`normal`): full-width `Ａ００１` and `１２` are A001 and 12.
- Words and numbers are maximal runs (`TOKEN`): a word starts with an ASCII letter (A001,
  QWEN2.5, stock), a number with a digit (12, 1,200, 2.5). ASCII classes on purpose: in
  庫存A001 the SKU starts right after a CJK character. A word holding a digit is an
  identifier, never a quantity. A SKU (`skus_in`) is such a word, upper-cased, of letters,
  digits, `-` and `_`, that starts with a letter and holds two or more digits (A001, N100,
  SKU-0042); DROP, CO2 and A4 are words.
- `numbers` reads the quantities: what is not one is taken out first (dates, times, years,
  list numbering, ordinals, the formula `max(...)`, a figure denied: "not stock 0", 並非庫存
  0), and Chinese numerals count before a measure word for goods or after 為/是/有/剩/共
  (十二個, 庫存為零); a lone 一 (一個, 一下) is a word. Numbers in English words ("twelve")
  are not read.

Patterns are kept as text and compiled by `re` on first use, each only when a cheap test
says it could match: an ordinary answer compiles three or four small patterns.
"""

import json
import re


# --- from stock_agent/facts.py ---

FIGURES = ("sku", "name", "stock", "target", "suggested_order")

WORDS = {
    "en": {"found": "{name} ({sku}): stock {stock}, target {target}, suggested order "
                    "{suggested_order}",
           "missing": "{sku}: not found, no item has this SKU",
           "from": " [{tool} {invocation}; {source}]", "from_missing": " [{tool} {invocation}]",
           "order": "order {order_id}: {quantity} x {sku} in {ledger}",
           "heading": "Facts from the tools:", "none": "none"},
    "zh-TW": {"found": "{name}（{sku}）：庫存 {stock}，目標 {target}，建議補貨 {suggested_order}",
              "missing": "{sku}：查無此 SKU，沒有這個商品",
              "from": "〔{tool} {invocation}；{source}〕", "from_missing": "〔{tool} {invocation}〕",
              "order": "訂單 {order_id}：{sku} {quantity} 個，帳本 {ledger}",
              "heading": "工具查得的資料：", "none": "無"},
}


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
    words = WORDS.get(lang, WORDS["en"])
    lines = []
    for fact in found:
        if fact["found"]:
            line = words["found"].format(**fact)
            tail = words["from"].format(source=fact["source"], **fact["call"])
        else:
            line = words["missing"].format(**fact)
            tail = words["from_missing"].format(**fact["call"])
        lines.append(line + (tail if calls else ""))
    return lines


def orders(results, lang):
    """A line per order the results hold a receipt for (a write tool's own proof)."""
    words = WORDS.get(lang, WORDS["en"])
    lines = []
    for record in results:
        data = record["result"].get("data") if record["result"].get("ok") else None
        receipt = data.get("receipt") if isinstance(data, dict) else None
        if isinstance(receipt, dict) and receipt.get("order_id"):
            lines.append(words["order"].format(**{**data, **receipt}))
    return lines


def render_block(results, lang):
    """--facts: a heading, then one line per fact and per order (or "none"), to print under
    the answer."""
    words = WORDS.get(lang, WORDS["en"])
    lines = render(facts(results), lang) + orders(results, lang)
    return "\n".join([words["heading"], *(lines or [words["none"]])])

# --- from stock_agent/figures.py ---

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
    found = [(value(token.replace(",", "")), token) for token in re.findall(TOKEN, text)
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


def value(text):
    """A number's value: 12 for "12" and "12.0", 2.5 for "2.5"."""
    number = float(text)
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
