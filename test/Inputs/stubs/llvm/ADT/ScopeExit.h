// Stand-in for llvm/ADT/ScopeExit.h, for the llvmown lit tests: a guard
// that calls its callable when it is destroyed, unless release()d.
#ifndef LLVM_ADT_SCOPEEXIT_H
#define LLVM_ADT_SCOPEEXIT_H

#include <type_traits>
#include <utility>

namespace llvm {
namespace detail {

template <typename Callable> class scope_exit {
  Callable ExitFunction;
  bool Engaged = true;

public:
  template <typename Fp>
  explicit scope_exit(Fp &&F) : ExitFunction(std::forward<Fp>(F)) {}
  scope_exit(scope_exit &&Rhs)
      : ExitFunction(std::move(Rhs.ExitFunction)), Engaged(Rhs.Engaged) {
    Rhs.release();
  }
  void release() { Engaged = false; }
  ~scope_exit() {
    if (Engaged)
      ExitFunction();
  }
};

} // namespace detail

template <typename Callable>
[[nodiscard]] detail::scope_exit<std::decay_t<Callable>>
make_scope_exit(Callable &&F) {
  return detail::scope_exit<std::decay_t<Callable>>(std::forward<Callable>(F));
}

} // namespace llvm

#endif
