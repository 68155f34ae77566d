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

/// Expected<T &>: a reference, or an error.
template <class T> class [[nodiscard]] Expected<T &> {
  T *Value = nullptr;
  Error Err;

public:
  Expected(Error E) : Err(std::move(E)) {}
  Expected(T &Val) : Value(&Val) {}

  explicit operator bool() const { return Value != nullptr; }
  T &get() { return *Value; }
  T &operator*() { return *Value; }
  T *operator->() { return Value; }
  Error takeError() { return std::move(Err); }
};

/// Report a fatal error if Err is a failure value.
inline void cantFail(Error Err, const char *Msg = nullptr) {
  (void)Err;
  (void)Msg;
}

template <typename T>
T cantFail(Expected<T> ValOrErr, const char *Msg = nullptr) {
  (void)Msg;
  return std::move(*ValOrErr);
}

template <typename T>
T &cantFail(Expected<T &> ValOrErr, const char *Msg = nullptr) {
  (void)Msg;
  return *ValOrErr;
}

/// Helper for check-and-exit error handling.
class ExitOnError {
public:
  /// Create an error on exit helper.
  ExitOnError(std::string Banner = "", int DefaultErrorExitCode = 1)
      : Banner(std::move(Banner)) {
    (void)DefaultErrorExitCode;
  }

  /// Set the banner string for any errors caught by operator().
  void setBanner(std::string Banner) { this->Banner = std::move(Banner); }

  /// Check Err. If it's in a failure state log the error(s) and exit.
  void operator()(Error Err) const;

  /// Check E. If it's in a success state then return the contained value. If
  /// it's in a failure state log the error(s) and exit.
  template <typename T> T operator()(Expected<T> &&E) const {
    return std::move(*E);
  }

  /// Check E. If it's in a success state then return the contained reference.
  template <typename T> T &operator()(Expected<T &> &&E) const { return *E; }

private:
  std::string Banner;
};

} // namespace llvm

#endif
