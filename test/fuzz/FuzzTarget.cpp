//===- FuzzTarget.cpp - libFuzzer target: bytes to a source, all checks ---===//
//
// Each input is a source file checked the way the tool checks a unit
// (tool/Runner.h), with every llvmown check on, but without the tool's
// crash isolation: a crash here must end the process for libFuzzer to see
// it. The first byte chooses how the rest is checked:
//   low 4 bits: 0 = against the real LLVM headers of this build, through a
//               precompiled header of them built once (as the tool's --pch
//               does); 8 = against the lit tests' stand-in headers with
//               library function bodies parsed too (the tool's full
//               parse); else against the stand-in headers, precompiled;
//   bit 4:      the optional analyses on (SharedContextRequests,
//               ReportIncomplete);
//   bits 5-6:   0 = clang's typo correction on, else off.
// bench/fuzz.sh builds the seed corpus from the lit tests' sources.
//
//===----------------------------------------------------------------------===//

#include "Configuration.h"
#include "Runner.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace clang::tidy::llvmown::tool;

namespace {

struct Setup {
  std::string Dir;        ///< a scratch folder for the input and the PCH
  std::string Source;     ///< Dir/input.cpp, rewritten for every input
  std::string RealPCH;    ///< the real headers, precompiled; empty if none
  std::string StubsPCH;   ///< the stand-in headers, precompiled
  LayeredOptions Plain;   ///< all checks, default options
  LayeredOptions Options; ///< all checks, optional analyses on
};

Setup *TheSetup = nullptr;

LayeredOptions makeOptions(bool Optional) {
  LayeredOptions L;
  L.Defaults = clang::tidy::ClangTidyOptions::getDefaults();
  clang::tidy::ClangTidyOptions Config;
  Config.Checks = "-*,llvmown-*";
  if (Optional) {
    Config.CheckOptions["llvmown-jit-resource-leak.SharedContextRequests"] =
        clang::tidy::ClangTidyOptions::ClangTidyValue("true");
    Config.CheckOptions["ReportIncomplete"] =
        clang::tidy::ClangTidyOptions::ClangTidyValue("true");
  }
  L.Config = Config;
  return L;
}

std::vector<std::string> commandFor(const Setup &S, bool Real,
                                    bool SpellChecking = true) {
  return {"clang++", "-std=c++17", "-fsyntax-only",
          // Typo correction looks at every name of the precompiled headers
          // for each unknown one, and most inputs have some: it is on for
          // a quarter of the inputs only (bits 5-6), to keep its
          // corrected calls in the search without its cost on every run.
          SpellChecking ? "-fspell-checking" : "-fno-spell-checking",
          // Clang's own recursion limits, lowered: deep templates or
          // brackets overflow the parser's stack under ASan before ours.
          "-ftemplate-depth=64", "-fbracket-depth=64", "-fconstexpr-depth=64",
          "-resource-dir=" LLVMOWN_FUZZ_RESOURCE_DIR, "-I",
          Real ? LLVMOWN_FUZZ_LLVM_INCLUDE : LLVMOWN_FUZZ_STUBS, S.Source};
}

/// A header that includes every stand-in header, or (Real) every real LLVM
/// header the stand-ins mirror.
std::string writePrefix(const std::string &Dir, bool Real) {
  std::string Prefix;
  std::error_code EC;
  llvm::StringRef Stubs = LLVMOWN_FUZZ_STUBS;
  for (llvm::sys::fs::recursive_directory_iterator I(Stubs, EC), E;
       I != E && !EC; I.increment(EC)) {
    llvm::StringRef Path = I->path();
    if (!Path.ends_with(".h"))
      continue;
    std::string Rel = Path.drop_front(Stubs.size() + 1).str();
    llvm::SmallString<256> Header(Real ? LLVMOWN_FUZZ_LLVM_INCLUDE
                                       : LLVMOWN_FUZZ_STUBS);
    llvm::sys::path::append(Header, Rel);
    if (llvm::sys::fs::exists(Header))
      Prefix += "#include \"" + Rel + "\"\n";
  }
  std::string File = Dir + (Real ? "/real-headers.h" : "/stub-headers.h");
  llvm::raw_fd_ostream OS(File, EC);
  OS << Prefix;
  return File;
}

/// Inputs that are not what is tested: Clang's own crash pragmas, and
/// includes that could read outside the include folders (a FIFO, a device).
bool isTestable(llvm::StringRef Text) {
  for (llvm::StringRef Bad : {"__debug", "/dev", "/proc", "/sys", "..", "\"/",
                              "</", "#embed", "__has_embed", "#import"})
    if (Text.contains(Bad))
      return false;
  return true;
}

std::string precompile(const Setup &S, bool Real) {
  clang::tooling::CompileCommand C;
  C.Directory = S.Dir;
  C.Filename = writePrefix(S.Dir, Real);
  C.CommandLine = commandFor(S, Real);
  C.CommandLine.back() = C.Filename;
  C.CommandLine.insert(C.CommandLine.begin() + 1, {"-x", "c++-header"});
  std::vector<std::string> Inputs;
  std::string PCH = C.Filename + ".pch";
  if (buildPrecompiledHeader(S.Plain, C, S.Source, PCH, Inputs))
    return PCH;
  std::fprintf(stderr,
               "llvmown-fuzz: warning: the %s headers did not "
               "precompile; parsing them in full\n",
               Real ? "real LLVM" : "stand-in");
  return "";
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  auto *S = TheSetup = new Setup;
  llvm::SmallString<128> Dir;
  if (llvm::sys::fs::createUniqueDirectory("llvmown-fuzz", Dir)) {
    std::fprintf(stderr, "llvmown-fuzz: cannot create a scratch folder\n");
    std::exit(2);
  }
  S->Dir = std::string(Dir);
  // The scratch folder holds two precompiled headers (65 MB): gone at exit.
  std::atexit([] { llvm::sys::fs::remove_directories(TheSetup->Dir); });
  S->Source = S->Dir + "/input.cpp";
  S->Plain = makeOptions(false);
  S->Options = makeOptions(true);

  // Headers are precompiled once, as the tool's --pch does: the real ones
  // take a second or more to parse, the stand-ins' standard headers 0.3 s.
  S->RealPCH = precompile(*S, /*Real=*/true);
  S->StubsPCH = precompile(*S, /*Real=*/false);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size < 1)
    return 0;
  Setup &S = *TheSetup;
  uint8_t Mode = Data[0];
  llvm::StringRef Text(reinterpret_cast<const char *>(Data + 1), Size - 1);
  if (!isTestable(Text))
    return -1; // not added to the corpus
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(S.Source, EC);
    if (EC)
      std::abort();
    OS << Text;
  }
  // One input in 16 each is checked against the real headers, or with a
  // full parse (no precompiled header): both cost ten times the others.
  unsigned Headers = Mode & 0x0f;
  bool Real = Headers == 0;
  TranslationUnitJob Job;
  Job.File = S.Source;
  Job.Shown = "input.cpp";
  Job.Parsing = Headers == 8 ? BodyParsing::Full : BodyParsing::SkipLibrary;
  if (Job.Parsing == BodyParsing::SkipLibrary)
    Job.PCH = Real ? S.RealPCH : S.StubsPCH;
  Job.RetryWithoutPCH = false;
  clang::tooling::CompileCommand C;
  C.Directory = S.Dir;
  C.Filename = S.Source;
  C.CommandLine = commandFor(S, Real, /*SpellChecking=*/(Mode & 0x60) == 0);
  Job.Commands.push_back(std::move(C));
  checkTranslationUnitUnprotected((Mode & 0x10) ? S.Options : S.Plain, Job);
  return 0;
}
