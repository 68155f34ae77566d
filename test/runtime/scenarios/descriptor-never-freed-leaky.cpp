//===- descriptor-never-freed-leaky.cpp - a native-code descriptor leaks --===//
//
// Runtime scenario "descriptor-never-freed", leaky variant. Shaped on Julia's
// src/aotcompile.cpp (up to 1.13): emitNative() (jl_emit_native) clones the
// caller's module into a ThreadSafeModule in the caller's context, keeps it
// in a descriptor allocated with new and hands the descriptor out as void *.
// The only delete is in dumpNative() (jl_dump_native), and only when it is
// given no outputs. A code generator that only queries the descriptor never
// calls it (JuliaGPU/GPUCompiler.jl#756), so every compilation leaves the
// descriptor, its module and, through the ThreadSafeModule's reference, the
// whole LLVMContext behind, even though the caller disposes of its own
// ThreadSafeContext. Expected: llvmown-retained-thread-safe-module.
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
namespace descriptor_never_freed_leaky {

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

/// jl_dump_native: writes the outputs; frees the descriptor only when asked
/// for none.
void dumpNative(void *Native, TargetMachine *TM, SmallVectorImpl<char> *Asm) {
  auto *Data = static_cast<NativeCode *>(Native);
  if (!Asm) {
    delete Data;
    return;
  }
  emitAssembly(*Data->M.getModuleUnlocked(), *TM, *Asm);
}

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
  if (!TM)
    return false;
  prepareModule(*M, *TM);
  optimizeModule(*M, *TM);
  SmallString<1024> Asm;
  return emitAssembly(*M, *TM, Asm) && definesSymbol(Asm, "kernel");
}

} // namespace descriptor_never_freed_leaky
} // namespace llvmown_rt
