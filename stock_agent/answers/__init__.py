"""The answer policy: everything that decides what the person reads, behind one seam.

The loop (agent.py) calls a policy at five named points and knows nothing of inventory:

    first_tools(question, toolbox, inventory, history)
                                               the tools the first request offers: None for
                                               all, () for none (then the withheld note);
                                               `history`, a conversation's turns before
    keeps_narrow(result)                       whether a failed call leaves the narrowed
                                               offer as it is ("not found" is an answer)
    settled(question, outcome, ...)            after a round of tool calls: the program's
                                               answer when the results settle all the
                                               question asks, else None (ask the model)
    review(text, question, outcome, ...)       the model's answer -> what the person reads,
                                               or one corrective message for the model
    end(question, outcome, ...)                no usable answer from the model (the steps
                                               ran out, a call repeated, calls failing, an
                                               empty reply): the program's answer, or None
                                               (STEP_LIMIT, TOOL_ERROR_LIMIT, EMPTY_ANSWER)

`Answers` (--verify on, the default) is precision-first: the program states the facts and
verdicts it holds (writer.py), and a sentence of the model's own reaches the person only
when every word of it is understood and each claim is true (shown.py). The model's whole
answer is shown when every sentence passes and it states what the facts say of each item
(verification "verified"); with facts it left out, those are added by the program
("supplemented"); when sentences cannot be read and none is false, those it read are shown
with the facts they leave out ("trimmed"); when a sentence is false, or none of the facts
the run holds can be read, the person reads the program's answer ("rendered"). Each of the
last two begins with a one-line lead saying so. A run with no facts whose model answered
from nothing gets one corrective turn to look them up ("corrected" if it then passes).
`Plain` (--verify off) shows the model's answer as it came.

A conversation's answers are read the same way, against the question's own results and
those its earlier turns hold whole (the model may rightly recall them: "And its target?");
the program writes from the question's own, and those of the items it asks of that the turns
before spoke of (_recalled_asked).

Both label an answer written from our inventory with its source ([Sample data]), by one rule.
"""

import json
import re
from collections import Counter

from stock_agent.answers.facts import Facts, is_ours
from stock_agent.answers.question import (ALL, CONFIRM_WORDS, GAP, HOW_COMPUTED, LEVELLED, MEANING,
                                          OF_TODAY, REPEATED, STOCK_WORDS, TARGETS, THRESHOLD_WORDS,
                                          asks_every_item, asks_the_list, asks_with, best_part,
                                          figure_only, items_counted, list_length, misspelled,
                                          named_by, names_found, names_of, names_written,
                                          normal, offered_first, orders_of_one, parts_named,
                                          plain, plain_clause, plain_what_if, says_no_lookup,
                                          shape, skus_named, supposes_a_change)
from stock_agent.answers.reader import shows_some
from stock_agent.answers.shown import shown
from stock_agent.answers.writer import (changed as _changed, figures_of, given_figures,
                                        unworked, worked_out, write)
from stock_agent.errors import Text, ToolError
from stock_agent.inventory import read_as
from stock_agent.runlog import item_facts

__all__ = ["Answers", "Plain", "policy", "written"]

MAX_SEARCHES = 3  # names the program searches for itself in one run, as one round of calls
# The lines that open an answer to say the program wrote it, or left sentences out.
LEADS = ("answer_rendered", "answer_trimmed", "answer_unchecked", "answer_rendered_repeated",
         "answer_rendered_unanswered", "answer_rendered_failing", "answer_rendered_empty")


def policy(settings, *, conversation=False):
    """The policy the settings ask for: precision-first, or as it came with --verify off.
    `conversation`: the question follows earlier turns, which it may lean on."""
    return (Answers if settings.verify else Plain)(settings.lang, conversation=conversation)


class Plain:
    """--verify off: every tool offered, the model's answer shown as it came (labelled)."""

    def __init__(self, lang, *, conversation=False):
        self.lang, self.source, self.ours, self.writes = lang, None, (), set()
        self.conversation = conversation
        self.recalled = []  # the tool results a conversation's earlier turns hold whole
        self.earlier, self.whole = None, True  # their facts; whether they are all its results
        self.last_read = ""  # the answer the person read last, of a conversation's turn before
        self.after_what_if = False  # a question before supposed a change, still in force
        self.supposed = False  # a question of any turn before supposed a change
        self.carried = None  # (SKU, change) of the what-if before the question goes on with
        self.targets_before = False  # the last question that asked a figure asked targets
        self.field_before = None  # what a total after the question before is of (_field_asked)
        self.follows = False  # the question is of a conversation's turn after the first
        self.needs_tools = True  # read alone, the question may need a tool ("thanks!" none)
        self.inventory = None  # the data in scope: the items a question names by name
        self.offered = None  # the first request's tools: None for all, () for none
        self.all_ours = True  # no --mcp tool: a SKU is ours to look up, or no one's
        self.parts_of, self.parts = None, {}  # the question whose parts of names were read
        self.toolbox = None
        # what _still_so said of each earlier result, for the data as last read (a
        # conversation's: each result is made again once a reading, not once a question)
        self.checked_on, self.checked = None, {}

    def first_tools(self, question, toolbox, inventory, history=()):
        self.source, self.ours, self.inventory = inventory.source, tuple(toolbox.names()), inventory
        self.toolbox = toolbox
        # the order tools, an MCP catalogue's too (found by search): most runs have none
        self.writes = {tool.name for tool in [*map(toolbox.get, self.ours),
                                              *toolbox.deferred()]
                       if tool.needs_approval} if toolbox.needs_approval() else set()
        return None

    def keeps_narrow(self, result):
        return result["ok"] or result.get("error") == "SKU_NOT_FOUND"

    def settled(self, question, outcome, **_):
        return None

    def review(self, text, question, outcome, **_):
        return self.labelled(text, outcome), None

    def end(self, question, outcome, **_):
        return None

    def labelled(self, answer, outcome, recalled=()):
        """The answer after the label of the data it used: one rule for every answer, a run
        that called one of our inventory tools, or whose answer `recalled` their results,
        names their source."""
        if self.source is None or not any(is_ours(record["name"])
                                          for record in [*outcome.results, *recalled]):
            return answer
        label = self.label()
        return answer if answer.startswith(label.strip()) else label + answer

    def data(self):
        """The data in scope, for the scope line: none in a run with another server's tools,
        whose data the program cannot speak for."""
        return self.source if self.all_ours else None

    def label(self):
        from stock_agent.inventory import SAMPLE_SOURCE
        return (Text("answer_sample") if self.source == SAMPLE_SOURCE else
                Text("answer_source", source=self.source)).render(self.lang)


class Answers(Plain):
    """--verify on: precision-first (the module's docstring)."""

    def first_tools(self, question, toolbox, inventory, history=()):
        super().first_tools(question, toolbox, inventory, history)
        self.recalled, held = _recalled(history, lambda record: self._still(
            record, toolbox, inventory))
        self.follows = bool(history)  # a conversation's turn after the first
        self._supposing(question, history)
        if self.recalled:  # read once a question, not once a review
            self.earlier = Facts(self.recalled)
            # every item of the turns before held, and as the data says now
            self.whole = _whole(history, self.recalled, held)
            # the turn before's answer, as read; the what-if it worked out that the question
            # goes on with; the field of the last question that asked a figure
            self.last_read = _last_read(history)
            asked = [message["content"] for message in reversed(history)
                     if message["role"] == "user"]
            self.carried = _carried(question, asked, self.earlier, self.last_read, self.lang) \
                if self.after_what_if else None
            before = _last_figure_asked(asked)
            self.field_before = _field_asked(*before) if before else None
            self.targets_before = bool(before) and _wanted(*before) == {"target"}
        self.all_ours = toolbox.all_ours()
        if not self.all_ours:  # what an MCP server's tools know, the program cannot tell
            return None
        self.offered = offered_first(question, inventory, writes=toolbox.needs_approval())
        self.needs_tools = self.offered != () or self.conversation and _asks_of_items(question)
        if self.offered == () and self.conversation and (
                not says_no_lookup(normal(question)) or skus_named(question)):
            # "and the other one?": of a turn before. Not "without checking again, add those
            # two up": offered tools, the small model looked them up again anyway; but "no
            # need to check the docs, what is A005's stock?" (a review's) may name a SKU the
            # data lacks, which only a lookup says
            self.offered = None
        if self.recalled and self.whole and self._asks_of_items_before(question):
            self.offered = ("get_stock",)
        if self.offered is None and self.conversation and not toolbox.needs_approval() and \
                orders_of_one(question):
            # "ok, place an order for 20 then": of an item of a turn before, in a run that
            # cannot order; offered every tool, the small model made the reorder list
            self.offered = ("get_stock",)
        return self.offered

    def _supposing(self, question, history):
        """Whether a change a question before supposed still holds (after_what_if), and
        whether any did (supposed): of the questions alone, so also once --continue read
        the results back, or the data changed (a review's: "is it above target?" got
        today's yes)."""
        asked = [message["content"] for message in history if message["role"] == "user"]
        # or the question before gave numbers the answer said it did not work out ("Say
        # A002 drops to 10.", 盤點 A001 是 8 包。): the next may be of them. The note is looked
        # for in either language, since --continue may read a turn in the other
        premise = bool(asked) and shape(asked[-1])["figures"] and any(
            Text("answer_unworked").render(lang) in history[-1]["content"]
            for lang in ("en", "zh-TW"))
        self.after_what_if = (premise or bool(asked) and _still_supposing(
            history, question, self._parts(question))) and \
            not re.search(OF_TODAY, normal(question))  # "ok but as of today, ...?"
        self.supposed = any(map(supposes_a_change, asked))

    def _asks_of_items_before(self, question):
        """Whether a conversation's question, offered the reorder list or every tool, asks
        of items the turns before found: by count or "those" ("which of the two is under
        target?"), or, offered every tool, by "it" of the one item (它有低於50嗎？; chatdev4,
        chatdev5: the small model made the reorder list, and the person read it, not A002
        above target). Then the first request offers get_stock."""
        if self.offered not in (None, ("list_reorder",)):
            return False
        nothing = Facts([])
        return bool(_several_asked(question, self.earlier, nothing, self.last_read) or
                    _those_asked(normal(question), self.earlier, nothing, self.last_read) or
                    self.offered is None and _one_asked(question, self.earlier, self.last_read))

    def settled(self, question, outcome, *, run_call, step):
        """The program's answer ("stated") when the model's calls settle all the question
        asks: a question the first request read as naming SKUs and nothing else (no item by
        its name alone, no list: offered get_stock alone) once every SKU it names is looked
        up; one read as "which are low?" once the list is made; one naming items by their
        names alone (offered find_items alone) once the model's searches found each, when
        it asks nothing of other items (_of_the_found); or a conversation's question naming
        no item but by a pronoun once the model looked one up (_follows_up). No call failed
        otherwise, no other server's record, and no order tool in the run (the model may
        still place one); a list the model's limit cut short is made again first (_remade).
        Else None: the model goes on, with its next calls or its answer. Measured on the
        real small model, the prose request this saves was 60% of a run."""
        facts = Facts(outcome.results, writes=self.writes)
        by_name = self.offered == ("find_items",)  # the names it writes read (the mock's: SKUs)
        asked = _asked(question, facts, self._rows(facts) if by_name else [],
                       self._parts(question) if by_name else None, self.all_ours,
                       then=self.after_what_if, carried=self.carried,
                       every=self._every_sku, targets=self.targets_before)
        lists = [listed["tool"] for listed in facts.lists]
        if asked["skus"]:  # and no item named by its name alone, nor a list asked for
            named = self.offered == ("get_stock",) and all(sku in facts.items
                                                           for sku in asked["skus"])
        elif by_name:  # "Are the oolong tea bags in stock?"
            named = bool(lists) and set(lists) == {"find_items"} and not facts.alike and \
                all(listed["skus"] for listed in facts.lists) and \
                _of_the_found(question, asked, facts) and not self._unsearched(question, facts)
        elif self.offered == ("list_reorder",):  # "what is running low?"
            named = lists == ["list_reorder"]
        else:
            named = self._follows_up(question, facts, asked)
        if named and self.recalled and self.whole and not self.after_what_if and \
                not self._parts(question) and _compared_with_last(
                    question, shape(question), self.earlier, self.last_read, skus_named(question)):
            named = False  # "跟 A001 比多幾個？": of the item before too, as review reads it
        if not named or not self.all_ours or self.writes or self._mistyped(facts, question) or \
                facts.failed or facts.other or facts.receipts or facts.refused:
            return None
        facts = self._look_up(facts, _remade(facts, self._most, question), outcome, run_call,
                              step)
        facts = self._look_up(facts, self._unlisted(question, facts), outcome, run_call, step)
        if asked["every"]:  # "Total of all three?" after the reorder list: of every item (a
            # review's: the two on the list were summed)
            facts = self._look_up(facts, self._unlooked(question, facts), outcome, run_call,
                                  step)
        # the usual answer, so no lead: no model words lost
        return self.rendered(facts, asked, None, outcome, verification="stated")

    def _follows_up(self, question, facts, asked):
        """Whether a conversation's question naming no item, by SKU or by name, asks of the
        one item the model's calls of this turn found, by a pronoun ("what about its
        target?", 它要補貨嗎？): the model read the turns before, and the program states what
        it looked up. Measured on the real small model, the prose it wrote next copied the
        program's earlier answers, at 15-30 s a request in a grown conversation. Not "the
        other two?", "are they both out?" nor "which one has the least?": of several
        items, the model may look up the others next, or recall them."""
        folded = normal(question)
        return self.follows and len(facts.found()) == 1 and not self._parts(question) and \
            re.search(_IT, folded) is not None and _of_the_found(question, asked, facts) and \
            self._placed(folded) in (None, [facts.found()[0]["sku"]])

    def _placed(self, folded):
        """[SKU] of "the other one" or "the second one" a follow-up asks of, [] when the
        program cannot tell, None when it asks of neither: the small model may look up
        another item (a review's: the item before was stated as "the other one")."""
        if not re.search(f"{_OTHER}|{_ORDINAL}", folded):
            return None
        if not self.recalled or not self.whole:
            return []
        nothing = Facts([])
        return _other_asked(folded, self.earlier, nothing, self.last_read) or \
            _ordinal_asked(folded, self.earlier, nothing, self.last_read)

    def review(self, text, question, outcome, *, run_call, step, last, log):
        written, text = text, self._unlabelled(text)
        if "```" in text or "~~~" in text:  # a fence around the answer, or alone ("```" was
            text = re.sub(_FENCE, "", text).strip()  # the answer the person read)
        facts = self._facts(question, outcome, run_call, step)
        known = self._known(facts, outcome)
        facts, of = self._of_earlier(question, facts, known)
        asked = _asked(question, facts, self._rows(facts), self._parts(question), self.all_ours,
                       of=of, then=self.after_what_if, field=self.field_before,
                       carried=self.carried, every=self._every_sku,
                       targets=self.targets_before)
        if facts.alike:  # the model may take an item spelled alike for the one asked
            return self.rendered(facts, asked, "answer_rendered", outcome), None
        if of and _doubts(question):  # "are you sure?": the facts again, in the program's
            # words (a review's: "We are not running low." read of the one item)
            return self.rendered(facts, asked, None, outcome, verification="stated"), None
        # an answer of the program's lines alone, copied, holds no word of the model's
        kept, dropped, said = shown(text, known, asked) if text else ([], {"unreadable": [
            written]}, [])
        if dropped:
            log.answer_check(step=step, problems=dropped)
            if self._may_look(question, facts, outcome, last):
                outcome.corrections += 1
                note = Text("answer_look_up").render(self.lang)
                log.correction(step=step, text=note)
                return None, {"role": "user", "content": note}
            restated = self._restated(question, facts, asked, outcome)
            # the note that no order was placed alone, of a run whose only facts are searches
            # that found nothing, answers nothing (cd11: to "what's the weather like tmrw",
            # after the model's search, the person read only that)
            searched = bool(facts.lists) and not facts.items and all(
                listed["query"] is not None and not listed["skus"] for listed in facts.lists)
            answers = [claim for claim in said if claim["kind"] != "placed" or not searched]
            if "false" in dropped or not answers and (
                    _holds_any(restated[0]) or not "".join(kept).strip() or said):
                # a false sentence (the model misread), or none read of the facts there are
                return self.rendered(*restated, "answer_rendered", outcome), None
            # Only sentences it could not read: the person reads those it could, and the
            # program's facts for what they leave out; in a run with no fact, those that
            # state none ("Hello! I can check the stock of any SKU."), then its scope.
            text = "".join(kept).strip()
            if not _holds_any(facts) and not said:
                text += "\n" + _joined(write(facts, asked, self.lang, tools=self.ours,
                                              source=self.data()), self.lang)
        missing = self._left_out(question, facts, asked, said, text)
        added = []
        if missing:
            if asked["some"] and any(shows_some(claim, asked["yes_no"]) for claim in said):
                asked = {**asked, "yes_no": None}  # its yes was said: no second one added
            unsaid = _asked_unsaid(facts, asked, said)  # nor of an item whose was
            asked = {**asked, "answered": [sku for sku in asked["named"] if sku not in unsaid]}
            added = write(missing, asked, self.lang, note_orders=_no_order_unsaid(facts, said),
                          whole=facts)
            text += "\n" + Text("answer_supplemented", facts=_joined(added, self.lang)).render(
                self.lang)
        outcome.verification = ("trimmed" if dropped else "supplemented" if missing else
                                "corrected" if outcome.corrections else "verified")
        outcome.statements = _cited(said, known) + [
            cite for _, cited in added for cite in cited  # "no order placed": no fact added
            if cite["claim"] != "placed"]
        lead = Text("answer_trimmed").render(self.lang) + "\n" if dropped else ""
        return lead + self.labelled(text, outcome, self.recalled if said else ()), None

    def end(self, question, outcome, *, run_call, step, lead):
        facts = self._facts(question, outcome, run_call, step)
        facts, of = self._of_earlier(question, facts, self._known(facts, outcome))
        facts, asked = self._restated(question, facts, _asked(
            question, facts, self._rows(facts), self._parts(question), self.all_ours, of=of,
            then=self.after_what_if, field=self.field_before, carried=self.carried,
            every=self._every_sku, targets=self.targets_before), outcome)
        # with no result, only an empty reply to a question that needs no tool gets the
        # program's own words ("明天會下雨嗎", chatdev9: the run failed); calls failing stop
        empty = lead == "answer_rendered_empty"
        return self.rendered(facts, asked, lead, outcome) \
            if _holds_any(facts) or empty and not self.needs_tools else None

    def _restated(self, question, facts, asked, outcome):
        """(facts, asked) to render: when no result of this turn answers a conversation's
        question that asks a figure, a comparison or a what-if of items it leaves unnamed,
        or doubts a figure ("are you sure it's only 12?"), in words of nothing else
        (figure_only), and could not be bound to any (_of_earlier:
        chatdev3's 哪個最多？比最少的那個多幾包？ after three, "if 20 of them show up
        tomorrow, would we be at target?" after A003, read the scope line), the items the
        turns before spoke of, stated again with nothing worked out: which of them it asks
        of, the program cannot tell. Only when each was found and the answer the person read
        last named them all, or none ("Check A001", "Check A003", "how many should we
        order?" may be of either), no search found nothing ("Do we have any matcha?": the
        next figure may be of it) and no list of a verdict was made ("which one has the
        most?" after the reorder list may be of every item); not a yes or no ("Do we need
        to reorder?" may be of any item), a total (of every item?), what the tools do not
        hold ("which one sold more?": that line says so), nor after a what-if (of the stock
        supposed); else as they came."""
        if _holds_any(facts) or not self.recalled or not self.whole or self.after_what_if or \
                re.search(r"\beach\b|\bboth\b|各", normal(question)) or \
                asked["named"] or asked["total"] or asked["beyond"] == "held" or \
                not (asked["wants"] or asked["supposes"] or asked["figures"] or
                     _of_several(asked, normal(question))) or \
                not figure_only(question, comparing=True, doubting=True):
            return facts, asked
        spoken = list(self.earlier.items.values())
        if not all(fact["found"] for fact in spoken) or self.earlier.alike or \
                not _searches_found(self.earlier.lists) or \
                len(_named_in(spoken, self.last_read)) not in (0, len(spoken)):
            return facts, asked
        return _with_items(facts, self._known(facts, outcome), [fact["sku"] for fact in spoken]), {
            **asked, "restated": True, "unclear": True, "change": None, "yes_no": None}

    def rendered(self, facts, asked, lead, outcome, *, verification="rendered"):
        """The program's answer, after the line `lead` (if any) says why; "rendered" in
        place of the model's, or "stated" when the results settled the question."""
        outcome.verification = verification
        said = write(facts, asked, self.lang, tools=self.ours, source=self.data())
        if not self.needs_tools and _holds_any(facts) and not facts.found():
            # the model searched for words of a question no tool answers ("what's the
            # weather like tmrw": cd11): that nothing matches them, then what the agent does
            said += write(Facts([]), asked, self.lang, tools=self.ours, source=self.data())
        outcome.statements = [cite for _, cited in said for cite in cited]
        if not _holds_any(facts):  # no tool result: nothing was written from one
            lead = "answer_unchecked"
        lead = Text(lead).render(self.lang) + "\n" if lead else ""
        recalled = self.recalled if _holds_any(facts) else ()  # facts of the turns before
        return lead + self.labelled(_joined(said, self.lang), outcome, recalled)

    # --- The steps of a review ---

    def _unlabelled(self, text):
        """The model's answer without the lines the program writes around one: a
        conversation shows the model its earlier answers as the person read them, and a
        small model copies their label and lead ("[Sample data] Yes, A001 is below
        target."), and the facts the program added ("(Added by the program from the tool
        results: ...)"). Each is the program's, written again where it applies."""
        label = self.label().strip() if self.source is not None else None
        lines = text.splitlines()
        if not any(line.startswith(("(", "（")) or label and line.startswith(label)
                   for line in lines):
            return text  # most answers: no line of the program's, nothing rendered
        leads = {Text(key).render(self.lang).strip() for key in LEADS}
        added = Text("answer_supplemented", facts="\0").render(self.lang).split("\0")[0]
        kept = [line.removeprefix(label).lstrip() if label and line.startswith(label) else line
                for line in lines if line.strip() not in leads and not line.startswith(added)]
        if kept == lines:  # a line in brackets of its own: read exactly as it came
            return text
        return "\n".join(kept).strip()  # none left: no word of the model's

    def _known(self, facts, outcome):
        """What the model's sentences are read against: the run's facts, after those of a
        conversation's earlier turns (a newer result of an item stands over an older)."""
        if not self.recalled:
            return facts
        known = Facts(self.recalled + outcome.results, writes=self.writes)
        known.sums = facts.sums
        known.aliases = {row["sku"]: names_of(row)[1:] for row in self._rows(known) or ()}
        return known

    def _of_earlier(self, question, facts, known):
        """(facts, SKUs): the run's facts with those of the items the question asks of that
        a conversation's turns before found ("Is it low?", 三個加起來), and those items
        (_recalled_asked); else (facts, [])."""
        if not self.recalled:
            return facts, []
        if self.carried:  # of the item the what-if before was of
            return _with_items(facts, known, self.carried[:1]), list(self.carried[:1])
        parts = self._parts(question)
        return _recalled_asked(question, known, facts, self.earlier,
                               named=bool(skus_named(question) or parts),
                               compared=[] if parts else skus_named(question),
                               whole=self.whole, last=self.last_read,
                               after_what_if=self.after_what_if, supposed=self.supposed,
                               targets=self.targets_before,
                               every=len(self.inventory) if self.inventory is not None else 0)

    def _parts(self, question):
        """The parts of item names the question writes (question.parts_named), read once a
        question: each round of calls and each review would read the whole data again."""
        if self.inventory is None:
            return {}
        if self.parts_of != question:
            self.parts_of, self.parts = question, parts_named(question, self.inventory)
        return self.parts

    def _rows(self, facts):
        """The data's rows of the items found, aliases and all, for the names a question
        writes (None in a policy given no data): not every row, on every answer."""
        return None if self.inventory is None else [
            row for row in map(self.inventory.lookup, facts.items) if row is not None]

    def _facts(self, question, outcome, run_call, step):
        """The run's facts, after the program looked up what the question names and no call
        did (once per run, as a model's call would run: validated, logged)."""
        facts = Facts(outcome.results, writes=self.writes)
        tried = any(record["invocation"].endswith(":program") for record in outcome.results)
        # and for a question of every item in words of no tool's ("Total of all three?")
        if not tried and self.all_ours and (self.offered != () or self._every_sku(question)):
            facts = self._look_up(facts, self._unlooked(question, facts), outcome, run_call,
                                  step)
            facts = self._look_up(facts, self._unlisted(question, facts), outcome, run_call,
                                  step)
            if "find_items" in self.ours:  # a SKU not found that reads as one of ours
                mistyped = self._mistyped(facts, question)[:MAX_SEARCHES]
                facts = self._look_up(facts, [{"name": "find_items", "arguments": {"query": sku}}
                                              for sku in mistyped], outcome, run_call, step)
        facts.sums = given_figures(shape(question))
        facts.aliases = {row["sku"]: names_of(row)[1:] for row in self._rows(facts) or ()}
        return facts

    def _look_up(self, facts, calls, outcome, run_call, step):
        """The run's facts after `calls`, each its own record: 2:program, 2.1:program."""
        if not calls:
            return facts
        done = sum(record["invocation"].endswith(":program") for record in outcome.results)
        for at, call in enumerate(calls, start=done):
            suffix = f".{at}" if at else ""
            run_call({"id": f"program-{step}{suffix}", **call}, f"{step}{suffix}:program")
        return Facts(outcome.results, writes=self.writes)

    def _unlooked(self, question, facts):
        """The calls that look up what the question asks for and no call did: the SKUs it
        names (one call), the reorder list, or a search for each item it names ("drip coffee
        跟玄米茶包加起來": the model searched for one); none when nothing is left."""
        remade = _remade(facts, self._most, question)
        unlooked = [sku for sku in skus_named(question) or self._every_sku(question)
                    if sku not in facts.items]
        # ten to a call (get_stock's most), as many calls as the searches of one round
        calls = [{"name": "get_stock", "arguments": {"sku": skus[0] if len(skus) == 1 else skus}}
                 for skus in (unlooked[at:at + 10]
                              for at in range(0, min(len(unlooked), 10 * MAX_SEARCHES), 10))
                 if "get_stock" in self.ours]
        if self.offered == ("list_reorder",) and not any(
                listed["tool"] == "list_reorder" for listed in facts.lists):
            # read as "which are low?": offered list_reorder alone for 這禮拜該補哪些貨, the
            # small model asked the person for the figures, twice; for "ok so what IS
            # running low then", it searched the item before again (chatdev6)
            return [{"name": "list_reorder", "arguments": {}}]
        if unlooked and not calls or "find_items" not in self.ours or self.inventory is None:
            return remade + calls
        # and each name no call found ("Is A001 low? Also check the oolong tea bags"): the
        # search's results are labelled as matches for the name, not as the item asked; a
        # long name's start finds it too, within the query's length limit
        return remade + calls + [{"name": "find_items", "arguments": {"query": name[:32]}}
                                 for name in self._unsearched(question, facts)]

    def _unlisted(self, question, facts):
        """A lookup of the items a whole reorder list leaves out, in data of at most ten
        items (one call), when the question names none: "what needs restocking?" is also
        told which need nothing, so the person does not read those as unknown. Not in a
        conversation: there the turns after speak of the list by place and as "those" ("the
        last one", "total?"), and of every item its answer named (a review's: after an empty
        list, "which is lowest?" compared every item)."""
        listed = facts.reorder_listed() if facts.lists else None  # most runs make no list
        if listed is None or self.inventory is None or self.conversation or \
                len(self.inventory) > 10 or skus_named(question) or self._parts(question):
            return []
        rest = [row["sku"] for row in self.inventory.rows()
                if row["sku"] not in listed and row["sku"] not in facts.items]
        return [{"name": "get_stock", "arguments": {"sku": rest}}] if rest else []

    def _every_sku(self, question):
        """The SKUs of every item in scope, when the question asks of each and names none
        (asks_every_item) and the data is small enough for one round of lookups; else none.
        After turns that found items, only a count of as many items as the data holds, more
        than they found (那三樣商品庫存加起來 after one, chatdev9): "and everything together?"
        may be of those (a review's)."""
        if self.inventory is None or len(self.inventory) > 10 * MAX_SEARCHES \
                or self._parts(question) or not asks_every_item(question, len(self.inventory)):
            return []
        if self.recalled and not items_counted(question) == len(self.inventory) > len(
                self.earlier.found()):
            return []
        return [row["sku"] for row in self.inventory.rows()]

    def _mistyped(self, facts, question):
        """The SKUs a lookup did not find that read as one of the data's, with O for 0 or I
        for 1 (AOO2: A002), or that the question writes as a word in small letters (the
        small model sent "how much genmacha?" as the SKU GENMACHA, three times), and no
        search for them yet: not settled until it is made."""
        unfound = [sku for sku, found in facts.looked_up.items() if not found and not any(
            (searched["query"] or "").casefold() == sku.casefold()
            for searched in facts.lists + facts.alike)]
        if not unfound or self.inventory is None:
            return []
        ours = {read_as(row["sku"]) for row in self.inventory.rows()}  # one pass of the data
        return [sku for sku in unfound if read_as(sku) in ours or (
            sku not in question and
            re.search(rf"(?<![\w-]){re.escape(sku)}(?![\w-])", question, re.I) is not None)]

    def _unsearched(self, question, facts):
        """An item the question writes out by its whole name that no call found (烏龍茶包還有
        多少？: the small model answered 查不到 without searching, twice; 烏龍茶包比濾掛咖啡多
        幾包？: it searched for one); else, the question naming an item by part of its name
        alone and no call having found any item, that part (烏龍要補貨嗎: it made no call;
        "how many 濾掛": it searched for 滤掛, in simplified characters); else, of the items
        the question names, by a name or a part of one, and by no SKU, the parts of those no
        call found (烏龍跟玄米哪個比較多: it searched for 烏龍 alone; "Is the OOLONG 茶包 below
        target?": it made the reorder list): a list, at most MAX_SEARCHES names."""
        found = {sku for sku, fact in facts.items.items() if fact["found"]}.union(
            *(listed["skus"] for listed in facts.lists))  # "OOLONG" not found: no item
        written = names_written(question, self.inventory.rows())
        names = [name for sku, name in written.items() if sku not in found]
        if names:  # and the items it names by a part alone ("more oolong than drip coffee?")
            named = named_by(question, self.inventory.rows(), self._parts(question))
            names += [named[sku] for sku in named if sku not in found and sku not in written]
            return list(dict.fromkeys(names))[:MAX_SEARCHES]
        if not found and not (facts.alike or self._parts(question) or any(
                sku in question for sku in facts.looked_up)):
            # not of a SKU the person wrote ("Check GENMACHA": not found is the answer)
            spelled = misspelled(normal(question), self.inventory)  # genmacha: of genmaicha
            if spelled:
                return [spelled]
        if not found and self.offered != ("find_items",):
            return []
        if not found:  # each part, of a question working with several ("adding up coffee,
            # oolong and genmaicha": the small model's one search for all three found none)
            named = named_by(question, self.inventory.rows(), self._parts(question))
            if len(named) > 1 and _works_with_several(question):
                return list(dict.fromkeys(named.values()))[:MAX_SEARCHES]
            part = best_part(self._parts(question))
            return [part] if part else []
        if skus_named(question):  # "Is A001 running low? Thank you": its item is named
            return []
        named = named_by(question, self.inventory.rows(), self._parts(question))
        unfound = [named[sku] for sku in named if sku not in found]
        return list(dict.fromkeys(unfound))[:MAX_SEARCHES]

    def _left_out(self, question, facts, asked, said, text):
        """Facts holding only what the answer leaves out: an item it says nothing of, or
        names only by its name when the person did not give its SKU (asked by name, the
        person needs the SKU), or of which it leaves out what the question asks (_unstated);
        a list of which it names some items only, or leaves out what the question asks of
        one; a receipt; a total, difference or comparison the question asks for and it does
        not state (the writer works it out, whatever else is added)."""
        named = {sku for claim in said for sku in claim["items"]
                 if sku in asked["skus"] or _spelled(sku, text)}
        stated = _stated(said)
        kinds = {claim["kind"] for claim in said}
        missing = Facts([])
        listed = facts.listed()
        for sku, fact in facts.items.items():
            if sku not in listed and (sku not in named or fact["found"] and _unstated(
                    fact, asked, stated.get(sku, set()), ordering=asked["order"])):
                missing.items[sku] = fact
        missing.lists = [listed for listed in facts.lists if not set(listed["skus"]) <= named
                         or listed["more"] and not kinds & {"more", "count"}
                         or _empty_unsaid(listed, facts, said, question, asked)
                         or _list_unstated(listed, facts, asked, stated)]
        for sku in _asked_unsaid(facts, asked, said):
            missing.items[sku] = facts.items[sku]  # its yes or no, written first
        # a receipt, unless its quantity was said: "Done." to "Order 18 of A001" of an order
        # of 20 read as the 18 asked (a review's)
        said_ordered = {(sku, claim["value"]) for claim in said
                        if claim["kind"] == "quantity" for sku in claim["items"]}
        orders = Counter(map(_order_of, facts.receipts))  # two orders of 18: both added
        missing.receipts = [placed for placed in facts.receipts if orders[_order_of(placed)] > 1
                            or _order_of(placed) not in said_ordered]
        missing.refused = [] if "placed" in kinds else facts.refused
        missing.other = [other for other in facts.other if isinstance(other["data"], dict)
                         and not set(map(str.casefold, other["data"])) & kinds]
        missing.items.update({sku: facts.items[sku] for listed in missing.lists
                              for sku in listed["skus"]})
        return missing if (missing.items or missing.lists or missing.receipts or
                           missing.refused or missing.other or
                           _worked_unsaid(facts, asked, said)) else None

    def _most(self, name):
        """The most items our tool `name` returns at once (its schema's "limit" maximum), or
        0: a list cut short is made again at it. Read only for such a list."""
        tool = self.toolbox.get(name) if self.toolbox is not None and name in self.ours else None
        limit = tool.parameters.get("properties", {}).get("limit") if tool else None
        return limit.get("maximum", 0) if isinstance(limit, dict) else 0

    def _still(self, record, toolbox, inventory):
        """_still_so, made once a result for each reading of the data: on a file of 50,000
        rows, making every earlier call again each question cost 0.3 s a question."""
        if inventory is not self.checked_on:
            self.checked_on, self.checked = inventory, {}
        key = json.dumps([record["name"], record["arguments"], record["result"]],
                         sort_keys=True, default=str)
        if key not in self.checked:
            self.checked[key] = _still_so(record, toolbox, inventory)
        return self.checked[key]

    def _may_look(self, question, facts, outcome, last):
        """One corrective turn, for an answer given from nothing to a question that may need
        a tool: no fact at all, no correction yet, and a request left for it. Not to one
        that read alone needs none and asks nothing of items, whose tools a conversation
        still offers ("thx that's all": told to look things up, the small model searched
        for "other"); nor to how a figure is worked out, of no item: the program's scope
        line states the rule (chatdev2: told to look things up, the small model searched
        for 濾掛咖啡), nor to what a word means (chatdev3: "what does target mean here?" got
        a search for the item before)."""
        return (not _holds_any(facts) and self.all_ours and self.needs_tools
                and not outcome.corrections and not last) and not (
            re.search(f"{HOW_COMPUTED}|{MEANING}", normal(question)) and
            not skus_named(question))


def _remade(facts, most, question):
    """The calls that make again each list the model's limit cut short (三個品項的建議訂購量
    加起來: the small model asked for the reorder list with limit 1, three times, and a total
    of a list cut short is none), as long as the question asks (question.list_length: "the
    3 items most below target" 3, "just the worst one" none made again), else at the tool's
    greatest limit (`most(tool)`: its schema's maximum)."""
    cut = [listed for listed in facts.lists if listed["more"] and listed["limit"] is not None]
    length = list_length(question) if cut else 0  # most runs: no list cut by the model's limit
    if length == 0:
        return []
    calls = []
    for listed in cut:
        limit = min(length or most(listed["tool"]), most(listed["tool"]))
        if isinstance(listed["limit"], int) and listed["limit"] < limit:
            calls.append({"name": listed["tool"], "arguments": {
                "limit": limit, **({} if listed["query"] is None else {"query": listed["query"]})}})
    return calls


def _last_read(history):
    """The answer the person read last (_without_scope_line), or the one before it, when
    that was the scope line alone, to a question of "it" (chatdev8: "when's the next
    delivery of it?" got it, and "how many should i order of it then" asks of the item
    read before it); not to one of another ("Do we stock sugar?")."""
    turns = []  # [question, the answer read]: the loop writes the calls and results between
    for message in history:
        if message["role"] == "user":
            turns.append([message["content"], ""])
        elif message["role"] == "assistant" and turns and not message.get("tool_calls"):
            turns[-1][1] = message["content"] or ""
    last = _without_scope_line(history[-1]["content"])
    if len(turns) >= 2 and last != history[-1]["content"] and \
            re.search(_IT, normal(turns[-1][0])):
        return _without_scope_line(turns[-2][1])
    return last


def _without_scope_line(answer):
    """The answer the person read, without the scope line: its "such as A001" is an example,
    and names no item the person spoke of (a review's: after it, "how many should we order?"
    was answered of A001)."""
    for lang in ("en", "zh-TW"):
        head = Text("answer_scope", tools="\0").render(lang).partition("\0")[0]
        answer = re.sub(f"{re.escape(head)}[^\n]*", " ", answer)
    return answer


def _recalled(history, still):
    """(recalled, held): the tool results a conversation's earlier turns hold whole, each
    with its call (the loop writes an assistant message's calls, then their results in
    order). `held`: every one; a result shown cut is none, nor a fact the notes on older
    turns quote (stock_agent/chat/context.py). `recalled`: those its model may rightly
    recall; not one --continue read back from the record (`recorded`), nor one the data no
    longer says (`still`(record) false, _still_so: each question reads the data again, and
    a review's "Is it still below target?" was answered with stock 12 after a delivery
    wrote 40)."""
    recalled, held, calls = [], [], []
    for message in history:
        if message["role"] == "assistant":
            calls = list(message.get("tool_calls") or ())
        elif message["role"] == "tool" and calls:
            call = calls.pop(0)
            try:
                result = json.loads(message["content"])
            except ValueError:
                continue
            if isinstance(result, dict) and isinstance(result.get("ok"), bool) and \
                    "cut" not in result:
                record = {"invocation": f"earlier:{len(recalled)}", "name": call["name"],
                          "arguments": call["arguments"], "result": result}
                held.append(record)
                if not message.get("recorded") and still(record):
                    recalled.append(record)
    return recalled, held


def _still_so(record, toolbox, inventory):
    """Whether the data still says what `record` said: the same read-only call of ours, made
    again on the data as it is now, returns the same (a list whose items' figures stand
    may still have gained an item, a review found: the call is made again, not its items
    compared)."""
    tool = toolbox.get(record["name"])
    if tool is None or not tool.read_only or tool.server is not None or \
            not isinstance(record["arguments"], dict):
        return False
    try:
        again = {"ok": True, "data": tool.handler(inventory, record["arguments"])}
    except ToolError as exc:
        again = {"ok": False, "error": exc.code}
    except Exception:  # a call the tool refuses now; never the run's end
        return False
    said = record["result"]
    return again["ok"] == said["ok"] and (again.get("data") == said.get("data") if said["ok"]
                                          else again.get("error") == said.get("error"))


def _whole(history, recalled, held):
    """Whether the results a conversation's turns before hold whole and its model may
    recall (`recalled`) speak of every item they found: no turn folded into the notes the
    program keeps (stock_agent/chat/context.py), no result shown cut, and each item a
    item a result speaks of, found or not ("the two" may count one the data lacks), that
    was read back by --continue or that the data no longer says the same of, looked up
    again since.
    Else the person may speak of items the policy does not hold ("both", of three; "the
    first one I checked", read back)."""
    if not history:
        return True
    from stock_agent.chat import context  # a conversation's: not every run's import
    results = sum(message["role"] == "tool" for message in history)
    if context.stands_for_turns(history[0]) or results != len(held):
        return False
    fresh = {fact["sku"] for record in recalled for fact in item_facts(record)}
    return all(fact["sku"] in fresh for record in held for fact in item_facts(record))


def _asked(question, facts, rows=None, parts=None, all_ours=True, *, of=(), then=False,
           field=None, carried=None, every=None, targets=False):
    """What the question asks (question.shape), with the items it names by a whole name
    among those the run found named too: 烏龍茶包有沒有低於目標？ asks its yes or no of A002;
    by an alias, of the data's `rows` (the results name no alias), "Is drip coffee low?"
    of A001; or by a part of one (`parts`, question.parts_named of the data in scope: a
    question of any item must write none), "Is oolong low?"; `all_ours`: no other server's
    tool, which may hold what ours do not (a price); `of`: the items a conversation's
    question asks of with those of the turns before (_recalled_asked); `then`: it follows
    a question that supposed a change, so asks of the stock supposed ("would A002 be under
    target then?", "and if we sell 5 more?"): no yes or no of today's, nothing worked out,
    and the note that the figures are today's (a review's: "Yes, A002 is above target");
    `field`: of the question before (_field_asked), which a total of the items before
    naming no field, nor a figure it wants, is of ("what's the total?" after "what needs
    reordering?": of the orders); `carried`: (SKU, change) of that question, which this one
    goes on with (_carried), worked out again; `every`: the SKUs of every item of the data
    a total of this question is of, each looked up (Answers._every_sku: 三個品項加起來 of
    three), not only of a list the model made; asked of a total alone (few questions are);
    `targets`: the question before asked targets alone, so a total naming no field is of
    the stock, as one of the targets is not (_field_asked), and of no other field."""
    asked = shape(question)
    asked["every"] = asked["every"] or bool(asked["total"] and every and every(question))
    if then:
        asked.update(supposes=True, change=None, yes_no=asked["yes_no"] if carried else None)
    if field or targets:  # a total after a question of a field: of that one, or the stock
        asked["either_field"] = False
    if of and field and (asked["total"] or asked["difference"]) and \
            _names_no_field(asked, normal(question)):
        # not "how many do we have of them altogether?": the stock; a model's total of
        # another field is no answer (field_named)
        if field == MIXED:
            asked["unclear"] = True
        else:
            asked.update(field=field, field_named=True, either_field=False)
    asked["beyond"] = asked["beyond"] if all_ours else None
    found = {fact["sku"] for fact in facts.found()}
    written = names_found(question, facts, rows, parts, found, asked)
    asked["named"] = list(dict.fromkeys(asked["skus"] + list(written) + list(of)))
    # it names items, by SKU or name, or searches for them in words it writes: what "all",
    # "nothing" and "largest" are of (not items only the turns before named)
    asked["names_items"] = bool(asked["skus"] or written) or any(
        listed["query"] and normal(listed["query"]) in normal(question) for listed in facts.lists)
    if written and not asked["unclear"] and (asked["compare"] or asked["than"] or
                                             asked["difference"]):
        # read with each name as its SKU: "drip coffee on hand or A003's target" mixes
        # fields as "A001 on hand or A003's target" does (a review's: "Most stock: A001")
        asked["unclear"] = shape(_as_skus(question, written))["unclear"]
    cut = not asked["named"] and any(listed["more"] for listed in facts.lists)
    if asked["change"] and (asked["than"] and asked["named"] or cut or not plain_what_if(
            question, written.values(), one=len(asked["named"] or facts.found()) == 1)):
        # "if 20 orders come in": of what, the program cannot tell; nor of which item when
        # it names one to compare with (如果進 15 包，會比 A002 多嗎 after A001: a review's,
        # the 15 went to A002), nor of the one item a list cut short shows
        asked["change"] = None
    if carried:  # a plain what-if of the question before: read there
        asked["change"] = carried[1]
    if (asked["yes_no"] or asked["some"]) and not plain(question, written.values()):
        # it says more than a yes or no answers (most questions ask none: nothing compiled)
        asked["yes_no"], asked["some"] = None, False
    # of the whole catalogue: naming no item, not even by part of its name ("Do we need to
    # reorder anything in the oolong line?" asks nothing the reorder list's count answers)
    asked["some"] = asked["some"] and not asked["named"] and not parts
    if asked["yes_no"] and not asked["named"] and not asked["some"]:
        asked["named"] = _one_asked(question, facts)  # "Is it low?"
    asked["answered"] = []  # the items whose yes or no the model's shown words said
    if parts and not asked["named"] and (asked["total"] or asked["compare"] or
                                         asked["difference"]):
        asked["unclear"] = True  # "茶包總共有多少？": of the items whose names say 茶包 only
    if not facts.items and not facts.lists:  # of no item looked up: "ok go ahead and order
        asked["order_asked"] = asked["order_asked"] or orders_of_one(question)  # that"
    if asked["threshold"] is not None and not plain_clause(
            question, asked["threshold"], written.values(), THRESHOLD_WORDS):
        asked["threshold"] = None  # "Once 20 are picked, is it below target?"
    asked["unworked"] = unworked(facts, asked)
    asked["confirming"] = _confirming(facts, asked) if asked["to_confirm"] and all(
        plain_clause(question, number, written.values(), CONFIRM_WORDS)
        for number in asked["to_confirm"]) else None
    if asked["confirming"]:  # each number is said to be one of the item's figures, or none
        asked["unworked"] = []
    return asked


MIXED = "mixed"  # _field_asked of a question of two fields: a total of "them" is of which?


def _still_supposing(history, question, parts):
    """Whether a change a question of the turns before supposed (supposes_a_change: "If we
    sell 40 of it", "Say it drops to 10") holds for `question` (the parts of names it
    writes: `parts`): the question right after one is of the change, whatever it names
    ("and is A002 still above target?"); a later one, when neither it nor a question
    between named an item, asked of today or asked the reorder list (_asks_of_now; a
    review's: after "If we sell 40 of it", then "and what's its target again?", "would we
    need to reorder it?" got today's no)."""
    asked = [message["content"] for message in reversed(history) if message["role"] == "user"]
    for at, earlier in enumerate(asked):
        if supposes_a_change(earlier):
            return at == 0 or not _asks_of_now(question, parts)
        if _asks_of_now(earlier):
            return False
    return False


def _asks_of_now(question, parts=()):
    """Whether a question asks of today's items anew: it names one by SKU (or by a part of
    its name, `parts`), asks of today ("as of today"), or asks the reorder list."""
    folded = normal(question)
    return bool(skus_named(question) or parts) or re.search(OF_TODAY, folded) is not None \
        or asks_the_list(folded)


def _wanted(shaped, folded):
    """The figures a question (its shape, its folded words) wants: "how many" alone, or 多少,
    is no field of its own beside another ("A001 的目標是多少" wants the target); how far
    from its target (the gap) is none, but a level of one."""
    wants = shaped["wants"] - {"gap"}
    return wants if re.search(STOCK_SAID, folded) else wants - {"stock"} or wants


def _carried(question, asked, earlier, last, lang):
    """(SKU, change) of the what-if the last question that supposed one supposed (`asked`:
    the questions before, newest first), when the answer the person read `last` worked it out
    for one item (writer.changed's line), and the question goes on with it, asking a
    figure or a verdict in words of a plain what-if, with no number nor item of its own
    ("then how many would we have to order to get back to target?", 那會低於目標嗎？;
    chatdev6: today's figures were read instead), or with a number of its own said in its
    place ("what if the shipment were 25 instead?", 改成進 25 包呢？; chatdev7: the scope
    line was read), then that change of that number; else None."""
    shaped = shape(question)
    # of the question that supposed it, when one asking of it came between ("if we sell 5
    # of the oolong...", "would that put it under target?", "what if we sold 20 instead":
    # cd11, the 20 was not worked out); the answer read last worked it out still
    at, change = next(((at, change) for at, before in enumerate(asked)
                       if (change := shape(before)["change"])), (None, None))
    if not change or skus_named(question) or not plain_what_if(question, one=True) or \
            re.search(REPEATED, normal(question)):  # "and if we sell that again": on top
        return None
    # "what if the shipment were 25 instead?": the same change of another number, said
    # instead of it (not "and if 10 arrive after that": on top of it, or in its place?); of
    # a question further back, only said as that change ("what if we sold 20 instead", not
    # "what if it were 20 instead?"), and never another kind of change ("what if the
    # target were 40 instead?" after 25 in: the 25 went, reviews')
    own = (shaped["change"] or at == 0 and (change[0], shaped["numbers"][0])) if len(
        shaped["numbers"]) == 1 and re.search(_INSTEAD, normal(question)) else None
    if own and own[0] != change[0]:
        return None
    if own is None and (shaped["numbers"] or
                        not (shaped["wants"] - {"target"} or shaped["level"])):
        return None
    worked = [fact["sku"] for fact in earlier.found()
              if _changed(fact, *change)[0].render(lang) in last]
    return (worked[0], own or change) if len(worked) == 1 else None


_INSTEAD = r"\binstead\b|\brather\b|改成|換成|改為"


def _last_figure_asked(questions):
    """(shape, folded) of the last of the `questions` before (newest first) that asked a
    figure, past those asking none, else None: a total or a difference naming none is of its
    field (_field_asked: "How many should we order of A001?", "and A003?", "what's the
    total?" is of the orders; a review's: of the stock)."""
    for before in questions:
        shaped, folded = shape(before), normal(before)
        if shaped["wants"] or shaped["field_named"] or _field_asked(shaped, folded):
            return shaped, folded
    return None


def _field_asked(shaped, folded):
    """The field of a question (its shape, its folded words) that a total after it naming
    none is of: the suggested order, when it asked what to order or how far below target
    ("what needs reordering, and how much of each?", "How far below target are A001 and
    A003?"); MIXED when it asked of two fields ("the stock of A001 and the target of
    A002"); else None, and such a total is of the stock, as one asked alone: after the
    targets too (blindchat5, stop 60: the total of the field before, shown in place of the
    model's stock total, cost a held-out case)."""
    wanted = _wanted(shaped, folded)
    if not shaped["field_named"] and len(wanted) > 1:
        return MIXED
    orders = shaped["field"] == "suggested_order" if shaped["field_named"] or not wanted \
        else wanted == {"order"}
    return "suggested_order" if orders or not wanted and re.search(GAP, folded) else None


def _names_no_field(asked, folded):
    """Whether a question names no field of its own, nor a figure it wants but by "how
    many" ("what's the total?", 總共多少？; not "how many do we have of them?")."""
    return not (asked["field_named"] or asked["wants"] - {"stock"} or
                re.search(STOCK_SAID, folded))


# Words that say the stock is asked of, beyond "how many"
STOCK_SAID = rf"{STOCK_WORDS}|\bleft\b|\bhave\b|\bhas\b|有"


def _as_skus(question, written):
    """The question with each item name it writes (`written`: {SKU: name}) as its SKU."""
    folded = normal(question)
    for sku, name in sorted(written.items(), key=lambda pair: -len(pair[1])):
        folded = folded.replace(normal(name), f" {sku} ")
    return folded


def _of_the_found(question, asked, facts):
    """Whether the question asks nothing of items beyond those found: nothing of every
    item ("any", "the whole inventory"), and a comparison, a total or a difference only
    of two items found or more ("and which are running low?", "what about the rest?", "Is
    drip coffee the item with the lowest stock?" compare it with others)."""
    several = asked["total"] or asked["difference"] or asked["compare"] or asked["compares"]
    return not (asked["some"] or re.search(ALL, normal(question))) and \
        (not several or len(facts.found()) >= 2)


_OF_ONE = ("wants", "yes_no", "level")  # what question.shape says a question asks of an item
_OF_SEVERAL = ("total", "difference", "compare", "compares")


def _asks_of_items(question):
    """Whether the question asks what the program states of items: a figure, a verdict, a
    total or a comparison; not "thx, that's all", nor how a figure is worked out."""
    asked = shape(question)
    return any(asked[kind] for kind in _OF_ONE + _OF_SEVERAL) and \
        not re.search(HOW_COMPUTED, normal(question))


def _of_several(asked, folded):
    """Whether a conversation's question (its shape `asked`, its `folded` words) asks a
    total, a difference or a comparison, and not how a figure is worked out."""
    return any(asked[kind] for kind in _OF_SEVERAL) and not re.search(HOW_COMPUTED, folded)


def _of_items(asked, folded):
    """Whether a conversation's question (its shape `asked`, its `folded` words) asks a
    figure or a verdict of an item, or what the tools do not hold ("what's its price?",
    "how long has it been out for?": cd11's small model copied "No order has been placed
    in this run." alone, and the person read only that; of "it", the program says what the
    tools hold, and its figures), and nothing of several (a total, a comparison) nor of
    all. A difference of an item and its own target ("它離目標還差多少？", "how many more
    does it need to reach target?") is of the one item."""
    several = [kind for kind in _OF_SEVERAL if asked[kind]]
    if asked["field_named"] and asked["field"] in ("target", "suggested_order"):
        several = [kind for kind in several if kind not in ("difference", "compares")]
    return any(asked[kind] for kind in (*_OF_ONE, "beyond")) and not several and \
        not re.search(f"{HOW_COMPUTED}|{ALL}", folded)


def _recalled_asked(question, known, facts, earlier, *, named, whole, last, after_what_if,
                    supposed=False, targets=False, compared=(), every=0):
    """(facts, SKUs): the facts a conversation's question is answered from, this turn's
    (`facts`) and those of the items it asks of that the turns before spoke of (`earlier`:
    the results they hold whole; `known`: those and this turn's, the newer standing), and
    the items asked of. The program then states a figure, verdict, total or difference the
    model's words do not.
    Only when every item the turns before spoke of is held whole, as the data says now
    (`whole`, _whole; else there may be more items: a review's "going back to the first one
    I checked: is it below target?" after --continue was answered of the one item looked
    up since), and the question names none (`named`: by SKU or name), but for the last
    case below.
    - Of one item, when this turn's calls looked none up and searched for none: by a
      pronoun, the one item the turns before hold ("Without looking anything up again:
      what target did you just report for that item?"; "so no need to 補貨 for it, right?"
      answered with the reorder list); or with none, a figure in words of nothing else
      (_implied_one: "so how many should we order to get back to target?").
    - Of "the other one", "the first one on that list" or several, when the question
      supposes nothing: the one _other_asked or _ordinal_asked names (of the answer the
      person read `last`), or those _several_asked or _those_asked name.
    - Of a comparison naming one item by SKU (`compared`), and by no name, the item the
      answer the person read last named too (_compared_with_last: "跟 A001 比多幾個？").
    Else (facts, []): "their total" (of the last turn's two, or all three?) or "it" beside
    two items cannot tell which, and a guess summed the wrong ones."""
    shaped, folded = shape(question), normal(question)
    of_one = _of_items(shaped, folded)
    if not whole:
        return facts, []
    if named:  # "跟 A001 比多幾個？" after A002: of the two
        asked = [] if after_what_if else \
            _compared_with_last(question, shaped, earlier, last, compared)
        return (_with_items(facts, known, asked), asked + list(compared)) if asked \
            else (facts, [])
    # after a what-if, "so how many should we order then?" asks of the stock supposed; its
    # target stands (a review's: today's order was read as the answer)
    of_today = not after_what_if or not (shaped["wants"] - {"target"} or shaped["level"] or
                                         shaped["change"] or shaped["figures"])
    asked = (of_one and _one_asked(question, earlier, last) or
             _implied_one(question, shaped, earlier, last)) \
        if of_today and not _looked_for(facts) else []
    if asked and not any(shaped[kind] for kind in _OF_ONE) and (
            after_what_if or not set(asked) <= set(_named_in(earlier.found(), last))):
        # what the tools do not hold of "it" ("when will it arrive?"): of the item the answer
        # read last names (a review's: after "we ordered hojicha yesterday.", A001's figures
        # were stated), and not of a stock supposed
        asked = []
    if asked:  # of it alone, not of the items this turn's list holds too
        return _with_items(facts, known, asked), asked
    # a total or a difference after a what-if of any turn before may be of the stock it
    # supposed ("If we sell 10 of A002...", "and A001?", "so how many would be left
    # together?": a review's, today's 57 was shown)
    if not shaped["supposes"] and not re.search(_BESIDES, folded) and not (
            supposed and (shaped["total"] or shaped["difference"])):
        # not of numbers the person gives ("Shelf has 8, back room has 14. What's the total
        # of the two?", a review's): those are worked out as theirs
        of_any = (of_one or _of_several(shaped, folded)) and not shaped["numbers"]
        asked = _other_asked(folded, earlier, facts, last) or \
            _ordinal_asked(folded, earlier, facts, last) or (
            _several_asked(question, earlier, facts, last) or
            _those_asked(folded, earlier, facts, last) if of_any else []) or \
            _worked_asked(question, shaped, earlier, facts, last, targets=targets,
                          every=every)
    if asked:
        return _with_items(facts, known, asked), asked + [fact["sku"] for fact in facts.found()]
    return facts, []


def _with_items(facts, known, skus):
    """This turn's facts (its lists, writes and all) with those of `skus` from `known`."""
    import copy  # a conversation's: not every run's import
    joined = copy.copy(facts)
    joined.items = {**{sku: known.items[sku] for sku in skus}, **facts.items}
    joined.aliases = {sku: names for sku, names in known.aliases.items() if sku in joined.items}
    return joined


def _looked_for(facts):
    """Whether this turn's calls looked an item up or searched for one: then "it" may be
    what they found ("What about the tea, is it low?"), not the item of a turn before. Not a
    search for words questions ask with, which found nothing (比 target 多幾個 after A001:
    the small model searched "target")."""
    return bool(facts.looked_up) or any(listed["query"] is not None and (listed["skus"] or not all(
        map(asks_with, normal(listed["query"]).split()))) for listed in facts.lists)


def _several_asked(question, earlier, facts, last):
    """The SKUs of the items the turns before spoke of (`earlier`) that a conversation's
    question naming no item asks of by counting them with this turn's items, when there are
    as many, two or more, and each was found ("兩個一共多少？" after A001 and S001, "Are both
    low?", 三個加起來; question.items_counted): those the answer the person read `last`
    named, else all they spoke of; else []. Not "the two" after A001, then A003 and A404,
    which the data lacks (a review's: A001 and A003 were summed), but after A0O1 mistyped,
    then A001 and A002, those two. Not 那烏龍茶包比它多幾包？: "it" beside a comparison was
    read of figures and clauses too ("more than it needs", "than that now", 比它的目標), and
    compared the wrong items; nor "which one has more?" after two items (a review's: "Which
    one sells more?", "Which of our products has the least stock?", "Which is higher, its
    stock or its target?" were set against the two)."""
    now, count = set(facts.items), items_counted(question)
    if count < 2:
        return []
    spoken = list(earlier.items.values())
    for pool in (_named_in(spoken, last), [fact["sku"] for fact in spoken]):
        before = [sku for sku in pool if sku not in now]
        if len(now) < count == len(now) + len(before):
            return before if all(earlier.items[sku]["found"] for sku in before) and all(
                fact["found"] for fact in facts.items.values()) else []
    return []


def _other_asked(folded, earlier, facts, last):
    """[SKU] of "the other one" (另一個) a conversation's question naming no item asks of,
    when this turn's calls looked nothing else up: of the two items the turns before spoke
    of, found or not, the one the answer the person read `last` did not name (chatdev: "the
    genmaicha one, stock and target?", then "and the other one?", of the two a search for
    tea bags found; the model searched for "other"); else []. Not "the other warehouse",
    "the other day", 另一個倉庫, nor of an answer that named both, or neither; nor of three
    (a review's: after A001, then A003 and A404, which the data lacks, it was A001)."""
    if not re.search(_OTHER, folded) or _looked_beyond(facts, earlier) or any(
            listed["query"] is not None and normal(listed["query"]).strip() not in _OTHER_WORDS
            for listed in facts.lists):
        return []
    spoken = list(earlier.items.values())
    named = _named_in(spoken, last)
    return [fact["sku"] for fact in spoken if fact["sku"] not in named] \
        if len(spoken) == 2 and len(named) == 1 else []


def _ordinal_asked(folded, earlier, facts, last):
    """[SKU] of "the first one on that list" (第二個, "the last one") a conversation's
    question naming no item asks of, when this turn's calls looked nothing up: the item at
    that place in the list (the reorder list, a search) whose items the answer the person
    read `last` named, in order, and named alone (chatdev3: "the first one on that list -
    is it completely out?" got the scope line); the last one only of a list not cut short.
    Else []: of two places ("the first one and the second one added up"), or an answer
    that named other items too (the first item read, or the list's?)."""
    ordinals = re.findall(_ORDINAL, folded)
    if len(ordinals) != 1 or len(re.findall(_PLACE_WORDS, folded)) != 1 or \
            _looked_beyond(facts, earlier):
        return []  # "the first one and the second one added up": of two
    for listed in reversed(earlier.lists):
        skus = [sku for sku in listed["skus"] if sku in earlier.items]
        if skus and skus == listed["skus"] and _in_order(skus, last) and \
                set(_named_in(list(earlier.items.values()), last)) == set(skus):
            word = next(group for group in ordinals[0] if group)
            at = _PLACES.get(word)
            if word in ("last", "最後"):  # of a list cut short, the last is unseen
                at = None if listed["more"] else -1
            return [skus[at]] if at is not None and -len(skus) <= at < len(skus) else []
    return []


def _looked_beyond(facts, earlier):
    """Whether this turn's calls looked up an item the turns before did not speak of: then
    "the other one", "the second one" may be it. A lookup of one they spoke of (a review's:
    the small model looked up the item before, and was stated as "the other one") is not."""
    return any(sku not in earlier.items for sku in [*facts.looked_up, *facts.items])


def _in_order(skus, text):
    """Whether the text names the SKUs, each as a word of its own, in this order."""
    folded = normal(text)
    places = [re.search(rf"(?<![0-9a-z]){re.escape(sku.casefold())}(?![0-9a-z])", folded)
              for sku in skus]
    return None not in places and [place.start() for place in places] == sorted(
        place.start() for place in places)


# "the first one", "the 2nd item on that list", 第二個, 最後一個: of the list read last, the
# place then followed only by the question ("the first one's target?", "- is it out?",
# 第二個呢？); not "the first one (that) I checked", "from the tea search", 第一個我問的,
# 第二個月, 第二個倉庫 (of the lookups, which may be older than the list, or of no item)
_ORDINAL = (r"\bthe (first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|top)"
            r"(?: (?:one|item|sku|product)(?:'s)?)?(?: (?:on|in) (?:that|the) list)?"
            r"(?=\s*(?:[-,?.:;!]|$|(?:is|are|has|have|does|do|need|needs|left|there|in|"
            r"still|below|above|under|over|low|short|at|running|sold)\b))|"
            r"(?:第\s*([一二三四五1-5])\s*|(最後)一?)(?:個|項|樣|款|名)"
            r"(?=呢|嗎|是|的(?:庫存|目標|建議)|要|還|有|缺|該|需|多少|幾|[？?，,。]|$|"
            r"建議|叫|訂|補|進|賣|庫存|目標|現在|目前|剩|低|高|超)")
_PLACE_WORDS = r"\b(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|top)\b|第|最後"
_PLACES = {word: place for place, words in enumerate(
    (("first", "1st", "top", "一", "1"), ("second", "2nd", "二", "2"), ("third", "3rd", "三", "3"),
     ("fourth", "4th", "四", "4"), ("fifth", "5th", "五", "5"))) for word in words}


def _named_in(found, text):
    """The SKUs of the `found` items the text names: by SKU, or by a name written outside
    every longer name of another ("coffee beans" in "decaf coffee beans" is not A001's, a
    review found: "those" took it in, and summed it)."""
    named = {fact["sku"] for fact in found if _spelled(fact["sku"], text)}
    for fact in sorted(found, key=lambda fact: -len(fact.get("name") or "")):
        if fact.get("name") and fact["name"] in text:
            named.add(fact["sku"])
            text = text.replace(fact["name"], " ")
    return [fact["sku"] for fact in found if fact["sku"] in named]


def _those_asked(folded, earlier, facts, last):
    """The SKUs of "those" a conversation's question naming no item asks of ("which of
    those is completely out?", 這些哪個要補貨？): the items the turns before spoke of that the
    answer the person read `last` named, two or more, when this turn's calls found no other
    (chatdev2: "玄米茶包 (A003)", the small model's answer, could not be read, and the
    person read the scope line). Not "they", "them" alone: "Are they low?" may be of items
    the model looks up next."""
    if not re.search(_THOSE, folded):
        return []
    those = _named_in(list(earlier.items.values()), last)
    found = {fact["sku"] for fact in facts.found()}
    return those if len(those) >= 2 and found <= set(those) else []


def _compared_with_last(question, shaped, earlier, last, named):
    """[SKU] of the one item the answer the person read `last` named, when a conversation's
    question compares it with the one item it names (`named`: by SKU), and with nothing
    else: no target, number, pronoun nor level ("跟 A001 比多幾個？", "how many more than
    A001?" after A002; chatdev5: A001 alone was stated; not "A001 跟目標差多少？", "Does
    A001 have more than 10?", "A001's stock and its target", "more than last week", a
    review's); else []."""
    folded = normal(question)
    if len(named) != 1 or shaped["total"] or shaped["numbers"] or shaped["beyond"] or not (
            shaped["difference"] or shaped["compares"] or shaped["than"]) or \
            re.search(rf"{TARGETS}|{_IT}|{LEVELLED}", folded):
        return []
    before = _named_in(earlier.found(), last)
    return before if len(before) == 1 and before != named else []


def _works_with_several(question):
    """Whether the question asks a total, a difference or a comparison: of several items."""
    shaped = shape(question)
    return bool(shaped["total"] or shaped["difference"] or shaped["compare"] or shaped["than"])


def _searches_found(lists):
    """Whether each list of the turns before is a search that found items, or one that
    wrote only words of searches that did ("drip coffee oolong tea bags": the small model's
    one search for two names, then each found alone). A reorder list is none ("which one
    has the most?" after it may be of every item)."""
    found = {word for listed in lists if listed["skus"] and listed["query"]
             for word in normal(listed["query"]).split()}
    return all(listed["query"] is not None and (
        listed["skus"] or set(normal(listed["query"]).split()) <= found) for listed in lists)


def _worked_asked(question, shaped, earlier, facts, last, *, targets=False, every=0):
    """The SKUs of the items a conversation's question naming none asks the total of, in
    words of a total alone ("what's the total?", "total units that comes to?", 總共呢？;
    chatdev4: after the reorder list, the person read the scope line): those the answer the
    person read `last` named, two or more, each found, or, when it named fewer, the two the
    turns before spoke of, both found ("how many drip coffee?", "and the oolong?", "so how
    many is that together?"; chatdev6), when no list before was cut short, this turn's
    calls found no other and it counts no other number of items ("the three together?"
    of two, a review's); else []. So does a comparison of the items the answer named when
    they are all `every` item of the data (哪一個最缺？ after the three: of those or of every
    item, the same; chatdev9). Not a difference: 建議量差了幾包, 跟目標差了幾包 after a
    comparison of stock were worked out of the wrong field (a review's)."""
    kind = next((kind for kind in ("total", "compare") if shaped[kind]), None)
    if kind is None or shaped["numbers"] or shaped["difference"] or not figure_only(
            question, summing=kind == "total", comparing=kind != "total") or \
            any(listed["more"] for listed in earlier.lists):
        return []
    those = _named_in(earlier.found(), last)
    if len(those) < 2 and len(earlier.items) == 2 and len(earlier.found()) == 2 and \
            not targets and kind != "compare":  # after "What's the target of A001?", "and
        those = [fact["sku"] for fact in earlier.found()]  # A002?": of the targets?
    found = {fact["sku"] for fact in facts.found()}
    many = len(those) >= 2 if kind == "total" else len(those) == every >= 2
    counted = items_counted(question)  # "the three together?" of two: of which three?
    return those if many and found <= set(those) and counted in (0, len(those)) else []


# A line of a code fence, which says nothing: "```", "```json", "~~~"
_FENCE = r"(?m)^[ \t]*(?:```|~~~)[\w-]*[ \t]*$"


# "besides these two", 除了這兩個, "what else": of other items than those counted or "those"
# (a review's: 除了這兩個，還有哪些低於目標？ was answered with the two)
_BESIDES = (r"\b(?:besides|apart from|aside from|other than|except|else|others)\b|"
            r"除了|以外|之外|其他|其它")
# "of those", "among these", 這些, 那幾個: of the items the answer before named
_THOSE = r"\b(?:of|from|among) (?:those|these|them)\b|這些|那些|(?:這|那)幾(?:個|項|樣|款)"


# "the other one", "and the other?", 另一個呢: of one item, not "the other ones", "the other
# day", 另一個倉庫; the words a small model searched for when asked it
_OTHER = (r"\bthe other(?: one\b(?!s)|(?=\s*(?:[?.!]|$)))|"
          r"另(?:外)?(?:一|那)(?:個|款|項)(?=呢|嗎|的|[?？]|$)")
_OTHER_WORDS = ("other", "the other", "other one", "the other one", "另一個", "另外一個")


def _one_asked(question, facts, last=None):
    """[SKU] of the one item a yes-or-no question naming none asks of by a pronoun ("Is it
    low?", 那它要補貨嗎？; plain() let no other word through): the one item the model's calls
    (or a turn before) found, looked up or listed, not one only the program's own search
    found ("Is it under target?" searched "under"); [] for several ("it" after A001 and a
    search for oolong), or a question with no such pronoun ("Is our stock low?", "Are they
    low?"). Of the turns before (`facts`), when they found several, the one the answer the
    person read `last` named alone (chatdev6: 哪個比較缺, then 那個要補到目標要幾包, of A003),
    and so when they missed one (_missed)."""
    if not re.search(_IT, normal(question)):
        return []
    found = [sku for sku, fact in facts.items.items()
             if not fact["source"]["invocation"].endswith(":program")]
    if last is not None and (len(found) != 1 or _missed(facts)):
        # of the turns before: the one read last, when they found several, or looked for
        # one they did not find ("do we have matcha?" after A001: "is it expensive?" is of
        # matcha, a review's: A001's figures were stated)
        found = _named_in([fact for fact in facts.items.values() if fact["found"]], last)
    return found if len(found) == 1 else []


def _missed(facts):
    """Whether the facts hold an item not found, or a search that found nothing."""
    return not all(fact["found"] for fact in facts.items.values()) or any(
        listed["query"] is not None and not listed["skus"] for listed in facts.lists)


def _implied_one(question, shaped, earlier, last):
    """[SKU] of the one item a conversation's question naming none, not even by a pronoun,
    asks a figure of, or supposes a change of, in words of nothing else (figure_only: "so
    how many should we order to get back to target?", 離目標還差多少？, "if 15 arrive tmrw how
    many will we have then?"; chatdev2: the small model's true answers went unread, and the
    person read the scope line), or doubts a figure of, giving numbers and asking no
    verdict ("are you sure it's only 3?", 我記得上次看是30包，你確定只有3？; chatdev4: the
    person read the scope line): the one item the turns before found, when the answer the
    person read `last` names it (A0O2 mistyped, then A002). Not "How much sugar do we
    have?", "How many are out of stock?" (words of another item, or of any), nor after "Do
    we have matcha?" found nothing, or "Check A404" (a review's: each was answered of the
    item before)."""
    found = earlier.found()
    if len(found) != 1 or not _named_in(found, last):
        return []
    of_a_figure = _of_items(shaped, normal(question)) and (shaped["wants"] or shaped["change"]) \
        and (figure_only(question) or shaped["change"] and plain_what_if(question, one=True))
    doubted = shaped["figures"] and not (shaped["yes_no"] or shaped["some"]) and \
        not any(shaped[kind] for kind in _OF_SEVERAL) and figure_only(question, doubting=True)
    # "are you sure?", 你確定嗎？ of the verdict read: its facts again (chatdev6: the scope line)
    doubted = doubted or _doubts(question) and figure_only(question, comparing=True,
                                                           doubting=True)
    return [found[0]["sku"]] if of_a_figure or doubted else []


def _doubts(question):
    """Whether a question doubts what the person read, giving no number of its own ("are
    you sure?", "really?", 你確定嗎？, 真的嗎)."""
    return re.search(r"\b(?:sure|really|certain)\b|確定|真的", normal(question)) is not None \
        and not shape(question)["figures"]


# "it", "that item", 它: not "this month", 這個月
_IT = (r"\b(?:it|its)\b|\b(?:this|that)\b(?! (?:month|week|year|time|morning|afternoon|evening|"
       r"quarter|season|day)\b)|(?<!其)它(?!們)|(?:這|那)個(?!月|禮拜|星期|週|周|時候)")


def _confirming(facts, asked):
    """{"sku", "numbers"}: the numbers the question asks to have confirmed (question._to_confirm),
    of the one item it names, found, when it supposes, adds up, compares and measures
    nothing, and asks of today and of what the tools hold, and, asking a verdict too, each
    number is one of the item's figures; else None."""
    if not asked["to_confirm"] or len(asked["named"]) != 1 or asked["supposes"] or \
            asked["total"] or asked["difference"] or asked["threshold"] is not None or \
            asked["beyond"] or asked["worked"] or asked["compare"]:
        return None
    sku = asked["named"][0]
    if sku not in facts.items or not facts.items[sku]["found"]:
        return None
    figures = figures_of(facts.items[sku]).values()
    if (not asked["one_number"] or asked["level"] and not asked["premise"]) and any(
            number not in figures for number in asked["to_confirm"]):
        # "none of its figures" only of the question's one number, and asked no verdict:
        # "A001 需要補 40 包嗎？", "Is A002 above its target of 60?" ask of a premise, which
        # today's verdict answers no more than any number not worked out (a review's); "A001
        # 有 40 包，不用補吧？" gives its number as a reason, which is none of A001's figures
        return None
    return {"sku": sku, "numbers": asked["to_confirm"]}


# The claims that answer a yes-or-no question of each kind (question.ASKED).
_ANSWERING = {"out": {"out", "instock"}, "instock": {"out", "instock"},
              "reorder": {"reorder", "order"}, "below": {"below", "above", "at", "reached"},
              "above": {"below", "above", "at"}, "reached": {"below", "reached", "at", "above"},
              "found": {"found", "missing"}}


def _order_of(placed):
    """What a receipt ordered: (SKU, quantity)."""
    return placed["sku"], placed.get("quantity")


def _asked_unsaid(facts, asked, said):
    """The items whose verdict a yes-or-no question asks and the shown sentences do not
    state."""
    if asked["yes_no"] is None:
        return []
    stated = {sku for claim in said for sku in claim["items"]
              if {claim["kind"], claim["value"]} & _ANSWERING[asked["yes_no"]]}
    return [sku for sku in asked["named"] if sku in facts.items and sku not in stated]


# What a claim of each kind states of its item: "18 short of target" is what to order.
_STATES = {"stock": "stock", "target": "target", "order": "order", "short": "order",
           "over": "over"}


def _stated(said):
    """{SKU: what the shown sentences state of it}: its figures by field (_STATES), and
    "reorder" when a verdict says whether it needs one."""
    stated = {}
    for claim in said:
        what = "reorder" if claim["value"] == "reorder" else _STATES.get(claim["kind"])
        for sku in claim["items"]:
            stated.setdefault(sku, set()).add(what)
    return stated


def _unstated(fact, asked, stated, *, ordering=False):
    """Whether the shown sentences leave out of this found item a figure the question asks
    the value of ("Should we reorder A001? By how much?" "Yes, A001 needs a reorder."),
    what to order only of an item with some to order; `ordering`: or, the question speaking
    of ordering, whether an item with some to order needs it."""
    if ordering and fact["suggested_order"] and not stated & {"order", "reorder"}:
        return True
    return any(_gap_stated(fact) not in stated if want == "gap" else want not in stated
               for want in asked["wants"] if want != "order" or fact["suggested_order"])


def _empty_unsaid(listed, facts, said, question, asked):
    """Whether a list holds nothing and no shown sentence says so ("Nothing is below
    target." of the reorder list, 'Nothing matches "matcha".' of that search): a list of no
    item names none, so naming them all says nothing (cd11: to "so nothing needs ordering
    over here?", the person read only that no order was placed). A search, only of words
    the question writes, asking no verdict: not one beside items found, the model's words
    it tried first ("drip coffee bags", then 咖啡: a review's, added, it read as a denial of
    the item shown), nor of a verdict's words ('Nothing matches "out of stock".' to "is
    anything out of stock?" read as a no, a second review's)."""
    if listed["skus"] or listed["query"] is not None and (
            facts.found() or asked["level"] or asked["some"] or
            normal(listed["query"]) not in normal(question)):
        return False
    kind = "nonelow" if listed["query"] is None else "nomatch"
    return not any(claim["kind"] == kind and claim.get("query", listed["query"]) ==
                   listed["query"] for claim in said)


def _list_unstated(listed, facts, asked, stated):
    """Whether the shown sentences leave out of a list's items what the question asks of
    each (哪些要補貨？各要補幾包？), or, of the reorder list, how many to order of each: the
    list says it, and "what do we need to reorder?" answered "A003 and A001." is half an
    answer (chatdev7)."""
    reorder = listed["tool"] == "list_reorder"
    return any(_unstated(facts.items[sku], asked, stated.get(sku, set())) or
               reorder and facts.items[sku]["suggested_order"] and
               "order" not in stated.get(sku, set()) for sku in listed["skus"])


def _gap_stated(fact):
    """What states how far this item is from its target: what to order below it (the
    same figure), how far over above it; at it, "at target" is the gap (None)."""
    return "order" if fact["suggested_order"] else \
        "over" if fact["stock"] > fact["target"] else None


# The claims that state what the writer works out, by the kind of its citation.
_STATING = {"total": {"total"}, "difference": {"compare", "more"},
            "most": {"compare", "ranked", "largest"}, "least": {"compare", "ranked", "largest"}}


def _worked_unsaid(facts, asked, said):
    """Whether the writer works out a total, a difference or the item with the most or the
    least that no shown sentence states ("What's the total stock of A001 and A002?" "A001
    has 12 and A002 has 45."), of the items found: what is worked out of the question's own
    numbers is read as such (facts.sums). A total of no field asked (question's
    `either_field`) is stated by a total of the stock and one of the orders, each said to
    be so ("Together: 12." may be either)."""
    if not (asked["total"] or asked["difference"] or asked["compare"]) or not facts.found():
        return False
    kinds = {claim["kind"] for claim in said}
    said_of = {claim.get("of") for claim in said
               if claim["kind"] == "total" and not claim.get("unsaid")}
    if asked["either_field"] and not {"stock", "order"} <= said_of:
        return True
    claims = [cite["claim"].split("_")[0] for _, cited in worked_out(facts, asked)
              for cite in cited]
    return any(claim in _STATING and not _STATING[claim] & kinds for claim in claims)


def _spelled(sku, text):
    return re.search(rf"(?<![0-9a-z]){re.escape(sku.casefold())}(?![0-9a-z])",
                     normal(text)) is not None


def _no_order_unsaid(facts, said):
    """"No order has been placed in this run" is true and the answer did not say it."""
    return not (facts.order_writes() or any(claim["kind"] == "placed" for claim in said))


def _holds_any(facts):
    """Whether any tool result of the run gave a fact (found or not, a list, a record, a
    write)."""
    return bool(facts.items or facts.lists or facts.alike or facts.other or
                facts.order_writes())


def _cited(said, facts):
    """The claims of the model's sentences that were shown, each once, with the call its
    fact came from; a total, with the facts it was worked out from (in a run that found
    none, as the program cites its figure of the question's numbers). Worded as the
    program's own (writer.py): a verdict true or false ("below": false), a figure by its
    field."""
    cited = []
    for claim in said:
        of_the_run = claim["kind"] in ("placed", "receipt", "total", "count", "more")
        for sku in (None,) if of_the_run else claim["items"] or (None,):
            cite = {"sku": sku, **_as_written(claim)}
            if claim["kind"] == "total" and claim["of"] != "ordered" and not facts.found():
                cite = facts.sums[claim["value"]]  # of the question's numbers (truth.py)
            elif claim["kind"] == "total":
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


def written(results, question, lang, *, tools=(), writes=()):
    """The program's answer from tool calls and their results alone, unlabelled: what the
    mock model answers with. `writes`: the order tools the run was offered."""
    facts = Facts(results, writes=writes)
    return _joined(write(facts, _asked(question, facts), lang, tools=tools), lang)


def _joined(said, lang):
    return ("" if lang == "zh-TW" else " ").join(sentence for sentence, _ in said)
