//===- LatticeContract.h - the lattice contract, as a test ----------------===//

#ifndef LLVMOWN_TEST_UNIT_LATTICECONTRACT_H
#define LLVMOWN_TEST_UNIT_LATTICECONTRACT_H

#include "gtest/gtest.h"

namespace llvmown_test {

/// Checks the contract of Lattice.h on one pair: join's result is the least
/// upper bound, commutative and idempotent, and its return value says
/// whether the value changed, as == sees it.
template <typename T> void checkContract(const T &A, const T &B) {
  T AB = A;
  bool Changed = AB.join(B);
  EXPECT_EQ(Changed, !(AB == A));
  T BA = B;
  BA.join(A);
  EXPECT_TRUE(AB == BA); // commutative
  T Again = AB;
  EXPECT_FALSE(Again.join(B)); // idempotent: B is already included
  EXPECT_FALSE(Again.join(A));
  EXPECT_TRUE(Again == AB);
}

} // namespace llvmown_test

#endif
