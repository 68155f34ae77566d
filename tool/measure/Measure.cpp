//===- Measure.cpp - llvmown-measure: a growth meter for users' code ------===//
//
// Loads a shared library of the user's, calls one function of it again and
// again, and says whether the process's native memory grows with every call:
// the way to confirm that a finding of llvmown costs memory in the real
// program, and that its fix stops the growth.
//
//   llvmown-measure LIBRARY:FUNCTION [--init FUNCTION] [-n N] [--warmup W]
//                   [--threshold KiB] [--timeout SECONDS]
//
// The calls run in a child process: a function that crashes, exits or does
// not return within the time-out is reported as such, with the call it was
// in, instead of taking the meter down or hanging it. The meter itself links
// no LLVM, so a library built against any LLVM version can be measured.
//
// Exit status: 0 bounded; 1 grows; 2 usage error or the library or a
// function cannot be loaded; 3 the function crashed, exited or timed out.
//
//===----------------------------------------------------------------------===//

#include "MemoryUsage.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <malloc.h>
#include <optional>
#include <string>
#include <sys/mman.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using llvmown::measure::measureUsage;
using llvmown::measure::Usage;

namespace {

constexpr int ExitBounded = 0;
constexpr int ExitGrows = 1;
constexpr int ExitUsage = 2;
constexpr int ExitFailed = 3;
/// Measurements: before the first window and after each of the three.
constexpr int Windows = 3;

struct Options {
  std::string Library;
  std::string Function;
  std::string Init;
  unsigned Calls = 1000;
  unsigned Warmup = 20;
  double ThresholdKiB = 1.0;
  unsigned TimeoutSeconds = 60;
};

/// What the child shares with the parent: how far it got, and its numbers.
/// Lives in a shared anonymous mapping, written only by the child.
struct Progress {
  volatile unsigned long CallsDone = 0; ///< warm-up included
  volatile int Phase = 0;               ///< 0 loading, 1 init, 2 calls, 3 done
  Usage At[Windows + 1];
};

int usage(const char *Problem = nullptr) {
  if (Problem)
    std::fprintf(stderr, "llvmown-measure: %s\n", Problem);
  std::fprintf(stderr,
               "usage: llvmown-measure LIBRARY:FUNCTION [--init FUNCTION] "
               "[-n N] [--warmup W]\n"
               "                       [--threshold KiB] "
               "[--timeout SECONDS]\n"
               "FUNCTION and --init's function take no arguments "
               "(extern \"C\" void f(void)).\n");
  return ExitUsage;
}

bool parseUnsigned(const char *S, unsigned &Out) {
  char *End = nullptr;
  errno = 0;
  unsigned long V = std::strtoul(S, &End, 10);
  if (errno || !*S || *End || *S == '-' || V > 0xFFFFFFFFul)
    return false;
  Out = unsigned(V);
  return true;
}

std::optional<Options> parseArgs(int Argc, char **Argv, int &Status) {
  Options O;
  Status = ExitUsage;
  const char *Target = nullptr;
  for (int I = 1; I < Argc; ++I) {
    std::string Opt = Argv[I];
    if (Opt == "-h" || Opt == "--help") {
      usage();
      Status = ExitBounded;
      return std::nullopt;
    }
    if (Opt.empty() || Opt[0] != '-') {
      if (Target) {
        usage("only one LIBRARY:FUNCTION can be measured at a time");
        return std::nullopt;
      }
      Target = Argv[I];
      continue;
    }
    if (I + 1 >= Argc) {
      usage(("missing value after '" + Opt + "'").c_str());
      return std::nullopt;
    }
    const char *Value = Argv[++I];
    bool Ok = true;
    if (Opt == "--init") {
      O.Init = Value;
      Ok = !O.Init.empty();
    } else if (Opt == "-n") {
      Ok = parseUnsigned(Value, O.Calls) && O.Calls >= Windows;
    } else if (Opt == "--warmup") {
      Ok = parseUnsigned(Value, O.Warmup);
    } else if (Opt == "--timeout") {
      Ok = parseUnsigned(Value, O.TimeoutSeconds) && O.TimeoutSeconds > 0;
    } else if (Opt == "--threshold") {
      char *End = nullptr;
      O.ThresholdKiB = std::strtod(Value, &End);
      Ok = *Value && !*End && O.ThresholdKiB > 0;
    } else {
      usage(("unknown option '" + Opt + "'").c_str());
      return std::nullopt;
    }
    if (!Ok) {
      std::string Why = Opt == "-n" && O.Calls < Windows && O.Calls > 0
                            ? " (at least 3: the calls are measured in "
                              "three windows)"
                            : "";
      usage(
          ("invalid value '" + std::string(Value) + "' for '" + Opt + "'" + Why)
              .c_str());
      return std::nullopt;
    }
  }
  if (!Target) {
    usage("no LIBRARY:FUNCTION given");
    return std::nullopt;
  }
  std::string T = Target;
  size_t Colon = T.rfind(':');
  if (Colon == std::string::npos || Colon == 0 || Colon + 1 == T.size()) {
    usage(("'" + T + "' is not LIBRARY:FUNCTION").c_str());
    return std::nullopt;
  }
  O.Library = T.substr(0, Colon);
  O.Function = T.substr(Colon + 1);
  return O;
}

using VoidFn = void (*)();

/// The child: loads, initialises, calls and measures; the parent reads the
/// numbers from \p P. Exits 0 when done, ExitUsage when loading fails.
[[noreturn]] void runChild(const Options &O, Progress *P) {
  // A path without a slash would be looked up in the library path, not here.
  std::string Path =
      O.Library.find('/') == std::string::npos ? "./" + O.Library : O.Library;
  void *Lib = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    std::fprintf(stderr, "llvmown-measure: cannot load '%s': %s\n",
                 O.Library.c_str(), dlerror());
    _exit(ExitUsage);
  }
  auto Lookup = [&](const std::string &Name) {
    VoidFn F = reinterpret_cast<VoidFn>(dlsym(Lib, Name.c_str()));
    if (!F) {
      std::fprintf(stderr,
                   "llvmown-measure: '%s' has no function '%s' (it must be "
                   "exported with C linkage: extern \"C\")\n",
                   O.Library.c_str(), Name.c_str());
      _exit(ExitUsage);
    }
    return F;
  };
  VoidFn Init = O.Init.empty() ? nullptr : Lookup(O.Init);
  VoidFn Fn = Lookup(O.Function);
  P->Phase = 1;
  if (Init)
    Init();
  P->Phase = 2;
  for (unsigned I = 0; I < O.Warmup; ++I) {
    Fn();
    P->CallsDone = P->CallsDone + 1;
  }
  P->At[0] = measureUsage();
  for (int W = 0; W < Windows; ++W) {
    unsigned Count = O.Calls / Windows + (W < int(O.Calls % Windows) ? 1 : 0);
    for (unsigned I = 0; I < Count; ++I) {
      Fn();
      P->CallsDone = P->CallsDone + 1;
    }
    P->At[W + 1] = measureUsage();
  }
  P->Phase = 3;
  std::fflush(nullptr);
  _exit(0);
}

/// Waits for the child; kills it once it has made no progress for the
/// time-out. Returns its wait status, or nullopt if it was killed for that.
std::optional<int> waitForChild(pid_t Child, const Progress *P,
                                unsigned TimeoutSeconds) {
  using Clock = std::chrono::steady_clock;
  unsigned long LastCalls = 0;
  int LastPhase = 0;
  Clock::time_point LastChange = Clock::now();
  for (;;) {
    int Status = 0;
    pid_t R = waitpid(Child, &Status, WNOHANG);
    if (R == Child)
      return Status;
    if (R < 0 && errno != EINTR)
      return std::nullopt;
    if (P->CallsDone != LastCalls || P->Phase != LastPhase) {
      LastCalls = P->CallsDone;
      LastPhase = P->Phase;
      LastChange = Clock::now();
    } else if (Clock::now() - LastChange >=
               std::chrono::seconds(TimeoutSeconds)) {
      kill(Child, SIGKILL);
      waitpid(Child, &Status, 0);
      return std::nullopt;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

/// Where the child was: "call 7 of 1020 (warm-up included)", "--init".
std::string where(const Options &O, const Progress *P) {
  if (P->Phase == 0)
    return "while loading the library";
  if (P->Phase == 1)
    return "in the --init function '" + O.Init + "'";
  return "in call " + std::to_string(P->CallsDone + 1) + " of " +
         std::to_string(O.Warmup + O.Calls) + " (warm-up included)";
}

void printGrowth(const char *Label, double Usage::*M, const Progress *P,
                 const Options &O) {
  double Total = (P->At[Windows].*M - P->At[0].*M) / O.Calls / 1024;
  std::printf("  %-12s %+.2f KiB per call (windows:", Label, Total);
  for (int W = 0; W < Windows; ++W) {
    unsigned Count = O.Calls / Windows + (W < int(O.Calls % Windows) ? 1 : 0);
    std::printf("%s %+.2f", W ? "," : "",
                (P->At[W + 1].*M - P->At[W].*M) / Count / 1024);
  }
  std::printf(")\n");
}

/// The verdict: the heap in use, or the RSS, grows by at least the
/// threshold per call in every window. Requiring it of every window keeps a
/// one-time step (a cache filled once, a page mapped once, an allocator's
/// arena grown once) from reading as growth.
bool grows(const Progress *P, const Options &O, double Usage::*M) {
  double Bytes = O.ThresholdKiB * 1024;
  for (int W = 0; W < Windows; ++W) {
    unsigned Count = O.Calls / Windows + (W < int(O.Calls % Windows) ? 1 : 0);
    if ((P->At[W + 1].*M - P->At[W].*M) / Count < Bytes)
      return false;
  }
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  int Status = ExitUsage;
  std::optional<Options> O = parseArgs(Argc, Argv, Status);
  if (!O)
    return Status;

  void *Mem = mmap(nullptr, sizeof(Progress), PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (Mem == MAP_FAILED) {
    std::perror("llvmown-measure: mmap");
    return ExitFailed;
  }
  Progress *P = new (Mem) Progress();
  std::fflush(nullptr);
  pid_t Child = fork();
  if (Child < 0) {
    std::perror("llvmown-measure: fork");
    return ExitFailed;
  }
  if (Child == 0)
    runChild(*O, P);

  std::string Name = O->Library + ":" + O->Function;
  std::optional<int> Wait = waitForChild(Child, P, O->TimeoutSeconds);
  if (!Wait) {
    std::fprintf(stderr,
                 "llvmown-measure: %s made no progress for %u s %s; stopped "
                 "(--timeout sets the limit)\n",
                 Name.c_str(), O->TimeoutSeconds, where(*O, P).c_str());
    return ExitFailed;
  }
  if (WIFSIGNALED(*Wait)) {
    std::fprintf(stderr, "llvmown-measure: %s crashed %s: signal %d (%s)\n",
                 Name.c_str(), where(*O, P).c_str(), WTERMSIG(*Wait),
                 strsignal(WTERMSIG(*Wait)));
    return ExitFailed;
  }
  int Code = WIFEXITED(*Wait) ? WEXITSTATUS(*Wait) : ExitFailed;
  if (Code == ExitUsage && P->Phase == 0)
    return ExitUsage; // the child said why
  if (Code != 0 || P->Phase != 3) {
    std::fprintf(stderr, "llvmown-measure: %s exited with status %d %s\n",
                 Name.c_str(), Code, where(*O, P).c_str());
    return ExitFailed;
  }

  std::printf("%s: %u calls after %u warm-up\n", Name.c_str(), O->Calls,
              O->Warmup);
  printGrowth("heap in use", &Usage::Heap, P, *O);
  printGrowth("RSS", &Usage::RSS, P, *O);
  bool Grows = grows(P, *O, &Usage::Heap) || grows(P, *O, &Usage::RSS);
  std::printf("verdict: %s (threshold %g KiB per call, in every window)\n",
              Grows ? "grows" : "bounded", O->ThresholdKiB);
  return Grows ? ExitGrows : ExitBounded;
}
