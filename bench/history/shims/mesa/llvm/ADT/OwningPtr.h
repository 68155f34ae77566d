/* llvmown history replay shim (hand-written): OwningPtr (removed in LLVM 3.5)
   was the single owner of a pointer, which std::unique_ptr now is. */
#include <memory>
namespace llvm {
template <class T> using OwningPtr = std::unique_ptr<T>;
}
