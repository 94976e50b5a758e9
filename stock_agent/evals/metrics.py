"""Scoring: one run of one case against its expectations, and the totals over many runs.

The names follow the public function-calling benchmarks (BFCL's AST checker and its
"irrelevance" category, tau-bench's task success):

- tool-selection accuracy: the set of tools called equals the set expected (cases that
  expect at least one call).
- argument accuracy: of the calls that used an expected tool name, the share whose arguments
  all matched. Each argument difference is counted as one of: wrong argument name (`SKU` for
  `sku`: told apart from a missing plus an unexpected one), missing argument, unexpected
  argument, wrong type, wrong value. Call-level differences: wrong tool name (a different
  tool where an expected one should be), not called, and extra calls nobody expected.
- restraint (irrelevance detection): no tool called when the case expects none, but those
  it allows; a call the model wrote as text (a run ending TOOL_CALL_IN_TEXT) counts as a
  call here.
- wrong-tool avoidance: no tool called outside the expected and allowed names, and none of
  the case's forbidden tools.
- task success: the expected terminal status, every expected call made with the right
  arguments (or none made, when none is expected), every fact in the answer and no
  forbidden text in it.
- person-read success: task success, and in what the person reads (every sentence of the
  delivered answer, the model's words and the program's, read by the answers wing's reader)
  no claim the case's declared verdicts contradict, every declared verdict stated and no
  `no_false` phrase (person.py). False statements delivered: the contradicting claims and
  the `no_false` phrases found, counted.

pass^k (tau-bench's headline): over the cases, the share that passed in every one of their k
repeats, k being how many times each case ran. With k = 1 it is the mean; the more a model
varies, the further it falls below the mean. Given for task success and for restraint (a
case expecting no call counts only if every repeat made none; a repeat not judged, as no
reply from the model, is no pass).

A conversation (a case with turns) is scored turn by turn and merged into one row
(`merge_turns`): it succeeds only when every turn does.

Expected calls are matched as a multiset: order and batching do not matter. Strings compare
case-insensitively after trimming; an expected value `{"one_of": [...]}` accepts any listed
value; `optional` names arguments the model may add without penalty. A fact made only of
digits must appear as a whole number ("18" is not found in "180"). A case that could not run
(it needs a flag this agent lacks), or whose run never got a reply from the model (a server
that is down, a timeout), fails task success and is left out of every other figure: it
says nothing about the model's choices.
"""

import json
import math
import re

from stock_agent.evals import person

CALL_ERRORS = ("wrong_tool_name", "not_called", "wrong_argument_name", "missing_argument",
               "unexpected_argument", "wrong_type", "wrong_value", "extra_calls")


# --- One run ---------------------------------------------------------------------------

def score_run(case, observed):
    """A per-run row: what happened, which checks passed, and what differed."""
    expect = case.get("expect", {})
    row = {"id": case["id"], "status": observed["status"], "differences": [],
           "calls": dict.fromkeys(CALL_ERRORS + ("expected", "correct", "name_matched"), 0),
           "steps": observed["steps"], "duration_ms": observed["duration_ms"],
           "input_tokens": observed["tokens"]["input"],
           "output_tokens": observed["tokens"]["output"],
           "verification": observed.get("verification"),
           "program_lookups": sum(call.get("by") == "program" for call in observed["calls"])}
    row["judged"] = observed.get("reached", True)
    if not row["judged"]:  # a failure, but not one the model can be judged on
        why = "not run" if observed["status"] == "not_run" else "no reply from the model"
        row.update(status_ok=None, selection_ok=None, restraint_ok=None,
                   wrong_tool_avoided=None, facts_missing=[], forbidden_text=[],
                   success=False, differences=[f"{why}: {observed['detail']}"],
                   person_read_ok=False, false_statements=[], unstated=[], unjudged=None)
        return row
    wanted_status = expect.get("status", "completed")
    row["status_ok"] = observed["status"] == wanted_status
    if not row["status_ok"]:
        row["differences"].append(f"status {observed['status']}, expected {wanted_status}"
                                  + (f" ({observed['detail']})" if observed.get("detail")
                                     else ""))
    # A call written as text (TOOL_CALL_IN_TEXT) ran nothing, but it was no restraint either.
    wrote_a_call = observed["status"] == "TOOL_CALL_IN_TEXT"
    tools_ok = _score_tools(expect, observed["calls"], row, wrote_a_call=wrote_a_call)
    answer_ok = _score_answer(expect, observed.get("answer") or "", row)
    row["success"] = row["status_ok"] and tools_ok and answer_ok
    _score_person_read(case, observed, row)
    return row


def _score_person_read(case, observed, row):
    """What the person reads against the case's declared verdicts (person.py). An observed
    run without a reading (scored by hand) is read with the words of its expectations."""
    expect, answer = case.get("expect", {}), observed.get("answer")
    read_as = observed["read"] if "read" in observed else person.reading(answer, (), expect)
    judged = person.judge(expect, read_as, answer,
                          orders_expected=person.orders_expected(case))
    row["false_statements"] = judged["false"] + [f"says {text!r} (no_false)"
                                                 for text in judged["no_false"]]
    row["unstated"] = judged["unstated"]
    row["unjudged"] = len(judged["unjudged"]) if answer else None
    row["person_read_ok"] = row["success"] and not row["false_statements"] and \
        not row["unstated"]
    row["differences"] += [f"person reads: {text}" for text in row["false_statements"]]
    if row["unstated"]:
        row["differences"].append("answer does not state " + ", ".join(row["unstated"]))


def merge_turns(rows):
    """One row for a conversation from the rows of its turns: it succeeds when every turn
    does; each check holds when it holds in every turn it applies to; counts and times add
    up; each difference is led by its turn. The turns' own rows stay under "turns"."""
    failed = next((row for row in rows if not row["success"]), rows[-1])
    merged = {"id": rows[0]["id"], "status": failed["status"],
              "differences": [f"turn {number}: {text}" for number, row in enumerate(rows, 1)
                              for text in row["differences"]],
              "calls": {key: sum(row["calls"][key] for row in rows) for key in rows[0]["calls"]},
              "steps": sum(row["steps"] for row in rows),
              "duration_ms": sum(row["duration_ms"] for row in rows),
              "input_tokens": _total(row["input_tokens"] for row in rows),
              "output_tokens": _total(row["output_tokens"] for row in rows),
              "facts_missing": [fact for row in rows for fact in row["facts_missing"]],
              "forbidden_text": [text for row in rows for text in row["forbidden_text"]],
              "success": all(row["success"] for row in rows), "turns": rows,
              # judged when any turn reached a model; a conversation's answers are not
              # checked (--verify reads one question's results), but the person reads them
              "judged": any(row.get("judged", True) for row in rows), "verification": None,
              "person_read_ok": all(row["person_read_ok"] for row in rows),
              "false_statements": [f"turn {number}: {text}" for number, row in enumerate(rows, 1)
                                   for text in row["false_statements"]],
              "unstated": [f"turn {number}: {text}" for number, row in enumerate(rows, 1)
                           for text in row["unstated"]],
              "unjudged": _total(row["unjudged"] for row in rows)}
    for check in ("status_ok", "selection_ok", "restraint_ok", "wrong_tool_avoided"):
        judged = [row[check] for row in rows if row[check] is not None]
        merged[check] = all(judged) if judged else None
    return merged


def _score_tools(expect, calls, row, *, wrote_a_call=False):
    expected = expect.get("tool_calls")
    expected = one_sku_each(expected) if expected is not None else None
    calls = one_sku_each(calls)
    names = [call["name"] for call in calls]
    forbidden = set(expect.get("forbidden_tools", ()))
    row["selection_ok"] = row["restraint_ok"] = row["wrong_tool_avoided"] = None
    for name in sorted(forbidden & set(names)):
        row["differences"].append(f"called forbidden tool {name}")
    if expected is None:  # the case does not judge which tools run, only forbidden ones
        if forbidden:
            row["wrong_tool_avoided"] = not forbidden & set(names)
        return not forbidden & set(names)
    allowed = {call["name"] for call in expected} | set(expect.get("allowed_tools", ()))
    outside = [name for name in names if name not in allowed or name in forbidden]
    if not expected:  # no call needed: one of the allowed tools may still be called
        row["restraint_ok"] = not outside and not wrote_a_call
        if outside:
            row["differences"].append(f"called {', '.join(outside)}; expected no tool call")
        elif wrote_a_call:
            row["differences"].append("wrote a tool call as text; expected no tool call")
        return row["restraint_ok"]
    row["selection_ok"] = set(names) == {call["name"] for call in expected}
    row["wrong_tool_avoided"] = not outside
    if outside:
        row["differences"].append(f"wrong tool: {', '.join(dict.fromkeys(outside))}")
    exact = _match_calls(expected, calls, row, allowed)
    return exact and not outside


def one_sku_each(calls):
    """The calls with each get_stock of several SKUs counted as one call per SKU, so a case
    that expects A001 and A002 looked up is met by one call that names both, and one that
    expects a call naming both by a call for each (expected calls are split the same way,
    and an expected `one_of` the same SKUs in any order is that list)."""
    each = []
    for call in calls:
        arguments = call.get("arguments")
        skus = _in_any_order(arguments.get("sku")) if isinstance(arguments, dict) else None
        if call["name"] == "get_stock" and isinstance(skus, list):
            each.extend({**call, "arguments": {**arguments, "sku": sku}} for sku in skus)
        else:
            each.append(call)
    return each


def _in_any_order(sku):
    """{"one_of": [["A001", "A002"], ["A002", "A001"]]}, as a case writer spells "both, in
    either order", is ["A001", "A002"]; any other value is itself."""
    options = sku.get("one_of") if isinstance(sku, dict) else None
    if not options or not all(isinstance(option, list) for option in options):
        return sku
    as_sets = {frozenset(map(str, option)) for option in options}
    return options[0] if len(as_sets) == 1 and len(options[0]) > 1 else sku


def _match_calls(expected, calls, row, allowed):
    """Pair expected calls with actual ones and count each difference. True if all exact."""
    counts, remaining = row["calls"], list(calls)
    counts["expected"] = len(expected)
    unmatched = []
    for want in expected:  # exact matches first, so a near miss cannot steal one
        found = next((call for call in remaining if call["name"] == want["name"]
                      and not argument_errors(want, call["arguments"])), None)
        if found is None:
            unmatched.append(want)
            continue
        remaining.remove(found)
        counts["correct"] += 1
        counts["name_matched"] += 1
    for want in unmatched:
        _pair_inexact(want, remaining, counts, row["differences"])
    extra = [call for call in remaining if call["name"] not in allowed]
    counts["extra_calls"] += len(extra)
    return counts["correct"] == counts["expected"]


def _pair_inexact(want, remaining, counts, differences):
    same = [call for call in remaining if call["name"] == want["name"]]
    if same:
        call = min(same, key=lambda c: len(argument_errors(want, c["arguments"])))
        remaining.remove(call)
        counts["name_matched"] += 1
        for kind, text in argument_errors(want, call["arguments"]):
            counts[kind] += 1
            differences.append(f"{want['name']}: {text}")
    elif remaining:
        call = remaining.pop(0)
        counts["wrong_tool_name"] += 1
        differences.append(f"called {call['name']} where {want['name']} was expected")
    else:
        counts["not_called"] += 1
        differences.append(f"{want['name']} {_short(want.get('arguments', {}))} not called")


def argument_errors(want, arguments):
    """[(kind, description)] for one call's arguments against the expected ones."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            arguments = None
    if not isinstance(arguments, dict):
        return [("wrong_type", "the arguments are not a JSON object")]
    errors = []
    expected = want.get("arguments", {})
    optional = set(want.get("optional", ()))
    unexpected = [key for key in arguments if key not in expected and key not in optional]
    for key, spec in expected.items():
        accepted = spec["one_of"] if isinstance(spec, dict) and "one_of" in spec else [spec]
        if key not in arguments:
            misnamed = _misnamed(key, accepted, arguments, unexpected)
            if misnamed is None:
                errors.append(("missing_argument", f"argument {key} missing"))
            else:
                unexpected.remove(misnamed)
                errors.append(("wrong_argument_name", f"argument {misnamed} given for {key}"))
            continue
        value = arguments[key]
        if not any(_same(value, option) for option in accepted):
            kind = ("wrong_value" if any(_kind(value) == _kind(option) for option in accepted)
                    else "wrong_type")
            errors.append((kind, f"argument {key} is {_short(value)}, expected "
                                 f"{' or '.join(_short(option) for option in accepted)}"))
    errors += [("unexpected_argument", f"unexpected argument {key}") for key in unexpected]
    return errors


def _misnamed(key, accepted, arguments, unexpected):
    """The unexpected argument that stands for `key`: its name up to case, `_` and `-`, or
    else the only unexpected one carrying an accepted value."""
    def plain(name):
        return str(name).casefold().replace("_", "").replace("-", "")
    by_name = [name for name in unexpected if plain(name) == plain(key)]
    by_value = [name for name in unexpected
                if any(_same(arguments[name], option) for option in accepted)]
    found = by_name or (by_value if len(by_value) == 1 else [])
    return found[0] if found else None


def _same(value, option):
    if isinstance(option, str) and isinstance(value, str):
        return value.strip().casefold() == option.strip().casefold()
    if _kind(value) == "number" and _kind(option) == "number":
        return value == option
    return _kind(value) == _kind(option) and value == option


def _kind(value):
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(value), "null")


def _score_answer(expect, answer, row):
    folded = answer.casefold()
    missing = [fact for fact in expect.get("answer_contains", ()) if not _has(folded, fact)]
    present = [text for text in expect.get("answer_excludes", ()) if _has(folded, text)]
    row["facts_missing"], row["forbidden_text"] = missing, present
    if missing:
        row["differences"].append("answer lacks " + ", ".join(map(repr, missing)))
    if present:
        row["differences"].append("answer contains " + ", ".join(map(repr, present)))
    return not missing and not present


def _has(folded_answer, text):
    if text.isdigit():
        return re.search(rf"(?<!\d){text}(?!\d)", folded_answer) is not None
    return text.casefold() in folded_answer


def _short(value):
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


# --- Totals ----------------------------------------------------------------------------

def summarize(rows):
    """Totals over scored rows (any number of cases and repeats)."""
    ran = [row for row in rows if row.get("judged", True)]
    calls = {key: sum(row["calls"][key] for row in rows) for key in rows[0]["calls"]} \
        if rows else {}
    not_run = sum(row["status"] == "not_run" for row in rows)
    return {
        "runs": len(rows),
        "not_run": not_run,
        "not_reached": len(rows) - len(ran) - not_run,
        "task_success": rate(row["success"] for row in rows),
        "person_read_success": rate(row["person_read_ok"] for row in rows),
        "pass_k": pass_k(rows),
        "tool_selection_accuracy": rate(row["selection_ok"] for row in rows),
        "argument_accuracy": _ratio(calls.get("correct", 0), calls.get("name_matched", 0)),
        "restraint": rate(row["restraint_ok"] for row in rows),
        "wrong_tool_avoidance": rate(row["wrong_tool_avoided"] for row in rows),
        "status_accuracy": rate(row["status_ok"] for row in rows),
        "call_errors": {key: calls.get(key, 0) for key in CALL_ERRORS},
        "avg_model_requests": _mean([row["steps"] for row in ran]),
        "verification": _verification(ran),
        "false_statements": _false_statements(ran),
        "latency_ms": {"p50": percentile([row["duration_ms"] for row in ran], 50),
                       "p95": percentile([row["duration_ms"] for row in ran], 95)},
        "tokens": {"input": _total(row["input_tokens"] for row in ran),
                   "output": _total(row["output_tokens"] for row in ran)},
    }


def pass_k(rows):
    """{"k", "task_success", "restraint"}: per case (rows grouped by id), whether every one
    of its k runs passed; k is the most runs any case had. A case counts for restraint when
    any of its runs was judged on it."""
    by_case = {}
    for row in rows:
        by_case.setdefault(row["id"], []).append(row)
    restraint = [[row["restraint_ok"] for row in runs] for runs in by_case.values()]
    return {"k": max(map(len, by_case.values()), default=0),
            "task_success": rate(all(row["success"] for row in runs)
                                 for runs in by_case.values()),
            "restraint": rate(all(flag is True for flag in flags)
                              if any(flag is not None for flag in flags) else None
                              for flags in restraint)}


def _verification(rows):
    """The answer policy's view: runs whose first answer passed, passed after the
    corrective turn, passed with facts it left out added by the program (`supplemented`),
    lost the sentences the check could not read (`trimmed`), were answered from the facts
    by the program (`rendered`: a sentence was false, or none could be read; `stated`: the
    results settled the question before the model wrote an answer), or never passed
    (another end after a correction);
    `not_checked`: --verify off, or the run ended before any answer. `program_lookups`:
    runs in which the program looked up SKUs the model's answer skipped (answers.Answers)."""
    counts = {"first_time": 0, "after_correction": 0, "supplemented": 0, "trimmed": 0,
              "rendered": 0, "stated": 0,
              "unverified": 0, "not_checked": 0,
              "program_lookups": sum(bool(row.get("program_lookups")) for row in rows)}
    names = {"verified": "first_time", "corrected": "after_correction",
             "supplemented": "supplemented", "trimmed": "trimmed", "rendered": "rendered",
             "stated": "stated", "unverified": "unverified", None: "not_checked"}
    for row in rows:
        counts[names[row.get("verification")]] += 1
    return counts


def _false_statements(rows):
    """What the person read that the cases' declarations contradict: how many statements,
    in how many of the answers; and the sentences the reader could not read (unjudged)."""
    read = [row for row in rows if row.get("unjudged") is not None]  # an answer was read
    return {"statements": sum(len(row["false_statements"]) for row in rows),
            "answers": sum(bool(row["false_statements"]) for row in rows), "of": len(read),
            "unjudged_sentences": sum(row["unjudged"] for row in read),
            "unjudged_answers": sum(bool(row["unjudged"]) for row in read)}


def rate(flags):
    """{"rate", "hits", "of"} over the flags that apply (None means: not applicable)."""
    judged = [flag for flag in flags if flag is not None]
    return _ratio(sum(judged), len(judged))


def _ratio(hits, total):
    return {"rate": round(hits / total, 3) if total else None, "hits": hits, "of": total}


def percentile(values, p):
    """Nearest-rank percentile, or None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(math.ceil(p / 100 * len(ordered)), 1) - 1]


def _mean(values):
    return round(sum(values) / len(values), 2) if values else None


def _total(values):
    known = [value for value in values if isinstance(value, int)]
    return sum(known) if known else None


RATES = ("task_success", "person_read_success", "tool_selection_accuracy",
         "argument_accuracy", "restraint", "wrong_tool_avoidance", "status_accuracy")


def spread(summaries):
    """For each rate: min, max and mean over repeats, to show how much a model varies."""
    result = {}
    for name in RATES:
        values = [s[name]["rate"] for s in summaries if s[name]["rate"] is not None]
        result[name] = ({"min": min(values), "max": max(values),
                         "mean": round(sum(values) / len(values), 3)} if values else None)
    return result
