// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context: a module returned from, or stored into an
// out-parameter, another object's member or a global by, a function whose
// local context dies when it returns. Not flagged: contexts from the caller,
// member and global contexts, a context returned together with its module,
// a clone of the caller's module, and values that are not IR (a name, a
// bool) computed from a module of a local context.
//
// Where the module is created in the return or store statement itself, the
// binding note is on that same line; it is matched without the variable name
// (there is none).

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include <memory>
#include <string>

using namespace llvm;

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the parsed module is returned directly; the context dies with
// the frame.
std::unique_ptr<Module> loadModule(StringRef Path) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  return parseIRFile(Path, Err, Ctx); // WARN: module returned here belongs to LLVMContext 'Ctx', which is destroyed when the function returns // NOTE: bound to 'Ctx' here
}

// Must flag: a module built in a heap context held by a local unique_ptr.
std::unique_ptr<Module> makeJitModule(StringRef Name) {
  auto Ctx = std::make_unique<LLVMContext>();
  auto M = std::make_unique<Module>(Name, *Ctx); // NOTE: 'M' is bound to 'Ctx' here
  M->setTargetTriple("x86_64-unknown-linux-gnu");
  return M; // WARN: module returned here belongs to LLVMContext 'Ctx', which is destroyed when the function returns
}

// Must flag: a raw module pointer (the context deletes the module).
Module *newScratchModule() {
  LLVMContext Ctx;
  Module *M = new Module("scratch", Ctx); // NOTE: 'M' is bound to 'Ctx' here
  return M; // WARN: module returned here belongs to LLVMContext 'Ctx', which is destroyed when the function returns
}

// Must flag: a clone lives in the context of the module it was cloned from.
std::unique_ptr<Module> loadAndClone(StringRef Path) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> Original = parseIRFile(Path, Err, Ctx);
  std::unique_ptr<Module> Copy = CloneModule(*Original); // NOTE: 'Copy' is bound to 'Ctx' here
  Original->setModuleIdentifier("original");
  return Copy; // WARN: module returned here belongs to LLVMContext 'Ctx', which is destroyed when the function returns
}

// Must flag: the module is taken out of parseBitcodeFile's Expected and
// returned (the error return is fine).
Expected<std::unique_ptr<Module>> loadBitcode(MemoryBufferRef Buffer) {
  LLVMContext Ctx;
  Expected<std::unique_ptr<Module>> MOrErr = parseBitcodeFile(Buffer, Ctx); // NOTE: is bound to 'Ctx' here
  if (!MOrErr)
    return MOrErr.takeError();
  return std::move(*MOrErr); // WARN: module returned here belongs to LLVMContext 'Ctx', which is destroyed when the function returns
}

// Must flag: the module is stored through an out-parameter (pointer).
bool loadInto(StringRef Path, std::unique_ptr<Module> *Out) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx); // NOTE: 'M' is bound to 'Ctx' here
  if (!M)
    return false;
  *Out = std::move(M); // WARN: module stored here belongs to LLVMContext 'Ctx', which is destroyed when the function returns
  return true;
}

// Must flag: the module is stored through an out-parameter (reference).
void loadIntoRef(StringRef Path, std::unique_ptr<Module> &Out) {
  auto Ctx = std::make_unique<LLVMContext>();
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, *Ctx); // NOTE: 'M' is bound to 'Ctx' here
  Out = std::move(M); // WARN: module stored here belongs to LLVMContext 'Ctx', which is destroyed when the function returns
}

struct Program {
  std::string Name;
  std::unique_ptr<Module> Mod;
};

// Must flag: the module is stored into a member of the caller's object.
void loadProgram(Program &P, StringRef Path) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx); // NOTE: 'M' is bound to 'Ctx' here
  P.Name = M->getModuleIdentifier();
  P.Mod = std::move(M); // WARN: module stored here belongs to LLVMContext 'Ctx', which is destroyed when the function returns
}

std::unique_ptr<Module> TheModule;

// Must flag: the module is stored into a global (a tutorial-style set-up
// function with a local context).
void initializeModule() {
  LLVMContext Ctx;
  TheModule = std::make_unique<Module>("my cool jit", Ctx); // WARN: module stored here belongs to LLVMContext 'Ctx', which is destroyed when the function returns // NOTE: bound to 'Ctx' here
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the context is the caller's (reference).
std::unique_ptr<Module> loadIn(LLVMContext &Ctx, StringRef Path) {
  SMDiagnostic Err;
  return parseIRFile(Path, Err, Ctx);
}

// Must not flag: the context is the caller's (pointer); raw module pointer.
Module *newModuleIn(LLVMContext *Ctx, StringRef Name) {
  Module *M = new Module(Name, *Ctx);
  M->setTargetTriple("x86_64-unknown-linux-gnu");
  return M;
}

// Must not flag: stored through an out-parameter, in the caller's context.
bool loadIntoCallerContext(LLVMContext &Ctx, StringRef Path,
                           std::unique_ptr<Module> *Out) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
  if (!M)
    return false;
  *Out = std::move(M);
  return true;
}

// Must not flag: the context is a member; it does not end in load().
class ModuleLoader {
  LLVMContext Ctx;
  SMDiagnostic Err;

public:
  std::unique_ptr<Module> load(StringRef Path) {
    return parseIRFile(Path, Err, Ctx);
  }
};

LLVMContext GlobalContext;

// Must not flag: the context is a global.
std::unique_ptr<Module> makeGlobalModule(StringRef Name) {
  return std::make_unique<Module>(Name, GlobalContext);
}

// A context returned together with its modules, declared first.
struct LoadedModule {
  std::unique_ptr<LLVMContext> Ctx;
  std::unique_ptr<Module> M;
};

// Must not flag: the context is moved into the returned struct with its
// module.
LoadedModule loadWithContext(StringRef Path) {
  auto Ctx = std::make_unique<LLVMContext>();
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, *Ctx);
  return {std::move(Ctx), std::move(M)};
}

// Must not flag: the same struct filled member by member and returned.
LoadedModule loadIntoStruct(StringRef Path) {
  LoadedModule LM;
  SMDiagnostic Err;
  LM.Ctx = std::make_unique<LLVMContext>();
  LM.M = parseIRFile(Path, Err, *LM.Ctx);
  return LM;
}

// Must not flag: a clone of the caller's module is in the caller's context.
std::unique_ptr<Module> snapshot(const Module &Src) {
  return CloneModule(Src);
}

// Must not flag: only a copy of the module's name is returned.
std::string moduleName(StringRef Path) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
  return M ? M->getModuleIdentifier() : std::string();
}

// Must not flag: only a bool computed from the module is returned.
bool definesMain(StringRef Path) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
  return M && M->getFunction("main") != nullptr;
}
