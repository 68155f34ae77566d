/* llvmown history replay shim (hand-written): the old JIT is gone; MCJIT stands in */
#include <llvm/ExecutionEngine/MCJIT.h>
