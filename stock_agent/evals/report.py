"""The evaluation report: one JSON document, and the readable table printed from it.

The totals cover every case that ran. Each split that ran (the dev set, tuned on, and the
test set, held out) has its own totals under "splits"; the table prints a block per split
when both ran, the test set first: it is the figure to report."""

from stock_agent.evals import metrics


def build_report(setup, cases, rows, *, repeat, jobs, min_success):
    """Everything needed to compare two evaluations: setup, totals, spread, per-case rows."""
    totals = _summary(cases, rows, repeat)
    split_of = {case["id"]: case["split"] for case in cases}
    splits = {name: _summary([case for case in cases if case["split"] == name],
                             [row for row in rows if split_of[row["id"]] == name], repeat)
              for name in SPLIT_ORDER if name in split_of.values()}
    success = totals["totals"]["task_success"]["rate"]
    return {
        "report_version": 2,
        **setup,
        "repeat": repeat, "jobs": jobs, **totals,
        "splits": splits,
        "min_success": min_success,
        "gate_passed": None if min_success is None else (success or 0) >= min_success,
        "results": [_case_result(case, [r for r in rows if r["id"] == case["id"]])
                    for case in cases],
    }


SPLIT_ORDER = ("test", "dev")  # the held-out set first: it is the one to report


def _summary(cases, rows, repeat):
    """The totals of these runs, each repeat's totals and their spread."""
    per_repeat = [metrics.summarize([row for row in rows if row["repeat"] == index])
                  for index in range(1, repeat + 1)]
    return {"cases": len(cases), "totals": metrics.summarize(rows),
            "per_repeat": per_repeat if repeat > 1 else None,
            "spread": metrics.spread(per_repeat) if repeat > 1 else None}


def _case_result(case, rows):
    passes = sum(row["success"] for row in rows)
    return {"id": case["id"], "lang": case["lang"], "split": case["split"],
            "tags": case.get("tags", []),
            "passes": passes, "runs": len(rows), "flaky": 0 < passes < len(rows),
            "rows": rows}


# --- The table -------------------------------------------------------------------------

def render(report):
    """The report as text: one line per case, its differences below it, then the totals."""
    lines = [f"{'case':<30} {'lang':<5} {'set':<4} {'pass':>5}  {'status':<18} what differed"]
    for result in report["results"]:
        first = next((row for row in result["rows"] if not row["success"]),
                     result["rows"][0])
        differences = first["differences"] or ["-"]
        lines.append(f"{result['id'][:30]:<30} {result['lang']:<5} {result['split']:<4} "
                     f"{result['passes']:>2}/{result['runs']:<2}  "
                     f"{first['status'][:18]:<18} {_clip(differences[0])}")
        lines.extend(f"{'':<68} {_clip(text)}" for text in differences[1:3])
    lines += ["", _setup_line(report)]
    blocks = report["splits"] if len(report.get("splits") or ()) > 1 else {}
    for name, summary in blocks.items():
        lines += [f"{name} set, {summary['cases']} cases x {report['repeat']}:",
                  *_totals_lines(summary), ""]
    if blocks:
        lines.append(f"all cases, {report['cases']} x {report['repeat']}:")
    lines.extend(_totals_lines(report))
    lines.extend(_gate_lines(report))
    return "\n".join(lines)


def _setup_line(report):
    prompt = report["system_prompt"]
    hashes = ", ".join(f"{lang} {digest[:12]}" for lang, digest in prompt["sha256"].items())
    splits = list(report.get("splits") or ())
    which = f" ({splits[0]} set)" if len(splits) == 1 else ""
    return (f"model {report['provider']}/{report['model']}, server "
            f"{_server(report)}, prompt {prompt['file'] or 'built-in'} ({hashes}), "
            f"{report['cases']} cases{which} x {report['repeat']}, {report['utc']}")


def _server(report):
    server = report.get("server") or {}
    if not server:
        return report.get("server_version") or "unknown"
    if server["name"] == "none":
        return "none"
    return f"{server['name']} {server['version']}"


def _totals_lines(summary):
    """The figures of one set of runs: `summary` holds its totals and spread."""
    totals = summary["totals"]
    lines = [f"  {'pass^' + str(totals['pass_k']['k']) + ' (all repeats pass)':<26} task "
             f"success {_rate(totals['pass_k']['task_success'])}, restraint "
             f"{_rate(totals['pass_k']['restraint'])}"]
    for name in metrics.RATES:
        value = totals[name]
        line = f"  {name.replace('_', ' '):<26} {_rate(value)}"
        if summary["spread"] and summary["spread"][name]:
            spread = summary["spread"][name]
            line += f"   repeats: min {spread['min']:.3f} max {spread['max']:.3f}"
        lines.append(line)
    errors = [f"{key.replace('_', ' ')} {count}" for key, count in totals["call_errors"].items()]
    latency, tokens = totals["latency_ms"], totals["tokens"]
    lines += [f"  {'call errors':<26} {', '.join(errors[:4])}",
              f"  {'':<26} {', '.join(errors[4:])}",
              f"  {'avg model requests':<26} {totals['avg_model_requests']}",
              f"  {'answer check':<26} {_verification(totals['verification'])}",
              f"  {'false statements':<26} {_false(totals['false_statements'])}",
              f"  {'latency p50 / p95':<26} {latency['p50']} / {latency['p95']} ms",
              f"  {'tokens in / out':<26} {_known(tokens['input'])} / "
              f"{_known(tokens['output'])}"]
    if totals["not_run"]:
        lines.append(f"  {'not run':<26} {totals['not_run']} (a flag this agent lacks)")
    if totals.get("not_reached"):
        lines.append(f"  {'no reply from the model':<26} {totals['not_reached']} (not judged)")
    return lines


def _gate_lines(report):
    lines = []
    if report["gate_passed"] is not None:
        verdict = "passed" if report["gate_passed"] else "FAILED"
        lines.append(f"  {'gate --min-success':<26} {report['min_success']}: {verdict}")
    return lines


def _verification(counts):
    return (f"verified first time {counts['first_time']}, after correction "
            f"{counts['after_correction']}, supplemented {counts.get('supplemented', 0)}, "
            f"trimmed {counts.get('trimmed', 0)}, rendered {counts.get('rendered', 0)}, "
            f"stated {counts.get('stated', 0)}, unverified {counts['unverified']}, "
            f"not checked {counts['not_checked']}; the program's own lookup in "
            f"{counts.get('program_lookups', 0)}")


def _false(found):
    return (f"{found['statements']} delivered, in {found['answers']} of {found['of']} answers "
            f"read ({found['unjudged_sentences']} sentences unjudged, in "
            f"{found['unjudged_answers']} answers)")


def _rate(value):
    if value["rate"] is None:
        return "n/a"
    return f"{value['rate']:.3f}  ({value['hits']}/{value['of']})"


def _known(value):
    return "not reported" if value is None else value


def _clip(text, width=70):
    return text if len(text) <= width else text[:width - 3] + "..."
