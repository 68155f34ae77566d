/* llvmown history replay shim (hand-written): moved to llvm/IR in LLVM 3.5 */
#include <llvm/IR/DebugInfo.h>
