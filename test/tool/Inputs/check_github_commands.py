#!/usr/bin/env python3
"""check_github_commands.py FILE - checks that every line of FILE is a
GitHub Actions workflow command of the kind that makes an annotation, as
GitHub's documentation ("Workflow commands for GitHub Actions") and its
actions/toolkit write them:

    ::warning file=NAME,line=N,col=N,title=TITLE::MESSAGE

with the command warning, error or notice; properties file, line, col,
endLine, endColumn and title (line and columns are numbers); in property
values '%', CR, LF, ':' and ',' written as %25, %0D, %0A, %3A and %2C; in
the message '%', CR and LF. Prints each line decoded, as GitHub shows it
("warning aot.cpp:12:3 [title] message"), or what is wrong; exits 1 if a
line is wrong.
"""
import re
import sys

COMMAND = re.compile(r"^::(warning|error|notice)( ([^:]*))?::(.*)$")
PROPERTIES = {"file", "line", "col", "endLine", "endColumn", "title"}
NUMBERS = {"line", "col", "endLine", "endColumn"}


def unescape(s, property):
    allowed = {"%25": "%", "%0D": "\r", "%0A": "\n"}
    if property:
        allowed.update({"%3A": ":", "%2C": ","})
    out, i = "", 0
    while i < len(s):
        if s[i] == "%":
            code = s[i:i + 3]
            if code not in allowed:
                raise ValueError("a bare or unknown escape %r" % code)
            out += allowed[code]
            i += 3
        else:
            out += s[i]
            i += 1
    return out


def check(line):
    m = COMMAND.match(line)
    if not m:
        raise ValueError("not an annotation command")
    kind, props, message = m.group(1), m.group(3) or "", m.group(4)
    if "\r" in message or "::" in props:
        raise ValueError("an unescaped separator")
    values = {}
    for p in props.split(",") if props else []:
        name, eq, value = p.partition("=")
        if not eq or name not in PROPERTIES or name in values:
            raise ValueError("a bad property %r" % p)
        value = unescape(value, True)
        if name in NUMBERS and not value.isdigit():
            raise ValueError("%s is not a number" % name)
        values[name] = value
    where = values.get("file", "")
    for n in ("line", "col"):
        if n in values:
            where += ":" + values[n]
    return "%s %s [%s] %s" % (kind, where, values.get("title", ""),
                              unescape(message, False).replace("\n", " | "))


def main():
    bad = 0
    for number, line in enumerate(open(sys.argv[1], newline="").read()
                                  .split("\n")[:-1], 1):
        try:
            print(check(line))
        except ValueError as e:
            print("line %d: %s: %s" % (number, e, line))
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
