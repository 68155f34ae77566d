// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -fexceptions -fcxx-exceptions -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -fexceptions -fcxx-exceptions -I%stubs
//
// llvmown-target-machine-leak on the exception path of a call. A machine the
// function releases at the end leaks when a call before that throws: a call of
// a function of the project that throws, or calls one that does, outside any
// try block of its own. Reported at the creating call, with a note at the
// throwing call. Not flagged: calls in a try block, noexcept functions,
// functions that catch what they throw, a machine held by a unique_ptr,
// functions with no visible throw, and a machine never released at all (that
// is reported as never released).

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <optional>
#include <string>

using namespace llvm;

const Target *hostTarget();
bool writeObject(TargetMachine &TM, const std::string &Path);
void logLine(const std::string &Line);

struct CompileError {
  std::string Message;
};

// A project's error helper: always throws.
template <typename E> void raise(std::string &Log, E Error) {
  Log += Error.Message;
  throw Error;
}

// Throws through raise() when emission fails.
void emitOrRaise(LLVMTargetMachineRef TM, LLVMModuleRef M, std::string &Log) {
  char *Err = nullptr;
  LLVMMemoryBufferRef Buf = nullptr;
  if (!LLVMTargetMachineEmitToMemoryBuffer(TM, M, LLVMObjectFile, &Err, &Buf)) {
    LLVMDisposeMemoryBuffer(Buf);
    return;
  }
  LLVMDisposeMessage(Err);
  if (Buf)
    LLVMDisposeMemoryBuffer(Buf);
  raise(Log, CompileError{"emission failed"});
}

// Logs and rethrows.
void emitRethrowing(LLVMTargetMachineRef TM, LLVMModuleRef M,
                    std::string &Log) {
  try {
    emitOrRaise(TM, M, Log);
  } catch (...) {
    logLine("emission failed");
    throw;
  }
}

void checkPath(const std::string &Path) {
  if (Path.empty())
    throw CompileError{"no output path"};
}

// Catches everything it throws.
void checkPathQuietly(const std::string &Path) {
  try {
    checkPath(Path);
  } catch (const CompileError &E) {
    logLine(E.Message);
  }
}

// Throws, but is declared noexcept: the program terminates instead.
void checkPathOrDie(const std::string &Path) noexcept {
  if (Path.empty())
    throw CompileError{"no output path"};
}

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the C API machine is disposed of at the end, but the helper
// throws when emission fails.
void compileNative(LLVMTargetRef T, LLVMModuleRef M, std::string &Log) {
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault); // WARN: TargetMachine created by 'LLVMCreateTargetMachine' leaks when 'emitRethrowing' throws at line 89
  emitRethrowing(TM, M, Log); // NOTE: 'emitRethrowing' may throw here, and 'TM' still owns it
  emitOrRaise(TM, M, Log);
  LLVMDisposeTargetMachine(TM);
}

// Must flag: a C++ machine deleted at the end; the path check throws first.
bool compileTo(const std::string &Path) {
  TargetMachine *TM = hostTarget()->createTargetMachine("x86_64-unknown-linux-gnu", "", "", TargetOptions(), std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' leaks when 'checkPath' throws at line 97
  checkPath(Path); // NOTE: 'checkPath' may throw here, and 'TM' still owns it
  bool Ok = writeObject(*TM, Path);
  delete TM;
  return Ok;
}

//===--- Must not flag -----------------------------------------------------===//

// The throwing calls are in a try block whose handler disposes of it.
void compileNativeGuarded(LLVMTargetRef T, LLVMModuleRef M, std::string &Log) {
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
  try {
    emitOrRaise(TM, M, Log);
  } catch (...) {
    LLVMDisposeTargetMachine(TM);
    throw;
  }
  LLVMDisposeTargetMachine(TM);
}

// The callees catch what they throw, or terminate.
bool compileQuietly(const std::string &Path) {
  TargetMachine *TM = hostTarget()->createTargetMachine("x86_64-unknown-linux-gnu", "", "", TargetOptions(), std::nullopt);
  checkPathQuietly(Path);
  checkPathOrDie(Path);
  bool Ok = writeObject(*TM, Path);
  delete TM;
  return Ok;
}

// The machine is created after the throwing call, or owned by a unique_ptr.
bool compileChecked(const std::string &Path) {
  checkPath(Path);
  TargetMachine *TM = hostTarget()->createTargetMachine("x86_64-unknown-linux-gnu", "", "", TargetOptions(), std::nullopt);
  bool Ok = writeObject(*TM, Path);
  delete TM;
  return Ok;
}

bool compileOwned(const std::string &Path) {
  std::unique_ptr<TargetMachine> TM(hostTarget()->createTargetMachine("x86_64-unknown-linux-gnu", "", "", TargetOptions(), std::nullopt));
  checkPath(Path);
  return writeObject(*TM, Path);
}

// Never released: reported as such, not as a leak on the exception path.
bool compileAndForget(const std::string &Path) {
  TargetMachine *TM = hostTarget()->createTargetMachine("x86_64-unknown-linux-gnu", "", "", TargetOptions(), std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  checkPath(Path);
  return writeObject(*TM, Path); // NOTE: 'TM' still owns it when the function returns here
}
