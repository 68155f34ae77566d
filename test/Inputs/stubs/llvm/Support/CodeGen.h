// Stand-in for llvm/Support/CodeGen.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_SUPPORT_CODEGEN_H
#define LLVM_SUPPORT_CODEGEN_H

namespace llvm {

namespace Reloc {
enum Model { Static, PIC_, DynamicNoPIC, ROPI, RWPI, ROPI_RWPI };
}

namespace CodeModel {
enum Model { Tiny, Small, Kernel, Medium, Large };
}

enum class CodeGenOptLevel { None = 0, Less = 1, Default = 2, Aggressive = 3 };

enum class CodeGenFileType { AssemblyFile, ObjectFile, Null };

} // namespace llvm

#endif
