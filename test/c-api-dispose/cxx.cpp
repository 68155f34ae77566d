// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-c-api-dispose in C++ code using the C API: the same rules in
// member functions, with `auto`, nullptr and declarations in conditions; a
// message string converted to std::string is still leaked. Not flagged: RAII
// wrappers (a destructor disposing of a member), std::unique_ptr with the
// dispose function as its deleter, and handles kept in a container that a
// teardown function releases.

#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the string is copied into a std::string and lost.
std::string moduleText(LLVMModuleRef M) {
  std::string IR = LLVMPrintModuleToString(M); // WARN: message string returned by 'LLVMPrintModuleToString' is never released: it is used only as a temporary
  return IR;
}

class Emitter {
public:
  explicit Emitter(LLVMContextRef C) : Ctx(C) {}

  // Must flag: a builder created in a member function and never disposed
  // of.
  void emitReturn(LLVMValueRef F) {
    LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx); // WARN: LLVMBuilderRef returned by 'LLVMCreateBuilderInContext' is never released with 'LLVMDisposeBuilder'
    LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(Ctx, F, "entry"));
    LLVMBuildRetVoid(B);
  } // NOTE: 'B' still holds it when the function returns here

  void emitReturnDisposing(LLVMValueRef F);

private:
  LLVMContextRef Ctx;
};

// Must flag: the error declared in the condition is dropped.
bool addModule(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  if (LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSM)) // WARN: LLVMErrorRef returned by 'LLVMOrcLLJITAddLLVMIRModule' is never released with 'LLVMConsumeError'
    return false; // NOTE: 'Err' still holds it when the function returns here
  return true;
}

// Must flag: an `auto` context leaks on the early return.
bool buildIfNamed(const char *Name) {
  auto C = LLVMContextCreate(); // WARN: LLVMContextRef returned by 'LLVMContextCreate' is not released when the function returns at line 59
  if (Name == nullptr)
    return false; // NOTE: 'C' still holds it when the function returns here
  LLVMDumpValue(LLVMConstInt(LLVMInt32TypeInContext(C), 1, 0));
  LLVMContextDispose(C);
  return true;
}

// Must flag: the error of the pass pipeline is discarded.
void optimize(LLVMModuleRef M, LLVMTargetMachineRef TM) {
  LLVMPassBuilderOptionsRef Opts = LLVMCreatePassBuilderOptions();
  LLVMRunPasses(M, "default<O2>", TM, Opts); // WARN: LLVMErrorRef returned by 'LLVMRunPasses' is never released: the result is discarded
  LLVMDisposePassBuilderOptions(Opts);
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the builder is disposed of.
void Emitter::emitReturnDisposing(LLVMValueRef F) {
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(Ctx, F, "entry"));
  LLVMBuildRetVoid(B);
  LLVMDisposeBuilder(B);
}

// Must not flag: the string is copied, then disposed of.
std::string moduleTextDisposing(LLVMModuleRef M) {
  char *Text = LLVMPrintModuleToString(M);
  std::string IR = Text;
  LLVMDisposeMessage(Text);
  return IR;
}

// Must not flag: the error declared in the condition is consumed.
bool addModuleConsuming(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  if (LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModule(
          J, LLVMOrcLLJITGetMainJITDylib(J), TSM)) {
    LLVMConsumeError(Err);
    return false;
  }
  return true;
}

// Must not flag: an `auto` context disposed of on both paths.
bool buildIfNamedDisposing(const char *Name) {
  auto C = LLVMContextCreate();
  if (Name == nullptr) {
    LLVMContextDispose(C);
    return false;
  }
  LLVMDumpValue(LLVMConstInt(LLVMInt32TypeInContext(C), 1, 0));
  LLVMContextDispose(C);
  return true;
}

// Must not flag: the error of the pass pipeline is consumed.
void optimizeConsuming(LLVMModuleRef M, LLVMTargetMachineRef TM) {
  LLVMPassBuilderOptionsRef Opts = LLVMCreatePassBuilderOptions();
  LLVMErrorRef Err = LLVMRunPasses(M, "default<O2>", TM, Opts);
  LLVMDisposePassBuilderOptions(Opts);
  if (Err)
    LLVMConsumeError(Err);
}

// Must not flag: a RAII wrapper; the constructor stores the context in a
// member and the destructor disposes of it.
class ContextHolder {
public:
  ContextHolder() : Ctx(LLVMContextCreate()) {}
  ~ContextHolder() { LLVMContextDispose(Ctx); }
  ContextHolder(const ContextHolder &) = delete;
  ContextHolder &operator=(const ContextHolder &) = delete;
  LLVMContextRef get() const { return Ctx; }

private:
  LLVMContextRef Ctx;
};

// Must not flag: the holder's context is borrowed here.
void useHolder() {
  ContextHolder H;
  LLVMDumpValue(LLVMConstInt(LLVMInt64TypeInContext(H.get()), 2, 0));
}

// Must not flag: std::unique_ptr with the dispose function as its deleter.
void uniqueModule() {
  std::unique_ptr<LLVMOpaqueModule, decltype(&LLVMDisposeModule)> M(
      LLVMModuleCreateWithName("owned"), &LLVMDisposeModule);
  LLVMDumpModule(M.get());
}

struct MessageDeleter {
  void operator()(char *S) const { LLVMDisposeMessage(S); }
};

// Must not flag: std::unique_ptr with a deleter type for message strings.
std::string hostTriple() {
  std::unique_ptr<char, MessageDeleter> Triple(LLVMGetDefaultTargetTriple());
  return std::string(Triple.get());
}

// Must not flag: modules kept in a container ...
void collectModules(std::vector<LLVMModuleRef> &Modules,
                    const std::vector<std::string> &Names) {
  for (const std::string &Name : Names)
    Modules.push_back(LLVMModuleCreateWithName(Name.c_str()));
}

// Must not flag: ... and released by a teardown function.
void releaseModules(std::vector<LLVMModuleRef> &Modules) {
  for (LLVMModuleRef M : Modules)
    LLVMDisposeModule(M);
  Modules.clear();
}

// Must not flag: a null check with nullptr.
void cloneIfPossible(LLVMModuleRef M) {
  LLVMModuleRef Copy = LLVMCloneModule(M);
  if (Copy == nullptr)
    return;
  LLVMDumpModule(Copy);
  LLVMDisposeModule(Copy);
}
