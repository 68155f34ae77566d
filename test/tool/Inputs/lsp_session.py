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
import select
import subprocess
import sys
import time

LLVMOWN, WORK = sys.argv[1], sys.argv[2]


class Client:
    def __init__(self):
        self.proc = subprocess.Popen([LLVMOWN, "lsp"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd="/")
        self.buf = b""
        self.next_id = 1

    def raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params})
        return self.wait(lambda m: m.get("id") == rid)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read_message(self, deadline):
        while True:
            end = self.buf.find(b"\r\n\r\n")
            if end >= 0:
                length = None
                for line in self.buf[:end].split(b"\r\n"):
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                if length is not None and len(self.buf) >= end + 4 + length:
                    body = self.buf[end + 4:end + 4 + length]
                    self.buf = self.buf[end + 4 + length:]
                    return json.loads(body)
            left = deadline - time.time()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if not ready:
                return None
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buf += chunk

    def wait(self, pred, timeout=60):
        deadline = time.time() + timeout
        while True:
            m = self.read_message(deadline)
            if m is None:
                fail("no matching message within %d s" % timeout)
            if pred(m):
                return m

    def diagnostics(self, uri, version=None):
        return self.wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri
            and (version is None or m["params"].get("version") == version)
        )["params"]["diagnostics"]


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)
    print("ok: " + msg)


def uri(path):
    return "file://" + os.path.abspath(path)


def apply_edits(text, edits):
    """Applies LSP TextEdits (ASCII text) from last to first."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def off(p):
        return starts[p["line"]] + p["character"]
    for e in sorted(edits, key=lambda e: off(e["range"]["start"]),
                    reverse=True):
        text = (text[:off(e["range"]["start"])] + e["newText"] +
                text[off(e["range"]["end"]):])
    return text


c = Client()
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
diags = c.diagnostics(uri(leaks), 1)
tool = json.load(open(os.path.join(WORK, "tool.json")))
want = sorted((f["check"], f["line"] - 1, f["column"] - 1, f["message"])
              for f in tool["findings"])
got = sorted((d["code"], d["range"]["start"]["line"],
              d["range"]["start"]["character"], d["message"]) for d in diags)
check(got == want and len(got) == 3,
      "didOpen: the same 3 findings as the tool, at the same places")
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
after = c.diagnostics(uri(leaks), 2)
check(len(after) == 2, "the fixed unsaved buffer has 2 findings left")

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
