// Stand-in for llvm/Support/ExtensibleRTTI.h (LLVM 19), for the llvmown lit
// tests: the base classes ORC's object layers derive through
// (class RTDyldObjectLinkingLayer : public RTTIExtends<..., ObjectLayer>).
#ifndef LLVM_SUPPORT_EXTENSIBLERTTI_H
#define LLVM_SUPPORT_EXTENSIBLERTTI_H

namespace llvm {

/// Base class for the extensible RTTI hierarchy.
class RTTIRoot {
public:
  virtual ~RTTIRoot() = default;

  static const void *classID() { return &ID; }
  virtual const void *dynamicClassID() const = 0;
  virtual bool isA(const void *const ClassID) const {
    return ClassID == classID();
  }

private:
  virtual void anchor();
  static char ID;
};

/// Inheritance utility for extensible RTTI: ThisT derives from ParentT.
template <typename ThisT, typename ParentT>
class RTTIExtends : public ParentT {
public:
  // Inherit constructors from ParentT.
  using ParentT::ParentT;

  static const void *classID() { return &ThisT::ID; }

  const void *dynamicClassID() const override { return &ThisT::ID; }

  bool isA(const void *const ClassID) const override {
    return ClassID == classID() || ParentT::isA(ClassID);
  }
};

} // namespace llvm

#endif
