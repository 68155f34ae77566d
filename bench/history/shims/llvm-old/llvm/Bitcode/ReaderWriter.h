/* llvmown history replay shim (hand-written): split into BitcodeReader.h and BitcodeWriter.h in LLVM 4 */
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
