// Stand-in for llvm/Support/Error.h (LLVM 19), for the llvmown lit tests:
// Error and Expected<T>, without the checked-state machinery.
#ifndef LLVM_SUPPORT_ERROR_H
#define LLVM_SUPPORT_ERROR_H

#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace llvm {

class [[nodiscard]] Error {
  bool Failed = false;

public:
  Error() = default;
  static Error success() { return Error(); }
  explicit operator bool() const { return Failed; }
};

void consumeError(Error Err);
std::string toString(Error E);

template <class T> class [[nodiscard]] Expected {
  std::optional<T> Value;
  Error Err;

public:
  Expected(Error E) : Err(std::move(E)) {}
  template <typename OtherT,
            typename = std::enable_if_t<std::is_convertible_v<OtherT, T>>>
  Expected(OtherT &&Val) : Value(std::forward<OtherT>(Val)) {}

  explicit operator bool() const { return Value.has_value(); }
  T &get() { return *Value; }
  T &operator*() { return *Value; }
  T *operator->() { return &*Value; }
  Error takeError() { return std::move(Err); }
};

template <typename T> T cantFail(Expected<T> ValOrErr) {
  return std::move(*ValOrErr);
}

} // namespace llvm

#endif
