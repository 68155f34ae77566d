//===- descriptor-never-freed-fixed.cpp - the descriptor is freed ---------===//
//
// Runtime scenario "descriptor-never-freed", fixed variant: the descriptor
// has a dedicated release entry point, freeNative() (the jl_free_native the
// GPUCompiler report asks for), and the code generator calls it once it is
// done with the module. The descriptor's ThreadSafeModule then drops its
// reference and the context dies with the caller's ThreadSafeContext.
// Expected: no finding, no growth.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

namespace llvmown_rt {
namespace descriptor_never_freed_fixed {

/// What the caller queries after compilation: the module and its tables.
struct NativeCode {
  orc::ThreadSafeModule M;
  std::vector<std::string> FunctionNames;
};

/// jl_emit_native: compile a clone of the caller's module into a descriptor.
void *emitNative(orc::ThreadSafeModule &Src) {
  auto *Data = new NativeCode;
  orc::ThreadSafeModule Clone = Src.withModuleDo([&](Module &M) {
    return orc::ThreadSafeModule(CloneModule(M), Src.getContext());
  });
  Clone.withModuleDo([&](Module &M) {
    for (Function &F : M)
      Data->FunctionNames.push_back(F.getName().str());
  });
  Data->M = std::move(Clone);
  return Data;
}

/// jl_get_llvm_module: lends the descriptor's module.
Module *getLLVMModule(void *Native) {
  return static_cast<NativeCode *>(Native)->M.getModuleUnlocked();
}

/// jl_free_native: the descriptor's release function.
void freeNative(void *Native) { delete static_cast<NativeCode *>(Native); }

/// One compilation, in a fresh context (JuliaContext() do ... end).
bool compileKernel(const TargetConfig &Cfg) {
  orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
  SMDiagnostic Err;
  std::unique_ptr<Module> Parsed = parseAssemblyString(
      KernelIR, Err,
      *compat::withContext(TSC, [](LLVMContext *C) { return C; }));
  if (!Parsed)
    return false;
  orc::ThreadSafeModule TSM(std::move(Parsed), TSC);

  void *Native = emitNative(TSM);
  Module *M = getLLVMModule(Native);
  std::unique_ptr<TargetMachine> TM = createMachine(Cfg);
  bool Ok = false;
  if (TM) {
    prepareModule(*M, *TM);
    optimizeModule(*M, *TM);
    SmallString<1024> Asm;
    Ok = emitAssembly(*M, *TM, Asm) && definesSymbol(Asm, "kernel");
  }
  // Done with the module: release the descriptor and its context reference.
  freeNative(Native);
  return Ok;
}

} // namespace descriptor_never_freed_fixed
} // namespace llvmown_rt
