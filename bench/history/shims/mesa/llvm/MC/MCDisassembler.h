/* llvmown history replay shim (hand-written): moved in LLVM 3.7 */
#include <llvm/MC/MCDisassembler/MCDisassembler.h>
