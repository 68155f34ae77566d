"""Checks that every option llvmown-measure's usage names is documented in
its manual page and in docs/measure.md's options table.

usage: check_measure_documented.py HELP_TEXT MAN_PAGE MARKDOWN
"""
import re
import sys

help_text, man, md = (open(p, encoding="utf-8").read() for p in sys.argv[1:4])
options = sorted(set(re.findall(r"\[(-{1,2}[a-z]+)", help_text)))
if len(options) < 5:
    sys.exit("expected at least 5 options in the usage, found %r" % options)
missing = []
for option in options:
    if option.replace("-", "\\-") not in man:
        missing.append("%s: not in the manual page" % option)
    if "| `%s" % option not in md:
        missing.append("%s: not in docs/measure.md's options table" % option)
if missing:
    sys.exit("\n".join(missing))
print("documented: " + " ".join(options))
