#!/usr/bin/env python3
"""Replays real LLVM-ownership fixes of public projects through llvmown.

    replay.py [--project NAME]... [--fix HASH]... [--jobs N] [--llvmown PATH]
              [--out DIR] [--work DIR] [--timeout S] [--no-install]
              [--fixes TSV] [--projects TSV] [--write-doc FILE]
    replay.py --report-only [--out DIR] [--write-doc FILE]

# The history replay

The survey (bench/survey, docs/survey.md) measures precision: every finding
on today's code is judged by hand. The replay measures recall on bugs that
people really fixed: for each fix, llvmown must report the bug at the
fix's parent commit and be silent about it once the fix is in.

Tables (tab-separated, `#` lines are comments):

- `fixes.tsv`, one row per fix: `project repository fix_commit
  parent_commit date title files lines_at_parent check shape
  llvm_at_parent compile_hint source notes`, and optionally `llvm` (the
  Debian LLVM major for this fix, when the project's is wrong for the
  fix's age), `args` (flags added to the project's for this fix: code of
  another age) and `cause` (why a fix is missed, copied to the results).
  `files` are the translation units to run (space-separated, relative to
  the repository); `lines_at_parent` where the bug is at the parent, as
  `src/a.cpp:120-130,src/b.c:40` (a bare path is the whole file, a bare
  `N-M` after a comma continues the previous file); `check` is the check
  meant to report it (`c-api-dispose` or `llvmown-c-api-dispose`).
  `parent_commit` is usually `fix_commit^`, but a fix made in several
  commits takes the parent of the first. Full hashes.
- `projects.tsv`, one row per project: `project mirror llvm args
  packages notes`, and optionally `prepare`: where its git directory is,
  and how its units compile. In `args` (the project's and a fix row's),
  `{shims}` is the absolute path of bench/history/shims, the replay's
  hand-written stand-ins (forwarding headers for LLVM headers that moved,
  declarations of removed ones, configured headers a build would write),
  one folder a project (shims/<project>/..., and shims/llvm-old for the
  moved LLVM headers several projects need); they are written for the
  replay, not copied from the project or LLVM. `{llvm}` and
  `{llvm_major}` are /usr/lib/llvm-N and N of the row's LLVM.
- `prepare` (projects.tsv): shell commands run once in each extracted
  tree of the project (cwd the tree, before llvmown; `{shims}`, `{llvm}`
  and `{llvm_major}` expanded as in `args`) that make the headers the
  project's own build would generate (configure, its code generators,
  submodules from their mirrors), from the tree's own sources: generated
  files are never kept here. <work>/<commit>.prepared records the
  commands and their exit status, so that they run once per tree (again
  only when the commands change); a failure is said in the row's notes
  (the output is in <work>/<commit>.prepare.log) and the row still runs.

Nothing is compiled or linked (`prepare` may configure a tree and run its
generators). For each fix, both commits are extracted from the project's
git directory (`git archive`, cached under --work by commit; the project's
`prepare` then runs in each), and the row's files are run through
`llvmown --format=json` with `llvm-config --cxxflags` (`--cflags` for C)
of the row's LLVM plus the project's args and the row's (the "generated"
method of bench/survey/survey.py, whose functions this script uses), and
with -ferror-limit=0, so that code of another LLVM's age is parsed to its
end. A row of several files runs as a project, the way a CI lint of the
repository runs: a compile database of those files (<out>/<side>-db) and
`llvmown -p` with no sources named, so that the tool summarises every unit
first and a helper defined in one file is known in the others. Every run has ReportIncomplete on, so that
functions whose analysis stopped at the solver's budget are listed.

Decisions:

- found before: a finding of the row's check, in one of its files or in a
  header that `lines_at_parent` names, at the parent, whose line is in a
  `lines_at_parent` range widened by 3 lines;
- silent after: the bug's finding (of those, the nearest to its lines:
  another finding a line away is another bug) is no longer reported at
  the fix: the fix has fewer findings of the same check, file and message
  (its "line N" references aside, which the fix moves) than the parent
  (this survives line moves, and an unfixed twin with the same
  message does not hide a fixed one, as occurrence-numbered fingerprints
  would); `n/a` if not found before.
  A file that the fix deleted or renamed is not run at the fix.
- parent compiles: `no` when a unit of the row had compiler errors at the
  parent (llvmown still reports what it found in the rest of the unit).

Written to --out (default /tmp/history): `<project>/<fix>/parent.json`,
`fix.json` (llvmown's reports) and `*.stderr`; `results.tsv`,
`results.json` (for --report-only; a run of some rows, --project or
--fix, replaces their results there and keeps the others) and `report.md` (the table, recall,
silence after the fix, budget remarks). `--write-doc docs/survey.md`
replaces the text between `<!-- BEGIN history-report -->` and
`<!-- END history-report -->` there with the report's table and totals.

Mirrors: by default /work/.mirror/<owner>+<name>, holding the git
directory itself or as repo/.git, repo or .git; projects.tsv's `mirror`
can name another path or glob ({owner}, {name} from the fix's
repository; a glob naming several forks takes the first that has both
commits). A row whose git directory or commits are missing gets the
result `no checkout`. Files the mirror lacks (a snapshot may leave its
largest ones out) are left out of the tree and listed in
<work>/<commit>.absent; as always with git archive, paths marked
export-ignore in the project's .gitattributes are left out too.

Exit status: 0 if every row ran (whatever it found), 1 if some row could
not (no checkout, no settings, a crash or timeout of llvmown), 2 for a
usage error (no llvmown, no row selected, no markers in --write-doc's file).
"""

import argparse
import concurrent.futures as cf
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "survey"))
# read_tsv, run, ensure_packages, generated_database: the survey's own.
import survey  # noqa: E402

DEFAULT_MIRROR = "/work/.mirror/{owner}+{name}"
SHIMS = os.path.join(HERE, "shims")
PREPARE_TIMEOUT = 1800
WIDEN = 3
CONFIG = "{CheckOptions: {ReportIncomplete: true}}"
BUDGET = re.compile(r"^(?P<file>.+?):(?P<line>\d+):\d+: remark: the analysis "
                    r"of '(?P<function>[^']*)' stopped at its budget.*"
                    r"\[(?P<check>[^\]]+)\]")
MARKERS = ("<!-- BEGIN history-report -->", "<!-- END history-report -->")
# Results of rows that could not be replayed (exit status 1).
NOT_RUN = ("no checkout", "no settings", "no packages", "bad row", "crash",
           "timeout", "runner error")


def log(msg):
    print("replay: " + msg, flush=True)


def newest_llvmown():
    """The tool of the newest build-N folder of this checkout."""
    found = glob.glob(os.path.join(ROOT, "build-*", "bin", "llvmown"))
    found = [p for p in found if re.search(r"build-(\d+)/bin", p)]
    found.sort(key=lambda p: int(re.search(r"build-(\d+)/bin", p).group(1)))
    return found[-1] if found else None


def field(row, name):
    """A column that may be absent or short in a row (DictReader's None)."""
    return (row.get(name) or "").strip()


# --- getting the trees ------------------------------------------------------

def git_dirs(project, repository):
    """The git directories the project's mirror pattern names (a glob may
    name several forks: the first that has both commits is used)."""
    m = re.search(r"github\.com[/:]([^/]+)/([^/]+?)(?:\.git)?/?$", repository)
    owner, name = m.groups() if m else ("", "")
    pattern = field(project, "mirror") or DEFAULT_MIRROR
    for base in sorted(glob.glob(pattern.format(owner=owner, name=name))):
        for d in (base, base + "/repo/.git", base + "/repo", base + "/.git"):
            if os.path.isfile(d + "/HEAD") and os.path.isdir(d + "/objects"):
                yield d
                break


def full_commit(gitdir, commit):
    r = survey.run(["git", "--git-dir=" + gitdir, "rev-parse", "--verify",
                    "--quiet", commit + "^{commit}"])
    return r.stdout.strip() if r.returncode == 0 else None


def commits(project, row):
    """(git directory, [parent, fix] full hashes), or (None, why)."""
    tried = list(git_dirs(project, field(row, "repository")))
    for gitdir in tried:
        full = [full_commit(gitdir, field(row, k))
                for k in ("parent_commit", "fix_commit")]
        if all(full):
            return gitdir, full
    return None, ("no git directory for %s" % field(row, "repository")
                  if not tried else "the commits are not in " +
                  " or ".join(tried))


_locks, _locks_lock = {}, threading.Lock()


def absent_blobs(gitdir, commit):
    """Paths of the commit whose contents the mirror lacks (a snapshot may
    leave its largest files out); git archive would stop at them."""
    git = ["git", "--git-dir=" + gitdir]
    listing = survey.run(git + ["ls-tree", "-r", "-z", commit]).stdout
    blobs = [e.split("\t", 1) for e in listing.split("\0") if " blob " in e]
    shas = "".join(mode.split()[2] + "\n" for mode, _ in blobs)
    check = subprocess.run(git + ["cat-file", "--batch-check"], text=True,
                           input=shas, stdout=subprocess.PIPE)
    return [path for (_, path), line in zip(blobs, check.stdout.splitlines())
            if line.endswith(" missing")]


def tree(gitdir, commit, work):
    """The commit's files under <work>/<commit>, extracted once (the paths
    the mirror lacks are listed in <work>/<commit>.absent); rows that share
    a commit (two fixes with one parent) wait for each other."""
    with _locks_lock:
        lock = _locks.setdefault(commit, threading.Lock())
    dest = os.path.join(work, commit)
    with lock:
        if os.path.isdir(dest):
            return dest
        absent = absent_blobs(gitdir, commit)
        part = "%s.part%d" % (dest, os.getpid())
        shutil.rmtree(part, ignore_errors=True)
        os.makedirs(part)
        archive = subprocess.Popen(
            ["git", "--git-dir=" + gitdir, "archive", commit, "--", "."] +
            [":(exclude,literal)" + p for p in absent],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        untar = subprocess.run(["tar", "-x", "-C", part], stdin=archive.stdout,
                               stderr=subprocess.PIPE, text=True)
        archive.stdout.close()
        if archive.wait() != 0 or untar.returncode != 0:
            shutil.rmtree(part, ignore_errors=True)
            return None
        with open(dest + ".absent", "w") as f:
            f.write("".join(p + "\n" for p in absent))
        # Another process may have finished the same commit meanwhile.
        try:
            os.rename(part, dest)
        except OSError:
            shutil.rmtree(part, ignore_errors=True)
        return dest


def expand(text, settings):
    """`{shims}`, `{llvm}` and `{llvm_major}` of an args or prepare text."""
    return text.replace("{shims}", SHIMS).replace(
        "{llvm}", "/usr/lib/llvm-" + settings["llvm"]).replace(
        "{llvm_major}", settings["llvm"])


def prepare_tree(settings, root):
    """Runs the project's `prepare` commands once in the tree; None if
    they succeeded (or there are none), else what to say in the notes."""
    commands = expand(field(settings, "prepare"), settings)
    if not commands:
        return None
    marker, log_path = root + ".prepared", root + ".prepare.log"
    with _locks_lock:
        lock = _locks.setdefault(root + ".prepare", threading.Lock())
    with lock:
        done = None
        if os.path.exists(marker):
            with open(marker) as f:
                status, _, text = f.read().partition("\n")
            if text == commands:
                done = status
        if done is None:
            log("prepare %s" % os.path.basename(root))
            with open(log_path, "w") as f:
                try:
                    r = subprocess.run(["bash", "-c", commands], cwd=root,
                                       stdout=f, stderr=subprocess.STDOUT,
                                       stdin=subprocess.DEVNULL,
                                       timeout=PREPARE_TIMEOUT)
                    done = str(r.returncode)
                except subprocess.TimeoutExpired:
                    done = "timeout"
            with open(marker, "w") as f:
                f.write(done + "\n" + commands)
    return None if done == "0" else "prepare failed (%s) in %s: see %s" % (
        done, os.path.basename(root)[:9], log_path)


# --- running llvmown --------------------------------------------------------

def flag_groups(settings, root, files):
    """The row's files grouped by compile flags (C and C++ differ), with the
    flags survey.py's generated method gives them."""
    row = dict(settings, sources=" ".join(glob.escape(f) for f in files))
    groups = {}
    for entry in survey.generated_database(row, root):
        # [clang, flags..., "-c", file]: only the flags are llvmown's.
        groups.setdefault(tuple(entry["arguments"][1:-2]), []).append(
            entry["file"])
    return list(groups.items())


def run_llvmown(opts, root, inputs, report):
    """One llvmown run on \p inputs (`files -- flags`, or `-p db`); returns
    (status, parsed report or None, stderr)."""
    # As the survey and a CI lint of the project: findings in the
    # project's own headers are shown, and their functions analysed.
    cmd = [opts.llvmown, "--format=json", "-o", report, "--quiet",
           "--checks=-*,llvmown-*", "--config=" + CONFIG,
           "--header-filter=^" + re.escape(os.path.join(
               os.path.abspath(root), "")),
           "--project-root=" + root, "-j", str(opts.tool_jobs)]
    if os.path.exists(report):
        os.remove(report)  # an earlier run's report is no answer
    try:
        r = survey.run(cmd + inputs, cwd=root, timeout=opts.timeout)
    except subprocess.TimeoutExpired:
        return "timeout", None, "timed out after %d s" % opts.timeout
    data = None
    if os.path.exists(report):
        with open(report, encoding="utf-8") as f:
            data = json.load(f)
    crashed = (r.returncode not in (0, 1, 2) or "Stack dump" in r.stderr or
               data is None or
               any(e["kind"] == "crash" for e in data["errors"]))
    return ("crash" if crashed else "ok"), data, r.stderr


def run_side(opts, settings, root, files, out, side):
    """Runs the files present in this tree. <out>/<side>.json is llvmown's
    report, or (C and C++ units: two runs) their reports put together."""
    present = [f for f in files if os.path.isfile(os.path.join(root, f))]
    merged = {"version": 1, "root": root, "files": [], "findings": [],
              "errors": []}
    status, stderr = "ok", []
    if len(present) > 1:
        # Several units: run as a project, as a CI lint of the repository
        # does (a database, no sources named): the tool summarises every
        # unit first, so a helper defined in one is known in the others.
        row = dict(settings,
                   sources=" ".join(glob.escape(f) for f in present))
        db = os.path.join(out, side + "-db")
        shutil.rmtree(db, ignore_errors=True)
        os.makedirs(db)
        with open(os.path.join(db, "compile_commands.json"), "w") as f:
            json.dump(survey.generated_database(row, root), f, indent=1)
        groups = [(None, present)]
    else:
        groups = flag_groups(settings, root, present) if present else []
    for i, (flags, units) in enumerate(groups):
        part = os.path.join(out, "%s.json" % side if len(groups) == 1
                            else "%s.%d.json" % (side, i))
        inputs = (["-p", db] if flags is None
                  else units + ["--"] + list(flags))
        s, data, err = run_llvmown(opts, root, inputs, part)
        stderr.append(err)
        status = s if status == "ok" else status
        for key in ("files", "findings", "errors"):
            merged[key] += data[key] if data else []
    if len(groups) != 1:
        with open(os.path.join(out, side + ".json"), "w") as f:
            json.dump(merged, f, indent=1)
    with open(os.path.join(out, side + ".stderr"), "w") as f:
        f.write("\n".join(stderr))
    remarks = [dict(m.groupdict(), side=side, line=int(m["line"]),
                    commit=os.path.basename(root)[:9],
                    file=os.path.relpath(m["file"], root))
               for e in stderr for m in map(BUDGET.match, e.splitlines()) if m]
    return {"status": status, "report": merged, "present": present,
            "remarks": remarks}


# --- deciding ---------------------------------------------------------------

SPAN = re.compile(r"\d+(?:-\d+)?")
LINE_REF = re.compile(r"\blines? \d+(?::\d+)?")


def parse_ranges(text):
    """{path: [(first, last)], or None for the whole file}."""
    ranges, path = {}, None
    for item in filter(None, (i.strip() for i in text.split(","))):
        if SPAN.fullmatch(item) and path:
            span = item  # `a.c:10-20,40-50`: the same file again
        else:
            head, sep, span = item.rpartition(":")
            path, span = (head, span) if sep and SPAN.fullmatch(span) \
                else (item, "")
            path = os.path.normpath(path)
        if not span:
            ranges[path] = None
        elif ranges.get(path, []) is not None:
            lo, _, hi = span.partition("-")
            ranges.setdefault(path, []).append((int(lo), int(hi or lo)))
    return ranges


def rel(finding, root):
    return os.path.relpath(os.path.realpath(finding["file"]),
                           os.path.realpath(root))


def in_ranges(ranges, path, line):
    if path not in ranges:
        return False
    spans = ranges[path]
    return spans is None or any(lo - WIDEN <= line <= hi + WIDEN
                                for lo, hi in spans)


def distance(ranges, path, line):
    """How far the line is from the path's ranges (0: inside)."""
    spans = ranges.get(path)
    if spans is None:
        return 0
    return min(max(lo - line, line - hi, 0) for lo, hi in spans)


def check_name(row):
    check = field(row, "check")
    return check if check.startswith("llvmown-") else "llvmown-" + check


def decide(row, before, after):
    """found_before, silent_after, the check's findings in the row's files
    at the parent, and those of them in its lines."""
    check = check_name(row)
    ranges = parse_ranges(field(row, "lines_at_parent"))
    # The units, and the headers the bug's lines are in (reported there
    # when a unit includes them).
    files = {os.path.normpath(f) for f in row["files"].split()} | set(ranges)
    mine = [f for f in before["report"]["findings"] if f["check"] == check
            and rel(f, before["report"]["root"]) in files]
    near = [f for f in mine
            if in_ranges(ranges, rel(f, before["report"]["root"]), f["line"])]
    if not near:
        return "no", "n/a", mine, []
    # The bug's finding is the one nearest its lines: another finding a
    # line or two away is another bug, which the fix may leave.
    best = min(distance(ranges, rel(f, before["report"]["root"]), f["line"])
               for f in near)
    hits = [f for f in near if distance(
        ranges, rel(f, before["report"]["root"]), f["line"]) == best]
    # A finding is kept when the fix has as many findings of its check,
    # file and message as the parent. Not by fingerprint: fingerprints
    # number identical findings in order, so the fixed one's would pass
    # to an unfixed twin with the same message and line text.
    def key(f, side):
        # Messages name lines ("returns at line 203"), which the fix moves.
        return (f["check"], rel(f, side["report"]["root"]),
                LINE_REF.sub("line N", f["message"]))

    def count(k, side):
        return sum(key(f, side) == k for f in side["report"]["findings"])
    kept = [f for f in hits
            if count(key(f, before), after) >= count(key(f, before), before)]
    return "yes", "no" if kept else "yes", mine, hits


# --- one fix ----------------------------------------------------------------

def result(row, outcome, notes, **rest):
    r = {"project": row["project"], "fix": field(row, "fix_commit")[:9],
         "check": check_name(row)[len("llvmown-"):],
         "found_before": outcome,
         "silent_after": "n/a", "parent_compiles": "n/a",
         "findings_before": "", "cause": field(row, "cause"),
         "notes": notes, "remarks": [], "ran": outcome not in NOT_RUN,
         "dir": row.get("_dir", "")}
    r.update(rest)
    return r


def prepare(row, projects, opts):
    """The settings and the two trees of a row, or a result saying why not."""
    project = projects.get(row["project"])
    if project is None:
        return result(row, "no settings", "not in projects.tsv")
    settings = dict(project, llvm=field(row, "llvm") or project["llvm"])
    # A row's own flags go after the project's (code of another age).
    # No error limit: past Clang's 20th error the rest of a unit of
    # another LLVM's age would go unparsed, and unanalysed.
    settings["args"] = expand((field(project, "args") + " " +
                               field(row, "args") + " -ferror-limit=0"
                               ).strip(), settings)
    settings["packages"] = field(settings, "packages")
    if not survey.ensure_packages(settings, opts.install):
        return result(row, "no packages", "missing: llvm-%s-dev %s" % (
            settings["llvm"], settings["packages"]))
    gitdir, full = commits(project, row)
    if gitdir is None:
        return result(row, "no checkout", full)
    trees = [tree(gitdir, commit, opts.work) for commit in full]
    if not all(trees):
        return result(row, "no checkout", "git archive failed in " + gitdir)
    settings["_prepare_notes"] = [n for n in (prepare_tree(settings, t)
                                              for t in trees) if n]
    return settings, trees


def replay(row, projects, opts):
    try:
        prepared = prepare(row, projects, opts)
        if isinstance(prepared, dict):
            return prepared
        return compare(row, *prepared, opts)
    except Exception as e:  # a bug of this script: the other rows go on
        return result(row, "runner error", "replay.py: %r" % e)


def compare(row, settings, trees, opts):
    parent_root, fix_root = trees
    out = os.path.join(opts.out, row["project"], row["_dir"])
    os.makedirs(out, exist_ok=True)
    files = row["files"].split()
    before = run_side(opts, settings, parent_root, files, out, "parent")
    if not before["present"]:
        return result(row, "bad row", "none of the files is at the parent")
    after = run_side(opts, settings, fix_root, files, out, "fix") \
        if before["status"] == "ok" else before
    if after["status"] != "ok":
        return result(row, after["status"], "llvmown at the %s: see "
                      "%s/*.stderr" % ("fix" if after is not before
                                       else "parent", out))
    found, silent, mine, hits = decide(row, before, after)
    errors = [e for e in before["report"]["errors"]
              if e["kind"] in ("compile-error", "input-error")]
    # Where the check spoke: the hits, or (missed) its other findings, to
    # tell a miss from a wrong lines_at_parent.
    where = ", ".join("%s:%d" % (rel(f, parent_root), f["line"])
                      for f in hits or mine)
    notes = [("reported at " if hits else "elsewhere: ") + where] \
        if where else []
    notes += settings.get("_prepare_notes", [])
    if errors:
        notes.append("%d compile errors at the parent, first: %s" % (
            len(errors), errors[0]["message"]))
    gone = sorted(set(files) - set(after["present"]))
    if gone:
        notes.append("not at the fix: " + " ".join(gone))
    return result(row, found, "; ".join(notes), silent_after=silent,
                  parent_compiles="no" if errors else "yes",
                  findings_before=str(len(mine)),
                  remarks=before["remarks"] + after["remarks"])


# --- the report -------------------------------------------------------------

COLUMNS = ["project", "fix", "check", "found_before", "silent_after",
           "parent_compiles", "findings_before", "cause", "notes"]


def ratio(n, d):
    return "%d/%d (%.0f %%)" % (n, d, 100.0 * n / d) if d else "—"


def report_body(results):
    """The table, the totals and the budget remarks, in Markdown."""
    lines = ["| " + " | ".join(c.replace("_", " ") for c in COLUMNS) + " |",
             "|" + " --- |" * len(COLUMNS)]
    lines += ["| " + " | ".join(str(r[c]).replace("|", "\\|")
                                for c in COLUMNS) + " |"
              for r in results]
    ran = [r for r in results if r["ran"]]
    found = [r for r in ran if r["found_before"] == "yes"]
    compiled = [r for r in ran if r["parent_compiles"] == "yes"]
    # Rows that share a commit and a file share its remarks: listed once.
    remarks = sorted({(r["project"], m["side"], m["commit"], m["file"],
                       m["line"], m["function"], m["check"])
                      for r in results for m in r["remarks"]})
    lines += ["", "- fixes: %d (%d ran, %d could not run), projects: %d" % (
                  len(results), len(ran), len(results) - len(ran),
                  len({r["project"] for r in results})),
              "- recall (found before / fixes that ran): " +
              ratio(len(found), len(ran)),
              "- recall where the parent compiles: " + ratio(
                  sum(r["found_before"] == "yes" for r in compiled),
                  len(compiled)),
              "- silent after the fix (of those found before): " + ratio(
                  sum(r["silent_after"] == "yes" for r in found), len(found)),
              "- budget remarks: %d" % len(remarks)]
    lines += ["  - %s, %s %s: `%s:%d` `%s` (%s)" % m for m in remarks]
    return "\n".join(lines) + "\n"


def write_report(results, out):
    with open(os.path.join(out, "results.tsv"), "w") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for r in results:
            f.write("\t".join(str(r[c]).replace("\t", " ")
                              for c in COLUMNS) + "\n")
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    body = report_body(results)
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("# llvmown history replay\n\n" + body)
    print(body, end="")
    return body


def doc_markers(path):
    """Where the report goes in the doc: (text, begin, end) or None."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    begin, end = text.find(MARKERS[0]), text.find(MARKERS[1])
    return (text, begin + len(MARKERS[0]), end) if 0 <= begin < end else None


def write_doc(path, body):
    text, begin, end = doc_markers(path)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:begin] + "\n" + body + text[end:])


# --- the command line -------------------------------------------------------

def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                usage=__doc__.split("\n\n")[1])
    p.add_argument("--project", action="append", default=[])
    p.add_argument("--fix", action="append", default=[],
                   help="a fix commit (a prefix is enough); repeatable")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                   help="fixes replayed at a time")
    p.add_argument("--llvmown", default=newest_llvmown())
    p.add_argument("--out", default="/tmp/history")
    p.add_argument("--work", default="/tmp/history-trees",
                   help="extracted commits, kept across runs")
    p.add_argument("--timeout", type=int, default=300,
                   help="seconds per llvmown run")
    p.add_argument("--no-install", dest="install", action="store_false")
    p.add_argument("--fixes", default=os.path.join(HERE, "fixes.tsv"))
    p.add_argument("--projects", default=os.path.join(HERE, "projects.tsv"))
    p.add_argument("--write-doc", metavar="FILE",
                   help="put the table and totals between the "
                   "history-report markers of FILE")
    p.add_argument("--report-only", action="store_true",
                   help="write report.md again from --out's results.json")
    opts = p.parse_args()
    if opts.jobs < 1:
        p.error("--jobs must be at least 1")
    opts.out, opts.work = map(os.path.abspath, (opts.out, opts.work))
    # `--write-doc docs/survey.md` from anywhere: this checkout's doc.
    if opts.write_doc and not os.path.exists(opts.write_doc):
        opts.write_doc = os.path.join(ROOT, opts.write_doc)
    # llvmown's own -j: the cores left to each of the parallel replays.
    opts.tool_jobs = max(1, (os.cpu_count() or 2) // opts.jobs)
    return opts


def selected(opts):
    rows = survey.read_tsv(opts.fixes)
    return [r for r in rows
            if (not opts.project or r["project"] in opts.project) and
            (not opts.fix or any(field(r, "fix_commit").startswith(f)
                                 for f in opts.fix))]


def main():
    opts = parse_args()
    # Checked first: a usage error should not cost a whole replay.
    if opts.write_doc and not os.path.isfile(opts.write_doc):
        sys.stderr.write("replay: no file %s\n" % opts.write_doc)
        return 2
    if opts.write_doc and not doc_markers(opts.write_doc):
        sys.stderr.write("replay: %s has no %s ... %s markers: nothing "
                         "replayed\n" % (opts.write_doc, *MARKERS))
        return 2
    if opts.report_only:
        with open(os.path.join(opts.out, "results.json")) as f:
            results = json.load(f)
    else:
        results = replay_all(opts)
        if results is None:
            return 2
        if opts.project or opts.fix:
            results = merged(opts.out, results)
    body = write_report(results, opts.out)
    if opts.write_doc:
        write_doc(opts.write_doc, body)
        log("wrote the report into " + opts.write_doc)
    return 0 if all(r["ran"] for r in results) else 1


def merged(out, results):
    """A partial run (--project, --fix) replaces its rows in the results
    kept in out, so that the report still covers every row."""
    path = os.path.join(out, "results.json")
    if not os.path.exists(path):
        return results
    with open(path) as f:
        kept = json.load(f)
    ident = [(r["project"], r["fix"], r["check"], r.get("dir")) for r in results]
    fresh = dict(zip(ident, results))
    out_rows = [fresh.pop((r["project"], r["fix"], r["check"], r.get("dir")),
                          r) for r in kept]
    return out_rows + list(fresh.values())


def replay_all(opts):
    """The results of the selected rows, or None for a usage error."""
    if not opts.llvmown or not os.access(opts.llvmown, os.X_OK):
        sys.stderr.write("replay: no llvmown (build one, or --llvmown)\n")
        return None
    rows = selected(opts)
    if not rows:
        sys.stderr.write("replay: no row of %s selected\n" % opts.fixes)
        return None
    projects = {r["project"]: r for r in survey.read_tsv(opts.projects)}
    # <project>/<short fix>, numbered when several rows share a fix.
    names = [(r["project"], field(r, "fix_commit")[:9]) for r in rows]
    for i, (r, name) in enumerate(zip(rows, names)):
        r["_dir"] = name[1] if names.count(name) == 1 else "%s-%d" % (
            name[1], names[:i].count(name) + 1)
    os.makedirs(opts.out, exist_ok=True)
    os.makedirs(opts.work, exist_ok=True)
    log("%d fixes, llvmown %s" % (len(rows), opts.llvmown))
    with cf.ThreadPoolExecutor(opts.jobs) as ex:
        return list(ex.map(lambda r: replay(r, projects, opts), rows))


if __name__ == "__main__":
    sys.exit(main())
