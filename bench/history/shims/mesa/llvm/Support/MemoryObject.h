/* llvmown history replay shim (hand-written): MemoryObject was removed in LLVM 3.6; nothing of it is needed by the replayed code paths */
