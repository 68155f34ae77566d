//===- Report.cpp - the findings of a run and how they are printed --------===//

#include "Report.h"
#include "Discovery.h"
#include "engine/framework/Compat.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <optional>

using namespace clang;
using clang::tidy::ClangTidyError;
using llvm::StringRef;

namespace clang::tidy::llvmown::tool {

FindingKind classify(const ClangTidyError &E) {
  StringRef Name = E.DiagnosticName;
  if (Name == "clang-tidy-config")
    return FindingKind::ConfigError;
  if (E.DiagLevel == ClangTidyError::Error && !E.IsWarningAsError &&
      compat::startsWith(Name, "clang-diagnostic-"))
    return FindingKind::CompileError;
  if (E.DiagLevel == ClangTidyError::Warning ||
      E.DiagLevel == ClangTidyError::Error)
    return FindingKind::Warning;
  return FindingKind::Other;
}

void resolve(Finding &F, SourceCache &Sources, StringRef ProjectRoot) {
  const ClangTidyError &E = F.Diag;
  if (!E.Message.FilePath.empty()) {
    F.File = resolvePath(E.Message.FilePath, E.BuildDirectory);
    F.DisplayPath = displayPath(F.File, ProjectRoot);
    F.Pos = Sources.position(F.File, E.Message.FileOffset);
  }
  F.NoteFiles.clear();
  F.NotePositions.clear();
  for (const tooling::DiagnosticMessage &N : E.Notes) {
    std::string NoteFile = N.FilePath.empty()
                               ? std::string()
                               : resolvePath(N.FilePath, E.BuildDirectory);
    F.NotePositions.push_back(NoteFile.empty()
                                  ? Position()
                                  : Sources.position(NoteFile, N.FileOffset));
    F.NoteFiles.push_back(std::move(NoteFile));
  }
}

std::string resolvePath(StringRef Path, StringRef BuildDirectory) {
  if (Path.empty() || llvm::sys::path::is_absolute(Path) ||
      BuildDirectory.empty())
    return Path.str();
  llvm::SmallString<256> Abs(BuildDirectory);
  llvm::sys::path::append(Abs, Path);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

namespace {

void appendKey(std::string &Key, const tooling::DiagnosticMessage &M,
               StringRef BuildDirectory) {
  Key += resolvePath(M.FilePath, BuildDirectory);
  Key += '\0';
  Key += std::to_string(M.FileOffset);
  Key += '\0';
  Key += M.Message;
  Key += '\0';
}

std::string dedupKey(const ClangTidyError &E) {
  std::string Key = E.DiagnosticName;
  Key += '\0';
  Key += std::to_string(static_cast<int>(E.DiagLevel));
  Key += E.IsWarningAsError ? "E" : "W";
  Key += '\0';
  appendKey(Key, E.Message, E.BuildDirectory);
  for (const tooling::DiagnosticMessage &N : E.Notes)
    appendKey(Key, N, E.BuildDirectory);
  return Key;
}

/// Re-creates source locations from the (file, offset) pairs clang-tidy
/// returns, over files read afresh, and hands the diagnostics to clang's
/// TextDiagnosticPrinter.
class TextReporter {
public:
  TextReporter(llvm::raw_ostream &OS, bool UseColor)
      : DiagOpts(new DiagnosticOptions()),
        Printer(OS, compat::diagOptionsArg(DiagOpts)),
        Diags(new DiagnosticIDs(), compat::diagOptionsArg(DiagOpts), &Printer,
              /*ShouldOwnClient=*/false),
        Files(FileSystemOptions(), llvm::vfs::getRealFileSystem()),
        Sources(Diags, Files) {
    DiagOpts->ShowColors = UseColor;
    Diags.setSourceManager(&Sources);
    Printer.BeginSourceFile(LangOpts, /*PP=*/nullptr);
  }

  ~TextReporter() { Printer.EndSourceFile(); }

  void report(const ClangTidyError &E) {
    DiagnosticsEngine::Level Level;
    std::string Name = E.DiagnosticName;
    if (E.IsWarningAsError) {
      Level = DiagnosticsEngine::Error;
      Name += ",-warnings-as-errors";
    } else if (E.DiagLevel == ClangTidyError::Error) {
      Level = DiagnosticsEngine::Error;
    } else if (E.DiagLevel == ClangTidyError::Remark) {
      Level = DiagnosticsEngine::Remark;
    } else {
      Level = DiagnosticsEngine::Warning;
    }

    {
      SourceLocation Loc;
      std::string Message = messageAt(E.Message, E.BuildDirectory, Loc);
      DiagnosticBuilder B =
          Diags.Report(Loc, Diags.getCustomDiagID(Level, "%0 [%1]"));
      B << Message << Name;
      addRangesAndFixes(B, E.Message, E.BuildDirectory);
    } // The builder emits the diagnostic here.

    for (const tooling::DiagnosticMessage &Note : E.Notes) {
      SourceLocation Loc;
      std::string Message = messageAt(Note, E.BuildDirectory, Loc);
      DiagnosticBuilder B = Diags.Report(
          Loc, Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0"));
      B << Message;
      addRangesAndFixes(B, Note, E.BuildDirectory);
    }
  }

private:
  SourceLocation location(StringRef Path, unsigned Offset,
                          StringRef BuildDirectory) {
    if (Path.empty())
      return SourceLocation();
    std::string Abs = resolvePath(Path, BuildDirectory);
    llvm::Expected<FileEntryRef> File = Files.getFileRef(Abs);
    if (!File) {
      llvm::consumeError(File.takeError());
      return SourceLocation();
    }
    FileID ID = Sources.getOrCreateFileID(*File, SrcMgr::C_User);
    std::optional<llvm::MemoryBufferRef> Buffer =
        compat::toStd(Sources.getBufferOrNone(ID));
    if (!Buffer || Offset > Buffer->getBufferSize())
      return SourceLocation();
    return Sources.getLocForStartOfFile(ID).getLocWithOffset(Offset);
  }

  /// The message, with its file named in front when that file can no longer
  /// be read (so that no location is lost silently).
  std::string messageAt(const tooling::DiagnosticMessage &M,
                        StringRef BuildDirectory, SourceLocation &Loc) {
    Loc = location(M.FilePath, M.FileOffset, BuildDirectory);
    if (Loc.isInvalid() && !M.FilePath.empty())
      return resolvePath(M.FilePath, BuildDirectory) + ": " + M.Message;
    return M.Message;
  }

  void addRangesAndFixes(DiagnosticBuilder &B,
                         const tooling::DiagnosticMessage &M,
                         StringRef BuildDirectory) {
    for (const tooling::FileByteRange &R : M.Ranges) {
      SourceLocation Begin = location(R.FilePath, R.FileOffset, BuildDirectory);
      if (Begin.isValid())
        B << CharSourceRange::getCharRange(Begin,
                                           Begin.getLocWithOffset(R.Length));
    }
    for (const auto &FileAndReplacements : M.Fix) {
      for (const tooling::Replacement &Repl : FileAndReplacements.second) {
        SourceLocation Begin =
            location(Repl.getFilePath(), Repl.getOffset(), BuildDirectory);
        if (Begin.isInvalid())
          continue;
        B << FixItHint::CreateReplacement(
            CharSourceRange::getCharRange(
                Begin, Begin.getLocWithOffset(Repl.getLength())),
            Repl.getReplacementText());
      }
    }
  }

  compat::DiagOptionsHolder DiagOpts;
  TextDiagnosticPrinter Printer;
  DiagnosticsEngine Diags;
  FileManager Files;
  SourceManager Sources;
  LangOptions LangOpts;
};

} // namespace

bool Deduplicator::firstTime(const ClangTidyError &E) {
  return Seen.insert(dedupKey(E)).second;
}

void printText(llvm::ArrayRef<Finding> Findings, llvm::raw_ostream &OS,
               bool UseColor) {
  if (Findings.empty())
    return;
  TextReporter Reporter(OS, UseColor);
  for (const Finding &F : Findings)
    Reporter.report(F.Diag);
  OS.flush();
}

} // namespace clang::tidy::llvmown::tool
