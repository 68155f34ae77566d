//===- descriptor-emptied-leaky.cpp - module taken, empty TSM left --------===//
//
// Runtime scenario "descriptor-emptied", leaky variant. The LLVM.jl 10 port
// of GPUCompiler: the code generator takes the module out of the native-code
// descriptor (LLVM.unsafe_take_module!, here consumingModuleDo) so that it
// owns and disposes of it, and keeps the descriptor for later queries (its
// function table) for as long as the session runs. The ThreadSafeModule left
// in the descriptor is empty but still holds its ThreadSafeContext, so each
// retained descriptor keeps a whole LLVMContext alive.
// Expected: llvmown-retained-thread-safe-module.
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
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

namespace llvmown_rt {
namespace descriptor_emptied_leaky {

/// What the caller queries after compilation: the module and its tables.
struct NativeCode {
  orc::ThreadSafeModule M;
  std::vector<std::string> FunctionNames;
};

/// jl_emit_native: move the caller's module into a new descriptor.
void *emitNative(orc::ThreadSafeModule *TSM) {
  auto *Data = new NativeCode;
  TSM->withModuleDo([&](Module &M) {
    for (Function &F : M)
      Data->FunctionNames.push_back(F.getName().str());
  });
  Data->M = std::move(*TSM);
  return Data;
}

/// LLVM.unsafe_take_module!: the caller owns the module from now on.
Module *takeLLVMModule(void *Native) {
  auto *Data = static_cast<NativeCode *>(Native);
  std::unique_ptr<Module> Taken;
  Data->M.consumingModuleDo(
      [&](std::unique_ptr<Module> Mod) { Taken = std::move(Mod); });
  return Taken.release();
}

/// jl_free_native: the descriptor's release function.
void freeNative(void *Native) { delete static_cast<NativeCode *>(Native); }

/// The descriptors of every kernel compiled in this session, kept for
/// queries until the session ends.
static std::vector<void *> &sessionKernels() {
  static std::vector<void *> Kernels;
  return Kernels;
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

  void *Native = emitNative(&TSM);
  sessionKernels().push_back(Native);
  std::unique_ptr<Module> M(takeLLVMModule(Native));
  std::unique_ptr<TargetMachine> TM = createMachine(Cfg);
  if (!TM)
    return false;
  prepareModule(*M, *TM);
  optimizeModule(*M, *TM);
  SmallString<1024> Asm;
  return emitAssembly(*M, *TM, Asm) && definesSymbol(Asm, "kernel");
}

} // namespace descriptor_emptied_leaky
} // namespace llvmown_rt
