"""What one run's tool results establish, read once into plain data: the facts the person's
answer is written from and the model's sentences are checked against.

Every fact carries its `source`, the call that returned it ({"tool", "invocation"}), or for
a figure code worked out, `computed_from` (the facts it was worked out from): a person or a
test can trace each figure and verdict the answer states.

Results are read through stock_agent/runlog.py, the one reader of tool results.
"""

import re
from collections import Counter

from stock_agent.answers.question import normal
from stock_agent.runlog import (data_of, item_facts, item_rows, receipt, unlisted,
                                unplaced)


class Facts:
    """The items looked up (found or not), the lists and searches, the receipts, the writes
    refused or rehearsed, and the structured results of other (MCP) tools."""

    def __init__(self, results, *, writes=()):
        self.items = {}      # sku -> item fact, in the order the results first spoke of it
        self.lists = []      # {"tool", "query", "skus", "more", "source"}
        # a search that matched nothing, and the items spelled alike it returned: shown as
        # such, and no fact any claim, sum or verdict is read or worked out of
        self.alike = []      # {"query", "items": [item fact], "more", "source"}
        self.receipts = []   # {"order_id", "sku", "quantity", "name", "source", ...}
        self.refused = []    # {"sku", "quantity", "error", "source"}
        self.rehearsed = []  # --dry-run: checked and approved, never written
        self.other = []      # {"tool", "sku", "data", "source"}: an MCP tool's record
        self.failed = []     # calls that failed for another reason than "not found"
        self.sums = {}       # figures of the question's own numbers (writer.given_figures)
        self.aliases = {}    # sku -> the data's other names of a found item (the policy's)
        self.looked_up = {}  # sku -> found, of the items a lookup (get_stock) asked for
        self.writable = bool(writes)  # an order tool was offered to the run
        self.argued = set()  # the numbers in the calls' arguments (list_reorder's limit)
        self._said_by_tools = []  # the tools' words to the model: details and notes
        for record in results:
            self._read(record, writes)

    def _read(self, record, writes):
        source = {"tool": record["name"], "invocation": record["invocation"]}
        self.argued.update(re.findall(r"\d+", str(record["arguments"])))
        result, data = record["result"], data_of(record["result"])
        for words in (result.get("detail"), data.get("note") if isinstance(data, dict) else
                      None):
            if isinstance(words, str):
                self._said_by_tools.append(words)
        ours = is_ours(record["name"])  # an MCP tool's record is never an item of ours
        facts = item_facts(record) if ours else []
        if any(fact["found"] and not all(
                type(fact[key]) is int for key in ("stock", "target", "suggested_order"))
                for fact in facts):
            # a record edited for --replay, a figure no whole number: nothing is read of
            # it (a review's, with no target, crashed the answer)
            self.failed.append({"error": "INVALID_RESULT", "source": source})
            return
        if ours and isinstance(data, dict) and data.get("alike") is True:
            self.alike.append({"query": data.get("query"), "items": [
                {**fact, "source": source} for fact in facts],
                "more": unlisted(data) or 0, "source": source})
            return
        for fact in facts:
            if record["name"] == "get_stock":
                self.looked_up[fact["sku"]] = fact["found"]
            if fact["sku"] not in self.items or fact["found"]:
                fact["source"] = source
                self.items.setdefault(fact["sku"], fact)
                self.items[fact["sku"]].update(fact)
        if ours and isinstance(data, dict) and isinstance(data.get("items"), list) and \
                record["name"] != "get_stock":
            listed = {"tool": record["name"], "query": data.get("query"),
                      "skus": [row["sku"] for row in item_rows(data)],
                      "more": unlisted(data) or 0, "source": source,
                      # the limit the call gave, if any (a list cut short by one the
                      # program may make again: answers._remade)
                      "limit": record["arguments"].get("limit") if isinstance(
                          record["arguments"], dict) else None}
            if not any(_same_list(listed, seen) or _cut_of(listed, seen)  # asked again
                       for seen in self.lists):
                # made again longer, it stands for the one cut short
                self.lists = [seen for seen in self.lists if not _cut_of(seen, listed)]
                self.lists.append(listed)
        placed = receipt(data)
        if placed:
            self.receipts.append({**data, **placed, "source": source})
        elif isinstance(data, dict) and data.get("dry_run") is True:
            self.rehearsed.append({**data, "source": source})
        elif unplaced(result, record["arguments"]):
            self.refused.append({**record["arguments"], "error": result["error"],
                                 "source": source})
        elif data is not None and (not ours or item_rows(data) is None):
            self._other(record["name"], data, source, written=record["name"] in writes)
        elif not result.get("ok") and result.get("error") not in ("SKU_NOT_FOUND",
                                                                   "REPEATED_CALL"):
            self.failed.append({"error": result.get("error"), "source": source})

    def _other(self, tool, data, source, *, written):
        """An MCP tool's structured result: a fact about the item it names. An approved
        write of such a tool is a receipt in its own words."""
        sku = data.get("sku") if isinstance(data, dict) else None
        fact = {"tool": tool, "sku": sku if isinstance(sku, str) else None, "data": data,
                "source": source}
        if written:
            ids = [value for key, value in (data.items() if isinstance(data, dict) else ())
                   if isinstance(value, str) and key != "sku"]  # its id, not its item
            self.receipts.append({"order_id": ids[0] if ids else None, "sku": fact["sku"],
                                  "data": data, "source": source})
        self.other.append(fact)

    # --- What the facts say of an item ---

    def found(self):
        return [fact for fact in self.items.values() if fact["found"]]

    def listed(self):
        """The SKUs a list or a search returned (the rest of `items` were looked up)."""
        return {sku for listed in self.lists for sku in listed["skus"]}

    def reorder_listed(self):
        """The SKUs of the reorder lists made whole (none cut short by a limit), or None
        when the run made none: every other item is at or above its target."""
        whole = [listed["skus"] for listed in self.lists
                 if listed["tool"] == "list_reorder" and not listed["more"]]
        return set().union(*whole) if whole else None

    def numbers_of(self, sku):
        """The figures of an item by field name: the tools' own, and those of an MCP
        record that names it, which never stand for the inventory's own."""
        fact = self.items.get(sku) or {}
        figures = {field: fact.get(key) for field, key in (
            ("stock", "stock"), ("target", "target"), ("order", "suggested_order"))
            if isinstance(fact.get(key), int)}
        for other in self.other:
            if other["sku"] == sku and isinstance(other["data"], dict):
                figures = {**{key.casefold(): value for key, value in other["data"].items()
                              if _number(value)}, **figures}
        return figures

    def said_of_all(self):
        """The items "all" and "none" are said of: those looked up or found by a search,
        not the items a list of those below target held (of them, "all need restocking"
        says it of the inventory)."""
        searched = [sku for listed in self.lists if listed["query"] is not None
                    for sku in listed["skus"]]
        return tuple(dict.fromkeys([*self.looked_up, *searched]))

    def tool_words(self):
        """The sentences of the tools' own words to the model (an error's detail, a note),
        as the reader compares them: never the person's to read."""
        return {normal(sentence.strip()).rstrip(".。") for text in self._said_by_tools
                for sentence in re.split(r"(?<=[.。])\s+", text) if sentence.strip()}

    def order_writes(self):
        """Every write of the run: placed (receipts), refused, or rehearsed (--dry-run)."""
        return self.receipts + self.refused + self.rehearsed

    def order_ids(self):
        return {placed["order_id"] for placed in self.receipts
                if isinstance(placed.get("order_id"), str) and placed["order_id"]}

    def known_words(self):
        """The words a sentence may use for the things this run saw: SKUs, names (marked
        "name"), order ids, search queries and an MCP record's field names (each -> what it
        refers to)."""
        words = {normal(sku): ("item", sku) for sku in self.items}
        names = Counter(normal(fact["name"]) for fact in self.items.values() if fact.get("name"))
        for sku, fact in self.items.items():  # a name two items share, or another's SKU,
            # is of neither (a review's: an item named "A002" took A002's place)
            if fact.get("name") and names[normal(fact["name"])] == 1:
                words.setdefault(normal(fact["name"]), ("item", sku, "name"))
        named = [(normal(alias), sku) for sku, aliases in self.aliases.items()
                 for alias in aliases]
        shared = Counter(alias for alias, _ in named)
        for alias, sku in named:  # "drip coffee has 12": of A001; an alias of two, of neither
            if alias not in words and shared[alias] == 1:
                words[alias] = ("item", sku, "name")
        for order_id in self.order_ids():
            for said in ("", "order ", "訂單 ", "訂單"):
                words[normal(said + order_id)] = ("receipt", order_id)
        for write in self.order_writes():  # the item a write names
            for word, called in ((write.get("sku"), ()), (write.get("name"), ("name",))):
                if isinstance(word, str) and isinstance(write.get("sku"), str):
                    words.setdefault(normal(word), ("item", write["sku"], *called))
        for write in self.receipts + self.rehearsed:
            ledger = write.get("ledger") or write.get("would_write", {}).get("ledger")
            if isinstance(ledger, str):
                words.setdefault(normal(ledger), ("fill",))
        for listed in self.lists:
            # a search's own words: the items a sentence names with them matched it (digits
            # alone would pass for a figure)
            if isinstance(listed["query"], str) and not listed["query"].strip().isdigit():
                words.setdefault(normal(listed["query"]).strip(), ("query", listed["query"]))
        for other in self.other:
            if isinstance(other["sku"], str):
                words.setdefault(normal(other["sku"]), ("item", other["sku"]))
            for key in (other["data"] if isinstance(other["data"], dict) else ()):
                if _number(other["data"][key]):
                    words.setdefault(normal(key), ("field", key.casefold()))
        return words


def is_ours(tool):
    """Whether a tool is one of our inventory's, not an MCP server's (named server__tool)."""
    return "__" not in tool


def verdicts(fact):
    """The verdicts code holds about a found item, each a plain bool."""
    stock, target = fact["stock"], fact["target"]
    return {"below": stock < target, "at": stock == target, "above": stock > target,
            "reached": stock >= target, "out": stock == 0, "reorder": fact["suggested_order"] > 0,
            "low": 0 < stock < target, "instock": stock > 0}


def _same_list(one, other):
    return all(one[key] == other[key] for key in ("tool", "query", "skus", "more"))


def _cut_of(cut, whole):
    """Whether the list `cut` is `whole` cut short: the same call's first items."""
    return cut["more"] > 0 and cut["tool"] == whole["tool"] and \
        cut["query"] == whole["query"] and len(whole["skus"]) > len(cut["skus"]) and \
        whole["skus"][:len(cut["skus"])] == cut["skus"]


def _number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)
