// RUN: %check_llvmown --frontend tidy --checks llvmown-c-api-dispose %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --checks llvmown-c-api-dispose %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --llvm-includes %llvm_other_includes --checks llvmown-c-api-dispose %s -- -std=c++17 -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// llvmown-c-api-dispose against the real LLVM C headers of each version, from
// C++: a
// class wrapping an LLJIT and helpers around it, with leaks, a release after
// a consumer and a borrowed context released, next to RAII and
// std::unique_ptr versions that are correct.

#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/IRReader.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include "llvm-c/TargetMachine.h"
#include "llvm/Config/llvm-config.h"
#include <cstdio>
#include <memory>
#include <string>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the host CPU name is copied into a std::string and lost.
std::string hostCPU() {
  return std::string(LLVMGetHostCPUName()); // WARN: message string returned by 'LLVMGetHostCPUName' is never released: it is used only as a temporary
}

// Must flag: the parser took the buffer.
LLVMModuleRef parseText(LLVMContextRef C, const std::string &Text) {
  LLVMMemoryBufferRef Buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(Text.data(), Text.size(), "input.ll");
  LLVMModuleRef M = nullptr;
  char *Msg = nullptr;
  LLVMBool Failed = LLVMParseIRInContext(C, Buf, &M, &Msg); // NOTE: 'LLVMParseIRInContext' took ownership here
  LLVMDisposeMemoryBuffer(Buf); // WARN: LLVMMemoryBufferRef 'Buf' is released after 'LLVMParseIRInContext' took ownership of it
  if (Failed) {
    std::fprintf(stderr, "%s\n", Msg);
    LLVMDisposeMessage(Msg);
    return nullptr;
  }
  return M;
}

#if LLVM_VERSION_MAJOR < 22
// Must flag: the wrapped LLVMContext belongs to the thread-safe context
// (LLVM 22 has no way to get it any more).
void disposeWrappedContext(LLVMOrcThreadSafeContextRef TSC) {
  LLVMContextRef C = LLVMOrcThreadSafeContextGetContext(TSC);
  LLVMContextDispose(C); // WARN: LLVMContextRef returned by 'LLVMOrcThreadSafeContextGetContext' is borrowed and must not be released
}
#endif

// Must flag: the mangled name leaks when the lookup fails.
bool lookup(LLVMOrcLLJITRef J, const char *Name, LLVMOrcExecutorAddress &Addr) {
  LLVMOrcSymbolStringPoolEntryRef S = LLVMOrcLLJITMangleAndIntern(J, Name); // WARN: LLVMOrcSymbolStringPoolEntryRef returned by 'LLVMOrcLLJITMangleAndIntern' is not released when the function returns at line 57
  if (LLVMErrorRef Err = LLVMOrcLLJITLookup(J, &Addr, Name)) {
    LLVMConsumeError(Err);
    return false; // NOTE: 'S' still holds it when the function returns here
  }
  std::printf("%s\n", LLVMOrcSymbolStringPoolEntryStr(S));
  LLVMOrcReleaseSymbolStringPoolEntry(S);
  return true;
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the string is copied, then disposed of.
std::string hostCPUCorrectly() {
  char *CPU = LLVMGetHostCPUName();
  std::string Result(CPU);
  LLVMDisposeMessage(CPU);
  return Result;
}

// Must not flag: the parser took the buffer.
LLVMModuleRef parseTextCorrectly(LLVMContextRef C, const std::string &Text) {
  LLVMMemoryBufferRef Buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
      Text.data(), Text.size(), "input.ll");
  LLVMModuleRef M = nullptr;
  char *Msg = nullptr;
  if (LLVMParseIRInContext(C, Buf, &M, &Msg)) {
    std::fprintf(stderr, "%s\n", Msg);
    LLVMDisposeMessage(Msg);
    return nullptr;
  }
  return M;
}

// Must not flag: a RAII class owning an LLJIT and a thread-safe context;
// modules are wrapped and handed to the JIT.
class JITSession {
public:
  JITSession() : TSC(LLVMOrcCreateNewThreadSafeContext()) {
    if (LLVMErrorRef Err = LLVMOrcCreateLLJIT(&JIT, nullptr)) {
      LLVMConsumeError(Err);
      JIT = nullptr;
    }
  }
  ~JITSession() {
    if (JIT)
      LLVMConsumeError(LLVMOrcDisposeLLJIT(JIT));
    LLVMOrcDisposeThreadSafeContext(TSC);
  }
  JITSession(const JITSession &) = delete;
  JITSession &operator=(const JITSession &) = delete;

  bool add(const char *Name) {
#if LLVM_VERSION_MAJOR >= 22
    // A context per module, which its thread-safe context takes over.
    LLVMContextRef Ctx = LLVMContextCreate();
    LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, Ctx);
    LLVMOrcThreadSafeContextRef ModTSC =
        LLVMOrcCreateNewThreadSafeContextFromLLVMContext(Ctx);
    LLVMOrcThreadSafeModuleRef TSM =
        LLVMOrcCreateNewThreadSafeModule(M, ModTSC);
    LLVMOrcDisposeThreadSafeContext(ModTSC);
#else
    LLVMModuleRef M = LLVMModuleCreateWithNameInContext(
        Name, LLVMOrcThreadSafeContextGetContext(TSC));
    LLVMOrcThreadSafeModuleRef TSM = LLVMOrcCreateNewThreadSafeModule(M, TSC);
#endif
    if (LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModule(
            JIT, LLVMOrcLLJITGetMainJITDylib(JIT), TSM)) {
      LLVMConsumeError(Err);
      return false;
    }
    return true;
  }

private:
  LLVMOrcThreadSafeContextRef TSC;
  LLVMOrcLLJITRef JIT = nullptr;
};

// Must not flag: std::unique_ptr deleters for a context and a message.
void uniqueHandles() {
  std::unique_ptr<LLVMOpaqueContext, decltype(&LLVMContextDispose)> C(
      LLVMContextCreate(), &LLVMContextDispose);
  auto Free = [](char *S) { LLVMDisposeMessage(S); };
  std::unique_ptr<char, decltype(Free)> Triple(LLVMGetDefaultTargetTriple(),
                                               Free);
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C.get());
  LLVMSetTarget(M, Triple.get());
  LLVMDisposeModule(M);
}

// Must not flag: the mangled name is released on both paths.
bool lookupCorrectly(LLVMOrcLLJITRef J, const char *Name,
                     LLVMOrcExecutorAddress &Addr) {
  LLVMOrcSymbolStringPoolEntryRef S = LLVMOrcLLJITMangleAndIntern(J, Name);
  if (LLVMErrorRef Err = LLVMOrcLLJITLookup(J, &Addr, Name)) {
    LLVMConsumeError(Err);
    LLVMOrcReleaseSymbolStringPoolEntry(S);
    return false;
  }
  std::printf("%s\n", LLVMOrcSymbolStringPoolEntryStr(S));
  LLVMOrcReleaseSymbolStringPoolEntry(S);
  return true;
}
