"""How long one batch of 8 read-only get_stock calls takes, one by one and on threads.

    $ python bench/parallel_batch.py        # measured on a 2-CPU Linux VM, Python 3.11
    mode         workers  median ms  min ms  max ms
    sequential         1      801.5   801.4   801.8
    parallel           8      130.3   128.2   131.7
    parallel / sequential (medians): 0.163  (5 runs each, batch of 8, 100 ms per lookup)

The data source answers each lookup after LATENCY seconds, like a database across a network.
Both modes run through the same `tools.ToolRunner.run_batch` in one process, alternating, so
machine noise hits both alike. Standard library only.
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import tools  # noqa: E402
from stock_agent.inventory import Inventory  # noqa: E402

LATENCY = 0.100
BATCH = 8


class SlowInventory(Inventory):
    """An inventory whose every lookup waits LATENCY seconds first."""

    def lookup(self, sku):
        time.sleep(LATENCY)
        return super().lookup(sku)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per mode (default: 5)")
    args = parser.parse_args(argv)
    rows = [{"sku": f"B{n:03d}", "name": f"item {n}", "stock": n, "target": 10}
            for n in range(BATCH)]
    data = SlowInventory(rows, source="bench")
    calls = [{"id": str(n), "name": "get_stock", "arguments": {"sku": row["sku"]}}
             for n, row in enumerate(rows)]
    timings = {1: [], tools.PARALLEL_WORKERS: []}
    for _ in range(args.repeat):
        for workers in timings:
            timings[workers].append(_time_batch(data, calls, workers))
    _report(timings)


def _time_batch(data, calls, workers):
    # A fresh runner per batch: the repeated-call guard counts per run.
    runner = tools.ToolRunner(tools.default_toolbox(), data, workers=workers)
    started = time.perf_counter()
    outcomes = runner.run_batch(calls)
    elapsed = time.perf_counter() - started
    assert all(outcome.result["ok"] for outcome in outcomes), [o.result for o in outcomes]
    return elapsed * 1000


def _report(timings):
    print(f"{'mode':<12} {'workers':>7} {'median ms':>10} {'min ms':>7} {'max ms':>7}")
    medians = {}
    for workers, values in timings.items():
        medians[workers] = statistics.median(values)
        mode = "sequential" if workers == 1 else "parallel"
        print(f"{mode:<12} {workers:>7} {medians[workers]:>10.1f} {min(values):>7.1f} "
              f"{max(values):>7.1f}")
    sequential, parallel = medians[1], medians[tools.PARALLEL_WORKERS]
    print(f"parallel / sequential (medians): {parallel / sequential:.3f}  "
          f"({len(timings[1])} runs each, batch of {BATCH}, {LATENCY * 1000:.0f} ms per lookup)")


if __name__ == "__main__":
    main()
