/* llvmown history replay shim (hand-written): moved to llvm/BinaryFormat in LLVM 5 */
#include <llvm/BinaryFormat/Dwarf.h>
