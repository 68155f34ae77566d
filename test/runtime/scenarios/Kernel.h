//===- Kernel.h - helpers shared by the runtime scenarios -------*- C++ -*-===//
//
// The steps of one compilation that are not what a scenario is about:
// running the optimisation pipeline and emitting assembly with a machine the
// scenario owns. They only borrow what they are given, so every ownership
// decision stays visible in the scenario source that llvmown checks.
// Defined in ../driver/KernelSupport.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_RT_KERNEL_H
#define LLVMOWN_RT_KERNEL_H

#include "LLVMCompat.h"
#include "kernel_ir.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace llvmown_rt {

namespace compat = llvmown::compat;

/// The kernel as IR text: define i64 @kernel(i64 %x) { x + 1 }.
inline constexpr const char KernelIR[] = LLVMOWN_RT_KERNEL_IR;

/// What to compile for (the host, chosen by the driver).
struct TargetConfig {
  std::string Triple;
  std::string CPU;
  std::string Features;
};

/// A machine for \p Cfg, owned by the caller; null if the target is missing.
std::unique_ptr<llvm::TargetMachine> createMachine(const TargetConfig &Cfg);

/// Sets \p M's triple and data layout to \p TM's.
void prepareModule(llvm::Module &M, llvm::TargetMachine &TM);

/// Runs the default O2 pipeline on \p M, tuned for \p TM.
void optimizeModule(llvm::Module &M, llvm::TargetMachine &TM);

/// Emits \p M as assembly into \p Out; false if \p TM cannot.
bool emitAssembly(llvm::Module &M, llvm::TargetMachine &TM,
                  llvm::SmallVectorImpl<char> &Out);

/// Whether \p Asm defines the function \p Symbol.
bool definesSymbol(llvm::StringRef Asm, llvm::StringRef Symbol);

} // namespace llvmown_rt

#endif // LLVMOWN_RT_KERNEL_H
