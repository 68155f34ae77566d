"""Prints what GitHub code scanning would take from a SARIF file: the SARIF
version, the tool, and one line per result, '<ruleId> <level> <file>:<line>
<message>'. Exits 2 if the file is not SARIF 2.1.0 as upload-sarif expects
(a JSON object with "version" and "runs", each run with a tool driver)."""

import json
import sys


def main(path):
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    if log.get("version") != "2.1.0" or not isinstance(log.get("runs"), list):
        sys.exit("sarif_summary.py: %s: not a SARIF 2.1.0 log" % path)
    print("version %s" % log["version"])
    for run in log["runs"]:
        driver = run["tool"]["driver"]
        print("tool %s" % driver["name"])
        for result in run.get("results", []):
            loc = result["locations"][0]["physicalLocation"]
            print("%s %s %s:%s %s" % (
                result.get("ruleId"), result.get("level", "warning"),
                loc["artifactLocation"]["uri"],
                loc.get("region", {}).get("startLine"),
                result["message"]["text"]))


if __name__ == "__main__":
    main(sys.argv[1])
