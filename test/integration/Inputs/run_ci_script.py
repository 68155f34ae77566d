"""Runs a CI script the way the CI service's runner does.

  run_ci_script.py [--path DIR]... [--env NAME=VALUE]... github|gitlab FILE

github: FILE is a step's `run:` text, without `shell:`; GitHub Actions
        runs it with `bash -e FILE` (its default when bash is there, as in
        the debian image).
gitlab: FILE has the lines of a job's `script:`, one command a line; the
        GitLab runner runs them in one bash, printing each one as
        '$ <command>' first and stopping at the first that fails.
--path puts DIR first in PATH (as `echo DIR >> $GITHUB_PATH` or
`export PATH=...` in an earlier step would); --env sets a variable. Exits
with the script's status.
"""

import os
import shlex
import subprocess
import sys
import tempfile


def main(argv):
    env = dict(os.environ)
    paths = []
    while argv and argv[0] in ("--path", "--env"):
        if len(argv) < 2:
            sys.exit(__doc__)
        if argv[0] == "--path":
            paths.append(os.path.abspath(argv[1]))
        else:
            name, _, value = argv[1].partition("=")
            env[name] = value
        argv = argv[2:]
    if len(argv) != 2 or argv[0] not in ("github", "gitlab"):
        sys.exit(__doc__)
    if paths:
        env["PATH"] = os.pathsep.join(paths + [env.get("PATH", "")])
    with open(argv[1], encoding="utf-8") as f:
        text = f.read()
    if argv[0] == "github":
        return subprocess.call(["bash", "-e", argv[1]], env=env)
    script = "set -eo pipefail\n"
    for line in text.splitlines():
        if line.strip():
            script += "echo %s\n%s\n" % (shlex.quote("$ " + line), line)
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as f:
        f.write(script)
    try:
        return subprocess.call(["bash", "--noprofile", "--norc", f.name],
                               env=env)
    finally:
        os.unlink(f.name)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
