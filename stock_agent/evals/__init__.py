"""Measure a model and prompt on fixed cases, and summarise run logs.

    python -m stock_agent.evals run --mock
    python -m stock_agent.evals run --model qwen2.5:7b --repeat 3 --jobs 2 \\
        --report runs/report.json --min-success 0.8
    python -m stock_agent.evals stats runs/ --json

`run` sends each case (cases.jsonl here, or your own file) through the command line's own path
(harness.py), scores every run against the case's expectations (metrics.py; what the person
reads of its answer: person.py), prints a table and can write a JSON report (report.py), the
dev set (tuned on) and the held-out test set apart, with pass^k beside the mean. On a
terminal, progress.py shows which case is running.
`stats` reads a folder of JSONL run logs (stats.py).
The harness is the one module of the package that imports agent.py: it is the outermost
consumer, and nothing the agent runs imports it.
"""
