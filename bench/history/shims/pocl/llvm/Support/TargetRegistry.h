/* llvmown history replay shim (hand-written): moved to llvm/MC in LLVM 14 */
#include <llvm/MC/TargetRegistry.h>
