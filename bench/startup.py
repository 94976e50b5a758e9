"""Start-up cost of `python agent.py --mock`, against a bare interpreter, side by side.

    $ python bench/startup.py              # 30 alternating rounds, medians and ratios
    $ python bench/startup.py --imports    # also: where the time goes (python -X importtime)
    $ python bench/startup.py --against ../old-checkout   # this tree against another one
    $ python bench/startup.py --instructions     # instructions, not time (valgrind callgrind)
    $ python bench/startup.py --instructions --checkout ../main --runs 2   # another tree, twice

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

--instructions counts instructions instead of time: wall time on a shared 2-core machine
moves by several percent from one minute to the next, the instructions a start executes
hardly at all. Each command runs once untimed (it writes the bytecode cache), then `--runs`
times under `valgrind --tool=callgrind`; the figure is the total Ir of its callgrind out file.
Same venv interpreter, same environment (PYTHONHASHSEED=0, so set order is the same in every
run), side by side, as ratios to `python -c pass` (with `site`, as the other two; `python -S
-c pass` is shown for reference):

- the article's own sample agent, `python agent.py --mock` as the article runs it. Its
  complete listing is in the seed article (../shared/seeds/ beside this checkout, or
  --seeds FILE_OR_DIR); it is rebuilt into a temp dir at bench time, never kept in this
  repository, and must print the answer the article says it prints.
- ours, `python agent.py --mock --log-dir <temp>`, from a copy of the checkout (this one, or
  --checkout DIR) in the temp dir, so the checkout itself stays untouched.

Exit status: timing, 0 when `agent.py --mock` is within the target, 1 when it is not. With
--instructions (a report, no target): 0 when counted, or skipped with a note because valgrind
is not installed; 3 when there is no seed article with the listing; 4 when the listing cannot
be rebuilt into a program that answers as the article shows.
"""

import argparse
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEEDS = os.path.join(os.path.dirname(ROOT), "shared", "seeds")
TARGET = 2.0
NO_SEED, BAD_LISTING = 3, 4
CHILD_ENV = {key: value for key, value in os.environ.items()
             if key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "PYTHONSTARTUP")}


def main(argv=None):
    args = parse_args(argv)
    if args.instructions:
        return instructions(args.checkout, args.seeds, args.runs, args.keep)
    return wall_clock(args)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--imports", action="store_true",
                        help="also list the slowest imports of agent.py --mock")
    parser.add_argument("--against", metavar="DIR",
                        help="also time `python agent.py --mock` in another checkout (an "
                             "earlier commit, say), in the same alternating rounds")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions with valgrind's callgrind instead of timing: "
                             "a bare interpreter, the article's sample agent and ours")
    parser.add_argument("--checkout", metavar="DIR", default=ROOT,
                        help="with --instructions: the tree whose agent.py is counted "
                             "(default: this one); it is copied, never written to")
    parser.add_argument("--seeds", metavar="FILE_OR_DIR", default=SEEDS,
                        help="with --instructions: the seed article, or a folder of them "
                             "(default: ../shared/seeds/ beside this checkout)")
    parser.add_argument("--runs", type=int, default=1,
                        help="with --instructions: callgrind runs of each command (default 1)")
    parser.add_argument("--keep", metavar="DIR",
                        help="with --instructions: keep the callgrind out files there, for "
                             "callgrind_annotate")
    return parser.parse_args(argv)


def wall_clock(args):
    """Median wall time of each command in alternating rounds; 0 when within the target."""
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


# --- --instructions: instructions executed, counted by valgrind's callgrind ---------------

INSTRUCTION_ENV = dict(CHILD_ENV, PYTHONHASHSEED="0")
BARE = "(a) `python -c pass`"
SAMPLE = "(b) the article's sample agent: `python agent.py --mock`"
OURS = "(c) ours: `python agent.py --mock --log-dir <temp>`"


def instructions(checkout, seeds, runs, keep=None):
    """Total instructions of a bare start, the article's sample agent and ours, as ratios."""
    article = find_seed_article(seeds)
    if article is None:
        print(f"startup.py: no seed article with the sample agent's listing at {seeds} (looked "
              f"for a .txt file holding it; give its file or folder with --seeds)",
              file=sys.stderr)
        return NO_SEED
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("instruction count skipped: valgrind is not installed (no `valgrind` on PATH)")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        python = fresh_venv_python(tmp)
        sample = os.path.join(tmp, "article")
        try:
            write_sample_agent(article, sample, python)
        except SampleError as error:
            print(f"startup.py: the sample agent of {article} cannot be rebuilt: {error}",
                  file=sys.stderr)
            return BAD_LISTING
        ours = copy_checkout(checkout, os.path.join(
            tmp, "copy-of-" + os.path.basename(os.path.abspath(checkout))))
        commands = [  # (name of its callgrind out files, label, argv, folder it runs in)
            ("bare-S", "for reference: `python -S -c pass`", [python, "-S", "-c", "pass"], tmp),
            ("bare", BARE, [python, "-c", "pass"], tmp),
            ("sample", SAMPLE, [python, "agent.py", "--mock"], sample),
            ("ours", OURS, [python, "agent.py", "--mock", "--log-dir",
                            os.path.join(tmp, "runs")], ours),
        ]
        counts = count_instructions(valgrind, commands, runs, keep or tmp)
        print_instruction_table(counts, python, checkout, article)
    if keep:
        print(f"callgrind out files: {os.path.join(keep, 'callgrind.<command>.<run>.out')}")
    return 0


def count_instructions(valgrind, commands, runs, out_dir):
    """{label: [total Ir of each run]}: one untimed run of each command writes the bytecode
    cache, then each runs `runs` times under callgrind, in turn."""
    os.makedirs(out_dir, exist_ok=True)
    for _, label, argv, cwd in commands:
        done = subprocess.run(argv, cwd=cwd, env=INSTRUCTION_ENV, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            raise SystemExit(f"startup.py: {label} exited {done.returncode} in {cwd}:\n"
                             f"{done.stderr.strip()[-500:]}")
    counts = {label: [] for _, label, _, _ in commands}
    for run in range(1, runs + 1):
        for name, label, argv, cwd in commands:
            out_file = os.path.join(out_dir, f"callgrind.{name}.{run}.out")
            counts[label].append(callgrind_instructions(valgrind, argv, cwd, out_file))
    return counts


def callgrind_instructions(valgrind, argv, cwd, out_file):
    """Total instructions (Ir) of one run of `argv` under callgrind."""
    subprocess.run([valgrind, "--tool=callgrind", "-q", f"--callgrind-out-file={out_file}",
                    *argv], cwd=cwd, env=INSTRUCTION_ENV, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    with open(out_file, encoding="utf-8", errors="replace") as out:
        return callgrind_total(out)


def callgrind_total(lines):
    """Total Ir from the lines of a callgrind out file: its `totals:` line, else `summary:`
    (the `events:` line says which column is Ir). ValueError when neither is there."""
    events, totals = ["Ir"], {}
    for line in lines:
        key, colon, value = line.partition(":")
        if not colon:
            continue
        if key == "events":
            events = value.split()
        elif key in ("totals", "summary"):
            totals[key] = value.split()
    figures = totals.get("totals") or totals.get("summary")
    if figures is None or "Ir" not in events:
        raise ValueError("not a callgrind out file: no `totals:` or `summary:` line with Ir")
    return int(figures[events.index("Ir")])


def print_instruction_table(counts, python, checkout, article):
    bare = statistics.median(counts[BARE])
    runs = len(counts[BARE])
    print(f"instructions at start-up (valgrind --tool=callgrind, total Ir), {runs} run(s) each, "
          f"{python_version(python)} (fresh venv), PYTHONHASHSEED=0")
    print(f"ours: {os.path.abspath(checkout)}; the sample agent: {article}\n")
    runs_header = " | ".join(f"run {run}" for run in range(1, runs + 1))
    print(f"| command | {runs_header} | ratio to (a) |")
    print("|---|" + "---:|" * (runs + 1))
    for label, values in counts.items():
        figures = " | ".join(f"{value:,}" for value in values)
        print(f"| {label} | {figures} | {statistics.median(values) / bare:.2f}x |")
    ours, sample = statistics.median(counts[OURS]), statistics.median(counts[SAMPLE])
    print(f"\n(c) ours against (b) the article's sample: {ours / sample:.2f}x; (c) against (a): "
          f"{ours / bare:.2f}x (the {TARGET}x target is for wall time, without --instructions)")
    if runs > 1:
        label, values = max(counts.items(), key=lambda item: max(item[1]) - min(item[1]))
        print(f"largest difference between runs of one command: {max(values) - min(values):,} "
              f"instructions ({(max(values) - min(values)) / min(values):.5%}), {label}")


def copy_checkout(checkout, into):
    """A copy of the checkout's files, without its git data, bytecode cache or run logs."""
    shutil.copytree(checkout, into, ignore=shutil.ignore_patterns(
        ".git", "__pycache__", "runs", ".venv", "build", "dist", "*.egg-info"))
    return into


# --- the article's sample agent, rebuilt from its published listing ------------------------

class SampleError(Exception):
    """The listing, once rebuilt, does not compile or does not answer as the article says."""


def write_sample_agent(article, folder, python):
    """Rebuild the listing as folder/agent.py and check it: its --mock answer must be the
    one the article prints. One run, untimed (it also writes the stdlib's bytecode cache)."""
    with open(article, encoding="utf-8") as file:
        text = file.read()
    source = "\n".join(indent_listing(listing_lines(text))) + "\n"
    try:
        compile(source, "agent.py", "exec")
    except SyntaxError as error:
        raise SampleError(f"the rebuilt listing does not compile: {error}") from None
    os.makedirs(folder)
    with open(os.path.join(folder, "agent.py"), "w", encoding="utf-8") as file:
        file.write(source)
    done = subprocess.run([python, "agent.py", "--mock"], cwd=folder, env=INSTRUCTION_ENV,
                          capture_output=True, text=True, encoding="utf-8")
    answer = done.stdout.splitlines()[0] if done.stdout.strip() else ""
    if done.returncode != 0 or not answer or answer not in text:
        raise SampleError(f"`python agent.py --mock` exited {done.returncode} and printed "
                          f"{answer!r}, not the answer the article shows "
                          f"({done.stderr.strip()[-300:]})")


def find_seed_article(path):
    """The seed article holding the sample agent's listing: `path` itself, or the first .txt
    file in the folder `path` that holds one. None when there is none."""
    if os.path.isdir(path):
        files = sorted(os.path.join(path, name) for name in os.listdir(path)
                       if name.endswith(".txt"))
    else:
        files = [path] if os.path.isfile(path) else []
    for name in files:
        with open(name, encoding="utf-8", errors="replace") as file:
            if listing_lines(file.read()):
                return name
    return None


# The published article set the listing as prose: quotes curled, `--` turned into an en dash
# (`“–mock”`), minus signs into en dashes. In this order: triple quotes first.
TYPOGRAPHY = [("“””", '"""'), ("”””", '"""'), ("“–", '"--'), ("“", '"'), ("”", '"'),
              ("″", '"'), ("‘", "'"), ("’", "'"), ("–", "-")]


def listing_lines(text):
    """The complete listing of the sample agent, its quotes straightened: from a docstring
    followed by imports to the line after `if __name__ == "__main__":`, holding "--mock".
    An empty list when the text has none."""
    lines = [straighten(line) for line in text.splitlines()]
    for start in range(len(lines) - 1):
        if lines[start].startswith('"""') and lines[start + 1].startswith(("import ", "from ")):
            end = next((i for i in range(start, len(lines) - 1)
                        if lines[i].startswith("if __name__ ==")), None)
            if end is not None and '"--mock"' in "\n".join(lines[start:end + 2]):
                return lines[start:end + 2]
    return []


def straighten(line):
    for curled, straight in TYPOGRAPHY:
        line = line.replace(curled, straight)
    return line


# The listing also lost its indentation. Block openers (a trailing `:`), `return`/`raise`,
# `else`/`except` and top-level `def` give most of it back; these statements close blocks
# that nothing in the code shows: {statement: how many blocks end after it}.
BLOCKS_CLOSED_AFTER = {
    "arguments = None": 2,  # the `except` of json.loads, and `if isinstance(arguments, str)`
    "stream.flush()": 1,    # the nested `def emit`, before main's `try:`
}
ENDERS = ("return", "raise", "continue", "break")
CLAUSES = {"elif": ("if",), "else": ("if", "for", "while", "try"), "except": ("try",),
           "finally": ("try",)}


def indent_listing(lines):
    """The flat lines of a listing, indented 4 spaces a level: each statement at its block's
    level, continuation lines one deeper, lines inside a multi-line string left as they are,
    comment lines at the level of the statement after them."""
    statements = logical_lines(lines)
    in_strings = lines_inside_strings(lines)
    out, level, blocks, opened, done = [], 0, [], False, 0
    for index, (first, last, words, opens) in enumerate(statements):
        following = statements[index + 1][2] if index + 1 < len(statements) else None
        level = statement_level(words, level, blocks, opened, following)
        for number in range(done + 1, last + 1):
            line = lines[number - 1]
            depth = level + 1 if number > first else level
            out.append(line if number in in_strings or not line.strip()
                       else "    " * depth + line.strip())
        done = last
        if words[0] not in CLAUSES:
            blocks[:] = [block for block in blocks if block[1] < level]
            if opens:
                blocks.append((words[0], level))
        opened = opens
        level += 1 if opens else -1 if words[0] in ENDERS else 0
        level -= BLOCKS_CLOSED_AFTER.get(lines[first - 1].strip(), 0)
    return out + [line.strip() for line in lines[done:]]


def statement_level(words, level, blocks, opened, following):
    """The level of a statement, from the statement before it and the blocks still open."""
    if opened:
        return level
    if words[0] in CLAUSES:
        for position in range(len(blocks) - 1, -1, -1):
            if blocks[position][0] in CLAUSES[words[0]]:
                del blocks[position + 1:]
                return blocks[position][1]
        return level
    if top_level(words):
        return 0
    if words[0] in ENDERS and (following is None or top_level(following)):
        # A function's last statement, after its last block: at the function's own level.
        return next((indent + 1 for keyword, indent in reversed(blocks) if keyword == "def"),
                    level)
    return max(level, 0)


def top_level(words):
    return words[0] in ("def", "class", "@") or words[:2] == ["if", "__name__"]


def logical_lines(lines):
    """(first line, last line, first two tokens, opens a block) of each statement."""
    statements, tokens = [], []
    readline = io.StringIO("\n".join(lines) + "\n").readline
    for token in tokenize.generate_tokens(readline):
        if token.type == tokenize.NEWLINE and tokens:
            statements.append((tokens[0].start[0], tokens[-1].end[0],
                               [t.string for t in tokens[:2]], tokens[-1].string == ":"))
            tokens = []
        elif token.type not in (tokenize.NL, tokenize.COMMENT, tokenize.NEWLINE,
                                tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
            tokens.append(token)
    return statements


def lines_inside_strings(lines):
    """Numbers of the lines that continue a multi-line string: their text is the string's."""
    inside = set()
    readline = io.StringIO("\n".join(lines) + "\n").readline
    for token in tokenize.generate_tokens(readline):
        if token.type == tokenize.STRING and token.end[0] > token.start[0]:
            inside.update(range(token.start[0] + 1, token.end[0] + 1))
    return inside


if __name__ == "__main__":
    raise SystemExit(main())
