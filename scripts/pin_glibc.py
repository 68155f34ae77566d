#!/usr/bin/env python3
"""Lets an executable linked on a new glibc load on an old one.

  pin_glibc.py --max VERSION EXECUTABLE     (scripts/release.sh: --max 2.17)
  pin_glibc.py --check VERSION EXECUTABLE   only says what it needs

A program linked against glibc 2.34 or later names the newest versions of
a few symbols that older glibcs had under another version: the start-up
code's __libc_start_main, and the dl* functions that moved from libdl into
libc. For those symbols only, the version requirement is cleared
(patchelf --clear-symbol-version): the dynamic linker then binds the
default version of whichever glibc runs the program. libdl.so.2, where an
old glibc keeps the dl* functions, is added to the needed libraries.

Any other symbol newer than VERSION is an error: it does not exist in the
older glibc, and the program must stop using it.

__libc_start_main of an old glibc runs the executable's constructors only
through the init function that a new start-up file no longer passes, so
the executable must have none of its own: .init_array may hold only the
one entry of GCC's crtbegin.o (frame_dummy, which registers nothing where
PT_GNU_EH_FRAME is used). That is checked too.

Exit status: 0 done, 1 the executable cannot be pinned, 2 usage.
"""

import re
import subprocess
import sys

# Symbols whose older versions are the same function under another version.
MOVED = {"__libc_start_main", "dlopen", "dlsym", "dlerror", "dlclose",
         "dladdr", "dlinfo", "dlvsym"}
DL = {name for name in MOVED if name.startswith("dl")}


def version_key(text):
    return tuple(int(part) for part in text.split("."))


def needed_versions(path):
    """(symbol, version) of each undefined dynamic symbol bound to glibc."""
    out = subprocess.run(["objdump", "-T", path], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    found = []
    for line in out.splitlines():
        m = re.search(r"\*UND\*\s+\S+\s+\(?GLIBC_([0-9.]+)\)?\s+(\S+)$", line)
        if m:
            found.append((m.group(2), m.group(1)))
    return found


def init_array_entries(path):
    out = subprocess.run(["readelf", "-SW", path], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    for line in out.splitlines():
        m = re.search(r"\.init_array\s+\S+\s+\S+\s+\S+\s+([0-9a-f]+)\s+"
                      r"([0-9a-f]+)", line)
        if m:
            return int(m.group(1), 16) // int(m.group(2), 16)
    return 0


def main(argv):
    if len(argv) != 3 or argv[0] not in ("--max", "--check"):
        sys.stderr.write(__doc__)
        return 2
    mode, limit, path = argv
    limit_key = version_key(limit)
    symbols = needed_versions(path)
    if mode == "--check":
        newest = max((v for _, v in symbols), key=version_key, default="-")
        print("%s: newest glibc symbol version needed: %s" % (path, newest))
        for name, version in sorted(symbols):
            if version_key(version) > limit_key:
                print("  %s@GLIBC_%s" % (name, version))
        return 0 if newest == "-" or version_key(newest) <= limit_key else 1

    too_new = [(n, v) for n, v in symbols if version_key(v) > limit_key]
    stuck = sorted({"%s@GLIBC_%s" % (n, v) for n, v in too_new
                    if n not in MOVED})
    if stuck:
        sys.stderr.write("pin_glibc.py: %s uses symbols that glibc %s does "
                         "not have: %s\n" % (path, limit, ", ".join(stuck)))
        return 1
    if init_array_entries(path) > 1:
        sys.stderr.write("pin_glibc.py: %s has constructors of its own "
                         "(.init_array), which an old glibc would not run\n"
                         % path)
        return 1
    clear = sorted({n for n, _ in too_new})
    if clear:
        cmd = ["patchelf"]
        for name in clear:
            cmd += ["--clear-symbol-version", name]
        if DL & set(clear):
            needed = subprocess.run(["patchelf", "--print-needed", path],
                                    check=True, stdout=subprocess.PIPE,
                                    text=True).stdout.split()
            if "libdl.so.2" not in needed:
                cmd += ["--add-needed", "libdl.so.2"]
        subprocess.run(cmd + [path], check=True)
    left = [(n, v) for n, v in needed_versions(path)
            if version_key(v) > limit_key]
    if left:
        sys.stderr.write("pin_glibc.py: still needs %s\n" % ", ".join(
            "%s@GLIBC_%s" % nv for nv in left))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
