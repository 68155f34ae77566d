// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-retained-thread-safe-module, rule 1, on the shape of an AOT
// compiler's native-code descriptor (shape (a)): emit_native() moves the
// caller's ThreadSafeModule into a heap descriptor and hands the descriptor
// out as a raw pointer; the caller queries it (get_llvm_module() lends the
// module) and dump_native() deletes it only when no output is asked for. The
// ThreadSafeModule in the descriptor keeps its LLVMContext alive until the
// descriptor is deleted.
//
// Flagged: a ThreadSafeModule or ThreadSafeContext stored by assignment,
// aggregate initialization, a constructor or push_back; the descriptor
// escaping by return (as void *, through static_cast, as its own type), an
// out-parameter and a global. The note names the only delete of the type, or
// says that nothing in the file deletes it.
//
// Not flagged (the fixed twins): the same descriptors with a function that
// deletes them on every path (a dedicated free_native(), or a dump that
// always deletes), deleted before the function returns, or keeping only the
// tables and not the module. Each family has its own descriptor type,
// because the deletion note is about every delete of the type in the file.

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include <cstddef>
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

// The entry points of the module, for the descriptor's function table.
static std::vector<Function *> entryPoints(orc::ThreadSafeModule &TSM) {
  std::vector<Function *> Fns;
  TSM.withModuleDo([&](Module &M) {
    if (Function *F = M.getFunction("main"))
      Fns.push_back(F);
  });
  return Fns;
}

//===--- Must flag ---------------------------------------------------------===//

// The native-code descriptor of emit_native: the module and the tables the
// caller queries afterwards.
struct NativeCode {
  orc::ThreadSafeModule M;
  std::vector<Function *> Functions;
};

// Must flag: shape (a). The caller's module is moved into the descriptor by
// assignment; the descriptor is returned as void *; the only delete is in
// dump_native, when no output is asked for.
extern "C" void *emit_native(orc::ThreadSafeModule *TSM) {
  auto *Data = new NativeCode;
  Data->Functions = entryPoints(*TSM);
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

// Lends the descriptor's module.
extern "C" Module *get_llvm_module(void *Native) {
  return static_cast<NativeCode *>(Native)->M.getModuleUnlocked();
}

// A descriptor filled by aggregate initialization.
struct AggNativeCode {
  orc::ThreadSafeModule M;
  std::vector<Function *> Functions;
};

// Must flag: the module is moved in by `new AggNativeCode{...}` and the
// descriptor returned through static_cast<void *>.
extern "C" void *emit_native_agg(orc::ThreadSafeModule *TSM) {
  std::vector<Function *> Fns = entryPoints(*TSM);
  auto *Data = new AggNativeCode{std::move(*TSM), std::move(Fns)}; // WARN: ThreadSafeModule stored in 'AggNativeCode::M' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
  return static_cast<void *>(Data); // NOTE: the object escapes here
}

// Deletes the descriptor (through the void * it was handed out as) only when
// there is nothing to write.
extern "C" void dump_native_agg(void *Native, const char *BitcodePath) {
  if (!BitcodePath) {
    delete static_cast<AggNativeCode *>(Native); // NOTE: 'AggNativeCode' is deleted only here, in 'dump_native_agg'
    return;
  }
  writeBitcode(static_cast<AggNativeCode *>(Native)->M, BitcodePath);
}

// Lends the descriptor's module.
extern "C" Module *get_llvm_module_agg(void *Native) {
  return static_cast<AggNativeCode *>(Native)->M.getModuleUnlocked();
}

// An object file in the making; its constructor takes the module.
struct ObjectCode { // NOTE: nothing in this file deletes an 'ObjectCode'
  ObjectCode(orc::ThreadSafeModule TSM, const char *Name)
      : M(std::move(TSM)), Name(Name) {}
  orc::ThreadSafeModule M;
  std::string Name;
};

// Must flag: the module is moved in by the constructor, the object written
// through the out-parameter (C-style cast), and nothing deletes it.
extern "C" int emit_object(orc::ThreadSafeModule *TSM, const char *Name,
                           void **Out) {
  if (!*TSM)
    return 1;
  auto *Code = new ObjectCode(std::move(*TSM), Name); // WARN: ThreadSafeModule stored in 'ObjectCode::M' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
  *Out = (void *)Code; // NOTE: the object escapes here
  return 0;
}

// Several modules compiled together.
struct NativeBatch { // NOTE: nothing in this file deletes a 'NativeBatch'
  std::vector<orc::ThreadSafeModule> Modules;
  std::vector<Function *> Entries;
};

// The last batch, for the debugger.
NativeBatch *LastBatch = nullptr;

// Must flag: the modules are appended to the batch's vector, the batch is
// stored into a global, and nothing deletes it.
extern "C" void emit_batch(orc::ThreadSafeModule *Units, size_t N) {
  auto *Batch = new NativeBatch;
  for (size_t I = 0; I < N; ++I)
    Batch->Modules.push_back(std::move(Units[I])); // WARN: ThreadSafeModule stored in 'NativeBatch::Modules' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
  LastBatch = Batch; // NOTE: the object escapes here
}

// A descriptor that keeps the context, to clone more modules into it later.
struct NativeContextCode {
  orc::ThreadSafeContext Ctx;
  std::vector<Function *> Functions;
};

// Must flag: a copy of the module's ThreadSafeContext is stored in the
// descriptor, which is returned as its own type.
NativeContextCode *emit_native_ctx(orc::ThreadSafeModule &TSM) {
  auto *Data = new NativeContextCode;
  Data->Ctx = TSM.getContext(); // WARN: ThreadSafeContext stored in 'NativeContextCode::Ctx' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
  Data->Functions = entryPoints(TSM);
  return Data; // NOTE: the object escapes here
}

// Deletes the descriptor only when there is nothing to print.
void dump_native_ctx(NativeContextCode *Data, bool Print) {
  if (!Print) {
    delete Data; // NOTE: 'NativeContextCode' is deleted only here, in 'dump_native_ctx'
    return;
  }
  outs() << Data->Functions.size() << " functions\n";
}

//===--- Must not flag -----------------------------------------------------===//

// The fixed twin of NativeCode: the same descriptor with a free_native().
struct FreedNativeCode {
  orc::ThreadSafeModule M;
  std::vector<Function *> Functions;
};

// Must not flag: shape (a) fixed; free_native_freed() below deletes the
// descriptor on every path (dump_native_freed still deletes only when
// nothing is written).
extern "C" void *emit_native_freed(orc::ThreadSafeModule *TSM) {
  auto *Data = new FreedNativeCode;
  Data->Functions = entryPoints(*TSM);
  Data->M = std::move(*TSM);
  return Data;
}

// Deletes the descriptor only when there is nothing to write (as in Julia).
extern "C" void dump_native_freed(void *Native, const char *BitcodePath) {
  auto *Data = static_cast<FreedNativeCode *>(Native);
  if (!BitcodePath) {
    delete Data;
    return;
  }
  writeBitcode(Data->M, BitcodePath);
}

// The dedicated entry point: always deletes the descriptor.
extern "C" void free_native_freed(void *Native) {
  delete static_cast<FreedNativeCode *>(Native);
}

// Lends the descriptor's module.
extern "C" Module *get_llvm_module_freed(void *Native) {
  return static_cast<FreedNativeCode *>(Native)->M.getModuleUnlocked();
}

// The fixed twin of AggNativeCode: dumped and deleted in one call.
struct AggDumpedCode {
  orc::ThreadSafeModule M;
  std::vector<Function *> Functions;
};

// Must not flag: aggregate initialization, but dump_native_always() deletes
// the descriptor on every path.
extern "C" void *emit_native_dumped(orc::ThreadSafeModule *TSM) {
  std::vector<Function *> Fns = entryPoints(*TSM);
  auto *Data = new AggDumpedCode{std::move(*TSM), std::move(Fns)};
  return static_cast<void *>(Data);
}

// Writes what is asked for, then always deletes the descriptor.
extern "C" void dump_native_always(void *Native, const char *BitcodePath) {
  auto *Data = static_cast<AggDumpedCode *>(Native);
  if (BitcodePath)
    writeBitcode(Data->M, BitcodePath);
  delete Data;
}

// The fixed twin of ObjectCode.
struct OwnedObjectCode {
  OwnedObjectCode(orc::ThreadSafeModule TSM, const char *Name)
      : M(std::move(TSM)), Name(Name) {}
  orc::ThreadSafeModule M;
  std::string Name;
};

// Must not flag: the constructor takes the module and the object goes out
// through the out-parameter, but free_object() deletes it.
extern "C" int emit_owned_object(orc::ThreadSafeModule *TSM, const char *Name,
                                 void **Out) {
  if (!*TSM)
    return 1;
  auto *Code = new OwnedObjectCode(std::move(*TSM), Name);
  *Out = (void *)Code;
  return 0;
}

// Always deletes the object.
extern "C" void free_object(OwnedObjectCode *Code) { delete Code; }

// A batch that lives only while it is compiled.
struct ScratchBatch {
  std::vector<orc::ThreadSafeModule> Modules;
};

// The batch being compiled, for the crash handler.
ScratchBatch *CurrentBatch = nullptr;

// Must not flag: the batch is published in a global while it is written,
// and deleted before the function returns.
extern "C" size_t write_batch(orc::ThreadSafeModule *Units, size_t N,
                              const char *BitcodePath) {
  auto *Batch = new ScratchBatch;
  for (size_t I = 0; I < N; ++I)
    Batch->Modules.push_back(std::move(Units[I]));
  CurrentBatch = Batch;
  size_t Written = 0;
  for (orc::ThreadSafeModule &TSM : Batch->Modules) {
    writeBitcode(TSM, BitcodePath);
    ++Written;
  }
  CurrentBatch = nullptr;
  delete Batch;
  return Written;
}

// The fixed twin of NativeContextCode.
struct FreedContextCode {
  orc::ThreadSafeContext Ctx;
  std::vector<Function *> Functions;
};

// Must not flag: the context copy is stored and the descriptor returned, but
// free_native_ctx() deletes it.
FreedContextCode *emit_native_ctx_freed(orc::ThreadSafeModule &TSM) {
  auto *Data = new FreedContextCode;
  Data->Ctx = TSM.getContext();
  Data->Functions = entryPoints(TSM);
  return Data;
}

// Always deletes the descriptor.
void free_native_ctx(FreedContextCode *Data) { delete Data; }

// A descriptor with the tables only.
struct NativeTables {
  std::vector<std::string> FunctionNames;
};

// Must not flag: the descriptor escapes and is never deleted, but it keeps
// names, not the module; the module is written and stays with the caller.
extern "C" void *emit_native_tables(orc::ThreadSafeModule *TSM,
                                    const char *BitcodePath) {
  auto *Data = new NativeTables;
  TSM->withModuleDo(
      [&](Module &M) { Data->FunctionNames.push_back(M.getName().str()); });
  writeBitcode(*TSM, BitcodePath);
  return Data;
}
