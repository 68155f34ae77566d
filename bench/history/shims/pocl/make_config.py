#!/usr/bin/env python3
"""llvmown history replay (hand-written): fills in the tree's own
config.h.in.cmake the way pocl's CMake would for a plain Linux x86-64 build
with the LLVM and host-CPU drivers, without running CMake (whose checks need
pocl's whole build environment).

    make_config.py config.h.in.cmake OUT LLVM_MAJOR
"""
import re
import sys

ENABLED = {"ENABLE_LLVM", "ENABLE_MLIR", "BUILD_BASIC", "BUILD_PTHREAD",
           "ENABLE_HOST_CPU_DEVICES", "HAVE_POSIX_MEMALIGN",
           "HAVE_CLOCK_GETTIME", "HAVE_FORK", "HAVE_VFORK", "HAVE_DLFCN_H",
           "HAVE_FSYNC", "HAVE_FDATASYNC", "HAVE_GETRLIMIT", "HAVE_MKOSTEMPS",
           "HAVE_MKSTEMPS", "HAVE_MKDTEMP", "HAVE_FUTIMENS", "HAVE_SLEEP",
           "HAVE_UTIME", "OCS_AVAILABLE", "POCL_DEBUG_MESSAGES",
           "ENABLE_POCL_BUILDING"}
VALUES = {"HOST_CPU_CACHELINE_SIZE": "64", "HOST_DEVICE_ADDRESS_BITS": "64",
          "POCL_DEVICE_ADDRESS_BITS": "64", "HOST_DEVICE_CL_VERSION_MAJOR": "3",
          "HOST_DEVICE_CL_VERSION_MINOR": "0", "PRINTF_BUFFER_SIZE": "16384",
          "POCL_KERNEL_CACHE_DEFAULT": "1", "ALIGNOF_DOUBLE16": "128",
          "ALIGNOF_FLOAT16": "64", "MAX_EXTENDED_ALIGNMENT": "128"}


def main(template, out, major):
    values = dict(VALUES, LLVM_VERSION_MAJOR=major)
    lines = []
    for line in open(template).read().splitlines():
        m = re.match(r"\s*#cmakedefine01\s+(\w+)", line)
        if m:
            line = "#define %s %d" % (m[1], m[1] in ENABLED)
        m = re.match(r"\s*#cmakedefine\s+(\w+)(.*)", line)
        if m:
            line = ("#define " + m[1] + m[2]) if m[1] in ENABLED \
                else "/* %s off */" % m[1]
        # Strings empty but the LLVM version, numbers 0 unless known.
        line = re.sub(r'"@(\w+)@"', lambda v: '"%s"' % (
            major + ".0.0" if v[1] == "LLVM_VERSION_FULL" else ""), line)
        line = re.sub(r"@(\w+)@", lambda v: values.get(v[1], "0"), line)
        lines.append(line)
    with open(out, "w") as f:
        f.write("/* made by make_config.py of the llvmown history replay */\n"
                + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
