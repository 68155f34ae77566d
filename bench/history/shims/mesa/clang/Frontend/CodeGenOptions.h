/* llvmown history replay shim (hand-written): moved to clang/Basic in Clang 8 */
#include <clang/Basic/CodeGenOptions.h>
