//===- Subprocess.cpp - run a helper program and capture its output -------===//

#include "Subprocess.h"

#include "engine/framework/CompatADT.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <optional>

namespace clang::tidy::llvmown::tool {

SubprocessResult runProgram(llvm::StringRef Program,
                            llvm::ArrayRef<std::string> Args,
                            unsigned TimeoutSeconds) {
  SubprocessResult R;
  std::string Exe = Program.str();
  if (!llvm::sys::path::has_parent_path(Program)) {
    llvm::ErrorOr<std::string> Found = llvm::sys::findProgramByName(Program);
    if (!Found) {
      R.Error = "not found in PATH";
      return R;
    }
    Exe = *Found;
  } else if (!llvm::sys::fs::can_execute(Program)) {
    R.Error = "no such executable file";
    return R;
  }

  llvm::SmallString<128> OutPath, ErrPath;
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("llvmown-out", "txt", OutPath)) {
    R.Error = "cannot create a temporary file: " + EC.message();
    return R;
  }
  llvm::FileRemover RemoveOut(OutPath);
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("llvmown-err", "txt", ErrPath)) {
    R.Error = "cannot create a temporary file: " + EC.message();
    return R;
  }
  llvm::FileRemover RemoveErr(ErrPath);

  std::vector<llvm::StringRef> Argv;
  Argv.push_back(Exe);
  for (const std::string &A : Args)
    Argv.push_back(A);
  clang::tidy::llvmown::compat::Optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(OutPath), llvm::StringRef(ErrPath)};
  std::string ErrMsg;
  bool ExecutionFailed = false;
  int RC = llvm::sys::ExecuteAndWait(
      Exe, Argv,
      clang::tidy::llvmown::compat::Optional<llvm::ArrayRef<llvm::StringRef>>(),
      Redirects, TimeoutSeconds, /*MemoryLimit=*/0, &ErrMsg, &ExecutionFailed);
  if (ExecutionFailed || RC < 0) {
    R.Error = ErrMsg.empty() ? std::string("execution failed") : ErrMsg;
    return R;
  }
  R.Started = true;
  R.ExitStatus = RC;
  if (auto Out = llvm::MemoryBuffer::getFile(OutPath))
    R.Stdout = (*Out)->getBuffer().str();
  if (auto Err = llvm::MemoryBuffer::getFile(ErrPath))
    R.Stderr = (*Err)->getBuffer().str();
  return R;
}

} // namespace clang::tidy::llvmown::tool
