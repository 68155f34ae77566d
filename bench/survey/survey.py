#!/usr/bin/env python3
"""Runs llvmown over real projects that use LLVM, as a new user would.

    survey.py [--out DIR] [--jobs N] [--llvmown PATH] [--no-install]
              [--no-summaries] [--tool-arg ARG]... [--timeout S] [--projects TSV]
              [--verdicts TSV] CHECKOUT...
    survey.py --report-only [--out DIR] [--verdicts TSV]

Each CHECKOUT is a directory whose name is a `project` of projects.tsv
(NAME=DIR names it otherwise), checked out at that row's commit. For each,
the script installs the Debian LLVM headers the project targets, produces
its compile commands without building the project (a CMake configure, a
meson setup, or a database generated from the row's sources and flags;
only generated headers a row names with `ninja:` or `make:` are built), keeps the
translation units that include an LLVM or MLIR header, summarises them
(llvmown --summarize-only, unless --no-summaries), runs llvmown on each one
separately with those summaries (so that a crash is one unit's), and writes
to DIR:

    <project>/compile_commands.json, <project>/<project>.sarif
    findings.tsv   every finding, with its verdict from verdicts.tsv
    report.md      per project: units, failures, crashes, findings per
                   check, time; per check: precision from the verdicts

--projects and --verdicts name other tables than the ones beside this
script (to survey a project of your own before proposing its row).
--report-only writes report.md and findings.tsv again from the results
kept in DIR (<project>/stats.json), after verdicts.tsv was edited.

Exit status: 0 if every project was surveyed, 1 if one could not be (no
checkout, configure failed), 2 for a usage error.
"""

import argparse
import concurrent.futures as cf
import csv
import fnmatch
import glob
import json
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))



def newest_clang():
    """The header scan needs a clang driver, any version: the newest."""
    found = glob.glob("/usr/lib/llvm-*/bin/clang")
    found.sort(key=lambda p: int(re.search(r"llvm-(\d+)", p).group(1)))
    return found[-1] if found else "clang"


CLANG = newest_clang()
LLVM_HEADER = re.compile(r"/include/(llvm|llvm-c|mlir)/")


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(
            (l for l in f if l.strip() and not l.startswith("#")),
            # Tab-separated, no quoting: flags such as '"x"' stay as written.
            delimiter="\t", quoting=csv.QUOTE_NONE)]
    return rows


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, **kw)


def log(msg):
    print("survey: " + msg, flush=True)


# --- setting a project up --------------------------------------------------

# Rows are prepared in parallel; apt-get holds the dpkg lock, so a second
# install at the same time fails instead of waiting (seen on a fresh machine).
_APT_LOCK = threading.Lock()


def ensure_packages(row, install):
    with _APT_LOCK:
        return _ensure_packages(row, install)


def _ensure_packages(row, install):
    wanted = ["llvm-%s-dev" % row["llvm"]] + row["packages"].split()
    missing = [p for p in wanted
               if "install ok installed" not in run(
                   ["dpkg-query", "-W", "-f=${Status}", p]).stdout]
    if not missing:
        return True
    if not install:
        log("missing packages (run without --no-install): " + " ".join(missing))
        return False
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    log("installing " + " ".join(missing))
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    r = subprocess.run(sudo + ["apt-get", "install", "-y"] + missing, env=env,
                       stdout=subprocess.DEVNULL)
    return r.returncode == 0


def expand(text, row, src=None):
    """{llvm}, {llvm_major}, and in a configure's args {source}: the
    checkout's absolute path (bundled dependencies unpacked in it)."""
    llvm = "/usr/lib/llvm-%s" % row["llvm"]
    text = text.replace("{llvm}", llvm).replace("{llvm_major}", row["llvm"])
    return text.replace("{source}", os.path.abspath(src)) if src else text


def llvm_flags(row, cxx):
    config = "/usr/lib/llvm-%s/bin/llvm-config" % row["llvm"]
    return shlex.split(run([config, "--cxxflags" if cxx else "--cflags"]).stdout)


def generated_database(row, src):
    """A database of the row's sources, compiled with its flags."""
    entries = []
    flags = shlex.split(expand(row["args"], row))
    for pattern in row["sources"].split():
        for path in sorted(glob.glob(os.path.join(src, pattern), recursive=True)):
            cxx = not path.endswith(".c")
            args = [CLANG + ("++" if cxx else "")] + llvm_flags(row, cxx)
            # The row's -std is for its C++ units (or its C units): the
            # other language keeps llvm-config's or the default.
            args += [f if not f.startswith("-I") or os.path.isabs(f[2:])
                     else "-I" + os.path.join(src, f[2:]) for f in flags
                     if not (f.startswith("-std=") and
                             ("++" in f) != cxx)]
            entries.append({"directory": src, "file": path,
                            "arguments": args + ["-c", path]})
    return entries


def cmake_database(row, src, build):
    # A build folder configured before (another compiler, other -D
    # arguments) keeps its cache: start from nothing so the row decides.
    shutil.rmtree(build, ignore_errors=True)
    cmd = ["cmake", "-S", src, "-B", build, "-G", "Ninja",
           "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
           "-DLLVM_DIR=/usr/lib/llvm-%s/lib/cmake/llvm" % row["llvm"]]
    cmd += shlex.split(expand(row["args"], row, src))
    return configured_database(row, src, build, cmd)


def configured_database(row, src, build, cmd, env=None):
    """Runs a configure command (its output in <build>.configure.log),
    builds the row's generated headers, and reads the database it wrote."""
    r = run(cmd, env=env)
    with open(build + ".configure.log", "w") as f:
        f.write(r.stdout + r.stderr)
    if r.returncode != 0:
        log("%s: %s failed, see %s.configure.log" %
            (row["project"], " ".join(cmd[:2]), build))
        return None
    if not prebuild(row, build):
        return None
    with open(os.path.join(build, "compile_commands.json")) as f:
        return filter_sources(row, src, json.load(f))


def prebuild(row, build, src=None):
    """Builds the generated headers a row names in its `generated` field
    (cheap ones only: never the project itself): `ninja: TARGET...` in a
    configured build folder, or `make: ARG...` in the checkout, for a
    project without one (the generated method)."""
    m = re.search(r"ninja:\s*([^;()]+)", row["generated"])
    if m:
        cmd = ["ninja", "-C", build] + m.group(1).split()
    else:
        m = re.search(r"make:\s*([^;()]+)", row["generated"])
        if not m or src is None:
            return True
        cmd = ["make", "-C", src] + shlex.split(expand(m.group(1), row))
    r = run(cmd)
    with open(build + ".prebuild.log", "w") as f:
        f.write(r.stdout + r.stderr)
    if r.returncode != 0:
        log("%s: building the generated headers failed, see %s.prebuild.log"
            % (row["project"], build))
    return r.returncode == 0


def filter_sources(row, src, entries):
    patterns = row["sources"].split()
    if not patterns:
        return entries
    # Real paths on both sides: a checkout reached through a symbolic link
    # and a database whose paths are relative to the build (meson's) name
    # the same files differently.
    root = os.path.realpath(src)
    return [e for e in entries if any(
        fnmatch.fnmatch(os.path.relpath(os.path.realpath(
            os.path.join(e["directory"], e["file"])), root), p)
        for p in patterns)]


def meson_database(row, src, build):
    """meson setup, with the row's LLVM as llvm-config (a native file) and
    its clang as the compiler when installed; meson writes the database."""
    shutil.rmtree(build, ignore_errors=True)
    os.makedirs(os.path.dirname(build), exist_ok=True)
    llvm = "/usr/lib/llvm-%s" % row["llvm"]
    native = build + ".native.ini"
    with open(native, "w") as f:
        f.write("[binaries]\nllvm-config = '%s/bin/llvm-config'\n" % llvm)
    env = dict(os.environ)
    if os.path.exists(llvm + "/bin/clang"):
        env.update(CC=llvm + "/bin/clang", CXX=llvm + "/bin/clang++")
    cmd = ["meson", "setup", "--native-file", native, build, src]
    cmd += shlex.split(expand(row["args"], row))
    return configured_database(row, src, build, cmd, env)


def includes_llvm(entry):
    """Does the unit include an LLVM or MLIR header? (-MG: headers a build
    would generate first do not stop the scan.)"""
    args = entry.get("arguments") or shlex.split(entry["command"])
    cxx = not entry["file"].endswith(".c")
    cmd, skip = [CLANG + ("++" if cxx else "")], False
    for a in args[1:]:
        if skip:
            skip = False
        elif a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
        elif a in ("-c", "-MD", "-MMD") or a == entry["file"]:
            continue
        else:
            cmd.append(a)
    r = run(cmd + ["-M", "-MG", "-w", entry["file"]], cwd=entry["directory"],
            timeout=300)
    if r.returncode != 0:
        # Not "no LLVM headers": the scan itself failed (an unknown flag, an
        # #error); the unit is reported as not scanned, with the reason.
        return r.stderr.strip().splitlines()[:3] or ["exit %d" % r.returncode]
    return bool(LLVM_HEADER.search(r.stdout))


# --- running llvmown -------------------------------------------------------

# ReportIncomplete: functions whose analysis stopped at the solver's budget
# are remarks on stderr, counted per project (docs/survey.md explains each).
CONFIG = "{CheckOptions: {ReportIncomplete: true}}"
BUDGET = re.compile(r"^(?P<file>.+?):(?P<line>\d+):\d+: remark: the analysis "
                    r"of '(?P<function>[^']*)' stopped at its budget", re.M)


def run_unit(llvmown, db_dir, src, file, sarif, timeout, summaries,
             tool_args=()):
    # A project's .clang-tidy may disable llvmown-* (it was written for
    # clang-tidy); findings in its own files (a unity build's included
    # sources) count, those in LLVM's headers do not.
    cmd = [llvmown, "-p", db_dir, "--project-root=" + src, "--format=sarif",
           "--checks=-*,llvmown-*", "--config=" + CONFIG,
           "--header-filter=^" + re.escape(os.path.join(src, "")),
           "-o", sarif, "--quiet", file]
    cmd += ["--summaries=" + summaries] if summaries else ["--no-summaries"]
    cmd += list(tool_args)
    try:
        r = run(cmd, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", "", []
    remarks = sorted({"%s:%s %s" % (os.path.relpath(m["file"], src),
                                     m["line"], m["function"])
                      for m in BUDGET.finditer(r.stderr)})
    if "Stack dump" in r.stderr or r.returncode not in (0, 1, 2):
        return "crash", r.stderr[-2000:], remarks
    if r.returncode == 2:
        return "error", r.stderr[-2000:], remarks
    return "ok", "", remarks


def survey(row, src, opts):
    name = row["project"]
    out = os.path.join(opts.out, name)
    os.makedirs(os.path.join(out, "sarif"), exist_ok=True)
    # Only the checkout's own repository counts, not one it sits in.
    top = run(["git", "-C", src, "rev-parse", "--show-toplevel"]).stdout.strip()
    head = run(["git", "-C", src, "rev-parse", "HEAD"]).stdout.strip() \
        if top and os.path.realpath(top) == os.path.realpath(src) else ""
    stats = {"project": name, "commit": head[:12] or row["commit"],
             "llvm": row["llvm"]}
    if head and not head.startswith(row["commit"]):
        log("%s: checkout is at %s, projects.tsv says %s" %
            (name, head[:12], row["commit"]))
        stats["commit"] += " (not the listed commit)"
    if not ensure_packages(row, opts.install):
        return None
    if row["method"] == "cmake":
        entries = cmake_database(row, src, os.path.join(out, "build"))
    elif row["method"] == "meson":
        entries = meson_database(row, src, os.path.join(out, "build"))
    else:
        os.makedirs(os.path.join(out, "build"), exist_ok=True)
        entries = generated_database(row, src) \
            if prebuild(row, os.path.join(out, "build"), src) else None
    if entries is None:
        return None
    # meson writes file paths relative to the build folder: the units are
    # named by absolute paths. A file listed twice (two targets) is one unit.
    for e in entries:
        e["file"] = os.path.normpath(os.path.join(e["directory"], e["file"]))
    seen = set()
    entries = [e for e in entries
               if not (e["file"] in seen or seen.add(e["file"]))]
    with open(os.path.join(out, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    start = time.time()
    with cf.ThreadPoolExecutor(opts.jobs) as ex:
        keep = list(ex.map(includes_llvm, entries))
    units = [e["file"] for e, k in zip(entries, keep) if k is True]
    unscanned = [(e["file"], k) for e, k in zip(entries, keep)
                 if isinstance(k, list)]
    stats.update(units_in_db=len(entries), units=len(units),
                 unscanned=len(unscanned))
    log("%s: %d of %d units include LLVM headers, %d could not be scanned" %
        (name, len(units), len(entries), len(unscanned)))
    # The project's summaries, as `llvmown -p build` makes them before it
    # checks: one phase over the units (the others include no LLVM header,
    # so none of their functions can claim anything).
    summaries = None
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if opts.summaries and units:
        sdb = os.path.join(out, "summaries-db")
        os.makedirs(sdb, exist_ok=True)
        with open(os.path.join(sdb, "compile_commands.json"), "w") as f:
            json.dump([e for e, k in zip(entries, keep) if k is True], f,
                      indent=1)
        summaries = os.path.join(out, "summaries.json")
        r = run([opts.llvmown, "-p", sdb, "--checks=-*,llvmown-*", "--quiet",
                 "-j", str(opts.jobs), "--summarize-only",
                 "--summaries=" + summaries], timeout=opts.timeout * 4)
        if r.returncode != 0 or "Stack dump" in r.stderr:
            log("%s: summarising failed: %s" % (name, r.stderr[-500:]))
            summaries = None
    cpu_s = resource.getrusage(resource.RUSAGE_CHILDREN)
    stats["summary_cpu"] = round(cpu_s.ru_utime + cpu_s.ru_stime -
                                 cpu0.ru_utime - cpu0.ru_stime, 1)
    if summaries:
        with open(summaries) as f:
            stats["summarised_functions"] = len(json.load(f)["functions"])
    cpu0 = cpu_s
    parts = [os.path.join(out, "sarif", "%04d.sarif" % i)
             for i in range(len(units))]
    with cf.ThreadPoolExecutor(opts.jobs) as ex:
        results = list(ex.map(
            lambda a: run_unit(opts.llvmown, out, src, a[0], a[1],
                               opts.timeout, summaries, opts.tool_args),
            zip(units, parts)))
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    for kind in ("ok", "error", "crash", "timeout"):
        stats[kind] = sum(1 for k, _, _ in results if k == kind)
    stats["budget_remarks"] = sorted({r for _, _, rs in results for r in rs})
    with open(os.path.join(out, "problems.log"), "w") as f:
        for u, why in unscanned:
            f.write("== scan-failed %s\n%s\n" % (u, "\n".join(why)))
        for u, (k, text, _) in zip(units, results):
            if k != "ok":
                f.write("== %s %s\n%s\n" % (k, u, text))
    stats["seconds"] = round(time.time() - start, 1)
    stats["cpu"] = round(cpu1.ru_utime + cpu1.ru_stime -
                         cpu0.ru_utime - cpu0.ru_stime, 1)
    existing = [p for p in parts if os.path.exists(p)]
    merged = os.path.join(out, name + ".sarif")
    if existing:
        run([opts.llvmown, "--merge", "-o", merged] + existing)
    stats["findings"] = findings_of(merged, name) if existing else []
    # Kept so that --report-only can judge the findings again later.
    with open(os.path.join(out, "stats.json"), "w") as f:
        json.dump(stats, f, indent=1)
    return stats


def findings_of(sarif, project):
    with open(sarif) as f:
        log_ = json.load(f)
    out = []
    for run_ in log_.get("runs", []):
        for r in run_.get("results", []):
            loc = r["locations"][0]["physicalLocation"]
            out.append({
                "project": project,
                "fingerprint": r.get("partialFingerprints", {}).get("llvmown/v1", ""),
                "check": r["ruleId"],
                "location": "%s:%d" % (loc["artifactLocation"]["uri"],
                                       loc["region"]["startLine"]),
                "message": r["message"]["text"]})
    return out


# --- the report ------------------------------------------------------------

CHECKS = ["llvmown-target-machine-leak", "llvmown-module-outlives-context",
          "llvmown-retained-thread-safe-module", "llvmown-c-api-dispose",
          "llvmown-jit-resource-leak"]


def report(all_stats, verdicts, out):
    findings = [f for s in all_stats for f in s["findings"]]
    verdict = {(v["project"], v["fingerprint"]): v for v in verdicts}
    with open(os.path.join(out, "findings.tsv"), "w") as f:
        f.write("project\tfingerprint\tcheck\tlocation\tverdict\tmessage\n")
        for x in findings:
            v = verdict.get((x["project"], x["fingerprint"]), {})
            f.write("\t".join([x["project"], x["fingerprint"], x["check"],
                               x["location"], v.get("verdict", "unreviewed"),
                               x["message"]]) + "\n")
    lines = ["# llvmown survey", "",
             "| project | commit | LLVM | units in database | units with "
             "LLVM headers | not scanned | analysed | failed to compile | "
             "crashes | timeouts | findings | budget remarks | CPU s |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | "
             "--- | --- | --- |"]
    for s in all_stats:
        lines.append("| %s | %s | %s | %d | %d | %d | %d | %d | %d | %d | %d "
                     "| %d | %.1f |" % (
            s["project"], s["commit"], s["llvm"], s["units_in_db"], s["units"],
            s.get("unscanned", 0), s["ok"], s["error"], s["crash"], s["timeout"], len(s["findings"]),
            len(s.get("budget_remarks", [])), s["cpu"]))
    lines += ["", "| check | findings | bug | by-design | false-positive | "
              "unreviewed | precision |", "| --- | --- | --- | --- | --- | --- | --- |"]
    for check in CHECKS:
        mine = [x for x in findings if x["check"] == check]
        counts = {k: 0 for k in ("bug", "by-design", "false-positive", "unreviewed")}
        for x in mine:
            counts[verdict.get((x["project"], x["fingerprint"]), {})
                   .get("verdict", "unreviewed")] += 1
        judged = counts["bug"] + counts["false-positive"]
        precision = "%.2f" % (counts["bug"] / judged) if judged else "—"
        lines.append("| %s | %d | %d | %d | %d | %d | %s |" % (
            check, len(mine), counts["bug"], counts["by-design"],
            counts["false-positive"], counts["unreviewed"], precision))
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[1],
                                usage=__doc__.split("\n\n")[1])
    p.add_argument("--out", default=os.path.join(os.getcwd(), "survey-out"))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    # scripts/test.sh's LLVM 19 build (scripts/lib.sh: build-N per LLVM).
    p.add_argument("--llvmown", default=os.path.join(ROOT, "build-19", "bin", "llvmown"))
    p.add_argument("--timeout", type=int, default=900)
    p.add_argument("--no-install", dest="install", action="store_false")
    p.add_argument("--no-summaries", dest="summaries", action="store_false",
                   help="analyse each unit alone, without project summaries")
    p.add_argument("--tool-arg", dest="tool_args", action="append",
                   default=[], help="an extra argument for each check run, "
                   "e.g. --compare-parse (repeatable)")
    p.add_argument("--projects", default=os.path.join(HERE, "projects.tsv"))
    p.add_argument("--verdicts", default=os.path.join(HERE, "verdicts.tsv"))
    p.add_argument("--report-only", action="store_true",
                   help="write report.md and findings.tsv again from the "
                   "results in --out (after editing verdicts.tsv)")
    p.add_argument("checkouts", nargs="*")
    opts = p.parse_args()
    if opts.report_only:
        verdicts = read_tsv(opts.verdicts)
        stats = []
        for path in sorted(glob.glob(os.path.join(os.path.abspath(opts.out),
                                                  "*", "stats.json"))):
            with open(path) as f:
                stats.append(json.load(f))
        if not stats:
            sys.stderr.write("survey: no results in %s\n" % opts.out)
            return 1
        order = [r["project"] for r in read_tsv(opts.projects)]
        stats.sort(key=lambda s: order.index(s["project"])
                   if s["project"] in order else len(order))
        report(stats, verdicts, os.path.abspath(opts.out))
        return 0
    if not opts.checkouts:
        p.error("no checkout named")
    if not os.access(opts.llvmown, os.X_OK):
        sys.stderr.write("survey: no llvmown at %s (build it first)\n" % opts.llvmown)
        return 2
    rows = {r["project"]: r for r in read_tsv(opts.projects)}
    verdicts = read_tsv(opts.verdicts)
    opts.out = os.path.abspath(opts.out)
    os.makedirs(opts.out, exist_ok=True)
    all_stats, failed = [], 0
    for c in opts.checkouts:
        name, _, path = c.rpartition("=") if "=" in c else ("", "", c)
        path = os.path.abspath(path)
        name = name or os.path.basename(path.rstrip("/"))
        if name not in rows:
            sys.stderr.write("survey: %s is not a project of projects.tsv\n" % name)
            return 2
        if not os.path.isdir(path):
            log("%s: no checkout at %s" % (name, path))
            failed += 1
            continue
        stats = survey(rows[name], path, opts)
        if stats is None:
            failed += 1
        else:
            all_stats.append(stats)
    report(all_stats, verdicts, opts.out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
