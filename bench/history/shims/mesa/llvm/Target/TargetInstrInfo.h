/* llvmown history replay shim (hand-written): moved to llvm/CodeGen in LLVM 7 */
#include <llvm/CodeGen/TargetInstrInfo.h>
