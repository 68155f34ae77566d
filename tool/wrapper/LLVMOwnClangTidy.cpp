//===- LLVMOwnClangTidy.cpp - clang-tidy with the llvmown checks ----------===//
//
// llvmown-clang-tidy behaves as clang-tidy with the llvmown plugin loaded
// and the llvmown-* checks enabled, so that any editor integration that lets
// the user name the clang-tidy executable runs the llvmown checks.
//
//   llvmown-clang-tidy <clang-tidy arguments>
//     = <clang-tidy N> --load=<llvmown-tidy-N.so> [--checks=llvmown-*]
//                       <clang-tidy arguments, --checks=X made X,llvmown-*>
//
// clang-tidy only warns when --load fails ("-load request ignored") and goes
// on with the other checks, exiting 0: in an editor that would look like a
// file without findings. So before every run the wrapper makes clang-tidy
// load the plugin, with all its symbols bound, and list its checks. If it
// lists none, the wrapper stops with exit status 2 and an error, on standard
// error and as a diagnostic on the sources for the editor. Otherwise it
// replaces itself with clang-tidy (exec), so clang-tidy's output, exit
// status and signal handling are unchanged.
//
// Deliberately plain POSIX, without LLVM's libraries: the wrapper starts for
// every lint in an editor and should cost little more than the exec, and it
// must keep working (to report the problem) when the LLVM installation is
// the thing that is broken.
//
// Which clang-tidy and which plugin: a plugin loads only into the
// clang-tidy of the LLVM major version it was built for
// (lib/llvmown-tidy-N.so). Told which clang-tidy, the wrapper loads the
// plugin of that clang-tidy's version from ../lib relative to itself, and
// says so when there is none; not told, it runs the clang-tidy of its own
// build (or of another plugin in ../lib when that one is not installed).
//
// Option (the wrapper's own, not passed on):
//   --llvmown-clang-tidy=PATH  the clang-tidy to run.
// With clang-tidy's -p <build>, the summaries `llvmown -p <build>` cached
// there (<build>/.llvmown/summaries.json) are handed to the checks through
// LLVMOWN_SUMMARY_FILE, so that the editor knows the project's factories.
// Environment:
//   LLVMOWN_CLANG_TIDY  the clang-tidy to run (a path, or a name looked up
//                       in PATH), if the option is not given.
//   LLVMOWN_PLUGIN      the plugin to load, whatever the version.
//   LLVMOWN_SUMMARY_FILE  the summaries the checks read (set, it wins over
//                       the one found with -p).
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef LLVMOWN_CLANG_TIDY_PATH
#define LLVMOWN_CLANG_TIDY_PATH "clang-tidy"
#endif
#ifndef LLVMOWN_PLUGIN_DIR_RELPATH
#define LLVMOWN_PLUGIN_DIR_RELPATH "../lib"
#endif
#ifndef LLVMOWN_LLVM_MAJOR
#error "LLVMOWN_LLVM_MAJOR must be defined by the build"
#endif

static const char *const ProgName = "llvmown-clang-tidy";

/// Exit status when the llvmown checks cannot run. clang-tidy itself uses 1
/// for its own errors, and the plugin's version guard stops it with 2.
static const int FailureStatus = 2;

/// The glob the wrapper adds to enable the checks.
static const char *const LLVMOwnGlob = "llvmown-*";

static std::string getEnv(const char *Name) {
  const char *Value = std::getenv(Name);
  return Value ? Value : "";
}

static bool startsWith(const std::string &S, const std::string &Prefix) {
  return S.compare(0, Prefix.size(), Prefix) == 0;
}

static bool isRegularFile(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

static bool isDirectory(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0 && S_ISDIR(St.st_mode);
}

/// The directory of this executable, with symbolic links resolved, so that a
/// link to the wrapper in ~/bin still finds the plugin of its build tree.
static std::string selfDirectory(const char *Argv0) {
  std::string Self;
  char Buf[PATH_MAX];
  ssize_t Len = ::readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  if (Len > 0) {
    Self.assign(Buf, Len);
  } else if (Argv0 && std::strchr(Argv0, '/')) {
    char Resolved[PATH_MAX];
    if (::realpath(Argv0, Resolved))
      Self = Resolved;
  }
  std::string::size_type Slash = Self.rfind('/');
  if (Slash == std::string::npos)
    return "";
  return Self.substr(0, Slash == 0 ? 1 : Slash);
}

static int runCaptured(const std::vector<std::string> &Argv, bool BindNow,
                       std::string &Output);

/// Resolves \p Dir/\p Rel to an absolute, normalised path when it exists
/// (it reads better in messages); otherwise keeps it as it is.
static std::string joinPath(const std::string &Dir, const std::string &Rel) {
  if (Dir.empty())
    return Rel; // Relative to the working directory.
  std::string Path = Dir + "/" + Rel;
  char Resolved[PATH_MAX];
  if (::realpath(Path.c_str(), Resolved))
    return Resolved;
  return Path;
}

/// The plugins' folder: ../lib/llvmown when installed (cmake --install, the
/// package), ../lib in a build tree.
static std::string pluginDir(const std::string &SelfDir) {
  std::string Installed =
      joinPath(SelfDir, std::string(LLVMOWN_PLUGIN_DIR_RELPATH) + "/llvmown");
  if (isDirectory(Installed))
    return Installed;
  return joinPath(SelfDir, LLVMOWN_PLUGIN_DIR_RELPATH);
}

/// The plugin of LLVM \p Major beside this wrapper: ../lib/llvmown-tidy-N.so.
static std::string pluginFor(const std::string &SelfDir, int Major) {
  return pluginDir(SelfDir) + "/llvmown-tidy-" + std::to_string(Major) + ".so";
}

/// The LLVM majors of the versioned plugins beside this wrapper, newest
/// first.
static std::vector<int> pluginsFound(const std::string &SelfDir) {
  std::vector<int> Majors;
  std::string Dir = pluginDir(SelfDir);
  if (DIR *D = ::opendir(Dir.c_str())) {
    while (const struct dirent *E = ::readdir(D)) {
      int Major = 0;
      char Tail[8] = {0};
      if (std::sscanf(E->d_name, "llvmown-tidy-%d%7s", &Major, Tail) == 2 &&
          std::strcmp(Tail, ".so") == 0 && Major > 0)
        Majors.push_back(Major);
    }
    ::closedir(D);
  }
  std::sort(Majors.rbegin(), Majors.rend());
  return Majors;
}

/// Finds \p Name in PATH (or takes it as is if it names a path).
static std::string findProgram(const std::string &Name) {
  if (Name.find('/') != std::string::npos)
    return ::access(Name.c_str(), X_OK) == 0 ? Name : "";
  std::string Path = getEnv("PATH");
  for (std::string::size_type B = 0; B <= Path.size();) {
    std::string::size_type E = Path.find(':', B);
    if (E == std::string::npos)
      E = Path.size();
    std::string Dir = Path.substr(B, E - B);
    std::string Candidate = (Dir.empty() ? "." : Dir) + "/" + Name;
    if (::access(Candidate.c_str(), X_OK) == 0)
      return Candidate;
    B = E + 1;
  }
  return "";
}

/// The LLVM major version of a clang-tidy: from where it is installed
/// (Debian: /usr/lib/llvm-N/bin/clang-tidy, clang-tidy-N), else from its
/// --version. 0 if unknown.
static int clangTidyMajor(const std::string &ClangTidy) {
  std::string Path = findProgram(ClangTidy);
  if (Path.empty())
    return 0;
  char Resolved[PATH_MAX];
  if (::realpath(Path.c_str(), Resolved))
    Path = Resolved;
  int Major = 0;
  std::string::size_type At = Path.rfind("/llvm-");
  if (At != std::string::npos &&
      std::sscanf(Path.c_str() + At, "/llvm-%d/", &Major) == 1)
    return Major;
  std::string Output;
  if (runCaptured({Path, "--version"}, /*BindNow=*/false, Output) != 0)
    return 0;
  At = Output.find("LLVM version ");
  if (At == std::string::npos ||
      std::sscanf(Output.c_str() + At, "LLVM version %d", &Major) != 1)
    return 0;
  return Major;
}

static std::string listMajors(const std::vector<int> &Majors) {
  std::string S;
  for (int M : Majors)
    S += (S.empty() ? "" : ", ") + std::to_string(M);
  return S.empty() ? "none" : S;
}

namespace {
/// Which clang-tidy runs with which plugin, or why there is no pair.
struct Choice {
  std::string ClangTidy;
  std::string Plugin;
  std::string Problem; ///< Non-empty: no matching pair.
};
} // namespace

/// Picks the clang-tidy and the plugin. Told which clang-tidy (the option
/// --llvmown-clang-tidy or LLVMOWN_CLANG_TIDY), the wrapper loads the
/// plugin of that clang-tidy's LLVM version; otherwise it runs the
/// clang-tidy this build was made for, or, when that one is not installed,
/// the clang-tidy of another plugin found beside it. LLVMOWN_PLUGIN names
/// the plugin outright.
static Choice choose(const std::string &SelfDir, std::string ClangTidy) {
  Choice C;
  std::string Plugin = getEnv("LLVMOWN_PLUGIN");
  if (ClangTidy.empty())
    ClangTidy = getEnv("LLVMOWN_CLANG_TIDY");
  std::vector<int> Majors = pluginsFound(SelfDir);
  if (!ClangTidy.empty()) {
    C.ClangTidy = ClangTidy;
    if (!Plugin.empty()) {
      C.Plugin = Plugin;
      return C;
    }
    int Major = clangTidyMajor(ClangTidy);
    if (Major == 0 || Major == LLVMOWN_LLVM_MAJOR ||
        std::find(Majors.begin(), Majors.end(), Major) != Majors.end()) {
      // An unknown version: try this build's plugin (the load check says
      // whether it fits).
      C.Plugin = pluginFor(SelfDir, Major ? Major : LLVMOWN_LLVM_MAJOR);
      return C;
    }
    C.Plugin = pluginFor(SelfDir, LLVMOWN_LLVM_MAJOR);
    C.Problem = "'" + ClangTidy + "' is clang-tidy " + std::to_string(Major) +
                ", and there is no llvmown plugin for it here (plugins for "
                "LLVM " +
                listMajors(Majors) + " in '" + pluginDir(SelfDir) +
                "'). Build one with cmake -DLLVMOWN_LLVM_VERSION=" +
                std::to_string(Major) +
                ", or run a clang-tidy of a version "
                "listed (LLVMOWN_CLANG_TIDY=clang-tidy-N).";
    return C;
  }
  // Not told: this build's clang-tidy, else another plugin's.
  std::vector<std::pair<std::string, int>> Candidates = {
      {LLVMOWN_CLANG_TIDY_PATH, LLVMOWN_LLVM_MAJOR},
      {"clang-tidy-" + std::to_string(LLVMOWN_LLVM_MAJOR), LLVMOWN_LLVM_MAJOR}};
  for (int M : Majors)
    if (M != LLVMOWN_LLVM_MAJOR) {
      Candidates.push_back(
          {"/usr/lib/llvm-" + std::to_string(M) + "/bin/clang-tidy", M});
      Candidates.push_back({"clang-tidy-" + std::to_string(M), M});
    }
  for (const auto &[Name, M] : Candidates)
    if (!findProgram(Name).empty()) {
      C.ClangTidy = Name;
      C.Plugin = Plugin.empty() ? pluginFor(SelfDir, M) : Plugin;
      return C;
    }
  C.ClangTidy = LLVMOWN_CLANG_TIDY_PATH;
  C.Plugin = Plugin.empty() ? pluginFor(SelfDir, LLVMOWN_LLVM_MAJOR) : Plugin;
  C.Problem =
      "no clang-tidy found for the llvmown plugins here (LLVM " +
      listMajors(Majors) + "): install clang-tidy-" +
      std::to_string(Majors.empty() ? LLVMOWN_LLVM_MAJOR : Majors.front()) +
      ", or name one with LLVMOWN_CLANG_TIDY or "
      "--llvmown-clang-tidy=PATH.";
  return C;
}

/// Adds the llvmown glob to a --checks value given by the user, unless that
/// value already names llvmown checks: then the user has taken control of
/// them (say, -*,llvmown-*,-llvmown-c-api-dispose) and it is kept as is.
static std::string withLLVMOwnChecks(const std::string &Value) {
  if (Value.find("llvmown") != std::string::npos)
    return Value;
  if (Value.empty())
    return LLVMOwnGlob;
  return Value + "," + LLVMOwnGlob;
}

/// clang-tidy's options whose value may be the next argument. Used only to
/// tell sources from option values when reporting a failure.
static bool takesSeparateValue(const std::string &Opt) {
  static const char *const Names[] = {"p",
                                      "checks",
                                      "config",
                                      "config-file",
                                      "exclude-header-filter",
                                      "export-fixes",
                                      "extra-arg",
                                      "extra-arg-before",
                                      "format-style",
                                      "header-filter",
                                      "line-filter",
                                      "load",
                                      "store-check-profile",
                                      "vfsoverlay",
                                      "warnings-as-errors"};
  std::string Name = Opt.substr(Opt.find_first_not_of('-'));
  for (const char *N : Names)
    if (Name == N)
      return true;
  return false;
}

namespace {
/// The parts of the user's command line the wrapper cares about.
struct CommandLine {
  std::vector<std::string> Args; ///< Rewritten, passed on to clang-tidy.
  std::vector<std::string> Sources;
  std::string ExportFixes; ///< The --export-fixes file, "-" for stdout.
  std::string ClangTidy;   ///< --llvmown-clang-tidy: the wrapper's own.
  std::string BuildPath;   ///< -p: clang-tidy's build folder.
  bool HasChecks = false;  ///< Whether the user gave --checks.
};
} // namespace

/// Matches "-NAME=V", "--NAME=V" (value in \p Value, true returned) and
/// "-NAME", "--NAME" (\p Separate set).
static bool matchOption(const std::string &Arg, const std::string &Name,
                        std::string &Value, bool &Separate) {
  for (const char *Dashes : {"-", "--"}) {
    std::string Flag = Dashes + Name;
    if (Arg == Flag) {
      Separate = true;
      return true;
    }
    if (startsWith(Arg, Flag + "=")) {
      Value = Arg.substr(Flag.size() + 1);
      Separate = false;
      return true;
    }
  }
  return false;
}

static CommandLine parseCommandLine(int Argc, char **Argv) {
  CommandLine CL;
  bool AfterDashDash = false;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (AfterDashDash) { // Compiler arguments: passed through untouched.
      CL.Args.push_back(Arg);
      continue;
    }
    if (Arg == "--") {
      AfterDashDash = true;
      CL.Args.push_back(Arg);
      continue;
    }
    std::string Value;
    bool Separate = false;
    if (matchOption(Arg, "llvmown-clang-tidy", Value, Separate)) {
      // The wrapper's own option: not passed on.
      CL.ClangTidy = Separate ? (I + 1 < Argc ? Argv[++I] : "") : Value;
      continue;
    }
    if (matchOption(Arg, "checks", Value, Separate)) {
      CL.HasChecks = true;
      if (Separate) {
        CL.Args.push_back(Arg);
        if (I + 1 < Argc)
          CL.Args.push_back(withLLVMOwnChecks(Argv[++I]));
      } else {
        CL.Args.push_back(Arg.substr(0, Arg.size() - Value.size()) +
                          withLLVMOwnChecks(Value));
      }
      continue;
    }
    CL.Args.push_back(Arg);
    if (matchOption(Arg, "p", Value, Separate)) {
      if (Separate && I + 1 < Argc) {
        Value = Argv[++I];
        CL.Args.push_back(Value);
      }
      CL.BuildPath = Value;
      continue;
    }
    if (matchOption(Arg, "export-fixes", Value, Separate)) {
      if (Separate && I + 1 < Argc) {
        Value = Argv[++I];
        CL.Args.push_back(Value);
      }
      CL.ExportFixes = Value;
      continue;
    }
    if (Arg.size() > 1 && Arg[0] == '-') {
      if (Arg.find('=') == std::string::npos && takesSeparateValue(Arg) &&
          I + 1 < Argc)
        CL.Args.push_back(Argv[++I]);
      continue;
    }
    if (!Arg.empty() && Arg[0] != '@')
      CL.Sources.push_back(Arg);
  }
  return CL;
}

/// Runs \p Argv with standard output and error captured in \p Output, and,
/// with \p BindNow, every symbol bound at load time. Returns the exit
/// status, or -1 if it could not be run or was killed.
static int runCaptured(const std::vector<std::string> &Argv, bool BindNow,
                       std::string &Output) {
  int Pipe[2];
  if (::pipe(Pipe) != 0) {
    Output = std::string("pipe: ") + std::strerror(errno);
    return -1;
  }
  pid_t Pid = ::fork();
  if (Pid < 0) {
    Output = std::string("fork: ") + std::strerror(errno);
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return -1;
  }
  if (Pid == 0) {
    ::dup2(Pipe[1], STDOUT_FILENO);
    ::dup2(Pipe[1], STDERR_FILENO);
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    int Null = ::open("/dev/null", O_RDONLY);
    if (Null >= 0)
      ::dup2(Null, STDIN_FILENO);
    if (BindNow)
      ::setenv("LD_BIND_NOW", "1", 1);
    std::vector<char *> CArgs;
    for (const std::string &A : Argv)
      CArgs.push_back(const_cast<char *>(A.c_str()));
    CArgs.push_back(nullptr);
    ::execvp(CArgs[0], CArgs.data());
    std::string Msg =
        "cannot run '" + Argv[0] + "': " + std::strerror(errno) + "\n";
    ssize_t Ignored = ::write(STDERR_FILENO, Msg.data(), Msg.size());
    (void)Ignored;
    ::_exit(127);
  }
  ::close(Pipe[1]);
  char Buf[4096];
  for (;;) {
    ssize_t N = ::read(Pipe[0], Buf, sizeof(Buf));
    if (N > 0)
      Output.append(Buf, N);
    else if (N == 0 || errno != EINTR)
      break;
  }
  ::close(Pipe[0]);
  int Status = 0;
  while (::waitpid(Pid, &Status, 0) < 0) {
    if (errno != EINTR)
      return -1;
  }
  if (WIFEXITED(Status))
    return WEXITSTATUS(Status);
  return -1;
}

/// Asks clang-tidy, with the plugin, to list the llvmown checks (true if it
/// lists at least one). --config={} keeps any .clang-tidy of the working
/// directory out of the answer. Every symbol is resolved when the plugin is
/// loaded, not at its first use: a plugin that lists its checks but misses
/// a symbol they need (built against another clang-tidy, or from a
/// half-updated tree) then fails here, instead of killing the real run with
/// "symbol lookup error". On failure \p Why says what clang-tidy printed.
static bool pluginLoads(const std::string &ClangTidy, const std::string &Plugin,
                        std::string &Why) {
  const std::vector<std::string> Argv = {
      ClangTidy, "--load=" + Plugin, "--config={}",
      std::string("--checks=-*,") + LLVMOwnGlob, "--list-checks"};
  auto ListsChecks = [](int Status, const std::string &Output) {
    return Status == 0 && Output.find("\n    llvmown-") != std::string::npos;
  };
  std::string Output;
  int Status = runCaptured(Argv, /*BindNow=*/true, Output);
  if (ListsChecks(Status, Output))
    return true;

  // Only when something is wrong: a second, lazy, load tells "cannot load
  // at all" (whose message may be better: the plugin's version guard runs
  // only if the plugin gets loaded) from "misses symbols".
  std::string LazyOutput;
  int LazyStatus = runCaptured(Argv, /*BindNow=*/false, LazyOutput);
  std::string Reason;
  if (ListsChecks(LazyStatus, LazyOutput)) {
    Reason = "the plugin lists its checks, but this clang-tidy lacks symbols "
             "they need";
  } else {
    Output = LazyOutput;
    Status = LazyStatus;
    Reason = "it listed no llvmown check";
  }
  Why = Output;
  if (!Why.empty() && Why.back() != '\n')
    Why += '\n';
  Why += Status < 0
             ? std::string("(clang-tidy did not finish")
             : "(clang-tidy exited with status " + std::to_string(Status);
  Why += "; " + Reason + ")\n";
  return false;
}

static std::string yamlQuote(const std::string &S) {
  std::string Out = "'";
  for (char C : S) {
    if (C == '\'')
      Out += "''";
    else if (C != '\n')
      Out += C;
  }
  return Out + "'";
}

static std::string absolutePath(const std::string &Path) {
  char Resolved[PATH_MAX];
  if (::realpath(Path.c_str(), Resolved))
    return Resolved;
  return Path;
}

/// The failure as clang-tidy diagnostics: an error on line 1 of every
/// source in clang's format on standard output, where ALE and flycheck read
/// diagnostics, and in the --export-fixes YAML (standard output for "-"),
/// which the VS Code clang-tidy extension reads.
static void reportToEditor(const CommandLine &CL) {
  const std::string Message =
      "llvmown-clang-tidy: the llvmown plugin did not load, no llvmown "
      "check ran (see standard error)";
  std::vector<std::string> Files;
  for (const std::string &S : CL.Sources)
    if (isRegularFile(S))
      Files.push_back(S);
  for (const std::string &F : Files)
    std::printf("%s:1:1: error: %s [llvmown-plugin-not-loaded]\n", F.c_str(),
                Message.c_str());

  if (!CL.ExportFixes.empty() && !Files.empty()) {
    std::string Yaml =
        "---\nMainSourceFile:  " + yamlQuote(absolutePath(Files.front())) +
        "\nDiagnostics:\n";
    for (const std::string &F : Files)
      Yaml += "  - DiagnosticName:  llvmown-plugin-not-loaded\n"
              "    DiagnosticMessage:\n"
              "      Message:         " +
              yamlQuote(Message) +
              "\n"
              "      FilePath:        " +
              yamlQuote(absolutePath(F)) +
              "\n"
              "      FileOffset:      0\n"
              "      Replacements:    []\n"
              "    Level:           Error\n";
    Yaml += "...\n";
    if (CL.ExportFixes == "-") {
      std::fputs(Yaml.c_str(), stdout);
    } else if (FILE *Out = std::fopen(CL.ExportFixes.c_str(), "w")) {
      std::fputs(Yaml.c_str(), Out);
      std::fclose(Out);
    }
  }
  std::fflush(stdout);
}

/// Tells the user, loudly, that no llvmown check ran: editors often show
/// only standard output, and people read standard error.
static void reportFailure(const CommandLine &CL, const std::string &ClangTidy,
                          const std::string &Plugin, const std::string &Why) {
  reportToEditor(CL);
  std::fprintf(stderr,
               "%s: error: the llvmown checks did not load into '%s' from "
               "'%s'; no llvmown check ran\n",
               ProgName, ClangTidy.c_str(), Plugin.c_str());
  std::string Indented = "  " + Why;
  for (std::string::size_type P = Indented.find('\n');
       P != std::string::npos && P + 1 < Indented.size();
       P = Indented.find('\n', P + 1))
    Indented.insert(P + 1, "  ");
  std::fprintf(stderr, "%s", Indented.c_str());
  std::fprintf(stderr,
               "%s: note: LLVMOWN_PLUGIN names the plugin, LLVMOWN_CLANG_TIDY "
               "or --llvmown-clang-tidy=PATH the clang-tidy to run (this "
               "build's plugin is for clang-tidy %d)\n",
               ProgName, LLVMOWN_LLVM_MAJOR);
}

int main(int Argc, char **Argv) {
  CommandLine CL = parseCommandLine(Argc, Argv);
  const Choice C =
      choose(selfDirectory(Argc > 0 ? Argv[0] : nullptr), CL.ClangTidy);
  const std::string &ClangTidy = C.ClangTidy;
  const std::string &Plugin = C.Plugin;

  std::string Why;
  if (!C.Problem.empty()) {
    reportToEditor(CL);
    std::fprintf(stderr, "%s: error: %s\n", ProgName, C.Problem.c_str());
    return FailureStatus;
  }
  if (!pluginLoads(ClangTidy, Plugin, Why)) {
    reportFailure(CL, ClangTidy, Plugin, Why);
    return FailureStatus;
  }

  // The project's summaries, as `llvmown -p` cached them in the build
  // folder: the checks read the file the environment names (unless the
  // configuration's SummaryFile option names another).
  if (!CL.BuildPath.empty() && !std::getenv("LLVMOWN_SUMMARY_FILE")) {
    std::string Dir = CL.BuildPath;
    if (!isDirectory(Dir)) // -p may name compile_commands.json itself
      Dir = Dir.substr(0, Dir.find_last_of('/') == std::string::npos
                              ? 0
                              : Dir.find_last_of('/'));
    std::string Summaries =
        joinPath(Dir.empty() ? "." : Dir, ".llvmown/summaries.json");
    if (isRegularFile(Summaries))
      ::setenv("LLVMOWN_SUMMARY_FILE", absolutePath(Summaries).c_str(), 1);
  }

  // clang-tidy's options may come in any order before "--". With the user's
  // own --checks (extended above) no second one is added: the last wins.
  std::vector<std::string> Args = {ClangTidy, "--load=" + Plugin};
  if (!CL.HasChecks)
    Args.push_back(std::string("--checks=") + LLVMOwnGlob);
  Args.insert(Args.end(), CL.Args.begin(), CL.Args.end());

  std::vector<char *> CArgs;
  for (const std::string &A : Args)
    CArgs.push_back(const_cast<char *>(A.c_str()));
  CArgs.push_back(nullptr);
  ::execvp(CArgs[0], CArgs.data());
  std::fprintf(stderr, "%s: error: cannot run '%s': %s\n", ProgName,
               ClangTidy.c_str(), std::strerror(errno));
  return FailureStatus;
}
