"""Checks that `llvmown lsp` reports on a file exactly what the tool does
(test/examples/aot-compiler-lsp.test): the same checks, places, messages and
notes, on the first run (the whole file parsed) and on two saves after it
(the include prefix's parse reused).

usage: lsp_matches_tool.py LLVMOWN FILE TOOL_JSON
"""
import json
import os
import sys

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                    "tool", "Inputs"))
from lsp_client import Client, check, uri  # noqa: E402

LLVMOWN, FILE, TOOL = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]


def from_tool(f):
    return (f["check"], f["line"] - 1, f["column"] - 1, f["message"],
            tuple((os.path.abspath(n["file"]), n["line"] - 1,
                   n["column"] - 1, n["message"]) for n in f["notes"]))


def from_server(d):
    return (d["code"], d["range"]["start"]["line"],
            d["range"]["start"]["character"], d["message"],
            tuple((n["location"]["uri"][len("file://"):],
                   n["location"]["range"]["start"]["line"],
                   n["location"]["range"]["start"]["character"],
                   n["message"]) for n in d.get("relatedInformation", [])))


want = sorted(from_tool(f) for f in json.load(open(TOOL))["findings"])
c = Client(LLVMOWN)
c.request("initialize", {"processId": None, "capabilities": {}})
c.notify("initialized", {})
c.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(FILE), "languageId": "cpp", "version": 1,
    "text": open(FILE).read()}})
runs = [c.checked(FILE, 1)]
for _ in range(2):
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(FILE)}})
    runs.append(c.checked(FILE, 1))
for i, (log, diags) in enumerate(runs):
    got = sorted(from_server(d) for d in diags)
    if got != want:
        print("tool:  ", want)
        print("server:", got)
    how = "prefix reused" if i else "whole file"
    check(got == want and want,
          "run %d (%s): the tool's %d findings, notes included" %
          (i + 1, how, len(want)))
check(all(log.endswith("include prefix reused") for log, _ in runs[1:]),
      "the saves reused the include prefix")
c.request("shutdown", None)
c.notify("exit", None)
check(c.proc.wait(timeout=60) == 0, "exit")
