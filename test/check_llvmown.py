#!/usr/bin/env python3
"""check_llvmown.py - run an llvmown front end on a test file and compare its
diagnostics with the expectations written in the file.

Usage:
  check_llvmown.py --frontend tidy|tool [--config <yaml>] [--checks <glob>]
                   [--check-fixes] [--allow-errors] [--expect-exit N]
                   <test-file> [-- <compiler args>]

Expectations are comments in the test file:

  // WARN: <text>        a warning on this line whose message contains <text>
  // WARN@+N: <text>     ... on the line N below (@-N: N above)
  // WARN#C: <text>      ... at column C (also WARN@+N#C:)
  // NOTE: <text>        a note on this line (same @+N / @-N / #C forms)
  // ERROR: <text>       an error on this line (only with --allow-errors)
  // FIXED: <text>       with --check-fixes: after clang-tidy --fix, this
                         line contains <text> (also FIXED@+N / FIXED@-N)

Expectations written inside an "#if" / "#elif" / "#else" region whose
condition is about LLVM_VERSION_MAJOR (integers, comparisons, &&, ||, !,
parentheses) count only when the region is compiled for the LLVM headers
the test is compiled against: the version is read from the
llvm/Config/llvm-config.h of the first -I/-isystem directory that has one
(or given with --llvm-major). Other conditions do not hide expectations.

--llvm-includes DIR[,DIR...] runs the test once per LLVM include directory
(prepending -I DIR to the compiler arguments), each run with the
expectations of its headers' version: one source, every installed LLVM.
These runs leave out --compare-parse: the tool's own version's headers are
where body skipping is compared, and each other version's full parse would
double the slowest tests of the suite.

<text> is matched as a substring of the diagnostic as printed, message plus
the trailing " [check-name]"; {{...}} parts are Python regular expressions.
Several expectations may share a line ("// WARN: a // FIXED: b"): each
runs to the next marker. Markers are case-sensitive; a plain comment that
starts "// NOTE:" is taken for an expectation.

--check-fixes runs clang-tidy --fix on a copy of the test in a temporary
directory, with every expectation comment cut off first (so FIXED text is
matched against code only, never against its own comment), and with
"-iquote <test dir>" so that quoted includes still resolve. Lines a fix
inserts count as part of the line above them. Every line with no FIXED
expectation must come out unchanged.

With the tool front end, the tool runs twice more, with the solver visiting
blocks in post-order and in a shuffled order (--debug-visit-order; the seed
comes from the test's file name): its output must be the same, findings,
notes and fixes, since results must not depend on the order. A run in
which the other order stopped a function at its budget (the tool then
says so) is not compared. Only runs against the stub headers
(test/Inputs/stubs) are compared: parsing LLVM's real headers is most of a
run's time, and the analysis is the same. --no-visit-orders skips it.

Every warning must be claimed by exactly one expectation (warnings in other
files, e.g. headers, always fail); every expectation must claim one
diagnostic; notes nobody asks for are fine. Any error fails the test unless
--allow-errors. Exit status: 0 pass, 1 fail, 2 usage error or malformed test.
"""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

KIND_TO_SEVERITY = {"WARN": "warning", "NOTE": "note", "ERROR": "error"}

# "// WARN@+2#7:" - kind, optional line offset, optional column.
MARKER_RE = re.compile(r"//\s*(WARN|NOTE|ERROR|FIXED)(?:@([+-]\d+))?(?:#(\d+))?:")

# file:line:col: severity: message
DIAG_RE = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): "
    r"(?P<sev>warning|error|fatal error|note|remark): (?P<msg>.*?)\s*$")
# severity: message (no location)
BARE_DIAG_RE = re.compile(
    r"^(?P<sev>warning|error|fatal error): (?P<msg>.*?)\s*$")
CHECK_NAME_RE = re.compile(r"\s\[([^\[\]]+)\]$")

# Output that means a front end did not really run: clang-tidy ignores a
# --load it cannot open and exits 0, and the plugin refuses other versions.
LOAD_FAILURE_PATTERNS = [
    (re.compile(r"Error opening '"), "clang-tidy could not open the plugin"),
    (re.compile(r"-load request ignored"), "clang-tidy ignored the plugin"),
    (re.compile(r"unable to load plugin"), "the plugin failed to load"),
    (re.compile(r"llvmown-tidy\.so was built for clang-tidy"),
     "the plugin refused this clang-tidy"),
    (re.compile(r"refusing to load the llvmown checks"),
     "the plugin refused this clang-tidy"),
    (re.compile(r"^(Error: )?no checks enabled", re.M | re.I),
     "no checks enabled (the plugin is not loaded, or --checks matches "
     "nothing)"),
    (re.compile(r"^Stack dump:", re.M), "the front end crashed"),
    (re.compile(r"PLEASE submit a bug report"), "the front end crashed"),
]


class MalformedTest(Exception):
    pass


def pattern_to_regex(text):
    """Literal text with {{regex}} parts, as in FileCheck."""
    out = []
    pos = 0
    while True:
        start = text.find("{{", pos)
        if start < 0:
            out.append(re.escape(text[pos:]))
            break
        end = text.find("}}", start + 2)
        if end < 0:
            raise MalformedTest("unterminated '{{' in %r" % text)
        # '}}}' ends with the last two braces: "{{a{3}}}" is "a{3}".
        while text.startswith("}", end + 2):
            end += 1
        out.append(re.escape(text[pos:start]))
        inner = text[start + 2:end]
        try:
            re.compile(inner)
        except re.error as e:
            raise MalformedTest("bad regular expression {{%s}}: %s" % (inner, e))
        out.append("(?:%s)" % inner)
        pos = end + 2
    return re.compile("".join(out))


class Expectation:
    def __init__(self, kind, line, col, text, source_line):
        self.kind = kind
        self.line = line            # 1-based line it is about
        self.col = col              # None or 1-based column
        self.text = text
        self.source_line = source_line  # line the comment is written on
        self.regex = pattern_to_regex(text)

    def where(self):
        s = "line %d" % self.line
        if self.col:
            s += ":%d" % self.col
        if self.source_line != self.line:
            s += " (expectation written on line %d)" % self.source_line
        return s

    def describe(self):
        col = "#%d" % self.col if self.col else ""
        return "%s%s: %s" % (self.kind, col, self.text)


class Diagnostic:
    def __init__(self, file, line, col, severity, message, raw):
        self.file = file
        self.line = line
        self.col = col
        self.severity = "error" if severity == "fatal error" else severity
        self.message = message      # including " [check-name]" if printed
        self.raw = raw
        m = CHECK_NAME_RE.search(message)
        self.check = m.group(1) if m else None


def parse_expectations(lines, inactive=frozenset()):
    exps = []
    for idx, text in enumerate(lines):
        lineno = idx + 1
        if lineno in inactive:
            continue
        marks = list(MARKER_RE.finditer(text))
        for i, m in enumerate(marks):
            end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
            body = text[m.end():end].strip()
            kind, offset, col = m.group(1), m.group(2), m.group(3)
            target = lineno + (int(offset) if offset else 0)
            if not body:
                raise MalformedTest("line %d: empty %s expectation"
                                    % (lineno, kind))
            if target < 1 or target > len(lines):
                raise MalformedTest("line %d: %s points to line %d, outside "
                                    "the file" % (lineno, m.group(0), target))
            if kind == "FIXED" and col:
                raise MalformedTest("line %d: FIXED takes no column" % lineno)
            try:
                exps.append(Expectation(kind, target,
                                        int(col) if col else None,
                                        body, lineno))
            except MalformedTest as e:
                raise MalformedTest("line %d: %s" % (lineno, e))
    return exps


VERSION_DEFINE_RE = re.compile(r"^\s*#\s*define\s+LLVM_VERSION_MAJOR\s+(\d+)",
                               re.M)
PP_RE = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)$")
VERSION_COND_RE = re.compile(r"^[\sLLVM_VERSION_MAJOR0-9<>=!&|()]*$")


def headers_major(include_dir):
    """LLVM_VERSION_MAJOR of the headers in include_dir, or None."""
    try:
        with open(os.path.join(include_dir, "llvm", "Config",
                               "llvm-config.h"), encoding="utf-8") as f:
            m = VERSION_DEFINE_RE.search(f.read())
    except OSError:
        return None
    return int(m.group(1)) if m else None


def include_dirs(compiler_args):
    dirs = []
    for i, a in enumerate(compiler_args):
        for flag in ("-I", "-isystem"):
            if a == flag and i + 1 < len(compiler_args):
                dirs.append(compiler_args[i + 1])
            elif a.startswith(flag) and len(a) > len(flag):
                dirs.append(a[len(flag):])
    return dirs


def detect_major(compiler_args):
    for d in include_dirs(compiler_args):
        v = headers_major(d)
        if v is not None:
            return v
    return None


def version_condition(cond, lineno):
    """The Python expression of an #if condition about LLVM_VERSION_MAJOR,
    or None if the condition is about something else."""
    cond = re.sub(r"/\*.*?\*/|//.*$", "", cond).strip()
    if "LLVM_VERSION_MAJOR" not in cond:
        return None
    if not VERSION_COND_RE.match(cond) or \
            re.search(r"[A-Za-z_]", cond.replace("LLVM_VERSION_MAJOR", "")):
        raise MalformedTest("line %d: only integers, comparisons, &&, || and "
                            "! may go with LLVM_VERSION_MAJOR in a condition"
                            % lineno)
    expr = cond.replace("&&", " and ").replace("||", " or ")
    expr = re.sub(r"!(?!=)", " not ", expr)
    return expr


def inactive_lines(lines, major):
    """1-based numbers of the lines inside #if regions about
    LLVM_VERSION_MAJOR that are not compiled for headers of version
    `major` (None: the test has no such region, else MalformedTest)."""
    inactive = set()
    # Per open #if: [is_version_group, branch_taken, current_active]
    stack = []
    for idx, text in enumerate(lines):
        lineno = idx + 1
        m = PP_RE.match(text)
        if m:
            d, rest = m.group(1), m.group(2)
            if d in ("if", "ifdef", "ifndef"):
                expr = version_condition(rest, lineno) if d == "if" else None
                if expr is None:
                    stack.append([False, True, True])
                else:
                    if major is None:
                        raise MalformedTest(
                            "line %d: a condition on LLVM_VERSION_MAJOR, but "
                            "no -I directory has llvm/Config/llvm-config.h "
                            "(pass --llvm-major)" % lineno)
                    val = bool(eval(expr, {"__builtins__": {}},
                                    {"LLVM_VERSION_MAJOR": major}))
                    stack.append([True, val, val])
            elif not stack:
                raise MalformedTest("line %d: #%s without #if" % (lineno, d))
            elif d == "elif" and stack[-1][0]:
                expr = version_condition(rest, lineno)
                if expr is None:
                    raise MalformedTest("line %d: #elif of a version #if must "
                                        "be about LLVM_VERSION_MAJOR" % lineno)
                g = stack[-1]
                val = not g[1] and bool(eval(
                    expr, {"__builtins__": {}},
                    {"LLVM_VERSION_MAJOR": major}))
                g[1], g[2] = g[1] or val, val
            elif d == "else" and stack[-1][0]:
                g = stack[-1]
                g[2], g[1] = not g[1], True
            elif d == "endif":
                stack.pop()
            continue
        if any(g[0] and not g[2] for g in stack):
            inactive.add(lineno)
    if stack:
        raise MalformedTest("#if without #endif")
    return inactive


def strip_expectations(lines):
    """The test lines with every expectation comment removed (line numbers
    and the columns of code are kept), so that FIXED text cannot match the
    comment that states it."""
    out = []
    for text in lines:
        m = MARKER_RE.search(text)
        if m:
            nl = text[len(text.rstrip("\r\n")):]
            text = text[:m.start()].rstrip() + nl
        out.append(text)
    return out


def parse_diagnostics(output):
    diags, bare = [], []
    for raw in output.splitlines():
        m = DIAG_RE.match(raw)
        if m:
            diags.append(Diagnostic(m.group("file"), int(m.group("line")),
                                    int(m.group("col")), m.group("sev"),
                                    m.group("msg"), raw))
            continue
        m = BARE_DIAG_RE.match(raw)
        if m:
            bare.append(Diagnostic(None, 0, 0, m.group("sev"), m.group("msg"),
                                   raw))
    return diags, bare


def same_file(path, wanted_real, cwd):
    if not os.path.isabs(path):
        path = os.path.join(cwd, path)
    return os.path.realpath(path) == wanted_real


def match(exps, diags):
    """Maximum one-to-one matching of expectations to diagnostics (tiny
    bipartite graph: augmenting paths). Returns {exp index: diag index}."""
    cand = []
    for e in exps:
        sev = KIND_TO_SEVERITY[e.kind]
        cand.append([j for j, d in enumerate(diags)
                     if d.severity == sev and d.line == e.line
                     and (e.col is None or d.col == e.col)
                     and e.regex.search(d.message)])
    owner = {}  # diag index -> exp index

    def augment(i, seen):
        for j in cand[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(exps)):
        augment(i, set())
    return {i: j for j, i in owner.items()}


def find_default(env, candidates):
    if os.environ.get(env):
        return os.environ[env]
    for c in candidates:
        if os.path.exists(c):
            return c
    return candidates[0]


def parse_args(argv):
    if "--" in argv:
        k = argv.index("--")
        own, compiler_args, have_dashdash = argv[:k], argv[k + 1:], True
    else:
        own, compiler_args, have_dashdash = argv, [], False
    p = argparse.ArgumentParser(
        prog="check_llvmown.py",
        description="Run an llvmown front end on a test file and check the "
                    "expectations written in it.")
    p.add_argument("--frontend", required=True,
                   help="tidy, tool (or fake:<file> for the runner's own "
                        "tests)")
    p.add_argument("--config", help="YAML configuration passed as --config=")
    p.add_argument("--checks", help="check glob (default llvmown-*)")
    p.add_argument("--check-fixes", action="store_true",
                   help="run clang-tidy --fix on a copy and check FIXED lines")
    p.add_argument("--allow-errors", action="store_true",
                   help="error diagnostics do not fail the test")
    p.add_argument("--expect-exit", type=int,
                   help="exit status the tool must return (tool frontend)")
    p.add_argument("--clang-tidy-binary", default=find_default(
        "LLVMOWN_CLANG_TIDY", ["/usr/lib/llvm-19/bin/clang-tidy"]),
        help=argparse.SUPPRESS)
    p.add_argument("--plugin", default=find_default(
        "LLVMOWN_PLUGIN", [os.path.join(REPO, "build", "lib",
                                        "llvmown-tidy.so")]),
        help=argparse.SUPPRESS)
    p.add_argument("--llvmown-binary", default=find_default(
        "LLVMOWN_TOOL", [os.path.join(REPO, "build", "bin", "llvmown")]),
        help=argparse.SUPPRESS)
    p.add_argument("--fake-exit", type=int, help=argparse.SUPPRESS)
    p.add_argument("--no-visit-orders", action="store_true",
                   help="tool: do not also run the solver in other orders")
    # The last of the two wins: a test of the comparison itself turns it
    # back on where the suite turned it off (a second build).
    p.add_argument("--visit-orders", dest="no_visit_orders",
                   action="store_false", help=argparse.SUPPRESS)
    p.add_argument("--compare-parse", action="store_true",
                   help="run the tool with --compare-parse: it checks each "
                   "file with and without library function bodies and "
                   "fails (exit 2) if the findings differ")
    p.add_argument("--no-tool", action="store_true",
                   help="a plugin-only build (LLVM 14): runs of the tool "
                   "front end are skipped, saying so")
    p.add_argument("--llvm-major", type=int,
                   help="LLVM version of the headers (default: read from "
                   "the -I directories)")
    p.add_argument("--llvm-includes",
                   help="comma-separated LLVM include directories: run once "
                   "per directory, with -I DIR")
    p.add_argument("--timeout", type=float, default=300,
                   help=argparse.SUPPRESS)
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print the command and its output even on success")
    p.add_argument("test_file")
    args = p.parse_args(own)
    args.compiler_args = compiler_args
    args.have_dashdash = have_dashdash
    if args.frontend not in ("tidy", "tool") and \
            not args.frontend.startswith("fake:"):
        p.error("--frontend must be 'tidy' or 'tool'")
    if args.check_fixes and args.frontend == "tool":
        p.error("--check-fixes needs --frontend tidy (the tool does not fix)")
    if args.fake_exit is not None and not args.frontend.startswith("fake:"):
        p.error("--fake-exit is only for --frontend fake:<file>")
    return args


def binary_major(binary, pattern):
    """The LLVM major version `binary --version` prints, found with the
    regular expression `pattern` (group 1), or None."""
    try:
        out = subprocess.run([binary, "--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    m = re.search(pattern, out)
    return int(m.group(1)) if m else None


def clang_tidy_major(binary):
    return binary_major(binary, rb"version (\d+)\.")


def tool_major(binary):
    """The LLVM major version the llvmown tool was built with."""
    return binary_major(binary, rb"built with LLVM (\d+)\.")


CHECK_OPTIONS_RE = re.compile(r'^\s*\{\s*CheckOptions:\s*\{(.*)\}\s*\}\s*$')
OPTION_RE = re.compile(r'\s*([\w.:-]+)\s*:\s*("(?:[^"\\]|\\.)*"|[^,]*?)\s*(?:,|$)')


def list_form_check_options(config):
    """clang-tidy 13 and 14 (and the tool built with 14) read CheckOptions
    only as a list of {key, value}; the
    tests write the map form of 15 and later, `{CheckOptions: {k: v, ...}}`
    with plain or double-quoted values. The same options as a list (the
    configuration unchanged if it has another shape)."""
    m = CHECK_OPTIONS_RE.match(config)
    if not m:
        return config
    body, pos, items = m.group(1), 0, []
    while pos < len(body):
        o = OPTION_RE.match(body, pos)
        if not o or o.end() == pos:
            return config
        value = o.group(2)
        if not value.startswith('"'):
            value = '"%s"' % value
        items.append("{key: %s, value: %s}" % (o.group(1), value))
        pos = o.end()
    return "{CheckOptions: [%s]}" % ", ".join(items)


def build_command(args, source, extra_compiler_args):
    checks = args.checks or "llvmown-*"
    if args.frontend == "tidy":
        cmd = [args.clang_tidy_binary, "--load=" + args.plugin,
               "-checks=-*," + checks]
        # An explicit configuration also keeps any .clang-tidy file above the
        # test from leaking options into it.
        config = args.config if args.config is not None else "{}"
        if "CheckOptions" in config and \
                (clang_tidy_major(args.clang_tidy_binary) or 99) <= 14:
            config = list_form_check_options(config)
        cmd.append("--config=" + config)
        if args.check_fixes:
            cmd.append("--fix")
        cmd.append(source)
        # Always '--': no compilation database lookup for a test.
        cmd += ["--"] + args.compiler_args + extra_compiler_args
        return cmd
    cmd = [args.llvmown_binary]
    if args.config is not None:
        config = args.config
        if "CheckOptions" in config and tool_major(args.llvmown_binary) == 14:
            config = list_form_check_options(config)
        cmd.append("--config=" + config)
    if args.checks:
        # The tool appends --checks to its default '-*,llvmown-*'; start
        # from nothing so that both front ends run the same checks.
        cmd.append("--checks=-*," + args.checks)
    if args.compare_parse:
        cmd.append("--compare-parse")
    cmd.append(source)
    if args.have_dashdash:
        cmd += ["--"] + args.compiler_args + extra_compiler_args
    return cmd


def without_timing(output):
    """The output without the summary line's time (it differs per run)."""
    return re.sub(r"(?m)^(llvmown: .*), [0-9.]+ s$", r"\1", output)


def other_orders(args, cmd, test_file, output):
    """Runs the tool again with the solver visiting blocks in post-order and
    in a shuffled order (seeded by the test's name): findings, notes and
    fixes must not depend on the order (docs/design.md)."""
    # Parsing LLVM's own headers is most of a run's time: the orders are
    # compared on the runs against the stubs (the same analysis code).
    if args.no_visit_orders or args.llvm_includes is not None or not any(
            os.path.join("Inputs", "stubs") in a for a in args.compiler_args):
        return []
    seed = zlib.crc32(os.path.basename(test_file).encode()) % 1000 + 1
    problems = []
    for order in ("post-order", "shuffle:%d" % seed):
        rc, out, err = run(cmd[:1] + ["--debug-visit-order=" + order] +
                           cmd[1:], args.timeout)
        if without_timing(out + err) == without_timing(output):
            continue
        if "stopped at its budget" in out + err and \
                "stopped at its budget" not in output:
            continue  # that order ran out of budget: nothing to compare
        diff = difflib.unified_diff(
            without_timing(output).splitlines(),
            without_timing(out + err).splitlines(),
            "reverse post-order", order, lineterm="", n=1)
        problems.append("the output differs with --debug-visit-order=%s:\n"
                        "    %s" % (order, "\n    ".join(diff)))
    return problems


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL, timeout=timeout)
    except FileNotFoundError:
        return None, "", "cannot execute %s: not found\n" % cmd[0]
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace")
        err = (e.stderr or b"").decode("utf-8", "replace")
        return None, out, err + "\ntimed out after %gs\n" % timeout
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            p.stderr.decode("utf-8", "replace"))


def show_lines(text, indent):
    """Text of one or more lines for the report, continuation lines
    indented; '(deleted)' if empty."""
    lines = text.rstrip("\n").split("\n")
    if lines == [""]:
        return "(deleted)"
    return ("\n" + " " * indent).join(lines)


def fixed_line_map(before, after):
    """For each line of `before` (0-based), the text it became in `after`:
    the same line if unchanged, the aligned line of an equally long changed
    block, or the whole replacement block otherwise ('' if deleted). Lines
    inserted between unchanged lines belong to the line above them (to the
    first line at the top of the file)."""
    sm = difflib.SequenceMatcher(None, before, after, autojunk=False)
    result = {}
    prefix = ""
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for k in range(i2 - i1):
                result[i1 + k] = after[j1 + k]
        elif tag == "insert":
            block = "".join(after[j1:j2])
            if i1 > 0:
                result[i1 - 1] = result.get(i1 - 1, "") + block
            else:
                prefix += block
        else:
            block = "".join(after[j1:j2])
            for k in range(i1, i2):
                result[k] = block
    if prefix:
        result[0] = prefix + result.get(0, "")
    return result


def main(argv):
    try:
        args = parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0

    test_file = os.path.abspath(args.test_file)
    if args.no_tool and args.frontend == "tool":
        print("check_llvmown: %s (frontend tool): skipped, this build has "
              "no tool (plugin only)" % test_file)
        return 0
    try:
        with open(test_file, encoding="utf-8", errors="replace") as f:
            lines = f.readlines()
    except OSError as e:
        print("check_llvmown: cannot read test file: %s" % e)
        return 2
    if args.llvm_includes is not None:
        dirs = [d for d in args.llvm_includes.split(",") if d]
        if not dirs:
            print("check_llvmown: %s: --llvm-includes names no directory, "
                  "nothing to run" % test_file)
            return 0
        base = list(args.compiler_args)
        status = 0
        args.compare_parse = False
        for d in dirs:
            if headers_major(d) is None:
                print("check_llvmown: %s: no llvm/Config/llvm-config.h"
                      % d)
                return 2
            args.compiler_args = ["-I", d] + base
            args.have_dashdash = True
            rc = run_one(args, test_file, lines)
            if rc:
                print("  (with the LLVM headers in %s)" % d)
            status = max(status, rc)
        return status
    return run_one(args, test_file, lines)


def run_one(args, test_file, lines):
    major = args.llvm_major
    if major is None:
        major = detect_major(args.compiler_args)
    try:
        exps = parse_expectations(lines, inactive_lines(lines, major))
    except MalformedTest as e:
        print("check_llvmown: malformed test %s: %s" % (test_file, e))
        return 2
    fixed_exps = [e for e in exps if e.kind == "FIXED"]
    diag_exps = [e for e in exps if e.kind != "FIXED"]
    if any(e.kind == "ERROR" for e in exps) and not args.allow_errors:
        print("check_llvmown: malformed test %s: ERROR expectations need "
              "--allow-errors" % test_file)
        return 2

    tmpdir = None
    source = test_file
    extra = []
    if args.check_fixes:
        tmpdir = tempfile.mkdtemp(prefix="check_llvmown.")
        source = os.path.join(tmpdir, os.path.basename(test_file))
        stripped = strip_expectations(lines)
        with open(source, "w", encoding="utf-8") as f:
            f.writelines(stripped)
        # "..." includes relative to the test keep working from the copy.
        extra = ["-iquote", os.path.dirname(test_file)]

    try:
        return check(args, test_file, source, lines, diag_exps, fixed_exps,
                     extra)
    finally:
        if tmpdir:
            shutil.rmtree(tmpdir, ignore_errors=True)


def check(args, test_file, source, lines, diag_exps, fixed_exps, extra):
    cwd = os.getcwd()
    if args.frontend.startswith("fake:"):
        canned = args.frontend[len("fake:"):]
        cmd = ["<fake frontend: %s>" % canned]
        try:
            with open(canned, encoding="utf-8") as f:
                out = f.read().replace("@FILE@", source)
        except OSError as e:
            print("check_llvmown: cannot read canned output: %s" % e)
            return 2
        rc, err = (args.fake_exit if args.fake_exit is not None else 0), ""
    else:
        cmd = build_command(args, source, extra)
        rc, out, err = run(cmd, args.timeout)
    output = out + err

    problems = []
    if args.frontend == "tool" and rc is not None and rc >= 0:
        problems += other_orders(args, cmd, test_file, output)
    for pat, why in LOAD_FAILURE_PATTERNS:
        if pat.search(output):
            problems.append(why)
    if rc is None:
        problems.append("the front end did not run to completion")
    elif rc < 0:
        problems.append("the front end was killed by signal %d" % -rc)

    diags, bare = parse_diagnostics(output)
    source_real = os.path.realpath(source)
    here = [d for d in diags if same_file(d.file, source_real, cwd)]
    elsewhere = [d for d in diags if d not in here]

    errors_seen = any(d.severity == "error" for d in diags + bare)
    for d in bare:
        if d.severity == "error":
            if not args.allow_errors:
                problems.append("error without a location: %s" % d.raw)
        else:
            problems.append("warning without a location: %s" % d.raw)
    for d in elsewhere:
        if d.severity == "warning":
            problems.append("unexpected warning in another file: %s" % d.raw)
        elif d.severity == "error" and not args.allow_errors:
            problems.append("error in another file (the test code must "
                            "compile; or pass --allow-errors): %s" % d.raw)

    matched = match(diag_exps, here)
    claimed = set(matched.values())
    line_problems = []
    for i, e in enumerate(diag_exps):
        if i in matched:
            continue
        sev = KIND_TO_SEVERITY[e.kind]
        msg = "expected %s not found: %s" % (sev, e.describe())
        near = [d for d in here if d.severity == sev and
                e.regex.search(d.message)]
        if near:
            msg += "\n      (matching %s reported at %s)" % (
                sev, ", ".join("line %d:%d" % (d.line, d.col) for d in near))
        same_line = [d for d in here if d.severity == sev and
                     d.line == e.line]
        for d in same_line:
            msg += "\n      (on that line: %d:%d: %s)" % (d.line, d.col,
                                                          d.message)
        line_problems.append((e.line, "%s: %s" % (e.where(), msg)))
    for j, d in enumerate(here):
        if j in claimed:
            continue
        if d.severity == "warning":
            line_problems.append(
                (d.line, "line %d:%d: unexpected warning: %s"
                 % (d.line, d.col, d.message)))
        elif d.severity == "error" and not args.allow_errors:
            line_problems.append(
                (d.line, "line %d:%d: error (the test code must compile; or "
                 "pass --allow-errors): %s" % (d.line, d.col, d.message)))

    # Exit status of the tool: 1 with findings, 0 without, 2 on bad input.
    expected_rc = args.expect_exit
    if expected_rc is None and (args.frontend == "tool" or
                                args.fake_exit is not None):
        if errors_seen and args.allow_errors:
            expected_rc = 2
        else:
            expected_rc = 1 if any(e.kind == "WARN" for e in diag_exps) else 0
    if expected_rc is not None and rc is not None and rc >= 0 \
            and rc != expected_rc:
        problems.append("exit status %d, expected %d" % (rc, expected_rc))
    if args.frontend == "tidy" and rc is not None and rc > 0 \
            and not errors_seen and args.expect_exit is None:
        problems.append("clang-tidy exited with %d without reporting an "
                        "error" % rc)

    fixed_text = None
    if args.check_fixes:
        try:
            with open(source, encoding="utf-8", errors="replace") as f:
                fixed_text = f.readlines()
        except OSError as e:
            problems.append("cannot read the fixed file: %s" % e)
    if fixed_text is not None:
        before = strip_expectations(lines)
        mapping = fixed_line_map(before, fixed_text)
        wanted_lines = {e.line for e in fixed_exps}
        for e in fixed_exps:
            got = mapping.get(e.line - 1, "")
            if not e.regex.search(got):
                line_problems.append(
                    (e.line, "%s: FIXED text not found: %s\n      fixed line:"
                     " %s" % (e.where(), e.text, show_lines(got, 18))))
        for k, old in enumerate(before):
            new = mapping.get(k, "")
            if new != old and (k + 1) not in wanted_lines:
                line_problems.append(
                    (k + 1, "line %d: changed by --fix but has no FIXED "
                     "expectation\n      before: %s\n      after:  %s"
                     % (k + 1, old.rstrip("\n"), show_lines(new, 14))))

    if not problems and not line_problems:
        if args.verbose:
            print("$ " + " ".join(cmd))
            sys.stdout.write(output)
        return 0

    print("check_llvmown: FAIL: %s (frontend %s)" % (test_file, args.frontend))
    for p in problems:
        print("  " + p)
    for _, p in sorted(line_problems, key=lambda x: x[0]):
        print("  " + p)
    print("command: " + " ".join(cmd))
    print("exit status: %s" % ("none" if rc is None else rc))
    print("---- output ----")
    sys.stdout.write(output if output.endswith("\n") or not output
                     else output + "\n")
    print("---- end of output ----")
    if fixed_text is not None:
        print("---- fixed file ----")
        sys.stdout.write("".join(fixed_text))
        print("---- end of fixed file ----")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
