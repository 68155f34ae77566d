//===- tm-per-object-leaky.cpp - a TargetMachine per object file ----------===//
//
// Runtime scenario "tm-per-object", leaky variant. The shape of a JIT
// library's "write this program to an object file" entry point, and of a
// device compiler's "generate PTX for this cell" (faust's
// writeDSPFactoryToObjectcodeFile, cling's generatePTX in the survey): the
// function looks up the target, creates a machine into a raw pointer, uses it
// for the data layout and the emission, and returns on every path without
// deleting it. One machine leaks per object file. Expected:
// llvmown-target-machine-leak, once.
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
namespace tm_per_object_leaky {

/// Writes \p M as native code into \p Out; false on any failure.
static bool writeObjectCode(Module &M, const TargetConfig &Cfg,
                            SmallVectorImpl<char> &Out) {
  std::string Error;
  const Target *T = compat::lookupTarget(Cfg.Triple, Error);
  if (!T)
    return false;
  auto *Machine =
      T->createTargetMachine(compat::triple(Cfg.Triple), Cfg.CPU, Cfg.Features,
                             TargetOptions(), Reloc::PIC_);
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

} // namespace tm_per_object_leaky
} // namespace llvmown_rt
