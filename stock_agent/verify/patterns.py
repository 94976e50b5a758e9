"""The answer checker's patterns (stock_agent/verify/): the regex texts an answer is read
with, and the number words with the two functions that give their values.

Every pattern is bounded: alternations of fixed words, classes with {m,n} bounds, no
nested repetition, so no input makes `re` backtrack for long. Patterns are kept as text
and compiled by `re` on first use, each only when a cheap test says it could match.
"""

HYPOTHETICAL = r"(?i)\b(?:if|for example|for instance|suppose)\b|如果|假設|假如|若|例如|比如|舉例"
# A sentence that explains a rule or the usual case, not our stock ("usually 2 weeks").
EXAMPLE = (HYPOTHETICAL + r"|\b(?:usually|typically|generally|often|commonly|normally|"
           r"e\.g\.|say)\b|一般|通常|常見|往往")
SENTENCE_END = r"[。！？!?；;]|\.(?=\s|$)"
# Clauses end at sentence marks and commas; a list entry or table row is a line.
CLAUSE_END = r"[。！？!?；;，、\n]|,(?!\d{3})|\.(?=\s|$)|\s[-–—]\s"
# Between a figure and the item after it: a new item, not the figure's ("30) and COFFEE").
AND = r"(?i)\b(?:and|while|but|whereas|vs|versus)\b|[()（）]|和|與|跟|而"
# What may stand between a figure and the item it counts: "18 units of A002", "18 for A002".
OF_ITEM = r"(?i)\s*(?:(?:more\s+)?(?:units?|pieces|pcs|boxes|bags|packs)\s+)?(?:of|for)\s*"
# ... or the item in brackets right after the figure: "18 (濾掛咖啡)", 7500（Paper Cups）.
BRACKETED = r"\s{0,2}[(（]\s{0,2}"
# ... and between one such figure's item and the next figure: "18 units of A001 and 45".
NEXT_ITEM = rf"{OF_ITEM}\s*(?:,|and)\s*"
# The words before a figure that give it a field (longest first: 目標庫存 is a target).
FIELD_NAMES = ("target", "order", "stock")
FIELD_CUE = (r"(目標庫存|安全庫存|\btargets?(?: stock)?\b|\bgoal\b|目標|補到|補至)|"  # a level
             r"(建議補貨|\b(?:suggested|reorder(?:ed)?|restock(?:ed)?|orders?|ordering|buy|needs?)\b|"
             r"補貨|需補|補|訂購|訂)|"
             r"(庫存|現有|存量|\b(?:stock|on hand|has|have|had|holds?|holding|left|remaining|"
             r"with)\b|剩|有)")
# Right after a count, that the items it counts are below their targets: "3 items are
# below target", 2 個品項低於目標, 5 項需要補貨. It must be how many are.
BELOW_COUNT = (r"(?i)\s{0,2}(?:(?!more\b|other\b)[a-z]{1,12}\s{1,2})?"
               r"(?:items?|products?|skus?|of them)\s{1,2}"
               r"(?:(?:(?:that|which)\s{1,2})?(?:are|is)\s{1,2}"
               r"(?:currently\s{1,2}|still\s{1,2}|all\s{1,2})?"
               r"(?:below|under|short of)\s{1,2}(?:its\s|the\s|their\s)?targets?\b|"
               r"needs?\s{1,2}(?:restocking|reordering|an order))|"
               r"\s{0,2}(?:個|項|款|種)?\s{0,2}(?:品項|商品|產品)?\s{0,2}(?:都|皆)?\s{0,2}"
               r"(?:低於目標|未達目標|需要補貨|需補貨|要補貨)")
# ... unless the count is of the rest: "另外還有 2 項低於目標", "plus 3 items below target".
REST_BEFORE = r"(?i)(?:還有|另外|另|其他|其餘|\bplus|\banother|\bother)\s{0,2}$"
# An answer saying a list is complete ("the full list", "nothing else", 就這兩項, 其他品項都):
# false when the tool listed only part of it (its `more`).
ALL_LISTED = (r"(?i)\bfull list\b|"
              r"\b(?:these|those|that)\s{1,2}(?:are|is)\s{1,2}(?:all|everything)\b|"
              r"\bthat's\s{1,2}(?:all|everything)\b|\beverything else\b|\bnothing else\b|"
              r"\bno other items?\b|\bthe only (?:items?|ones)\b|\ball (?:of\s{1,2})?the items\b|"
              r"就這[些幾兩三四五]|只有這[些幾兩三四五]|(?:其他|其餘)(?:的)?(?:品項|商品)?(?:的)?(?:庫存)?都")
# A list said to be in order of shortfall, biggest first ("sorted by shortfall",
# 依缺口大小排序): its items must be, by their suggested orders.
SORTED = (r"(?i)\b(?:biggest|largest|greatest)\s{1,2}(?:shortfalls?|gaps?|shortages?)\s{1,2}"
          r"first\b|\b(?:sorted|ranked|ordered|listed)\s{1,2}by\s{1,2}(?:the\s{1,2})?(?:size\s{1,2}"
          r"of\s{1,2}(?:the\s{1,2})?)?(?:shortfall|suggested order|gap|shortage|reorder quantity)|"
          r"(?:依|按|照)(?:照)?(?:缺口|缺額|建議補貨量|補貨量|建議訂購量|缺貨量)(?:的)?(?:大小|多寡|多少)?"
          r"(?:由大到小|從大到小)?(?:排序|排列)|(?:缺口|缺額|補貨量)(?:大|多)的(?:排)?(?:在)?前|"
          r"(?:缺口|缺額|補貨量)(?:由|從)大到小|"
          # ... or of stock: "ranked by stock, lowest first", 依庫存由多到少排序
          r"\b(?:sorted|ranked|ordered|listed)\s{1,2}by\s{1,2}(?:the\s{1,2})?(?:stock|on hand|"
          r"inventory)(?:\s{0,2},?\s{0,2}(?:highest|lowest|most|least|fewest)\s{1,2}first)?|"
          r"(?:依|按|照)(?:照)?(?:庫存|存量|現貨)(?:量)?(?:的)?(?:由多到少|從多到少|由少到多|從少到多|"
          r"由高到低|由低到高|多寡|高低)?(?:排序|排列)|庫存(?:由|從)(?:多到少|少到多|高到低|低到高)")
SORTED_NEEDLES = ("first", "sorted", "ranked", "ordered by", "listed by", "排", "大到小", "到少",
                  "到多", "到低", "到高")
# Which field a SORTED phrase orders by, and when it puts the least first.
SORTED_STOCK = r"(?i)stock|on hand|inventory|庫存|存量|現貨"
SORTED_LEAST = r"(?i)lowest|least|fewest|smallest|少到多|低到高"
# A lookup said to have failed, an excuse no result gave: "the system seems to be down",
# "try again later", 系統暫時無法回應, 稍後再試.
FAILED = (r"(?i)\btemporar(?:il)?y\s{1,2}(?:unavailable|down)\b|\bunder maintenance\b|"
          r"\b(?:system|server|service|database|tool|inventory)s?\s{1,2}"
          r"(?:seems?\s{1,2}to\s{1,2}be|"
          r"is|are|was|appears?\s{1,2}to\s{1,2}be)\s{1,2}(?:currently\s{1,2})?(?:down|unavailable|"
          r"offline|not responding)\b|\btry again later\b|\btimed out\b|暫時無法|維護中|正在維護|"
          r"稍後再試|查詢逾時|連線(?:失敗|逾時)|系統(?:異常|故障)")
FAILED_NEEDLES = ("temporar", "maintenance", "down", "unavailable", "offline", "responding",
                  "try again", "timed out", "暫時", "維護", "稍後", "逾時", "連線", "異常", "故障")
# Words of a sentence that counts items ("Another 3 items ... 5 in total"), and those right
# after a count that make it the results' total (共有 8 筆結果, "8 results").
COUNTS_ITEMS = r"(?i)\b(?:items?|products?|skus?|results?|matches)\b|項|筆"
RESULTS_AFTER = r"(?i)\s{0,2}(?:筆|個)?\s{0,2}(?:搜尋)?結果|\s{0,2}(?:results?|matches)\b"
# A list entry headed by a SKU-like word and a figure ("- TEA-1: 7", "3. A002：5").
ENTRY_HEAD = (r"(?m)^\s{0,4}(?:[-*•]|\d{1,2}[.)、])\s{0,2}([A-Z][A-Z0-9_-]{0,30}\d[A-Z0-9_-]{0,30})"
              r"\s{0,2}[:：–—]\s{0,2}\d")
# Words right before a figure that make it a count of items: 符合的品項有 2 個, 商品共有 5 個.
COUNT_NEEDLES = ("品項", "項目", "商品", "產品", "結果", "料號")
COUNT_BEFORE = rf"(?:{'|'.join(COUNT_NEEDLES)})\s{{0,2}}(?:共|總共|一共|只)?\s{{0,2}}(?:有|為|是)\s{{0,2}}$"
DERIVED_CUE = (r"\btotal\b|\btogether\b|\bsum\b|\bover\b|\babove\b|\bshort\b|\bdays?\b|"
               r"\bcover\b|percent|\bcombined\b|\baltogether\b|\bbelow\b|\bunder\b|"
               r"合計|總共|共計|總計|超出|超過|多出|還差|差|缺口|缺(?!貨)|撐|達成|加起來|一共|比(?!較)")
# Words of how far apart two items are: the figure after them is a difference of theirs.
APART = r"(?i)\b(?:difference|apart|gap)\b|相差|差距|差了|相距|差別"
# A clause that sums ("A001 and A002 hold 57 between them"): its figures of a field may be
# that field's sum over the items; one that says a count is all ("only 2", 總共 2 項).
SUM = (r"\b(?:total|together|combined|altogether|in all|between them|added up|sum)\b|"
       r"合計|總共|共計|總計|加起來|合起來|一共|相加")
TOTAL = r"\b(?:only|all|in total|total|altogether|in all)\b|總共|只有|一共|全部|共有|僅"
# Words right after a figure that give it a field (12 in stock, 5 items, 4 days).
AFTER_CUES = (
    ("stock", r"\s{0,2}(?:(?:units?|pcs|bags?|boxes|packs?)\s{1,2})?(?:of\s{1,40})?"
              r"(?:in stock|left|on hand|remaining)\b|"  # 25 units of B101 in stock
              r"\s{0,2}items?\s{1,2}in stock\b|"  # "45 items in stock": a stock, no count
              r"\s{0,2}(?:個|件|包|盒|箱|瓶|袋)?(?:的)?\s{0,40}(?:庫存|存貨|現貨|在庫)"),
    ("count", r"\s{0,2}(?:[a-z]{1,12}\s)?(?:items?|products?|match(?:es)?|skus?|results?|"
              r"more(?!\s{1,2}(?:units?|pcs|of|to|than)\b)|shown|found)\b|"
              # "2 teas:" introduces a list; "7 bags: at 2 a day" is a stock
              r"\s{0,2}(?!(?:units?|pcs|bags?|boxes|packs?|jars?|cans?|bottles?)\s{0,2}[:：])"
              r"[a-z]{2,12}\s{0,2}[:：]|"
              r"\s{0,2}(?:項|種|款|筆|個品項)"),
    ("derived", r"\s{0,2}(?:units?\s{1,2})?(?:in total|total|over|short|more than|days?|"
                r"of cover)\b|\s{0,2}(?:個|件|包)?\s{0,2}(?:天|days?)"),
)
# Before a figure: it is worked out ("That's 15 more", "which is 7 more"), not counted.
THATS = r"(?i)\b(?:that's|that is|which is|it's|it is|by)\s{1,2}$"
# A derived figure that counts days (4 days of cover, 撐三天): worked out from a rate.
DAYS = r"(?i)\s{0,2}(?:個|件|包)?\s{0,2}(?:天|days?\b)"
# A percentage of the target: "40% of target", 「目標的 40%」, 達到目標的百分之四十.
OF_TARGET = r"(?i)\s{0,2}of\s{1,2}(?:the\s{1,2}|its\s{1,2})?target"
TARGETS_SHARE = r"目標的\s{0,2}$"
SHORTFALL = r"(?i)\b(?:short|below|under|missing|away from)\b|差|不足|缺|低於"
# Words before an id of another kind than a SKU (invoice INV-2207, 工單 WO-5120), and
# between the two ends of a range of SKUs (A001 to A003, A001~A003, A001 至 A003).
OTHER_ID = (r"(?:\b(?:INVOICE|INV|TICKET|SHIPMENT|TRACKING|CASE|REF|REFERENCE|RECEIPT|"
            r"BATCH|LOT|JOB|WORK ORDER|ORDER\s{0,2}(?:#|NO\.?|NUMBER|ID))\s{0,2}(?:#|NO\.?|"
            r"NUMBER|ID)?\s{0,2}[:#]?|發票|單號|工單|出貨單|批號|票號|訂單編號)\s{0,2}$")
RANGE_MARK = r"\s{0,2}(?:[-–~～]|TO|THROUGH|THRU|至|到)\s{0,2}"
# An order id as receipts write it (PO-000001), and as models invent them.
ORDER_ID = r"\b(?:PO|ORD|SO|ORDER)-\d{3,12}(?:-\d{1,12})?\b"
NOT_FOUND = (r"(?i)\bnot\s+(?:be\s+)?found|\bcould\s*n[o']t\s+find|\bcan(?:no|')t\s+find|"
             r"\bdo(?:es)?\s*n[o']t\s+exist|\bdo(?:es)?\s+not\s+exist|\bno\s+such\b|"
             r"\bunknown\s+sku|\bno item has(?: sku)?|查無|查不到|找不到|不存在|沒有這個|沒有 ?SKU ?為")
NOT_FOUND_NEEDLES = ("not", "n't", "no such", "unknown", "no item", "查無", "查不到", "找不到",
                     "不存在", "沒有")
NEXT_TO = r"(?i)[\s:：]{0,3}(?:(?:sku|item|product|the|any|此|這個)\s{0,2}){0,2}"
# Order claims. English: a finished-action verb right after a word that makes it a
# statement of fact (I ordered, we have placed, order PO-1 placed, Done! Ordered).
CLAIM_VERB = (r"\b(ordered|reordered|restocked|purchased|bought|placed|submitted|created|"
              r"sent|booked|processed|completed|confirmed)\b")
# These need an order (or a purchase) in the clause: "the report was sent" is none.
ORDER_VERBS = ("placed", "submitted", "created", "sent", "booked", "processed", "completed",
               "confirmed")
STATING = {"was", "were", "been", "is", "i", "we", "i've", "we've", "have", "has",
           "successfully", "just", "already", "order", "reorder", "and", "also", "done",
           "you", "it's", "it", "they"}
DENIAL = (r"\b(?:no|not|never|nothing|cannot|unable|without)\b|n't\b|尚未|並未|沒有|未|"
          r"無法|不能|不會|不要")
CONDITION = (r"\b(?:if|once|when|after|until|before|unless|would|will|can|could|should|"
             r"shall)\b|如果|如需|若|假如|之後|後|等到|一旦")
IF_DONE = (r"\b(?:if|once|after|when|until|unless)\b|如果|假如|一旦|之後|下單後|補貨後|到貨後|"
           r"收到後|若")
# Words saying an order or a delivery arrived ("PO-7731 has been received", 已經到貨): no
# tool of ours reports a delivery.
DELIVERED = (r"(?i)\b(?:has|have|had|was|were)\s{1,2}(?:just\s{1,2})?(?:been\s{1,2})?"
             r"(?:received|delivered|arrived)\b"
             r"(?!\s{1,2}(?:your|the|this)\s{1,2}(?:request|question|message))|"
             r"\b(?:arrived|came in|got delivered)\b|"
             r"已(?:經)?(?:到貨|送達|收到|入庫)|到貨了|送到了")
DELIVERY_NEEDLES = ("receiv", "deliver", "arriv", "came in", "到貨", "送達", "收到", "入庫",
                    "送到")
# Words saying no order was placed: "I haven't placed the order", 還沒有下單. Of an item a
# receipt of this run covers, they deny what the run did.
ORDER_DENIED = (r"(?i)\b(?:have|has|was|were|is)(?:n't|\s{1,2}not)\s{1,2}(?:yet\s{1,2})?"
                r"(?:been\s{1,2})?(?:placed|ordered|submitted|created)\b|"
                r"\bnot\s{1,2}(?:yet\s{1,2})?(?:been\s{1,2})?ordered\b|"
                r"\bnothing\s{1,2}(?:has\s{1,2}been|was|is)\s{1,2}(?:yet\s{1,2})?ordered\b|"
                r"\bno\s{1,2}order\s{1,2}(?:has\s{1,2}been|was)\s{1,2}(?:placed|created)\b|"
                r"(?:還沒有?|尚未|並未|沒有)(?:幫您|為您|替您)?(?:下單|訂購|訂貨|建立訂單|送出訂單|叫貨)")
CLAIM_ZH = (r"(?:已經?|我)(?:為您|幫您|替您|為你|幫你)?(?:經)?(?:自動)?"
            r"(?:下單|訂購|訂了|補貨|安排補貨|建立(?:了)?訂單|送出(?:補貨)?訂單|完成下單|採購)|"
            r"(?:幫您|替您|為您|幫你)(?:訂了|下單了|訂購了|安排補貨了)|"
            r"訂單已經?(?:建立|送出|成立|完成)|下單成功|訂購成功|"
            # 已送出補貨 20 個的訂單, 已經為您處理完成下單: the order a few words after 已
            r"已經?(?:為您|幫您|替您)?(?:送出|建立|下了|成立)[^，。；,;！!]{0,12}?訂單|"
            r"已經?(?:為您|幫您|替您|為你|幫你)?[^，。；,;！!\d]{0,6}?(?:下單|訂購)")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# Dates: no tool returns one, so a date the question did not give is no fact.
DATE = (r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?\s{1,2}"
        r"\d{1,2}(?:st|nd|rd|th)?(?:,?\s{1,2}\d{4})?\b|"
        r"\d{4}\s{0,2}[-/.年]\s{0,2}\d{1,2}\s{0,2}[-/.月]\s{0,2}\d{1,2}\s{0,2}[日號]?|"
        r"\d{1,2}\s{0,2}月\s{0,2}\d{1,2}\s{0,2}[日號]")
# (what must occur in the text for the pattern to match, the pattern): not quantities.
NOT_QUANTITIES = (
    (("max",), r"\bmax\s{0,2}\([^()]{0,80}\)"),                    # max(target - stock, 0)
    (tuple(f"{digit}:" for digit in "0123456789"), r"\b\d{1,2}:\d{2}(?::\d{2})?\b"),  # 10:30
    (("19", "20"), r"(?i)\b(?:in|since|year|as of|by|from)\s{1,2}(?:19|20)\d\d\b"),  # in 2026
    (("年",), r"\d{4}\s{0,2}年"),
    (("\n", ".", ")", "、"), r"(?m)^[ \t]{0,8}(?:[-*][ \t]{0,3})?\(?\d{1,2}(?:[.)][ \t]|、)"),
    (tuple(f"{digit}{suffix}" for digit in "0123456789" for suffix in ("st", "nd", "rd", "th")),
     r"(?i)\b\d{1,4}(?:st|nd|rd|th)\b"),                        # 1st, 22nd
    (("#", "no.", "第"), r"(?i)#\d{1,9}|\bno\.\s{0,2}\d{1,9}|第\s{0,2}\d{1,9}"),  # #1, 第1
    # The program's own words for a SKU: "1-32 uppercase letters" (inventory.SKU_HINT).
    (("32",), r"\b1\s{0,2}[-–~至到]\s{0,2}32\b"),
    # A figure denied: "not stock 0", "not that its stock is 0", 並非庫存 0, 這不代表庫存為零.
    (("not", "n't", "並非", "不是", "而非", "不代表", "不等於", "不表示"),
     r"(?i)(?:\bnot|n't)(?:\s{1,2}[a-z]{1,12}){0,5}\s{1,2}(?:\d[\d,.]{0,12}|zero)\b|"
     r"(?:並非|不是|而非|不代表|不等於|不表示)[^\d，。,;；]{0,6}(?:\d{1,12}|零)"),
)


# --- SKUs and figures (read by sku_words and figures_in, stock_agent/verify/__init__.py) -

TOKEN = r"[A-Za-z][A-Za-z0-9_.-]*|[0-9]+(?:,[0-9]{3})*(?:\.[0-9]+)?"
NUMBER = (r"(?<![A-Za-z0-9_.-])(\d{1,3}(?:,\d{3})+|\d{1,12})(\.\d{1,6})?"
          r"(?:\s{0,2}([kK](?![A-Za-z])|萬|万))?(\s{0,2}(?:%|percent\b))?")
SKU_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
WORD_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
                "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
                "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
                "ninety": 90, "hundred": 100, "thousand": 1000}
_WORD = "|".join(sorted(WORD_NUMBERS, key=len, reverse=True))
# One figure of words: twenty-two, "twelve thousand five hundred", "a hundred and five"
# ("and" only after hundred or thousand: "two and three" is two figures).
WORD_NUMBER = (rf"(?i)\b(?:{_WORD})(?:(?:[\s-]{{1,2}}|(?<=hundred)\s{{1,2}}and\s{{1,2}}|"
               rf"(?<=thousand)\s{{1,2}}and\s{{1,2}})(?:{_WORD})){{0,6}}\b")
# "one" is a figure only before what it counts (one item, one unit).
ONE_COUNTS = r"(?i)\s{1,2}(?:[a-z]{1,12}\s)?(?:items?|units?|matches|products?|skus?)\b"
CHINESE_NUMERAL = r"(百分之)?([零〇一二兩两三四五六七八九十百千萬万]{1,12})"
CHINESE_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "兩": 2, "两": 2, "三": 3, "四": 4,
                  "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
CHINESE_UNITS = {"十": 10, "百": 100, "千": 1000, "萬": 10_000, "万": 10_000}
BOTH = r"[兩两二三]\s{0,2}(?:個|者|項|款|樣|種|件)?\s{0,2}都"  # 兩個都低於目標: "both are"
# "Both" right before a status claim: it is said of each item named (兩個都需要補貨).
BOTH_BEFORE = (r"(?i)(?:[兩两二三]\s{0,2}(?:個|者|項|款|樣|種|件)?\s{0,2}都|\bboth"
               r"(?:\s{1,2}of\s{1,2}them)?|\ball\s{1,2}of\s{1,2}them)"
               r"(?:\s{1,2}(?:are|is|still))?\s{0,2}$")
# Between items of one subject ("A002 and A001", "A003、A001", "A001 (濾掛咖啡) 和 A003"),
# and between the last of them and its claim ("are both", 都, "still").
JOINER = (r"(?i)[\s(（)）]{0,3}(?:[(（][^()（）]{0,40}[)）]\s{0,2})?"
          r"(?:,|，|、|&|\band\b|,\s{0,2}and\b|和|與|及|以及|跟)?\s{0,2}")
SUBJECT_END = (r"(?i)[\s)）]{0,3}(?:[(（][^()（）]{0,40}[)）]\s{0,2})?"
               r"(?:(?:are|both|all|still|also|都|也|皆|均|仍)\s{0,2}){0,3}")
MEASURE_WORD = r"\s{0,2}(?:個|件|包|盒|箱|瓶|罐|袋|組|份|支|項|種|款|天|元|塊|位|單位|个|组|项)"
QUANTITY_LEAD = ("為", "是", "有", "剩", "共", ":", "撐", "補", "貨", "存", "標")
# Stock-status claims: a stock of 0, a stock above 0; a denial right before one.
STOCK_ZERO = (r"(?i)\bout of stock\b|\bsold out\b|\bno stock\b|缺貨|(?<!有)沒有?貨|無貨|售完|售罄|"
              r"無庫存|沒有庫存")
IN_STOCK = r"(?i)\bin stock\b|有現?貨|有庫存"
# An item's stock against its target: "below target", 低於目標; "above target", 超過目標.
BELOW_TARGET = (r"(?i)(?<!at or )\b(?:below|under|short of)\s(?:its\s|the\s)?target\b|"
                r"低於目標|未達目標|不足目標|少於目標")
ABOVE_TARGET = (r"(?i)(?<!at or )\b(?:above|over|exceeds?)\s(?:its\s|the\s)?target\b|"
                r"高於目標|超過目標|多於目標")
RELATIONS = ("below_target", "above_target")
# A claim that an item needs an order, which is a stock below its target: "A002 needs
# topping up", "B102 should be reordered", 需要補貨. Not "will need" (NEEDS_LATER).
NEEDS_ORDER = (r"(?i)\b(?:needs?|requires?|is due for|should be|must be)\s{1,2}"
               r"(?:an?\s{1,2}|to be\s{1,2})?"
               r"(?:re-?stock(?:ing|ed)?|re-?order(?:ing|ed)?|top(?:ping)?[- ]up|topped up|"
               r"replenish(?:ing|ed|ment))\b|需要補貨|該補貨|要補貨|需補貨|得補貨|應補貨|應該補貨")
NEEDS_LATER = r"(?i)\b(?:will|would|may|might|could|to)\s{1,2}$"
# A clause that denies or asks it ("None of them need restocking", "Does A002 need
# restocking?", 沒有品項需要補貨, 「A002 需要補貨嗎」, 毋需補貨): no claim of any item.
NEEDS_DENIED = (r"(?i)\b(?:no|not|none|nothing|neither|nor|never|without|does|do|did|whether|"
                r"if|asked)\b|n't\b|沒|不|毋|無|未|否|嗎|免")
# A head that asks which items ("哪些缺貨：", "Which are out of stock:") states nothing.
HEAD_QUESTION = r"(?i)\b(?:which|what)\b|哪|\?|？"
# A status said of a list ("缺貨的品項：A003、A001", "Out of stock: A003, B101"): what makes
# the words before the colon no single status ("缺貨或快沒了", "out of stock and low").
HEAD_ALTERNATIVE = r"(?i)\b(?:or|and)\b|或|及|和|與|、|/|,|，"
# A search said to have found nothing: "No items match 'coffee'", 查無符合「tea」的商品.
NO_MATCH = (r"(?i)\bno (?:matching )?(?:items?|products?|results?)\s{1,2}"
            r"(?:that\s{1,2}|which\s{1,2})?(?:match(?:ed|es|ing)?|(?:were|was)\s{1,2}found|"
            r"found|contain)|\bno match(?:es)?\b|\bnothing (?:matche[sd]|was found|found)\b|"
            r"\b(?:did|could)(?:n't| not) find any|"
            r"\bfound no (?:matching )?(?:items?|products?|matches)\b|"
            r"(?:找不到|沒有找到|查無|沒有)(?:任何)?(?:符合|相關|包含)|查無結果|無符合|"
            r"沒有找到(?:任何)?(?:商品|品項|結果)")
# What may follow the query a sentence says found nothing: quotes, 的商品, "items".
SEARCH_END = (r"""[\s'"「」『』“”)）]{0,4}(?:的?(?:相關)?的?(?:商品|品項|產品|項目|結果)|"""
              r"""(?:items?|products?|results?)(?: in (?:the )?inventory)?)?[\s'"」』”)）.。!！]{0,4}""")
# The query named first: "I searched for 'tea' but found no matching items", 我搜尋了「咖啡」，
# 但沒有找到任何商品 (a search word before the query, a connective between it and the
# no-match phrase).
SEARCHED = (r"""(?:search(?:ed|ing)?|look(?:ed|ing)?|搜尋|查詢|查|找)(?:\s{1,2}(?:for|up))?"""
            r"""\s{0,2}了?\s{0,2}['"「『“]{0,2}$""")
QUERY_THEN = r"""[\s'"」』”)）,，]{0,6}(?:but|and|yet|但是?|可是|卻)?\s{0,2}(?:i|we|it)?\s{0,2}"""
NO_MATCH_NEEDLES = ("no item", "no product", "no result", "no match", "nothing", "find any",
                    "found no", "找不到", "沒有", "查無", "無符合")
# A clause naming no item whose figures go to the items named before it, in order.
RESPECTIVELY = (r"(?i)\brespectively\b|分別|各為|各是|"
                r"\b(?:targets|stocks|orders|stock levels)\s{1,2}(?:of\s{1,2}|are\s{1,2})?\d")
# One item against another: "A001 has more stock than A002" (the second item follows
# "than"), 「A001 比 A002 多」 (it follows 比; the word after it says which way).
MORE_THAN = (r"(?i)\b(?P<way>more|less|fewer|higher|lower|greater|smaller|larger)\b"
             r"(?P<field>(?:\s+[a-z']+){0,3}?)\s+than\s*$")
MORE = ("more", "higher", "greater", "larger", "多", "高")
THAN_ZH = r"^\s*(?:的)?\s*(?P<field>庫存|存貨|數量|目標|建議補貨|補貨量)?\s*(?:還|更|要)?\s*(?P<way>多|少|高|低)"
COMPARE_NEEDLES = ("than", "比")
# One item said to have the most or the least: the phrase, then the item ("the largest
# shortfall is 100234", 庫存較少的是 A003), or the item, then the phrase ("B101 is the one
# with less stock", "A002 has the most"). Of a shortfall (缺, 補) the suggested order's,
# else the stock's, among all the items the results hold.
EXTREME_BEFORE = (r"(?i)\bthe\s{1,2}(?:largest|biggest|greatest|smallest|lowest|highest)"
                  r"\s{1,2}(?:shortfall|gap|stock|order)\s{1,2}(?:is|belongs to)\s{1,2}$|"
                  r"(?:庫存|缺|補)?(?:比較|較|最)(?:多|少|高|低)的(?:是|為)\s{0,2}$")
EXTREME_AFTER = (r"(?i)^\s{0,2}(?:is|has)\s{1,2}(?:the\s{1,2}one\s{1,2}with\s{1,2})?"
                 r"(?:the\s{1,2})?(?:less|fewer|more|most|least|fewest|lowest|highest)\b"
                 r"(?![^.,;]{0,24}\bthan\b)|"
                 r"^\s{0,2}(?:的庫存|庫存)?(?:比較|較|最)(?:多|少|高|低)(?![^，。,.]{0,6}比)")
MOST = r"(?i)more|most|highest|largest|biggest|greatest|多|高"
OF_ORDERS = r"(?i)short|gap|order|缺|補"  # words of an extreme of the suggested order
EXTREME_NEEDLES = ("less", "fewer", "more", "most", "least", "lowest", "highest", "largest",
                   "biggest", "greatest", "smallest", "較", "最")
# Words one of those patterns needs: without any, an answer's claims skip the regexes (the
# mock's "stock 12, target 30" has none, and compiling them costs a start-up).
STATUS_NEEDLES = ("out of", "sold", "no stock", "in stock", "缺貨", "貨", "售", "庫存",
                  "below", "under", "short of", "above", "over", "exceed", "低於", "未達",
                  "不足", "少於", "高於", "超過", "多於", "need", "requir", "due for", "should be",
                  "must be", "補貨")
STATUS_DENIED = (r"(?i)(?:\bnot|n't|\bnever|\bno longer)(?:\s{1,2}[a-z'’]{1,12}){0,2}\s{1,2}$|"
                 r"\bnone\b(?:\s{1,2}[a-z]{1,12}){0,4}\s{1,2}$|"  # none of the matches is
                 r"(?:不|沒|未|非|無|否)(?:有|是|會|再)?\s{0,2}$")
# Right before "out of stock", 缺貨: it is denied now ("isn't out of stock yet", 還沒缺貨),
# a stock above 0; not "won't be", 不會缺貨 (what an order would do).
NOT_OUT = (r"(?i)(?:\b(?:is|are|was|were)\s{1,2}not|\b(?:isn't|aren't|wasn't|weren't))"
           r"(?:\s{1,2}(?:yet|currently|actually))?\s{1,2}$|(?:還|尚|並)?(?:沒有?|未|不)\s{0,2}$")
# A figure right before "in stock" (12 units in stock): the claim is the figure's.
COUNTED = (r"(?i)(?:\d|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
           r"twelve|[a-z]{3,5}teen|[a-z]{3,5}ty(?:-[a-z]{3,5})?))\s{0,2}"
           r"(?:(?:units?|pcs|items?)\s{0,2})?$")
# A question that asks how many to order, and an answer that says none is needed.
ASKS_ORDER = r"(?i)\b(?:re-?order\w{0,3}|restock\w{0,3}|order\w{0,3}|buy)\b|補|訂|採購"
NO_ORDER = (r"(?i)\bno (?:re-?)?order|\bno need\b|\bnot? (?:need|needed)\b|\bnothing to\b|"
            r"\bno (?:restock|reorder)ing\b|n't need|不需|無需|不用|不必|免補")


# --- The value of a number word (twelve, forty-five, 十二, 一百零五) ---------------------

def _word_value(match):
    """twenty-two -> 22, "twelve thousand five hundred" -> 12500, hundred -> 100."""
    total, part = 0, 0
    for word in match.group().lower().replace("-", " ").split():
        value = WORD_NUMBERS.get(word)
        if value == 1000:
            total, part = total + (part or 1) * 1000, 0
        elif value == 100:
            part = (part or 1) * 100
        elif value is not None:
            part += value
    return total + part


def _chinese_value(written):
    """十二 -> 12, 二十 -> 20, 一百零五 -> 105, 兩千 -> 2000, 零 -> 0; a last digit right
    after a unit of a hundred or more counts the unit below it, as people say it: 兩千五 ->
    2500, 一萬兩千五 -> 12500, 三百五 -> 350 (一百零五 is still 105)."""
    total, section, digit, unit, zero = 0, 0, 0, 1, False
    for char in written:
        if char in CHINESE_DIGITS:
            digit, zero = CHINESE_DIGITS[char], zero or char in "零〇"
            continue
        unit, zero = CHINESE_UNITS[char], False
        if unit == 10_000:
            total, section = total + (section + digit) * unit, 0
        else:
            section += (digit or 1) * unit
        digit = 0
    if digit and unit >= 100 and not zero:
        digit *= unit // 10
    return total + section + digit
