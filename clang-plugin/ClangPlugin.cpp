//===- ClangPlugin.cpp - the llvmown checks inside an ordinary compile ----===//
//
// `clang++ -fplugin=llvmown-clang-N.so -c x.cpp` runs the llvmown checks on
// the AST the compile builds anyway, after code generation (an "after main
// action"): the object file does not depend on them, and the parse is not
// done twice as a separate lint would do it.
//
// The checks run as in the tool: clang-tidy's ASTConsumer over the project's
// top-level declarations (SkippingConsumer sets the traversal scope; no body
// is skipped here, the compile needs them all), with the tool's layered
// configuration (.clang-tidy files, then the plugin's arguments), NOLINT and
// the header filter applied by clang-tidy's diagnostic consumer. What it
// keeps is emitted through the compiler's own diagnostics: a warning named
// after the check (an error under WarningsAsErrors), with its notes and
// fix-its.
//
// Clang's -W flags cannot name a plugin's warnings, so the plugin's
// arguments do what they would: -fplugin-arg-llvmown-checks=-llvmown-x (as
// -Wno-), -fplugin-arg-llvmown-warnings-as-errors=llvmown-x (as -Werror=).
//
//===----------------------------------------------------------------------===//

#include "BodySkipping.h"
#include "Configuration.h"

#include "ClangTidy.h"
#include "ClangTidyDiagnosticConsumer.h"
#include "ClangTidyModule.h"
#include "engine/framework/Compat.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::tidy;
using namespace clang::tidy::llvmown;
using namespace clang::tidy::llvmown::tool;

namespace {

/// The project summaries the tool's last run left: <build>/.llvmown/ in the
/// compile's directory or above it (Make runs compiles in subfolders).
std::string findSummaries() {
  llvm::SmallString<256> Dir;
  if (llvm::sys::fs::current_path(Dir))
    return "";
  for (llvm::StringRef D = Dir; !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> File(D);
    llvm::sys::path::append(File, ".llvmown", "summaries.json");
    if (llvm::sys::fs::exists(File))
      return std::string(File);
    if (D == llvm::sys::path::root_path(D))
      break;
  }
  return "";
}

/// Runs the checks and hands what they find to the compiler's diagnostics.
class LintConsumer : public ASTConsumer {
public:
  LintConsumer(CompilerInstance &CI, const LayeredOptions &Layers,
               llvm::StringRef File)
      : CI(CI), Context(Layers.makeProvider()),
        DiagOpts(new DiagnosticOptions()),
        Engine(new DiagnosticIDs(), compat::diagOptionsArg(DiagOpts), &Found,
               /*ShouldOwnClient=*/false),
        Found(Context, nullptr, /*RemoveIncompatibleErrors=*/true,
              /*GetFixesFromNotes=*/false),
        Factory(Context) {
    compat::setDiagnosticsEngine(Context, DiagOpts, &Engine);
    Inner = std::make_unique<SkippingConsumer>(
        CI, Factory.createASTConsumer(CI, File));
  }

  void Initialize(ASTContext &Ctx) override { Inner->Initialize(Ctx); }
  bool HandleTopLevelDecl(DeclGroupRef D) override {
    return Inner->HandleTopLevelDecl(D);
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    // A unit that did not compile gives no object, and its AST may be
    // incomplete: the compiler's errors are what the user needs.
    if (CI.getDiagnostics().hasErrorOccurred())
      return;
    Inner->HandleTranslationUnit(Ctx);
    for (const ClangTidyError &E : Found.take())
      emit(E);
  }

private:
  SourceLocation locate(llvm::StringRef Path, unsigned Offset) {
    SourceManager &SM = CI.getSourceManager();
    auto File = SM.getFileManager().getOptionalFileRef(Path);
    if (!File)
      return {};
    FileID FID = SM.translateFile(*File);
    if (FID.isInvalid())
      return {};
    return SM.getComposedLoc(FID, Offset);
  }

  void emit(const ClangTidyError &E) {
    DiagnosticsEngine &D = CI.getDiagnostics();
    bool AsError = E.IsWarningAsError || E.DiagLevel == ClangTidyError::Error;
    unsigned ID =
        AsError ? D.getCustomDiagID(DiagnosticsEngine::Error, "%0 [%1]")
                : D.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [%1]");
    {
      DiagnosticBuilder B =
          D.Report(locate(E.Message.FilePath, E.Message.FileOffset), ID);
      B << E.Message.Message << E.DiagnosticName;
      for (const auto &PathAndReplacements : E.Message.Fix)
        for (const tooling::Replacement &R : PathAndReplacements.second) {
          SourceLocation Begin = locate(R.getFilePath(), R.getOffset());
          if (Begin.isValid())
            B << FixItHint::CreateReplacement(
                CharSourceRange::getCharRange(
                    Begin, Begin.getLocWithOffset(R.getLength())),
                R.getReplacementText());
        }
    }
    unsigned NoteID = D.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    for (const tooling::DiagnosticMessage &N : E.Notes)
      D.Report(locate(N.FilePath, N.FileOffset), NoteID) << N.Message;
  }

  CompilerInstance &CI;
  ClangTidyContext Context;
  compat::DiagOptionsHolder DiagOpts;
  DiagnosticsEngine Engine;
  ClangTidyDiagnosticConsumer Found;
  ClangTidyASTConsumerFactory Factory;
  std::unique_ptr<ASTConsumer> Inner; // last: it uses everything above
};

class LintAction : public PluginASTAction {
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    ToolOptions Opts;
    std::optional<std::string> AsErrors, Summaries;
    bool NoSummaries = false;
    for (const std::string &A : Args) {
      llvm::StringRef Name = A, Value;
      std::tie(Name, Value) = Name.split('=');
      if (Name == "checks")
        Opts.Checks = Value.str();
      else if (Name == "header-filter")
        Opts.HeaderFilter = Value.str();
      else if (Name == "config")
        Opts.Config = Value.str();
      else if (Name == "warnings-as-errors")
        AsErrors = Value.str();
      else if (Name == "summaries")
        Summaries = Value.str();
      else if (Name == "no-summaries")
        NoSummaries = true;
      else {
        unsigned ID = CI.getDiagnostics().getCustomDiagID(
            DiagnosticsEngine::Error,
            "unknown llvmown plugin argument '%0' (known: checks=, "
            "header-filter=, config=, warnings-as-errors=, summaries=, "
            "no-summaries)");
        CI.getDiagnostics().Report(ID) << A;
        return false;
      }
    }
    if (!buildOptions(Opts, Layers))
      return false;
    if (AsErrors)
      Layers.Overrides.WarningsAsErrors = *AsErrors;
    if (!Summaries && !NoSummaries) {
      std::string Found = findSummaries();
      if (!Found.empty())
        Summaries = Found;
    }
    if (Summaries && !NoSummaries)
      Layers.Overrides.CheckOptions["SummaryFile"] =
          ClangTidyOptions::ClangTidyValue(*Summaries);
    return true;
  }

  std::unique_ptr<ASTConsumer>
  CreateASTConsumer(CompilerInstance &CI, llvm::StringRef File) override {
    return std::make_unique<LintConsumer>(CI, Layers, File);
  }

  // After code generation: the object is written before the checks run.
  ActionType getActionType() override { return AddAfterMainAction; }

  LayeredOptions Layers;
};

} // namespace

static FrontendPluginRegistry::Add<LintAction>
    Registered("llvmown", "the llvmown ownership checks, during the compile");
