#!/usr/bin/env python3
"""validate_sarif.py FILE...

Checks a SARIF log against what the SARIF 2.1.0 schema requires of the
objects llvmown writes, and against what GitHub code scanning needs on top
(rule descriptions and help, a ruleId on every result, region lines and
columns from 1, ruleIndex pointing at the right rule, relative URIs only
with a uriBaseId that originalUriBaseIds defines as an absolute URI ending
in '/'). Exits 0 if the log is valid, 1 with one line per problem if not,
2 on a usage error. The schema itself is not available offline, so the
required properties are spelled out here.
"""
import json
import re
import sys
import urllib.parse

problems = []


def bad(where, what):
    problems.append("%s: %s" % (where, what))


def require(obj, key, kind, where):
    if not isinstance(obj, dict):
        bad(where, "not an object")
        return None
    if key not in obj:
        bad(where, "missing required property '%s'" % key)
        return None
    value = obj[key]
    if kind is not None and not isinstance(value, kind):
        bad(where, "'%s' has the wrong type (%s)" % (key, type(value).__name__))
        return None
    return value


def check_message(msg, where):
    if require(msg, "text", str, where) == "":
        bad(where, "empty message text")


def check_text_or_markdown(obj, where, need_markdown=False):
    if not isinstance(obj, dict):
        bad(where, "not an object")
        return
    if "text" not in obj:
        bad(where, "a multiformatMessageString needs 'text'")
    elif not obj["text"].strip():
        bad(where, "empty text")
    if need_markdown and "markdown" not in obj:
        bad(where, "no 'markdown'")


URI_RE = re.compile(r"^[A-Za-z0-9\-._~/%!$&'()*+,;=:@]*$")


def check_artifact_location(loc, where, base_ids):
    uri = require(loc, "uri", str, where)
    if uri is None:
        return
    if not URI_RE.match(uri):
        bad(where, "uri '%s' is not percent-encoded" % uri)
    parsed = urllib.parse.urlparse(uri)
    if "uriBaseId" in loc:
        if parsed.scheme:
            bad(where, "uri '%s' has a uriBaseId but is absolute" % uri)
        if uri.startswith("/"):
            bad(where, "relative uri '%s' starts with '/'" % uri)
        if loc["uriBaseId"] not in base_ids:
            bad(where, "uriBaseId '%s' is not in originalUriBaseIds"
                % loc["uriBaseId"])
    elif parsed.scheme != "file":
        bad(where, "uri '%s' is relative but has no uriBaseId" % uri)


def check_region(region, where):
    line = require(region, "startLine", int, where)
    if line is not None and line < 1:
        bad(where, "startLine %d < 1" % line)
    col = region.get("startColumn", 1) if isinstance(region, dict) else 1
    if not isinstance(col, int) or col < 1:
        bad(where, "startColumn %r < 1" % (col,))


def check_physical(phys, where, base_ids):
    loc = require(phys, "artifactLocation", dict, where)
    if loc is not None:
        check_artifact_location(loc, where + ".artifactLocation", base_ids)
    region = require(phys, "region", dict, where)
    if region is not None:
        check_region(region, where + ".region")


def check_location(loc, where, base_ids):
    if not isinstance(loc, dict):
        bad(where, "not an object")
        return
    if "id" in loc and (not isinstance(loc["id"], int) or loc["id"] < -1):
        bad(where, "bad id %r" % (loc["id"],))
    if "physicalLocation" in loc:
        check_physical(loc["physicalLocation"], where + ".physicalLocation",
                       base_ids)
    if "message" in loc:
        check_message(loc["message"], where + ".message")


def check_run(run, where):
    tool = require(run, "tool", dict, where)
    driver = require(tool, "driver", dict, where + ".tool") if tool else None
    rules = []
    if driver:
        require(driver, "name", str, where + ".tool.driver")
        rules = driver.get("rules", [])
        ids = set()
        for i, rule in enumerate(rules):
            w = "%s.tool.driver.rules[%d]" % (where, i)
            rid = require(rule, "id", str, w)
            if rid in ids:
                bad(w, "duplicate rule id '%s'" % rid)
            ids.add(rid)
            # GitHub code scanning shows these; llvmown always writes them.
            for key in ("shortDescription", "fullDescription"):
                if key in rule:
                    check_text_or_markdown(rule[key], w + "." + key)
                else:
                    bad(w, "no '%s'" % key)
            if "help" in rule:
                check_text_or_markdown(rule["help"], w + ".help", True)
            else:
                bad(w, "no 'help'")
            level = rule.get("defaultConfiguration", {}).get("level")
            if level not in ("none", "note", "warning", "error"):
                bad(w, "bad defaultConfiguration.level %r" % (level,))

    base_ids = run.get("originalUriBaseIds", {})
    for name, base in base_ids.items():
        uri = require(base, "uri", str, "%s.originalUriBaseIds.%s" % (where, name))
        if uri is not None and (not uri.startswith("file:///")
                                or not uri.endswith("/")):
            bad(where, "originalUriBaseIds.%s uri '%s' is not an absolute "
                "file URI ending in '/'" % (name, uri))
    if run.get("columnKind", "utf16CodeUnits") not in ("utf16CodeUnits",
                                                       "unicodeCodePoints"):
        bad(where, "bad columnKind")

    for i, art in enumerate(run.get("artifacts", [])):
        w = "%s.artifacts[%d]" % (where, i)
        if "location" in art:
            check_artifact_location(art["location"], w + ".location", base_ids)

    for i, inv in enumerate(run.get("invocations", [])):
        w = "%s.invocations[%d]" % (where, i)
        require(inv, "executionSuccessful", bool, w)
        for j, n in enumerate(inv.get("toolExecutionNotifications", [])):
            wn = "%s.toolExecutionNotifications[%d]" % (w, j)
            msg = require(n, "message", dict, wn)
            if msg is not None:
                check_message(msg, wn + ".message")
            for k, loc in enumerate(n.get("locations", [])):
                check_location(loc, "%s.locations[%d]" % (wn, k), base_ids)

    results = require(run, "results", list, where)
    fingerprints = set()
    for i, res in enumerate(results or []):
        w = "%s.results[%d]" % (where, i)
        msg = require(res, "message", dict, w)
        if msg is not None:
            check_message(msg, w + ".message")
        rule_id = require(res, "ruleId", str, w)  # GitHub needs it
        if "ruleIndex" in res:
            idx = res["ruleIndex"]
            if not isinstance(idx, int) or not 0 <= idx < len(rules):
                bad(w, "ruleIndex %r out of range" % (idx,))
            elif rules[idx].get("id") != rule_id:
                bad(w, "ruleIndex %d is rule '%s', not '%s'"
                    % (idx, rules[idx].get("id"), rule_id))
        if res.get("level", "warning") not in ("none", "note", "warning",
                                                "error"):
            bad(w, "bad level")
        locs = require(res, "locations", list, w)
        if not locs:
            bad(w, "no location")
        for j, loc in enumerate(locs or []):
            check_location(loc, "%s.locations[%d]" % (w, j), base_ids)
        for j, loc in enumerate(res.get("relatedLocations", [])):
            check_location(loc, "%s.relatedLocations[%d]" % (w, j), base_ids)
        for j, flow in enumerate(res.get("codeFlows", [])):
            wf = "%s.codeFlows[%d]" % (w, j)
            tfs = require(flow, "threadFlows", list, wf)
            if tfs is not None and not tfs:
                bad(wf, "threadFlows is empty")
            for k, tf in enumerate(tfs or []):
                wt = "%s.threadFlows[%d]" % (wf, k)
                tls = require(tf, "locations", list, wt)
                if tls is not None and not tls:
                    bad(wt, "locations is empty")
                for m, tl in enumerate(tls or []):
                    if "location" in tl:
                        check_location(tl["location"],
                                       "%s.locations[%d].location" % (wt, m),
                                       base_ids)
        pf = res.get("partialFingerprints", {})
        if not isinstance(pf, dict) or not all(
                isinstance(v, str) and v for v in pf.values()):
            bad(w, "partialFingerprints must map names to strings")
        key = tuple(sorted(pf.items()))
        if key and key in fingerprints:
            bad(w, "duplicate partialFingerprints %r" % (key,))
        fingerprints.add(key)
        for j, fix in enumerate(res.get("fixes", [])):
            wx = "%s.fixes[%d]" % (w, j)
            changes = require(fix, "artifactChanges", list, wx)
            for k, ch in enumerate(changes or []):
                wc = "%s.artifactChanges[%d]" % (wx, k)
                loc = require(ch, "artifactLocation", dict, wc)
                if loc is not None:
                    check_artifact_location(loc, wc + ".artifactLocation",
                                            base_ids)
                for m, rep in enumerate(require(ch, "replacements", list, wc)
                                        or []):
                    require(rep, "deletedRegion", dict,
                            "%s.replacements[%d]" % (wc, m))


def main():
    if len(sys.argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    for path in sys.argv[1:]:
        try:
            with open(path, encoding="utf-8") as f:
                log = json.load(f)
        except (OSError, ValueError) as e:
            bad(path, "cannot read JSON: %s" % e)
            continue
        if log.get("version") != "2.1.0":
            bad(path, "version is not '2.1.0'")
        if log.get("$schema", "").find("sarif-2.1.0") < 0:
            bad(path, "$schema does not name SARIF 2.1.0")
        runs = require(log, "runs", list, path)
        for i, run in enumerate(runs or []):
            check_run(run, "%s: runs[%d]" % (path, i))
    for p in problems:
        print("invalid SARIF: " + p)
    if not problems:
        print("valid SARIF 2.1.0: %s" % " ".join(sys.argv[1:]))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
