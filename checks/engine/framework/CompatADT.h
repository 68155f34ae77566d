//===- CompatADT.h - ADT differences of LLVM 13-22 ------------------------===//
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
// llvm::function_ref: in its own header from LLVM 14 on, in STLExtras.h in
// 13 (the clang-tidy plugin is built for 13 too).
#if __has_include("llvm/ADT/STLFunctionalExtras.h")
#include "llvm/ADT/STLFunctionalExtras.h"
#else
#include "llvm/ADT/STLExtras.h"
#endif
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

/// StringRef has starts_with and ends_with from LLVM 16 on, and startswith
/// and endswith up to 18; take_front and take_back are in every version we
/// build for, so no version test is needed.
inline bool startsWith(llvm::StringRef Str, llvm::StringRef Prefix) {
  return Str.take_front(Prefix.size()) == Prefix;
}
inline bool endsWith(llvm::StringRef Str, llvm::StringRef Suffix) {
  return Str.take_back(Suffix.size()) == Suffix;
}

} // namespace clang::tidy::llvmown::compat

#endif
