// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context: a raw `Module *` taken with get() from a
// local std::unique_ptr<Module> (a parameter taken by value among them)
// that the function never hands over (never moved, released, or passed on)
// lives no longer than that unique_ptr. Stored in a member or a member
// container, or returned, it dangles once the function returns; used after
// the unique_ptr's scope ended, it is a use after free. Not flagged: the
// unique_ptr moved into the container too, or released; a member cleared
// before the function returns; a pointer used only while the unique_ptr
// lives.

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <memory>
#include <utility>
#include <vector>

using namespace llvm;

void run(Module *M);

// The shape of a real test driver: the module is given to addModule by
// value, which keeps only a raw pointer, so the module dies on return.
class Registry {
  std::vector<Module *> Modules;
  std::vector<std::unique_ptr<Module>> Owned;
  Module *Current = nullptr;

public:
  void addModule(std::unique_ptr<Module> M) {
    Modules.push_back(M.get()); // WARN: module stored here is owned by std::unique_ptr 'M', which deletes it when the function returns; store the std::unique_ptr itself, or release() it
  }

  void setCurrent(LLVMContext &Ctx) {
    auto M = std::make_unique<Module>("current", Ctx);
    M->setModuleIdentifier("current");
    Current = M.get(); // WARN: module stored here is owned by std::unique_ptr 'M'
  }

  // Fixed: the container owns the module.
  void addOwned(std::unique_ptr<Module> M) {
    Modules.push_back(M.get());
    Owned.push_back(std::move(M));
  }

  // Fixed: the module is released to the raw pointer's owner.
  void addReleased(std::unique_ptr<Module> M) {
    Modules.push_back(M.get());
    (void)M.release();
  }

  // The member is cleared before the module dies.
  void runWith(std::unique_ptr<Module> M) {
    Current = M.get();
    run(Current);
    Current = nullptr;
  }

  // Only used while M lives.
  void runNow(std::unique_ptr<Module> M) {
    if (M)
      run(M.get());
  }
};

Module *returned(LLVMContext &Ctx) {
  std::unique_ptr<Module> M = std::make_unique<Module>("r", Ctx);
  return M.get(); // WARN: module returned here is owned by std::unique_ptr 'M', which deletes it when the function returns; return the std::unique_ptr itself, or release() it
}

void usedAfterScope(LLVMContext &Ctx) {
  Module *Raw = nullptr;
  {
    auto M = std::make_unique<Module>("inner", Ctx);
    Raw = M.get();
  }
  run(Raw); // WARN: 'Raw' points to a module that std::unique_ptr 'M' deleted at line 78
}
