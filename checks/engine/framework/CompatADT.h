//===- CompatADT.h - ADT differences of LLVM 14-22 ------------------------===//
//
// The part of Compat.h that needs only LLVM's ADT (no Clang): optional values
// and StringRef, for the tool's sources that use nothing else of Clang.
// Same rule as Compat.h: test the API, newer form first.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_COMPATADT_H
#define LLVMOWN_ENGINE_COMPATADT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include <optional>
#include <type_traits>
#include <utility>

namespace clang::tidy::llvmown::compat {

//===--- Optional values --------------------------------------------------===//

/// llvm::Optional (LLVM 14, 15) or std::optional (16 on) as std::optional.
template <typename T> std::optional<T> toStd(std::optional<T> V) { return V; }
template <typename O, typename T = std::decay_t<decltype(*std::declval<O>())>,
          typename = decltype(static_cast<bool>(std::declval<O>())),
          typename = std::enable_if_t<
              !std::is_same_v<std::decay_t<O>, std::optional<T>>>>
std::optional<T> toStd(const O &V) {
  return V ? std::optional<T>(*V) : std::nullopt;
}

/// The optional of LLVM's own signatures (where a value is passed in, so
/// toStd cannot help): llvm::Optional up to 15, std::optional from 16 on,
/// when llvm::Optional became an alias of it, then went away in 17. The
/// one version test here: the switch happened at that one version.
#if LLVM_VERSION_MAJOR >= 16
template <typename T> using Optional = std::optional<T>;
#else
} // namespace clang::tidy::llvmown::compat
#include "llvm/ADT/Optional.h"
namespace clang::tidy::llvmown::compat {
template <typename T> using Optional = llvm::Optional<T>;
#endif

//===--- StringRef --------------------------------------------------------===//

/// StringRef::starts_with (LLVM 16 on) or startswith (up to 18).
template <typename S = llvm::StringRef>
auto startsWith(const S &Str, llvm::StringRef Prefix, int)
    -> decltype(Str.starts_with(Prefix)) {
  return Str.starts_with(Prefix);
}
template <typename S = llvm::StringRef>
bool startsWith(const S &Str, llvm::StringRef Prefix, long) {
  return Str.startswith(Prefix);
}
inline bool startsWith(llvm::StringRef Str, llvm::StringRef Prefix) {
  return startsWith(Str, Prefix, 0);
}

/// StringRef::ends_with (LLVM 16 on) or endswith (up to 18).
template <typename S = llvm::StringRef>
auto endsWith(const S &Str, llvm::StringRef Suffix, int)
    -> decltype(Str.ends_with(Suffix)) {
  return Str.ends_with(Suffix);
}
template <typename S = llvm::StringRef>
bool endsWith(const S &Str, llvm::StringRef Suffix, long) {
  return Str.endswith(Suffix);
}
inline bool endsWith(llvm::StringRef Str, llvm::StringRef Suffix) {
  return endsWith(Str, Suffix, 0);
}

} // namespace clang::tidy::llvmown::compat

#endif
