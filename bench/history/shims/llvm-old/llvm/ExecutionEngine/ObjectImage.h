/* llvmown history replay shim (hand-written): removed in LLVM 3.6 */
#include <llvm/Object/ObjectFile.h>
