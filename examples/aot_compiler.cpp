//===- aot_compiler.cpp - a small ahead-of-time kernel compiler -----------===//
//
// DEMO FILE: this example deliberately contains TargetMachine leaks for
// llvmown to find. It is written the way GPU/AOT code generators often are:
// every compilation stage asks a getMachine(Cfg) helper for a fresh
// TargetMachine, and several stages never free it, so every compilation
// leaks a few machines (about a megabyte of native memory per compilation in
// the GPU compiler that inspired it). Each buggy line has a comment saying
// what llvmown reports there; the other stages are correct and must not be
// reported.
//
// Build and run (LLVM 16 to 22; here 19):
//   clang++-19 examples/aot_compiler.cpp \
//       $(llvm-config-19 --cxxflags --ldflags --libs) -o /tmp/aot
//   /tmp/aot [iterations]
//
// Check:
//   clang-tidy-19 --load <build>/lib/llvmown-tidy-19.so \
//       -checks='-*,llvmown-*' examples/aot_compiler.cpp -- \
//       $(llvm-config-19 --cxxflags)
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/SmallString.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

using namespace llvm;

// What changed between the LLVM versions this compiles with: the
// optimisation level became CodeGenOptLevel and the file types
// CodeGenFileType's enumerators in 18, and the triple
// arguments a Triple in 21.
#if LLVM_VERSION_MAJOR >= 18
using CodeGenLevel = CodeGenOptLevel;
constexpr CodeGenFileType AsmFile = CodeGenFileType::AssemblyFile;
constexpr CodeGenFileType ObjFile = CodeGenFileType::ObjectFile;
#else
using CodeGenLevel = CodeGenOpt::Level;
constexpr CodeGenFileType AsmFile = CGFT_AssemblyFile;
constexpr CodeGenFileType ObjFile = CGFT_ObjectFile;
#endif
#if LLVM_VERSION_MAJOR >= 21
using TripleArg = Triple;
#else
using TripleArg = StringRef;
#endif

namespace {

/// What to compile for: the equivalent of a GPU compiler's target config.
struct CompilerConfig {
  std::string Triple;
  std::string CPU;
  std::string Features;
  OptimizationLevel Opt = OptimizationLevel::O2;
  CodeGenLevel CodeGenOpt = CodeGenLevel::Default;
};

} // namespace

/// The kernel every compilation starts from: x + 1.
static const char *const KernelIR = R"IR(
define i64 @kernel(i64 %x) {
  %y = add i64 %x, 1
  ret i64 %y
}
)IR";

/// Creates a new TargetMachine for \p Cfg. The caller owns the result, which
/// is null if the target is unknown.
static TargetMachine *getMachine(const CompilerConfig &Cfg) {
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(Cfg.Triple, Error);
  if (!T) {
    errs() << "aot: " << Error << "\n";
    return nullptr;
  }
  TargetOptions Options;
  return T->createTargetMachine(TripleArg(Cfg.Triple), Cfg.CPU, Cfg.Features,
                                Options, Reloc::PIC_, std::nullopt,
                                Cfg.CodeGenOpt);
}

/// Stage 1: parse the kernel and give it the target's triple and layout.
static std::unique_ptr<Module> prepare(LLVMContext &Ctx,
                                       const CompilerConfig &Cfg) {
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseAssemblyString(KernelIR, Diag, Ctx);
  if (!M) {
    Diag.print("aot", errs());
    return nullptr;
  }
  M->setTargetTriple(TripleArg(Cfg.Triple));
  // llvmown: TargetMachine created by 'getMachine' is never released: it is
  // used only as a temporary.
  M->setDataLayout(getMachine(Cfg)->createDataLayout());
  return M;
}

/// Stage 2: run the default optimisation pipeline, tuned for the target.
static void optimize(Module &M, const CompilerConfig &Cfg) {
  // llvmown: TargetMachine created by 'getMachine' is never released (note:
  // 'TM' still owns it when the function returns, at the closing brace).
  TargetMachine *TM = getMachine(Cfg);

  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(TM);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  ModulePassManager MPM = PB.buildPerModuleDefaultPipeline(Cfg.Opt);
  MPM.run(M, MAM);
}

/// Stage 3: machine-code generation, to textual assembly.
static bool mcgen(Module &M, const CompilerConfig &Cfg, std::string &Asm) {
  // llvmown: TargetMachine created by 'getMachine' leaks when the function
  // returns at the `return false` after addPassesToEmitFile (note there:
  // 'TM' still owns it when the function returns here).
  TargetMachine *TM = getMachine(Cfg);
  if (!TM)
    return false;

  SmallString<1024> Buffer;
  raw_svector_ostream OS(Buffer);
  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr, AsmFile)) {
    errs() << "aot: " << Cfg.Triple << " cannot emit assembly\n";
    return false;
  }
  PM.run(M);
  Asm = Buffer.str().str();
  delete TM;
  return true;
}

/// Stage 3b: object code, to report its size. Correct: the machine is owned
/// by a unique_ptr on every path (llvmown reports nothing here).
static bool objectSize(Module &M, const CompilerConfig &Cfg, size_t &Size) {
  std::unique_ptr<TargetMachine> TM(getMachine(Cfg));
  if (!TM)
    return false;

  SmallString<4096> Buffer;
  raw_svector_ostream OS(Buffer);
  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr, ObjFile))
    return false;
  PM.run(M);
  Size = Buffer.size();
  return true;
}

/// Checks the configuration once. Correct: the machine is deleted (llvmown
/// reports nothing here).
static bool checkConfig(const CompilerConfig &Cfg) {
  TargetMachine *TM = getMachine(Cfg);
  if (!TM)
    return false;
  outs() << "target " << TM->getTargetTriple().str() << ", cpu "
         << TM->getTargetCPU() << "\n";
  delete TM;
  return true;
}

/// One compilation: a fresh context and module, all stages.
static bool compile(const CompilerConfig &Cfg, std::string &Asm,
                    size_t &ObjSize) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = prepare(Ctx, Cfg);
  if (!M)
    return false;
  if (verifyModule(*M, &errs()))
    return false;
  optimize(*M, Cfg);

  // Code generation changes the module, so give each output its own copy.
  std::unique_ptr<Module> Copy = CloneModule(*M);
  return mcgen(*M, Cfg, Asm) && objectSize(*Copy, Cfg, ObjSize);
}

int main(int argc, char **argv) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();

  CompilerConfig Cfg;
  Cfg.Triple = sys::getDefaultTargetTriple();
  Cfg.CPU = "generic";
  if (!checkConfig(Cfg))
    return 1;

  int Iterations = argc > 1 ? std::atoi(argv[1]) : 1;
  std::string Asm;
  size_t ObjSize = 0;
  for (int I = 0; I < Iterations; ++I)
    if (!compile(Cfg, Asm, ObjSize))
      return 1;

  outs() << Asm << "; object code: " << ObjSize << " bytes, " << Iterations
         << " compilation(s)\n";
  return 0;
}
