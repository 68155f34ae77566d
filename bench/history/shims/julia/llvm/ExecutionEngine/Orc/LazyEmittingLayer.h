/* llvmown history replay shim (hand-written): an ORCv1 header removed in LLVM 12; left empty */
