"""Extracts the code blocks of docs/integration.md that the tests run.

  doc_block.py DOC NAME [--replace OLD=NEW]...
      prints the fenced code block that follows '<!-- test: NAME -->', with
      each OLD replaced by NEW (the docs write /path/to/llvmown/build for the
      build directory; the tests substitute theirs).
  doc_block.py --check DOC TESTDIR...
      checks that every fenced block is marked either '<!-- test: NAME -->'
      (and some test in a TESTDIR extracts NAME) or '<!-- untested: why -->',
      so that no snippet of the page goes unnoticed by the tests.

Exit status 2, with a message, when a block is missing or unmarked.
"""

import os
import re
import sys

MARK = re.compile(r"^<!--\s*(test|untested):\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)")


def blocks(path):
    """Yields (marker kind, marker text, block text, line number)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    pending = None
    while i < len(lines):
        line = lines[i]
        mark = MARK.match(line)
        if mark:
            pending = (mark.group(1), mark.group(2), i + 1)
            i += 1
            continue
        fence = FENCE.match(line)
        if fence:
            start = i
            body = []
            i += 1
            while i < len(lines) and not lines[i].startswith(fence.group(1)):
                body.append(lines[i])
                i += 1
            if i == len(lines):
                sys.exit("doc_block.py: %s:%d: unterminated code block"
                         % (path, start + 1))
            kind, text = (pending[0], pending[1]) if pending else (None, None)
            yield kind, text, "\n".join(body) + "\n", start + 1
            pending = None
            i += 1
            continue
        if line.strip():
            pending = None  # A marker applies to the block right after it.
        i += 1


def check(doc, testdirs):
    tests = ""
    for testdir in testdirs:
        for name in sorted(os.listdir(testdir)):
            if name.endswith(".test"):
                with open(os.path.join(testdir, name), encoding="utf-8") as f:
                    tests += f.read()
    errors = []
    names = set()
    for kind, text, _, line in blocks(doc):
        if kind is None:
            errors.append("%s:%d: code block without a '<!-- test: NAME -->' "
                          "or '<!-- untested: why -->' marker" % (doc, line))
        elif kind == "test":
            if text in names:
                errors.append("%s:%d: test name '%s' used twice"
                              % (doc, line, text))
            names.add(text)
            # '%doc_block <the doc> NAME' in a RUN line.
            if not re.search(r"%%doc_block\s+\S+\s+%s(?![\w-])"
                             % re.escape(text), tests):
                errors.append("%s:%d: no test runs block '%s' "
                              "(no '%%doc_block <doc> %s' in %s)"
                              % (doc, line, text, text,
                                 " or ".join(testdirs)))
        elif not text:
            errors.append("%s:%d: '<!-- untested: -->' without a reason"
                          % (doc, line))
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        sys.exit(2)
    print("%d tested blocks: %s" % (len(names), " ".join(sorted(names))))


def main(argv):
    if len(argv) >= 4 and argv[1] == "--check":
        check(argv[2], argv[3:])
        return
    if len(argv) < 3:
        sys.exit(__doc__)
    doc, name = argv[1], argv[2]
    replacements = []
    rest = argv[3:]
    while rest:
        if rest[0] != "--replace" or len(rest) < 2 or "=" not in rest[1]:
            sys.exit(__doc__)
        replacements.append(rest[1].split("=", 1))
        rest = rest[2:]
    found = [b for k, t, b, _ in blocks(doc) if k == "test" and t == name]
    if len(found) != 1:
        print("doc_block.py: %s: %d blocks marked '<!-- test: %s -->'"
              % (doc, len(found), name), file=sys.stderr)
        sys.exit(2)
    text = found[0]
    for old, new in replacements:
        if old not in text:
            print("doc_block.py: block '%s' does not contain '%s'"
                  % (name, old), file=sys.stderr)
            sys.exit(2)
        text = text.replace(old, new)
    sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv)
