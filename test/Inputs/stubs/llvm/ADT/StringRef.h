// Stand-in for llvm/ADT/StringRef.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_ADT_STRINGREF_H
#define LLVM_ADT_STRINGREF_H

#include <cstddef>
#include <cstring>
#include <string>

namespace llvm {

class StringRef {
  const char *Data = nullptr;
  size_t Length = 0;

public:
  StringRef() = default;
  StringRef(const char *Str) : Data(Str), Length(Str ? std::strlen(Str) : 0) {}
  StringRef(const char *Str, size_t Len) : Data(Str), Length(Len) {}
  StringRef(const std::string &Str) : Data(Str.data()), Length(Str.size()) {}

  const char *data() const { return Data; }
  size_t size() const { return Length; }
  bool empty() const { return Length == 0; }
  std::string str() const { return Data ? std::string(Data, Length) : ""; }
  bool starts_with(StringRef Prefix) const {
    return Length >= Prefix.Length &&
           std::memcmp(Data, Prefix.Data, Prefix.Length) == 0;
  }
};

inline bool operator==(StringRef L, StringRef R) {
  return L.size() == R.size() &&
         (L.size() == 0 || std::memcmp(L.data(), R.data(), L.size()) == 0);
}
inline bool operator!=(StringRef L, StringRef R) { return !(L == R); }

} // namespace llvm

#endif
