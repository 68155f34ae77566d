/* llvmown history replay shim (hand-written): moved in MLIR 22 */
#include <mlir/Dialect/Affine/Transforms/Passes.h>
