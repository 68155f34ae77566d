//===- FlagSet.h - a typed set of an enum's flags -------------------------===//
//
// The model and the helpers describe things by sets of flags (what a kind
// is, what a method does, what a climb passes through). A FlagSet<E> holds
// the enumerators of one enum class, so a set of one enum cannot be passed
// where another's is expected, and an enumerator never turns into a number.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_FRAMEWORK_FLAGSET_H
#define LLVMOWN_ENGINE_FRAMEWORK_FLAGSET_H

#include <cstdint>
#include <type_traits>

namespace clang::tidy::llvmown {

/// A set of enumerators of \p E, an enum class whose enumerators count up
/// from 0 (at most 32 of them).
template <typename E> class FlagSet {
  static_assert(std::is_enum_v<E> && !std::is_convertible_v<E, unsigned>,
                "FlagSet holds the enumerators of an enum class");

public:
  constexpr FlagSet() = default;
  constexpr FlagSet(E Flag) : Bits(bit(Flag)) {}

  constexpr bool has(E Flag) const { return Bits & bit(Flag); }
  constexpr bool hasAny(FlagSet S) const { return Bits & S.Bits; }
  constexpr bool empty() const { return !Bits; }

  constexpr FlagSet &operator|=(FlagSet S) {
    Bits |= S.Bits;
    return *this;
  }
  friend constexpr FlagSet operator|(FlagSet A, FlagSet B) { return A |= B; }
  /// The flags in both.
  friend constexpr FlagSet operator&(FlagSet A, FlagSet B) {
    return FlagSet(A.Bits & B.Bits, 0);
  }
  friend constexpr bool operator==(FlagSet A, FlagSet B) {
    return A.Bits == B.Bits;
  }
  friend constexpr bool operator!=(FlagSet A, FlagSet B) { return !(A == B); }

private:
  constexpr FlagSet(uint32_t Raw, int) : Bits(Raw) {}
  static constexpr uint32_t bit(E Flag) {
    return uint32_t(1) << static_cast<unsigned>(Flag);
  }
  uint32_t Bits = 0;
};

/// `A | B` of two enumerators of a flag enum (one that declares
/// `isFlagEnum(E)`, found by argument-dependent lookup) is their set.
template <typename E, typename = decltype(isFlagEnum(E()))>
constexpr FlagSet<E> operator|(E A, E B) {
  return FlagSet<E>(A) | B;
}

} // namespace clang::tidy::llvmown

#endif
