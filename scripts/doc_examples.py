#!/usr/bin/env python3
"""Runs the examples of the documentation and compares what llvmown prints
with what the page says it prints, so that a page cannot drift from the
tool.

An example is marked where it is written, in the info string of its fenced
block; no list is kept anywhere else:

    ```cpp example=tm-never.cpp      a complete file, saved as tm-never.cpp
    ```c example=capi-leak.c         the same, as a C file
    ```cpp example=tm-fixed.cpp clean
                                     a fix: llvmown prints nothing for it
    ```console output=tm-never.cpp   what llvmown prints for it: the first
                                     line is the command (`$ llvmown ...`,
                                     or `$ clang-tidy-19 --load=...` for
                                     the plugin), the rest is the output,
                                     paths modulo their folder
    ```cpp example=gpu.h             a header the examples of the page
                                     include (any name not ending in .c or
                                     .cpp): written, not run
    ```cpp fragment                  part of a file (a signature, a line to
                                     change), not run

Every `cpp` and `c` block of a page must be one of these, and every example
needs an output block or `clean`. The examples of a page are saved in one
folder, where each command runs (`/tmp/` in a command is that folder), with
bash: `$(llvm-config-19 --cxxflags)` and `; echo "exit status $?"` work as
they do in a terminal. Standard output and error are compared together.
The pages show LLVM 19's output: the tool compiles with the llvm-config
that --llvm-config names (through LLVMOWN_LLVM_CONFIG). A page breaks the rules, or an example
prints something other than its page says: this exits 1 and says which.

    python3 scripts/doc_examples.py --llvmown BIN --plugin SO PAGE.md...
    python3 scripts/doc_examples.py --list PAGE.md...
"""

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^(```+)\s*(.*)$")
CODE_LANGS = {"cpp": ".cpp", "c": ".c"}
# How long one example may take; a parse of LLVM's headers takes about 1 s.
TIMEOUT = 120


class Block:
    def __init__(self, page, line, info, text):
        self.page, self.line, self.text = page, line, text
        words = info.split()
        self.lang = words[0] if words else ""
        self.attrs = {}
        self.flags = set()
        for w in words[1:]:
            if "=" in w:
                k, v = w.split("=", 1)
                self.attrs[k] = v
            else:
                self.flags.add(w)

    def where(self):
        return "%s:%d" % (self.page, self.line)


def blocks(page):
    """The fenced blocks of a Markdown page, with the line they start on."""
    out = []
    with open(page, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info, start = m.group(1), m.group(2), i + 1
        j = i + 1
        while j < len(lines) and lines[j].rstrip() != fence:
            j += 1
        out.append(Block(page, start, info, "\n".join(lines[i + 1:j]) + "\n"))
        i = j + 1
    return out


class Example:
    def __init__(self, code):
        self.code = code
        self.name = code.attrs["example"]
        self.clean = "clean" in code.flags
        self.output = None
        # What the run printed, paths under /tmp/, if not what the page shows.
        self.printed = None

    def runs(self):
        """A source file that is run, not a header it includes."""
        return self.name.endswith((".c", ".cpp"))


def collect(pages):
    """(examples, fragments, errors) of the pages."""
    examples, fragments, errors = [], 0, []
    for page in pages:
        named = {}
        for b in blocks(page):
            if b.lang in CODE_LANGS:
                if "example" in b.attrs:
                    if b.attrs["example"] in named:
                        errors.append("%s: example %s is defined twice" %
                                      (b.where(), b.attrs["example"]))
                        continue
                    ex = Example(b)
                    named[ex.name] = ex
                    examples.append(ex)
                elif "fragment" in b.flags:
                    fragments += 1
                else:
                    errors.append(
                        "%s: a ```%s block that is neither `example=NAME` "
                        "nor `fragment`" % (b.where(), b.lang))
            elif "output" in b.attrs:
                ex = named.get(b.attrs["output"])
                if not ex:
                    errors.append("%s: output of %s, which no block before "
                                  "it on the page defines" %
                                  (b.where(), b.attrs["output"]))
                elif ex.output or ex.clean:
                    errors.append("%s: a second output for %s" %
                                  (b.where(), ex.name))
                else:
                    ex.output = b
        for ex in named.values():
            if ex.runs() and not ex.output and not ex.clean:
                errors.append("%s: example %s has no output block and is not "
                              "marked clean" % (ex.code.where(), ex.name))
    return examples, fragments, errors


def commands_of(ex):
    """(the commands as written, the expected output lines). A block may
    hold more than one command (`$ echo $?` after the tool's), each on a
    line that starts with `$ `."""
    if not ex.output:
        return ["llvmown --quiet /tmp/%s" % ex.name], []
    lines = ex.output.text.rstrip("\n").split("\n")
    if not re.match(r"\$ (llvmown|clang-tidy-\d+) ", lines[0]):
        raise ValueError("%s: the output's first line is not `$ llvmown ...`"
                         " or `$ clang-tidy-N ...`" % ex.output.where())
    cmds = [l[2:] for l in lines if l.startswith("$ ")]
    return cmds, [l for l in lines if not l.startswith("$ ")]


def normalise(lines, names):
    """\p lines with the folder of each example's file left out."""
    out = []
    for line in lines:
        for n in names:
            line = re.sub(r"[^\s:'\"]*/" + re.escape(n) + r"\b", n, line)
        out.append(line)
    return out


def run(ex, tools, folder, names):
    """The problems of \p ex (none if it prints what its page shows)."""
    try:
        cmds, want = commands_of(ex)
    except ValueError as e:
        return [str(e)]
    if not re.search(r"(^|[\s/])%s(\s|$)" % re.escape(ex.name), cmds[0]):
        return ["%s: the command does not name %s" % (ex.output.where(),
                                                      ex.name)]
    script = []
    for cmd in cmds:
        # The page's /tmp/ first: the tools' own paths may be under /tmp too.
        words = cmd.replace("/tmp/", folder + "/").split(" ", 1)
        if words[0] == "llvmown":
            words[0] = shlex.quote(tools["llvmown"])
        elif words[0].startswith("clang-tidy-"):
            if not tools.get("plugin"):
                return []  # a plugin example, and no plugin to run it with
            words[1] = re.sub(r"--load=\S+", "--load=" +
                              shlex.quote(tools["plugin"]), words[1])
        script.append(" ".join(words))
    try:
        p = subprocess.run(["bash", "-c", "\n".join(script)],
                           env=tools["env"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, cwd=folder,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return ["%s: %s took more than %d s" % (ex.code.where(), ex.name,
                                                TIMEOUT)]
    got = p.stdout.decode("utf-8", "replace")
    got = got.rstrip("\n").split("\n") if got.strip() else []
    # As the page would show it: under /tmp/ if the command says so.
    shown = "/tmp/" if "/tmp/" in cmds[0] else ""
    printed = [l.replace(folder + "/", shown) for l in got]
    got, want = normalise(got, names), normalise(want, names)
    if got == want:
        return []
    ex.printed = printed
    what = "print nothing" if ex.clean else "print what its page shows"
    diff = difflib.unified_diff(want, got, "page", "run", lineterm="")
    return ["\n".join(["%s: example %s should %s; the difference:" %
                        (ex.code.where(), ex.name, what)] + list(diff))]


def check_page(examples, tools):
    """Writes the examples of one page into a folder and runs them."""
    errors = []
    names = [ex.name for ex in examples]
    with tempfile.TemporaryDirectory(prefix="llvmown-doc-") as folder:
        for ex in examples:
            with open(os.path.join(folder, ex.name), "w",
                      encoding="utf-8") as f:
                f.write(ex.code.text)
        for ex in examples:
            if ex.runs():
                errors += run(ex, tools, folder, names)
    return errors


def update(examples):
    """Rewrites the output blocks whose command is alone in its block with
    what the example printed."""
    by_page = {}
    for ex in examples:
        if ex.output and ex.printed is not None:
            by_page.setdefault(ex.code.page, []).append(ex)
    for page, exs in by_page.items():
        with open(page, encoding="utf-8") as f:
            lines = f.read().split("\n")
        # From the bottom up, so that the line numbers above stay right.
        for ex in sorted(exs, key=lambda e: -e.output.line):
            body = ex.output.text.rstrip("\n").split("\n")
            if sum(1 for l in body if l.startswith("$ ")) != 1:
                continue
            first = ex.output.line  # the line after the opening fence
            lines[first + 1:first + len(body)] = ex.printed
        with open(page, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--llvmown", help="the tool to run the examples with")
    ap.add_argument("--llvm-config", default="/usr/lib/llvm-19/bin/llvm-config",
                    help="the llvm-config the tool compiles the examples "
                    "with (default: LLVM 19's, whose output the pages show)")
    ap.add_argument("--plugin", help="the clang-tidy plugin, for examples "
                    "run with clang-tidy (left out without it)")
    ap.add_argument("--list", action="store_true",
                    help="list the examples; run nothing")
    ap.add_argument("--update", action="store_true",
                    help="write what each example printed into its output "
                    "block where that differs (review the change)")
    ap.add_argument("pages", nargs="+")
    args = ap.parse_args(argv[1:])
    examples, fragments, errors = collect(args.pages)
    if args.list:
        for ex in examples:
            print("%s %s %s" % (ex.code.where(), ex.name,
                                "clean" if ex.clean else "output"))
    elif not args.llvmown:
        ap.error("--llvmown is needed to run the examples")
    else:
        env = dict(os.environ, LLVMOWN_LLVM_CONFIG=args.llvm_config,
                   LC_ALL="C", TERM="dumb")
        tools = {"env": env, "llvmown": os.path.abspath(args.llvmown),
                 "plugin": args.plugin and os.path.abspath(args.plugin)}
        for page in args.pages:
            errors += check_page([ex for ex in examples
                                  if ex.code.page == page], tools)
    if args.update:
        update(examples)
    for e in errors:
        for line in e.split("\n"):
            print("doc_examples: " + line)
    print("doc_examples: %d examples (%d with output, %d clean), %d fragments"
          ", %s" % (len(examples), sum(1 for e in examples if e.output),
                    sum(1 for e in examples if e.clean), fragments,
                    "%d problems" % len(errors) if errors else "all match"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
