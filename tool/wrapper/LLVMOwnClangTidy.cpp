//===- LLVMOwnClangTidy.cpp - clang-tidy 19 with the llvmown checks -------===//
//
// llvmown-clang-tidy behaves as clang-tidy 19 with the llvmown plugin loaded
// and the llvmown-* checks enabled, so that any editor integration that lets
// the user name the clang-tidy executable runs the llvmown checks.
//
//   llvmown-clang-tidy <clang-tidy arguments>
//     = <clang-tidy 19> --load=<llvmown-tidy.so> [--checks=llvmown-*]
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
// Environment:
//   LLVMOWN_CLANG_TIDY  the clang-tidy to run (a path, or a name looked up
//                       in PATH); default: the one CMake found.
//   LLVMOWN_PLUGIN      the plugin to load; default: ../lib/llvmown-tidy.so
//                       relative to this executable.
//
//===----------------------------------------------------------------------===//

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef LLVMOWN_CLANG_TIDY_PATH
#define LLVMOWN_CLANG_TIDY_PATH "clang-tidy-19"
#endif
#ifndef LLVMOWN_PLUGIN_RELPATH
#define LLVMOWN_PLUGIN_RELPATH "../lib/llvmown-tidy.so"
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

static std::string pluginPath(const char *Argv0) {
  std::string FromEnv = getEnv("LLVMOWN_PLUGIN");
  if (!FromEnv.empty())
    return FromEnv;
  std::string Dir = selfDirectory(Argv0);
  if (Dir.empty())
    return LLVMOWN_PLUGIN_RELPATH; // Relative to the working directory.
  std::string Path = Dir + "/" + LLVMOWN_PLUGIN_RELPATH;
  // An absolute, normalised path reads better in messages; if it does not
  // exist the unresolved one is reported (and clang-tidy fails on it).
  char Resolved[PATH_MAX];
  if (::realpath(Path.c_str(), Resolved))
    return Resolved;
  return Path;
}

static std::string clangTidyPath() {
  std::string FromEnv = getEnv("LLVMOWN_CLANG_TIDY");
  return FromEnv.empty() ? LLVMOWN_CLANG_TIDY_PATH : FromEnv;
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
    std::string Msg = "cannot run '" + Argv[0] + "': " + std::strerror(errno) +
                      "\n";
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
  Why += Status < 0 ? std::string("(clang-tidy did not finish")
                    : "(clang-tidy exited with status " +
                          std::to_string(Status);
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
    std::string Yaml = "---\nMainSourceFile:  " +
                       yamlQuote(absolutePath(Files.front())) +
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
               "the clang-tidy (version 19) to run\n",
               ProgName);
}

int main(int Argc, char **Argv) {
  const std::string ClangTidy = clangTidyPath();
  const std::string Plugin = pluginPath(Argc > 0 ? Argv[0] : nullptr);
  CommandLine CL = parseCommandLine(Argc, Argv);

  std::string Why;
  if (!pluginLoads(ClangTidy, Plugin, Why)) {
    reportFailure(CL, ClangTidy, Plugin, Why);
    return FailureStatus;
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
