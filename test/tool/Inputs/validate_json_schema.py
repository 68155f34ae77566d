#!/usr/bin/env python3
"""validate_json_schema.py SCHEMA FILE... - validates each JSON FILE against
SCHEMA with the jsonschema package (Draft 7); prints each violation and
exits 1 if there is one."""
import json
import sys

import jsonschema


def main():
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    bad = 0
    for path in sys.argv[2:]:
        with open(path) as f:
            doc = json.load(f)
        errors = sorted(validator.iter_errors(doc),
                        key=lambda e: [str(p) for p in e.path])
        for e in errors:
            print("%s: %s: %s" % (path, "/".join(str(p) for p in e.path),
                                  e.message))
        if not errors:
            print("%s: valid" % path)
        bad += len(errors)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
