//===- module-parsed-leaky.cpp - a library module parsed per call, kept ---===//
//
// Runtime scenario "module-parsed", leaky variant. The shape of a compiler
// that ships its builtins as IR and parses them on demand (ispc's
// BitcodeLib::getLLVMModule and lCollectAllDefinedFunctions in the survey):
// getModule() parses the library anew on every call and hands the module out
// as a raw pointer; the function that lists the library's definitions reads
// it and never deletes it. The module lives in the compiler's global context,
// so nothing ever frees it: one whole library module leaks per compilation.
// Expected: the leaked module reported once.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include <memory>
#include <set>
#include <string>

using namespace llvm;

namespace llvmown_rt {
namespace module_parsed_leaky {

constexpr unsigned BuiltinCount = 32;

/// The builtins library as IR: __builtin_<N>(x) = x * N.
static const std::string &builtinsIR() {
  static const std::string IR = [] {
    std::string S;
    for (unsigned N = 0; N < BuiltinCount; ++N)
      S += "define i64 @__builtin_" + std::to_string(N) +
           "(i64 %x) {\n  %y = mul i64 %x, " + std::to_string(N + 2) +
           "\n  ret i64 %y\n}\n";
    return S;
  }();
  return IR;
}

/// The compiler's context, for the whole process.
static LLVMContext &globalContext() {
  static LLVMContext Ctx;
  return Ctx;
}

class BuiltinsLib {
public:
  /// The library, parsed anew: the caller owns the module.
  Module *getModule(LLVMContext &Ctx) const {
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(builtinsIR(), Err, Ctx);
    return M.release();
  }
};

/// The names of the functions the library defines.
static std::set<std::string> definedBuiltins(const BuiltinsLib &Lib) {
  std::set<std::string> Names;
  Module *Builtins = Lib.getModule(globalContext());
  if (!Builtins)
    return Names;
  for (const Function &F : *Builtins)
    if (!F.isDeclaration())
      Names.insert(F.getName().str());
  return Names;
}

/// One compilation: the builtins are listed first, then the kernel is
/// compiled in a fresh context.
bool compileKernel(const TargetConfig &Cfg) {
  static const BuiltinsLib Lib;
  if (definedBuiltins(Lib).size() != BuiltinCount)
    return false;
  std::unique_ptr<TargetMachine> TM = createMachine(Cfg);
  if (!TM)
    return false;
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(KernelIR, Err, Ctx);
  if (!M)
    return false;
  prepareModule(*M, *TM);
  SmallString<1024> Asm;
  return emitAssembly(*M, *TM, Asm) && definesSymbol(Asm, "kernel");
}

} // namespace module_parsed_leaky
} // namespace llvmown_rt
