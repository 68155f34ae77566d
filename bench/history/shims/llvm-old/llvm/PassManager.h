/* llvmown history replay shim (hand-written): the old pass manager, now the legacy one */
#include <llvm/IR/LegacyPassManager.h>
