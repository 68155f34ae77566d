/* llvmown history replay shim (hand-written): moved to llvm/Bitstream in LLVM 9 */
#include <llvm/Bitstream/BitstreamWriter.h>
