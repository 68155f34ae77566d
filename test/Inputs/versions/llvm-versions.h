//===--- llvm-versions.h - one test source for LLVM 13 to 22 --------------===//
//
// Included by the tests compiled against the real LLVM headers of every
// installed version. Spellings that changed between versions, where the
// difference is not what the test is about; where the model differs, the
// test itself has the `#if LLVM_VERSION_MAJOR` (so that its expectations
// follow the version, see check_llvmown.py).
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TEST_LLVM_VERSIONS_H
#define LLVMOWN_TEST_LLVM_VERSIONS_H

#include "llvm/Config/llvm-config.h"
#include <memory>
#include <string>

// TargetRegistry.h is in llvm/MC from LLVM 14 on, in llvm/Support in 13
// (whose headers llvmown-tidy-13 runs the tests with): `#include
// TARGET_REGISTRY_H`.
#if LLVM_VERSION_MAJOR >= 14
#define TARGET_REGISTRY_H "llvm/MC/TargetRegistry.h"
#else
#define TARGET_REGISTRY_H "llvm/Support/TargetRegistry.h"
#endif

// The new pass manager's optimisation level: llvm::OptimizationLevel from
// LLVM 14 on, nested in PassBuilder in 13.
#if LLVM_VERSION_MAJOR < 14
#include "llvm/Passes/PassBuilder.h"
namespace llvm {
using OptimizationLevel = PassBuilder::OptimizationLevel;
}
#endif

// A module made in a ThreadSafeContext's context: through getContext() up
// to LLVM 21, through withContextDo (its callback gets the context) from 22.
#if LLVM_VERSION_MAJOR >= 22
#define MODULE_IN(TSC, Name)                                                   \
  (TSC).withContextDo([&](llvm::LLVMContext *C) {                             \
    return std::make_unique<llvm::Module>(Name, *C);                           \
  })
#else
#define MODULE_IN(TSC, Name)                                                   \
  std::make_unique<llvm::Module>(Name, *(TSC).getContext())
#endif

// What Target::createTargetMachine and TargetRegistry::lookupTarget take
// as the triple: a string up to LLVM 20, a llvm::Triple from 21 (22 has no
// StringRef overload left).
#if LLVM_VERSION_MAJOR >= 21
#include "llvm/TargetParser/Triple.h"
using TargetTriple = llvm::Triple;
#else
using TargetTriple = std::string;
#endif

// The code-generation optimisation level: CodeGenOpt::Level up to 17,
// CodeGenOptLevel from 18.
#if LLVM_VERSION_MAJOR >= 18
#define OPT_LEVEL(L) llvm::CodeGenOptLevel::L
#else
#define OPT_LEVEL(L) llvm::CodeGenOpt::L
#endif

// std::optional arguments are llvm::Optional before LLVM 16.
#if LLVM_VERSION_MAJOR >= 16
#define NO_VALUE std::nullopt
#else
#define NO_VALUE llvm::None
#endif

// The TargetMachine subclass with the codegen hooks: LLVMTargetMachine up to
// 19, CodeGenTargetMachineImpl (its own header) from 20.
#if LLVM_VERSION_MAJOR >= 20
#define CODEGEN_TARGET_MACHINE llvm::CodeGenTargetMachineImpl
#else
#define CODEGEN_TARGET_MACHINE llvm::LLVMTargetMachine
#endif

// The assembly file type of addPassesToEmitFile: CGFT_AssemblyFile up to 17,
// CodeGenFileType::AssemblyFile from 18.
#if LLVM_VERSION_MAJOR >= 18
#define ASSEMBLY_FILE llvm::CodeGenFileType::AssemblyFile
#else
#define ASSEMBLY_FILE llvm::CGFT_AssemblyFile
#endif

// The function at the address LLJIT::lookup found: an ExecutorAddr (toPtr)
// from LLVM 15, a JITEvaluatedSymbol (getAddress) before.
template <typename F, typename Symbol> F entryPoint(const Symbol &S) {
#if LLVM_VERSION_MAJOR >= 15
  return S.template toPtr<F>();
#else
  return reinterpret_cast<F>(S.getAddress());
#endif
}

#endif
