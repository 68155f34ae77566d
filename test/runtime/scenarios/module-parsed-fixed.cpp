//===- module-parsed-fixed.cpp - the parsed module owned by a unique_ptr -===//
//
// Runtime scenario "module-parsed", fixed variant: the listing adopts the
// module into a std::unique_ptr, which deletes it when the listing is done.
// Expected: no finding.
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
namespace module_parsed_fixed {

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
  std::unique_ptr<Module> Builtins(Lib.getModule(globalContext()));
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

} // namespace module_parsed_fixed
} // namespace llvmown_rt
