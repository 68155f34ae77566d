/* llvmown history replay shim (hand-written) for klee's configure-made config.h: LLVM_VERSION_MAJOR/MINOR come from LLVM's own config */
#include <llvm/Config/llvm-config.h>
