"""A scripted LSP client of `llvmown lsp`, as an editor would be: LSP's base
protocol over the server's standard input and output (the tests in
test/tool/lsp.test and test/examples/, and bench/lsp.py).
"""
import json
import os
import select
import subprocess
import sys
import time


class Client:
    def __init__(self, llvmown):
        # The server runs from / (an editor's working directory is anyone's).
        if os.sep in llvmown:
            llvmown = os.path.abspath(llvmown)
        self.proc = subprocess.Popen([llvmown, "lsp"], stdin=subprocess.PIPE,
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

    def checked(self, path, version):
        """The log line of the run of PATH at VERSION, then its diagnostics.
        """
        log = self.wait(
            lambda m: m.get("method") == "window/logMessage"
            and m["params"]["message"].startswith(
                "llvmown: checked %s (version %d)" % (path, version)))
        return (log["params"]["message"],
                self.diagnostics("file://" + path, version))

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
