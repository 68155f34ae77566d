#!/usr/bin/env python3
"""check_options_documented.py OPTIONS_CPP DOC...

Reads the option table (Specs) of tool/Options.cpp and checks that every
option appears in each DOC (the --help text in a file, Markdown, a man
page), as
`-x` for one-letter names or `--name` otherwise (the documents may write
either dash form for one-letter options). Exits 1 listing what is missing.
"""
import re
import sys

if len(sys.argv) < 3:
    sys.stderr.write(__doc__)
    sys.exit(2)
source = open(sys.argv[1], encoding="utf-8").read()
table = source[source.index("const OptionSpec Specs[]"):]
table = table[:table.index("};")]
names = re.findall(r'\{"([a-z0-9-]+)",\s*Kind::', table)
if len(names) < 10:
    print("check_options_documented: found only %d options in %s"
          % (len(names), sys.argv[1]))
    sys.exit(1)

missing = []
for path in sys.argv[2:]:
    text = open(path, encoding="utf-8").read()
    # A man page writes "\-" for "-" and "\fB" and such for fonts.
    text = re.sub(r"\\f[BIRP]", "", text.replace("\\-", "-"))
    for name in names:
        spelled = ["-" + name, "--" + name] if len(name) == 1 else ["--" + name]
        # The name must end there: --diff is not documented by --diff-file.
        if not any(re.search(re.escape(s) + r"(?![a-z0-9-])", text)
                   for s in spelled):
            missing.append("%s: option '%s' is not documented"
                           % (path, spelled[-1]))
for m in missing:
    print("check_options_documented: " + m)
if not missing:
    print("check_options_documented: %d options documented in %d files"
          % (len(names), len(sys.argv) - 2))
sys.exit(1 if missing else 0)
