"""Drives `llvmown lsp` with scripted JSON-RPC, as an editor would, and checks
what it answers (test/tool/lsp.test).

usage: lsp_session.py LLVMOWN WORKDIR

WORKDIR holds leaks.cpp and compile_commands.json (the stand-in headers; the
server runs from /, so the findings' relative paths must resolve against the
command's directory),
nodb/leak.c, which no database lists (llvm-config's flags), and crash.cpp,
which crashes the parser (in the database too). Prints one
line per step that passed; exits 1 at the first that did not.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client, apply_edits, check, uri  # noqa: E402

LLVMOWN, WORK = sys.argv[1], sys.argv[2]

c = Client(LLVMOWN)
init = c.request("initialize", {"processId": None, "rootUri": uri(WORK),
                                "capabilities": {}})
caps = init["result"]["capabilities"]
check(init["result"]["serverInfo"]["name"] == "llvmown",
      "initialize names the server")
check(caps["textDocumentSync"]["change"] == 2 and
      caps["textDocumentSync"]["openClose"] and
      "codeActionProvider" in caps, "capabilities: incremental sync, actions")
c.notify("initialized", {})

# Open: the findings of the tool, with codes, ranges, notes, documentation.
leaks = os.path.join(WORK, "leaks.cpp")
text = open(leaks).read()
c.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(leaks), "languageId": "cpp", "version": 1, "text": text}})
log, diags = c.checked(leaks, 1)
tool = json.load(open(os.path.join(WORK, "tool.json")))
want = sorted((f["check"], f["line"] - 1, f["column"] - 1, f["message"])
              for f in tool["findings"])


def places(diags):
    return sorted((d["code"], d["range"]["start"]["line"],
                   d["range"]["start"]["character"], d["message"])
                  for d in diags)


check(places(diags) == want and len(want) == 3,
      "didOpen: the same 3 findings as the tool, at the same places")
check(log.endswith("its include prefix is being parsed for next time"),
      "the first run parses the whole file")
# A save: the include prefix's parse is reused, and nothing else changes.
c.notify("textDocument/didSave", {"textDocument": {"uri": uri(leaks)}})
log, saved = c.checked(leaks, 1)
check(log.endswith("include prefix reused") and saved == diags,
      "a save reuses the include prefix: the same diagnostics")
d0 = sorted(diags, key=lambda d: d["range"]["start"]["line"])[0]
check(d0["source"] == "llvmown" and d0["severity"] == 2 and
      d0["codeDescription"]["href"].endswith(
          "checks/target-machine-leak.md") and
      d0["range"]["end"]["character"] > d0["range"]["start"]["character"],
      "a diagnostic: source, severity, documentation link, a real range")
check(any(d.get("relatedInformation") for d in diags),
      "notes arrive as relatedInformation")

# A second file at once, with no compile command of its own.
cfile = os.path.join(WORK, "nodb", "leak.c")
c.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(cfile), "languageId": "c", "version": 1,
    "text": open(cfile).read()}})
cd = c.diagnostics(uri(cfile), 1)
check([d["code"] for d in cd] == ["llvmown-c-api-dispose"],
      "a file no database lists is checked with llvm-config's flags")

# Code actions: the fix-it and the NOLINT suppression.
acts = c.request("textDocument/codeAction", {
    "textDocument": {"uri": uri(leaks)}, "range": d0["range"],
    "context": {"diagnostics": [d0]}})["result"]
titles = [a["title"] for a in acts]
check(any(t.startswith("Suppress with // NOLINT(llvmown-target-machine-leak)")
          for t in titles), "codeAction offers a NOLINT suppression")
fixes = [a for a in acts if a["title"].startswith("Apply llvmown's fix")]
check(len(fixes) == 1 and fixes[0]["isPreferred"],
      "codeAction offers the check's fix-it as the preferred quick fix")

# Apply the fix-it as an incremental change: after the debounce, the
# unsaved buffer is checked and that finding is gone.
edits = fixes[0]["edit"]["changes"][uri(leaks)]
fixed = apply_edits(text, edits)
c.notify("textDocument/didChange", {
    "textDocument": {"uri": uri(leaks), "version": 2},
    "contentChanges": [{"range": e["range"], "text": e["newText"]}
                       for e in sorted(edits, key=lambda e: (
                           e["range"]["start"]["line"],
                           e["range"]["start"]["character"]), reverse=True)]})
log, after = c.checked(leaks, 2)
check(len(after) == 2 and log.endswith("include prefix reused"),
      "the fixed unsaved buffer has 2 findings left")

# A project header in the include prefix: its factory is analysed from the
# prefix's parse (HeaderFilterRegex selects it), and a change to the header
# on disk makes the next run parse it again.
pre = os.path.join(WORK, "pre", "pre.cpp")
machines = os.path.join(WORK, "pre", "machines.h")
c.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(pre), "languageId": "cpp", "version": 1,
    "text": open(pre).read()}})
runs = [c.checked(pre, 1)]
for step in range(3):
    if step == 1:
        with open(machines) as f:
            header = f.read()
        with open(machines, "w") as f:
            f.write(header.replace("return T->createTargetMachine",
                                   "(void)T;\n  return nullptr; //"))
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(pre)}})
    runs.append(c.checked(pre, 1))
counts = [len(d) for _, d in runs]
kinds = [log.split(" s: ", 1)[1] for log, _ in runs]
check(counts == [1, 1, 0, 0] and kinds[1] == kinds[3] ==
      "include prefix reused" and kinds[2] == kinds[0],
      "a project header's factory in the prefix is seen; a header change "
      "parses it again")

# A prefix whose parse has a compiler error (a header that leaves a
# declaration open) is not used: the error still shows on every save.
broken = os.path.join(WORK, "pre", "broken.cpp")
c.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(broken), "languageId": "cpp", "version": 1,
    "text": open(broken).read()}})
runs = [c.checked(broken, 1)]
c.notify("textDocument/didSave", {"textDocument": {"uri": uri(broken)}})
runs.append(c.checked(broken, 1))
check([[d["message"] for d in ds] for _, ds in runs] == [["expected ')'"]] * 2
      and runs[1][0].endswith("its include prefix has a compiler error"),
      "a prefix with a compiler error is not used; the error stays")

# An edit that comes while a run goes on makes that run stale: its findings
# (their places are in the old text) are not published; the edit's are.
stale = os.path.join(WORK, "stale.cpp")
opened = {"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri(stale), "languageId": "cpp",
                                      "version": 1, "text": text}}}
edited = {"jsonrpc": "2.0", "method": "textDocument/didChange",
          "params": {"textDocument": {"uri": uri(stale), "version": 2},
                     "contentChanges": [{"text": fixed}]}}
c.raw(b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(b), b)
               for b in (json.dumps(m).encode() for m in (opened, edited))))
dropped = c.wait(lambda m: m.get("method") == "window/logMessage" and
                 "are not published" in m["params"]["message"])
first = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
               and m["params"]["uri"] == uri(stale))["params"]
check("(version 1) are not published: version 2 replaced it" in
      dropped["params"]["message"] and first["version"] == 2 and
      len(first["diagnostics"]) == 2,
      "a run that an edit made stale is not published; the edit's run is")

# A whole-text change that suppresses everything, then a save.
nolint = "\n".join(l + " // NOLINT" if "createTargetMachine" in l else l
                   for l in fixed.split("\n"))
c.notify("textDocument/didChange", {
    "textDocument": {"uri": uri(leaks), "version": 3},
    "contentChanges": [{"text": nolint}]})
c.notify("textDocument/didSave", {"textDocument": {"uri": uri(leaks)}})
check(c.diagnostics(uri(leaks), 3) == [], "NOLINT in the buffer: no finding")

# A buffer that crashes the parser: a diagnostic says so, and the server
# goes on serving (the crash ends that run only).
crash = os.path.join(WORK, "crash.cpp")
c.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(crash), "languageId": "cpp", "version": 1,
    "text": open(crash).read()}})
cr = c.diagnostics(uri(crash), 1)
check(any(d["message"].startswith("llvmown could not check this file:")
          for d in cr), "a crash on one buffer is a diagnostic on it")

# Garbage: a JSON-RPC error, and the server still answers.
c.raw(b"Content-Length: 9\r\n\r\n{not json")
err = c.wait(lambda m: "error" in m and m.get("id") is None)
check(err["error"]["code"] == -32700, "a malformed message: parse error")
unk = c.request("workspace/frobnicate", {})
check(unk["error"]["code"] == -32601, "an unknown method: method not found")

c.notify("textDocument/didClose", {"textDocument": {"uri": uri(cfile)}})
check(c.diagnostics(uri(cfile)) == [], "didClose clears the diagnostics")
check(c.request("shutdown", None)["result"] is None, "shutdown")
c.notify("exit", None)
check(c.proc.wait(timeout=30) == 0, "exit after shutdown: status 0")
