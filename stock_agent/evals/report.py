"""The evaluation report: one JSON document, and the readable table printed from it."""

from stock_agent.evals import metrics


def build_report(setup, cases, rows, *, repeat, jobs, min_success):
    """Everything needed to compare two evaluations: setup, totals, spread, per-case rows."""
    by_repeat = [[row for row in rows if row["repeat"] == index]
                 for index in range(1, repeat + 1)]
    per_repeat = [metrics.summarize(group) for group in by_repeat]
    totals = metrics.summarize(rows)
    success = totals["task_success"]["rate"]
    return {
        "report_version": 1,
        **setup,
        "repeat": repeat, "jobs": jobs, "cases": len(cases),
        "totals": totals,
        "per_repeat": per_repeat if repeat > 1 else None,
        "spread": metrics.spread(per_repeat) if repeat > 1 else None,
        "min_success": min_success,
        "gate_passed": None if min_success is None else (success or 0) >= min_success,
        "results": [_case_result(case, [r for r in rows if r["id"] == case["id"]])
                    for case in cases],
    }


def _case_result(case, rows):
    passes = sum(row["success"] for row in rows)
    return {"id": case["id"], "lang": case["lang"], "tags": case.get("tags", []),
            "passes": passes, "runs": len(rows), "flaky": 0 < passes < len(rows),
            "rows": rows}


# --- The table -------------------------------------------------------------------------

def render(report):
    """The report as text: one line per case, its differences below it, then the totals."""
    lines = [f"{'case':<30} {'lang':<5} {'pass':>5}  {'status':<18} what differed"]
    for result in report["results"]:
        first = next((row for row in result["rows"] if not row["success"]),
                     result["rows"][0])
        differences = first["differences"] or ["-"]
        lines.append(f"{result['id'][:30]:<30} {result['lang']:<5} "
                     f"{result['passes']:>2}/{result['runs']:<2}  "
                     f"{first['status'][:18]:<18} {_clip(differences[0])}")
        lines.extend(f"{'':<63} {_clip(text)}" for text in differences[1:3])
    lines.append("")
    lines.extend(_totals_lines(report))
    return "\n".join(lines)


def _totals_lines(report):
    totals = report["totals"]
    prompt = report["system_prompt"]
    hashes = ", ".join(f"{lang} {digest[:12]}" for lang, digest in prompt["sha256"].items())
    lines = [f"model {report['provider']}/{report['model']}, server "
             f"{report['server_version'] or 'unknown'}, prompt "
             f"{prompt['file'] or 'built-in'} ({hashes}), {report['cases']} cases x "
             f"{report['repeat']}, {report['utc']}"]
    for name in metrics.RATES:
        value = totals[name]
        line = f"  {name.replace('_', ' '):<26} {_rate(value)}"
        if report["spread"] and report["spread"][name]:
            spread = report["spread"][name]
            line += f"   repeats: min {spread['min']:.3f} max {spread['max']:.3f}"
        lines.append(line)
    errors = [f"{key.replace('_', ' ')} {count}" for key, count in totals["call_errors"].items()]
    latency, tokens = totals["latency_ms"], totals["tokens"]
    lines += [f"  {'call errors':<26} {', '.join(errors[:4])}",
              f"  {'':<26} {', '.join(errors[4:])}",
              f"  {'avg model requests':<26} {totals['avg_model_requests']}",
              f"  {'answer check':<26} {_verification(totals['verification'])}",
              f"  {'hallucinated numbers':<26} {_hallucinated(totals['hallucinated_numbers'])}",
              f"  {'latency p50 / p95':<26} {latency['p50']} / {latency['p95']} ms",
              f"  {'tokens in / out':<26} {_known(tokens['input'])} / "
              f"{_known(tokens['output'])}"]
    if totals["not_run"]:
        lines.append(f"  {'not run':<26} {totals['not_run']} (a flag this agent lacks)")
    if totals.get("not_reached"):
        lines.append(f"  {'no reply from the model':<26} {totals['not_reached']} (not judged)")
    if report["gate_passed"] is not None:
        verdict = "passed" if report["gate_passed"] else "FAILED"
        lines.append(f"  {'gate --min-success':<26} {report['min_success']}: {verdict}")
    return lines


def _verification(counts):
    return (f"verified first time {counts['first_time']}, after correction "
            f"{counts['after_correction']}, rendered {counts.get('rendered', 0)}, unverified "
            f"{counts['unverified']}, not checked "
            f"{counts['not_checked']}")


def _hallucinated(found):
    return f"{found['numbers']} in {found['answers']} of {found['of']} completed answers"


def _rate(value):
    if value["rate"] is None:
        return "n/a"
    return f"{value['rate']:.3f}  ({value['hits']}/{value['of']})"


def _known(value):
    return "not reported" if value is None else value


def _clip(text, width=70):
    return text if len(text) <= width else text[:width - 3] + "..."
