"""Runs a pre-commit hook of `language: system` the way pre-commit does.

pre-commit itself cannot be installed here (it comes from PyPI), so this
does its part for such a hook, from the real configuration files:

  run_precommit_hook.py [--path DIR] [--replace OLD=NEW]
                        [--manifest HOOKS.yaml] CONFIG HOOK-ID FILE...

CONFIG is either a hook repository's .pre-commit-hooks.yaml (a list of
hooks), or a project's .pre-commit-config.yaml. In the latter the hook is
taken from a `repo: local` entry as it is, or from another repository's
entry merged over its definition in --manifest (that repository's
.pre-commit-hooks.yaml), as pre-commit merges them. Then, like pre-commit,
it keeps the FILEs (the staged files) whose types match `types`,
`types_or` and `exclude_types` and whose paths match `files` and not
`exclude`; skips the hook when none is left; else runs `entry` + `args` +
the files (with `pass_filenames`) in the current directory, in one batch
(as with `require_serial`), and exits with the hook's status.
--path puts DIR first in PATH (where `llvmown` is "installed"); --replace
edits the entry (the docs' /path/to/llvmown/build). Not done: stashing the
unstaged changes (the tests have none).
"""

import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mini_yaml  # noqa: E402

# The tags pre-commit's `identify` library gives C and C++ files, by
# extension (identify/extensions.py).
TAGS = {
    ".c": {"file", "text", "c"},
    ".h": {"file", "text", "header", "c", "c++"},
    ".cc": {"file", "text", "c++"},
    ".cpp": {"file", "text", "c++"},
    ".cxx": {"file", "text", "c++"},
    ".hh": {"file", "text", "header", "c++"},
    ".hpp": {"file", "text", "header", "c++"},
    ".hxx": {"file", "text", "header", "c++"},
}


def tags(path):
    return TAGS.get(os.path.splitext(path)[1].lower(), {"file", "text"})


def find_hook(config, hook_id, manifest):
    if isinstance(config, list):
        hooks = config
    else:
        hooks = []
        for repo in config.get("repos", []):
            for hook in repo.get("hooks", []):
                if repo.get("repo") == "local":
                    hooks.append(hook)
                    continue
                if manifest is None:
                    sys.exit("run_precommit_hook.py: the hooks of %s need "
                             "--manifest" % repo.get("repo"))
                base = [h for h in manifest if h.get("id") == hook.get("id")]
                if len(base) != 1:
                    sys.exit("run_precommit_hook.py: '%s' is not a hook of "
                             "the manifest" % hook.get("id"))
                merged = dict(base[0])
                merged.update(hook)
                hooks.append(merged)
    found = [h for h in hooks if h.get("id") == hook_id]
    if len(found) != 1:
        sys.exit("run_precommit_hook.py: %d hooks with id '%s'"
                 % (len(found), hook_id))
    return found[0]


def selected(hook, files):
    types = set(hook.get("types", ["file"]))
    types_or = set(hook.get("types_or", []))
    exclude_types = set(hook.get("exclude_types", []))
    include = re.compile(hook.get("files", ""))
    exclude = re.compile(hook["exclude"]) if hook.get("exclude") else None
    out = []
    for f in files:
        t = tags(f)
        if not types <= t or (types_or and not types_or & t) or \
                exclude_types & t:
            continue
        if not include.search(f) or (exclude and exclude.search(f)):
            continue
        out.append(f)
    return out


def main(argv):
    path_dirs = []
    replacements = []
    manifest = None
    while argv and argv[0] in ("--path", "--replace", "--manifest"):
        if len(argv) < 2:
            sys.exit(__doc__)
        if argv[0] == "--path":
            path_dirs.append(argv[1])
        elif argv[0] == "--replace":
            replacements.append(argv[1].split("=", 1))
        else:
            manifest = mini_yaml.load_file(argv[1])
        argv = argv[2:]
    if len(argv) < 2:
        sys.exit(__doc__)
    config = mini_yaml.load_file(argv[0])
    hook = find_hook(config, argv[1], manifest)
    for key in ("id", "name", "entry", "language"):
        if key not in hook:
            sys.exit("run_precommit_hook.py: the hook has no '%s'" % key)
    if hook["language"] != "system":
        sys.exit("run_precommit_hook.py: only 'language: system' hooks run "
                 "here, not '%s'" % hook["language"])
    files = selected(hook, argv[2:])
    if not files:
        print("%s: (no files to check) Skipped" % hook["name"])
        return 0
    entry = hook["entry"]
    for old, new in replacements:
        entry = entry.replace(old, new)
    cmd = shlex.split(entry) + list(hook.get("args", []))
    if hook.get("pass_filenames", True):
        cmd += files
    env = dict(os.environ)
    if path_dirs:
        env["PATH"] = os.pathsep.join(path_dirs + [env.get("PATH", "")])
    print("$ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    try:
        return subprocess.call(cmd, env=env)
    except OSError as e:
        print("run_precommit_hook.py: cannot run %s: %s" % (cmd[0], e),
              file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
