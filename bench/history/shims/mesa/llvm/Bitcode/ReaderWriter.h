/* llvmown history replay shim (hand-written): split in LLVM 4 */
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
