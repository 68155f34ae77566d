// RUN: %check_llvmown --frontend tidy --config '{CheckOptions: {llvmown-jit-resource-leak.SharedContextRequests: true}}' %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool --config '{CheckOptions: {llvmown-jit-resource-leak.SharedContextRequests: true}}' %s -- -std=c++17 -I%stubs
// The option is off by default: the same file gives no shared-context
// warning (through the plugin, which every build has); the engines that
// only remove modules are still reported.
// RUN: %clang_tidy --load=%plugin -checks='-*,llvmown-jit-resource-leak' %s -- -std=c++17 -I%stubs > %t.default 2>&1
// RUN: %FileCheck %s --check-prefix=DEFAULT --allow-empty --input-file=%t.default
// DEFAULT-NOT: belongs to the long-lived context
//
// llvmown-jit-resource-leak option SharedContextRequests: a JIT owner that
// creates each request's module in an LLVMContext it keeps as a member.
// Types, constants and metadata are interned in the context for its whole
// life, so the context grows with every request even when each module is
// freed (docs/runtime-validation.md measures how much). Flagged: the call
// or construction that makes the module. Not flagged: a context per
// request, a member context replaced in the same function, set-up
// functions, classes that own no JIT.

#include "llvm-c/Core.h"
#include "llvm-c/ExecutionEngine.h"
#include "llvm-c/IRReader.h"
#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include <memory>
#include <string>

using namespace llvm;
using namespace llvm::orc;

// The project's own code, defined elsewhere.
void lowerQuery(Module &M, const std::string &SQL);

//===--- Must flag ---------------------------------------------------------===//

class QueryService {
  std::unique_ptr<LLVMContext> Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  void handle(const std::string &SQL) {
    // WARN@+1: module created by 'make_unique<Module>' in 'QueryService::handle' belongs to the long-lived context 'Ctx': the types, constants and metadata of every request stay in that LLVMContext until it is destroyed; create a context per request or batch (for ORC, a new ThreadSafeContext) [llvmown-jit-resource-leak]
    auto M = std::make_unique<Module>("query", *Ctx);
    lowerQuery(*M, SQL);
    Module *Raw = M.get();
    // WARN@+1: module added by 'addModule' in 'QueryService::handle' is taken back with removeModule, but the engine keeps the object code MCJIT loaded for it{{.*}}
    EE->addModule(std::move(M));
    EE->removeModule(Raw);
    delete Raw;
  }

  void handleFile(const std::string &Path) {
    SMDiagnostic Err;
    // WARN@+1: module created by 'parseIRFile' in 'QueryService::handleFile' belongs to the long-lived context 'Ctx'
    std::unique_ptr<Module> M = parseIRFile(Path, Err, *Ctx);
    Module *Raw = M.get();
    // WARN@+1: module added by 'addModule' in 'QueryService::handleFile' is taken back with removeModule, but the engine keeps the object code MCJIT loaded for it{{.*}}
    EE->addModule(std::move(M));
    EE->removeModule(Raw);
    delete Raw;
  }
};

// ORC: one ThreadSafeContext for the whole service.
class OrcService {
  ThreadSafeContext TSCtx;
  std::unique_ptr<LLJIT> J;

public:
  Error handle(const std::string &SQL) {
    // WARN@+1: module created by 'Module' in 'OrcService::handle' belongs to the long-lived context 'TSCtx'
    auto *M = new Module("query", *TSCtx.getContext());
    lowerQuery(*M, SQL);
    auto RT = J->getMainJITDylib().createResourceTracker();
    if (Error E = J->addIRModule(
            RT, ThreadSafeModule(std::unique_ptr<Module>(M), TSCtx)))
      return E;
    return RT->remove();
  }
};

// The C API.
class CService {
  LLVMContextRef C;
  LLVMExecutionEngineRef EE;

public:
  void handle() {
    // WARN@+1: module created by 'LLVMModuleCreateWithNameInContext' in 'CService::handle' belongs to the long-lived context 'C'
    LLVMModuleRef M = LLVMModuleCreateWithNameInContext("query", C);
    // WARN@+1: module added by 'LLVMAddModule' in 'CService::handle' is taken back with LLVMRemoveModule, but the engine keeps the object code MCJIT loaded for it{{.*}}
    LLVMAddModule(EE, M);
    LLVMModuleRef Out;
    char *Err = nullptr;
    if (!LLVMRemoveModule(EE, M, &Out, &Err))
      LLVMDisposeModule(Out);
    else
      LLVMDisposeMessage(Err);
  }

  void handleText(LLVMMemoryBufferRef Text) {
    LLVMModuleRef M;
    char *Err = nullptr;
    // WARN@+1: module created by 'LLVMParseIRInContext' in 'CService::handleText' belongs to the long-lived context 'C'
    if (LLVMParseIRInContext(C, Text, &M, &Err)) {
      LLVMDisposeMessage(Err);
      return;
    }
    LLVMDisposeModule(M);
  }
};

//===--- Must not flag -----------------------------------------------------===//

// A context per request.
class FreshContextService {
  std::unique_ptr<ExecutionEngine> EE;

public:
  void handle(const std::string &SQL) {
    auto Ctx = std::make_unique<LLVMContext>();
    auto M = std::make_unique<Module>("query", *Ctx);
    lowerQuery(*M, SQL);
  }
};

// The member context replaced per request (or per batch, here).
class BatchService {
  std::unique_ptr<LLVMContext> Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  void startBatchAndHandle(const std::string &SQL) {
    Ctx = std::make_unique<LLVMContext>();
    auto M = std::make_unique<Module>("query", *Ctx);
    lowerQuery(*M, SQL);
  }
};

// Set-up functions and constructors: the runtime module, once.
class RuntimeService {
  std::unique_ptr<LLVMContext> Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  RuntimeService() : Ctx(std::make_unique<LLVMContext>()) {
    auto M = std::make_unique<Module>("runtime", *Ctx);
  }
  void init() { auto M = std::make_unique<Module>("runtime", *Ctx); }
};

// Not a JIT owner: a per-compilation object with its own context.
class Compilation {
  LLVMContext Ctx;

public:
  std::unique_ptr<Module> lower(const std::string &SQL) {
    auto M = std::make_unique<Module>("query", Ctx);
    lowerQuery(*M, SQL);
    return M;
  }
};
