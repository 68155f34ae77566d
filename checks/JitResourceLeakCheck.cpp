//===- JitResourceLeakCheck.cpp -------------------------------------------===//

#include "JitResourceLeakCheck.h"
#include "engine/analyses/jit/JitResourceAnalysis.h"
#include "engine/framework/NameMatcher.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

namespace clang::tidy::llvmown {

namespace {
constexpr llvm::StringLiteral DefaultSetupFunctions =
    "init;initialize;setup;loadRuntime";

/// The names messages offer, in the API the add was written against.
const JitRemedies &remediesFor(const CallExpr *Add) {
  return ApiModel::jitRemedies(
      !isa_and_nonnull<CXXMethodDecl>(Add->getDirectCallee()));
}
} // namespace

JitResourceLeakCheck::JitResourceLeakCheck(StringRef Name,
                                           ClangTidyContext *Context)
    : OwningPointerCheck(Name, Context),
      SetupFunctions(option("SetupFunctions", DefaultSetupFunctions)),
      SharedContextRequests(boolOption("SharedContextRequests", false)) {}

void JitResourceLeakCheck::reportDropped(const DroppedTracker &T) {
  StringRef Remove = ApiModel::jitRemedies(T.CApi).RemoveTracker;
  bool Released = T.How == TrackerDrop::Released;
  diag(T.Create->getBeginLoc(),
       "resource tracker created by '%0' is %select{dropped|released}1 "
       "without '%2'; the JIT'd code added with it stays until the JITDylib "
       "is cleared or the session ends")
      << T.CreateApi << Released << Remove;
  StringRef Holder = T.Holder->getName();
  switch (T.How) {
  case TrackerDrop::ScopeEnd:
    diag(T.Where, "dropped here, when '%0' goes out of scope",
         DiagnosticIDs::Note)
        << Holder;
    break;
  case TrackerDrop::Overwritten:
    diag(T.Where, "overwritten here: '%0' no longer refers to it",
         DiagnosticIDs::Note)
        << Holder;
    break;
  case TrackerDrop::Reset:
    diag(T.Where, "dropped here, by resetting '%0'", DiagnosticIDs::Note)
        << Holder;
    break;
  case TrackerDrop::Released:
    diag(T.Where, "released here without '%0'", DiagnosticIDs::Note) << Remove;
    break;
  }
}

void JitResourceLeakCheck::reportUntrackedAdd(const UntrackedAdd &A) {
  if (A.OnlyRemoved) {
    reportRemovedOnly(A);
    return;
  }
  if (A.Engine && A.Method) {
    std::string Class = A.Method->getParent()->getNameAsString();
    diag(A.Call->getBeginLoc(),
         "module added by '%0' in '%1::%2' is never removed: the execution "
         "engine keeps its IR and code for as long as it lives, and nothing "
         "in '%1' calls %3; memory grows with every call; replace the "
         "engine per batch of requests, or use ORC with a resource tracker "
         "per request")
        << A.Api << Class << A.Method->getNameAsString()
        << remediesFor(A.Call).RemoveModule;
  } else if (A.Engine) {
    diag(A.Call->getBeginLoc(),
         "module added by '%0' in a loop is never removed: the execution "
         "engine keeps its IR and code for as long as it lives, and nothing "
         "in '%1' calls %2; memory grows with every iteration; replace the "
         "engine per batch of requests, or use ORC with a resource tracker "
         "per request")
        << A.Api << A.Function->getNameAsString()
        << remediesFor(A.Call).RemoveModule;
    diag(A.Loop->getBeginLoc(), "the loop that repeats the add",
         DiagnosticIDs::Note);
  } else if (A.Method) {
    std::string Class = A.Method->getParent()->getNameAsString();
    diag(A.Call->getBeginLoc(),
         "JIT'd code added by '%0' in '%1::%2' is never freed: it goes to "
         "the default resource tracker of its JITDylib and nothing in '%1' "
         "removes it (%3); JIT memory grows with every call")
        << A.Api << Class << A.Method->getNameAsString()
        << remediesFor(A.Call).FreeCode;
  } else {
    diag(A.Call->getBeginLoc(),
         "JIT'd code added by '%0' in a loop is never freed: it goes to the "
         "default resource tracker of its JITDylib and nothing in '%1' "
         "removes it (%2); JIT memory grows with every iteration")
        << A.Api << A.Function->getNameAsString()
        << remediesFor(A.Call).FreeCode;
    diag(A.Loop->getBeginLoc(), "the loop that repeats the add",
         DiagnosticIDs::Note);
  }
}

void JitResourceLeakCheck::reportRemovedOnly(const UntrackedAdd &A) {
  // What the measured loop shows (docs/runtime-validation.md): removeModule
  // gives back the IR, not the code MCJIT loaded.
  const char *Rest = "but the engine keeps the object code MCJIT loaded for "
                     "it; memory still grows with every %0; replace the "
                     "engine per batch of requests, or use ORC with a "
                     "resource tracker per request";
  std::string Where = A.Method
                          ? "in '" + A.Method->getParent()->getNameAsString() +
                                "::" + A.Method->getNameAsString() + "'"
                          : std::string("in a loop");
  diag(A.Call->getBeginLoc(), std::string("module added by '%1' ") + Where +
                                  " is taken back with %2, " + Rest)
      << (A.Method ? "call" : "iteration") << A.Api
      << remediesFor(A.Call).RemoveModule;
  if (A.Loop && !A.Method)
    diag(A.Loop->getBeginLoc(), "the loop that repeats the add",
         DiagnosticIDs::Note);
}

void JitResourceLeakCheck::analyzeFunctions(
    ASTContext &Ctx, llvm::ArrayRef<FunctionBody> Functions) {
  JitResourceAnalysis JA(Model, Ctx, splitNameList(SetupFunctions),
                         SharedContextRequests);
  JitResult R = analyzeAll(JA, Functions);

  for (const UntrackedAdd &A : R.Adds)
    reportUntrackedAdd(A);

  for (const DroppedTracker &T : R.Dropped)
    reportDropped(T);

  for (const KeptModule &K : R.Kept) {
    const FunctionDecl *Gen = K.Codegen->getDirectCallee();
    diag(K.Store->getBeginLoc(),
         "module kept in '%0' after '%1' generated its code is never "
         "released: nothing takes modules out of '%0' or bounds it, so the IR "
         "of every call to '%2' stays in memory as long as '%0' lives")
        << K.Container->getName() << (Gen ? Gen->getNameAsString() : "")
        << K.Function->getNameAsString();
    diag(K.Codegen->getBeginLoc(), "code generated here", DiagnosticIDs::Note);
  }

  for (const SharedContextModule &M : R.SharedContext)
    diag(M.Create->getBeginLoc(),
         "module created by '%0' in '%1::%2' belongs to the long-lived "
         "context '%3': the types, constants and metadata of every request "
         "stay in that LLVMContext until it is destroyed; create a context "
         "per request or batch (for ORC, a new ThreadSafeContext)")
        << M.Api << M.Method->getParent()->getName() << M.Method->getName()
        << M.Context->getName();

  for (const VarDecl *VD : R.StaticTrackers)
    diag(VD->getLocation(),
         "'%0' holds a ResourceTrackerSP with static storage duration; it "
         "outlives the ExecutionSession, and its destructor then locks the "
         "destroyed session")
        << VD->getName();

  for (const Decl *D : R.Incomplete)
    noteIncomplete(D, true);

  // An engine nobody deletes keeps its modules and all their code. Engines
  // are made once per object by its set-up function (faust's initJIT), so a
  // store over the member is not taken for a replacement.
  analyzeOwningPointers(Ctx, Functions, KindId::EngineObject,
                        /*Replacements=*/false);
}

} // namespace clang::tidy::llvmown
