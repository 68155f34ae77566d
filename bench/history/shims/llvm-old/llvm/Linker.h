/* llvmown history replay shim (hand-written): moved to llvm/Linker in LLVM 3.5 */
#include <llvm/Linker/Linker.h>
