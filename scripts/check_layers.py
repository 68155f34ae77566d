#!/usr/bin/env python3
"""Checks the direction of includes in checks/: each layer of the engine
includes only itself and the layers below it, so that the framework stays
reusable and the API model stays data.

    framework/           lattice, solver, environment, call sites, AST helpers
    model/               the API model, its tables, the summaries file format
    analyses/<name>/     one analysis each; none includes another's files
    summaries/           the summarizer, over the analyses
    (checks/*.h, *.cpp)  the checks, over everything

Includes are read as written ("engine/<layer>/<File>.h"); an include of an
engine header by any other path is an error too, so that the rule cannot
be sidestepped. Prints each violation and exits 1 if there is any.

    python3 scripts/check_layers.py [CHECKS_DIR]
"""

import os
import re
import sys

ORDER = ["framework", "model", "analyses", "summaries", "checks"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_of(rel):
    """(layer, analysis name or None) of a path relative to checks/."""
    parts = rel.split("/")
    if parts[0] != "engine":
        return "checks", None
    if len(parts) < 3 or parts[1] not in ORDER:
        return None, None
    if parts[1] == "analyses":
        return "analyses", parts[2] if len(parts) > 3 else None
    return parts[1], None


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "checks")
    engine_headers = set()
    for dp, _, fn in os.walk(os.path.join(root, "engine")):
        for f in fn:
            if f.endswith(".h"):
                engine_headers.add(f)
    bad = []
    for dp, _, fn in os.walk(root):
        for f in sorted(fn):
            if not f.endswith((".h", ".cpp")):
                continue
            path = os.path.join(dp, f)
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            layer, analysis = layer_of(rel)
            if layer is None:
                bad.append("%s: not in a layer (%s)" % (rel, ", ".join(ORDER[:-1])))
                continue
            with open(path, encoding="utf-8") as fh:
                for n, line in enumerate(fh, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    inc = m.group(1)
                    if not inc.startswith("engine/"):
                        if os.path.basename(inc) in engine_headers:
                            bad.append("%s:%d: engine header '%s' included "
                                       "without its layer" % (rel, n, inc))
                        continue
                    to, to_analysis = layer_of(inc)
                    if to is None:
                        bad.append("%s:%d: '%s' is in no layer" % (rel, n, inc))
                    elif ORDER.index(to) > ORDER.index(layer):
                        bad.append("%s:%d: %s includes '%s', a layer above it (%s)"
                                   % (rel, n, layer, inc, to))
                    elif (layer == "analyses" and to == "analyses"
                          and to_analysis != analysis):
                        bad.append("%s:%d: analysis '%s' includes '%s' of "
                                   "analysis '%s'" % (rel, n, analysis, inc,
                                                      to_analysis))
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
