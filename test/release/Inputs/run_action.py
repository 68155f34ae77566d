#!/usr/bin/env python3
"""Runs a composite GitHub Action's steps the way the Actions runner does.

  run_action.py ACTION_DIR WORKSPACE [--with NAME=VALUE]...
                [--event NAME FILE] [--serve DIR]

ACTION_DIR holds action.yml (the runner checks an action out at
_actions/<owner>/<repo>/<ref>; give such a path to test what the action
reads from it). The runner's side, as GitHub documents it for composite
actions:
- inputs: the action's defaults, overridden by --with;
- each step's `env:` and `run:` get their ${{ }} expressions evaluated
  (inputs.*, github.*, steps.<id>.outputs.*, runner.*, with `||`);
  anything else is an error, so that the action uses nothing this
  emulation does not know;
- a `shell: bash` step runs as `bash --noprofile --norc -eo pipefail FILE`
  in WORKSPACE, with GITHUB_ACTION_PATH, GITHUB_WORKSPACE, RUNNER_TEMP,
  GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_SERVER_URL, GITHUB_ACTIONS,
  CI, and fresh GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH and
  GITHUB_STEP_SUMMARY files, which are read back after the step: its
  outputs, and the variables and PATH entries of the later steps;
- the first step that fails ends the action with its status.
--event sets the event's name and payload (a JSON file). --serve DIR
serves DIR over HTTP on 127.0.0.1 while the steps run, as
GITHUB_SERVER_URL: a stand-in for github.com's release downloads.

Prints the steps' output as they run, then one line per action output,
"output NAME=VALUE", and exits with the action's status.
"""

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

import yaml

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def lookup(context, path):
    value = context
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        else:
            return None
    return value


def evaluate(text, context):
    def one(match):
        expr = match.group(1)
        for operand in expr.split("||"):
            operand = operand.strip()
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.-]*", operand) or \
                    operand.split(".")[0] not in context:
                raise SystemExit("run_action: unsupported expression "
                                 "'${{ %s }}'" % expr)
            value = lookup(context, operand)
            if value not in (None, "", False, 0):
                return value if isinstance(value, str) else json.dumps(value)
        return ""
    return EXPR.sub(one, str(text))


def read_pairs(path):
    """name=value lines and name<<DELIMITER blocks (GITHUB_OUTPUT/ENV)."""
    pairs = {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if "<<" in line and ("=" not in line or
                             line.index("<<") < line.index("=")):
            name, delim = line.split("<<", 1)
            value = []
            i += 1
            while i < len(lines) and lines[i] != delim:
                value.append(lines[i])
                i += 1
            pairs[name] = "\n".join(value)
        elif "=" in line:
            name, value = line.split("=", 1)
            pairs[name] = value
        i += 1
    return pairs


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d" % server.server_address[1]


def run_steps(steps, context, env, temp, workspace):
    """Runs the `run:` steps in order, as the runner does; returns the
    status of the first that fails, else 0. Fills context["steps"]."""
    paths = []
    status = 0
    for index, step in enumerate(steps):
        if "if" in step:
            sys.exit("run_action: 'if:' on a step is not supported")
        if step.get("shell") != "bash" or "run" not in step:
            sys.exit("run_action: step %d: only 'run:' steps with "
                     "'shell: bash' are supported" % index)
        files = {}
        for name in ("GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH",
                     "GITHUB_STEP_SUMMARY"):
            files[name] = os.path.join(temp, "%s_%d" % (name.lower(), index))
            open(files[name], "w").close()
        step_env = dict(env, **files)
        for name, value in (step.get("env") or {}).items():
            step_env[name] = evaluate(value, context)
        step_env["PATH"] = os.pathsep.join(paths + [env["PATH"]])
        script = os.path.join(temp, "step_%d.sh" % index)
        with open(script, "w", encoding="utf-8") as f:
            f.write(evaluate(step["run"], context))
        sys.stdout.flush()
        status = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
            cwd=workspace, env=step_env).returncode
        sys.stdout.flush()
        if "id" in step:
            context["steps"][step["id"]] = {
                "outputs": read_pairs(files["GITHUB_OUTPUT"])}
        env.update(read_pairs(files["GITHUB_ENV"]))
        with open(files["GITHUB_PATH"], encoding="utf-8") as f:
            paths = [p for p in f.read().splitlines() if p] + paths
        if status != 0:
            print("run_action: step '%s' failed with exit code %d"
                  % (step.get("name", index), status))
            break
    return status


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    action_dir, workspace = map(os.path.abspath, argv[:2])
    given, event_name, event_file, served = {}, "push", None, None
    rest = argv[2:]
    while rest:
        if rest[0] == "--with" and len(rest) > 1:
            name, _, value = rest[1].partition("=")
            given[name] = value
            rest = rest[2:]
        elif rest[0] == "--event" and len(rest) > 2:
            event_name, event_file = rest[1], os.path.abspath(rest[2])
            rest = rest[3:]
        elif rest[0] == "--serve" and len(rest) > 1:
            served = os.path.abspath(rest[1])
            rest = rest[2:]
        else:
            sys.exit(__doc__)

    with open(os.path.join(action_dir, "action.yml"), encoding="utf-8") as f:
        action = yaml.safe_load(f)
    if action.get("runs", {}).get("using") != "composite":
        sys.exit("run_action: only composite actions are run")
    declared = action.get("inputs") or {}
    unknown = set(given) - set(declared)
    if unknown:
        sys.exit("run_action: the action has no input %s" % sorted(unknown))
    inputs = {n: str(given.get(n, d.get("default", "")))
              for n, d in declared.items()}

    event = {}
    if event_file:
        with open(event_file, encoding="utf-8") as f:
            event = json.load(f)
    server, server_url = (serve(served) if served else
                          (None, "https://github.com"))
    temp = tempfile.mkdtemp(prefix="runner-temp.")
    if not event_file:
        event_file = os.path.join(temp, "event.json")
        with open(event_file, "w", encoding="utf-8") as f:
            json.dump(event, f)
    context = {
        "inputs": inputs,
        "github": {"action_path": action_dir, "workspace": workspace,
                   "event_name": event_name, "event": event,
                   "server_url": server_url},
        "runner": {"os": "Linux", "arch": "X64", "temp": temp},
        "steps": {},
    }
    env = dict(os.environ)
    env.update({
        "GITHUB_ACTIONS": "true", "CI": "true",
        "GITHUB_ACTION_PATH": action_dir, "GITHUB_WORKSPACE": workspace,
        "GITHUB_EVENT_NAME": event_name, "GITHUB_EVENT_PATH": event_file,
        "GITHUB_SERVER_URL": server_url, "RUNNER_TEMP": temp,
        "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64",
    })
    status = run_steps(action["runs"]["steps"], context, env, temp, workspace)
    for name, spec in (action.get("outputs") or {}).items():
        print("output %s=%s" % (name, evaluate(spec.get("value", ""),
                                               context)))
    if server:
        server.shutdown()
    shutil.rmtree(temp, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
