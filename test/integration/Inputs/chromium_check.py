#!/usr/bin/env python3
"""chromium_check.py CHROMIUM PAGE OUTDIR - opens PAGE (an HTML file) in
headless Chromium, as a person would open a report, and prints:

- the DOM's text after the page loaded (--dump-dom), one line per block;
- every network request the page made, from Chromium's network log
  (--log-net-log): "request from the page: URL". Chromium's own background
  requests (updates, time, accounts: initiator "not an origin") are not the
  page's; the page's carry its file:// network isolation key;
- "requests that left the machine: N" (those not file: or data:).

It also takes a screenshot, OUTDIR/<page>.png, which the test keeps.
"""
import html.parser
import json
import os
import subprocess
import sys

CHROMIUM, PAGE, OUT = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
NAME = os.path.splitext(os.path.basename(PAGE))[0]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--window-size=1200,1000"]


def chromium(*args):
    return subprocess.run([CHROMIUM] + FLAGS + list(args) +
                          ["file://" + PAGE], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, timeout=120, text=True)


class Text(html.parser.HTMLParser):
    BLOCKS = {"p", "div", "tr", "h1", "h2", "li", "title", "table"}

    def __init__(self):
        super().__init__()
        self.lines, self.cur, self.skip = [], "", 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self.skip += 1
        if tag in self.BLOCKS:
            self.flush()
        if tag in ("td", "th"):
            self.cur += " | "

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.skip -= 1
        if tag in self.BLOCKS:
            self.flush()

    def handle_data(self, data):
        if not self.skip:
            self.cur += data

    def flush(self):
        line = " ".join(self.cur.split())
        if line:
            self.lines.append(line)
        self.cur = ""


dom = chromium("--dump-dom").stdout
t = Text()
t.feed(dom)
t.flush()
for line in t.lines:
    print(line)

netlog = os.path.join(OUT, NAME + ".netlog.json")
chromium("--log-net-log=" + netlog,
         "--screenshot=" + os.path.join(OUT, NAME + ".png"))
with open(netlog) as f:
    log = json.load(f)
types = {v: k for k, v in log["constants"]["logEventTypes"].items()}
urls, from_page = {}, set()
for e in log["events"]:
    p, src = e.get("params", {}), e["source"]["id"]
    if "url" in p and types[e["type"]] in ("REQUEST_ALIVE",
                                           "URL_REQUEST_START_JOB"):
        urls[src] = p["url"]
    if (types[e["type"]] == "URL_REQUEST_START_JOB" and
            str(p.get("network_isolation_key", "")).startswith("file://")):
        from_page.add(src)
left = 0
for src in sorted(from_page):
    url = urls.get(src, "?")
    print("request from the page: " + url)
    left += not url.startswith(("file:", "data:"))
print("requests that left the machine: %d" % left)
