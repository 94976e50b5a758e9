"""Which sentences of the model's answer the person reads: each is read into words
(words.py) and claims (reader.py), each claim held against the run's facts (truth.py), in
the order written; a false line under a heading takes the heading and its lines with it.

A line that ends with a colon opens a block: the list under it, or the one line after it.
A heading ("Items below target:") says its verdict of each line of the block, a line about
one item ("A001 (濾掛咖啡):", "Suggested order for A001:") what it says of that item; each
line is read after it. A false line of the block takes the block with it: the person would
read the others under it as the model's. A line that cannot be read, names no item under a
heading or another item under a line about one is not shown, alone: the lines read are as
true under their heading without it. A line ending with a colon that says more (of several
items, or in a word the reader does not know: "Only these need a reorder:") is not read,
nor is its block: what it says of the lines under it, the reader cannot place. A heading
in markdown ("### Out of stock", **缺貨**) is read as one ending with a colon (a true
sentence in one stands alone too). One that says nothing of an item ("Here are the
results:") opens no block. A line that stops mid-sentence is not read, nor the line it goes
on into.
"""

import re

from stock_agent.answers.clause import PRONOUNS
from stock_agent.answers.question import EQUATION, NUMBER, normal, worked
from stock_agent.answers.reader import claims, offers
from stock_agent.answers.truth import true
from stock_agent.answers.words import OF_THE_RUN, read, sentences

# A line that stops mid-sentence ("A001 is below target, as is" / "A002, which has 45"):
# the next line goes on with it, and neither says what it says alone.
_DANGLES = (r"(?:\b(?:is|are|was|were|as|and|or|but|so|not|to|than|needs?|has|have|does|do)"
            r"|[是和與及但而則為])[ \t]*\n\Z")  # compiled on first use: most answers are one line
# A heading in markdown ("### Out of stock", "**缺貨**" alone on its line): read as a line
# ending with a colon, over its block; a true sentence of one ("### A001 is below target")
# is shown with no line under it too.
_HEADING = r"[ \t]*(?:#{1,6}[ \t]|\*\*[^*\n]+\*\*[ \t]*\n)"
# A line of a list: a mark ("-", "1.", a table's "|") or an indent.
_LIST_LINE = r"\s*(?:[-*•|]|\d{1,2}[.)])|\s+\S"


# Claims of items summed, counted or ranked: no answer of what the tools do not hold ("The
# total is 57." to "What would A001 and A002 cost in total?")
_SUMMED = ("total", "count", "largest", "ranked", "more")


def shown(text, facts, asked):
    """(the sentences kept, as written; those dropped by why: {"unreadable": [...],
    "false": [...]}; the claims of those kept)."""
    review = _Review(facts, asked)
    for sentence, read_as in sentences(text):
        review.sentence(sentence, read_as)
    review.close_block()
    return review.kept, review.dropped, review.said


class _Review:
    """One pass over an answer's sentences, in order."""

    def __init__(self, facts, asked):
        self.facts, self.asked = facts, asked
        self.known, self.echoed = facts.known_words(), facts.tool_words()
        self.kept, self.dropped, self.said = [], {}, []
        self.last = ()  # the items the last sentence kept spoke of ("it" is of them)
        # before any, a verdict of "it" is of the one item the question asks of ("Is A001
        # low?" "Yes, it is below target."), and a figure its field names ("Its target is
        # 30."); a figure no field names is not ("It is 45 units." to "What is A002's
        # target?": "it" is the target asked)
        self.asked_one = tuple(asked["named"]) if len(asked["named"]) == 1 else ()
        # the open block: its heading's words, the items a line about one names, and the
        # places in `kept` of its lines with their claims (the heading's first)
        self.heading, self.about, self.listed = None, set(), []
        self.stands = False  # the open block's heading is a true sentence in markdown
        self.skipping = False  # the rest of a block not shown, or of a line cut mid-sentence
        self.line_start, self.in_list, self.opened = True, False, False
        self.headed = False  # a heading was shown: a line under none would seem under it
        # a run that found nothing, whose question's own numbers the program worked out;
        # of the sentence read, the results of the equations of those numbers it writes,
        # and whether it writes one and nothing else
        self.worked = facts.sums and not (facts.items or facts.lists or facts.other or
                                          facts.receipts)
        self.results, self.alone = (), False

    def sentence(self, sentence, read_as):
        """Reads one sentence: shown, or not (and with it, its block)."""
        self._place(sentence)
        if self.skipping or normal(sentence.strip()).rstrip(".。") in self.echoed:
            self._refuse(sentence)  # a tool's words to the model, or a block not shown
            return
        self.results, self.alone = (), False
        if self.worked and read_as and "=" in read_as:
            read_as, self.results, self.alone = _worked_out(read_as, self.facts.sums)
        words = read(read_as, self.known)
        marked = re.match(_HEADING, sentence) is not None
        introduces = marked or (read_as or "").rstrip().endswith((":", "："))
        if sentence.endswith("\n") and re.search(_DANGLES, sentence, re.I) or \
                introduces and words is None and self.heading is None:
            # stops mid-sentence ("..., as is"), or an unread line over a block: it, the
            # lines it goes on into and its block are not read (a ninth review's: under
            # "Only these need a reorder:" or **缺貨**, "- A002: stock 45" read as the answer)
            self._refuse(sentence)
            self._skip_the_rest()
            self.opened = True
            return
        skus = {word[1] for word in words or () if word[0] == "item"}
        reading = self._claims(sentence, words)
        holds = reading is not None and all(true(claim, self.facts) for claim in reading[0])
        if self.heading is None and introduces and (skus or not holds):
            self._open(sentence, words, reading, holds, skus, marked=marked)
        elif not holds or self._strays(words, skus):
            false = reading is not None and not holds
            self._refuse(sentence, false=false)
            if self.heading is not None and false:
                self._skip_the_rest()  # a line an unread one leaves is as true under it
        else:
            self._keep(sentence, reading)

    def _place(self, sentence):
        """Whether a sentence that begins a line is a line of the open block (a list mark,
        an indent, or the line after one ending with a colon): if not, the block ended."""
        if self.line_start:
            self.in_list = self.opened or re.match(_LIST_LINE, sentence) is not None
        self.line_start, self.opened = sentence.endswith("\n"), False
        if not self.in_list:
            self.close_block()
            self.skipping = False

    def _claims(self, sentence, words):
        """The sentence's claims and the items it speaks of, read under the open heading;
        None when it cannot be read, or asks ("Isn't A002 below target too?": what a
        question claims, it does not say), unless it offers."""
        if words is None or "gap" in self.asked["wants"] and any(
                word[0] == "verdict" and word[2:] == ("goal",) and following[0] == "number"
                for word, following in zip(words, words[1:])):
            return None  # 低於目標 30 to "差目標多少？": the target, or the gap asked? (a
            # review's: the true gap was added under "A002 高於目標 30")
        if self.alone and self.heading is None:
            # "17 × 3 = 51", and nothing else: the figure worked out, with its terms
            return [{"items": (), "kind": "total", "of": "stock", "value": self.results[0],
                     "negated": False}], ()
        if self.heading is not None and words:  # a line of no words says nothing under it
            words = self.heading + words
        reading = self._read(words, self._spoken_of(words))
        if reading is None and not self.last and self.asked_one and self._of_one(words):
            reading = self._read(words, self.asked_one)
            if reading and any(claim["kind"] != "verdict" and "bare" in claim
                               for claim in reading[0]):
                reading = None
        if reading is None or reading[0] and sentence.rstrip().endswith(("?", "？")) and \
                not offers(words):  # an offer ("Shall I order the 18 A001 needs?")
            return None  # says what it offers on
        if not all(self._placed(claim) for claim in reading[0]) or self._as_done(reading[0]):
            return None
        for claim in reading[0]:  # "3 項低於目標。" to "A001、A002、A003 有幾項要補貨？": of those
            if claim["kind"] == "count" and claim.get("below") and not claim.get("query") and \
                    len(self.asked["named"]) >= 2:
                claim["among"] = tuple(self.asked["named"])
        if self.worked and any(claim["kind"] == "total" and not claim["items"] and
                               claim["value"] not in self.results for claim in reading[0]):
            return None  # "The total is 42": a figure of the person's numbers, and of which?
        if self.heading is not None:
            _ranked_after(self.listed[-1][1], reading[0])
        if not any(word[0] == "item" for word in words):
            return reading[0], self.last  # "Thanks!", of no item: "it" after it is as before
        return reading

    def _spoken_of(self, words):
        """The items a sentence that names none may be of: those the sentence before spoke
        of, unless it says nothing of "it" and the answer has spoken of several ("- A001:
        12\n- A002: 45\nAbove target.": of the list, not only its last line)."""
        if any(word[0] == "item" for word in words) or not PRONOUNS.isdisjoint(words) or \
                len({sku for claim in self.said for sku in claim["items"]}) < 2:
            return self.last
        return ()

    def _of_one(self, words):
        """Whether a sentence naming no item may be of the one item asked: it says nothing
        of several ("each", "they"), and no sentence dropped before it named another item
        (a review's: "A003 sits in the back room. Its stock is 12.", asked of A001)."""
        if ("each",) in words or ("be", "they") in words:
            return False
        others = [word for word, meaning in self.known.items()
                  if meaning[0] == "item" and meaning[1] not in self.asked_one]
        return not any(word in normal(dropped) for dropped in self.dropped.get("unreadable", ())
                       for word in others)

    def _read(self, words, last):
        if ("neg", "all") in words and not any(word[0] == "item" for word in words) and any(
                listed["tool"] == "list_reorder" and listed["skus"]
                for listed in self.facts.lists):
            return None  # "Nothing is low." beside a reorder list that holds items (a
            # review's: "nothing" is said of the items looked up, the list's are low)
        # "all" and "nothing" are of the items the question names or searches for; to one
        # naming none ("Is anything out of stock?", 目前哪些缺貨？, "Stock OK?"), of every item,
        # not only those looked up; beside a list cut short, of items unseen too (reviews')
        whole = self.asked["names_items"] and \
            not any(listed["more"] for listed in self.facts.lists)
        return claims(words, last, asked=self.asked["yes_no"], skus=self.asked["named"],
                      everything=self.facts.said_of_all() if whole else (),
                      request=self.asked["request"], some=self.asked["some"])

    def _as_done(self, said):
        """Whether a sentence says an order's figure and no other figure (a verdict beside it
        or not), to a question asking for an order or whether one was placed, in a run that
        placed none: "Order of 18 for A001.", "..., which is below target.", 訂 A001 18 包
        read as the suggested order, and shown, to "did you order it?" (reviews'); beside
        the item's stock or target, it reads as the suggestion."""
        return self.asked["of_order"] and not self.facts.receipts and any(
            claim["kind"] == "order" for claim in said) and all(
            claim["kind"] in ("order", "verdict") for claim in said)

    def _placed(self, claim):
        """Whether a claim answers what the question asks, as the reader took it: not of
        today's stock when the question supposes another ("if we sell twenty of A002, do we
        reorder?", with facts of ours), asks of another day ("last month"), or gives
        numbers the program does not work out ("A001 comes in boxes of 6: how many
        boxes?"); nor a figure, total, count or ranking when it asks of what the tools do
        not hold (reviews': "A001 has 12." to "how many does the supplier have in stock?"),
        nor a total of a field it never said when the question names another
        ("The total is 12.", asked what A001 and A003 need), or whose figures it cannot
        tell ("the stock of A001 and the target of A002", then "what's the total?"), nor a
        comparison of two items' stock when the question compares in a measure it does not
        say is the stock ("A002 has 33 more than A001", asked which sells faster)."""
        asked = self.asked
        if claim["kind"] == "largest" and not asked["names_items"] and \
                not any(listed["tool"] == "list_reorder" for listed in self.facts.lists):
            return False  # of every item, which only the reorder list ranks (a review's:
            # "The largest shortfall is A001." of two looked up, to "Which item has ...?")
        beyond = asked["beyond"] and not asked["now_too"]
        if (asked["supposes"] or (asked["unworked"] or beyond) and claim["kind"] not in OF_THE_RUN
                or beyond and claim["kind"] in _SUMMED) and self.facts.items:
            return False
        if claim.get("unsaid") and (asked["field_named"] and claim["of"] != asked["field"] or
                                    asked["unclear"]):
            return False  # "The total is 57.": of the figures asked, or of which?
        return claim["kind"] != "compare" or not asked["compares"] or \
            asked["field"] == "stock" and (claim["of_stock"] or asked["field_named"])

    def _open(self, sentence, words, reading, holds, skus, *, marked=False):
        """A line ending with a colon that names an item, or says what the reader cannot
        hold true: the next line is under it, with a list mark or not. A verdict heading
        ("Items below target:") or a true line about one item opens a block; any other
        says something of lines it does not name, and is not shown, nor its block.
        `marked`: a heading in markdown, read as if it ended with a colon; a true sentence
        in one ("### A001 is below target") is shown even with no line under it."""
        self.opened, self.stands = True, marked and holds
        if marked and words[-1:] != [("colon",)]:
            words = [*words, ("colon",)]
        # not of "it" ("It is below target:"): of the item before, or of the lines after?
        verdict_heading = reading is None and not skus and PRONOUNS.isdisjoint(words) and \
            any(word[0] in ("verdict", "field") for word in words)
        one_item = len(skus) == 1 and (reading is None or holds)
        if verdict_heading or one_item:
            # a verdict heading lends each line its verdict ("The items whose stock is below
            # target, the largest shortfall first, are:"), a line about one item its words
            self.heading = [word for word in words if word != ("clause",) and (
                not verdict_heading or word != ("field", "stock"))]
            self.about = skus
            self.listed = [(len(self.kept), reading[0] if reading else [])]
            self.said += self.listed[0][1]
            self.kept.append(sentence)
            self.headed = True
        else:
            self._refuse(sentence, false=reading is not None and not holds)
            self.skipping = self.headed or any(word[0] in ("item", "number") for word in words)

    def _keep(self, sentence, reading):
        self.said += reading[0]
        self.last = reading[1]
        self.kept.append(sentence)
        if self.heading is not None:
            self.listed.append((len(self.kept) - 1, reading[0]))

    def _strays(self, words, skus):
        """Under a heading a line names its item; under a line about one item, no other. A
        line of no words (a table's header or rule) says nothing under either."""
        if self.heading is None or not words:
            return False
        every = any(word[0] in ("all", "inventory") or word == ("neg", "all")
                    for word in words or ())
        return skus - self.about or every if self.about else not skus

    def _refuse(self, sentence, *, false=False):
        self.dropped.setdefault("false" if false else "unreadable", []).append(sentence.strip())

    def _skip_the_rest(self):
        """Neither the open block is shown nor the rest of it: the person would read its
        lines under their heading."""
        if self.heading is not None:
            self._drop_block()
        self.skipping = True

    def close_block(self):
        """The open block ends: a heading with no line under it goes too, unless it stands
        as a sentence of its own."""
        if self.heading is not None and len(self.listed) == 1 and not self.stands:
            self._drop_block()
        self.heading, self.listed = None, []

    def _drop_block(self):
        """Takes the heading and the lines kept under it (by their places in `kept`, and
        their claims by identity: the same line may stand under another heading) back out
        of what is shown."""
        for at, claimed in reversed(self.listed):
            self.dropped.setdefault("unreadable", []).append(self.kept.pop(at).strip())
            self.said[:] = [claim for claim in self.said
                            if not any(claim is gone for gone in claimed)]
        self.heading, self.listed = None, []


def _worked_out(read_as, figures):
    """(the sentence with each equation it writes ("25 - 7 = 18") as its result, those
    results, whether it writes one equation and nothing else) when the arithmetic holds and
    its terms are numbers the program worked its `figures` out of (facts.sums): the person's
    own figures, worked out in plain sight, say nothing of ours. Any other equation stays
    as written, and "=" is no word the reader knows. A figure of the person's numbers is
    read only with its terms: the person sees which numbers it was worked out of."""
    given = {float(number.replace(",", "")) for cite in figures.values()
             for inputs in cite["computed_from"]  # [12, 30], or "17 × 3"
             for number in re.findall(NUMBER, str(inputs["value"]))}
    results = []

    def result(equation):
        terms = {float(term.replace(",", "")) for term in re.findall(NUMBER, equation[1])}
        done = worked(normal(equation[1]))
        if done is None or float(done[1]) != float(equation[2].replace(",", "")) or \
                not terms <= given:
            return equation[0]
        results.append(done[1])
        return f" {equation[2]} "
    alone = re.fullmatch(rf"[\s*_]*{EQUATION}[\s*_]*[.。!！]?\s*", read_as) is not None
    return re.sub(EQUATION, result, read_as), tuple(results), alone and len(results) == 1


def _ranked_after(above, claimed):
    """Under a heading that ranks its list ("largest shortfall first"), a line's items are
    ranked after the last item of the line above; not one that says which is largest, a
    line of the list's summing up ("- 缺口最大的是 Piping bags，需要 300。", after the last)."""
    if any(claim["kind"] == "largest" for claim in claimed):
        return
    before = [sku for claim in above if claim["kind"] == "ranked" for sku in claim["items"]]
    for claim in claimed:
        if claim["kind"] == "ranked":
            claim["items"] = tuple(dict.fromkeys(before[-1:] + list(claim["items"])))
