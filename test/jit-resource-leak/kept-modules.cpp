// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak, modules kept after code generation: a function
// that generates code for a module (ExecutionEngine::generateCodeForModule,
// TargetMachine::addPassesToEmitFile, an add to a JIT) and stores the module
// in a container that outlives the request (a member of a class that owns
// a JIT or a target machine, or a static), while nothing ever takes modules
// out of that container or checks its size. The IR of every request then
// stays. The warning is on the store; a note shows the code generation.
// Not flagged: drained or bounded containers (erase, pop, clear, a size
// check), compile-once caches (a lookup in the same container), non-owning
// containers, objects that do not outlive a compilation, set-up functions.

#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;
using namespace llvm::orc;

// The project's own code, defined elsewhere.
std::unique_ptr<Module> lowerKernel(LLVMContext &Ctx, int Kernel);
ThreadSafeContext requestContext();

//===--- Must flag ---------------------------------------------------------===//

// An AOT kernel compiler kept for the process: it emits each kernel and
// then keeps the module "for debugging".
class KernelCompiler {
  LLVMContext Ctx;
  std::unique_ptr<TargetMachine> TM;
  std::vector<std::unique_ptr<Module>> Emitted;

public:
  bool emit(int Kernel, raw_pwrite_stream &OS) {
    std::unique_ptr<Module> M = lowerKernel(Ctx, Kernel);
    legacy::PassManager PM;
    // NOTE@+1: code generated here
    if (TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::ObjectFile))
      return false;
    PM.run(*M);
    // WARN@+1: module kept in 'Emitted' after 'addPassesToEmitFile' generated its code is never released: nothing takes modules out of 'Emitted' or bounds it, so the IR of every call to 'emit' stays in memory as long as 'Emitted' lives [llvmown-jit-resource-leak]
    Emitted.push_back(std::move(M));
    return true;
  }
  ~KernelCompiler() { Emitted.clear(); } // only when the compiler goes
};

// An MCJIT engine that generates code for a module it was given, then
// keeps the original in a map by name.
class ShaderJit {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;
  std::map<std::string, std::unique_ptr<Module>> Sources;

public:
  void compile(const std::string &Name, int Kernel) {
    std::unique_ptr<Module> M = lowerKernel(Ctx, Kernel);
    // WARN@+2: module added by 'addModule' in 'ShaderJit::compile' is taken back with removeModule, but the engine keeps the object code MCJIT loaded for it{{.*}}
    // NOTE@+1: code generated here
    EE->addModule(CloneModule(*M));
    EE->generateCodeForModule(M.get());
    // WARN@+1: module kept in 'Sources' after 'addModule' generated its code
    Sources[Name] = std::move(M);
  }
  void release(Module *M) { EE->removeModule(M); }
};

// ORC: a clone goes to the JIT under a tracker (removed later), the
// original stays in a member vector for good.
class QueryJit {
  std::unique_ptr<LLJIT> J;
  std::vector<std::unique_ptr<Module>> Originals;
  std::map<int, ResourceTrackerSP> Trackers;

public:
  Error add(int Query, std::unique_ptr<Module> M) {
    ResourceTrackerSP RT = J->getMainJITDylib().createResourceTracker();
    Trackers[Query] = RT;
    // NOTE@+1: code generated here
    if (Error E = J->addIRModule(RT, ThreadSafeModule(CloneModule(*M),
                                                      requestContext())))
      return E;
    // WARN@+1: module kept in 'Originals' after 'addIRModule' generated its code
    Originals.emplace_back(std::move(M));
    return Error::success();
  }
  Error drop(int Query) {
    Error E = Trackers[Query]->remove();
    Trackers.erase(Query);
    return E;
  }
};

// A static container in a free function.
std::unique_ptr<TargetMachine> TheMachine;
bool emitOne(LLVMContext &Ctx, int Kernel, raw_pwrite_stream &OS) {
  static std::vector<std::unique_ptr<Module>> Done;
  std::unique_ptr<Module> M = lowerKernel(Ctx, Kernel);
  legacy::PassManager PM;
  // NOTE@+1: code generated here
  TheMachine->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::ObjectFile);
  PM.run(*M);
  // WARN@+1: module kept in 'Done' after 'addPassesToEmitFile' generated its code
  Done.push_back(std::move(M));
  return true;
}

// A file-local global: only this file can drain it, and it does not.
static std::vector<std::unique_ptr<Module>> Archived;
bool emitArchived(LLVMContext &Ctx, int Kernel, raw_pwrite_stream &OS) {
  std::unique_ptr<Module> M = lowerKernel(Ctx, Kernel);
  legacy::PassManager PM;
  // NOTE@+1: code generated here
  if (TheMachine->addPassesToEmitFile(PM, OS, nullptr,
                                      CodeGenFileType::ObjectFile))
    return false;
  PM.run(*M);
  // WARN@+1: module kept in 'Archived' after 'addPassesToEmitFile' generated its code
  Archived.push_back(std::move(M));
  return true;
}

//===--- Must not flag -----------------------------------------------------===//

// Bounded: the oldest module goes once there are 16.
class BoundedCompiler {
  LLVMContext Ctx;
  std::unique_ptr<TargetMachine> TM;
  std::vector<std::unique_ptr<Module>> Recent;

public:
  void emit(int Kernel, raw_pwrite_stream &OS) {
    std::unique_ptr<Module> M = lowerKernel(Ctx, Kernel);
    legacy::PassManager PM;
    TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::ObjectFile);
    PM.run(*M);
    if (Recent.size() == 16)
      Recent.erase(Recent.begin());
    Recent.push_back(std::move(M));
  }
};

// Drained: another member function hands the modules out or clears them.
class BatchCompiler {
  LLVMContext Ctx;
  std::unique_ptr<TargetMachine> TM;
  std::deque<std::unique_ptr<Module>> Pending;
  std::vector<std::unique_ptr<Module>> Linked;

public:
  void emit(int Kernel, raw_pwrite_stream &OS) {
    std::unique_ptr<Module> M = lowerKernel(Ctx, Kernel);
    legacy::PassManager PM;
    TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::ObjectFile);
    PM.run(*M);
    Pending.push_back(std::move(M));
    Linked.push_back(lowerKernel(Ctx, Kernel));
  }
  std::unique_ptr<Module> next() {
    std::unique_ptr<Module> M = std::move(Pending.front());
    Pending.pop_front();
    return M;
  }
  std::vector<std::unique_ptr<Module>> takeLinked() {
    return std::move(Linked);
  }
};

// A compile-once cache keyed by kernel: it grows with the distinct kernels.
class KernelCache {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;
  std::map<int, std::unique_ptr<Module>> ByKernel;

public:
  void compile(int Kernel) {
    if (ByKernel.count(Kernel))
      return;
    std::unique_ptr<Module> M = lowerKernel(Ctx, Kernel);
    EE->generateCodeForModule(M.get());
    ByKernel[Kernel] = std::move(M);
  }
};

// Not owning: the engine owns the modules; the vector only names them.
class NamedModules {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;
  std::vector<Module *> Added;

public:
  void init(int Kernel) {
    std::unique_ptr<Module> M = lowerKernel(Ctx, Kernel);
    Added.push_back(M.get());
    EE->addModule(std::move(M));
  }
};

// A compilation object made per request: its modules die with it.
class Compilation {
  LLVMContext &Ctx;
  TargetMachine &TM;
  std::vector<std::unique_ptr<Module>> Parts;

public:
  Compilation(LLVMContext &Ctx, TargetMachine &TM) : Ctx(Ctx), TM(TM) {}
  void emitPart(int Kernel, raw_pwrite_stream &OS) {
    std::unique_ptr<Module> M = lowerKernel(Ctx, Kernel);
    legacy::PassManager PM;
    TM.addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::ObjectFile);
    PM.run(*M);
    Parts.push_back(std::move(M));
  }
};

// A global that other files see: one of them may drain it.
std::vector<std::unique_ptr<Module>> SharedKernels;
std::unique_ptr<TargetMachine> SharedMachine;
void emitShared(LLVMContext &Ctx, int Kernel, raw_pwrite_stream &OS) {
  std::unique_ptr<Module> M = lowerKernel(Ctx, Kernel);
  legacy::PassManager PM;
  SharedMachine->addPassesToEmitFile(PM, OS, nullptr,
                                     CodeGenFileType::ObjectFile);
  PM.run(*M);
  SharedKernels.push_back(std::move(M));
}

// Set-up: the runtime module is compiled and kept once.
class RuntimeHolder {
  LLVMContext Ctx;
  std::unique_ptr<TargetMachine> TM;
  std::vector<std::unique_ptr<Module>> Runtime;

public:
  void setupRuntime(raw_pwrite_stream &OS) {
    std::unique_ptr<Module> M = lowerKernel(Ctx, 0);
    legacy::PassManager PM;
    TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::ObjectFile);
    PM.run(*M);
    Runtime.push_back(std::move(M));
  }
};
