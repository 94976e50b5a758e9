"""Start-up cost of `python agent.py --mock`, against a bare interpreter, side by side.

    $ python bench/startup.py              # 30 alternating rounds, medians and ratios
    $ python bench/startup.py --imports    # also: where the time goes (python -X importtime)
    $ python bench/startup.py --against ../old-checkout   # this tree against another one

Every command runs with the interpreter of a fresh `python -m venv --without-pip` venv, so
no site-packages hooks (.pth files) dilute the figure. The commands run in turn, round after
round, so a slow moment of the machine hits all of them alike. Reported: the median of each,
and its ratio to `python -c pass`. Target: `agent.py --mock` at most 2.0x.

Bytecode caching is on (PYTHONDONTWRITEBYTECODE is removed from the children's environment), as
for anyone who runs the program twice; the warm-up rounds write __pycache__ (git-ignored).
Without the cache every start compiles agent.py, tools.py and errors.py from source.

Even with the cache, `python agent.py` compiles agent.py itself on every start: Python never
caches the bytecode of the script it runs as __main__, only of modules it imports. So two
more figures: the same run started as `python -c 'import agent; ...'` (agent.py then comes
from its cached bytecode like any module), and the cost of compiling agent.py in-process.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = 2.0
CHILD_ENV = {key: value for key, value in os.environ.items()
             if key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "PYTHONSTARTUP")}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--imports", action="store_true",
                        help="also list the slowest imports of agent.py --mock")
    parser.add_argument("--against", metavar="DIR",
                        help="also time `python agent.py --mock` in another checkout (an "
                             "earlier commit, say), in the same alternating rounds")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        python = fresh_venv_python(tmp)
        log_dir = os.path.join(tmp, "runs")
        mock = [python, "agent.py", "--mock", "--log-dir", log_dir]
        commands = [
            ("python -c pass", [python, "-c", "pass"]),
            ("python -c 'import json'", [python, "-c", "import json"]),
            ("python -c 'import json, argparse'", [python, "-c", "import json, argparse"]),
            ("python agent.py --mock", mock),
            (IMPORTED, [python, "-c", "import sys, agent; raise SystemExit(agent.main())",
                        "--mock", "--log-dir", log_dir]),
        ]
        if args.against:
            other = os.path.abspath(args.against)
            commands.append((f"python agent.py --mock in {args.against}",
                             [python, os.path.join(other, "agent.py"), "--mock", "--log-dir",
                              log_dir]))
        medians = measure(commands, args.rounds)
        print_table(medians, args.rounds, python)
        print_compile_cost(python, medians["python -c pass"])
        if args.imports:
            print_imports(python, log_dir)
    ratio = medians["python agent.py --mock"] / medians["python -c pass"]
    return 0 if ratio <= TARGET else 1


IMPORTED = "python -c 'import agent; agent.main()' --mock"


def print_compile_cost(python, bare, runs=15):
    """Compiling agent.py from source, the work `python agent.py` repeats on every start:
    once per fresh process (cold, as at start-up), median of `runs` processes."""
    code = ("import time\n"
            "source = open('agent.py', 'rb').read()\n"
            "started = time.perf_counter()\n"
            "compile(source, 'agent.py', 'exec')\n"
            "print(time.perf_counter() - started)\n")
    seconds = statistics.median(
        float(subprocess.run([python, "-c", code], cwd=ROOT, capture_output=True, text=True,
                             check=True, env=CHILD_ENV).stdout) for _ in range(runs))
    print(f"compiling agent.py (the __main__ script is never cached): {seconds * 1000:.1f} ms "
          f"once per fresh process, median of {runs}, {seconds / bare:.2f}x a bare start")


def fresh_venv_python(tmp):
    venv = os.path.join(tmp, "venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    scripts = "Scripts" if os.name == "nt" else "bin"
    return os.path.join(venv, scripts, "python")


def measure(commands, rounds):
    """Median wall time of each command, run alternately after two warm-up rounds."""
    times = {label: [] for label, _ in commands}
    for round_number in range(rounds + 2):
        for label, argv in commands:
            started = time.perf_counter()
            subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, env=CHILD_ENV,
                           stderr=subprocess.DEVNULL, check=True)
            if round_number >= 2:
                times[label].append(time.perf_counter() - started)
    return {label: statistics.median(values) for label, values in times.items()}


def print_table(medians, rounds, python):
    bare = medians["python -c pass"]
    print(f"start-up, {rounds} alternating rounds, {python_version(python)} (fresh venv)\n")
    print(f"| command | median ms | ratio to `-c pass` |")
    print(f"|---|---:|---:|")
    for label, median in medians.items():
        print(f"| `{label}` | {median * 1000:.1f} | {median / bare:.2f}x |")
    ratio = medians["python agent.py --mock"] / bare
    verdict = "meets" if ratio <= TARGET else "misses"
    print(f"\nagent.py --mock: {ratio:.2f}x, {verdict} the {TARGET}x target")


def python_version(python):
    return subprocess.run([python, "-c", "import sys; print(sys.version.split()[0])"],
                          capture_output=True, text=True, check=True).stdout.strip()


def print_imports(python, log_dir, runs=9):
    """Median self and cumulative microseconds of each module imported by --mock, top 15."""
    bare = set(imported_modules([python, "-X", "importtime", "-c", "pass"]))
    samples = {}
    for _ in range(runs):
        argv = [python, "-X", "importtime", "agent.py", "--mock", "--log-dir", log_dir]
        for name, (own, total) in imported_modules(argv).items():
            samples.setdefault(name, []).append((own, total))
    rows = [(statistics.median(t for _, t in values), statistics.median(o for o, _ in values),
             name) for name, values in samples.items() if name not in bare]
    print(f"\nimports that `-c pass` does not make, median of {runs} runs (microseconds)\n")
    print("| module | self | cumulative |")
    print("|---|---:|---:|")
    for total, own, name in sorted(rows, reverse=True)[:15]:
        print(f"| `{name}` | {own:.0f} | {total:.0f} |")


def imported_modules(argv):
    """{module (indented by nesting): (self us, cumulative us)} from -X importtime."""
    stderr = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=True,
                            env=CHILD_ENV).stderr
    modules = {}
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, total, name = line[len("import time:"):].split("|")
        modules[name.rstrip()] = (int(own), int(total))
    return modules


if __name__ == "__main__":
    raise SystemExit(main())
