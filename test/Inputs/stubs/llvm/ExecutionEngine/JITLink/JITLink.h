// Stand-in for llvm/ExecutionEngine/JITLink/JITLink.h (LLVM 19), for the
// llvmown lit tests: only LinkGraph, as an opaque class.
#ifndef LLVM_EXECUTIONENGINE_JITLINK_JITLINK_H
#define LLVM_EXECUTIONENGINE_JITLINK_JITLINK_H

namespace llvm {
namespace jitlink {

/// A graph of atoms and their relocations: what JITLink links.
class LinkGraph {
public:
  LinkGraph(const LinkGraph &) = delete;
  LinkGraph &operator=(const LinkGraph &) = delete;
  ~LinkGraph();
};

} // namespace jitlink
} // namespace llvm

#endif
