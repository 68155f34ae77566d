#!/usr/bin/env python3
"""The language server's costs on one file (docs/integration.md, "What it
costs"): the time from didOpen to its diagnostics against a plain `llvmown`
run on the same file, the time from didSave to its diagnostics once the
include prefix is parsed (warm saves), and the server's memory after 10 and
after 100 edits and saves.

usage: bench/lsp.py --llvmown BUILD/bin/llvmown [--llvm-config PATH]
                    [--file FILE] [--runs N] [--edits N]

FILE (default examples/aot_compiler.cpp) is copied to a temporary folder,
with a compile_commands.json that compiles it with the flags of
--llvm-config (default: llvm-config), so that the headers are that LLVM's. Each edit appends a line at the end of the
file, below its include prefix, as typing in a function body does.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "tool", "Inputs"))
from lsp_client import Client, uri  # noqa: E402


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def tool_run(llvmown, path):
    start = time.time()
    subprocess.run([llvmown, "--quiet", path], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, cwd=os.path.dirname(path))
    return time.time() - start


def open_file(c, path, text):
    start = time.time()
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(path), "languageId": "cpp", "version": 1, "text": text}})
    log, diags = c.checked(path, 1)
    return time.time() - start, diags


def edit_and_save(c, path, text, version):
    """One edit below the include prefix, then a save of it; returns the
    time from didSave to the diagnostics."""
    text = text + "// edit %d\n" % version
    with open(path, "w") as f:
        f.write(text)
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri(path), "version": version},
        "contentChanges": [{"text": text}]})
    start = time.time()
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(path)}})
    # The save replaces the change's debounced run: one run per version.
    log, _ = c.checked(path, version)
    return text, time.time() - start, log


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--llvmown", required=True)
    p.add_argument("--file", default=os.path.join(ROOT, "examples",
                                                  "aot_compiler.cpp"))
    p.add_argument("--llvm-config", default="llvm-config")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--edits", type=int, default=100)
    a = p.parse_args()
    llvmown = os.path.abspath(a.llvmown)
    work = tempfile.mkdtemp(prefix="llvmown-lsp-bench.")
    try:
        path = os.path.join(work, os.path.basename(a.file))
        shutil.copy(a.file, path)
        flags = subprocess.run([a.llvm_config, "--cxxflags"], check=True,
                               capture_output=True, text=True).stdout.split()
        with open(os.path.join(work, "compile_commands.json"), "w") as f:
            json.dump([{"directory": work, "file": path,
                        "arguments": ["clang++"] + flags + ["-c", path]}], f)
        print("flags of %s: %s" % (a.llvm_config, " ".join(flags)))
        text = open(path).read()

        tool = [tool_run(llvmown, path) for _ in range(a.runs)]
        opens = []
        for _ in range(a.runs):
            c = Client(llvmown)
            c.request("initialize", {"processId": None, "capabilities": {}})
            took, diags = open_file(c, path, text)
            opens.append(took)
            c.request("shutdown", None)
            c.notify("exit", None)
            c.proc.wait(timeout=60)
        print("%s: %d findings" % (os.path.basename(a.file), len(diags)))
        print("plain llvmown run: median %.2f s of %d (%s)" % (
            statistics.median(tool), a.runs,
            ", ".join("%.2f" % t for t in tool)))
        print("didOpen to diagnostics: median %.2f s of %d (%s); %.2fx" % (
            statistics.median(opens), a.runs,
            ", ".join("%.2f" % t for t in opens),
            statistics.median(opens) / statistics.median(tool)))

        c = Client(llvmown)
        c.request("initialize", {"processId": None, "capabilities": {}})
        open_file(c, path, text)
        saves, marks, reused = [], {}, 0
        for v in range(2, a.edits + 2):
            text, took, log = edit_and_save(c, path, text, v)
            saves.append(took)
            reused += "reused" in log
            if v - 1 in (10, a.edits):
                marks[v - 1] = rss_kib(c.proc.pid)
        print("didSave to diagnostics, warm (saves 2 to %d): median %.2f s, "
              "max %.2f s; %d of %d reused the include prefix" % (
                  a.edits, statistics.median(saves[1:]), max(saves[1:]),
                  reused, len(saves)))
        print("server RSS after 10 edits and saves: %d KiB; after %d: %d KiB "
              "(%+.1f %%)" % (marks[10], a.edits, marks[a.edits],
                              100.0 * (marks[a.edits] - marks[10]) /
                              marks[10]))
        c.request("shutdown", None)
        c.notify("exit", None)
        c.proc.wait(timeout=60)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
