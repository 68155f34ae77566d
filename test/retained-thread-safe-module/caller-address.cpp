// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-retained-thread-safe-module, rule 5 (shape (c) of an AOT
// compiler): the descriptor does not own the module but points at the
// caller's ThreadSafeModule, and get_llvm_module() lends the module through
// that pointer. The descriptor outlives the call, so the pointer dangles once
// the caller destroys (or disposes of) its ThreadSafeModule.
//
// Flagged: the address of a `orc::ThreadSafeModule &` parameter, or a
// `orc::ThreadSafeModule *` parameter, stored in a field of a heap object
// that escapes (returned, written through an out-parameter, stored into a
// global).
//
// Not flagged (the fixed twins): the descriptor moves the module in and owns
// it (and free_native_owned() deletes it); the descriptor does not escape (on
// the stack, in a std::unique_ptr, deleted before the function returns).

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

// The native-code descriptor of shape (c): it refers to the caller's module.
struct NativeRef {
  orc::ThreadSafeModule *TSMRef = nullptr;
  std::vector<std::string> FunctionNames;
};

// The names of the functions of TSM's module.
static std::vector<std::string> functionNames(orc::ThreadSafeModule &TSM) {
  std::vector<std::string> Names;
  TSM.withModuleDo([&](Module &M) {
    if (M.getFunction("main"))
      Names.push_back("main");
  });
  return Names;
}

//===--- Must flag ---------------------------------------------------------===//

// Must flag: shape (c). The address of the caller's module is kept in the
// descriptor, which is returned as void *.
extern "C" void *emit_native(orc::ThreadSafeModule &TSM) {
  auto *Data = new NativeRef;
  Data->TSMRef = &TSM; // WARN: address of the caller's ThreadSafeModule 'TSM' stored in 'NativeRef::TSMRef' of a heap object that escapes as a raw pointer; it dangles once the caller's module is destroyed
  Data->FunctionNames = functionNames(TSM);
  return Data;
}

// Deletes the descriptor only when there is nothing to write.
extern "C" void dump_native(void *Native, const char *BitcodePath) {
  auto *Data = static_cast<NativeRef *>(Native);
  if (!BitcodePath) {
    delete Data;
    return;
  }
  writeBitcode(*Data->TSMRef, BitcodePath);
}

// Lends the caller's module, through the descriptor.
extern "C" Module *get_llvm_module(void *Native) {
  return static_cast<NativeRef *>(Native)->TSMRef->getModuleUnlocked();
}

// Must flag: the caller's pointer is kept, and the descriptor written through
// the out-parameter.
extern "C" int emit_native_into(orc::ThreadSafeModule *TSM, void **Out) {
  if (!TSM)
    return 1;
  auto *Data = new NativeRef;
  Data->TSMRef = TSM; // WARN: address of the caller's ThreadSafeModule 'TSM' stored in 'NativeRef::TSMRef' of a heap object that escapes as a raw pointer; it dangles once the caller's module is destroyed
  *Out = Data;
  return 0;
}

// The descriptor of the last compilation, for the debugger.
NativeRef *LastNative = nullptr;

// Must flag: the address of the caller's module, in a descriptor stored into
// a global.
void rememberLast(orc::ThreadSafeModule &Unit) {
  auto *Data = new NativeRef;
  Data->TSMRef = &Unit; // WARN: address of the caller's ThreadSafeModule 'Unit' stored in 'NativeRef::TSMRef' of a heap object that escapes as a raw pointer; it dangles once the caller's module is destroyed
  LastNative = Data;
}

//===--- Must not flag -----------------------------------------------------===//

// The fixed twin of NativeRef: the descriptor owns the module.
struct NativeOwned {
  orc::ThreadSafeModule M;
  std::vector<std::string> FunctionNames;
};

// Must not flag: shape (c) fixed by moving the module in (shape (a) with a
// dedicated free_native_owned(), which deletes the descriptor on every path).
extern "C" void *emit_native_owned(orc::ThreadSafeModule &TSM) {
  auto *Data = new NativeOwned;
  Data->FunctionNames = functionNames(TSM);
  Data->M = std::move(TSM);
  return Data;
}

// Always deletes the descriptor.
extern "C" void free_native_owned(void *Native) {
  delete static_cast<NativeOwned *>(Native);
}

// Lends the descriptor's own module.
extern "C" Module *get_llvm_module_owned(void *Native) {
  return static_cast<NativeOwned *>(Native)->M.getModuleUnlocked();
}

// Must not flag: the descriptor is on the stack and dies before the caller's
// module can.
size_t countFunctions(orc::ThreadSafeModule &TSM, const char *BitcodePath) {
  NativeRef Data;
  Data.TSMRef = &TSM;
  Data.FunctionNames = functionNames(TSM);
  writeBitcode(*Data.TSMRef, BitcodePath);
  return Data.FunctionNames.size();
}

// Must not flag: the descriptor is held by a std::unique_ptr within the
// function.
size_t writeThroughOwned(orc::ThreadSafeModule *TSM, const char *BitcodePath) {
  auto Data = std::make_unique<NativeRef>();
  Data->TSMRef = TSM;
  Data->FunctionNames = functionNames(*TSM);
  writeBitcode(*Data->TSMRef, BitcodePath);
  return Data->FunctionNames.size();
}

// Must not flag: the heap descriptor is deleted before the function returns.
size_t writeThroughHeap(orc::ThreadSafeModule &TSM, const char *BitcodePath) {
  auto *Data = new NativeRef;
  Data->TSMRef = &TSM;
  Data->FunctionNames = functionNames(TSM);
  writeBitcode(*Data->TSMRef, BitcodePath);
  size_t N = Data->FunctionNames.size();
  delete Data;
  return N;
}
