"""Runs clang-tidy the way three editor plugins do, from the settings that
docs/integration.md gives for them, and prints the diagnostics the editor
would show. The editors are not installed here (and would need a display);
the command lines and the parsing follow the plugins' sources.

  editor_run.py vscode SETTINGS.json WORKSPACE FILE
      notskm.clang-tidy (src/tidy.ts): runs, in WORKSPACE,
        <clang-tidy.executable> [clang-tidy.extraArgs] FILE --export-fixes=-
          [--checks=<clang-tidy.checks>] [--extra-arg=...]
          [-p=<clang-tidy.buildPath>]
      and reads the YAML from the line '---' of standard output on; the
      severities come from the 'file:line:col: warning|error:' lines.
  editor_run.py flycheck INIT.el PROJECT FILE
      flycheck-clang-tidy (flycheck-clang-tidy.el): runs, in PROJECT,
        <executable> -p <build path> -extra-arg=-I<dir of FILE>/
          -config=<the .clang-tidy above FILE, or nothing> <copy of FILE>
      where the copy is in a temporary directory, as flycheck's `source`;
      reads 'file:line:col: error|warning|note: message' lines.
  editor_run.py ale VARS.json FILE
      ALE (ale_linters/{c,cpp}/clangtidy.vim): VARS.json holds the values
      of the ALE variables after Vim sourced the settings. Runs
        <executable> [-checks='...'] FILE -p <build dir>
      with the build directory found upwards from FILE (a
      compile_commands.json directly in a directory or in one of
      g:ale_c_build_dir_names under it); reads standard output.

Each prints 'command: ...', then one line per diagnostic:
'<severity> <file>:<line>: <message>', and exits with the editor's view
of the run: 0, whatever clang-tidy returned (editors ignore the status).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mini_yaml  # noqa: E402

GCC_LINE = re.compile(r"^(.*):(\d+):(\d+):\s+(warning|error|info|hint|note):"
                      r"\s+(.*)$")


def run(cmd, cwd):
    print("command: " + " ".join(cmd))
    proc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True)
    # Editors keep standard error in a log; show it for the test's record.
    for line in proc.stderr.splitlines():
        print("stderr: " + line)
    print("exit status: %d" % proc.returncode)
    return proc.stdout


def line_of(path, offset):
    with open(path, "rb") as f:
        return f.read()[:offset].count(b"\n") + 1


def load_yaml(text):
    # js-yaml in the extension; PyYAML where installed, else mini_yaml
    # (which reads clang-tidy's export format).
    try:
        import yaml
        return yaml.safe_load(text)
    except ImportError:
        return mini_yaml.load(text)


def vscode(settings_path, workspace, path):
    with open(settings_path, encoding="utf-8") as f:
        settings = json.load(f)
    get = lambda key, default: settings.get("clang-tidy." + key, default)
    args = list(get("extraArgs", [])) + [path, "--export-fixes=-"]
    if get("checks", []):
        args.append("--checks=" + ",".join(get("checks", [])))
    args += ["--extra-arg=" + a for a in get("compilerArgs", [])]
    args += ["--extra-arg-before=" + a for a in get("compilerArgsBefore", [])]
    if get("buildPath", ""):
        args.append("-p=" + get("buildPath", ""))
    out = run([get("executable", "clang-tidy")] + args, workspace)
    severities = [m.group(4) for m in map(GCC_LINE.match, out.splitlines())
                  if m and m.group(4) != "note"]
    start = re.search(r"^---$", out, re.M)
    if not start:
        return
    results = load_yaml(out[start.start():]) or {}
    for i, diag in enumerate(results.get("Diagnostics") or []):
        msg = diag.get("DiagnosticMessage") or diag
        if os.path.realpath(msg["FilePath"]) != os.path.realpath(path):
            continue  # The extension shows the current file's only.
        severity = severities[i] if i < len(severities) else "warning"
        print("%s %s:%d: %s [%s]" % (
            severity, os.path.basename(msg["FilePath"]),
            line_of(msg["FilePath"], msg["FileOffset"]), msg["Message"],
            diag["DiagnosticName"]))


def flycheck(init_el, project, path):
    with open(init_el, encoding="utf-8") as f:
        elisp = f.read()
    exe = re.search(r'\(setq\s+flycheck-(?:c/c\+\+-)?clang-tidy-executable'
                    r'\s+"([^"]*)"\)', elisp)
    if not exe:
        sys.exit("editor_run.py: no clang-tidy executable set in " + init_el)
    build = re.search(r'\(setq\s+flycheck-clang-tidy-build-path\s+"([^"]*)"\)',
                      elisp)
    config = ""
    d = os.path.dirname(os.path.abspath(path))
    while True:
        candidate = os.path.join(d, ".clang-tidy")
        if os.path.isfile(candidate):
            with open(candidate, encoding="utf-8") as f:
                config = f.read()
            break
        if os.path.dirname(d) == d:
            break
        d = os.path.dirname(d)
    tmp = tempfile.mkdtemp(prefix="flycheck")
    try:
        copy = os.path.join(tmp, os.path.basename(path))
        shutil.copyfile(path, copy)
        out = run([exe.group(1), "-p", build.group(1) if build else "build",
                   "-extra-arg=-I" + os.path.dirname(os.path.abspath(path)) +
                   "/", "-config=" + config, copy], project)
    finally:
        shutil.rmtree(tmp)
    for m in map(GCC_LINE.match, out.splitlines()):
        if m and os.path.basename(m.group(1)) == os.path.basename(path):
            print("%s %s:%s: %s" % (m.group(4), os.path.basename(path),
                                    m.group(2), m.group(5)))


def ale(vars_json, path):
    with open(vars_json, encoding="utf-8") as f:
        var = json.load(f)
    lang = "c" if path.endswith(".c") else "cpp"
    if lang not in var["linters"] or "clangtidy" not in var["linters"][lang]:
        sys.exit("editor_run.py: clangtidy is not an ALE linter for " + lang)
    exe = var[lang + "_executable"]
    build_dir = None
    d = os.path.dirname(os.path.abspath(path))
    while build_dir is None:
        for sub in [""] + var.get("build_dir_names", ["build", "bin"]):
            if os.path.isfile(os.path.join(d, sub, "compile_commands.json")):
                build_dir = os.path.join(d, sub).rstrip("/")
                break
        if os.path.dirname(d) == d:
            break
        d = os.path.dirname(d)
    cmd = [exe]
    if var.get(lang + "_checks"):
        cmd.append("-checks=" + ",".join(var[lang + "_checks"]))
    cmd.append(path)
    if build_dir:
        cmd += ["-p", build_dir]
    out = run(cmd, os.path.dirname(os.path.abspath(path)))
    for m in map(GCC_LINE.match, out.splitlines()):
        if m and m.group(4) != "note":
            print("%s %s:%s: %s" % (m.group(4), os.path.basename(m.group(1)),
                                    m.group(2), m.group(5)))


def main(argv):
    if len(argv) == 5 and argv[1] == "vscode":
        vscode(argv[2], argv[3], argv[4])
    elif len(argv) == 5 and argv[1] == "flycheck":
        flycheck(argv[2], argv[3], argv[4])
    elif len(argv) == 4 and argv[1] == "ale":
        ale(argv[2], argv[3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
