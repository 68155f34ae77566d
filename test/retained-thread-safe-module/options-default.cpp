// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-retained-thread-safe-module with the default options (both empty):
// the code of options.cpp, where jl::Handle and jl::CodeInstance are ordinary
// types (no `new` of them in sight, so storing into them is not flagged) and
// jl::release and jl_release_unit are unknown functions (passing an object to
// them does not delete it).

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

// The runtime's own objects and release functions, defined elsewhere (as in
// options.cpp).
namespace jl {
struct Handle {
  orc::ThreadSafeModule M;
  std::string Name;
};
struct CodeInstance {
  orc::ThreadSafeContext Ctx;
  int Age = 0;
};
struct Scratch {
  orc::ThreadSafeModule M;
};
void release(void *Object);
} // namespace jl

extern "C" void jl_release_unit(void *Unit);

//===--- Must flag ---------------------------------------------------------===//

// A descriptor freed by the runtime's release function.
struct RelNative { // NOTE: nothing in this file deletes a 'RelNative'
  orc::ThreadSafeModule M;
};

// Must flag: rule 1; jl::release is not known to delete, so nothing deletes
// the descriptor.
extern "C" void *emit_native_rel(orc::ThreadSafeModule *TSM) {
  auto *Data = new RelNative;
  Data->M = std::move(*TSM); // WARN: ThreadSafeModule stored in 'RelNative::M' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
  return Data; // NOTE: the object escapes here
}

// Passes the descriptor to jl::release, an unknown function.
extern "C" void dump_native_rel(void *Native, bool Print) {
  auto *Data = static_cast<RelNative *>(Native);
  if (!Print) {
    jl::release(Data);
    return;
  }
  Data->M.withModuleDo([](Module &M) { outs() << M.getName() << "\n"; });
}

// A compilation unit freed by jl_release_unit.
struct Unit { // NOTE: nothing in this file deletes an 'Unit'
  orc::ThreadSafeModule M;
};

// The unit being compiled, for the crash handler.
Unit *CurrentUnit = nullptr;

// Must flag: the unit escapes into a global; jl_release_unit is not known to
// delete it.
void printUnit(orc::ThreadSafeModule TSM) {
  auto *U = new Unit;
  U->M = std::move(TSM); // WARN: ThreadSafeModule stored in 'Unit::M' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
  CurrentUnit = U; // NOTE: the object escapes here
  U->M.withModuleDo([](Module &M) { outs() << M.getName() << "\n"; });
  CurrentUnit = nullptr;
  jl_release_unit(U);
}

// The fixed twin of RelNative in options.cpp.
struct RelFreedNative { // NOTE: nothing in this file deletes a 'RelFreedNative'
  orc::ThreadSafeModule M;
};

// Must flag: free_native_rel() passes the descriptor to an unknown function.
extern "C" void *emit_native_rel_freed(orc::ThreadSafeModule *TSM) {
  auto *Data = new RelFreedNative;
  Data->M = std::move(*TSM); // WARN: ThreadSafeModule stored in 'RelFreedNative::M' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
  return Data; // NOTE: the object escapes here
}

// Passes the descriptor to jl::release, an unknown function.
extern "C" void free_native_rel(void *Native) {
  jl::release(static_cast<RelFreedNative *>(Native));
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: without LongLivedTypes, jl::Handle is an ordinary type and no
// `new` of it is in sight.
void attach(jl::Handle *H, orc::ThreadSafeModule TSM) {
  H->M = std::move(TSM);
}

// Must not flag: nor jl::CodeInstance.
void attachContext(jl::CodeInstance &CI, const orc::ThreadSafeModule &TSM) {
  CI.Ctx = TSM.getContext();
}

// Must not flag: a module taken out of a jl::Handle, which is not known to
// be long-lived.
std::unique_ptr<Module> detach(jl::Handle *H) {
  return H->M.consumingModuleDo(
      [](std::unique_ptr<Module> Mod) { return Mod; });
}

// Must not flag: jl::Scratch, as in options.cpp.
void fillScratch(jl::Scratch *S, orc::ThreadSafeModule TSM) {
  S->M = std::move(TSM);
}

// Must not flag: the handle's emptied ThreadSafeModule is reset.
std::unique_ptr<Module> detachAndReset(jl::Handle *H) {
  std::unique_ptr<Module> Taken = H->M.consumingModuleDo(
      [](std::unique_ptr<Module> Mod) { return Mod; });
  H->M = orc::ThreadSafeModule();
  return Taken;
}

// Must not flag: the handle's ThreadSafeModule is moved into the JIT.
Error publish(orc::LLJIT &J, jl::Handle &H) {
  return J.addIRModule(std::move(H.M));
}
