// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-retained-thread-safe-module, rule 4: the emptied ThreadSafeModule
// reset by a function of its own, which the caller runs right after taking
// the module (the "small release function" fix of the GPUCompiler report;
// measured: no growth, see docs/runtime-validation.md). A reset inside the
// taking function but before the take does not count (emptied.cpp).

#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/Module.h"
#include <memory>

using namespace llvm;

struct NativeCode {
  orc::ThreadSafeModule M;
};

struct OtherCode {
  orc::ThreadSafeModule M;
};

// Both descriptors escape to the caller as raw pointers.
extern "C" void *new_native() {
  auto *Data = new NativeCode;
  return Data;
}
extern "C" void *new_other() {
  auto *Data = new OtherCode;
  return Data;
}

// Must not flag: release_module() resets the same member.
extern "C" Module *take_llvm_module(void *Native) {
  auto *Data = static_cast<NativeCode *>(Native);
  std::unique_ptr<Module> Taken;
  Data->M.consumingModuleDo(
      [&](std::unique_ptr<Module> Mod) { Taken = std::move(Mod); });
  return Taken.release();
}

extern "C" void release_module(void *Native) {
  static_cast<NativeCode *>(Native)->M = orc::ThreadSafeModule();
}

// Must flag: nothing resets OtherCode::M.
std::unique_ptr<Module> takeOther(OtherCode &Code) {
  return Code.M.consumingModuleDo([](std::unique_ptr<Module> Mod) { return Mod; }); // WARN: module taken out of 'Code.M' leaves an empty ThreadSafeModule
}
