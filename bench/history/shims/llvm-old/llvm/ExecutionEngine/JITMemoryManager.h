/* llvmown history replay shim (hand-written): removed with the old JIT */
#include <llvm/ExecutionEngine/RTDyldMemoryManager.h>
