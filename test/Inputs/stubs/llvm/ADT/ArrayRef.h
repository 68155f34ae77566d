// Stand-in for llvm/ADT/ArrayRef.h (LLVM 19), for the llvmown lit tests: a
// non-owning view of an array.
#ifndef LLVM_ADT_ARRAYREF_H
#define LLVM_ADT_ARRAYREF_H

#include <cstddef>
#include <initializer_list>
#include <vector>

namespace llvm {

template <typename T> class [[nodiscard]] ArrayRef {
  const T *Data = nullptr;
  size_t Length = 0;

public:
  using iterator = const T *;

  ArrayRef() = default;
  ArrayRef(const T &OneElt) : Data(&OneElt), Length(1) {}
  ArrayRef(const T *data, size_t length) : Data(data), Length(length) {}
  template <typename A>
  ArrayRef(const std::vector<T, A> &Vec) : Data(Vec.data()), Length(Vec.size()) {}
  ArrayRef(std::initializer_list<T> Vec)
      : Data(Vec.begin() == Vec.end() ? (T *)nullptr : Vec.begin()),
        Length(Vec.size()) {}

  iterator begin() const { return Data; }
  iterator end() const { return Data + Length; }
  bool empty() const { return Length == 0; }
  size_t size() const { return Length; }
  const T &operator[](size_t Index) const { return Data[Index]; }
};

} // namespace llvm

#endif
