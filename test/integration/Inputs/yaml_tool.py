"""Reads the YAML snippets of the integration tests with mini_yaml.

  yaml_tool.py get FILE PATH   prints the value at PATH: keys separated by
                               '/'; in a list, a number or KEY=VALUE picks
                               the item (steps/name=Run llvmown/run). A
                               scalar is printed as is, a list of scalars
                               one item a line, anything else as JSON.
  yaml_tool.py json FILE       prints the whole file as sorted JSON.
  yaml_tool.py compare FILE    exits 0 if PyYAML reads FILE as mini_yaml
                               does, 1 (with both readings) if not.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mini_yaml  # noqa: E402


def lookup(value, path):
    for part in [p for p in path.split("/") if p]:
        if isinstance(value, list):
            if part.isdigit():
                value = value[int(part)]
                continue
            key, _, want = part.partition("=")
            matches = [v for v in value
                       if isinstance(v, dict) and str(v.get(key)) == want]
            if len(matches) != 1:
                sys.exit("yaml_tool.py: %d items with %s"
                         % (len(matches), part))
            value = matches[0]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            sys.exit("yaml_tool.py: no '%s' in %s" % (part, path))
    return value


def show(value):
    if isinstance(value, list) and all(
            not isinstance(v, (list, dict)) for v in value):
        return "".join("%s\n" % v for v in value)
    if isinstance(value, (list, dict)):
        return json.dumps(value, indent=2, sort_keys=True) + "\n"
    if isinstance(value, str):
        return value if value.endswith("\n") else value + "\n"
    return json.dumps(value) + "\n"


def normalise(value):
    """PyYAML reads the key 'on' as True (YAML 1.1); GitHub means 'on'."""
    if isinstance(value, dict):
        return {("on" if k is True else k): normalise(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [normalise(v) for v in value]
    return value


def main(argv):
    if len(argv) == 4 and argv[1] == "get":
        sys.stdout.write(show(lookup(mini_yaml.load_file(argv[2]), argv[3])))
    elif len(argv) == 3 and argv[1] == "json":
        print(json.dumps(mini_yaml.load_file(argv[2]), indent=2,
                         sort_keys=True))
    elif len(argv) == 3 and argv[1] == "compare":
        import yaml
        with open(argv[2], encoding="utf-8") as f:
            theirs = normalise(yaml.safe_load(f))
        ours = mini_yaml.load_file(argv[2])
        if ours != theirs:
            print("mini_yaml:", json.dumps(ours, indent=2, sort_keys=True))
            print("PyYAML:   ", json.dumps(theirs, indent=2, sort_keys=True))
            sys.exit(1)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    try:
        main(sys.argv)
    except mini_yaml.YamlError as e:
        sys.exit("yaml_tool.py: %s: %s" % (sys.argv[2], e))
