//===- Lattice.h - the lattice contract of every analysis state -----------===//
//
// Every dataflow state in the engine is a join-semilattice element with this
// contract (the solver relies on it, and LatticeTest checks each building
// block against it):
//
//  - `bool join(const T &Other)` makes *this the least upper bound of *this
//    and Other and returns true iff *this changed;
//  - `operator==` agrees with join: `A.join(B)` returns false exactly when
//    `A == join(A, B)`; no field is ignored by one and used by the other;
//  - the default-constructed value is bottom; a map entry holding bottom is
//    the same as no entry (joins and comparisons treat them alike);
//  - every chain is finite (the sets are subsets of a function's finite
//    number of objects, owners, locations and sites), so the fixpoint is
//    reached without widening unless a transfer function is not monotone;
//    the solver's visit budget catches that case (see Solver.h).
//
// Metadata carried with a value (the statement where it was bound, where an
// owner ended) joins by keeping the earliest in source order, which is a
// semilattice operation too: results never depend on the order in which the
// solver visits blocks.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_LATTICE_H
#define LLVMOWN_ENGINE_LATTICE_H

#include "engine/framework/AstFwd.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>

namespace clang::tidy::llvmown {

/// A finite set of small integers (abstract objects, owners): union is the
/// join. Sets of different capacities compare as if padded with zeros.
class BitSet {
public:
  BitSet() = default;
  static BitSet of(unsigned I) {
    BitSet S;
    S.insert(I);
    return S;
  }

  bool contains(unsigned I) const { return I < Bits.size() && Bits.test(I); }
  bool empty() const { return Bits.none(); }
  bool any() const { return Bits.any(); }
  void insert(unsigned I) {
    if (Bits.size() <= I)
      Bits.resize(I + 1);
    Bits.set(I);
  }
  void erase(unsigned I) {
    if (I < Bits.size())
      Bits.reset(I);
  }
  void clear() { Bits.reset(); }
  /// Removes every element of \p O.
  void subtract(const BitSet &O) {
    for (unsigned I : O)
      erase(I);
  }
  /// The lattice join: union. Returns true if an element was added.
  bool join(const BitSet &O) {
    bool Changed = false;
    for (unsigned I : O)
      if (!contains(I)) {
        insert(I);
        Changed = true;
      }
    return Changed;
  }
  bool operator==(const BitSet &O) const {
    size_t N = std::max(Bits.size(), O.Bits.size());
    for (size_t I = 0; I < N; ++I)
      if (contains(I) != O.contains(I))
        return false;
    return true;
  }
  bool operator!=(const BitSet &O) const { return !(*this == O); }
  /// The smallest element, or -1.
  int first() const { return Bits.find_first(); }

  class iterator {
  public:
    iterator(const llvm::SmallBitVector *B, int I) : B(B), I(I) {}
    unsigned operator*() const { return unsigned(I); }
    iterator &operator++() {
      I = B->find_next(I);
      return *this;
    }
    bool operator!=(const iterator &O) const { return I != O.I; }

  private:
    const llvm::SmallBitVector *B;
    int I;
  };
  iterator begin() const { return iterator(&Bits, Bits.find_first()); }
  iterator end() const { return iterator(&Bits, -1); }

private:
  llvm::SmallBitVector Bits;
};

/// A map whose missing entries are bottom; joins pointwise. V must follow
/// the lattice contract and have `bool empty() const` telling bottom.
template <typename K, typename V> class MapLattice {
public:
  using Map = llvm::DenseMap<K, V>;

  const V *find(const K &Key) const {
    auto It = Entries.find(Key);
    return It == Entries.end() ? nullptr : &It->second;
  }
  /// The value at \p Key (bottom if absent).
  V lookup(const K &Key) const {
    const V *Found = find(Key);
    return Found ? *Found : V();
  }
  bool contains(const K &Key) const {
    const V *Found = find(Key);
    return Found && !Found->empty();
  }
  V &operator[](const K &Key) { return Entries[Key]; }
  void set(const K &Key, V Value) {
    if (Value.empty())
      Entries.erase(Key);
    else
      Entries[Key] = std::move(Value);
  }
  bool erase(const K &Key) { return Entries.erase(Key); }
  size_t size() const { return Entries.size(); }
  void clear() { Entries.clear(); }
  bool empty() const {
    for (const auto &E : Entries)
      if (!E.second.empty())
        return false;
    return true;
  }

  bool join(const MapLattice &O) {
    bool Changed = false;
    for (const auto &E : O.Entries) {
      if (E.second.empty())
        continue;
      auto [It, New] = Entries.try_emplace(E.first, E.second);
      Changed |= New || It->second.join(E.second);
    }
    return Changed;
  }
  bool operator==(const MapLattice &O) const {
    return includedIn(O) && O.includedIn(*this);
  }
  bool operator!=(const MapLattice &O) const { return !(*this == O); }

  typename Map::const_iterator begin() const { return Entries.begin(); }
  typename Map::const_iterator end() const { return Entries.end(); }
  typename Map::iterator begin() { return Entries.begin(); }
  typename Map::iterator end() { return Entries.end(); }

private:
  bool includedIn(const MapLattice &O) const {
    for (const auto &E : Entries) {
      if (E.second.empty())
        continue;
      const V *Other = O.find(E.first);
      if (!Other || !(E.second == *Other))
        return false;
    }
    return true;
  }
  Map Entries;
};

/// A value that joins by keeping the smallest under \p Less (the earliest
/// in source order, the smallest id): a semilattice on any total order.
/// Bottom is "none yet".
template <typename T, typename Less> class MinLattice {
public:
  MinLattice() = default;
  explicit MinLattice(T Value) : Value(std::move(Value)), Set(true) {}
  bool empty() const { return !Set; }
  const T &get() const { return Value; }
  bool join(const MinLattice &O) {
    if (!O.Set)
      return false;
    if (Set && !Less()(O.Value, Value))
      return false;
    Value = O.Value;
    Set = true;
    return true;
  }
  bool operator==(const MinLattice &O) const {
    return Set == O.Set &&
           (!Set || (!Less()(Value, O.Value) && !Less()(O.Value, Value)));
  }

private:
  T Value{};
  bool Set = false;
};

/// A small set whose join is union, kept sorted under \p Less so that
/// iterating it does not depend on the order elements arrived in. Bottom is
/// the empty set.
template <typename T, typename Less> class SortedSetLattice {
public:
  SortedSetLattice() = default;
  explicit SortedSetLattice(T Value) { Items.push_back(std::move(Value)); }
  bool empty() const { return Items.empty(); }
  bool join(const SortedSetLattice &O) {
    bool Changed = false;
    for (const T &V : O.Items) {
      auto It = std::lower_bound(Items.begin(), Items.end(), V, Less());
      if (It != Items.end() && !Less()(V, *It))
        continue;
      Items.insert(It, V);
      Changed = true;
    }
    return Changed;
  }
  bool operator==(const SortedSetLattice &O) const { return Items == O.Items; }
  typename llvm::SmallVector<T, 2>::const_iterator begin() const {
    return Items.begin();
  }
  typename llvm::SmallVector<T, 2>::const_iterator end() const {
    return Items.end();
  }

private:
  llvm::SmallVector<T, 2> Items;
};

/// The engine's one source order, for the "earliest" metadata of states and
/// for sets kept sorted. Source locations ordered by their raw encoding: a
/// total order, and source order for the locations of one file (macro
/// expansions sort after file locations). Cheap, and needs no SourceManager
/// inside a join.
struct EarlierLoc {
  bool operator()(SourceLocation A, SourceLocation B) const {
    return A.getRawEncoding() < B.getRawEncoding();
  }
};
/// Statements by EarlierLoc of their beginning, then the outer first; ties
/// (only macros make them) by address.
struct EarlierStmt {
  bool operator()(const Stmt *A, const Stmt *B) const;
};
/// Declarations by EarlierLoc of their name; none before any.
struct EarlierDecl {
  bool operator()(const NamedDecl *A, const NamedDecl *B) const;
};

} // namespace clang::tidy::llvmown

#endif
