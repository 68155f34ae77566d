// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --llvm-includes %llvm_other_includes %s -- -std=c++17 -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// llvmown-module-outlives-context against the real LLVM 19 headers: a small
// front end that builds IR with IRBuilder, reads IR with parseIR/parseIRFile,
// and runs it with ORC's LLJIT through ThreadSafeModule.

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "../Inputs/versions/llvm-versions.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Type.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

// Adds `i64 @Name() { ret i64 Value }` to M.
static Function *emitConstantFunction(Module &M, StringRef Name,
                                      uint64_t Value) {
  LLVMContext &Ctx = M.getContext();
  Function *F = Function::Create(FunctionType::get(Type::getInt64Ty(Ctx), false),
                                 Function::ExternalLinkage, Name, M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
  B.CreateRet(B.getInt64(Value));
  return F;
}

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the parsed module is returned; its context dies with the frame.
std::unique_ptr<Module> parseSource(StringRef Source) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIR(MemoryBufferRef(Source, "<source>"), Err, Ctx); // NOTE: 'M' is bound to 'Ctx' here
  if (!M)
    Err.print("frontend", errs());
  return M; // WARN: module returned here belongs to LLVMContext 'Ctx', which is destroyed when the function returns
}

// Must flag: a function built with IRBuilder in an inner scope's context,
// used after the scope closed.
void buildThenPrintName() {
  Function *F = nullptr;
  {
    LLVMContext Ctx;
    auto M = std::make_unique<Module>("answer", Ctx);
    F = Function::Create(FunctionType::get(Type::getInt64Ty(Ctx), false), Function::ExternalLinkage, "answer", M.get()); // NOTE: 'F' is bound to 'Ctx' here
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
    B.CreateRet(B.getInt64(42));
  } // NOTE: 'Ctx' is destroyed here
  errs() << F->getName() << "\n"; // WARN: 'F' belongs to LLVMContext 'Ctx', which was destroyed at line 62
}

// Must flag: the module variable is declared before its context.
void dumpFile(StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M; // WARN: 'M' is destroyed after LLVMContext 'Ctx', which already deleted its module; declare 'Ctx' before 'M'
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here
  M = parseIRFile(Path, Err, Ctx);
  if (M)
    M->print(outs(), nullptr);
}

// Must flag: a compiler whose module member is declared before the context
// member it is created in.
class Compiler {
  std::unique_ptr<Module> M; // WARN: member 'M' is destroyed after member 'Ctx', the LLVMContext its module is created in; declare 'Ctx' before 'M'
  std::string Name;
  std::unique_ptr<LLVMContext> Ctx; // NOTE: 'Ctx' is declared here

public:
  explicit Compiler(StringRef ModuleName)
      : Name(ModuleName.str()), Ctx(std::make_unique<LLVMContext>()) {
    M = std::make_unique<Module>(Name, *Ctx); // NOTE: the module is created in 'Ctx' here
    emitConstantFunction(*M, "answer", 42);
  }
  Module &module() { return *M; }
};

// Must flag: the module borrowed from the ThreadSafeModule is used after the
// ThreadSafeModule was moved into the JIT.
Error addAndName(orc::LLJIT &J, orc::ThreadSafeModule TSM) {
  Module *M = TSM.getModuleUnlocked();
  if (Error Err = J.addIRModule(std::move(TSM))) // NOTE: 'TSM' is moved into 'addIRModule' here
    return Err;
  outs() << "added " << M->getModuleIdentifier() << "\n"; // WARN: 'M' was borrowed from ThreadSafeModule 'TSM', which was moved into 'addIRModule' at line 96
  return Error::success();
}

// Must flag: reset() of the context before the module is verified.
bool hasAnswerAfterReset() {
  auto Ctx = std::make_unique<LLVMContext>();
  auto M = std::make_unique<Module>("m", *Ctx); // NOTE: 'M' is bound to 'Ctx' here
  emitConstantFunction(*M, "answer", 42);
  Ctx.reset(); // NOTE: 'Ctx' is destroyed here
  return M->getFunction("answer") != nullptr; // WARN: 'M' belongs to LLVMContext 'Ctx', which was destroyed at line 107
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the module is built in the caller's context and returned.
std::unique_ptr<Module> buildAnswerModule(LLVMContext &Ctx) {
  auto M = std::make_unique<Module>("answer", Ctx);
  emitConstantFunction(*M, "answer", 42);
  return M;
}

// Must not flag: the whole LLJIT flow; the context is moved into the
// ThreadSafeModule with its module.
Expected<int64_t> runAnswer() {
  auto J = orc::LLJITBuilder().create();
  if (!J)
    return J.takeError();
  auto Ctx = std::make_unique<LLVMContext>();
  auto M = std::make_unique<Module>("answer", *Ctx);
  emitConstantFunction(*M, "answer", 42);
  M->setDataLayout((*J)->getDataLayout());
  if (Error Err = (*J)->addIRModule(
          orc::ThreadSafeModule(std::move(M), std::move(Ctx))))
    return std::move(Err);
  auto Sym = (*J)->lookup("answer");
  if (!Sym)
    return Sym.takeError();
  return entryPoint<int64_t (*)()>(*Sym)();
}

// Must not flag: a ThreadSafeModule used after the ThreadSafeContext variable
// it shares went out of scope.
Error addParsed(orc::LLJIT &J, StringRef Path) {
  SMDiagnostic Err;
  orc::ThreadSafeModule TSM;
  {
    orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
#if LLVM_VERSION_MAJOR >= 22
    std::unique_ptr<Module> M = TSC.withContextDo(
        [&](LLVMContext *C) { return parseIRFile(Path, Err, *C); });
#else
    std::unique_ptr<Module> M = parseIRFile(Path, Err, *TSC.getContext());
#endif
    if (!M)
      return createStringError(inconvertibleErrorCode(), "cannot parse");
    TSM = orc::ThreadSafeModule(std::move(M), TSC);
  }
  TSM.withModuleDo([](Module &M) { M.setTargetTriple(TargetTriple("x86_64-unknown-linux-gnu")); });
  return J.addIRModule(std::move(TSM));
}

// Must not flag: the borrowed module is used before it is handed over.
Error nameThenAdd(orc::LLJIT &J, orc::ThreadSafeModule TSM) {
  Module *M = TSM.getModuleUnlocked();
  outs() << "adding " << M->getModuleIdentifier() << "\n";
  return J.addIRModule(std::move(TSM));
}

// Must not flag: members in the right order.
class OrderedCompiler {
  std::unique_ptr<LLVMContext> Ctx;
  std::unique_ptr<Module> M;

public:
  OrderedCompiler() : Ctx(std::make_unique<LLVMContext>()) {
    M = std::make_unique<Module>("ordered", *Ctx);
    emitConstantFunction(*M, "answer", 42);
  }
};

// Must not flag: one context per file; each module dies in its iteration.
void printAll(const std::vector<std::string> &Paths) {
  SMDiagnostic Err;
  for (const std::string &Path : Paths) {
    LLVMContext Ctx;
    std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
    if (!M) {
      Err.print("printAll", errs());
      continue;
    }
    M->print(outs(), nullptr);
  }
}

//===--- LLVM 22: withContextDo and cloneToContext -------------------------===//
#if LLVM_VERSION_MAJOR >= 22

// Must flag: the module the callback makes belongs to the callback's context,
// the local ThreadSafeContext's, which dies when the function returns.
std::unique_ptr<Module> makeInCallback() {
  orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
  return TSC.withContextDo([](LLVMContext *Ctx) { return std::make_unique<Module>("m", *Ctx); }); // WARN: module returned here belongs to LLVMContext 'TSC', which is destroyed when the function returns
}

// Must not flag: the same module, wrapped with the context it belongs to.
orc::ThreadSafeModule wrapInCallback() {
  orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
  auto M = TSC.withContextDo(
      [](LLVMContext *Ctx) { return std::make_unique<Module>("m", *Ctx); });
  return orc::ThreadSafeModule(std::move(M), TSC);
}

// Must not flag: IR made and used inside the callback.
void buildInCallback(orc::ThreadSafeContext &TSC) {
  TSC.withContextDo([](LLVMContext *Ctx) {
    Module M("scratch", *Ctx);
    emitConstantFunction(M, "answer", 42);
  });
}

// Must not flag: a clone into a given context shares that context; the
// ThreadSafeModule returned keeps it alive.
orc::ThreadSafeModule cloneIntoFresh(const orc::ThreadSafeModule &Src) {
  orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
  return orc::cloneToContext(Src, TSC);
}

// Must flag: the module borrowed from the clone outlives it.
Module *borrowFromClone(const orc::ThreadSafeModule &Src,
                        orc::ThreadSafeContext TSC) {
  orc::ThreadSafeModule Clone = orc::cloneToContext(Src, TSC);
  return Clone.getModuleUnlocked(); // WARN: module returned here belongs to LLVMContext 'Clone', which is destroyed when the function returns
}
#endif
