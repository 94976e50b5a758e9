"""The answer policy: everything that decides what the person reads, behind one seam.

The loop (agent.py) calls a policy at four named points and knows nothing of inventory:

    first_tools(question, toolbox, inventory)  the tools the first request offers: None for
                                               all, () for none (then the withheld note)
    keeps_narrow(result)                       whether a failed call leaves the narrowed
                                               offer as it is ("not found" is an answer)
    settled(question, outcome)                 after a round of tool calls: the program's
                                               answer when the results settle all the
                                               question asks, else None (ask the model)
    review(text, question, outcome, ...)       the model's answer -> what the person reads,
                                               or one corrective message for the model
    end(question, outcome, ...)                the steps ran out: the program's answer, or
                                               None (STEP_LIMIT)

`Answers` (--verify on, the default) is precision-first: the program states the facts and
verdicts it holds (writer.py), and a sentence of the model's own reaches the person only
when every word of it is understood and each claim is true (reader.py). The model's whole
answer is shown when every sentence passes and it states what the facts say of each item
(verification "verified"); with facts it left out, those are added by the program
("supplemented"); when sentences cannot be read and none is false, those it read are shown
with the facts they leave out ("trimmed"); when a sentence is false, or none can be read,
the person reads the program's answer ("rendered"). Each of the last two begins with a
one-line lead saying so. A run with no facts whose model answered from nothing gets one
corrective turn to look them up ("corrected" if it then passes). `Plain` (--verify off,
and conversations) shows the model's answer as it came.

Both label an answer written from our inventory with its source ([Sample data]), by one rule.
"""

import re

from stock_agent.answers.facts import Facts, is_ours
from stock_agent.answers.question import (names_written, normal, offered_first, shape,
                                          skus_named)
from stock_agent.answers.reader import claims
from stock_agent.answers.truth import true
from stock_agent.answers.words import read, sentences
from stock_agent.answers.writer import write
from stock_agent.errors import Text

__all__ = ["Answers", "Plain", "policy", "written"]


def policy(settings):
    """The policy the settings ask for: precision-first, or as it came with --verify off."""
    return (Answers if settings.verify else Plain)(settings.lang)


class Plain:
    """--verify off: every tool offered, the model's answer shown as it came (labelled)."""

    def __init__(self, lang):
        self.lang, self.source, self.ours, self.writes = lang, None, (), set()
        self.inventory = None  # the data in scope: the items a question names by name
        self.offered = None  # the first request's tools: None for all, () for none
        self.all_ours = True  # no --mcp tool: a SKU is ours to look up, or no one's

    def first_tools(self, question, toolbox, inventory):
        self.source, self.ours, self.inventory = inventory.source, tuple(toolbox.names()), inventory
        self.writes = {name for name in self.ours if toolbox.get(name).needs_approval}
        return None

    def keeps_narrow(self, result):
        return result["ok"] or result.get("error") == "SKU_NOT_FOUND"

    def settled(self, question, outcome):
        return None

    def review(self, text, question, outcome, **_):
        return self.labelled(text, outcome), None

    def end(self, question, outcome, **_):
        return None

    def labelled(self, answer, outcome):
        """The answer after the label of the data it used: one rule for every answer, a run
        that called one of our inventory tools names their source."""
        from stock_agent.inventory import SAMPLE_SOURCE
        if self.source is None or not any(is_ours(record["name"]) for record in outcome.results):
            return answer
        label = (Text("answer_sample") if self.source == SAMPLE_SOURCE else
                 Text("answer_source", source=self.source)).render(self.lang)
        return answer if answer.startswith(label.strip()) else label + answer


class Answers(Plain):
    """--verify on: precision-first (the module's docstring)."""

    def first_tools(self, question, toolbox, inventory):
        super().first_tools(question, toolbox, inventory)
        self.all_ours = toolbox.all_ours()
        if not self.all_ours:  # what an MCP server's tools know, the program cannot tell
            return None
        self.offered = offered_first(question, inventory, writes=toolbox.needs_approval())
        return self.offered

    def settled(self, question, outcome):
        """The program's answer ("stated") when the model's calls settle all the question
        asks: a question the first request read as naming SKUs and nothing else (no item by
        its name alone, no list: offered get_stock alone) once every SKU it names is looked
        up, or one read as "which are low?" once the list is made; no call failed otherwise,
        no other server's record, and no order tool in the run (the model may still place
        one). Else None: the model goes on, with its next calls or its answer. Measured on
        the real small model, the prose request this saves was 60% of a run."""
        asked, facts = shape(question), Facts(outcome.results, writes=self.writes)
        lists = [listed["tool"] for listed in facts.lists]
        if asked["skus"]:  # and no item named by its name alone, nor a list asked for
            named = self.offered == ("get_stock",) and all(sku in facts.items
                                                           for sku in asked["skus"])
        else:  # "what is running low?", as the first request read it
            named = self.offered == ("list_reorder",) and lists == ["list_reorder"]
        if not named or not self.all_ours or self.writes or \
                facts.failed or facts.other or facts.receipts or facts.refused:
            return None
        # the usual answer, so no lead: no model words lost
        return self.rendered(facts, asked, None, outcome, verification="stated")

    def review(self, text, question, outcome, *, run_call, step, last, log):
        asked = shape(question)
        facts = self._facts(question, outcome, run_call, step)
        kept, dropped, said = self._read(text, facts, asked)
        if dropped:
            log.answer_check(step=step, problems=dropped)
            if self._may_look(facts, outcome, last):
                outcome.corrections += 1
                note = Text("answer_look_up").render(self.lang)
                log.correction(step=step, text=note)
                return None, {"role": "user", "content": note}
            if "false" in dropped or not said:
                # a false sentence: the model misread
                return self.rendered(facts, asked, "answer_rendered", outcome), None
            # Only sentences it could not read: the person reads those it could, and the
            # program's facts for what they leave out.
            text = "".join(kept).strip()
        missing = self._left_out(facts, asked, said, text)
        added = []
        if missing:
            added = write(missing, asked, self.lang, note_orders=_no_order_unsaid(facts, said))
            text += "\n" + Text("answer_supplemented", facts=_joined(added, self.lang)).render(
                self.lang)
        outcome.verification = ("trimmed" if dropped else "supplemented" if missing else
                                "corrected" if outcome.corrections else "verified")
        outcome.statements = _cited(said, facts) + [  # "no order placed" is no fact it added
            cite for _, cited in added for cite in cited if cite["claim"] != "placed"]
        lead = Text("answer_trimmed").render(self.lang) + "\n" if dropped else ""
        return lead + self.labelled(text, outcome), None

    def end(self, question, outcome, *, run_call, step, lead):
        facts = self._facts(question, outcome, run_call, step)
        return self.rendered(facts, shape(question), lead, outcome) if _holds_any(facts) else None

    def rendered(self, facts, asked, lead, outcome, *, verification="rendered"):
        """The program's answer, after the line `lead` (if any) says why; "rendered" in
        place of the model's, or "stated" when the results settled the question."""
        outcome.verification = verification
        said = write(facts, asked, self.lang, tools=self.ours)
        outcome.statements = [cite for _, cited in said for cite in cited]
        if not _holds_any(facts):  # no tool result: nothing was written from one
            lead = "answer_unchecked"
        lead = Text(lead).render(self.lang) + "\n" if lead else ""
        return lead + self.labelled(_joined(said, self.lang), outcome)

    # --- The steps of a review ---

    def _facts(self, question, outcome, run_call, step):
        """The run's facts, after the program looked up what the question names and no call
        did (once per run, as a model's call would run: validated, logged)."""
        facts = Facts(outcome.results, writes=self.writes)
        tried = any(record["invocation"].endswith(":program") for record in outcome.results)
        call = None if tried or not self.all_ours or self.offered == () else \
            self._unlooked(question, facts)
        if call:
            run_call({"id": f"program-{step}", **call}, f"{step}:program")
            facts = Facts(outcome.results, writes=self.writes)
        facts.sums = _given_sums(shape(question))
        return facts

    def _unlooked(self, question, facts):
        """The call that looks up what the question names and no call did: its SKUs, else an
        item it writes out by its whole name that no call found (烏龍茶包還有多少？: the small
        model answered 查不到 without searching, twice; 烏龍茶包比濾掛咖啡多幾包？: it searched
        for one). None for none."""
        unlooked = [sku for sku in skus_named(question) if sku not in facts.items]
        if unlooked and "get_stock" in self.ours:
            return {"name": "get_stock",
                    "arguments": {"sku": unlooked[0] if len(unlooked) == 1 else unlooked[:10]}}
        if unlooked or "find_items" not in self.ours or self.inventory is None:
            return None
        found = {sku for sku, fact in facts.items.items() if fact["found"]}.union(
            *(listed["skus"] for listed in facts.lists))  # "OOLONG" not found: no item
        names = [name for sku, name in names_written(question, self.inventory).items()
                 if sku not in found]
        # the search's results are labelled as matches for the name, not as the item asked;
        # a long name's start finds it too, within the query's length limit
        return {"name": "find_items", "arguments": {"query": names[0][:32]}} if names else None

    def _read(self, text, facts, asked):
        """(the sentences kept, as written; those dropped by why: {"unreadable": [...],
        "false": [...]}; the claims of those kept). A line that ends with a colon opens a
        block: the list under it, or the one line after it. A heading ("Items below
        target:") says its verdict of each line of the block, a line about one item
        ("A001 (濾掛咖啡):", "Suggested order for A001:") what it says of that item; each
        line is read after it, and the block is shown whole or not at all: a line of it
        that cannot be read, is false, names no item under a heading or another item under
        a line about one takes the block with it (the person would read them under it). A
        line ending with a colon that says more (of several items, or in a word the reader
        does not know) is not read, nor is its block: what it says of the lines under it,
        the reader cannot place; one that says nothing of an item ("Here are the
        results:") opens no block. A line that stops mid-sentence is not read, nor the
        line it goes on into."""
        known, kept, dropped, said, last = facts.known_words(), [], {}, [], ()
        heading, about, listed, dropping, in_list, opened = None, set(), [], False, False, False
        line_start, echoed = True, facts.tool_words()
        for shown, read_as in sentences(text):
            if line_start:  # a sentence that begins a line: is the line one of a block?
                in_list = opened or re.match(r"\s*(?:[-*•|]|\d{1,2}[.)])|\s+\S", shown) is not None
            line_start, opened = shown.endswith("\n"), False
            if not in_list:  # a block, if any, ended
                if heading is not None and len(listed) == 1:
                    self._drop(listed, kept, said, dropped)  # a heading with no line under it
                heading, listed, dropping = None, [], False
            if normal(shown.strip()).rstrip(".。") in echoed or dropping:
                # a tool's words to the model, or a line of a block not shown
                dropped.setdefault("unreadable", []).append(shown.strip())
                continue
            words = read(read_as, known)
            introduces = (read_as or "").rstrip().endswith((":", "："))
            if shown.endswith("\n") and re.search(_DANGLES, shown, re.I) or \
                    introduces and words is None and heading is None:
                # stops mid-sentence ("..., as is"), or an unread line over a block: it, the
                # lines it goes on into and its block are not read
                dropped.setdefault("unreadable", []).append(shown.strip())
                if heading is not None:
                    self._drop(listed, kept, said, dropped)
                    heading, listed = None, []
                dropping, opened = True, True
                continue
            skus = {word[1] for word in words or () if word[0] == "item"}
            every = any(word[0] in ("all", "inventory") or word == ("neg", "all")
                        for word in words or ())
            if heading is not None and words is not None:
                words = heading + words
            reading = claims(words, last, asked=asked["yes_no"], skus=asked["skus"],
                             everything=facts.said_of_all()) \
                if words is not None else None
            if reading is not None and reading[0] and shown.rstrip().endswith(("?", "？")):
                reading = None  # "Isn't A002 below target too?": what a question claims, unsaid
            if reading is not None and heading is not None:
                _ranked_after(listed[-1][1], reading[0])
            holds = reading is not None and all(true(claim, facts) for claim in reading[0])
            if heading is None and introduces and (skus or not holds):
                opened = True  # the next line is under this one, with a list mark or not
                verdict_heading = reading is None and not skus  # "Items below target:"
                one_item = len(skus) == 1 and (reading is None or holds)  # "A001 (濾掛咖啡):"
                if verdict_heading or one_item:
                    heading, about = [w for w in words if w != ("clause",)], skus
                    listed = [(len(kept), reading[0] if reading else [])]
                    said += listed[0][1]
                    kept.append(shown)
                else:  # says something of lines it does not name
                    dropped.setdefault("unreadable", []).append(shown.strip())
                    dropping = True
                continue
            # under a heading a line names its item; under a line about one item, no other
            strays = heading is not None and (skus - about or every if about else not skus)
            if not holds or strays:
                false = reading is not None and not holds
                dropped.setdefault("false" if false else "unreadable", []).append(shown.strip())
                if heading is not None:  # the block goes whole, and the rest of it after
                    self._drop(listed, kept, said, dropped)
                    heading, listed, dropping = None, [], True
                continue
            said += reading[0]
            last = reading[1]
            kept.append(shown)
            if heading is not None:
                listed.append((len(kept) - 1, reading[0]))
        if heading is not None and len(listed) == 1:
            self._drop(listed, kept, said, dropped)
        return kept, dropped, said

    @staticmethod
    def _drop(listed, kept, said, dropped):
        """Takes a heading and the lines kept under it (by their places in `kept`, and
        their claims by identity: the same line may stand under another heading) back out
        of what is shown."""
        for at, claimed in reversed(listed):
            dropped.setdefault("unreadable", []).append(kept.pop(at).strip())
            said[:] = [claim for claim in said if not any(claim is gone for gone in claimed)]

    def _left_out(self, facts, asked, said, text):
        """Facts holding only what the answer leaves out: an item it says nothing of, or
        names only by its name when the person did not give its SKU (asked by name, the
        person needs the SKU), the suggested order of one when the question speaks of
        ordering, a receipt."""
        named = {sku for claim in said for sku in claim["items"]
                 if sku in asked["skus"] or _spelled(sku, text)}
        ordered = {sku for claim in said for sku in claim["items"]
                   if claim["kind"] == "order" or claim["value"] == "reorder"}
        kinds = {claim["kind"] for claim in said}
        missing = Facts([])
        listed = {sku for listed in facts.lists for sku in listed["skus"]}
        for sku, fact in facts.items.items():
            if sku not in listed and (sku not in named or asked["order"] and fact["found"]
                                      and fact["suggested_order"] and sku not in ordered):
                missing.items[sku] = fact
        missing.lists = [listed for listed in facts.lists if not set(listed["skus"]) <= named
                         or listed["more"] and not kinds & {"more", "count"}]
        for sku in _asked_unsaid(facts, asked, said):
            missing.items[sku] = facts.items[sku]  # its yes or no, written first
        missing.receipts = [] if kinds & {"placed", "receipt"} else facts.receipts
        missing.refused = [] if "placed" in kinds else facts.refused
        missing.other = [other for other in facts.other if isinstance(other["data"], dict)
                         and not set(map(str.casefold, other["data"])) & kinds]
        missing.items.update({sku: facts.items[sku] for listed in missing.lists
                              for sku in listed["skus"]})
        return missing if (missing.items or missing.receipts or missing.refused or
                           missing.other) else None

    def _may_look(self, facts, outcome, last):
        """One corrective turn, for an answer given from nothing while the tools were
        offered: no fact at all, no correction yet, and a request left for it."""
        return (not _holds_any(facts) and self.all_ours and self.offered != ()
                and not outcome.corrections and not last)


# A line that stops mid-sentence ("A001 is below target, as is" / "A002, which has 45"):
# the next line goes on with it, and neither says what it says alone.
_DANGLES = (r"(?:\b(?:is|are|was|were|as|and|or|but|so|not|to|than|needs?|has|have|does|do)"
            r"|[是和與及但而則為])[ \t]*\n\Z")  # compiled on first use: most answers are one line


def _ranked_after(above, claimed):
    """Under a heading that ranks its list ("largest shortfall first"), a line's items are
    ranked after the last item of the line above."""
    before = [sku for claim in above if claim["kind"] == "ranked" for sku in claim["items"]]
    for claim in claimed:
        if claim["kind"] == "ranked":
            claim["items"] = tuple(dict.fromkeys(before[-1:] + list(claim["items"])))


# The claims that answer a yes-or-no question of each kind (question.ASKED).
_ANSWERING = {"out": {"out", "instock"}, "reorder": {"reorder", "order"},
              "below": {"below", "above", "at", "reached"}, "above": {"below", "above", "at"},
              "reached": {"below", "reached", "at", "above"}, "found": {"found", "missing"}}


def _asked_unsaid(facts, asked, said):
    """The items whose verdict a yes-or-no question asks and the shown sentences do not
    state."""
    if asked["yes_no"] is None:
        return []
    stated = {sku for claim in said for sku in claim["items"]
              if {claim["kind"], claim["value"]} & _ANSWERING[asked["yes_no"]]}
    return [sku for sku in asked["skus"] if sku in facts.items and sku not in stated]


def _spelled(sku, text):
    return re.search(rf"(?<![0-9a-z]){re.escape(sku.casefold())}(?![0-9a-z])",
                     normal(text)) is not None


def _no_order_unsaid(facts, said):
    """"No order has been placed" is true and the answer did not say it."""
    return not (facts.receipts or facts.refused or facts.rehearsed or
                any(claim["kind"] == "placed" for claim in said))


def _holds_any(facts):
    """Whether any tool result of the run gave a fact (found or not, a list, a record, a
    write)."""
    return bool(facts.items or facts.lists or facts.other or facts.receipts or facts.refused
                or facts.rehearsed)


def _cited(said, facts):
    """The claims of the model's sentences that were shown, each once, with the call its
    fact came from; a total, with the facts it was worked out from. Worded as the program's
    own (writer.py): a verdict true or false ("below": false), a figure by its field."""
    cited = []
    for claim in said:
        of_the_run = claim["kind"] in ("placed", "receipt", "total", "count", "more")
        for sku in (None,) if of_the_run else claim["items"] or (None,):
            cite = {"sku": sku, **_as_written(claim)}
            if claim["kind"] == "total":
                cite["computed_from"] = [fact["source"] for fact in facts.found()]
            elif sku in facts.items:
                cite["source"] = facts.items[sku]["source"]
            else:  # a claim of no item: the call of a write, if any
                cite["source"] = next((write["source"] for write in facts.receipts +
                                       facts.refused), None)
            if cite not in cited:
                cited.append(cite)
    return cited


def _as_written(claim):
    """A read claim as the writer cites one: {"claim", "value"}, and "negated" only for a
    figure denied ("A001 does not have 15 units")."""
    kind, value, negated = claim["kind"], claim["value"], claim["negated"]
    if kind == "verdict" and value == "missing":
        return {"claim": "found", "value": negated}
    if kind in ("verdict", "placed", "rehearsed", "nomatch", "nonelow"):
        return {"claim": value if kind == "verdict" else kind, "value": not negated}
    named = {"claim": "suggested_order" if kind == "order" else kind, "value": value}
    return {**named, "negated": True} if negated else named


def _given_sums(asked):
    """The totals of the question's own numbers a sentence may state: the result of the
    arithmetic it writes out, else the sum of the numbers it gave. The reader accepts
    them only in a run that found nothing: a total of the items found it works out from
    the facts."""
    if asked["worked"]:  # "17 times 3": its result, not the numbers added up
        return {asked["worked"][1]}
    return {sum(asked["numbers"])} if len(asked["numbers"]) >= 2 else set()


def written(results, question, lang, *, tools=()):
    """The program's answer from tool calls and their results alone, unlabelled: what the
    mock model answers with."""
    return _joined(write(Facts(results), shape(question), lang, tools=tools), lang)


def _joined(said, lang):
    return ("" if lang == "zh-TW" else " ").join(sentence for sentence, _ in said)
