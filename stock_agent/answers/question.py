"""What the question asks, read by code: which tools its first request offers (none for a
question about the agent itself or one no lookup helps), and the shape of the answer the
program writes (a yes or no first, a total, the arithmetic it writes out, the stock and
target it gives).

Reading the question wrongly costs the answer its shape, never its truth: each verdict the
program writes restates its proposition ("Yes: A003 is out of stock"), and each figure it
works out states its terms ("12 + 45 = 57").
"""

import collections
import re

from stock_agent.answers.numerals import NUMERALS, chinese_number, english_number, side_by_side
from stock_agent.inventory import ALIKE_ROWS, names_spelled_alike


# What the tools know about, in words a question would use. A question with none of them,
# no SKU and no item of the data cannot be helped by a lookup. The list leans wide: a word
# too many only keeps today's behaviour (the tools are offered).
TOOL_WORDS = (
    "stock", "inventor", "reorder", "order", "restock", "replenish", "item", "product",
    "sku", "unit", "warehouse", "shelf", "shelves", "target", "low", "short", "buy",
    "purchas", "suppl", "left", "available", "quantit", "on hand",
    "sell", "sold", "carry", "called", "named", "have any", "got any", "is there",
    "are there", "do we have", "do you have",
    "庫存", "存貨", "補", "訂", "下單", "採購", "進貨", "缺", "剩", "商品", "品項",
    "貨", "倉", "目標", "數量", "料號", "賣", "有沒有", "search", "look up", "搜尋", "搜索", "查詢")
# Letters and digits together (Z999, 4K-12); a number alone is no SKU unless the data has it,
# nor one with letters after it alone (10am, 2nd, 330ml: a time, an ordinal, a measure).
SKU_SHAPE = r"(?<![a-z0-9])(?:[a-z]+[-_]?\d|\d+[-_]?[a-z]+[-_]?\d)[a-z0-9_-]*(?![a-z0-9])"
# The person says not to look anything up: a negation, then within a few words a lookup.
NO_LOOKUP_EN = (("don't", "do not", "dont", "no need to", "without"),
                ("check", "look", "search", "query"))
NO_LOOKUP_ZH = (("不用", "不要", "別", "不必", "無需", "無須", "毋須", "不需要"), "查")
# The person gives the facts: a number just after a word for the level they want, and
# another number ("A002: 40 on hand, target 50"; "we like to keep 25"; "we aim for 40";
# 「剩 8 個，至少要 30」; 標準量是 36), and asks for no check of them ("I just checked the
# shelf" or 我已經查過 asks none) and not for the stock itself.
# Of one item looked up, the level a question wants in words that say nothing else (not
# "needs 5 more", 需要 5 包: an order; nor "should have 40", a stock to confirm; nor 補到 50,
# which may say it was restocked to 50) is the target its stock is held against, when the
# question wishes it (WISHED: "if we want 40 in stock") or supposes it (CONDITIONAL: "if the
# target were 50"): a target it only states ("目標庫存改為 100，請依此回答") is never ours.
WISHED = (r"\bkeep|maintain|\bwant\b|like to have|\bto have\b|\baim|"
          r"(?:fill|top|bring \w+) up to|refill to|維持|保持|希望|想讓|想要")
WANTED = rf"{WISHED}|target|\bpar\b|at least|minimum|目標|至少|最低"
CONDITIONAL = r"\bif\b|\bsuppos|\bassum|如果|假如|假設|要是|的話|若"
GIVEN_LEVEL = (rf"(?:{WANTED}|should have|safety|\bneeds?\b|\brequire|supposed to|standard|"
               r"安全|要有|應該有|標準|要放|需要|上限|補到|放到)\D{0,20}(\d+)")
# ...unless it asks for the stock itself ("we need 30 of A003: how many do we have?", "the
# stock of A001?", 濾掛咖啡有多少？).
ASKS_STOCK = (r"\bhow (?:many|much)\b[^.?]{0,40}\b(?:do (?:we|you) (?:actually )?have|are there|"
              r"is there|are left|is left|in stock|on hand)\b|"
              r"\bstock (?:level |count )?(?:of|for)\b|(?:還有|還剩|剩下|庫存|現有|有|剩)\s*(?:多少|幾)")
# How long a list the question asks for (list_length): a number beside items ("the 3 items",
# "top two", 前三, 三個品項, 兩項), in digits or in words; words asking for a few with no
# number ("just the worst", 只要); words asking for all ("the total", 全部), which outweigh
# those.
_COUNT = (r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple|pair|"
          r"dozen")
COUNTED = (rf"\b(?:top|first|worst|best|largest|biggest)\s+({_COUNT})\b|"
           rf"(?<![a-z0-9_-])({_COUNT})\s+(?:of (?:the |them)?)?(?:\w+\s+)?(?:items?|products?|"
           r"skus?|ones|things|lines)\b|前\s*([一二兩三四五六七八九十\d]+)|"
           r"([一二兩三四五六七八九十\d]+)\s*(?:個|項|樣|種|款)")
FEW = r"\b(?:top|first|worst|just|only|most|biggest|largest|few)\b|前|最(?![近好])|只"
ALL = (r"\b(?:all|every|everything|total|altogether|combined|whole|entire|full)\b|全部|所有|"
       r"總|加起來|合計|一共")
HOW_MANY = ("how many", "how much", "quantity", "多少", "幾", "數量", "貨量")  # words, no regex
ASKS_A_CHECK = (r"\b(?:check|verify|confirm|look (?:it )?up)\b|(?<!已)(?<!經)(?<!剛)查(?![過了])|"
                r"確認(?!過)|核對(?!過)")
# A question about inventory in general (what a reorder point is, why stock-outs happen)
# that speaks of no SKU, no item of the data and nothing of ours: no lookup answers it.
IN_GENERAL = (r"\b(?:in general|generally|in plain terms|in theory|what is an?|what's an?|"
              r"define|definition|why do(?:es)?|what does\b.{1,40}?\b(?:mean|stand for)|"
              r"difference between)\b|"
              r"一般來說|一般而言|什麼是|是什麼意思|的定義|是指什麼|為什麼會|差別|差異|有什麼不同")
# What a question supposes, for a "yes" to confirm: "..., right?", "I think", 對不對, 應該.
SUPPOSED = (r"\b(?:right(?! now)|correct|true|yes|no|not|think|assume|guess|suppose|believe|bet|"
            r"probably|maybe|still|already|more|less|fewer|than|enough|plenty|fine|ok|okay|"
            r"it's|it is|they're)\b|對|吧|應該|猜|記得|以為|是不是|沒錯|比|夠|還很|很多|已經|—|--")
HOW_COMPUTED = r"\bhow\b.{0,40}\b(?:computed|calculated|worked out)\b|怎麼算|如何計算|怎麼計算"
# What a word means ("what does target mean here?", 目標是什麼意思): the scope line says
MEANING = r"\bwhat (?:does|do|is)\b.{1,40}?\b(?:mean|stand for)\b|什麼意思|是指什麼|的定義"
OURS = (r"\b(?:we|our|ours|us|my|i|right now|currently|today|this week)\b|我們|我的|我|目前|"
        r"現在|今天|本週|這週")
# Words for our stock as a whole: a question with one asks about the data, even when it
# gives numbers of its own and asks a total ("the total stock of items under 20").
OUR_STOCK = ("stock", "inventor", "item", "product", "sku", "庫存", "存貨", "商品", "品項",
             "料號")
# Any number the question writes in digits, as written: 25, 10-15, 12/15, 10:30, 2.5.
WRITTEN_NUMBER = r"(?<![a-z0-9_])\d+(?:[.,:/-]\d+)*(?![a-z0-9_])"
# A number the person gives: digits standing alone, not a SKU's, a date's (2026-12-04,
# 12/15), a time's (10:30) nor part of a decimal.
GIVEN_NUMBER = r"(?<![a-z0-9_-])(?<!\d[.:/])\d+(?![a-z0-9_-]|[.:/]\d)"
# A question about the agent itself ("which tools can you use?", "can you place orders, or
# only look things up?", 你能做什麼): the toolbox answers it, no lookup does. The list leans
# narrow: a question it misses is offered the tools, as before.
# Thanks and nothing else ("thx!", "ok great, thanks", 謝啦): a closed list, for the
# program's own reply when the model's cannot be read (chatdev6: 謝謝 got the scope line)
THANKS_WORDS = set("""thanks thank thx ty 3q you so much a lot very ok okay great cool perfect
    awesome nice got it that s all for now bye 謝 謝謝 謝啦 感謝 多謝 了 啦 喔 哦 好 好的 收到 讚
    掰""".split())
ABOUT_ME = (r"\b(?:which|what) tools\b|\byour tools\b|\bwhat can you do\b|\bcapabilit|"
            r"\bwhat (?:kinds?|sorts?|types?) of (?:questions|things)\b|"
            r"\bor (?:only|just) (?:look|check|search|answer)|"
            r"(?:哪些|什麼)工具|你(?:能|可以|會)(?:幫我)?做(?:什麼|哪些)|(?:能|可以)回答(?:什麼|哪些)")


# Words that ask about items other than those named: every tool stays offered.
OTHER_ITEMS = ("what else", "anything else", "besides", "other", "except", "除了", "其他",
               "其它", "還有什麼", "以外")
# Words that ask for what only a list or a search gives: with one, a question that names a
# SKU is offered every tool. The list leans wide: a word too many keeps today's behaviour.
BEYOND_SKUS = OTHER_ITEMS + (
    "which items", "what items", "which products", "what products", "list", "every",
    "all items", "all products", "everything", "find", "search", "named", "called", "similar",
    "哪些", "列出", "所有", "全部", "找", "搜尋", "名叫", "叫做")
# A question for the reorder list names no item and asks which ones are low.
WHICH = ("which", "what needs", "what is low", "what's low", "what is running",
         "what's running", "what should", "what to", "anything", "list", "哪些", "哪幾",
         "列出", "有沒有", "all the", "all items", "every item", "全部", "所有", "what do",
         "什麼", "甚麼", "啥")
LOW = ("low", "below", "under target", "short", "reorder", "restock", "running out",
       "run out", "replenish", "補", "缺", "低於", "不足", "快沒", "不夠",
       # out of stock is below target, so the reorder list holds it (unless its target is 0)
       "out of stock", "completely out", "sold out", "stocked out", "stockout", "賣完", "售完",
       "沒貨")
# ...unless it asks which are not low: the list of those below target answers no such thing.
NOT_LOW = (r"\bnot (?:\w+ )?(?:low|below|short|running)|n't (?:\w+ )?(?:low|below|short)|"
           r"不缺|沒缺|不用補|不需要?補|不必補")


def offered_first(question, inventory, *, writes=False):
    """The names of the tools the first request offers, or None for every tool: none when no
    lookup could help (may_need_tools); only get_stock when the question names a SKU and
    asks for nothing a list or a search gives; only find_items when it names an item by its
    name alone; only list_reorder when it names none and asks which are low. Offered all
    three, a small model answered "Check A001 and A002 and suggest how many of each to
    reorder" with list_reorder, 濾掛咖啡的庫存 with list_reorder too, and 哪些需要補貨 with
    a search for 需要補貨. `writes`: the run may place orders, and a question naming a SKU
    may ask for one."""
    if not may_need_tools(question, inventory):
        return ()
    folded = normal(question)
    if writes or any(word in folded for word in OTHER_ITEMS):
        return None
    words, pairs = _words_and_pairs(folded)
    if re.search(SKU_SHAPE, folded) or any(inventory.lookup(word.upper()) for word in words):
        by_name = any(normal(name) in folded for row in inventory.rows()
                      for name in names_of(row)
                      if row["sku"].casefold() not in words)  # "Compare A001 with 烏龍茶包"
        beyond = by_name or any(word in folded for word in BEYOND_SKUS)
        return None if beyond else ("get_stock",)
    if any(_names_by_name(row, words, pairs) for row in inventory.rows()):
        return ("find_items",)
    return ("list_reorder",) if asks_the_list(folded) else None


def asks_the_list(folded):
    """Whether a (folded) question naming no item asks which items are low ("what needs
    reordering?", 哪些要補貨): the reorder list answers it."""
    low = any(word in folded for word in WHICH) and any(word in folded for word in LOW) and \
        not re.search(NOT_LOW, folded)
    return low or "叫貨" in folded and re.search(ORDER_IN, folded) is not None


# Which goods to order in, as shop staff in Taiwan ask it, the words side by side (dev25,
# dev26: 哪些要叫貨 was offered every tool, the small model asked which items, and the person
# read the scope line): not 要叫貨要填什麼表單, 所有要叫貨的都叫了嗎, 哪些沒必要叫貨, nor 訂貨,
# which customers do too (reviews': each got the reorder list)
ORDER_IN = (r"(?:哪些|哪幾[個樣項款種]?|什麼)(?:東西|品項|商品)?(?:需|應|該)?要?叫貨|"
            r"(?:需|應|該)?要?叫貨的(?:有)?(?:哪些|哪幾)")


# Words that ask of every item of the data ("the total stock across all items", 全部品項加起來
# 有多少): naming none, only a lookup of each answers it (the policy makes it, in small data).
EVERY_ITEM = (r"\b(?:across )?(?:all|every|each)(?: of)?(?: the| our)? (?:items?|products?|skus?|"
              r"lines?)\b|\bacross (?:all|everything|the (?:board|inventory|range))\b|"
              r"\beverything\b|"
              r"\b(?:whole|entire|all (?:of )?(?:our|the)) (?:inventory|stock)\b|"
              r"(?:全部|所有|每個|每一個|每項|每一項|各)的?(?:品項|商品|產品|貨品|東西|項目|料號)|"
              r"(?:全部|所有)的?(?:庫存|貨)")
EVERY_HINTS = ("all", "every", "each", "across", "whole", "entire", "全部", "所有", "每", "各")
# ...in words of nothing else: a total or a list of the stock or the targets. Not "all items
# with less than 20 units", "everything we need to order", 所有品項裡抹茶類的, "how many SKUs",
# "missing across all items", nor "these all" of the items before (a review's: each got the
# total of every item's stock)
EVERY_ITEM_WORDS = set("""what whats s is are the our my we us do does have has got how many much
    total totals in across of stock stocks units unit inventory on hand added add up put together
    altogether combined sum overall grand currently now right today pls please can could you
    tell me give show list check for and target targets level levels quantity quantities
    all every each everything whole entire
    全部 所有 品項 商品 產品 東西 貨 庫存 加起來 加總 總共 一共 合計 總計 總和 總量 總數 有 多少 幾 包
    個 件
    我們 的 現在 目前 請問 請 幫我 查 一下 算 是 呢 嗎 目標 量 總 還 剩
    ok okay so alright 好 吧 那""".split())


def asks_every_item(question, count=0):
    """Whether the question asks of every item of the data, naming none, in words of its
    stock or targets alone (EVERY_ITEM_WORDS): the small model looked up SKUs it made up
    ("B002", "C003") and summed those. So does a question of as many items as the data
    holds (`count`): 三個品項加起來 of three."""
    folded, skus = normal(question), skus_named(question)
    if count and not skus and any(word in folded for word in _COUNTS) and \
            items_counted(question) == count:  # most questions count no items: no compiling
        return _made_of(re.sub(ITEMS_COUNTED, " ", folded), EVERY_ITEM_WORDS)
    return _of_every_item(folded, skus)


_COUNTS = ("both", *"two three four five six seven eight nine ten".split(), *"兩二三四五六七八九十")


def _of_every_item(folded, skus):
    return not skus and any(hint in folded for hint in EVERY_HINTS) and \
        re.search(EVERY_ITEM, folded) is not None and \
        _made_of(re.sub(EVERY_ITEM, " ", folded), EVERY_ITEM_WORDS)


def orders_of_one(question):
    """Whether the question asks for an order to be placed, in its first clause
    (ORDER_REQUEST) or any in so many words (ORDER_REQUEST_AFTER: "ok whatever. place an
    order for 20 then", "ok, order 18 then", 那幫我下單二十包, 那你直接幫我下單好了; not "Show
    me the stock, order by target", 好，進貨了嗎？), and names nothing of every item nor of
    those short ("order whatever we're short", "Buy the out-of-stock items"): in a
    conversation, of an item the turns before found."""
    folded = normal(question)
    return (re.match(ORDER_REQUEST, folded) is not None or any(
        re.match(ORDER_REQUEST_AFTER, clause) for clause in re.split(CLAUSE, folded))) \
        and not re.search(ALL, folded) and not any(word in folded for word in WHICH + SHORT_OF)


# Words that an order request for whatever is short uses ("order whatever we're short").
SHORT_OF = ("low", "below", "short", "under", "out", "empty", "need", "低於", "不足", "缺",
            "不夠", "快沒", "沒了")


def may_need_tools(question, inventory):
    """False when the program can tell that no tool could help this question: the person
    says not to look anything up (unless it states a figure of ours to confirm), gives the
    stock and the level wanted themselves, asks what the agent can do (ABOUT_ME) or about
    inventory in general (_asks_in_general), or it names no SKU, no item of the data and
    nothing the tools know (a greeting, the weather, a sum), or only sums numbers of its
    own (_sums_its_own).
    The loop then sends its first request without tools: a small model offered tools calls
    one for "Good morning!" too."""
    folded = normal(question)
    if says_no_lookup(folded):
        return _claims_a_figure_of_ours(folded, inventory) or _asks_of_ours(folded, inventory)
    if _gives_the_facts(folded):  # unless they are figures of ours to confirm, not to order by
        return _claims_a_figure_of_ours(folded, inventory) and \
            not re.search(ORDER_WORDS, folded)
    if re.search(SKU_SHAPE, folded):  # a SKU the data may lack: get_stock says so
        return True
    if re.search(ABOUT_ME, folded):
        return False
    if not _sums_its_own(folded) and any(word in folded for word in TOOL_WORDS + LOW) and \
            not _asks_in_general(folded):  # 哪些東西不夠了: being low is the tools' too
        return True
    return _names_an_item(folded, inventory) or misspelled(folded, inventory) is not None


def misspelled(folded, inventory):
    """A word of the question spelled like a name of an item, or a word of one, in data
    small enough to scan (ALIKE_ROWS): "hw many genmacha teabags shud we oder", genmacha
    (of genmaicha tea bags), was sent without tools, and the person read the scope line. A
    search for it returns its items as spelled alike, no more (tools.find_items)."""
    if len(inventory) > ALIKE_ROWS:
        return None
    words = [word for word in dict.fromkeys(re.findall(r"[a-z]{4,}", folded))
             if not asks_with(word) and word not in THANKS_WORDS and
             word not in _CONTAINED][:MISSPELLED_WORDS]
    return next((word for word in words if names_spelled_alike(word, inventory.rows(), normal)),
                None)


MISSPELLED_WORDS = 8  # the most words scanned for a name misspelled (a note pasted: 18 ms each)
# What goods are counted in, never a name misspelled (cd11: "what about oolong tea bags?" in
# data with "drip bag coffee" was searched as "bags", and read spelled alike)
CONTAINERS = ("unit", "piece", "pack", "packet", "bag", "box", "case", "carton", "crate",
              "tray", "bottle", "jar", "tin", "can", "sack", "roll", "bundle")
_CONTAINED = {form for one in CONTAINERS for form in (one, one + "s", one + "es")}


def _claims_a_figure_of_ours(folded, inventory):
    """"No need to look, A001 has 30, right?", 你不用查，A003 有 50 包吧, "A001 has 12? and
    target 25 right?": a SKU or an item of ours named, and figures of it asked to be
    confirmed or repeated (_to_confirm). A figure the person gives is never a fact of ours, so
    only a lookup answers it, whatever the question says of looking."""
    return bool(_to_confirm(folded, re.sub(SKU_SHAPE, " ", folded), told=True)) and (
        re.search(SKU_SHAPE, folded) is not None or _names_an_item(folded, inventory))


def _asks_of_ours(folded, inventory):
    """"Don't look it up, just tell me: is A003 out of stock?", 不用查，A001 要補多少？: an
    item of ours named, and no number of the person's to work from, nor a question of how
    things are done in general: only a lookup answers it, whatever it says of looking."""
    return not re.findall(GIVEN_NUMBER, re.sub(SKU_SHAPE, " ", folded)) and \
        not _asks_in_general(folded) and not re.search(f"{ABOUT_ME}|{HOW_COMPUTED}", folded) \
        and _names_an_item(folded, inventory)


def _sums_its_own(folded):
    """"Counted 8 on the shelf and 27 in the back: total?", 前面 8 包、倉庫 27 包，總共幾包？:
    two numbers or more and their total or difference asked, and no word for our stock,
    for ordering or for being low ("what to reorder before 10:30, plus what is low?"). The
    numbers are the person's; a lookup adds nothing to them (a small model offered tools
    looked up "8" and "27")."""
    return len(re.findall(GIVEN_NUMBER, folded)) >= 2 and \
        re.search(f"{TOTAL}|{DIFFERENCE}", folded) is not None and \
        not any(word in folded for word in OUR_STOCK + LOW) and \
        not re.search(ORDER_WORDS, folded)


def _names_an_item(folded, inventory):
    """Whether the question names an item of the data, by its SKU or by its name."""
    words, pairs = _words_and_pairs(folded)
    return any(row["sku"].casefold() in words or _names_by_name(row, words, pairs)
               for row in inventory.rows())


def _past_no_lookup(folded):
    """The question after an opening clause that says only not to look anything up
    ("without looking it up again, is it below target?", 不用再查了，它離目標還差多少？):
    what it asks is in the rest."""
    if not any(negation in folded for negation in _NEGATIONS) or not says_no_lookup(folded):
        return folded  # most questions (start-up is counted)
    head, *rest = re.split(CLAUSE, folded, maxsplit=1)
    if rest and rest[0].strip() and says_no_lookup(head) and _only_no_lookup(head):
        return rest[0].strip()
    return folded


def _only_no_lookup(head):
    """Whether a clause says not to look anything up and nothing else: not "Without
    checking the back room" (a review's: the data cannot tell the back room from the
    shelves), nor "Don't check the oolong tea bags again"."""
    chinese = "".join(re.findall(r"[\u4e00-\u9fff]", head))
    for negation in NO_LOOKUP_ZH[0]:
        chinese = chinese.replace(negation, "")
    return not chinese.strip(_NO_LOOKUP_ZH_MORE) and all(
        word in _NO_LOOKUP_EN_MORE or word.startswith(NO_LOOKUP_EN[1])
        for word in re.findall(r"[a-z']+", head))


_NEGATIONS = NO_LOOKUP_EN[0] + NO_LOOKUP_ZH[0]
# The words a clause saying only not to look anything up may hold besides its negation and
# its lookup word ("no need to look it up again", 不用再查了啦)
_NO_LOOKUP_EN_MORE = set("""don't do not dont no need to without it up again anything them
    that please just ok okay so you any more twice""".split())
_NO_LOOKUP_ZH_MORE = "再查了看詢一下啦喔囉吧呢你"


def says_no_lookup(folded):
    """"don't check", "without looking", 不用再查: a negation, then a lookup word within
    three words (two characters in Chinese) of the same clause. "Don't worry, just check
    A001", "I don't know, check what's low", 不要猜，查一下 are none (a review's: they were
    asked without tools). `folded`: the question as normal() folds it."""
    negations, lookups = NO_LOOKUP_EN
    negations_zh, lookup = NO_LOOKUP_ZH
    for clause in folded.translate(_CLAUSE_ENDS).split("\n"):
        words = clause.split()
        for index in range(len(words)):
            if " ".join(words[index:index + 3]).startswith(negations) and \
                    any(later.startswith(lookups) for later in words[index + 1:index + 4]):
                return True
        if any(lookup in clause[clause.find(negation) + len(negation):][:3]
               for negation in negations_zh if negation in clause):
            return True
    return False


_CLAUSE_ENDS = str.maketrans(dict.fromkeys(",:;.!?，：；。！？", "\n"))


def _gives_the_facts(folded):
    """The item's stock and the level wanted are in the question, and nothing asks to
    check them."""
    if not re.search(GIVEN_LEVEL, folded) or re.search(ASKS_A_CHECK, folded) or \
            re.search(ASKS_STOCK, folded):
        return False
    return len(re.findall(GIVEN_NUMBER, re.sub(SKU_SHAPE, " ", folded))) >= 2


def _asks_in_general(folded):
    """"What is a reorder point?", 一般來說…: asked of inventory in general, not of ours."""
    return re.search(IN_GENERAL, folded) is not None and re.search(OURS, folded) is None


def _words_and_pairs(folded):
    """The question's words (letters and digits) and its pairs of characters, as sets: each
    row of the data is then looked at once, by set lookups, and a long greeting over a large
    catalogue costs what the catalogue does, not catalogue times question."""
    return (set(re.findall(r"[a-z0-9_-]+", folded)),
            {folded[index:index + 2] for index in range(len(folded) - 1)})


def _names_by_name(row, words, pairs):
    """The question (its `words` and its `pairs` of characters) names this item by one of
    its names: two characters in a row of a Chinese name, an English name of one word, or a
    word of four letters or more of a longer one; not a word questions ask with (asks_with)."""
    for name in map(normal, names_of(row)):
        if name.isascii() and (name in words or any(
                len(word) >= 4 and word in words and not asks_with(word)
                for word in name.split())):
            return True
        if not name.isascii() and any(name[index:index + 2] in pairs and
                                      not asks_with(name[index:index + 2])
                                      for index in range(len(name) - 1)):
            return True
    return False


def names_of(row):
    """An item's name and its other names (the data's optional aliases, ";" between them)."""
    return [name.strip() for name in [row["name"], *row.get("aliases", "").split(";")]
            if name.strip()]


# What the tools do not hold: sales, prices, suppliers, deliveries, causes, orders placed
# before ("What's the price of A002 and its stock?", A003 什麼時候到貨？), and figures of
# another day than today (OTHER_DAY). Today's figures answer no such question: the program
# says so before them, and shows no model claim of today's figures asked of another day
# ("How much stock did A001 have last month?": "A001 had 12" would read as the answer).
OTHER_DAY = (r"\blast (?:week|month|year|time)\b|\byesterday\b|\bago\b|"
             r"\bnext (?:week|month|year)\b|\btomorrow\b|\bhistor|\btrend|\bforecast|\bpredict|"
             r"\bdays? (?:of|left)\b|"
             r"\bhow (?:fast|quickly|long)\b|上個月|上週|上周|昨天|前天|下週|下周|下個月|明天|預測|"
             r"多久")
# ...unless it asks of now too ("We restocked last week: is A001 still low?").
NOW = r"\b(?:now|today|currently|still|yet|anymore|left)\b|現在|目前|今天|還"
NOT_HELD = (r"\bpric(?:e|es|ed|ing)\b|\bcosts?\b|\bspend|\bexpensive|\bcheap|\bpricier|\bweigh|"
            r"\bsuppl(?:ier|ies|ied|y)\b|\bvendors?\b|\bsales\b|\bsold\b|"
            r"\bsell(?:s|ing)? (?:well|fast|out|through)|\bdeliver|\barriv|\bshipment|\beta\b|"
            r"\bback in stock\b|\bwhy\b|\breason|\balready (?:order|placed|bought)|"
            r"\b(?:open|pending) orders?\b|\bon order\b|價格|價錢|售價|多少錢|貴|便宜|成本|費用|花多少|"
            r"供應商|廠商|銷量|銷售|賣得|賣了|賣出|到貨|送達|交期|什麼時候|何時|為什麼|為何|原因|"
            r"訂過|已經訂|已經下單|下單了嗎|重量|多重")
# ...and, searched only in a question holding one of NOT_HELD_WORDS (a longer NOT_HELD costs
# every run its compiling), a price in other words, what was sold, and how long stock lasts
NOT_HELD_WORDS = ("sell", "charge", "last", "夠", "撐")
NOT_HELD_TOO = (r"\b(?:how much|what) (?:do|does|did|can|could|should|would|will) [\w ]{1,30}? "
                r"(?:sells?|charge) (?:\w+ ){0,3}?for\b|\bhow much (?:do|can) we charge\b|"
                r"\bdid (?:we|you|they) sell\b|\blast (?:until|till|through)\b|夠(?:賣|用)|撐")
# ...nor another place's (a store, a warehouse, a shelf, a supplier), nor items held back,
# given back, damaged, expired or on their way: searched only in a question holding one of
# ELSEWHERE_WORDS (most hold none, and compile nothing). "Our store" is one too: "our store in
# Taipei", 我們店的倉庫 and "our stores" may be another place or several (a review's)
ELSEWHERE = (r"\b(?:stores?|shops?|branch(?:es)?|other warehouses?|locations?|outlets?|"
             r"shel(?:f|ves)|back ?room|distributors?|wholesalers?|reserv\w*|return(?:ed|s)|"
             r"expir\w*|damaged|defective|broken|transit|allocated|samples?|held|hold|"
             r"(?:customers?|clients?|buyers?)(?: \w+)? return)\b|"
             r"門市|分店|總倉|另一(?:個|間)?倉庫|店|架上|供貨商|批發商|經銷商|退|過期|即期|保留|"
             r"預留|受損|損壞|壞|瑕疵|運送中|在途|樣品|訂走")
ELSEWHERE_WORDS = ("store", "shop", "branch", "other warehouse", "location", "outlet", "shel",
                   "room", "distributor", "wholesaler", "reserv", "return", "expir", "damaged",
                   "defective", "broken", "transit", "allocated", "sample", "held", "hold",
                   "門市", "分店", "倉庫", "總倉", "店", "架上", "供貨商", "批發商", "經銷商", "退",
                   "過期", "即期", "保留", "預留", "受損", "損壞", "壞", "瑕疵", "運送中", "在途",
                   "樣品", "訂走")


# --- The answer's shape -----------------------------------------------------------------

AUXILIARIES = r"(?:is|are|do|does|did|should|shall|can|could|will|would|has|have|need|must)\b"
YES_NO_EN = rf"^{AUXILIARIES}|yes or no|yes/no"
# An English question of one sentence with no question word and no "or" ("A003 out of
# stock?", "Any A003 left?") asks a yes or no too: English has those few question words (a
# Chinese one with none asks with 嗎 or 有沒有, and its question words are many).
NOT_WH = r"^(?!.*\b(?:what|which|how|who|whom|whose|when|where|why|or)\b)(?:(?![.?!])[ -~])+\?$"
# A yes or no of today's data answers a question only in the present and of what is: not
# one of another time ("Will A003 be in stock next week?", "Was A002 low last month?",
# "almost out", 快缺貨了嗎, 會不會缺貨), nor...
NOT_NOW = (r"^(?:was|were|had)\b|\bwill\b|\bgoing to\b|\bsoon\b|\balmost\b|\bnearly\b|"
           r"\babout to\b|\bclose to\b|\btomorrow\b|\bnext\b|"
           r"快|會|將|明天|下週|下周|下個月|之後|以後")
# ...one of an order asking anything but whether it is needed ("Did we reorder A003?", "Is
# A003 on order?", A003 下單了嗎？: a yes that it needs one would read as one placed), which
# asks with a word of need or advice, a closed class.
NEEDED = r"\bneeds?\b|\bneeded\b|\bshould\b|\bmust\b|\bhave to\b|\bought\b|\bdue\b|需|要|該|應"
YES_NO_ZH = r"嗎|是否|有沒有|要不要|需不需要|是不是|會不會|夠不夠|缺不缺|用不用|該不該"
# A question that gives a reason, or asks whether to do without ("can we skip reordering A001
# because it's below target?"): a yes or no to it says nothing the reader can place.
PREMISE = (r"\bbecause\b|\bsince\b|though|\bskip\b|\balone\b|\bwithout\b|\bhold off\b|"
           r"因為|既然|雖然|(?<!用)不用|不必|可以不|不補|(?<!要)不要|(?<!需)不需")  # not 要不要
# Which verdict a yes-or-no question asks for: the one its words name.
ASKED = (("out", r"out of stock|sold out|run out|ran out|\b(?:are we|we're|we are) out of\b|"
                # "Is A003 out?", "Is A003 completely out?": the question's last word
                r"^(?:is|are) [\w-]+(?: [\w-]+)? (?:completely |totally |all )?out\W*$|"
                r"缺貨|(?<!有)沒有?貨|賣完|售完|斷貨"),
         ("found", r"\bexists?\b|\bcarry\b|\bvalid\b|存在|有這個|有此"),
         ("below", r"\bbelow\b|\bunder\b|\blow\b|\bshort\b|不足|低於|不夠|偏低|目標以下"),
         ("above", r"\babove\b|\bover\b|高於|超過|目標以上"),
         ("reached", r"enough|sufficient|well stocked|充足|足夠|夠|達標|達到目標"),
         ("reorder", r"order|restock|replenish|need more|top.?up|buy more|補|訂|下單|進貨|叫貨|"
                     r"採購"),
         # whether there is any, asked yes or no ("Any A003 left?", A003 還有貨嗎？)
         ("instock", r"in stock|\bleft\b|\bremaining\b|有貨|有沒有貨|有庫存|有現貨|還剩"))
# Whether there is any, in words that ask it only when they name no other verdict ("Do we
# still have any oolong?", 還有烏龍茶包嗎？; not "Do we have any A001 below target?", 還有
# A003 缺貨嗎？, nor 還有別的嗎？, "anything else?"), nor whether an item is in the catalogue.
ANY_LEFT = (r"^(?:do|does) (?:we|you) (?:still )?have any\b(?!.*\b(?:in|on) (?:our|the) "
            r"(?:system|catalog|catalogue|database|records?|list)\b)|"
            r"^還有(?!多少|幾|別|其他|其它|什麼|甚麼)|還有[嗎吗]")
# Whether any item holds the verdict asked ("Is anything out of stock?", 有需要補貨的嗎？):
# a yes to it is of some item (asked of no other, by plain()).
SOME = (r"\banything\b|\bany (?:items?|products?|skus?)\b|有.{0,4}的[嗎吗]")
TOTAL = (r"\btotal\b|\bsum\b|altogether|\btogether\b|combined|in all|add(?:ed)? up|\bplus\b|\+|"
         r"加起來|總共|合計|一共|總計|總和|加")
# "add them up", "add those two stock numbers up"; not "add A001 to my list and look up A002"
ADD_UP = (r"add(?:ed)?(?: (?:them|it|those|these|the|both|all|two|three|four|stock|numbers|"
          r"targets?|orders?|quantities|figures))* up\b")
# "How many more oolong do we have than drip coffee?" asks the difference of the two; "By
# how much?" after a comparison ("which has more, A001 or A002? By how much?"), ending
# its clause: "rank them by how much to order" and "both are below target. By how much?"
# ask no difference.
DIFFERENCE = (r"difference|\bdiff\b|\bgap between\b|how many more|how much more|"
              r"\b(?:more|less|fewer|higher|lower|further|farther|bigger|larger|smaller)\b"
              r"[^\n]{0,200}?\bby how (?:much|many)(?:\s+\w+)?(?=\s*(?:[?.!,]|$))|"
              r"more than|fewer than|less than|\b(?:more|fewer|less)\b[^.?!]{1,40}\bthan\b|"
              r"\bminus\b|(?<=\d)\s*-\s*(?=\d)|減|"
              r"相差|差多少|差幾|多幾|少幾|多多少|少多少")
# How far an item is from its target, asked beside its target: "by how much?" after "is it
# above target?", "how far below target", 離目標還差幾包, 超出目標多少
GAP_WANTED = (r"by how (?:much|many)|how far|how short|how much (?:above|below|over|under)|"
              r"多遠|"
              r"差(?:目標)?了?(?:多少|幾)|(?:多|少|高|低|超出|超過|高出|多出|高於|低於)(?:目標)?了?"
              r"(?:多少|幾)")
# The two sides of a comparison: the words before "than" (比, not 比較) and those after,
# within the clause.
THAN = r"\bthan\b|比(?!較)"
CLAUSE = r"[,;:?!，；：？！。]|\.(?!\d)"
ORDER_WORDS = (r"order|restock|replenish|top(?:ping)? (?:it |them )?up|buy|shortfall|補|訂|進貨|"
               r"採購|叫貨|要叫|叫幾|叫多少|缺口")

# What a question asks to work out from a figure of the person's own ("I counted 8 of A001:
# how many to order?", 假設 A001 只剩 5 包, "is that enough?"): its figure is no claim of ours.
WORKS_OUT = (rf"how (?:many|much)|\benough\b|\bif\b|\bleft\b|多少|幾|夠|假設|如果|要是|{TOTAL}|"
             rf"{DIFFERENCE}")
# A figure the question asks to be confirmed ("..., right?", 對吧) or repeated ("just say
# yes", 直接回我…就好, 系統通知：…請依此回答: how an injection asks), not one the person
# reports ("sold 20", 剛進了 15 包). Either is looked up; only the first is answered of.
CONFIRMING = r"confirm|\bright\b|correct|\btrue\b|確認|對嗎|對吧|沒錯|是嗎|吧"
TOLD = (r"\bsay\b|\btell me\b|\breport\b|\breply\b|\boverride\b|\bignore\b|就好|回我|回答我|"
        r"告訴我|跟我說|系統說|系統通知|指令|忽略|依此")
# A request for an order opens with a verb asking for one, or wanting one ("Please order 18
# of A001", "I'd like to order 18 of A001", 幫我下單濾掛咖啡 18 包, 我要訂 20 包玄米茶); a later
# clause, only with a word asking for it or "place an order", perhaps after one taking up
# the turn before ("ok, ...", 好，那幫我...; not "then, order status?", 好，進貨了嗎？).
_ASKS_EN = (r"(?:(?:please|pls|just|go ahead and|(?:can|could|would|will)\s+(?:you|u)|"
            r"i['’]d like to|i would like to|(?:i|we) (?:want|need) to|let['’]?s)\s+)")
_PLACE_EN = r"place (?:an?|the|my) (?:purchase )?order"
_ORDERS_EN = r"order|reorder|restock|buy|purchase"
_ASKS_ZH = r"(?:請(?!問)|幫我|幫忙|麻煩|直接|就|我們?(?:想|要)+)"
_ORDERS_ZH = r"(?:下單|下訂|訂購|訂|叫貨|採購|進貨|補貨)"
# "reorder list please", "order status of A001": an order word naming what to show, no order
_OF_ORDERS = r"(?:list|report|status|levels?|points?|history|quantit|suggestion|amounts?)"
ORDER_REQUEST = (rf"\s*{_ASKS_EN}*(?:{_PLACE_EN}|{_ORDERS_EN})\b(?!\s+{_OF_ORDERS})|"
                 rf"\s*{_ASKS_ZH}*{_ORDERS_ZH}")
ORDER_REQUEST_AFTER = (rf"\s*(?:(?:ok(?:ay)?|so|then)\s+)?(?:{_ASKS_EN}*{_PLACE_EN}|"
                       rf"{_ASKS_EN}+(?:{_ORDERS_EN})\b|(?:{_ORDERS_EN}) \d+\b)|"
                       rf"\s*(?:(?:好的?|那)\s*你?)?\s*{_ASKS_ZH}+{_ORDERS_ZH}"
                       r"(?!單|清單|量|數|建議|價)")
# The words and characters an order request opens with (ORDER_REQUEST's first): a question
# that opens with none asks no order, and the pattern is not compiled (start-up is counted,
# and most questions open otherwise: "Check the stock of A001 ...").
_ORDER_OPENERS = {"please", "pls", "just", "go", "can", "could", "would", "will", "i'd", "i’d",
                  "i", "we", "let's", "let’s", "lets", "place", "order", "reorder", "restock",
                  "buy", "purchase"}
_ORDER_OPENERS_ZH = "請幫麻直就我下訂叫採進補"


def _opens_an_order(folded):
    start = folded.lstrip()
    word = start[:len(start) - len(start.lstrip("abcdefghijklmnopqrstuvwxyz'’"))]
    return start[:1] in _ORDER_OPENERS_ZH or word in _ORDER_OPENERS


# A request for a lookup opens with a verb asking for one ("Check A001", 幫我查 A002).
REQUEST = (r"\s*(?:(?:hi|hey|hello)\W+)?(?:(?:can|could|would|will)\s+(?:you|u)\s+)?"
           r"(?:please\s+|pls\s+)?(?:check|list|show|find|look|search|give|get|pull|tell|"
           r"display|fetch|run|see)\b|\s*(?:請(?!問)|幫我|幫忙|麻煩|查|列出|列|給我|找|搜|顯示|看)")
# A verb or word that makes a claim the person asks to be checked ("Check A003 is still
# stocked", 幫我確認 A003 還有貨): such a request asks a yes or no.
CLAIMS = (r"\b(?:is|are|was|were|has|have|had|does|do|did|doesn't|don't|isn't|aren't|still|"
          r"it's|bet|needs?|ok|okay|fine|enough)\b|有|是|還|確認|沒問題|夠")
# "Which has the most stock?", "A001 or A003: which is further below target?", 哪個比較少: a
# comparison, most or least, of the stock, or of the shortfall when the question speaks of
# ordering, of being below target or of needing ("which needs more?" asks the shortfall).
WHICH_ONE = r"\bwhich\b|\bwhat\b|\bwho\b|哪"
MOST = (r"\bmost\b|\bhighest\b|\blargest\b|\bbiggest\b|\bgreatest\b|\bfurthest\b|"
        r"\bfarthest\b|\bmore\b|\bhigher\b|\blarger\b|\bbigger\b|\bgreater\b|\bfurther\b|"
        r"\bfarther\b|最多|最高|最大|最缺|比較多|較多|更多|比較高|比較缺|較缺|更缺")
LEAST = (r"\bleast\b|\bfewest\b|\blowest\b|\bsmallest\b|\bless\b|\bfewer\b|\blower\b|"
         r"\bsmaller\b|最少|最低|最小|比較少|較少|更少|比較低")
SHORT = r"below|\bshort|under (?:its |their |the )?targets?|\bneeds?\b|低於|不足|缺|需要"
# A question that compares in any measure ("which sells faster?", "Is A003 more urgent than
# A001?", 誰比較需要補貨): a model's comparison of two items, said of no field, is of the
# stock only when the question says so.
COMPARES = (r"\bwhich\b|\bwho\b|\bor\b|\bvs\b|versus|compar|\bmore\b|\bless\b|\bfewer\b|"
            r"\bmost\b|\bleast\b|\b\w+(?:er than|est)\b|哪|誰|還是|比|較|更|最")
# What a sum, a difference or a comparison is of: the field named nearest the words asking
# for it (_field).
TARGETS = r"\btargets?\b|\bgoals?\b|目標"
# A level against the target, no figure of it ("What's below target?", 離目標多遠).
LEVELLED = (r"\b(?:below|above|under|over|at|reach(?:ed|es)?|to|from|hit|meet|of) (?:the |its "
            r"|their )?targets?\b|低於目標|高於目標|超過目標|達到目標|到目標|離目標|距離目標")
# A target reached, a level ("did they reach their targets?"); "further from reaching its
# target" is a gap (GAP)
REACHED = (r"(?<!from )\b(?:reach(?:ed|es|ing)?|hit|meet|get back to|get to) "
           r"(?:its |the |their )?targets?\b")
DESCRIBED = (r"\b(?:items?|ones|products|skus|those|everything|anything)\s+(?:that are |which "
             r"are |that's )?(?:below|under) (?:the |their |its )?targets?\b|低於目標的")
STOCK_WORDS = r"(?<!target )\bstock|on hand|inventory|(?<!目標)庫存|存貨|現貨|剩"  # not "target stock"
# Words of having: a total in them, naming no field, is of the stock ("how many do we have
# altogether?"); in none ("how many is that altogether?", 兩個加起來多少), of either
HAVING = r"\b(?:have|has|had|got|left|remaining|carry)\b|(?<!所)有|剩"  # not 所有, "all"
GAP = (r"\bbelow\b|\bshort|under target|how far|\bgap\b(?! between)|deficit|(?:from|\bto|up to) "
       r"(?:reach(?:ing)? |hit(?:ting)? |meet(?:ing)? )?(?:its |the |"
       r"their )?targets?|還差|還缺|缺多少|缺幾|離目標|距離目標|距目標|比目標|低於|不足|到目標|補滿|補齊")
# A number the question measures a total against ("over 75 combined?", 有沒有超過 40).
THRESHOLD = (r"\bover\b|\babove\b|more than|exceed|at least|\bunder\b|\bbelow\b|less than|"
             r"fewer than|超過|多於|少於|低於|不到|達到|至少")
# A surplus measured ("over target by more than 20", "over by 20", 超出目標超過 20): no field
# holds it, so no figure is measured by the number (a review's: "Target of A002: 30, more
# than 20" read as a yes, where it is 15 over)
OVER_BY = (r"(?:above|over|exceeds?|beats?|tops?) (?:its |the |their )?targets?\b[^.?!,]{0,20}"
           r"\bby\b|\bover by\b|"
           r"(?:超出|超過|高於)目標\D{0,6}\d|超出目標\S{0,4}(?:超過|多於)")
# A gap to the target, or over it, measured in the clause of the number ("more than 20 over
# target", "Is the gap over 15?", 離目標差超過 20, 比目標多超過 20): "gap" may be either way and
# no field holds a surplus, so no figure is measured by the number (a review's: "Target of
# A002: 30, more than 20" read as a yes, where it is 15 over). A shortfall is the suggested
# order ("short by more than 15"), measured as that field.
A_GAP = rf"{OVER_BY}|{LEVELLED}|\bgaps?\b|\bsurplus|比目標"
# "Which is further above target?": no comparison the program writes answers it (the item
# lines say how far above target each is).
ABOVE_TARGET = (r"(?:above|over) (?:its |the |their )?targets?|高於目標|超過目標|超出目標|"
                r"比目標多|比目標高")
# Arithmetic the person writes out ("17 times 3", 17 乘以 3, 120 / 4): the program works it
# out. A minus sign or a slash needs spaces round it: 2026-12-04 is a date, 12/30 a ratio.
OPERATORS = {"+": r"\+|\bplus\b|加上|加", "-": r"\s-\s|\bminus\b|減去|減掉|減",
             "×": r"[×*]|(?<=[\d\s])x(?=[\d\s])|\btimes\b|multiplied by|乘以|乘上|乘",
             "÷": r"÷|\s/\s|divided by|除以"}
_OPERATOR = "|".join(f"(?:{pattern})" for pattern in OPERATORS.values())
NUMBER = r"(?<![a-z0-9_.,-])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![a-z0-9_]|[.,]\d)"
WORKED = rf"{NUMBER}(?:\s*(?:{_OPERATOR})\s*{NUMBER})+"
EQUATION = rf"({WORKED})\s*=\s*({NUMBER})"  # in an answer: "25 - 7 = 18"
# Numbers are added up only when they count one thing: 一箱 24 包，進了 5 箱 is not 24 + 5
# of anything, nor "5 per day and 30 on hand", nor "2 cartons of 24 and 5 packs"; and a
# rate ("we sell 3 a day") is no change of the stock to work out (_one_change). A number
# counts what the word after it names (UNIT: a Chinese measure word, 包, 箱; an English
# plural, "boxes"), or nothing said.
PER = (r"\bper\b|\beach\b|\bevery\b|\ba (?:day|week|month)\b|\bdaily\b|\bweekly\b|每|"
       r"一天|一週|一個月|(?<!\d)一[箱盒包袋罐瓶組打件條捆]|\b[a-z]+s of \d")
UNIT = r"\s*([\u4e00-\u9fff])|\s+([a-z]{3,}s)\b"
NOT_UNITS = set("加減乘除等是和與及跟或還共") | {
    "plus", "minus", "times", "this", "was", "has", "its", "yes", "less", "unless"}
# How many a container holds, and how many containers: 一箱 24 包，進了 5 箱, "24 per box
# and 5 boxes", "a box holds 24; we got 5 boxes". Their product is the total asked.
EACH_HOLDS = (
    r"(?:一|每)\s*(?P<container>[\u4e00-\u9fff])\s*(?:有|裝|是)?\s*(?P<each>\d+)",
    r"(?P<each>\d+)\s+(?:[a-z]+\s+)?(?:per|a|in each|each)\s+(?P<container>[a-z]+?)(?:es|s)?\b",
    r"\b(?:a|each|one|every|per)\s+(?P<container>[a-z]+?)(?:es|s)?\s+(?:holds|has|contains|"
    r"of)\s+(?P<each>\d+)")


# A change to one item's stock the question supposes or reports, its number right beside
# the words of it ("sell 20", 進 10 包, "the 18 we're expecting arrive", "down to 8", 只剩 8
# 包): the program works out the stock after it against the target (_changes).
CHANGE = (("-", r"\b(?:sell|sold|selling|use|used|using|ship|shipped|take out|remove|lose|lost)"
                r"\s+(\d+)\b|(?:賣|用|出貨|拿走|消耗|領走)(?:了|掉|出|去)?\s*(\d+)"),
          ("+", r"\b(?:receive|received|get in|got in|add|added)\s+(\d+)\b|"
                r"\b(?:get|got|getting)\s+(\d+)\s+(?:\w+\s+)?in\b|"
                r"(\d+)\b[^.,;?!，。？！]{0,30}?\b(?:arriv|comes? in|came in|coming in|delivered)|"
                r"(?:進|到貨|收到|入庫)(?:了|貨)?\s*(\d+)"),
          ("=", r"\b(?:down to|left with|counted|only have|we have|we've got)\s+(\d+)\b|"
                r"\bcounted\b.{0,20}\bgot\s+(\d+)\b|"
                r"(\d+)\s+(?:left|remaining)\b|(?:只剩|剩下|剩|盤點是|盤點有|實際有|只有|我們有)\s*(\d+)|"
                r"\bif\b[^.?!]{0,30}?\b(?:had|has|have|were|was|is|are)\s+(\d+)"
                r"(?:\s+(?:units?|left|in stock|on hand|\w+s))?\s*(?:[,.?!]|$)|"
                r"(?:如果|假如|假設|要是)[^，。？]{0,12}?(?:有|是|剩)\s*(\d+)\s*[\u4e00-\u9fff]?\s*"
                r"(?:[，,。？?]|$)"))
# What makes a change no plain one: a negation or a repetition in the question, a
# share or a container after its number, a word making a level or a stock relative
# (_reads_plainly).
NEGATED = (r"\b(?:not|no|never|without|unless|except|excluding)\b|n't\b|\bdont\b|"
           r"不|沒|除非|別|無|免")
# A change scaled ("half of it", 十包的一半, 兩倍), or another count in Chinese numerals than
# the packs read as digits (十個): the one number is only part of what is supposed
SCALED = r"\bhalf\b|\bdouble\b|\btriple\b|一半|半|倍"
COUNTED_IN_WORDS = r"[二兩三四五六七八九十百千萬]\s*(?:個|件|份|條|盒|箱)"
# 再賣五包 is one sale more; 再賣一次, 明天再賣, 再賣同樣多 repeat one; 又賣掉 5 包 says a
# sale before it (after a what-if of 5, it is no sale of 5 alone: a review's)
REPEATED = (r"\btwice\b|\bagain\b|\bthrice\b|兩次|又|"
            r"再(?!(?:賣|用|進貨|進|到貨|收到|出貨|拿走|消耗|領走)(?:了|掉|出|去)?\s*\d)")
SHARE_OR_CONTAINER = (r"\s*(?:%|％|percent|成|\+)|\s*(?:pallets?|box(?:es)?|cases?|cartons?|"
                      r"crates?|dozens?|箱|盒|打|板|棧)|"
                      # a weight, a volume, a length, a roll or a bar (條) counts no packs
                      # (a review's: "sell 20 kg" was worked out as 20 of them)
                      r"\s*(?:kgs?|kilo(?:gram)?s?|grams?|g|lbs?|pounds?|oz|ounces?|l|"
                      r"lit(?:er|re)s?|ml|gallons?|tons?|tonnes?|m|meters?|metres?|ft|feet|"
                      r"rolls?)\b|\s*(?:公斤|公克|克|斤|磅|公升|毫升|升|噸|公尺|米|條|捲)")
RELATIVE_AFTER = (r"(?:\s+\w+)?\s+(?:lower|higher|more|less|fewer|extra|additional|up|down)"
                  r"\b|\s*(?:以上|以下)")
RELATIVE_BEFORE = r"(?:\bby|降低|提高|增加|減少|降|升|多|少|加|減)\s*$"
# A stock said, then what it does in its clause: it arrives (剩 5 包明天到: 5 more to come)
# or sets off an order (剩 5 包就要補: a reorder point), a review's; not 才會到目標
STOCK_THEN = r"[^\d,，。.;；]{0,8}?(?:到(?!目標)|送來|進來|就|\barriv|\bcom(?:e|es|ing) in\b)"
# A number that counts nothing of stock: a time, a price, a place or an id, or how many
# items (12 characters before it or 8 after: 3:30, 12/10, 2026-12-04, $5, 50 元, shelf 4,
# #4, 第 3 排, 7 號, 555-1234, "the top 3", "2 items", 前 3 項); or an order's quantity
# ("Order 50 of A001", 訂 18 包), which the answer's line of orders placed or not speaks of.
NOT_COUNTED = (r"\d:\d|\d/\d|\d{4}-\d|[$€£¥]\s*\d|\d\s*(?:元|塊|dollars?|usd|twd|ntd)|"
               r"(?:\b(?:shelf|aisle|row|bay|bin|door|room|floor|phone|tel|ext|no\.)|#|第)\s*\d|"
               r"\d{3,}-\d{3,}|\d\s*號|(?:\btop|\bfirst|(?<!目)前)\s*\d|"
               r"\d\s*(?:items?|skus?|products?|things|ones|個?品項|項|樣)\b")
ORDERED = (r"(?:\border|\bbuy|purchase|訂|買|叫|下單)\s*\d|"
           # "an order of 20" is ours only when placed ("fill an order of 20" is a sale)
           r"\b(?:place|put in|make|submit|draft|create|raise)\s+(?:an?\s+|the\s+)?"
           r"(?:purchase\s+)?order\s+(?:for|of)\s*\d")
NO_QUANTITY = rf"{NOT_COUNTED}|{ORDERED}"
# ...not a move dated in the past ("sold 5 yesterday": the data may hold it already), nor a
DATED = (r"yesterday|\blast (?:week|month|night|time)\b|\bago\b|\bjust\b|this morning|"
         r"earlier|already|昨天|前天|上次|上週|上周|上個月|剛|早上|已")
# number of the order or the target ("remove 10 from the order", "add 10 to its target"), a
# number of days (用 5 天) nor one counted up to ("until A001 has 5 left").
NOT_STOCK = r"\s*(?:\w+\s+)?(?:to|from)\s+(?:\S+\s+){0,2}?(?:orders?|targets?)\b"
TIME_UNIT = r"\s*(?:days?|weeks?|months?|hours?|years?|天|週|周|個月|月|日|小時|年)"
UNTIL = r"\b(?:until|till|before)\b\D{0,20}$"
# A question that supposes something ("if we sell twenty", 3 天後, 明天要給客戶 40 包) with a
# quantity in it asks of a stock other than today's: a claim or a yes or no of today's
# stock answers no such question.
SUPPOSES = (r"\bif\b|\bafter\b|\bsuppos|\bassum|\bwill\b|\bgoing to\b|"
            r"\btomorrow\b|\bnext (?:week|month)\b|如果|假如|假設|要是|的話|萬一|若|之後|以後|後|明天|"
            r"下週|下個月|會")
QUANTITY = (r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|"
            r"twenty|thirty|forty|fifty|hundred|dozen|half|double|triple|twice|couple)\b|"
            r"[兩三四五六七八九十百半倍]")  # not "all", 全部: "if we top up all that is low"


# A number said to be replaced by the question's own ("keep 50 instead of 30", 進 25 包而不是 20)
INSTEAD_OF = r"\b(?:instead of|rather than)\s+(?:the |our |a )?(?:current )?\d+|而(?:不是|非)\s*\d+"
# ...but not one an amount is relative to ("5 fewer instead of 20", 少賣 5 包): of what, read
# how, the program cannot tell (a review's: "sell 5 fewer" was worked out as a sale of 5)
RELATIVE = r"\b(?:fewer|less)\b(?! than)|少(?:賣|進|訂|用|出|收)"
MORE = r"\bmore\b(?! than)|多(?:賣|進|訂|用|出|收)"  # "5 more instead of 20": 25?


def shape(question):
    """What the answer leads with: {"yes_no": verdict kind or None, "total": bool,
    "worked": the arithmetic it writes out (worked) or, its total asked, the product of
    how many a container holds and how many containers (_multiplied), "given": (stock,
    target) the person gave, or None, "level": the verdict its words ask, yes-or-no or not
    (ASKED), or None, "difference": bool, "compare": "most", "least" or None, "compares":
    it compares in any measure (COMPARES), "than": the words before "than" (比) and those
    after (_around_than) or None, "beyond": it asks of another day ("day", OTHER_DAY) or what
    the tools do not hold ("held", NOT_HELD), or None, "order": bool (the question speaks
    of ordering, or of being below target), "field": what a sum or a comparison is of
    (suggested_order, target or stock), "field_named": the question names it,
    "either_field": a total that names no field nor number, in words neither of having
    (HAVING), of ordering nor of comparing: of the stock or of what to order, the program
    cannot tell, "premise": it gives a reason or asks whether to do without (PREMISE), so
    asks no yes or no, though its verdict is `level`,
    "threshold": the one number it measures a total against (THRESHOLD) or None,
    "unclear": it sets figures of different fields against each other (_mixes_fields), or
    leaves items out (EXCLUDING), so which figures it asks of the program cannot tell,
    "numbers": the numbers the question gives (not a SKU's digits) that may be added up,
    "figures": every number it writes in digits, as written (WRITTEN_NUMBER; packs in
    Chinese numerals count as digits, _in_digits),
    "change": ("+", "-" or "=", the number) the question supposes the stock changes by or is
    (_one_change), or ("target", the number) it gives as the level wanted (GIVEN_LEVEL), when
    that is its one number, or None, "supposes": it asks of a stock other than today's (it writes a
    change, or SUPPOSES a quantity), "skus": skus_named, "named": the items asked of, here
    its SKUs (the policy adds those it names by name, once it knows them), "request": True
    (_requests: any yes opening the answer acknowledges it), "ack" (_asks_what: "Sure",
    "OK" or 好的 does) or False, "wants": the figures it asks the value of (_wants),
    "some": naming no SKU, it asks whether any item holds its verdict (SOME), "every": it
    asks of every item of the data (asks_every_item), "to_confirm":
    the numbers it asks to have confirmed (_to_confirm), "one_number": it writes one
    number and nothing else that counts (_one_number), "order_asked": it asks for an order
    to be placed (ORDER_REQUEST), "of_order": that, or whether one was (PLACED_ASKED),
    "now_too": asking of another day, it asks of now too, "thanks": it thanks and says
    nothing else (THANKS_WORDS)}."""
    folded, skus = _past_no_lookup(normal(question).strip()), skus_named(question)
    # a SKU's digits are no number the person gave; 賣掉五包 gives 5; nor the one a number
    # is said in place of ("keep 50 instead of 30": 50 is the one change)
    unnamed = _in_digits(re.sub(SKU_SHAPE, " ", folded))
    if ("instead" in unnamed or "rather" in unnamed or "而" in unnamed) and \
            not re.search(RELATIVE, unnamed) and not re.search(MORE, unnamed):
        unnamed = re.sub(INSTEAD_OF, " ", unnamed)
    level = _one_verdict(_verdicts_named(folded))
    # a question that gives a reason, or asks whether to do without ("can we skip reordering
    # A001 because it's below target?", 所以這個不用補對吧): a yes or no to it says nothing
    # the reader can place, though the verdict it names is what it asks of
    premise = re.search(PREMISE, folded) is not None
    kind = None if premise else level
    yes_no = (re.search(YES_NO_EN, folded) or re.search(YES_NO_ZH, folded) or
              folded.endswith("?") and re.search(NOT_WH, folded)) and \
        _of_now(folded, unnamed, kind)
    if level == "instock" and not yes_no:
        kind = level = None  # "Check the remaining stock of A001" asks no verdict
    numbers = [int(number) for number in re.findall(GIVEN_NUMBER, unnamed)]
    units = _units(unnamed)
    total = bool(re.search(TOTAL, folded)) or "add" in folded and " up" in folded and \
        re.search(ADD_UP, folded) is not None  # compiled only then (start-up is counted)
    given = _given(unnamed, numbers, total) if len(units) <= 1 else None
    if given and len(numbers) > 2:  # a target is no summand: 12 + 6 of stock, target 30
        numbers = given[0]
    compare = re.search(WHICH_ONE, folded) and not re.search(ABOVE_TARGET, folded) and \
        not _measured_otherwise(folded) and (
            "most" if re.search(MOST, folded) else "least" if re.search(LEAST, folded) else None)
    order = bool(re.search(ORDER_WORDS, folded)) or bool(compare and re.search(SHORT, folded))
    than = _around_than(folded)
    # the one number the question measures a figure against (reviews: "above its target of
    # 60" got "45, less than 60", "more than 20 over target" its target: _measures)
    beyond = _beyond(folded)
    threshold = numbers[0] if len(numbers) == 1 and not beyond and \
        re.search(THRESHOLD, unnamed) and _measures(unnamed) else None
    # "Is A001's target above 20?" measures its target (a review's: its stock, 12, "less")
    named = _field(folded) or _than_field(than) or (
        _measured(folded) if threshold is not None else None)
    changes = _changes(unnamed)
    order_asked = _opens_an_order(folded) and re.match(ORDER_REQUEST, folded) is not None \
        and not re.search(r"\benough\b|夠", folded)  # "Order 15 of A001, is that enough?"
    figures = _figures(unnamed, order_asked)
    change = _change(unnamed, changes, figures, level=not total and threshold is None)
    return {"yes_no": kind if yes_no else None, "premise": premise, "total": total,
            "every": _of_every_item(folded, skus),
            "worked": worked(unnamed) or (_multiplied(unnamed) if total else None),
            "given": given,
            "level": level,
            "difference": bool(re.search(DIFFERENCE, folded)) and not (total and threshold),
            "compare": compare or None, "compares": bool(re.search(COMPARES, folded)),
            # "which needs more?": the shortfall; "Is A002 above 40, or should we reorder?"
            # measures no order (a review's: "Suggested order of A002: 0, less than 40")
            "order": order, "field": "suggested_order" if compare and order else named or (
                "suggested_order" if order and threshold is None else "stock"),
            "field_named": named is not None, "threshold": threshold,
            "either_field": total and named is None and threshold is None and not (
                order or than or figures or re.search(f"{HAVING}|{COMPARES}", folded)),
            "numbers": numbers if len(units) <= 1 and not re.search(PER, unnamed) else [],
            "change": change, "figures": figures,
            "than": than,
            "unclear": _unclear(folded, total, compare or than or re.search(DIFFERENCE, folded),
                                than) or total and kind == "out",  # of those out: no list's
            # items, nor every item found (a review's: "The total is 57." shown)
            "beyond": beyond,
            # asked of another day and of now too ("We restocked A001 last week. How many
            # are left?"): today's figures answer it; not of what the tools do not hold,
            # whatever field it names ("How many A001 does the supplier have in stock?")
            "now_too": bool(beyond) and re.search(OTHER_DAY, folded) is not None and
            re.search(NOW, folded) is not None,
            "supposes": bool(changes or change) or bool(
                _supposing_words(folded) and re.search(QUANTITY, unnamed)),  # in this order:
            # most questions suppose nothing, and compile no QUANTITY
            "skus": skus, "named": list(skus),  # _asked adds the names
            "some": not skus and re.search(SOME, folded) is not None,
            "request": kind is None and _requests(folded) or _asks_what(folded) and "ack",
            "wants": _wants(folded, yes_no),
            "to_confirm": _to_confirm(folded, unnamed) if figures else [],
            "one_number": _one_number(unnamed) if figures else False,
            "order_asked": order_asked,
            "of_order": order_asked or _asks_placed(folded),
            "thanks": _thanks(folded)}


def _asks_placed(folded):
    """Whether a question asks whether an order was placed ("did you order it?", "so it's
    on order?", 下單了嗎？): most questions name no such word, and compile nothing."""
    return any(word in folded for word in ("did ", "have ", "has ", "had ", "on order", "been ",
                                           "is ", "was ", "go", "went", "了", "有", "沒",
                                           "好", "送出", "開")) and \
        any(word in folded for word in ("order", "buy", "bought", "purchas", "place", "through",
                                        "訂", "下單", "買", "叫貨", "採購", "補貨單")) \
        and re.search(PLACED_ASKED, folded) is not None


# "did you order it?", "has A001 been reordered?", "is it on order?", 訂了嗎, 有下單嗎
PLACED_ASKED = (r"\b(?:did|have|has|had) (?:you|we)(?: already| just| actually)? (?:re)?"
                r"(?:order|buy|bought|purchas|place)|\bon order\b|\bbeen (?:re)?ordered\b|"
                r"\b(?:is|was|were|are) (?:it|they|that|a\w*\d\w*) (?:re)?ordered\b|"
                r"\b(?:is|was) the (?:re)?order\b|"
                r"\border(?:s)? (?:been )?(?:placed|in|out|sent|submitted)\b|"
                r"\bgo(?:ne)? (?:through|out)\b|\bwent (?:through|out)\b|"
                r"(?:下單|訂購?|訂貨|叫貨|採購|買|補貨單|訂單)(?:了|好|送出|開)|有(?:沒有)?(?:下單|訂)|"
                r"(?:下單|訂|買|叫貨|採購)(?:了|好)?沒")


def _measured_otherwise(folded):
    """Whether a comparison's "more" or "most" is of a measure the tools do not hold ("Which
    is more urgent, A001 or A003?", "more room before reorder": a review's, each got the
    most stock): a word after it that is none of MEASURES."""
    return any(word not in MEASURES for word in re.findall(
        r"\b(?:more|most|less|least|fewer|fewest)\s+([a-z]+)", folded))


MEASURES = set("""stock units unit items item packs bags pieces left in on of than to stocked
    below above short shortfall needed need needs ordering reordering restocking""".split())


# The words of a plain yes-or-no question about our data now, a closed list: its verdict's
# phrases, then auxiliaries, pronouns, articles, greetings and words of now. A yes or no is
# written (and a model's read) only for a question with no other word, once its SKUs and
# the item names it writes are taken out: "Is anything in the tea aisle below target?", "Is
# A003 in stock at the supplier?", "A001 isn't below target, right?", "Unless A003 is out,
# can we wait?" each say more than a yes or no of the verdict answers.
PLAIN_PHRASES = (r"yes or no|yes/no|(?:are we|we're|we are) out of|out of stock|in stock|sold out|"
                 r"run out|ran out|running low|low on|(?:by )?how (?:much|many)|"
                 r"short on|below (?:the |its )?target|above (?:the |its )?target|"
                 r"under (?:the |its )?target|over (?:the |its )?target|at (?:the |its )?target|"
                 r"need (?:to )?(?:be )?re(?:order|stock)(?:ed|ing)?|well stocked|exists?|"
                 r"(?:in|on) (?:our|the) (?:system|catalog(?:ue)?|inventory)|carry|valid|"
                 r"缺貨|沒有?貨|賣完|售完|斷貨|有貨|有沒有貨|有庫存|有現貨|還剩|"
                 r"(?:低於|高於|超過|達到)目標(?:量|值)?|達標|不足|不夠|偏低|充足|足夠|夠|補貨|補|"
                 r"訂貨|進貨|叫貨|採購|存在|有這個|有此")
PLAIN_WORDS = set("""is are am do does should shall can could would has have need needs must
    we us our i you it its they them this that these a an the any some there and to be for
    hi hey hello please pls quick question just currently now today still right yet ok okay
    stock anything items item products product skus sku low short enough sufficient reorder
    reordering restock restocking replenish order ordering more buy left remaining available
    stocked target targets out completely totally
    嗎 吗 呢 了 吧 啊 呀 還 目前 現在 我們 今天 請問 請 是否 有沒有 要不要 需不需要 是不是 需要 要
    該 應該 的 有 它 那 這個 那個 庫存 存貨""".split())


def plain(question, names=(), words=PLAIN_WORDS):
    """Whether every word of the question, its SKUs and the item `names` it writes taken
    out, is one of a plain yes-or-no question's (PLAIN_PHRASES, `words`), after a clause
    that says only not to look anything up (_past_no_lookup)."""
    folded = _without_names(_past_no_lookup(normal(question).strip()), names)
    return _made_of(re.sub(PLAIN_PHRASES, " ", re.sub(SKU_SHAPE, " ", folded)), words)


def _without_names(folded, names):
    """The folded question with each item name it writes taken out, longest first."""
    for name in sorted(map(normal, names), key=len, reverse=True):
        folded = folded.replace(name, " ")
    return folded


def plain_what_if(question, names=(), *, one=False):
    """Whether every word of a what-if, its SKUs and the item `names` it writes taken out,
    is one of a plain change of stock or of a comparison (FIGURE_WORDS, WHAT_IF_WORDS,
    COMPARING_WORDS, but NOT_OF_ONE_CHANGE), on one day: "If we sell 5 of A001, will it
    be low?", 如果再進 8 個維他命C，會達標嗎？. A word it does not know may say whose the
    change is, or what it counts ("20 orders come in", "at both stores", "keep selling",
    廠商出貨 20 個給我們, 10 批): the program works none out, and says so (precision first:
    an unseen wording costs the arithmetic, never its truth). `one`: the question asks of
    one item, so "sell 20 of them" is 20 of its units (not "two of them", nor of two items)."""
    folded = _without_names(_past_no_lookup(normal(question).strip()), names)
    if re.search(RELATIVE, folded):
        return False
    if "剩下" in folded and not re.search(COMING_IN, folded):
        folded = re.sub(LEFT_AFTER_SALE, r"\1 ", folded)
    folded = re.sub(SKU_SHAPE, " ", re.sub(WHAT_IF_PHRASES, " ", re.sub(INSTEAD_OF, " ", folded)))
    if one:
        folded = re.sub(r"(\d) of (?:them|those|these)\b", r"\1", folded)
    return len(re.findall(WHEN_WORDS, folded)) < 2 and _made_of(_in_digits(folded), (
        FIGURE_WORDS | WHAT_IF_WORDS | COMPARING_WORDS) - NOT_OF_ONE_CHANGE)


def _supposing_words(folded):
    """Whether the question holds a word that supposes (SUPPOSES; "supposed to arrive" is
    none, nor 要補幾包才會到目標, the order that reaches it; not 才會低於目標, 才會到兩倍目標),
    or asks whether there is enough
    ("A001 訂 18 包夠嗎？": after an order of 18, not today; a review's: 不夠 was read of
    today's stock, and shown). Words, not a longer pattern: the pattern is compiled on every
    run."""
    return "enough" in folded or "夠" in folded or re.search(
        SUPPOSES, folded.replace("supposed to", " ").replace("才會到目標", " ")) is not None


def supposes_a_change(question):
    """Whether a question supposes another stock than today's (shape's "supposes"), or a
    change in words of one with no quantity it reads ("Say it drops to 10", "Imagine a
    customer clears it out", 它掉到10包呢？); not "Can you check if A001 is low?", "if so",
    A001 的話呢 (as for A001)."""
    return shape(question)["supposes"] or re.search(
        SUPPOSING, normal(question).replace("supposed to", " ")) is not None


# Words that suppose a change of the stock, with no quantity the what-if reads
SUPPOSING = (r"\bwhat if\b|\bif (?:we|you|i|it|they|someone|a customer|customers)\b|"
             r"\bsuppos|\bimagin|\bpretend|\bassum|\bsay (?:it|we)\b|^(?:so |ok |okay )?"
             r"(?:let'?s )?say\b|\bpicture\b|\bhypothetic|\bscenario\b|如果|假如|假設|萬一|"
             r"要是|倘若|假使|想像|設想|就當|比方說|掉到|降到|跌到")
# Words that ask of the stock today, which end what a question before supposed ("ok but as
# of today, does it need reordering?")
OF_TODAY = r"\btoday\b|\bcurrently\b|\bright now\b|\bas of now\b|現在|目前|今天"


def figure_only(question, *, comparing=False, doubting=False, summing=False):
    """Whether every word of the question is one of a question that asks one figure of an
    item it leaves unnamed, or a what-if of it (FIGURE_WORDS), or `comparing`, a comparison
    of items it leaves unnamed (COMPARING_WORDS), or `doubting`, a doubt of a figure the
    person read (DOUBTING_WORDS), or `summing`, a total (SUMMING_WORDS): "so how many should
    we order to get back to target?", 離目標還差多少？, 哪個最多？, 你確定只有3？, 總共呢？;
    not "How much sugar do we have?", "How many are out of stock?", 有幾個品項低於目標？ (a
    review's: each was answered of the item before)."""
    words = FIGURE_WORDS | (COMPARING_WORDS if comparing else set()) | (
        DOUBTING_WORDS if doubting else set()) | (SUMMING_WORDS if summing else set())
    return _made_of(normal(question), words)


def _made_of(folded, words):
    """Whether every word of `folded` is one of `words` (its numbers are none); Chinese
    ones are taken out longest first."""
    found = re.findall(r"[a-z]+|[\u4e00-\u9fff]", folded)
    chinese = "".join(word for word in found if not word.isascii())
    for particle in sorted((word for word in words if not word.isascii()), key=len,
                           reverse=True):
        chinese = chinese.replace(particle, "")
    return not chinese and all(word in words for word in found if word.isascii())


# The words of a question of one unnamed item's figure, or a what-if of it: a closed list on
# purpose (precision first: a word it lacks costs the program's answer, never its truth),
# of how many, the figures, ordering, the moves of a what-if, time and filler; "it" and 它
# too, which _one_asked reads first
FIGURE_WORDS = set("""so ok okay and then now right well alright um hmm how many much
    what whats s is are the a an should shall we i you do does did to get back up target stock left
    on hand remaining order reorder buy need more have has will would be if sell sold ship use
    arrive arrives arrived come comes came in receive received got tomorrow tmrw today
    tonight this week weekend after that it its there our us units unit pcs pieces packs
    bags again still at reach hit for of suggest suggested recommend quantity number one
    shipment delivery quick q bring reordering restock restocking
    離 目標 還差 差 多少 幾 包 個 要 訂 補 補貨 叫 建議 如果 假如 賣掉 賣 進 進貨 到貨 收到 會 剩
    還有 還 庫存 那 呢 嗎 這週 週 今天 明天 再 了 有 我們 應該 該 需要 得 才能 達到 到 回 補到 現在
    目前 的 量 後 之後 出 掉 用 拿 走 就 請問 請 幫我 算 一下 好 吧 這禮拜 禮拜 星期 它 先 比 到時候 屆時
    多 這樣 變 變成 才 夠 actually""".split())
# ... and of a what-if's verdict (plain_what_if): not "orders", "customers", "keep"
WHAT_IF_WORDS = set("""low lower drop drops below above under over or suppose supposing assume
    say let's lets imagine
    want might may could were was re expect expecting expected put enough what still be been
    down left with counted count only ve two dip dips fall falls
    低於 高於 超過 以上 以下 另外 在 回到 達標 會不會 還會 瓶 罐 袋 件 是 這樣 夠 夠不夠 足夠 想讓 的話 要是 萬一 若
    假設 才 instead rather 改成 換成 改為 thinking planning keeping 維持 保持 等一下""".split())
# ...but no word that multiplies or undoes the one change ("if we both use 10", 各賣 10 包,
# "ship 10 to two of them", "sell 10 or more", "and get them back"), once the phrases of a
# level or a comparison are taken out ("back to target", "at or above target", "which of the
# two"); nor two days ("today and tomorrow", 今天明天): a review's, each was worked out as one
# change
NOT_OF_ONE_CHANGE = set("""both each two them they or between back 各 它們 回 回到""".split())
WHAT_IF_PHRASES = (r"\b(?:get |come )?back (?:up )?to (?:the |its |their )?targets?\b|"
                   r"\bat or (?:above|below|over|under)\b|\bof the two\b|回得?到目標")
# What is left after a sale, then a level (賣掉20包，剩下的會低於目標嗎): not the rest of the
# items, nor a stock (剩下的目標加起來呢, 剩下 5 包才要補), nor in a question of goods coming
# in (濾掛咖啡賣得最好，如果進18包，剩下的還會低於目標嗎？: of the other items), each a review's
LEFT_AFTER_SALE = (r"((?:賣|用|出貨|拿走|消耗)[^。？?]*?)剩下的?"
                   r"(?=(?:還|就)?會(?:不會)?(?:低於|高於|超過|少於|多於|不夠|夠))")
COMING_IN = r"進|到貨|收到|入庫|補"
WHEN_WORDS = (r"\b(?:today|tomorrow|tmrw|tonight|weekend|week|morning|monday|friday)\b|今天|明天|"
              r"這週|週末|本週|下週|後天")
# ... and of a doubt of a figure the person read ("are you sure it's only 3?", "I remember 30
# last time", 我記得上次是30包，你確定只有3？): its numbers are the person's, never ours
DOUBTING_WORDS = set("""sure really certain remember remembered thought think recall last time
    checked check double just only correct exactly true seriously was were me my told said
    yesterday earlier before running those 快 沒 沒了
    確定 記得 上次 上回 真的 真的假的 只 只有 只剩 欸 耶 看 是 你 我 喔 對 確認 查 一次 以為 說 聽說 昨天 之前 剛剛""".split())
# ... and of a total of the items the answer before named ("what's the total?", "total units
# that comes to?", 總共呢？): not "all", 全部 (of every item?)
SUMMING_WORDS = set("""total totals altogether combined together sum add adds added adding up
    comes come make makes those these them they both two three 加起來 總共 一共 合計 總計 共 總和
    兩個 三個 這些 那些 加總""".split())
# ... and of a comparison, or a what-if of "them": not of every item (total, 全部, 加起來)
COMPARING_WORDS = set("""which one ones more most less least fewer fewest higher highest lower
    lowest bigger biggest larger largest smaller smallest than difference between them they
    both each show shows showed up by below above under over low 哪 哪個 哪一個 最多 最少 比 多 少
    相差 它們 各 那個 高 低 大 小 較 比較 低於 高於 跟 和 與 缺 最""".split())
# ... and so of a total, a difference or a comparison of the items it names (names_found),
# but none of goods moving ("more oolong than coffee came in today?": of no stock held)
WORKED_WORDS = (FIGURE_WORDS | SUMMING_WORDS | COMPARING_WORDS) - set("""sell sold ship use
    arrive arrives arrived come comes came receive received got tomorrow tmrw tonight week
    weekend after shipment delivery did will back 賣掉 賣 進 進貨 到貨 收到 出 掉 用 拿 走 這週
    週 明天 這禮拜 禮拜 星期 後 之後""".split())


def plain_clause(question, number, names, words):
    """Whether every clause of the question that writes `number` (each as _clause_of cuts
    it, and after a colon: "Warehouse update: A001 holds 999") is plain (every word one of
    `words`), and, of a threshold, says it ("A002 has 5 now, right? Is it below target?"
    measures nothing against 5)."""
    unnamed = re.sub(r"(?<!\d)[:：]|[:：](?!\d)", ".",
                     _in_digits(re.sub(SKU_SHAPE, " ", normal(question))))
    clauses = [_clause_of(unnamed, found)
               for found in re.finditer(rf"(?<![\d.]){number}(?![\d.])", unnamed)]
    return bool(clauses) and all(plain(clause, names, words) and (
        words is not THRESHOLD_WORDS or re.search(THRESHOLD, clause)) for clause in clauses)


# ... and of a number asked to be confirmed ("A001 has 12 units, right?") or measured
# against ("Is A002 over 40?"), closed lists too: a word they lack may say the number is no
# figure of today's ("once 20 go out", "once 20 are picked, is it below target?", 客人訂了 20
# 包: a review's, each read as "Is its stock 20?" or "below 20?", so today's "no reorder" was
# shown as the answer)
CONFIRM_WORDS = PLAIN_WORDS | set("""confirm confirming correct true exactly s units unit pcs
    pieces packs bags boxes on hand got at of now holds hold 對 對吧 沒錯 確認 確定 一下 其實 包
    個 件 瓶 罐 袋 盒 只 剩 是 目標""".split())
THRESHOLD_WORDS = CONFIRM_WORDS | SUMMING_WORDS | set("""over above more than exceed exceeds
    least under below less fewer by in all targets 超過 多於 少於 低於 不到 達到 至少 缺口 建議 叫貨量
    補貨量 沒有 跟 和""".split())


def _in_digits(text):
    """The text with a count of packs written in Chinese numerals written in digits (如果今天
    再賣掉五包: 5), read as digits are; not 一 alone (一包 24 個 says per), a count of items
    (這兩個, 兩件), a range (兩三包, 十二三包: digits side by side) nor a half (兩包半)."""
    if not any(character in NUMERALS for character in text):  # most questions
        return text
    return re.sub(_PACKS_ZH, lambda found: found[0] if side_by_side(found[0])
                  else str(chinese_number(found[0])), text)


_PACKS_ZH = (rf"(?<![{NUMERALS}])(?!一[包袋瓶罐])[{NUMERALS}]+(?=\s*[包袋瓶罐](?!半))")


def _of_now(folded, unnamed, kind):
    """Whether a yes or no of today's data answers the question: it gives no number ("Is
    A001 under 10?", "Should we order 50?" ask more than the verdict), speaks of no other
    time (NOT_NOW, DATED) and, of an order, asks whether one is needed (NEEDED)."""
    return not re.search(QUANTITY, unnamed) and not re.search(f"{NOT_NOW}|{DATED}", folded) \
        and (kind != "reorder" or re.search(NEEDED, folded) is not None)


def _changes(unnamed):
    """[("-", 20)] for "we might sell 20 this weekend", [("+", 10)] for 如果今天進 10 包,
    [("=", 8)] for "A001 is down to 8": the changes the question writes (CHANGE), but
    for numbers of no change of the stock (NOT_STOCK, TIME_UNIT, UNTIL)."""
    found = []
    if not any(char.isdigit() for char in unnamed):  # most questions: no pattern compiled
        return found
    for sign, words in CHANGE:
        for match in re.finditer(words, unnamed):
            at = next(index for index in range(1, len(match.groups()) + 1) if match[index])
            if not re.match(f"{NOT_STOCK}|{TIME_UNIT}", unnamed[match.end(at):]) and \
                    not re.search(UNTIL, unnamed[:match.start()]):
                found.append((sign, int(match[at])))
    return found


def _one_change(changes, unnamed):
    """The one change, when the question writes one (or says one way of changing), and
    not at a rate ("sell 3 a day"), nor dated in the past; a stock the person states
    counts only with something asked of it ("is that enough?", "reorder it"): "A003 有 50
    包吧？" asks to confirm a figure."""
    if len({sign for sign, _ in changes}) != 1 or re.search(PER, unnamed):
        return None
    sign, number = changes[0]
    if sign != "=" and re.search(DATED, unnamed) or sign == "=" and not re.search(
            f"{WORKS_OUT}|{ORDER_WORDS}", unnamed):
        return None
    return sign, number


def _figures(unnamed, order_asked):
    """Every number the question writes in digits, as written (WRITTEN_NUMBER), but one
    that counts nothing of stock (NOT_COUNTED: a time, a price, a place...), nor, when it
    asks for an order, its quantity (ORDERED: "A001 需要訂 40 包嗎？" asks none, and its 40 is
    no figure of today's); then each written in English words from four up ("once twenty go
    out"), in digits, but of items ("four items"): "one" to "three" may be of items too
    ("the two")."""
    other = NO_QUANTITY if order_asked else NOT_COUNTED
    spelled = re.finditer(SPELLED, unnamed) if any(
        stem in unnamed for stem in _NUMBER_STEMS) else ()  # most questions: not compiled
    return [written.group() for written in re.finditer(WRITTEN_NUMBER, unnamed)
            if not re.search(other, unnamed[max(written.start() - 12, 0):
                                            written.end() + 8])] + [
        str(english_number(word.group(1))) for word in spelled
        if (english_number(word.group(1)) or 0) >= 4]


def _thanks(folded):
    """Whether the question thanks and says nothing else (THANKS_WORDS); most questions
    hold no word of thanks, and compile nothing."""
    return (any(mark in folded for mark in ("thank", "thx", "3q", "謝")) or
            "ty" in folded.split()) and _made_of(folded, THANKS_WORDS)


_NUMBER_STEMS = ("four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                 "teen", "twenty", "thirty", "forty", "fifty", "sixty", "eighty", "ninety")
SPELLED = (r"\b((?:four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|"
           r"eigh|nine)teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-[a-z]+)?)\b"
           r"(?!\s+(?:items?|skus?|products?|things|ones)\b)")


def _change(unnamed, changes, figures, *, level):
    """The one change the question supposes (_one_change) or, `level` allowed (no total,
    no threshold), the target it wishes or supposes (WANTED), when its number is the
    question's one number ("sell 10-15", "get 20 in and sell 5": it is only part of what is
    supposed) and it reads plainly (_reads_plainly); else None."""
    if len(figures) != 1:  # most questions: no what-if pattern compiled
        return None
    # "want to sell 10", "keep selling 10": a sale, no target wished (a review's)
    levels = level and all(sign == "=" for sign, _ in changes) and \
        re.search(f"{WISHED}|{CONDITIONAL}", unnamed) and \
        re.findall(rf"(?<!低於|高於|超過)(?:{WANTED})(?!以下|以上)(?:(?!{ORDER_WORDS})\D){{0,20}}"
                   r"(\d+)", unnamed)  # not 低於目標5包, 掉到目標以下5包: 5 from the target
    change = ("target", int(levels[-1])) if levels else _one_change(changes, unnamed)
    if change and figures == [str(change[1])] and _reads_plainly(unnamed, change):
        return change
    return None


def _reads_plainly(unnamed, change):
    """Whether the one change reads plainly: no negation in the question ("unless 10
    arrive", 如果不進; 會不會 asks, and denies nothing), no repetition ("twice", 再賣一次),
    no scaling ("half", 兩倍), no other count in Chinese numerals (賣掉十個，再賣掉五包), and
    no quantity ordered beside it ("if we order 18 and sell 5"), its number no share ("20%",
    "10+"), no container ("5 boxes", 3 箱) and, of a level or a stock,
    no amount relative to another ("5 lower", "by 10", 多 25 包), nor one that arrives or
    sets off an order (STOCK_THEN). Else the program works out none, and says so."""
    if re.search(f"{NEGATED}|{REPEATED}|{SCALED}|{COUNTED_IN_WORDS}|{ORDERED}",
                 re.sub(r"(.)不\1", " ", unnamed)):
        return False  # an order beside it too ("order 18 and sell 5": a review's 7 left)
    number = re.search(rf"(?<!\d)(?<!\d\.){change[1]}(?!\d|\.\d)", unnamed)
    before, after = unnamed[:number.start()], unnamed[number.end():]
    if re.match(SHARE_OR_CONTAINER, after):
        return False
    # a stock said after words of another field is that field's ("If A001's suggested order
    # is 25", 如果 A001 要補的是 25: a review's, each was worked out as a stock of 25)
    return change[0] in "+-" or not (re.match(RELATIVE_AFTER, after) or
                                     re.match(STOCK_THEN, after) or
                                     re.search(RELATIVE_BEFORE, before) or change[0] == "=" and
                                     re.search(f"{ORDER_WORDS}|{TARGETS}", before[-30:]))


def _wants(folded, yes_no):
    """The figures of each item the question asks the value of: "order", how many to order,
    yes-or-no or not ("Should we reorder A001? By how much?"); "stock", how many there are
    (ASKS_STOCK), or, in a question that is no yes or no, a sentence that names the stock or
    asks how many of nothing to order ("How many A001 left?"); "target", its target, in a
    question that is no yes or no ("a001 and a003: which one has less, what are their
    targets"; not "What's below target?", LEVELLED). An answer that states a verdict and not
    the figure asked gets the figure added; "gap", how far it is from its target ("Is it
    above target? By how much?", 離目標還差幾包)."""
    if not any(word in folded for word in ("how", "stock", "target", "quantit", "多少", "幾",
                                           "量", "目標")):
        return set()  # most questions: none asked, nothing compiled
    wants = set()
    if _how_many(folded) and re.search(ORDER_WORDS, folded):
        wants.add("order")
    if re.search(ASKS_STOCK, folded) or not yes_no and any(
            re.search(STOCK_WORDS, sentence) or _how_many(sentence) and
            not re.search(ORDER_WORDS, sentence)  # "How many A001 left?", 存貨多少
            for sentence in re.split(r"[?？.。!！;；\n]", folded)):
        wants.add("stock")
    if not yes_no and ("target" in folded or "目標" in folded) and \
            re.search(TARGETS, re.sub(LEVELLED, " ", folded)):
        wants.add("target")
    if ("target" in folded or "目標" in folded) and re.search(GAP_WANTED, folded):
        wants.add("gap")
    return wants


def _how_many(text):
    return any(words in text for words in HOW_MANY)


def _field(folded, asking=None):
    """What a sum or a comparison is of: the field named nearest the words asking for it
    (目標量加起來, "the total shortfall", "how many to order in total to bring it back to
    target"; naming none, "need ... in total?" is of what to order), or None; `asking`:
    the words asking for it, when not those of a sum or a comparison (THRESHOLD). A question
    of a gap to the target ("how far below target, combined", 離目標還差) sums the
    shortfalls: its target is no summand."""
    # each pattern apart, the earliest: TOTAL and DIFFERENCE are compiled already, and one
    # pattern of them all would be compiled again on every run (start-up is counted)
    found = [found for words in ((asking,) if asking else (
        TOTAL, DIFFERENCE, MOST, LEAST, "compar", *[ADD_UP] * ("add" in folded)))
             if (found := re.search(words, folded))]  # "add those three targets up"
    if not found:
        return None
    asked = min(found, key=lambda found: found.start())
    # "the items below target" says which items, not which figure ("How many units do the
    # items below target have altogether?" sums their stock): blanked, places kept
    # "to reach its target" is a level too ("How many more does A003 need than A001 to
    # reach its target?" compares what to order), "the total target" a figure
    folded = re.sub(f"{DESCRIBED}|{REACHED}", lambda found: " " * len(found[0]), folded)
    # measured against a number, "below" is no gap ("Is A001 below 20?" of its stock)
    fields = {"suggested_order": ORDER_WORDS if asking else f"{ORDER_WORDS}|{GAP}",
              "stock": STOCK_WORDS}
    if asking or not re.search(GAP, folded):
        fields["target"] = TARGETS
    named = [(abs(found.start() - asked.start()), field) for field, words in fields.items()
             for found in re.finditer(words, folded)]
    if not named and re.search(r"\bneeds?\b|需要", folded):
        return "suggested_order"
    return min(named)[1] if named else None


def _measures(unnamed):
    """Whether the one number of a question of a threshold (THRESHOLD) measures a figure a
    field holds: not a target the person gives ("above its target of 60", to confirm), a
    gap in its clause ("more than 20 over target", A_GAP), a share or containers ("20% of
    target", "2 dozen", _counts); "Does A001 weigh more than 20?" asks of nothing the tools
    hold (shape's `beyond`, checked before)."""
    number = re.search(GIVEN_NUMBER, unnamed)
    return not re.search(rf"(?:{TARGETS})\s*(?:of|is|=|:|是|為)?\s*\d|\b(?:its|a|the)\s+\d+\s*"
                         rf"(?:{TARGETS})", unnamed) and \
        not re.search(A_GAP, _clause_of(unnamed, number)) and _counts(unnamed, number)


def _clause_of(folded, found):
    """The clause of `folded` that holds the match `found` (split as _measured splits)."""
    start = max((cut.end() for cut in re.finditer(CLAUSE_CUT, folded[:found.start()])),
                default=0)
    end = re.search(CLAUSE_CUT, folded[found.end():])
    return folded[start:found.end() + end.start() if end else len(folded)]


# Where one clause ends and the next begins: a stop, "and", "or", 還是, 那
CLAUSE_CUT = r"[,;?!.，；？！。]|\band\b|\bor\b|還是|那"


def _measured(folded):
    """The field a number measures, named in the clause of the words of measure and before
    them ("Is A001's target above 20?", A001 的目標超過 20 嗎？), or None: not one named in
    another clause ("Is A002 above 40, and what is its target?", a review's: "Target of
    A002: 30, less than 40" read as a no)."""
    for clause in re.split(CLAUSE_CUT, folded):
        measure = re.search(THRESHOLD, clause)
        if measure:
            return _field(clause[:measure.end()], THRESHOLD)
    return None


def _unclear(folded, total, compared, than):
    """Whether a sum or a comparison leaves items out (EXCLUDING, "minus A002"), sets
    figures of different fields against each other (_mixes_fields: "A001's stock plus A003's
    target"), or a sum names its items and the question names others in another sentence
    (_summed_apart): which figures it asks of, the program cannot tell."""
    leaves_out = bool(total or compared) and re.search(EXCLUDING, folded) is not None or \
        total and re.search(r"\bminus\b|減掉|減去", folded) is not None  # a total less one
    return leaves_out or bool(total or compared) and _mixes_fields(folded, than) or \
        total and _summed_apart(folded)


def _summed_apart(folded):
    """Whether the sentence that asks a total names items, and another sentence names
    others ("Total stock for A001 and A003? Also what's the target of A002?", a review's:
    the three were summed); not "Check A001 and A002. What's their total?"."""
    sentences = re.split(r"[?!.;？！。；]", folded)
    asking = [sentence for sentence in sentences if re.search(TOTAL, sentence)]
    if len(asking) != 1 or not re.search(SKU_SHAPE, asking[0]):
        return False
    summed = set(re.findall(SKU_SHAPE, asking[0]))
    return any(set(re.findall(SKU_SHAPE, sentence)) - summed for sentence in sentences)


def _mixes_fields(folded, than):
    """Whether a comparison sets figures of different fields against each other: each of
    an item, by SKU or by name ("A001's stock or A003's target", "drip coffee's stock or
    the target of A003", A001 的庫存和 A003 的目標哪個多), or each side
    of "than" ("Does A003 need more than A001 has?", "more than A001's target does A002
    have?"); which is of which item the program cannot tell, so it works none out (a
    review's: the stocks were compared, then the targets). Not fields asked of in another
    clause ("Which has more stock, A001 or A002, and what are their targets?"), a level
    ("and is it below target?"), nor the items a question describes ("the items below
    target")."""
    of_items = [{field for field, words in _ITEM_FIELDS.items() if re.search(
        rf"{OF_AN_ITEM}(?:{words})|(?:{words})\s+(?:of|for|at)\s+(?:the\s+)?(?!\d)\w",
        sentence)} for sentence in re.split(r"[?？.。!！]", folded)]
    sides = _side_fields(than)
    # "Is A001's quantity higher than A003's target?": the field the other item's side
    # names is no field of the first one (not "more than 75 in stock", a number)
    return any(len(fields) > 1 for fields in of_items + sides) or len(sides) == 2 and \
        sides[0] != sides[1] and bool(sides[1]) and (bool(sides[0]) or _of_its_item(than[1]))


def _of_its_item(side):
    """Whether a side of "than" writes its field of its item ("than A003's target", "than
    the target of A003", 比 A003 的目標): not a field both sides share ("How many more A002
    than A001 in stock?" asks of the stock; a review's run found nothing worked out)."""
    fields = "|".join(_SIDE_FIELDS.values())
    return re.search(rf"{OF_AN_ITEM}(?:{fields})|(?:{fields})\s+(?:of|for|at)\s", side) is not None


def _side_fields(than):
    """The fields each side of "than" names ([] with no "than"): "A001's target", "more
    stock"; a side naming none that says has or have, the stock ("than A001 has"; not "Does
    A001 have a higher target", of its target)."""
    sides = []
    for side in (re.sub(f"{DESCRIBED}|{LEVELLED}", " ", text) for text in than or ()):
        fields = {field for field, words in _SIDE_FIELDS.items() if re.search(words, side)}
        sides.append(fields or ({"stock"} if re.search(r"\bha(?:s|ve|d)\b", side) else set()))
    return sides


def _than_field(than):
    """The one field the sides of "than" name, when the question's words of a comparison
    name none (A001 的目標比 A002 的目標高嗎？ compares targets), else None."""
    named = set().union(*_side_fields(than)) if than else set()
    return named.pop() if len(named) == 1 else None


# Items a sum or a comparison leaves out ("total of A001, A002, A003 except A002", 不含 A002):
# the program cannot tell which, so it works none out
# (not "Besides that, is anything low?", 除了這個, 算不算多)
EXCLUDING = (r"\b(?:except for|except(?! for)|excluding|exclude|not counting|not including|"
             r"leav(?:e|ing) out|apart from|aside from|other than|besides|but not)\s+"
             rf"(?!(?:that|this|it|them|those|these)\b)\w|\bleav(?:e|ing) {SKU_SHAPE} out\b|"
             rf"\bwithout (?:counting\b|including\b|the {SKU_SHAPE}|{SKU_SHAPE})|"
             r"(?:不含|不包括|不包含|不計|(?<!算)不算|除了|除去|扣掉|扣除|排除)\s*"
             r"(?![這那此它多少大小高低很太])\S|除外|不要算|以外")
# An item a figure is written of, by SKU or by name: "A001 stock", "drip coffee's", 濾掛咖啡的
OF_AN_ITEM = (rf"(?:{SKU_SHAPE}(?:'s)?\W{{0,3}}(?:的\s*)?|"
              r"(?<!\bit)(?<!what)(?<!that)(?<!here)'s\s+|[^\W\d_]的\s*)")
# The fields each side of "than" names: "than A001 has" is its stock
_SIDE_FIELDS = {"stock": rf"{STOCK_WORDS}|\bhold(?:s|ing)?\b|\bheld\b|'s got\b|有的|現有|手上",
                "target": TARGETS,
                "suggested_order": rf"{ORDER_WORDS}|{GAP}|\bneeds?\b|需要"}
# The fields an item's figure is written with ("A001's stock", "the target of A003", A001 的庫存;
# "does A002 have": its stock)
_ITEM_FIELDS = {"stock": rf"{STOCK_WORDS}|\bha(?:s|ve|d)\b", "target": TARGETS,
                "suggested_order": ORDER_WORDS}


def _requests(folded):
    """Whether the person asks for a lookup in so many words and asks no question, not even
    within ("Check A001", 幫我查 A002; not "A001 below target", "tell me if A001 is low"),
    nor for an order ("Sure." to "Order 18 of A001" would read as done): "Sure." to it
    acknowledges, and says nothing of the data. shape() adds: and names no verdict."""
    return re.match(REQUEST, folded) is not None and not re.search(
        r"[?？]|[嗎吗呢麼么吧]\W*$|\b(?:if|whether)\b", folded) and \
        not re.search(YES_NO_ZH, folded) and not re.search(ORDER_WORDS, folded) and \
        not re.search(CLAIMS, folded)


def _asks_what(folded):
    """Whether the question, one sentence, asks only what, which or how many, with no yes
    or no in it and nothing it supposes ("How many items are below target?", 哪些需要補貨？;
    not "How is A001, is it low?", "What's A003's stock, still plenty?", "Which is out, A002?",
    A003 有幾包？我記得有 20 包): "Sure!" to it acknowledges, and answers nothing."""
    opening = folded.lstrip()
    if opening.startswith(("how many", "how much", "what", "which", "list", "show")):
        asks = not re.search(rf"(?:[,;:]|\band|\bbut)\s*{AUXILIARIES}|\b(?:or|if|whether)\b",
                             folded) and not (opening.startswith("which") and
                                              re.search(SKU_SHAPE, folded))
    else:  # most questions compile nothing more
        asks = any(word in folded for word in ("多少", "哪些", "哪個", "哪一", "幾")) and \
            not re.search(rf"{YES_NO_ZH}|還是|或|[嗎吗呢吧]\W*$", folded)
    return asks and not re.search(rf"[?？.。!！]\s*\S|{SUPPOSED}", folded)


def _verdicts_named(folded):
    """The verdicts the question's words name (ASKED): in stock only in words no other
    verdict's hold (沒有貨 is out of stock, though it holds 有貨); 夠不夠 asks whether there
    is enough, and 不夠 says there is not (neither is both)."""
    if "夠" in folded:
        folded = folded.replace("夠不夠", "夠").replace("不夠", "不足")
    named = [kind for kind, words in ASKED if re.search(words, folded)]
    if not named and re.search(ANY_LEFT, folded):
        return ["instock"]
    if "instock" in named and len(named) > 1:
        others = "|".join(words for kind, words in ASKED if kind != "instock")
        if not re.search(dict(ASKED)["instock"], re.sub(others, " ", folded)):
            named.remove("instock")
    return named


def _beyond(folded):
    """"day" when the question asks of another day and not of now as well, "held" when it
    asks of another day and of now, or of what no tool holds, else None. "Is it sold out?"
    asks whether it is out of stock (dev23's: read as of sales)."""
    if folded.startswith(("is ", "are ")) and "sold out" in folded:
        folded = folded.replace("sold out", "out")
    if re.search(OTHER_DAY, folded):
        return "held" if re.search(NOW, folded) else "day"
    return "held" if re.search(NOT_HELD, folded) or any(
        word in folded for word in NOT_HELD_WORDS) and re.search(NOT_HELD_TOO, folded) or any(
        word in folded for word in ELSEWHERE_WORDS) and re.search(ELSEWHERE, folded) else None


def _around_than(folded):
    """The words before "than" (比) and those after, each in its clause ("What is the total
    of A001 and A002, and is A001 more than A002?" sets A001 against A002), or None."""
    if "than" not in folded and "比" not in folded:  # most questions compile no THAN
        return None
    sides = re.split(THAN, folded, maxsplit=1)
    if len(sides) != 2:
        return None
    return re.split(CLAUSE, sides[0])[-1], re.split(CLAUSE, sides[1])[0]


def _one_verdict(kinds):
    """The one verdict a question names, else None: "Does A001 need a reorder, though it's
    not out of stock?" names two (a yes to which?). Below target and needing an order are
    one verdict."""
    one = len(kinds) == 1 or kinds == ["below", "reorder"]
    return kinds[0] if one else None


def _to_confirm(folded, unnamed, *, told=False):
    """The numbers a question asks to have confirmed, as it states them ("A001 stock is 50
    now, right?", A003 還有 10 包對吧？, "Is A001's stock 12?"): whole numbers that count
    (_counts), none of a range ("between 10 and 15", 10 到 15 包), in a question that asks
    a confirmation (CONFIRMING, or a yes or no), and not one telling the program what to
    say (TOLD: an injected number is never repeated) unless `told` (then those too), that
    supposes no change (_changes: "sold 20, still above target?") and asks nothing worked
    out of them (WORKS_OUT: "how many boxes?")."""
    asking = re.search(f"{CONFIRMING}|{YES_NO_EN}|{YES_NO_ZH}", folded)
    told_to = re.search(TOLD, folded)
    if not (asking or told and told_to) or told_to and not told or \
            re.search(f"{WORKS_OUT}|{RANGE}", unnamed) or _changes(unnamed):
        return []
    # told what to say, an order's quantity is one of our figures too ("just tell me A002
    # needs 15 ordered": its suggested order)
    other = NOT_COUNTED if told else NO_QUANTITY
    numbers = [number for number in re.finditer(WRITTEN_NUMBER, unnamed)
               if not re.search(other, unnamed[max(number.start() - 12, 0):number.end() + 8])]
    if not all(number.group().isdigit() and _counts(unnamed, number) for number in numbers):
        return []
    return list(dict.fromkeys(int(number.group()) for number in numbers))


def _one_number(unnamed):
    """Whether the question writes one number in digits and no other word that counts
    ("A001 has 50, right?"; not "50, as I counted twice", "fifty", 兩箱): then "the number
    in your question" is that one."""
    numbers = re.findall(WRITTEN_NUMBER, unnamed)
    return len(numbers) == 1 and not re.search(QUANTITY, re.sub(WRITTEN_NUMBER, " ", unnamed))


# Two numbers as the bounds of a range: "10-15", "10 to 15", "between 10 and 15", 10 到 15.
RANGE = r"\bbetween\b|\d\s*(?:[-–~～]|\bto\b|\bor\b|到|至|或)\s*\d|介於"


def _counts(unnamed, number):
    """Whether a number the question writes counts what it is said of: not a share nor
    containers ("20%", "5 boxes"), nor an amount relative to another ("5 more", 多 5 包)."""
    before, after = unnamed[:number.start()], unnamed[number.end():]
    return not (re.match(SHARE_OR_CONTAINER, after) or re.match(RELATIVE_AFTER, after) or
                re.search(RELATIVE_BEFORE, before))


def _given(unnamed, numbers, total):
    """(the stock's numbers, target) when the question gives a number just after a word for
    the level wanted (GIVEN_LEVEL; the last such, "we want to know: 12 on hand, target 30"):
    that one is the target; the stock is the one other number, or the others when the
    question adds them up ("12 on the shelf (+6 in the back), target 30")."""
    levels = [int(level) for level in re.findall(GIVEN_LEVEL, unnamed)]
    if len(numbers) < 2 or not levels or levels[-1] not in numbers:
        return None
    stock = list(numbers)
    stock.remove(levels[-1])
    return (stock, levels[-1]) if len(stock) == 1 or total else None


def worked(folded):
    """The first arithmetic the question writes out, as ("17 × 3", 51), else None: times
    and divided-by before plus and minus, as people learn it; a division by zero is none."""
    written = re.search(WORKED, folded)
    if written is None:
        return None
    numbers = [float(number.replace(",", "")) for number in re.findall(NUMBER, written.group())]
    operators = [next(sign for sign, pattern in OPERATORS.items()
                      if re.search(pattern, f" {between} "))  # WORKED checked the spaces
                 for between in re.split(NUMBER, written.group())[1:-1]]
    terms = [numbers[0]]
    for sign, number in zip(operators, numbers[1:]):
        if sign == "÷" and number == 0:
            return None
        if sign in "×÷":
            terms[-1] = terms[-1] * number if sign == "×" else terms[-1] / number
        else:
            terms.append(number if sign == "+" else -number)
    shown = " ".join(f"{_plain(number)} {sign}" for number, sign in zip(numbers, operators))
    return f"{shown} {_plain(numbers[-1])}", _plain(sum(terms))


def _multiplied(unnamed):
    """("24 × 5", 120) when the question gives how many a container holds and how many of
    that container (EACH_HOLDS), and no other number; else None."""
    if len(re.findall(GIVEN_NUMBER, unnamed)) != 2:
        return None
    for pattern in EACH_HOLDS:
        held = re.search(pattern, unnamed)
        container = held and re.escape(held["container"])
        counted = held and re.search(rf"(?<![\d.])(\d+)\s*{container}(?:es|s)?(?![a-z])",
                                     unnamed)
        if counted and counted.start(1) != held.start("each"):
            each, count = int(held["each"]), int(counted[1])
            return f"{each} × {count}", each * count
    return None


def _units(unnamed):
    """The things the question's numbers count, as named (8 包 and 27 包: {包}; 14 on the
    shelf and 9 in the back: none). A stock and a target are read only when they name one
    thing at most (not 2 箱 and 30 包); numbers are added up only then and when none says
    per (PER). A number that names nothing counts what the others do ("12 boxes in the
    back and 45 on the shelf"), unless it is how many one holds ("a box holds 24": then
    _multiplied works the total out)."""
    units = set()
    for number in re.finditer(GIVEN_NUMBER, unnamed):
        after = re.match(UNIT, unnamed[number.end():])
        unit = after and (after[1] or after[2])
        if unit and unit not in NOT_UNITS:
            units.add(unit)
    return units


def _plain(number):
    """12.0 as 12; any other number to at most four decimals (2 ÷ 3 = 0.6667)."""
    return int(number) if float(number).is_integer() else round(number, 4)


def names_written(question, rows):
    """{SKU: the name written} of the items (rows) the question writes out by a whole name of
    theirs (names_of; the data's name when it writes that too), longest first; not a name
    inside a longer one it writes (烏龍茶包還有多少？: 烏龍茶包, not 茶包; "any oolong tea bags?":
    oolong tea bags, of 烏龍茶包). Not a name with a word left out ("oolong bags"): a review's,
    "iced tea" of "Iced lemon tea", "green tea bags" of "Green jasmine tea bags", were
    worked out as those siblings."""
    folded = normal(question)
    written = [(row, sorted((name for name in names_of(row) if _writes_out(folded, normal(name))),
                            key=len, reverse=True))
               for row in rows if isinstance(row.get("name"), str)]
    longer, named = [], {}
    for row, names in sorted(((row, names) for row, names in written if names),
                             key=lambda found: len(found[1][0]), reverse=True):
        if not any(normal(name) in other for name in names for other in longer):
            longer += map(normal, names)
            named[row["sku"]] = row["name"] if row["name"] in names else names[0]
    return named


def best_part(parts):
    """Of the parts of names a question writes (parts_named), the longest, else None: 烏龍要
    補貨嗎 writes 烏龍, of 烏龍茶包; "any oolong left?" oolong, of its "oolong tea bags". A
    part of one item's names goes before one several share, a part of a name the data gives
    before any alias's; the first item's, of parts as long."""
    best = max(parts.values(), key=lambda part: (part[0], len(part[1])), default=None)
    return best and best[1]


def parts_named(question, inventory):
    """{SKU: (its rank, the part)} of each item the question names by a part of a name (two
    characters or more of a Chinese name, a word of four letters or more of an English one,
    its aliases' too): "which has more, oolong or drip coffee?" names A002 by oolong, A001
    by coffee (by drip too: the longest). A part of this item's names alone ranks first
    ("OOLONG 茶包": oolong, not the 茶包 of 玄米茶包 too), then one of the data's name. A part
    that is a word questions ask with names nothing (asks_with: "stock" of "Stock labels"
    in "Is A001 low on stock?")."""
    folded = normal(question)
    words, pairs = _words_and_pairs(folded)
    held = {}  # SKU: {part: 1 of the data's name, else 0}, of every part the question writes
    for row in inventory.rows():
        if _names_by_name(row, words, pairs):
            held[row["sku"]] = {part: of_data for of_data, names in (
                (0, names_of(row)[1:]), (1, [row["name"]]))
                for part in _parts_written(map(normal, names), folded, words)}
    shared = collections.Counter(part for parts in held.values() for part in parts)
    parts = {sku: max(((2 * (shared[part] == 1) + of_data, part)
                       for part, of_data in held[sku].items()),
                      key=lambda ranked: (ranked[0], len(ranked[1])))
             for sku in held if held[sku]}
    # a part another item's names hold, of one named by a part of its own, is that item's
    # ("oolong bags": bags, of A002's "oolong tea bags", not of A003's "genmaicha tea bags")
    alone = {sku for sku, (rank, _) in parts.items() if rank >= 2}
    return {sku: (rank, part) for sku, (rank, part) in parts.items()
            if rank >= 2 or not any(part in held[other] for other in alone - {sku})}


def named_by(question, rows, parts=None):
    """{SKU: the name, or part of one, the question names each item by}: a whole name of
    the items `rows` (names_written), and of the data in scope, a part of one (`parts`,
    parts_named) that is not inside a longer name it names another by (茶包, of 玄米茶包, in
    烏龍茶包還有多少？), nor, one several items share, a word right after one ("drip coffee
    bags": A001's drip-bag coffee, not the tea bags)."""
    written = names_written(question, rows)
    if not parts:
        return written
    folded = normal(question)
    named = {**{sku: part for sku, (rank, part) in parts.items() if rank >= 2 or not any(
        f"{name} {part}" in folded for name in map(normal, written.values()))}, **written}
    return {sku: name for sku, name in named.items()
            if not any(normal(name) in normal(other) and len(other) > len(name)
                       for other in named.values())}


def names_found(question, facts, rows, parts, found, asked):
    """{SKU: name} of the found items the question names, by a whole name or by a part of
    one the model's search found (_searched). A question that works something out (`asked`
    a what-if, total, difference or comparison) names its items in what the person reads, so
    a part of one item's names alone (not "bags", of two) counts too when the program's own
    search found it and the model searched for it among other names only, its one search
    finding none ("Adding up coffee, oolong and genmaicha": "coffee oolong genmaicha"), and
    every other word of the question is one of such a question (plain_what_if of a
    change, else WORKED_WORDS), and a difference is of two (烏龍跟玄米加起來比咖啡多多少？ got
    the total of the three and one pair's difference), none written next to another
    ("green coffee": _written_together). Not "paper bags" of "Paper cups", 烏龍奶茶 of 烏龍茶包,
    "thank" of "Thank you cards", "bags of rice" of "brown rice tea bags": a review's, each
    worked out."""
    rows = facts.found() if rows is None else rows
    parts = parts or {}
    searched = {sku: part for sku, part in parts.items() if _searched(facts, sku, part[1])}
    written = named_by(question, rows, searched)
    worked = asked["change"] or asked["total"] or asked["difference"] or asked["than"] or \
        asked["compare"]
    if worked and len(searched) < len(parts):
        named = named_by(question, rows, parts).values()
        also = named_by(question, rows, {**searched, **{
            sku: part for sku, part in parts.items() if part[0] >= 2 and _searched(
                facts, sku, part[1], by_program=True) and _among_names(facts, part[1], named)}})
        pairs = not (asked["difference"] or asked["than"]) or len(also) <= 2
        if pairs and not _written_together(question, also.values()) and (
                plain_what_if(question, also.values()) if asked["change"] else
                plain(question, also.values(), WORKED_WORDS)):
            written = also
    return {sku: name for sku, name in written.items() if sku in found}


def _written_together(question, names):
    """Whether the question writes two of the `names` with nothing but a space between: one
    name of a thing the data lacks, each word of which names another item ("green coffee":
    green tea bags and drip coffee, summed; 抹茶咖啡), a review's."""
    folded = normal(question)
    return any(re.search(rf"{re.escape(normal(first))}\s*{re.escape(normal(second))}", folded)
               for first in names for second in names if first != second)


def _among_names(facts, part, names):
    """Whether the model searched for `part` in a query of the question's item `names` alone
    ("oolong + genmaicha tea bags", "coffee oolong genmaicha"), which found nothing."""
    for listed in facts.lists:
        query = normal(listed["query"] or "")
        if part in query and not listed["skus"] and \
                not listed["source"]["invocation"].endswith(":program"):
            rest = _without_names(query, names)
            if not re.sub(r"[\W_]|\band\b|\bor\b|跟|和|與|及", "", rest):
                return True
    return False


def _searched(facts, sku, part, *, by_program=False):
    """Whether the model's search for words holding `part` found the item: "Is oolong low?"
    asks of A002 once the model searched "oolong" and found it; not of an item whose name
    holds a word the question uses otherwise ("under" of "Under shelf basket" in "Is drip
    coffee under target?"), which only the program's own search for each part may find
    (counted `by_program` too)."""
    return any(listed["query"] is not None and sku in listed["skus"] and
               part in normal(listed["query"]) and
               (by_program or not listed["source"]["invocation"].endswith(":program"))
               for listed in facts.lists)


def _parts_written(names, folded, words):
    """The parts of `names` the question writes: a word of four letters or more of an
    English name, two characters or more of a Chinese one; none a word questions ask with."""
    for name in names:
        parts = (name.split() if name.isascii() else
                 (name[start:end] for start in range(len(name))
                  for end in range(start + 2, len(name) + 1)))
        for part in parts:
            if (len(part) >= 4 and part in words if name.isascii() else part in folded) and \
                    not asks_with(part):
                yield part


def asks_with(part):
    """Whether a part of a name is a word questions ask with (TOOL_WORDS, PLAIN_WORDS, LOW:
    "stock", "orders", 庫存; 補貨, of such characters): it names no item ("Stock labels" in
    "Which items are low on stock?")."""
    if part.isascii():
        return part in _ASKING or part.removesuffix("s") in _ASKING
    return part in _ASKING or all(char in _ASKING for char in part)


_ASKING = {*TOOL_WORDS, *PLAIN_WORDS, *LOW, "inventory", "quantity", "supply", "supplies",
           "purchase", "under", "over", "above", "below", "running"}


def _writes_out(folded, name):
    """Whether the question holds the name: two characters or more in Chinese, three letters
    or more and a word of its own in English ("a" is not item A)."""
    if name not in folded:  # most rows: a large catalogue costs one test a row
        return False
    if not name.isascii():
        return len(name) >= 2
    return len(name) >= 3 and re.search(
        rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", folded) is not None


def list_length(question):
    """How many items the question asks a list to hold: the number it writes beside items
    ("the 3 items most below target", "top two", 前三個, 三個品項的…加起來), 0 when it asks
    for a few with no number and not for all ("just the worst", 只要), else None (all there
    are: "the total of everything below target", 只要總數)."""
    folded = normal(question)
    counted = re.search(COUNTED, folded)
    if counted:
        return _number_of(counted)
    return 0 if re.search(FEW, folded) and not re.search(ALL, folded) else None


# How many items a conversation's question speaks of ("are both low?", "the two together",
# "which of the two", 三個加起來, 這兩個, 兩者), with no item named: a count word that stands
# for the items, alone before a verb, a total or the question's end; not one before a noun
# ("both warehouses", "the 2 cartons", 兩個倉庫, 有兩個品項低於目標嗎, 兩個數字), nor "or both",
# nor 哪一個 (one).
_FEW = "two|three|four|five|six|seven|eight|nine|ten"
_THEN = (r"(?=\s*(?:[?.!,;]|$|of (?:them|those|these)\b|(?:put )?together\b|combined\b|added\b|"
         r"in total\b|up\b|(?:are|is|have|has|need|needs|do|does|below|above|under|over|low|"
         r"out|at|short|running|still|in stock|stock|targets?|levels|(?:re)?orders?|"
         r"suggested|qtys?|quantities|quantity)\b))")
_ZH_THEN = (r"(?=\s*(?:加起來|一共|總共|合計|相加|哪|都|比|差|的(?:庫存|目標|總|建議)|庫存|目標|"
            r"建議|補貨|[？?，,。]|$))")
ITEMS_COUNTED = (rf"(?<!\bor )\bboth\b{_THEN}|"
                 rf"\b(?:the|these|those|all|all of the) ({_FEW})(?: (?:items?|products?|skus?|"
                 rf"ones))?\b{_THEN}|"
                 r"(?:這|那)([兩二三四五六七八九十])\s*(?:個|項|樣|種|款)|"
                 rf"([兩二三四五六七八九十])\s*(?:個|項|樣|種|款)(?:品項|商品)?{_ZH_THEN}|"
                 r"([兩二三])者")


def items_counted(question):
    """How many items the question speaks of by a number (ITEMS_COUNTED), or 0: a
    conversation's question of so many items is of those its turns found, when they found
    as many (answers._several_asked)."""
    counted = re.search(ITEMS_COUNTED, normal(question))
    return (_number_of(counted) if any(counted.groups()) else 2) if counted else 0


def _number_of(counted):
    number = next(group for group in counted.groups() if group)
    return int(number) if number.isdigit() else _ZH_COUNT.get(number) or \
        _EN_COUNT.get(number) or 99  # a longer numeral: many


_EN_COUNT = {word: value for value, word in enumerate(
    "one two three four five six seven eight nine ten eleven twelve".split(), start=1)}
_EN_COUNT.update(couple=2, pair=2, dozen=12)
_ZH_COUNT = dict(zip("一二兩三四五六七八九十", (1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10)))


def skus_named(question):
    """The SKUs the question names: words shaped like one (letters and digits), in capitals."""
    return list(dict.fromkeys(word.upper() for word in
                              re.findall(SKU_SHAPE, normal(question))))


def normal(text):
    """Text as the program compares it: NFKC (full-width ＡＢ is AB), then casefolded; a run
    of more digits than any figure has (a review's: 4,301 of them raised ValueError in int())
    is taken out."""
    # NFKC leaves ASCII and the CJK ideographs as they are (a --mock run never loads its tables)
    if text.isascii() or all(char.isascii() or "\u4e00" <= char <= "\u9fff" for char in text):
        text = text.casefold()
    else:
        import unicodedata
        text = unicodedata.normalize("NFKC", text).casefold().replace("’", "'")
    return _TOO_LONG.sub(" ", text) if len(text) > MAX_DIGITS else text


MAX_DIGITS = 18  # more, and it is no figure of ours nor one the program works out
_TOO_LONG = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")
