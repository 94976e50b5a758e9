"""The corrective message's words (stock_agent/verify/), in English and zh-TW: one line for
each kind of problem the check finds, in the order of PROBLEM_LINES, the facts, then what
to do. `correction` in __init__.py puts them together.
"""

# The corrective message, line by line: each problem found, the facts, then what to do.
WORDS = {
    "en": {"echoed": "Your answer repeats these instructions instead of answering the user.",
           "wrong_figures": "These figures in your answer are not the figures of the item "
                            "they are said of: {found}.",
           "unsupported_numbers": "These numbers in your answer match no tool result of this "
                                  "run: {found}. Do not estimate or invent figures.",
           "missing_items": "Your answer gives a stock to {found}, but the tools did not "
                            "find it: it does not exist here. Say it was not found.",
           "not_found_claims": "Your answer says {found} was not found, but the tools found "
                               "it.",
           "unsearched": "Your answer says something was not found, but nothing has been "
                         "looked up yet.",
           "wrong_comparisons": "Your answer compares items the wrong way round: {found}. "
                                "Compare their figures in the facts below.",
           "order_ids": "These order ids are no receipt of this run: {found}. Never give "
                        "an order id a tool did not return.",
           "order_claims": "Your answer says an order was placed ({found}), but no tool "
                           "placed one: nothing was ordered. Leave that out.",
           "delivery_claims": "Your answer says something arrived ({found}), but no tool "
                              "reported a delivery: the tools show stock, not deliveries. "
                              "Leave that out.",
           "complete_claims": "Your answer says the list is complete ({found}), but the "
                              "tool listed only part of it: more items were left out.",
           "failure_claims": "Your answer says a lookup failed or the system is unavailable "
                             "({found}), but every tool answered. Report what they returned.",
           "order_denials": "Your answer says nothing was ordered ({found}), but this run "
                            "placed the order: its receipt is in the results. Report it.",
           "left_out": "Your answer leaves out the stock (or the suggested order asked for, "
                       "or the SKU) of {found}.",
           "guessed_skus": "Nobody gave the SKU {found}, neither the user nor a tool result: "
                           "do not guess SKUs.",
           "unknown_skus": "Your answer gives figures for {found}, which no tool looked up.",
           "find": "The user named a product without a SKU: call find_items now with part of "
                   "the name the user wrote, then answer from its result.",
           "given": "Answer again from the figures the user gave; nothing needs looking up.",
           "facts": "The facts from this run's tools: {facts}.",
           "unchecked_skus": "You have not looked up {found} yet. Call get_stock for each of "
                             "them now, one call per SKU: {calls}. Then answer about every "
                             "SKU the user asked for: {asked}.",
           "answer": "Answer the user again, briefly, giving each item's SKU, stock and "
                     "suggested order exactly as in these facts.",
           "then": ", then ", "and": ", "},
    "zh-TW": {"echoed": "你的回答只是重複這些指示，沒有回答使用者。",
              "wrong_figures": "你的回答中這些數字不是所說品項的數字：{found}。",
              "unsupported_numbers": "你的回答中這些數字不在本次工具結果裡：{found}。"
                                     "不可估算或編造數字。",
              "missing_items": "你的回答給了 {found} 庫存，但工具查無此 SKU：它不存在。"
                               "請說查無此商品。",
              "not_found_claims": "你的回答說查無 {found}，但工具查到了。",
              "unsearched": "你的回答說查不到，但還沒有查詢任何東西。",
              "wrong_comparisons": "你的回答把品項之間的多寡比錯了：{found}。請對照下面資料中的數字。",
              "order_ids": "這些訂單編號不是本次任何收據的編號：{found}。不可給出工具沒有傳回的"
                           "訂單編號。",
              "order_claims": "你的回答說已建立訂單（{found}），但沒有任何工具下單：並未訂購任何"
                              "東西。不要再這樣說。",
              "delivery_claims": "你的回答說已經到貨（{found}），但沒有任何工具回報到貨：工具只查得到"
                                 "庫存，查不到出貨或到貨。不要這樣說。",
              "complete_claims": "你的回答說清單是完整的（{found}），但工具只列出了一部分：還有品項沒列出。",
              "failure_claims": "你的回答說查詢失敗或系統無法使用（{found}），但每個工具都回應了。"
                                "請照工具傳回的結果回答。",
              "order_denials": "你的回答說沒有下單（{found}），但本次已經下單：收據就在工具結果裡，"
                               "請照實回報。",
              "left_out": "你的回答缺少 {found} 的庫存（或問到的建議補貨量，或 SKU）。",
              "guessed_skus": "SKU {found} 不是使用者或工具結果給的：不可猜測 SKU。",
              "unknown_skus": "你的回答給了 {found} 的數字，但沒有任何工具查過它。",
              "find": "使用者只給了品名、沒有 SKU：現在請用使用者寫的品名的一部分呼叫 find_items，"
                      "再根據結果回答。",
              "given": "請只根據使用者給的數字重新回答，不需要查詢。",
              "facts": "本次工具查得的資料：{facts}。",
              "unchecked_skus": "你還沒有查詢 {found}。現在請對每個 SKU 各呼叫一次 get_stock："
                                "{calls}。之後回答使用者問到的每個 SKU：{asked}。",
              "answer": "請重新簡短回答使用者：每個品項寫出 SKU、庫存與建議補貨量，照這些資料寫。",
              "then": "、", "and": "、"},
}
PROBLEM_LINES = ("echoed", "wrong_figures", "unsupported_numbers", "missing_items",
                 "not_found_claims", "unsearched", "wrong_comparisons", "order_ids", "order_claims",
                 "delivery_claims", "complete_claims", "failure_claims", "order_denials",
                 "guessed_skus", "unknown_skus", "left_out")
