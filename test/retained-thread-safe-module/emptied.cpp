// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-retained-thread-safe-module, rule 4 (shape (b) of an AOT
// compiler): the module is taken out of the descriptor's ThreadSafeModule
// with consumingModuleDo, so that the caller owns it, but the emptied
// ThreadSafeModule still holds its ThreadSafeContext, and so the LLVMContext,
// for as long as the descriptor lives. emit_native() itself is rule 1, as in
// descriptor.cpp.
//
// Flagged: consumingModuleDo with a lambda taking std::unique_ptr<Module>, on
// a field of the escaping descriptor (received as void * and cast, or as a
// reference to the descriptor type) or on a global ThreadSafeModule, with no
// `= orc::ThreadSafeModule()` afterwards.
//
// Not flagged: the same, reset afterwards; consumingModuleDo on a local or
// by-value ThreadSafeModule, whose module the lambda consumes; a lambda taking the unique_ptr by const
// reference (the module stays); withModuleDo.

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>
#include <system_error>
#include <vector>

using namespace llvm;

// Writes the module of TSM as bitcode to Path (only reads the module).
static void writeBitcode(orc::ThreadSafeModule &TSM, const char *Path) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return;
  TSM.withModuleDo([&](Module &M) { WriteBitcodeToFile(M, OS); });
}

// The native-code descriptor.
struct NativeCode {
  orc::ThreadSafeModule M;
  std::vector<std::string> FunctionNames;
};

// A module staged by another file, for the next compilation.
extern orc::ThreadSafeModule Staged;

//===--- Must flag ---------------------------------------------------------===//

// Must flag: rule 1, the module is moved into the escaping descriptor.
extern "C" void *emit_native(orc::ThreadSafeModule *TSM) {
  auto *Data = new NativeCode;
  Data->M = std::move(*TSM); // WARN: ThreadSafeModule stored in 'NativeCode::M' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
  return Data; // NOTE: the object escapes here
}

// Deletes the descriptor only when there is nothing to write.
extern "C" void dump_native(void *Native, const char *BitcodePath) {
  auto *Data = static_cast<NativeCode *>(Native);
  if (!BitcodePath) {
    delete Data; // NOTE: 'NativeCode' is deleted only here, in 'dump_native'
    return;
  }
  writeBitcode(Data->M, BitcodePath);
}

// Must flag: shape (b). The caller gets the module; the descriptor's
// ThreadSafeModule is left empty but still holds the context.
extern "C" Module *take_llvm_module(void *Native) {
  auto *Data = static_cast<NativeCode *>(Native);
  std::unique_ptr<Module> Taken;
  Data->M.consumingModuleDo([&](std::unique_ptr<Module> Mod) { Taken = std::move(Mod); }); // WARN: module taken out of 'Data->M' leaves an empty ThreadSafeModule that still keeps its LLVMContext alive; reset it with '= orc::ThreadSafeModule()'
  return Taken.release();
}

// Must flag: the descriptor is received by reference; the lambda returns the
// module.
std::unique_ptr<Module> takeModule(NativeCode &Code) {
  return Code.M.consumingModuleDo([](std::unique_ptr<Module> Mod) { return Mod; }); // WARN: module taken out of 'Code.M' leaves an empty ThreadSafeModule that still keeps its LLVMContext alive; reset it with '= orc::ThreadSafeModule()'
}

// Must flag: the module is taken out, but the descriptor's ThreadSafeModule
// is reset before, not after.
std::unique_ptr<Module> takeAfterEarlyReset(NativeCode *Data, bool Discard) {
  std::unique_ptr<Module> Taken;
  if (Discard) {
    Data->M = orc::ThreadSafeModule();
    return Taken;
  }
  Data->M.consumingModuleDo([&](std::unique_ptr<Module> Mod) { Taken = std::move(Mod); }); // WARN: module taken out of 'Data->M' leaves an empty ThreadSafeModule that still keeps its LLVMContext alive; reset it with '= orc::ThreadSafeModule()'
  return Taken;
}

// Must flag: a global ThreadSafeModule emptied and not reset.
std::unique_ptr<Module> takeStaged() {
  std::unique_ptr<Module> Taken;
  Staged.consumingModuleDo([&](std::unique_ptr<Module> Mod) { Taken = std::move(Mod); }); // WARN: module taken out of 'Staged' leaves an empty ThreadSafeModule that still keeps its LLVMContext alive; reset it with '= orc::ThreadSafeModule()'
  return Taken;
}

// Must flag: reset on one path only; where Keep is set, the emptied
// ThreadSafeModule stays in the global.
std::unique_ptr<Module> takeStagedMaybeReset(bool Keep) {
  std::unique_ptr<Module> Taken;
  Staged.consumingModuleDo([&](std::unique_ptr<Module> Mod) { Taken = std::move(Mod); }); // WARN: module taken out of 'Staged' leaves an empty ThreadSafeModule that still keeps its LLVMContext alive; reset it with '= orc::ThreadSafeModule()'
  if (!Keep)
    Staged = orc::ThreadSafeModule();
  return Taken;
}

// Must flag: the reset at the top of the loop runs before the next round's
// take, not after the last one.
void drainStaged(std::vector<std::unique_ptr<Module>> &Out, int Rounds) {
  for (int I = 0; I < Rounds; ++I) {
    Staged = orc::ThreadSafeModule();
    Staged.consumingModuleDo([&](std::unique_ptr<Module> Mod) { Out.push_back(std::move(Mod)); }); // WARN: module taken out of 'Staged' leaves an empty ThreadSafeModule that still keeps its LLVMContext alive; reset it with '= orc::ThreadSafeModule()'
  }
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: shape (b) fixed; the emptied ThreadSafeModule is reset, which
// drops the descriptor's reference to the context.
extern "C" Module *take_llvm_module_reset(void *Native) {
  auto *Data = static_cast<NativeCode *>(Native);
  std::unique_ptr<Module> Taken;
  Data->M.consumingModuleDo(
      [&](std::unique_ptr<Module> Mod) { Taken = std::move(Mod); });
  Data->M = orc::ThreadSafeModule();
  return Taken.release();
}

// Must not flag: by reference, reset after taking the module.
std::unique_ptr<Module> takeModuleAndReset(NativeCode &Code) {
  std::unique_ptr<Module> Taken = Code.M.consumingModuleDo(
      [](std::unique_ptr<Module> Mod) { return Mod; });
  Code.M = orc::ThreadSafeModule();
  return Taken;
}

// Must not flag: the global is reset after its module is taken.
std::unique_ptr<Module> takeStagedAndReset() {
  std::unique_ptr<Module> Taken;
  Staged.consumingModuleDo(
      [&](std::unique_ptr<Module> Mod) { Taken = std::move(Mod); });
  Staged = orc::ThreadSafeModule();
  return Taken;
}

// Must not flag: reset on both paths after the take.
std::unique_ptr<Module> takeStagedResetBoth(bool Log) {
  std::unique_ptr<Module> Taken;
  Staged.consumingModuleDo(
      [&](std::unique_ptr<Module> Mod) { Taken = std::move(Mod); });
  if (Log)
    Staged = orc::ThreadSafeModule();
  else
    Staged = {};
  return Taken;
}

// Must not flag: a local ThreadSafeModule, whose module the lambda writes
// and destroys; the ThreadSafeModule and its context reference die with the
// function.
void writeAndDiscard(orc::ThreadSafeModule *Src, const char *BitcodePath) {
  orc::ThreadSafeModule TSM = std::move(*Src);
  std::error_code EC;
  raw_fd_ostream OS(BitcodePath, EC);
  TSM.consumingModuleDo([&](std::unique_ptr<Module> Mod) {
    if (!EC)
      WriteBitcodeToFile(*Mod, OS);
  });
}

// A sink that takes a module, defined elsewhere.
void consumeModule(std::unique_ptr<Module> M);

// Must not flag: a by-value parameter is the function's own; the module is
// handed to a sink that takes it, and the parameter dies with the function.
void unwrapInto(orc::ThreadSafeModule TSM) {
  TSM.consumingModuleDo(
      [](std::unique_ptr<Module> Mod) { consumeModule(std::move(Mod)); });
}

// Must not flag: the lambda only looks at the module through a const
// reference; the descriptor keeps it.
extern "C" size_t module_name_length(void *Native) {
  auto *Data = static_cast<NativeCode *>(Native);
  size_t Length = 0;
  Data->M.consumingModuleDo([&](const std::unique_ptr<Module> &Mod) {
    Length = Mod->getName().size();
  });
  return Length;
}

// Must not flag: withModuleDo only reads the module.
extern "C" void collect_names(void *Native) {
  auto *Data = static_cast<NativeCode *>(Native);
  Data->M.withModuleDo(
      [&](Module &M) { Data->FunctionNames.push_back(M.getName().str()); });
}
