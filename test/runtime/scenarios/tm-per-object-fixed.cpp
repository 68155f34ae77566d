//===- tm-per-object-fixed.cpp - the machine owned by a unique_ptr -------===//
//
// Runtime scenario "tm-per-object", fixed variant: the machine goes into a
// std::unique_ptr, which deletes it on every return. Expected: no finding.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <string>

using namespace llvm;

namespace llvmown_rt {
namespace tm_per_object_fixed {

/// Writes \p M as native code into \p Out; false on any failure.
static bool writeObjectCode(Module &M, const TargetConfig &Cfg,
                            SmallVectorImpl<char> &Out) {
  std::string Error;
  const Target *T = compat::lookupTarget(Cfg.Triple, Error);
  if (!T)
    return false;
  std::unique_ptr<TargetMachine> Machine(
      T->createTargetMachine(compat::triple(Cfg.Triple), Cfg.CPU, Cfg.Features,
                             TargetOptions(), Reloc::PIC_));
  if (!Machine)
    return false;
  prepareModule(M, *Machine);
  if (!emitAssembly(M, *Machine, Out))
    return false;
  return true;
}

/// One program written out, in a fresh context.
bool compileKernel(const TargetConfig &Cfg) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(KernelIR, Err, Ctx);
  if (!M)
    return false;
  SmallString<1024> Code;
  return writeObjectCode(*M, Cfg, Code) && definesSymbol(Code, "kernel");
}

} // namespace tm_per_object_fixed
} // namespace llvmown_rt
