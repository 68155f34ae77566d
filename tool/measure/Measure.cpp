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
// It uses the C library alone, not the C++ runtime: the release links it
// against the oldest glibc it can (scripts/pin_glibc.py), and libstdc++'s
// exception and string code would need the newest.
//
// Exit status: 0 bounded; 1 grows; 2 usage error or the library or a
// function cannot be loaded; 3 the function crashed, exited or timed out.
//
//===----------------------------------------------------------------------===//

#include "MemoryUsage.h"
#include <cerrno>
#include <csignal>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <malloc.h>
#include <new>
#include <sys/mman.h>
#include <sys/wait.h>
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

/// A text of at most PATH_MAX-ish bytes, for messages and names: the meter
/// uses no std::string (see the file comment).
struct Text {
  char Buf[4352] = {0};
  const char *c_str() const { return Buf; }
  bool empty() const { return !Buf[0]; }
};

Text format(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));
Text format(const char *Fmt, ...) {
  Text T;
  va_list Args;
  va_start(Args, Fmt);
  std::vsnprintf(T.Buf, sizeof(T.Buf), Fmt, Args);
  va_end(Args);
  return T;
}

struct Options {
  Text Library;
  Text Function;
  Text Init;
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

/// Copies \p Len bytes of \p S into \p Out; false if they do not fit.
bool assign(Text &Out, const char *S, size_t Len) {
  if (Len >= sizeof(Out.Buf))
    return false;
  std::memcpy(Out.Buf, S, Len);
  Out.Buf[Len] = 0;
  return true;
}

/// Fills \p O from the command line; false (with \p Status set) if the
/// meter is to stop.
bool parseArgs(int Argc, char **Argv, Options &O, int &Status) {
  Status = ExitUsage;
  const char *Target = nullptr;
  for (int I = 1; I < Argc; ++I) {
    const char *Opt = Argv[I];
    auto Is = [&](const char *Name) { return std::strcmp(Opt, Name) == 0; };
    if (Is("-h") || Is("--help")) {
      usage();
      Status = ExitBounded;
      return false;
    }
    if (Opt[0] != '-') {
      if (Target) {
        usage("only one LIBRARY:FUNCTION can be measured at a time");
        return false;
      }
      Target = Argv[I];
      continue;
    }
    if (I + 1 >= Argc) {
      usage(format("missing value after '%s'", Opt).c_str());
      return false;
    }
    const char *Value = Argv[++I];
    bool Ok = true;
    if (Is("--init")) {
      Ok = *Value && assign(O.Init, Value, std::strlen(Value));
    } else if (Is("-n")) {
      Ok = parseUnsigned(Value, O.Calls) && O.Calls >= Windows;
    } else if (Is("--warmup")) {
      Ok = parseUnsigned(Value, O.Warmup);
    } else if (Is("--timeout")) {
      Ok = parseUnsigned(Value, O.TimeoutSeconds) && O.TimeoutSeconds > 0;
    } else if (Is("--threshold")) {
      char *End = nullptr;
      O.ThresholdKiB = std::strtod(Value, &End);
      Ok = *Value && !*End && O.ThresholdKiB > 0;
    } else {
      usage(format("unknown option '%s'", Opt).c_str());
      return false;
    }
    if (!Ok) {
      const char *Why = Is("-n") && O.Calls < Windows && O.Calls > 0
                            ? " (at least 3: the calls are measured in "
                              "three windows)"
                            : "";
      usage(format("invalid value '%s' for '%s'%s", Value, Opt, Why).c_str());
      return false;
    }
  }
  if (!Target) {
    usage("no LIBRARY:FUNCTION given");
    return false;
  }
  const char *Colon = std::strrchr(Target, ':');
  if (!Colon || Colon == Target || !Colon[1] ||
      !assign(O.Library, Target, size_t(Colon - Target)) ||
      !assign(O.Function, Colon + 1, std::strlen(Colon + 1))) {
    usage(format("'%s' is not LIBRARY:FUNCTION", Target).c_str());
    return false;
  }
  return true;
}

using VoidFn = void (*)();

/// The child: loads, initialises, calls and measures; the parent reads the
/// numbers from \p P. Exits 0 when done, ExitUsage when loading fails.
[[noreturn]] void runChild(const Options &O, Progress *P) {
  // A path without a slash would be looked up in the library path, not here.
  Text Path = std::strchr(O.Library.c_str(), '/')
                  ? O.Library
                  : format("./%s", O.Library.c_str());
  void *Lib = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    std::fprintf(stderr, "llvmown-measure: cannot load '%s': %s\n",
                 O.Library.c_str(), dlerror());
    _exit(ExitUsage);
  }
  auto Lookup = [&](const Text &Name) {
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

double secondsNow() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return double(T.tv_sec) + double(T.tv_nsec) / 1e9;
}

/// Waits for the child; kills it once it has made no progress for the
/// time-out. Returns false if it was killed for that, else true with its
/// wait status in \p Status.
bool waitForChild(pid_t Child, const Progress *P, unsigned TimeoutSeconds,
                  int &Status) {
  unsigned long LastCalls = 0;
  int LastPhase = 0;
  double LastChange = secondsNow();
  for (;;) {
    Status = 0;
    pid_t R = waitpid(Child, &Status, WNOHANG);
    if (R == Child)
      return true;
    if (R < 0 && errno != EINTR)
      return false;
    if (P->CallsDone != LastCalls || P->Phase != LastPhase) {
      LastCalls = P->CallsDone;
      LastPhase = P->Phase;
      LastChange = secondsNow();
    } else if (secondsNow() - LastChange >= TimeoutSeconds) {
      kill(Child, SIGKILL);
      waitpid(Child, &Status, 0);
      return false;
    }
    timespec Pause = {0, 20 * 1000 * 1000};
    nanosleep(&Pause, nullptr);
  }
}

/// Where the child was: "call 7 of 1020 (warm-up included)", "--init".
Text where(const Options &O, const Progress *P) {
  if (P->Phase == 0)
    return format("while loading the library");
  if (P->Phase == 1)
    return format("in the --init function '%s'", O.Init.c_str());
  return format("in call %lu of %lu (warm-up included)", P->CallsDone + 1,
                (unsigned long)O.Warmup + O.Calls);
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
  // Static: too large for the stack of a small thread, and zeroed.
  static Options Opts;
  if (!parseArgs(Argc, Argv, Opts, Status))
    return Status;
  const Options *O = &Opts;

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

  Text Name = format("%s:%s", O->Library.c_str(), O->Function.c_str());
  int WaitStatus = 0;
  if (!waitForChild(Child, P, O->TimeoutSeconds, WaitStatus)) {
    std::fprintf(stderr,
                 "llvmown-measure: %s made no progress for %u s %s; stopped "
                 "(--timeout sets the limit)\n",
                 Name.c_str(), O->TimeoutSeconds, where(*O, P).c_str());
    return ExitFailed;
  }
  if (WIFSIGNALED(WaitStatus)) {
    std::fprintf(stderr, "llvmown-measure: %s crashed %s: signal %d (%s)\n",
                 Name.c_str(), where(*O, P).c_str(), WTERMSIG(WaitStatus),
                 strsignal(WTERMSIG(WaitStatus)));
    return ExitFailed;
  }
  int Code = WIFEXITED(WaitStatus) ? WEXITSTATUS(WaitStatus) : ExitFailed;
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
