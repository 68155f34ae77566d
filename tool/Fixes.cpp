//===- Fixes.cpp - --export-fixes and --fix -------------------------------===//

#include "Fixes.h"

#include "ClangTidy.h"
#include "engine/framework/CompatADT.h"
#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using clang::tidy::ClangTidyError;

namespace clang::tidy::llvmown::tool {

void exportFixes(llvm::raw_ostream &OS, llvm::StringRef MainSourceFile,
                 const std::vector<Finding *> &Findings) {
  std::vector<ClangTidyError> Errors;
  for (const Finding *F : Findings)
    Errors.push_back(F->Diag);
  clang::tidy::exportReplacements(MainSourceFile, Errors, OS);
}

FixSummary applyFixes(const std::vector<Finding *> &Findings,
                      const LayeredOptions &Layers) {
  FixSummary Summary;
  llvm::StringMap<tooling::Replacements> ByFile;
  for (Finding *F : Findings) {
    if (F->Diag.Message.Fix.empty())
      continue;
    // All of a finding's replacements, or none of them.
    llvm::StringMap<tooling::Replacements> Tentative = ByFile;
    bool OK = true;
    for (const auto &FileAndReplacements : F->Diag.Message.Fix) {
      for (const tooling::Replacement &R : FileAndReplacements.second) {
        std::string Path = resolvePath(R.getFilePath(), F->Diag.BuildDirectory);
        tooling::Replacement Abs(Path, R.getOffset(), R.getLength(),
                                 R.getReplacementText());
        if (llvm::Error E = Tentative[Path].add(Abs)) {
          Summary.Problems.push_back("the fix for " + F->DisplayPath + ":" +
                                     std::to_string(F->Pos.Line) + " [" +
                                     F->checkName().str() +
                                     "] conflicts with another; not applied (" +
                                     llvm::toString(std::move(E)) + ")");
          OK = false;
          break;
        }
      }
      if (!OK)
        break;
    }
    if (!OK)
      continue;
    ByFile = std::move(Tentative);
    F->Fixed = true;
  }

  for (const auto &Entry : ByFile) {
    llvm::StringRef Path = Entry.first();
    auto Fail = [&](const std::string &Why) {
      Summary.Problems.push_back("cannot apply fixes to '" + Path.str() +
                                 "': " + Why);
      for (Finding *F : Findings)
        if (F->Fixed && F->Diag.Message.Fix.size() &&
            llvm::any_of(F->Diag.Message.Fix, [&](const auto &FR) {
              return resolvePath(FR.first(), F->Diag.BuildDirectory) == Path;
            }))
          F->Fixed = false;
    };
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    if (!Buffer) {
      Fail(Buffer.getError().message());
      continue;
    }
    llvm::StringRef Code = (*Buffer)->getBuffer();
    tidy::ClangTidyOptions Opts = Layers.makeProvider()->getOptions(Path);
    llvm::Expected<format::FormatStyle> Style = format::getStyle(
        compat::toStd(Opts.FormatStyle).value_or("none"), Path, "none");
    if (!Style) {
      Fail(llvm::toString(Style.takeError()));
      continue;
    }
    llvm::Expected<tooling::Replacements> Cleaned =
        format::cleanupAroundReplacements(Code, Entry.second, *Style);
    if (!Cleaned) {
      Fail(llvm::toString(Cleaned.takeError()));
      continue;
    }
    tooling::Replacements Final = *Cleaned;
    if (llvm::Expected<tooling::Replacements> Formatted =
            format::formatReplacements(Code, *Cleaned, *Style))
      Final = std::move(*Formatted);
    else
      llvm::consumeError(Formatted.takeError()); // keep them unformatted
    llvm::Expected<std::string> NewCode =
        tooling::applyAllReplacements(Code, Final);
    if (!NewCode) {
      Fail(llvm::toString(NewCode.takeError()));
      continue;
    }
    Buffer->reset(); // the file may be mapped; it is rewritten below
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    if (EC) {
      Fail(EC.message());
      continue;
    }
    Out << *NewCode;
    Out.close();
    if (Out.has_error()) {
      Fail(Out.error().message());
      Out.clear_error();
      continue;
    }
    ++Summary.FilesChanged;
  }
  for (const Finding *F : Findings)
    Summary.FindingsFixed += F->Fixed;
  return Summary;
}

} // namespace clang::tidy::llvmown::tool
