//===- NoZ3.cpp - the static release's stand-in for LLVM's Z3 solver ------===//
//
// Debian's LLVM is built with Z3 (LLVM_WITH_Z3), and ships no static libz3.
// The Clang static analyzer, which clang-tidy's library links, names
// CreateZ3Solver; the llvmown-* checks never run it. Defining the symbols
// of Z3Solver.cpp here, as an LLVM built without Z3 does, keeps that archive
// member, and with it libz3, out of the static executable.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SMTAPI.h"
#include "llvm/Support/raw_ostream.h"

llvm::SMTSolverRef llvm::CreateZ3Solver() {
  llvm::report_fatal_error("llvmown's static build has no Z3 solver", false);
}

void llvm::SMTSort::dump() const { print(llvm::errs()); }
void llvm::SMTExpr::dump() const { print(llvm::errs()); }
void llvm::SMTSolver::dump() const { print(llvm::errs()); }
#if LLVMOWN_SMT_STATISTICS
void llvm::SMTSolverStatistics::dump() const { print(llvm::errs()); }
#endif
