// RUN: %check_llvmown --frontend tidy --config '{CheckOptions: {llvmown-retained-thread-safe-module.LongLivedTypes: "jl::Handle;jl::CodeInstance", llvmown-retained-thread-safe-module.ReleaseFunctions: "jl::release;jl_release_unit"}}' %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool --config '{CheckOptions: {llvmown-retained-thread-safe-module.LongLivedTypes: "jl::Handle;jl::CodeInstance", llvmown-retained-thread-safe-module.ReleaseFunctions: "jl::release;jl_release_unit"}}' %s -- -std=c++17 -I%stubs
//
// llvmown-retained-thread-safe-module options. LongLivedTypes names types
// whose objects (and pointers to them) are long-lived handles: a
// ThreadSafeModule or ThreadSafeContext stored into one of their fields is
// flagged as in rule 1 without the `new` in sight, and a module taken out of
// one is rule 4. ReleaseFunctions names functions that free such an object:
// passing the object to one counts as deleting it, for the deletion note and
// for "deleted before the function returns". options-default.cpp is the same
// code without the options.

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

// The runtime's own objects and release functions, defined elsewhere.
namespace jl {
// A runtime handle to compiled code (LongLivedTypes).
struct Handle {
  orc::ThreadSafeModule M;
  std::string Name;
};
// The runtime's record of a compiled method (LongLivedTypes).
struct CodeInstance {
  orc::ThreadSafeContext Ctx;
  int Age = 0;
};
// Scratch space of one compilation (not in LongLivedTypes).
struct Scratch {
  orc::ThreadSafeModule M;
};
// Frees an object allocated with new (ReleaseFunctions).
void release(void *Object);
} // namespace jl

// Frees a compilation unit (ReleaseFunctions).
extern "C" void jl_release_unit(void *Unit);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the module is stored into a jl::Handle received as a pointer.
void attach(jl::Handle *H, orc::ThreadSafeModule TSM) {
  H->M = std::move(TSM); // WARN: ThreadSafeModule stored in '{{(jl::)?}}Handle::M'
}

// Must flag: a context copy is stored into a jl::CodeInstance received by
// reference (the second name in the list).
void attachContext(jl::CodeInstance &CI, const orc::ThreadSafeModule &TSM) {
  CI.Ctx = TSM.getContext(); // WARN: ThreadSafeContext stored in '{{(jl::)?}}CodeInstance::Ctx'
}

// Must flag: rule 4 on a jl::Handle; the emptied ThreadSafeModule stays in
// the handle.
std::unique_ptr<Module> detach(jl::Handle *H) {
  return H->M.consumingModuleDo([](std::unique_ptr<Module> Mod) { return Mod; }); // WARN: module taken out of 'H->M' leaves an empty ThreadSafeModule that still keeps its LLVMContext alive; reset it with '= orc::ThreadSafeModule()'
}

// A descriptor freed by the runtime's release function.
struct RelNative {
  orc::ThreadSafeModule M;
};

// Must flag: rule 1; the only release (through jl::release) is on one path
// of dump_native_rel.
extern "C" void *emit_native_rel(orc::ThreadSafeModule *TSM) {
  auto *Data = new RelNative;
  Data->M = std::move(*TSM); // WARN: ThreadSafeModule stored in 'RelNative::M' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
  return Data; // NOTE: the object escapes here
}

// Releases the descriptor only when nothing is printed.
extern "C" void dump_native_rel(void *Native, bool Print) {
  auto *Data = static_cast<RelNative *>(Native);
  if (!Print) {
    jl::release(Data); // NOTE: 'RelNative' is deleted only here, in 'dump_native_rel'
    return;
  }
  Data->M.withModuleDo([](Module &M) { outs() << M.getName() << "\n"; });
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: jl::Scratch is not in LongLivedTypes, and no `new` of it is
// in sight.
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

// Must not flag: the handle's ThreadSafeModule is moved into the JIT, which
// leaves it without module or context.
Error publish(orc::LLJIT &J, jl::Handle &H) {
  return J.addIRModule(std::move(H.M));
}

// A compilation unit freed by jl_release_unit.
struct Unit {
  orc::ThreadSafeModule M;
};

// The unit being compiled, for the crash handler.
Unit *CurrentUnit = nullptr;

// Must not flag: the unit is published in a global while it is printed, and
// released (jl_release_unit) before the function returns.
void printUnit(orc::ThreadSafeModule TSM) {
  auto *U = new Unit;
  U->M = std::move(TSM);
  CurrentUnit = U;
  U->M.withModuleDo([](Module &M) { outs() << M.getName() << "\n"; });
  CurrentUnit = nullptr;
  jl_release_unit(U);
}

// The fixed twin of RelNative.
struct RelFreedNative {
  orc::ThreadSafeModule M;
};

// Must not flag: free_native_rel() releases the descriptor on every path.
extern "C" void *emit_native_rel_freed(orc::ThreadSafeModule *TSM) {
  auto *Data = new RelFreedNative;
  Data->M = std::move(*TSM);
  return Data;
}

// Always releases the descriptor.
extern "C" void free_native_rel(void *Native) {
  jl::release(static_cast<RelFreedNative *>(Native));
}
