// Stand-in for llvm/IR/LegacyPassManager.h (LLVM 19), for the llvmown lit
// tests.
#ifndef LLVM_IR_LEGACYPASSMANAGER_H
#define LLVM_IR_LEGACYPASSMANAGER_H

namespace llvm {

class Module;
class Pass;

namespace legacy {

class PassManagerBase {
public:
  virtual ~PassManagerBase();
  // Takes ownership of the pass.
  virtual void add(Pass *P) = 0;
};

class PassManager : public PassManagerBase {
public:
  PassManager();
  ~PassManager() override;
  void add(Pass *P) override;
  bool run(Module &M);
};

} // namespace legacy
} // namespace llvm

#endif
