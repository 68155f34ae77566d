//===- CompileLoop.cpp - llvmown-compile-loop -----------------------------===//
//
// Compiles the same trivial kernel again and again with one scenario's code
// (../scenarios) and reports how much native memory each compilation leaves
// behind once the process is warm: the growth of the allocator's bytes in
// use (mallinfo2, or AddressSanitizer's allocator in the ASan build) and of
// the resident set size after malloc_trim, divided by the number of
// compilations. This is how users notice these leaks: a long-running code
// generator whose memory grows with every compilation.
//
//   llvmown-compile-loop --list
//   llvmown-compile-loop <scenario> <leaky|fixed> [-n N] [--warmup W]
//                        [--expect-min KiB] [--expect-max KiB]
//                        [--expect-min-rss KiB] [--expect-max-rss KiB]
//
// The --expect bounds are on the growth per compilation: at least the
// minimum, less than the maximum; without -rss they apply to the heap number.
// Exit status: 0 success; 1 a compilation failed or the growth missed an
// --expect bound; 2 usage error.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "MemoryUsage.h"
#include "ScenarioDecls.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
// Host.h moved to TargetParser in LLVM 17.
#if __has_include("llvm/TargetParser/Host.h")
#include "llvm/TargetParser/Host.h"
#else
#include "llvm/Support/Host.h"
#endif
#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <optional>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define LLVMOWN_RT_HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LLVMOWN_RT_HAVE_ASAN 1
#endif
#endif
#ifdef LLVMOWN_RT_HAVE_ASAN
// From <sanitizer/allocator_interface.h>, which GCC does not install.
extern "C" size_t __sanitizer_get_current_allocated_bytes(void);
#endif

using namespace llvm;
using llvmown_rt::TargetConfig;

namespace {

using CompileFn = bool (*)(const TargetConfig &);
using CCompileFn = int (*)(const char *, const char *, const char *);

template <CCompileFn F> bool callC(const TargetConfig &Cfg) {
  return F(Cfg.Triple.c_str(), Cfg.CPU.c_str(), Cfg.Features.c_str()) != 0;
}

struct Scenario {
  const char *Name;
  CompileFn Leaky;
  CompileFn Fixed;
};

// The ASan build holds only the use-after-free scenarios: the leak scenarios
// are measured without ASan, whose quarantine and redzones would distort the
// numbers (and whose sources it does not compile).
const Scenario Scenarios[] = {
#ifdef LLVMOWN_RT_ASAN_ONLY
#define LLVMOWN_RT_CXX(Name, Ident)
#define LLVMOWN_RT_C(Name, Ident)
#else
#define LLVMOWN_RT_CXX(Name, Ident)                                            \
  {Name, llvmown_rt::Ident##_leaky::compileKernel,                             \
   llvmown_rt::Ident##_fixed::compileKernel},
#define LLVMOWN_RT_C(Name, Ident)                                              \
  {Name, callC<llvmown_rt_##Ident##_leaky>, callC<llvmown_rt_##Ident##_fixed>},
#endif
#define LLVMOWN_RT_LIFETIME(Name, Ident)                                       \
  {Name, llvmown_rt::Ident##_leaky::compileKernel,                             \
   llvmown_rt::Ident##_fixed::compileKernel},
#include "Scenarios.def"
};

// The two measures of growth. Heap in use is the primary one: it counts what
// is still allocated, whatever the allocator's caching and the page
// granularity do to RSS. RSS also sees memory mapped outside malloc, such as
// the pages a JIT puts its code in.
enum Metric : unsigned { HeapMetric, RSSMetric };

using llvmown::measure::Usage;

Usage measure() {
#ifdef LLVMOWN_RT_HAVE_ASAN
  malloc_trim(0);
  Usage U;
  U.Heap = __sanitizer_get_current_allocated_bytes();
  U.RSS = llvmown::measure::residentBytes();
  return U;
#else
  return llvmown::measure::measureUsage();
#endif
}

int usage(const char *Argv0, const Twine &Problem = "") {
  if (!Problem.isTriviallyEmpty())
    errs() << "llvmown-compile-loop: " << Problem << "\n";
  errs() << "usage: " << Argv0 << " --list\n"
         << "       " << Argv0
         << " <scenario> <leaky|fixed> [-n N] [--warmup W]\n"
         << "           [--expect-min KiB] [--expect-max KiB]\n"
         << "           [--expect-min-rss KiB] [--expect-max-rss KiB]\n";
  return 2;
}

std::optional<unsigned> parseCount(StringRef S) {
  unsigned N;
  if (S.getAsInteger(10, N))
    return std::nullopt;
  return N;
}

std::optional<double> parseKiB(StringRef S) {
  double D;
  if (S.getAsDouble(D) || D < 0)
    return std::nullopt;
  return D;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc == 2 && StringRef(Argv[1]) == "--list") {
    for (const Scenario &S : Scenarios)
      outs() << S.Name << "\n";
    return 0;
  }
  if (Argc == 2 &&
      (StringRef(Argv[1]) == "--help" || StringRef(Argv[1]) == "-h")) {
    usage(Argv[0]);
    return 0;
  }
  if (Argc < 3)
    return usage(Argv[0]);

  StringRef Name = Argv[1], Variant = Argv[2];
  const Scenario *Found = nullptr;
  for (const Scenario &S : Scenarios)
    if (Name == S.Name)
      Found = &S;
  if (!Found)
    return usage(Argv[0],
                 "unknown scenario '" + Name + "' (--list shows them)");
  if (Variant != "leaky" && Variant != "fixed")
    return usage(Argv[0], "unknown variant '" + Variant +
                              "': expected 'leaky' or 'fixed'");
  CompileFn Compile = Variant == "leaky" ? Found->Leaky : Found->Fixed;

  unsigned N = 200, Warmup = 20;
  // Bounds on the growth per compilation, in KiB: [Metric][0] is the minimum,
  // [Metric][1] the (exclusive) maximum.
  std::optional<double> Bounds[2][2];
  for (int I = 3; I < Argc; ++I) {
    StringRef Opt = Argv[I];
    if (I + 1 >= Argc)
      return usage(Argv[0], "missing value after '" + Opt + "'");
    StringRef Value = Argv[++I];
    bool Ok = true;
    if (Opt == "-n") {
      std::optional<unsigned> V = parseCount(Value);
      Ok = V && *V > 0;
      N = V.value_or(0);
    } else if (Opt == "--warmup") {
      std::optional<unsigned> V = parseCount(Value);
      Ok = V.has_value();
      Warmup = V.value_or(0);
    } else if (Opt.consume_front("--expect-")) {
      unsigned Metric = Opt.consume_back("-rss") ? RSSMetric : HeapMetric;
      unsigned Which = Opt == "min" ? 0 : Opt == "max" ? 1 : 2;
      if (Which == 2)
        return usage(Argv[0],
                     "unknown option '" + StringRef(Argv[I - 1]) + "'");
      Bounds[Metric][Which] = parseKiB(Value);
      Ok = Bounds[Metric][Which].has_value();
    } else {
      return usage(Argv[0], "unknown option '" + Opt + "'");
    }
    if (!Ok)
      return usage(Argv[0], "invalid value '" + Value + "' for '" +
                                StringRef(Argv[I - 1]) + "'");
  }

  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  InitializeNativeTargetAsmParser();
  TargetConfig Cfg;
  Cfg.Triple = sys::getProcessTriple();
  Cfg.CPU = sys::getHostCPUName().str();

  auto Run = [&](unsigned Count, unsigned Done) {
    for (unsigned I = 0; I < Count; ++I) {
      if (!Compile(Cfg)) {
        errs() << "llvmown-compile-loop: " << Name << " " << Variant
               << ": compilation " << (Done + I + 1)
               << " failed or returned a wrong result\n";
        return false;
      }
    }
    return true;
  };

  // Warm-up: first-time allocations (option tables, target registries, pass
  // and analysis registrations, the JIT's own setup) are not per-compilation
  // growth.
  if (!Run(Warmup, 0))
    return 1;
  Usage Before = measure();
  if (!Run(N, Warmup))
    return 1;
  Usage After = measure();

#ifdef LLVMOWN_RT_HAVE_ASAN
  // ASan keeps freed memory in quarantine: RSS grows whatever the code does.
  const char *RSSLabel = "RSS with ASan's quarantine";
#else
  const char *RSSLabel = "RSS";
#endif
  double Growth[2] = {(After.Heap - Before.Heap) / N / 1024,
                      (After.RSS - Before.RSS) / N / 1024};
  outs() << Name << " " << Variant << ": " << format("%.1f", Growth[HeapMetric])
         << " KiB per compilation (heap in use "
         << format("%+.1f", Growth[HeapMetric]) << " KiB, " << RSSLabel << " "
         << format("%+.1f", Growth[RSSMetric]) << " KiB per compilation; " << N
         << " compilations after " << Warmup << " warm-up)\n";
  outs().flush();

  int Status = 0;
  for (unsigned Metric : {HeapMetric, RSSMetric}) {
#ifdef LLVMOWN_RT_HAVE_ASAN
    // The quarantine makes RSS bounds meaningless (the sanitizer build,
    // scripts/sanitize.sh); the heap in use is still ASan's exact count.
    if (Metric == RSSMetric)
      continue;
#endif
    const char *What = Metric == HeapMetric ? "heap in use" : "RSS";
    double G = Growth[Metric];
    if (Bounds[Metric][0] && G < *Bounds[Metric][0]) {
      errs() << "llvmown-compile-loop: FAIL: " << Name << " " << Variant << ": "
             << What << " grew " << format("%.1f", G)
             << " KiB per compilation, expected at least "
             << format("%g", *Bounds[Metric][0]) << " KiB\n";
      Status = 1;
    }
    if (Bounds[Metric][1] && G >= *Bounds[Metric][1]) {
      errs() << "llvmown-compile-loop: FAIL: " << Name << " " << Variant << ": "
             << What << " grew " << format("%.1f", G)
             << " KiB per compilation, expected less than "
             << format("%g", *Bounds[Metric][1]) << " KiB\n";
      Status = 1;
    }
  }
  return Status;
}
