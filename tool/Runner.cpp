//===- Runner.cpp - running the checks on translation units, in parallel --===//
//
// Why not clang::tidy::runClangTidy: it is what this file does, line for
// line, except for two things that matter once several units run at once.
// - ClangTool changes the working directory of its file system to each
//   command's directory. Over the real file system (what clang-tidy passes)
//   that is chdir(), which is process-wide: parallel units would resolve
//   relative paths against each other's directories. Here every unit gets a
//   physical file system with a working directory of its own.
// - ClangTool prints "Error while processing <file>." straight to stderr
//   from the worker thread, in the middle of other units' output, and
//   "[1/2] Processing file" for a file with several compile commands. Here
//   neither is printed; the tool reports failed units itself, in order.
// Everything else (argument adjusters, the diagnostic consumer, the action
// factory, the static-analyzer macro) is as in clang-tidy 19.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "BodySkipping.h"
#include "Preamble.h"

#include "ClangTidy.h"
#include "ClangTidyModule.h"
#include "engine/framework/Compat.h"
#include "engine/model/ApiModel.h"
#include "engine/summaries/Summarizer.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <iterator>
#include <mutex>
#include <optional>

using namespace clang;
using namespace clang::tidy;
using namespace clang::tooling;

namespace clang::tidy::llvmown::tool {

namespace {

/// The commands of one unit, resolved on the main thread.
class StoredCommands : public CompilationDatabase {
public:
  explicit StoredCommands(std::vector<CompileCommand> Commands)
      : Commands(std::move(Commands)) {}
  std::vector<CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return Commands;
  }

private:
  std::vector<CompileCommand> Commands;
};

class ActionFactory : public FrontendActionFactory {
public:
  ActionFactory(ClangTidyContext &Context,
                llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
                bool SkipLibraryBodies, PreambleCache *Preamble)
      : ConsumerFactory(Context, FS), FS(FS),
        SkipLibraryBodies(SkipLibraryBodies), Preamble(Preamble) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(&ConsumerFactory, SkipLibraryBodies);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    prepareInvocation(*Invocation, SkipLibraryBodies);
    // Held until the run is over: the preamble reads the main file from it.
    std::unique_ptr<llvm::MemoryBuffer> Main;
    if (Preamble)
      Main = Preamble->apply(*Invocation, FS, PCHContainerOps);
    return FrontendActionFactory::runInvocation(Invocation, Files,
                                                PCHContainerOps, DiagConsumer);
  }

private:
  class Action : public ASTFrontendAction {
  public:
    Action(ClangTidyASTConsumerFactory *Factory, bool SkipLibraryBodies)
        : Factory(Factory), SkipLibraryBodies(SkipLibraryBodies) {}
    std::unique_ptr<ASTConsumer>
    CreateASTConsumer(CompilerInstance &Compiler,
                      llvm::StringRef File) override {
      std::unique_ptr<ASTConsumer> C =
          Factory->createASTConsumer(Compiler, File);
      if (!SkipLibraryBodies || !C)
        return C;
      return std::make_unique<SkippingConsumer>(Compiler, std::move(C));
    }

  private:
    ClangTidyASTConsumerFactory *Factory;
    bool SkipLibraryBodies;
  };

  ClangTidyASTConsumerFactory ConsumerFactory;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS;
  bool SkipLibraryBodies;
  PreambleCache *Preamble;
};

/// The arguments clang-tidy adds to a unit's command: the options'
/// ExtraArgs and ExtraArgsBefore, and no compiler plugins.
void addArgumentAdjusters(ClangTool &Tool, ClangTidyContext &Context,
                          llvm::StringRef OptionsFile = "") {
  ArgumentsAdjuster PerFileExtraArgumentsInserter =
      [&Context, OptionsFile = OptionsFile.str()](
          const CommandLineArguments &Args, llvm::StringRef Filename) {
        ClangTidyOptions Opts = Context.getOptionsForFile(
            OptionsFile.empty() ? Filename : llvm::StringRef(OptionsFile));
        CommandLineArguments AdjustedArgs = Args;
        if (Opts.ExtraArgsBefore) {
          auto I = AdjustedArgs.begin();
          if (I != AdjustedArgs.end() &&
              !compat::startsWith(llvm::StringRef(*I), "-"))
            ++I; // Skip compiler binary name, if it is there.
          AdjustedArgs.insert(I, Opts.ExtraArgsBefore->begin(),
                              Opts.ExtraArgsBefore->end());
        }
        if (Opts.ExtraArgs)
          AdjustedArgs.insert(AdjustedArgs.end(), Opts.ExtraArgs->begin(),
                              Opts.ExtraArgs->end());
        return AdjustedArgs;
      };
  Tool.appendArgumentsAdjuster(PerFileExtraArgumentsInserter);
  Tool.appendArgumentsAdjuster(getStripPluginsAdjuster());
}

/// Parses with the shared precompiled header \p PCH (SharedHeaders.h), if
/// any.
void addPrecompiledHeader(ClangTool &Tool, const std::string &PCH) {
  if (!PCH.empty())
    Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
        {"-include-pch", PCH}, ArgumentInsertPosition::BEGIN));
}

/// Runs \p Action on \p File once per compile command, each through a
/// ClangTool of its own, set up by \p Setup: given several commands for a
/// file, ClangTool prints "[1/2] (1/2) Processing file" on standard error,
/// in the middle of the report. Returns what one ClangTool over all of
/// them would (1: a command failed, 2: none found, 0).
int runPerCommand(llvm::ArrayRef<CompileCommand> Commands,
                  const std::string &File,
                  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
                  llvm::function_ref<void(ClangTool &)> Setup,
                  ToolAction &Action) {
  bool Failed = false, Skipped = Commands.empty();
  for (const CompileCommand &C : Commands) {
    StoredCommands DB({C});
    ClangTool Tool(DB, {File}, std::make_shared<PCHContainerOperations>(), FS);
    Tool.setPrintErrorMessage(false);
    Setup(Tool);
    int Status = Tool.run(&Action);
    Failed |= Status == 1;
    Skipped |= Status == 2;
  }
  return Failed ? 1 : Skipped ? 2 : 0;
}

/// clang-tidy's runClangTidy for one file, minus chdir and the stray
/// messages (see the file comment). Returns false if ClangTool failed.
bool runChecks(ClangTidyContext &Context,
               llvm::ArrayRef<CompileCommand> Commands, const std::string &File,
               llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
               bool SkipLibraryBodies, const std::string &PCH,
               PreambleCache *Preamble, std::vector<ClangTidyError> &Errors) {
  ClangTidyDiagnosticConsumer DiagConsumer(Context, nullptr,
                                           /*RemoveIncompatibleErrors=*/true,
                                           /*GetFixesFromNotes=*/false);
  compat::DiagOptionsHolder DiagOpts(new DiagnosticOptions());
  DiagnosticsEngine DE(new DiagnosticIDs(), compat::diagOptionsArg(DiagOpts),
                       &DiagConsumer, /*ShouldOwnClient=*/false);
  compat::setDiagnosticsEngine(Context, DiagOpts, &DE);

  ActionFactory Factory(Context, FS, SkipLibraryBodies, Preamble);
  int Status = runPerCommand(
      Commands, File, FS,
      [&](ClangTool &Tool) {
        addArgumentAdjusters(Tool, Context);
        addPrecompiledHeader(Tool, PCH);
        Tool.setDiagnosticConsumer(&DiagConsumer);
      },
      Factory);
  Errors = DiagConsumer.take();
  return Status == 0;
}

/// Every file the unit reads, system headers included: a summary is only
/// as fresh as the oldest of them.
class InputCollector : public DependencyCollector {
  bool needSystemDependencies() override { return true; }
};

/// Counts compiler errors, shows nothing.
class ErrorCounter : public DiagnosticConsumer {
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info); // counts
  }
};

/// The files a collector saw, as absolute paths. Headers are named as they
/// were found: relative ones are relative to the command's directory, the
/// working directory here.
std::vector<std::string> absoluteInputs(CompilerInstance &CI,
                                        InputCollector &Inputs) {
  std::vector<std::string> Out;
  llvm::SmallString<256> Cwd;
  if (auto Dir = CI.getFileManager()
                     .getVirtualFileSystem()
                     .getCurrentWorkingDirectory())
    Cwd = *Dir;
  for (const std::string &D : Inputs.getDependencies()) {
    llvm::SmallString<256> Path(D);
    if (!llvm::sys::path::is_absolute(Path) && !Cwd.empty()) {
      llvm::SmallString<256> Abs(Cwd);
      llvm::sys::path::append(Abs, Path);
      Path = Abs;
    }
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Out.push_back(std::string(Path));
  }
  return Out;
}

/// Writes a precompiled header of the command's main file (a header).
class PCHActionFactory : public FrontendActionFactory {
public:
  explicit PCHActionFactory(std::string Output) : Output(std::move(Output)) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(*this);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    // As the check runs that will read it; every body here is a library's.
    prepareInvocation(*Invocation, /*SkipLibraryBodies=*/true);
    Invocation->getFrontendOpts().OutputFile = Output;
    return FrontendActionFactory::runInvocation(Invocation, Files,
                                                PCHContainerOps, DiagConsumer);
  }

  std::vector<std::string> Inputs;

private:
  class Action : public GeneratePCHAction {
  public:
    explicit Action(PCHActionFactory &F) : F(F) {}
    std::unique_ptr<ASTConsumer>
    CreateASTConsumer(CompilerInstance &CI, llvm::StringRef InFile) override {
      Collector = std::make_shared<InputCollector>();
      Collector->attachToPreprocessor(CI.getPreprocessor());
      return GeneratePCHAction::CreateASTConsumer(CI, InFile);
    }
    void EndSourceFileAction() override {
      GeneratePCHAction::EndSourceFileAction();
      F.Inputs = absoluteInputs(getCompilerInstance(), *Collector);
    }

  private:
    PCHActionFactory &F;
    std::shared_ptr<InputCollector> Collector;
  };

  std::string Output;
};

class SummaryActionFactory : public FrontendActionFactory {
public:
  SummaryActionFactory(std::shared_ptr<const SummarySet> Known,
                       UnitSummaryResult &Out, bool Skip)
      : Known(std::move(Known)), Out(Out), Skip(Skip) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(*this);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    prepareInvocation(*Invocation, Skip);
    return FrontendActionFactory::runInvocation(Invocation, Files,
                                                PCHContainerOps, DiagConsumer);
  }

private:
  class Consumer : public ASTConsumer {
  public:
    Consumer(SummaryActionFactory &F, CompilerInstance &CI)
        : F(F), Bodies(CI) {}
    bool shouldSkipFunctionBody(Decl *D) override {
      return Bodies.shouldSkip(D);
    }
    bool HandleTopLevelDecl(DeclGroupRef D) override {
      Bodies.addProjectDecls(D, ProjectDecls);
      return true;
    }
    void HandleTranslationUnit(ASTContext &Ctx) override {
      // As the check run (SkippingConsumer): only the project's
      // declarations, which also keeps a precompiled header unread.
      if (F.Skip)
        Ctx.setTraversalScope(ProjectDecls);
      ApiModel Model;
      if (F.Known)
        Model.attachSummaries(F.Known);
      // A file built with several commands (configurations) adds each
      // one's definitions; merging them keeps what all agree on.
      UnitSummary U = summarizeUnit(Ctx, Model, unitFunctions(Ctx));
      UnitSummary &Out = F.Out.Summary;
      Out.Defines.insert(Out.Defines.end(), U.Defines.begin(), U.Defines.end());
      std::vector<std::string> Calls;
      std::set_union(Out.Calls.begin(), Out.Calls.end(), U.Calls.begin(),
                     U.Calls.end(), std::back_inserter(Calls));
      Out.Calls = std::move(Calls);
      F.Out.Summarized = true;
    }

  private:
    SummaryActionFactory &F;
    LibraryBodies Bodies;
    std::vector<Decl *> ProjectDecls;
  };

  class Action : public ASTFrontendAction {
  public:
    explicit Action(SummaryActionFactory &F) : F(F) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                   llvm::StringRef) override {
      F.Inputs = std::make_shared<InputCollector>();
      F.Inputs->attachToPreprocessor(CI.getPreprocessor());
      // And to the reader of a precompiled header, created later: the
      // headers in it are inputs too.
      CI.addDependencyCollector(F.Inputs);
      return std::make_unique<Consumer>(F, CI);
    }
    void EndSourceFileAction() override {
      F.Out.Inputs = absoluteInputs(getCompilerInstance(), *F.Inputs);
    }

  private:
    SummaryActionFactory &F;
  };

  std::shared_ptr<const SummarySet> Known;
  UnitSummaryResult &Out;
  bool Skip;
  std::shared_ptr<InputCollector> Inputs;
};

} // namespace

namespace {
std::atomic<bool> CrashRecovered{false};
} // namespace

bool crashWasRecovered() { return CrashRecovered; }

std::optional<std::string> runIsolated(llvm::function_ref<void()> Work) {
  static std::once_flag Once;
  std::call_once(Once, [] { llvm::CrashRecoveryContext::Enable(); });
  llvm::CrashRecoveryContext CRC;
  // The stack goes to standard error: it is what a bug report needs.
  CRC.DumpStackAndCleanupOnFailure = true;
  if (CRC.RunSafely(Work))
    return std::nullopt;
  CrashRecovered = true;
  // A signal gives 128 + its number; an exit from inside (a fatal error
  // with no crash report) gives its status.
  if (CRC.RetCode > 128) {
    int Signal = CRC.RetCode - 128;
    return "signal " + std::to_string(Signal) + ", " + strsignal(Signal);
  }
  return "exit status " + std::to_string(CRC.RetCode);
}

namespace {

UnitSummaryResult
summarizeUnprotected(const LayeredOptions &Layers,
                     const TranslationUnitJob &Job,
                     std::shared_ptr<const SummarySet> Known) {
  if (!llvm::sys::fs::exists(Job.File))
    return {};
  for (const CompileCommand &C : Job.Commands)
    if (!llvm::sys::fs::is_directory(C.Directory))
      return {};
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::createPhysicalFileSystem()));
  bool Skip = Job.Parsing != BodyParsing::Full;
  auto Run = [&](const std::string &PCH) {
    UnitSummaryResult R;
    ClangTidyContext Context(Layers.makeProvider(FS));
    // Compiler errors are the check run's to report, not this one's; they
    // are only counted, to tell a header that does not fit.
    ErrorCounter Errors;
    SummaryActionFactory Factory(Known, R, Skip);
    runPerCommand(
        Job.Commands, Job.File, FS,
        [&](ClangTool &Tool) {
          addArgumentAdjusters(Tool, Context);
          addPrecompiledHeader(Tool, PCH);
          Tool.setDiagnosticConsumer(&Errors);
        },
        Factory);
    R.Summarized &= PCH.empty() || Errors.getNumErrors() == 0;
    return R;
  };
  UnitSummaryResult R;
  if (Skip && !Job.PCH.empty()) {
    R = Run(Job.PCH);
    // The shared header and its generated source are not inputs of the
    // summary (the headers in them are): another unit's new include changes
    // them, not this unit's summary.
    llvm::StringRef Base = llvm::StringRef(Job.PCH).drop_back(
        llvm::sys::path::extension(Job.PCH).size());
    llvm::erase_if(R.Inputs, [&](const std::string &P) {
      return llvm::sys::path::parent_path(P) ==
                 llvm::sys::path::parent_path(Job.PCH) &&
             compat::startsWith(llvm::StringRef(P), Base);
    });
  }
  if (!R.Summarized)
    R = Run("");
  // The main file is not among the headers it included.
  if (R.Summarized)
    R.Inputs.insert(R.Inputs.begin(), Job.File);
  return R;
}

bool buildUnprotected(const LayeredOptions &Layers,
                      const CompileCommand &Command,
                      llvm::StringRef OptionsFile, const std::string &Output,
                      std::vector<std::string> &Inputs) {
  if (!llvm::sys::fs::is_directory(Command.Directory))
    return false;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::createPhysicalFileSystem()));
  ClangTidyContext Context(Layers.makeProvider(FS));
  StoredCommands DB({Command});
  ClangTool Tool(DB, {Command.Filename},
                 std::make_shared<PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  // The units' extra arguments (from their .clang-tidy), not the header's.
  addArgumentAdjusters(Tool, Context, OptionsFile);
  IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  PCHActionFactory Factory(Output);
  if (Tool.run(&Factory) != 0 || !llvm::sys::fs::exists(Output))
    return false;
  Inputs = std::move(Factory.Inputs);
  return true;
}

} // namespace

// A crash while summarising or building a shared header leaves the unit
// unsummarised or without the header; checking it then reports the crash.
UnitSummaryResult
summarizeTranslationUnit(const LayeredOptions &Layers,
                         const TranslationUnitJob &Job,
                         std::shared_ptr<const SummarySet> Known) {
  UnitSummaryResult R;
  if (runIsolated([&] { R = summarizeUnprotected(Layers, Job, Known); }))
    return {};
  return R;
}

bool buildPrecompiledHeader(const LayeredOptions &Layers,
                            const CompileCommand &Command,
                            llvm::StringRef OptionsFile,
                            const std::string &Output,
                            std::vector<std::string> &Inputs) {
  bool Built = false;
  if (runIsolated([&] {
        Built = buildUnprotected(Layers, Command, OptionsFile, Output, Inputs);
      }))
    return false;
  return Built;
}

namespace {

TranslationUnitResult checkOnce(const LayeredOptions &Layers,
                                const TranslationUnitJob &Job,
                                bool SkipLibraryBodies,
                                const std::string &PCH) {
  TranslationUnitResult Result;
  // A file system whose working directory is this unit's alone; ClangTool
  // moves it to the command's directory, and the options provider looks up
  // .clang-tidy files through it.
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::createPhysicalFileSystem()));
  if (Job.Contents) {
    llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Unsaved(
        new llvm::vfs::InMemoryFileSystem);
    Unsaved->addFile(
        Job.File, /*ModificationTime=*/0,
        llvm::MemoryBuffer::getMemBufferCopy(*Job.Contents, Job.File));
    FS->pushOverlay(Unsaved);
  }
  ClangTidyContext Context(Layers.makeProvider(FS));
  std::vector<ClangTidyError> Errors;
  bool OK = runChecks(Context, Job.Commands, Job.File, FS, SkipLibraryBodies,
                      PCH, Job.Preamble.get(), Errors);
  Result.Findings.reserve(Errors.size());
  for (ClangTidyError &E : Errors) {
    FindingKind Kind = classify(E);
    Result.Failed |= Kind == FindingKind::CompileError;
    Result.Findings.push_back(Finding{std::move(E), Job.File, Kind});
  }
  if (!OK && !Result.Failed) {
    Result.Failed = true;
    Result.SetupError = "the compiler could not be run on it";
  }
  Result.Stats = Context.getStats();
  return Result;
}

void describe(const tooling::DiagnosticMessage &M, llvm::raw_ostream &OS) {
  OS << M.FilePath << ":" << M.FileOffset << ": " << M.Message << "\n";
  for (const auto &[File, Replacements] : M.Fix)
    for (const tooling::Replacement &R : Replacements)
      OS << "  fix " << File << ":" << R.getOffset() << "+" << R.getLength()
         << " '" << R.getReplacementText() << "'\n";
}

/// Everything a finding says, for comparing two runs.
std::vector<std::string> describe(const TranslationUnitResult &R) {
  std::vector<std::string> Out;
  for (const Finding &F : R.Findings) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    OS << F.Diag.DiagnosticName << " " << int(F.Diag.DiagLevel) << " ";
    describe(F.Diag.Message, OS);
    for (const tooling::DiagnosticMessage &N : F.Diag.Notes) {
      OS << "  note ";
      describe(N, OS);
    }
    Out.push_back(std::move(OS.str()));
  }
  return Out;
}

} // namespace

TranslationUnitResult
checkTranslationUnitUnprotected(const LayeredOptions &Layers,
                                const TranslationUnitJob &Job) {
  TranslationUnitResult Result;
  // A database may name files that are gone (generated, deleted since).
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Job.File, Status) ||
      !llvm::sys::fs::exists(Status)) {
    Result.Failed = true;
    Result.SetupError = "the file does not exist";
    return Result;
  }
  // Reading a FIFO or a device would wait for a writer that never comes.
  if (!llvm::sys::fs::is_regular_file(Status)) {
    Result.Failed = true;
    Result.SetupError = "not a regular file";
    return Result;
  }
  // Clang would say "error reading" as if the source had a compile error.
  if (llvm::Expected<llvm::sys::fs::file_t> F =
          llvm::sys::fs::openNativeFileForRead(Job.File)) {
    llvm::sys::fs::closeFile(*F);
  } else {
    Result.Failed = true;
    Result.SetupError =
        "it cannot be read (" + llvm::toString(F.takeError()) + ")";
    return Result;
  }
  // ClangTool stops the whole process if it cannot enter a command's
  // directory; a stale database must only fail its own unit.
  for (const CompileCommand &C : Job.Commands) {
    if (!llvm::sys::fs::is_directory(C.Directory)) {
      Result.Failed = true;
      Result.SetupError = "the directory of its compile command, '" +
                          C.Directory + "', does not exist";
      return Result;
    }
  }
  // The fast way: library bodies skipped, with the shared headers if any.
  // A unit that fails with them is checked again without: the failure may
  // be theirs (a header changed during the run, flags they do not fit).
  auto Fast = [&] {
    if (!Job.PCH.empty()) {
      TranslationUnitResult R = checkOnce(Layers, Job, true, Job.PCH);
      if (!R.Failed || !Job.RetryWithoutPCH)
        return R;
    }
    return checkOnce(Layers, Job, true, "");
  };
  if (Job.Parsing == BodyParsing::Full)
    return checkOnce(Layers, Job, false, "");
  if (Job.Parsing == BodyParsing::SkipLibrary)
    return Fast();

  // The test mode: what the fast way must not change.
  Result = checkOnce(Layers, Job, /*SkipLibraryBodies=*/false, "");
  TranslationUnitResult Skipped = Fast();
  std::vector<std::string> Full = describe(Result), Skip = describe(Skipped);
  if (Full != Skip) {
    std::string Diff;
    for (const std::string &S : Full)
      if (std::find(Skip.begin(), Skip.end(), S) == Skip.end())
        Diff += "\n  only with the full parse: " + S;
    for (const std::string &S : Skip)
      if (std::find(Full.begin(), Full.end(), S) == Full.end())
        Diff += "\n  only with library bodies skipped" +
                std::string(Job.PCH.empty() ? "" : " and shared headers") +
                ": " + S;
    if (Diff.empty())
      Diff = "\n  the same findings in another order";
    while (!Diff.empty() && Diff.back() == '\n')
      Diff.pop_back();
    Result.Failed = true;
    Result.SetupError = "the findings differ when library function bodies "
                        "are skipped:" +
                        Diff;
  }
  return Result;
}

TranslationUnitResult checkTranslationUnit(const LayeredOptions &Layers,
                                           const TranslationUnitJob &Job) {
  TranslationUnitResult Result;
  std::optional<std::string> Crash = runIsolated(
      [&] { Result = checkTranslationUnitUnprotected(Layers, Job); });
  if (!Crash)
    return Result;
  // Whatever the crashed run had found is unreliable.
  Result = TranslationUnitResult();
  Result.Failed = true;
  Result.Crashed = true;
  Result.SetupError = "llvmown crashed while checking it (" + *Crash +
                      "); the other files were still checked. This is a bug "
                      "in llvmown: please report it with this file and its "
                      "compile command";
  return Result;
}

void ProgressLine::update(size_t Done, llvm::StringRef File) {
  if (!Enabled)
    return;
  std::string Line =
      "[" + std::to_string(Done) + "/" + std::to_string(Total) + "] ";
  unsigned Width = llvm::sys::Process::StandardErrColumns();
  if (Width == 0)
    Width = 80;
  llvm::StringRef Name = File;
  // Keep the end of long paths: the file name is what tells units apart.
  if (Line.size() + Name.size() >= Width && Width > Line.size() + 4)
    Name = Name.take_back(Width - Line.size() - 4);
  Line += Name.str();
  Text = std::move(Line);
  show();
}

void ProgressLine::hide() {
  if (!Enabled || !Visible)
    return;
  llvm::errs() << "\r\x1b[2K";
  llvm::errs().flush();
  Visible = false;
}

void ProgressLine::show() {
  if (!Enabled || Text.empty())
    return;
  llvm::errs() << "\r\x1b[2K" << Text;
  llvm::errs().flush();
  Visible = true;
}

void ProgressLine::finish() {
  hide();
  Text.clear();
}

void runAll(const LayeredOptions &Layers,
            llvm::ArrayRef<TranslationUnitJob> Jobs, unsigned Threads,
            ProgressLine &Progress,
            llvm::function_ref<void(size_t, TranslationUnitResult &)> InOrder) {
  if (Threads <= 1 || Jobs.size() <= 1) {
    for (size_t I = 0; I < Jobs.size(); ++I) {
      Progress.update(I + 1, Jobs[I].Shown); // the unit being checked
      TranslationUnitResult R = checkTranslationUnit(Layers, Jobs[I]);
      Progress.hide();
      InOrder(I, R);
    }
    Progress.finish();
    return;
  }

  std::mutex Lock; // guards Results, Done and standard error
  std::condition_variable Ready;
  std::vector<std::optional<TranslationUnitResult>> Results(Jobs.size());
  size_t Done = 0;

  compat::DefaultThreadPool Pool(
      llvm::hardware_concurrency(std::min<unsigned>(Threads, Jobs.size())));
  for (size_t I = 0; I < Jobs.size(); ++I) {
    Pool.async([&, I] {
      TranslationUnitResult R = checkTranslationUnit(Layers, Jobs[I]);
      std::lock_guard<std::mutex> Guard(Lock);
      Results[I] = std::move(R);
      Progress.update(++Done, Jobs[I].Shown);
      Ready.notify_all();
    });
  }
  for (size_t I = 0; I < Jobs.size(); ++I) {
    std::unique_lock<std::mutex> Guard(Lock);
    Ready.wait(Guard, [&] { return Results[I].has_value(); });
    // Printing under the lock keeps workers' progress updates out of it.
    Progress.hide();
    InOrder(I, *Results[I]);
    Results[I].reset(); // free the findings as soon as they are used
    Progress.show();
  }
  Pool.wait();
  Progress.finish();
}

} // namespace clang::tidy::llvmown::tool
