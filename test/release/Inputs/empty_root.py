#!/usr/bin/env python3
"""Runs a command in a root directory that holds only what it is given.

  empty_root.py ROOT [--bind HOST:INSIDE]... [--cxx-includes] -- COMMAND...

ROOT is a folder the caller has filled (the release tarball, extracted, and
the sources to check). Each --bind mounts a folder of this machine, read
only, at INSIDE: headers a user's project would bring. /proc is mounted
(every Linux has it; the tool finds its own path there) and /tmp is an
empty folder. Nothing else is visible: no /usr/lib, no /lib, no C library,
no dynamic loader. The command runs in new mount and PID namespaces
(unshare) after chroot, so it needs root, and leaves the host unchanged.

--cxx-includes appends to COMMAND the -isystem flags of this machine's C++
standard library headers (as GCC lists them), which a user's compiler
would add: the root has no GCC installation for Clang's driver to find.
The C headers are found in /usr/include of the root, as Clang's driver
looks for them there, if a --bind puts them there.

Before running, it checks that ROOT holds no shared library and no dynamic
loader, and says so on one line. Exit status: the command's, or 2.
"""

import os
import re
import shlex
import subprocess
import sys


def cxx_include_dirs():
    """GCC's search list for C++, less the C folders and GCC's own."""
    out = subprocess.run(["g++", "-x", "c++", "-E", "-v", "-"],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True).stderr
    dirs, inside = [], False
    for line in out.splitlines():
        if line.startswith("#include <...> search starts here:"):
            inside = True
        elif line.startswith("End of search list."):
            break
        elif inside:
            d = os.path.normpath(line.strip())
            if re.search(r"/c\+\+/[0-9]+", d):
                dirs.append(d)
    return dirs


def shared_objects(root):
    found = []
    for folder, _, files in os.walk(root):
        for name in files:
            path = os.path.join(folder, name)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            with open(path, "rb") as f:
                head = f.read(18)
            # ELF, e_type 3 (ET_DYN) without being an executable is a shared
            # library; a name is enough to catch the loader.
            if (re.search(r"\.so(\.[0-9]+)*$", name) or
                    name.startswith("ld-linux")):
                found.append(path)
            elif head[:4] == b"\x7fELF" and head[16] == 3 and \
                    not os.access(path, os.X_OK):
                found.append(path)
    return found


def main(argv):
    if "--" not in argv or not argv or argv[0].startswith("-"):
        sys.exit(__doc__)
    sep = argv.index("--")
    root, opts, command = os.path.abspath(argv[0]), argv[1:sep], argv[sep + 1:]
    binds, add_cxx = [], False
    i = 0
    while i < len(opts):
        if opts[i] == "--bind" and i + 1 < len(opts):
            host, _, inside = opts[i + 1].partition(":")
            binds.append((host, inside))
            i += 2
        elif opts[i] == "--cxx-includes":
            add_cxx = True
            i += 1
        else:
            sys.exit(__doc__)
    if not command:
        sys.exit(__doc__)
    if add_cxx:
        for d in cxx_include_dirs():
            command += ["-isystem", d]
            if not any(d.startswith(inside.rstrip("/") + "/")
                       for _, inside in binds):
                binds.append((d, d))

    libs = shared_objects(root)
    if libs:
        print("empty_root: the root holds shared libraries: %s" %
              ", ".join(libs))
        return 2
    print("empty_root: no shared library and no dynamic loader in the root")
    sys.stdout.flush()

    for sub in ("proc", "tmp"):
        os.makedirs(os.path.join(root, sub), exist_ok=True)
    script = []
    for host, inside in binds:
        # Each entry on its own, by its real path: Debian's
        # /usr/lib/llvm-N/include/llvm is a link into /usr/include, which
        # would point nowhere inside the root.
        target = os.path.join(root, inside.lstrip("/"))
        os.makedirs(target, exist_ok=True)
        for name in sorted(os.listdir(host)):
            source = os.path.realpath(os.path.join(host, name))
            where = os.path.join(target, name)
            if os.path.isdir(source):
                os.makedirs(where, exist_ok=True)
            elif not os.path.exists(where):
                open(where, "w").close()
            script.append("mount --bind -o ro %s %s" % (
                shlex.quote(source), shlex.quote(where)))
    script.append("exec chroot %s %s" % (
        shlex.quote(root), " ".join(shlex.quote(c) for c in command)))
    return subprocess.run(
        ["unshare", "--mount", "--pid", "--fork",
         "--mount-proc=" + os.path.join(root, "proc"),
         "/bin/sh", "-ec", "; ".join(script)]).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
