"""The words of the model's answer: its sentences, and each sentence read into a list of
(role, value) words, or None when a word is not understood. The first step of reading an
answer precision-first: reader.py reads the claims the words make, truth.py whether each
is true of the facts.

A sentence is read word by word against a closed lexicon (lexicon.txt, beside this
module). Each word or phrase has a role: words that state nothing (`fill`), a field a
number binds to (`field`), a verdict about an item (`verdict`), a negation (`neg`), a yes
that answers the question (`answer`), an order placed (`placed`), and a few more that
lexicon.txt explains. The things this run saw (SKUs, item names, receipts' order ids,
search queries, an MCP record's field names) are words too, taken from the facts. A word
that is none of these (a SKU no call looked up, "tomorrow", "Google Sheets", a tool's
instruction to the model) makes the sentence unreadable, and an unreadable sentence is
not shown: an unseen wording costs style, never truth. So does what the text shows but
its words do not say (a struck-out word, a raised digit, a range of SKUs).

A number is written in digits (12, 12,045), in English words ("forty-five") or in Chinese
numerals (十八, 兩千五); Chinese digits written one by one (一零) are no figure. The last
section names the kinds of claim reader.py makes: an MCP record's field named like one is
not read as that claim.
"""

import os
import re

from stock_agent.answers.facts import normal
from stock_agent.answers.numerals import (ZH_DIGITS, ZH_UNITS, chinese_number, english_number,
                                          side_by_side)
from stock_agent.answers.question import MAX_DIGITS

# --- The lexicon -----------------------------------------------------------------------
# The words and phrases, each with its role, are data: lexicon.txt beside this module.

_LEXICON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lexicon.txt")
_CLAUSE_MARKS = set(",，、—–-") | {"and", "or", "和", "與", "及"}
_CONTRASTS = {"but", "while", "whereas", "而", "但", "則"}  # end a clause; the next is set against it
_PUNCT = set(":()[]{}（）「」『』【】〔〕\"'“”‘’-–—/~*#|`>。.!?！？：…·•")
# A sign's role; where sets overlap, a colon outranks a clause's mark, which outranks the rest
_SIGNS = {**dict.fromkeys(_PUNCT, ("punct",)), **dict.fromkeys(_CONTRASTS, ("contrast",)),
          **dict.fromkeys(_CLAUSE_MARKS, ("clause",)), ":": ("colon",), "：": ("colon",),
          ";": ("contrast", ";"), "；": ("contrast", ";")}  # ends a list the next verdict is of
_ENDS = ("punct", "clause", "colon", "contrast")  # what a clause may end on
_lexicon = None
_longest = 1


def _build():
    """The lexicon as {token tuple: role}, built on first use (a --verify off run never
    reads lexicon.txt)."""
    table = {tuple(_tokens(phrase)): role for role, phrases in _sections()
             for phrase in phrases}
    global _longest
    _longest = max(map(len, table))
    return table


def _sections(path=_LEXICON):
    """lexicon.txt as [(role, [phrase, ...]), ...]: `[role]` opens a section, its lines
    hold phrases separated by " | ", and a line starting with # is a comment."""
    sections = []
    with open(path, encoding="utf-8") as file:
        for line in map(str.strip, file):
            if line.startswith("["):
                sections.append((line[1:-1], []))
            elif line and not line.startswith("#"):
                sections[-1][1].extend(line.split(" | "))
    return sections


# --- Sentences and tokens --------------------------------------------------------------

_SENTENCE = re.compile(r"[^。！？!?\n]*?(?:[。！？!?\n]+|\.\)?(?:[ \t]*\n|(?=\s|$))|$)")
_TOKEN = re.compile(r"\ue000\d+\ue001|\d{1,3}(?:,\d{3})+(?!\d)"  # a mark; 12,045
                    r"|[a-z0-9][a-z0-9_'’.-]*[a-z0-9]|[a-z0-9]|[\u3400-\u9fff\uf900-\ufaff]|\S")
_MARKS = re.compile("[\ue000\ue001]")  # the marks _marked puts in, never the model's
# ~~not~~, ~not~, 4⁵, -12 (a sign the reader would drop), "12 > 30" (not a quote's mark),
# "suggested order: —" (a dash for a figure: none, or not given?). A pattern, compiled the
# first time a sentence holds one of its characters: most never do (start-up is counted).
_UNSAID = ("~[^~\n]+~|[\u00b2\u00b3\u00b9\u2070-\u209f]|(?<![\\w.])[-−－﹣–—]\\d"
           "|[<≤≥＜＞]|[^\\s>]\\s*>|[^\\s\\-—–|][ \\t]*[-—–]+[ \\t]*(?:$|[,，;；。.)）\\n])")
_UNSAID_CHARS = set("~<>≤≥＜＞-−－﹣–—\u00b2\u00b3\u00b9") | set(map(chr, range(0x2070, 0x20a0)))
_RANGE = re.compile(r"\ue000(\d+)\ue001\s*(?:[-–—~～〜…]+|\.{2,}|to|through|thru|至|到)\s*"
                    r"\ue000(\d+)\ue001")
_MARKDOWN = re.compile(r"\*\*|__|`|^\s*(?:[-*•]|\d+[.)])\s+|^#+\s*", re.M)
_LIST_MARK = re.compile(r"^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+")


def sentences(text):
    """The sentences of an answer as (what the person would read, what is read of it):
    a list mark is not read (nor taken for a sentence's end), and a table's row is read
    with its column's field before each cell (None, unread, for a row that does not fit
    its header). Joined, the first parts are the text."""
    pieces, header = [], None
    lines = text.splitlines(keepends=True)
    for at, line in enumerate(lines):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.lstrip().startswith("|") and len(cells) >= 2:
            ruled = at + 1 < len(lines) and set(lines[at + 1].strip()) <= set("|-: ") and \
                "-" in lines[at + 1]  # a header is the row above the rule
            read_as, header = _row(cells, header, ruled)
            pieces.append((line, read_as))
            continue
        header = None
        mark = _LIST_MARK.match(line)
        masked = " " * mark.end() + line[mark.end():] if mark else line
        pieces += [(line[span.start():span.end()], masked[span.start():span.end()])
                   for span in _SENTENCE.finditer(masked) if span.end() > span.start()]
    return [(shown, read_as) for shown, read_as in pieces if shown.strip()]


def _row(cells, header, ruled):
    """What a table's line reads as, and the header after it: a header (the row above a
    rule of dashes, with no figure) names nothing itself; a row reads "stock 12" for a
    cell 12 under "Stock"; a row under no header is read as written."""
    if set("".join(cells)) <= set("-: "):
        return "", header
    if header is None and ruled and not any(char.isdigit() for char in "".join(cells)):
        return "", cells  # a header names columns, and states nothing
    if header is None:  # no header above it: a row read as it is written
        return ", ".join(cells), None
    if len(cells) != len(header):
        return None, header  # which column a cell is under, the person cannot tell: unread
    return " ".join(f"{name} {cell}" for name, cell in zip(header, cells)), header


def _tokens(text):
    """The tokens of normalized text: a sentence's, or a lexicon phrase's (written
    normalized already, so NFKC's tables stay unloaded for them)."""
    return [token.rstrip(".") or token for token in _TOKEN.findall(text)]


def _marked(text, known):
    """The sentence with each thing the run saw (known: word -> meaning) replaced by a mark
    token, the longest first, on word bounds for letters and digits."""
    meanings = []
    for word in sorted(known, key=len, reverse=True):
        pattern = re.escape(word)
        if word[:1].isalnum() and word[:1].isascii():
            pattern = r"(?<![a-z0-9_-])" + pattern
        if word[-1:].isalnum() and word[-1:].isascii():
            pattern += r"(?![a-z0-9_])"
        if re.search(pattern, text):
            text = re.sub(pattern, lambda _: f" \ue000{len(meanings)}\ue001 ", text)
            meanings.append(known[word])
    return text, meanings


MAX_SENTENCE = 2000  # characters


def read(sentence, known):
    """The sentence as a list of (role, value) words, or None when a word is unknown, or
    the text shows what its words do not say: a struck-out word (~~not~~), a raised digit
    (4⁵, which NFKC would make 45), a range of SKUs (A001–A003: and the ones between); or
    longer than any sentence a model writes of items (MAX_SENTENCE: reading one takes time
    that grows with the square of its clauses, a review's 16,000 "；" took 14 s)."""
    global _lexicon
    if _lexicon is None:
        _lexicon = _build()
    if sentence is None or len(sentence) > MAX_SENTENCE or not _UNSAID_CHARS.isdisjoint(
            sentence) and re.search(_UNSAID, sentence):
        return None
    known = {word: meaning for word, meaning in known.items() if word.strip() and not (
        meaning[0] == "field" and (meaning[1] in _KINDS or tuple(_tokens(word)) in _lexicon))}
    # an MCP record's field named "count", "units" or 庫存 is not read as ours: not a field
    text, meanings = _marked(_MARKDOWN.sub(" ", _MARKS.sub(" ", normal(sentence))), known)
    if any(meanings[int(one)][0] == meanings[int(other)][0] == "item" and
           meanings[int(one)][1] != meanings[int(other)][1] for one, other in _RANGE.findall(text)):
        return None
    tokens = _tokens(text)
    words, index = [], 0
    while index < len(tokens):
        word, size = _word(tokens, index, meanings)
        if word is None:
            return None
        words.append(word)
        index += size
    return words


def _word(tokens, index, meanings):
    """The word at tokens[index] as ((role, value...), how many tokens it takes): a thing
    the run saw, a number, the longest phrase of the lexicon, a Chinese numeral, a mark;
    (None, 0) for a word none of these."""
    token = tokens[index]
    if token.startswith("\ue000"):
        return meanings[int(token[1:-1])], 1
    if re.fullmatch(r"\d+(?:,\d{3})*", token):
        digits = token.replace(",", "")
        return (("number", int(digits)), 1) if len(digits) <= MAX_DIGITS else (None, 0)
    if english_number(token) is not None:
        return ("number", english_number(token)), 1
    if token == "in" and _SIGNS.get(tokens[index + 1] if index + 1 < len(tokens) else ".",
                                    ("",))[0] in _ENDS:
        return ("placed", "done"), 1  # "The reorder of 18 is in.": it happened (a review's)
    for size in range(min(_longest, len(tokens) - index), 0, -1):
        role = _lexicon.get(tuple(tokens[index:index + size]))
        if role:
            return tuple(role.split(":")), size
    numeral, size = _numeral(tokens, index)
    if size:
        return ("number", numeral), size
    return (_SIGNS[token], 1) if token in _SIGNS else (None, 0)


def _numeral(tokens, index):
    """A Chinese numeral starting at tokens[index], as (value, how many tokens); none that
    starts with a unit above ten (萬 alone, or after digits: 12 萬), nor digits written one
    by one (一零, 四五): no figure is read of them."""
    if tokens[index] in ZH_UNITS and tokens[index] != "十":
        return 0, 0
    size = 0
    while index + size < len(tokens) and (tokens[index + size] in ZH_DIGITS or
                                          tokens[index + size] in ZH_UNITS):
        size += 1
    numeral = tokens[index:index + size]
    if side_by_side(numeral):
        return 0, 0
    return chinese_number(numeral) if size else 0, size


# --- The kinds of claim ----------------------------------------------------------------
# Made by reader.py and checked by truth.py; named here, where read() first needs them.

FIGURES = ("stock", "target", "order", "short", "over")
OF_THE_RUN = ("placed", "receipt", "rehearsed", "nomatch", "nonelow", "total", "more",
              "quantity", "count", "approved", "ranked", "matched", "readonly",
              "looked", "largest")  # of the run
# Every claim's kind: an MCP record's field of one of these names is not read as that claim.
_KINDS = {"verdict", "suggested_order", *FIGURES, *OF_THE_RUN}
