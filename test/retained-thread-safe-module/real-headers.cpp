// RUN: %check_llvmown --frontend tidy --checks llvmown-retained-thread-safe-module %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --checks llvmown-retained-thread-safe-module %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --llvm-includes %llvm_other_includes --checks llvmown-retained-thread-safe-module %s -- -std=c++17 -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// llvmown-retained-thread-safe-module against the real LLVM 19 headers
// (orc::ThreadSafeModule's inline move assignment, consumingModuleDo and
// getContext; LLJIT::addIRModule): an AOT compiler's native-code descriptor
// in its three shapes, (a) the module cloned and moved in, (b) the module
// taken out leaving an empty ThreadSafeModule, (c) a pointer to the caller's
// ThreadSafeModule, each with its fixed twin; a global and a member
// container of ThreadSafeModules; a JIT owning its context.

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "../Inputs/versions/llvm-versions.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
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

// A copy of Src's module in the same context.
static orc::ThreadSafeModule cloneInContext(orc::ThreadSafeModule &Src) {
  return Src.withModuleDo([&](Module &M) {
    return orc::ThreadSafeModule(CloneModule(M), Src.getContext());
  });
}

//===--- Must flag ---------------------------------------------------------===//

// The native-code descriptor of shapes (a) and (b).
struct NativeCode {
  orc::ThreadSafeModule M;
  std::vector<std::string> FunctionNames;
};

// Must flag: shape (a). A clone of the caller's module is moved into the
// descriptor, returned as void *; only dump_native deletes it, on one path.
extern "C" void *emit_native(orc::ThreadSafeModule *Src) {
  auto *Data = new NativeCode;
  orc::ThreadSafeModule Clone = cloneInContext(*Src);
  Data->M = std::move(Clone); // WARN: ThreadSafeModule stored in 'NativeCode::M' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
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

// Lends the descriptor's module.
extern "C" Module *get_llvm_module(void *Native) {
  return static_cast<NativeCode *>(Native)->M.getModuleUnlocked();
}

#if LLVM_VERSION_MAJOR >= 16
// Must flag: shape (b). The caller gets the module; the emptied
// ThreadSafeModule still holds the context (consumingModuleDo is new in 16).
extern "C" Module *take_llvm_module(void *Native) {
  auto *Data = static_cast<NativeCode *>(Native);
  std::unique_ptr<Module> Taken;
  Data->M.consumingModuleDo([&](std::unique_ptr<Module> Mod) { Taken = std::move(Mod); }); // WARN: module taken out of 'Data->M' leaves an empty ThreadSafeModule that still keeps its LLVMContext alive; reset it with '= orc::ThreadSafeModule()'
  return Taken.release();
}
#endif

// The descriptor of shape (c).
struct NativeRef {
  orc::ThreadSafeModule *TSMRef = nullptr;
};

// Must flag: shape (c). The descriptor points at the caller's module.
extern "C" void *emit_native_ref(orc::ThreadSafeModule &TSM) {
  auto *Data = new NativeRef;
  Data->TSMRef = &TSM; // WARN: address of the caller's ThreadSafeModule 'TSM' stored in 'NativeRef::TSMRef' of a heap object that escapes as a raw pointer; it dangles once the caller's module is destroyed
  return Data;
}

// Every module compiled so far.
std::vector<orc::ThreadSafeModule> Retained;

// Must flag: rule 2, a global vector.
void retain(orc::ThreadSafeModule TSM) {
  Retained.push_back(std::move(TSM)); // WARN: ThreadSafeModule appended to 'Retained', which lives until the process exits, keeps its LLVMContext alive
}

// Must flag: rule 3, a member vector that nothing in the class drains.
class Compiler {
  std::vector<orc::ThreadSafeModule> Pending;

public:
  void add(orc::ThreadSafeModule TSM) {
    Pending.push_back(std::move(TSM)); // WARN: ThreadSafeModule appended to member 'Compiler::Pending', which nothing in 'Compiler' drains: each call keeps another module and its LLVMContext alive
  }
  Module *module(size_t I) { return Pending[I].getModuleUnlocked(); }
};

//===--- Must not flag -----------------------------------------------------===//

// The fixed twin of NativeCode.
struct FreedNativeCode {
  orc::ThreadSafeModule M;
  std::vector<std::string> FunctionNames;
};

// Must not flag: shape (a) fixed; free_native() deletes the descriptor on
// every path.
extern "C" void *emit_native_freed(orc::ThreadSafeModule *Src) {
  auto *Data = new FreedNativeCode;
  Data->M = cloneInContext(*Src);
  return Data;
}

// The dedicated entry point: always deletes the descriptor.
extern "C" void free_native(void *Native) {
  delete static_cast<FreedNativeCode *>(Native);
}

#if LLVM_VERSION_MAJOR >= 16
// Must not flag: shape (b) fixed; the emptied ThreadSafeModule is reset.
extern "C" Module *take_llvm_module_reset(void *Native) {
  auto *Data = static_cast<NativeCode *>(Native);
  std::unique_ptr<Module> Taken;
  Data->M.consumingModuleDo(
      [&](std::unique_ptr<Module> Mod) { Taken = std::move(Mod); });
  Data->M = orc::ThreadSafeModule();
  return Taken.release();
}
#endif

// Must not flag: shape (c) fixed; the descriptor does not escape.
void writeThroughRef(orc::ThreadSafeModule &TSM, const char *BitcodePath) {
  NativeRef Data;
  Data.TSMRef = &TSM;
  writeBitcode(*Data.TSMRef, BitcodePath);
}

// Must not flag: the member queue is drained with clear.
class Batch {
  std::vector<orc::ThreadSafeModule> Pending;

public:
  void add(orc::ThreadSafeModule TSM) { Pending.push_back(std::move(TSM)); }
  void flush(orc::LLJIT &J) {
    for (orc::ThreadSafeModule &TSM : Pending)
      consumeError(J.addIRModule(std::move(TSM)));
    Pending.clear();
  }
};

// Must not flag: a JIT owning its context, created in its constructor; the
// modules go straight to addIRModule.
class KernelJIT {
  orc::ThreadSafeContext TSCtx;
  std::unique_ptr<orc::LLJIT> J;

public:
  explicit KernelJIT(std::unique_ptr<orc::LLJIT> J)
      : TSCtx(std::make_unique<LLVMContext>()), J(std::move(J)) {}
  Error addEmpty(StringRef Name) {
    auto M = MODULE_IN(TSCtx, Name);
    return J->addIRModule(orc::ThreadSafeModule(std::move(M), TSCtx));
  }
};
