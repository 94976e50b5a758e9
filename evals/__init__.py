"""Measure a model and prompt on fixed cases, and summarise run logs.

    python -m evals run evals/cases.jsonl --mock
    python -m evals run evals/cases.jsonl --model qwen2.5:7b --repeat 3 --jobs 2 \\
        --report report.json --min-success 0.8
    python -m evals stats runs/ --json

`run` sends each case through agent.py's own command-line path (harness.py), scores every run
against the case's expectations (metrics.py), prints a table and can write a JSON report
(report.py). `stats` reads a folder of JSONL run logs (stats.py). Nothing here is imported by
agent.py.
"""
