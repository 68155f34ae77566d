//===- ApiModelRowsTest.cpp - every row fits the declaration it names -----===//
//
// Parses the real LLVM headers of every LLVM installed beside the one
// llvmown is built against (Debian: /usr/lib/llvm-N; users analyse code
// written for any of them) and checks each row of the model that applies
// to that version (ApiRow::Since/Until): the declaration exists; its
// argument indices exist; and the kind fits the declaration's types (a
// creator returns or writes that kind, a release or consumer takes it). A
// row that drifts from the headers (a renamed function, an off-by-one
// out-parameter, a wrong kind) fails here instead of going quietly inert.
//
//===----------------------------------------------------------------------===//

#include "engine/framework/CompatADT.h"
#include "engine/framework/NameMatcher.h"
#include "engine/model/ApiModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"
#include <map>

using namespace clang;
using namespace clang::tidy::llvmown;

namespace {

const char *Headers = R"cpp(
#include <cstdlib>
#include <memory>
#include "llvm-c/Analysis.h"
#include "llvm-c/BitReader.h"
#include "llvm-c/Core.h"
#include "llvm-c/DebugInfo.h"
#include "llvm-c/Disassembler.h"
#include "llvm-c/Error.h"
#include "llvm-c/ExecutionEngine.h"
#include "llvm-c/IRReader.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Linker.h"
#include "llvm-c/Object.h"
#include "llvm-c/Orc.h"
#include "llvm-c/OrcEE.h"
#include "llvm-c/Support.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/Layer.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
)cpp";

/// The parsed headers of one LLVM, and every function declared in them by
/// simple name.
struct Headers_ {
  unsigned Major;
  std::unique_ptr<ASTUnit> AST;
  llvm::StringMap<std::vector<const FunctionDecl *>> Functions;
  llvm::StringSet<> Records, Typedefs;

  Headers_(unsigned Major, const std::string &Include) : Major(Major) {
    AST = tooling::buildASTFromCodeWithArgs(
        Headers,
        {"-std=c++17", "-I" + Include,
         "-resource-dir=" LLVMOWN_TEST_RESOURCE_DIR, "-D__STDC_CONSTANT_MACROS",
         "-D__STDC_FORMAT_MACROS", "-D__STDC_LIMIT_MACROS", "-w"},
        "headers.cpp");
    if (!AST)
      return;
    struct Indexer : RecursiveASTVisitor<Indexer> {
      Headers_ &H;
      explicit Indexer(Headers_ &H) : H(H) {}
      bool VisitFunctionDecl(FunctionDecl *FD) {
        llvm::StringRef N = declSimpleName(FD);
        if (!N.empty())
          H.Functions[N].push_back(FD);
        return true;
      }
      bool VisitRecordDecl(RecordDecl *RD) {
        if (RD->getIdentifier()) {
          std::string Q = RD->getQualifiedNameAsString();
          H.Records.insert(Q);
        }
        return true;
      }
      bool VisitTypedefNameDecl(TypedefNameDecl *TD) {
        H.Typedefs.insert(TD->getName());
        return true;
      }
    } I(*this);
    I.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  }

  std::vector<const FunctionDecl *> declsOf(llvm::StringRef Qualified) const {
    std::vector<const FunctionDecl *> Out;
    llvm::StringRef Simple = Qualified.rsplit("::").second;
    auto It = Functions.find(Simple.empty() ? Qualified : Simple);
    if (It != Functions.end())
      for (const FunctionDecl *FD : It->second)
        if (declHasQualifiedName(FD, Qualified))
          Out.push_back(FD);
    return Out;
  }
};

/// The LLVMs installed beside the build's one: <prefix>/llvm-N/include, for
/// N from 14 to 22, the versions the model's rows are written for (LLVM 13,
/// which only llvmown-tidy-13 serves, is tested by the check folders' lit
/// tests in it, not row by row here).
std::vector<std::pair<unsigned, std::string>> installed() {
  std::vector<std::pair<unsigned, std::string>> Out;
  llvm::StringRef Build(LLVMOWN_TEST_LLVM_INCLUDE);
  llvm::StringRef Prefix = llvm::sys::path::parent_path(
      llvm::sys::path::parent_path(Build)); // /usr/lib
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Prefix, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    unsigned Major;
    if (Name.consume_front("llvm-") && !Name.getAsInteger(10, Major) &&
        Major >= 14 && Major <= 22 &&
        llvm::sys::fs::exists(It->path() + "/include/llvm-c/Core.h"))
      Out.push_back({Major, It->path() + "/include"});
  }
  if (Out.empty())
    Out.push_back({LLVM_VERSION_MAJOR, Build.str()});
  llvm::sort(Out);
  return Out;
}

const Headers_ &headers(unsigned Major, const std::string &Include) {
  static std::map<unsigned, std::unique_ptr<Headers_>> Parsed;
  std::unique_ptr<Headers_> &H = Parsed[Major];
  if (!H)
    H = std::make_unique<Headers_>(Major, Include);
  return *H;
}

/// The headers of the LLVM llvmown is built against.
const Headers_ &headers() {
  return headers(LLVM_VERSION_MAJOR, LLVMOWN_TEST_LLVM_INCLUDE);
}

bool appliesTo(const ApiRow &R, unsigned Major) {
  return (!R.Since || R.Since <= Major) && (!R.Until || Major <= R.Until);
}

/// A string kind (messages) has no class or handle of its own: it is a
/// `char *` (or the `void *` free() takes).
bool isStringKind(const ResourceKind &K) {
  return K.CxxClasses.empty() && K.CHandles.empty();
}

bool fitsValue(const ApiModel &M, const ResourceKind &K, QualType T) {
  if (isStringKind(K)) {
    QualType P = T->getPointeeType();
    return !P.isNull() && (P->isCharType() || P->isVoidType());
  }
  return M.kindOfValue(T) == &K;
}

/// Does \p FD fit \p R (arity and types)? Sets \p Why if not.
bool fits(const ApiModel &M, const ApiRow &R, const FunctionDecl *FD,
          std::string &Why) {
  unsigned N = FD->getNumParams();
  if (R.Arg >= 0 && unsigned(R.Arg) >= N) {
    Why = "argument " + std::to_string(R.Arg) + " of " + std::to_string(N);
    return false;
  }
  if (R.BindTo >= 0) {
    if (unsigned(R.BindTo) >= N) {
      Why = "BindTo argument out of range";
      return false;
    }
    const ResourceKind *Owner =
        M.kindOfValue(FD->getParamDecl(R.BindTo)->getType());
    if (!Owner || !Owner->is(KindProperty::OwnsIR)) {
      Why = "BindTo argument is not an owner of IR";
      return false;
    }
  }
  if (R.Arg == ReturnValue && FD->getReturnType()->isVoidType()) {
    Why = "returns void";
    return false;
  }
  if (R.OnlyIfRawPointer && !FD->isDependentContext() &&
      !FD->getReturnType()->isPointerType()) {
    Why = "does not return a raw pointer";
    return false;
  }
  if (R.anyKind() || FD->isDependentContext() || R.Arg == AnyArgument)
    return true;
  QualType T = R.Arg == ReturnValue ? FD->getReturnType()
                                    : FD->getParamDecl(R.Arg)->getType();
  // An out-parameter points to where the object is written.
  if (R.Eff == Effect::Creates && R.Arg >= 0)
    T = T->getPointeeType();
  if (T.isNull() || !fitsValue(M, *R.Kind, T)) {
    Why = "type '" + (T.isNull() ? std::string("?") : T.getAsString()) +
          "' is not a " + R.Kind->Name.str();
    return false;
  }
  return true;
}

TEST(ApiModelRows, HeadersParse) {
  ASSERT_TRUE(headers().AST);
  EXPECT_FALSE(headers().AST->getDiagnostics().hasErrorOccurred());
  EXPECT_GT(headers().Functions.size(), 1000u);
}

class ApiModelRowsOf
    : public ::testing::TestWithParam<std::pair<unsigned, std::string>> {};

TEST_P(ApiModelRowsOf, EveryRowFitsTheDeclarationItNames) {
  const Headers_ &H = headers(GetParam().first, GetParam().second);
  ASSERT_TRUE(H.AST);
  EXPECT_FALSE(H.AST->getDiagnostics().hasErrorOccurred());
  ApiModel M;
  for (const ApiRow &R : M.rows()) {
    if (!appliesTo(R, H.Major))
      continue;
    std::vector<const FunctionDecl *> Decls = H.declsOf(R.Name);
    // The standard library's rows name members of libc++ or of libstdc++
    // (shared_ptr::reset is __shared_ptr's there): one of them is here.
    if (Decls.empty() && compat::startsWith(R.Name, "std::"))
      continue;
    EXPECT_FALSE(Decls.empty())
        << "LLVM " << H.Major << ": " << R.Name.str() << " is not declared";
    // Overloads: one of them must fit (LLJIT::addIRModule has two).
    std::string Why;
    bool Any = llvm::any_of(
        Decls, [&](const FunctionDecl *FD) { return fits(M, R, FD, Why); });
    EXPECT_TRUE(Any || Decls.empty())
        << "LLVM " << H.Major << ": " << R.Name.str() << ": " << Why;
  }
}

// A row limited to some versions is right to be: it is absent outside them.
TEST_P(ApiModelRowsOf, VersionLimitsAreTrue) {
  const Headers_ &H = headers(GetParam().first, GetParam().second);
  ApiModel M;
  for (const ApiRow &R : M.rows()) {
    if (!appliesTo(R, H.Major)) {
      EXPECT_TRUE(H.declsOf(R.Name).empty())
          << "LLVM " << H.Major << " declares " << R.Name.str()
          << ": widen its since/until";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    InstalledLLVM, ApiModelRowsOf, ::testing::ValuesIn(installed()),
    [](const ::testing::TestParamInfo<std::pair<unsigned, std::string>> &I) {
      return "LLVM" + std::to_string(I.param.first);
    });

TEST(ApiModelRows, EveryJitRowFitsTheDeclarationItNames) {
  ApiModel M;
  unsigned Major = LLVM_VERSION_MAJOR;
  for (const JitApiRow &R : M.jitRows()) {
    std::vector<const FunctionDecl *> Decls = headers().declsOf(R.Name);
    if ((R.Since && Major < R.Since) || (R.Until && Major > R.Until)) {
      EXPECT_TRUE(Decls.empty()) << "LLVM " << Major << " declares "
                                 << R.Name.str() << ": widen its since/until";
      continue;
    }
    EXPECT_FALSE(Decls.empty()) << R.Name.str() << " is not declared";
    bool Any = llvm::any_of(Decls, [&](const FunctionDecl *FD) {
      switch (R.TrackerArg) {
      case NoTracker:
        return true;
      case ThisArg:
        return isa<CXXMethodDecl>(FD);
      case TrackerIfFirstParam:
        return ApiModel::trackerArg(R, FD) == 0;
      default:
        return unsigned(R.TrackerArg) < FD->getNumParams() &&
               M.isTrackerRef(FD->getParamDecl(R.TrackerArg)->getType());
      }
    });
    EXPECT_TRUE(Any) << R.Name.str() << ": no overload has the tracker at "
                     << R.TrackerArg;
  }
}

TEST(ApiModelRows, ClassesAndHandlesOfEveryKindExist) {
  ApiModel M;
  for (const ResourceKind &K : M.kinds()) {
    // A kind that only rows of later LLVM versions create (the target
    // machine options of LLVM 19) has no class in older headers.
    bool Used = false, UsedHere = false;
    for (const ApiRow &R : M.rows())
      if (R.Kind == &K) {
        Used = true;
        UsedHere |= appliesTo(R, LLVM_VERSION_MAJOR);
      }
    if (Used && !UsedHere)
      continue;
    for (llvm::StringRef C : K.CxxClasses)
      EXPECT_TRUE(headers().Records.contains(C))
          << K.Name.str() << ": no class " << C.str();
    for (llvm::StringRef H : K.CHandles)
      EXPECT_TRUE(headers().Typedefs.contains(H))
          << K.Name.str() << ": no handle " << H.str();
  }
}

TEST(ApiModelRows, EveryKindIdHasOneKind) {
  ApiModel M;
  for (unsigned I = 0; I < unsigned(KindId::UserPair); ++I) {
    const ResourceKind *K = M.kind(KindId(I));
    ASSERT_NE(K, nullptr) << "kind id " << I;
    EXPECT_EQ(unsigned(K->Id), I);
  }
  llvm::StringSet<> Names;
  for (const ResourceKind &K : M.kinds())
    EXPECT_TRUE(Names.insert(K.Name).second) << K.Name.str() << " twice";
}

// Each verb row, on a real declaration of its holder class: the row's class
// and arity fit the declaration, so the model gives it the verb. And the
// same names on other classes of the standard library or LLVM get no
// smart-pointer verb.
TEST(ApiModelRows, VerbRowsFitRealDeclarations) {
  ApiModel M;
  const std::pair<const char *, FlagSet<Verb>> Fits[] = {
      {"std::vector::push_back", Verb::Adds},
      {"std::vector::emplace_back", Verb::Adds},
      {"std::vector::insert", Verb::Adds},
      {"std::vector::erase", Verb::TakesOut},
      {"std::vector::clear", Verb::TakesOut | Verb::Empties},
      {"std::vector::pop_back", Verb::TakesOut},
      {"std::vector::swap", Verb::TakesOut | Verb::Empties},
      {"std::vector::resize", Verb::TakesOut},
      {"std::vector::empty", Verb::AsksSize},
      {"std::vector::size", Verb::AsksSize},
      {"std::map::find", Verb::LooksUp},
      {"std::map::count", Verb::LooksUp},
      {"std::map::emplace", Verb::Adds},
      {"llvm::DenseMapBase::lookup", Verb::LooksUp},
      {"llvm::SmallVectorTemplateBase::push_back", Verb::Adds},
      {"std::unique_ptr::reset", Verb::Resets | Verb::Empties},
      {"std::unique_ptr::release", Verb::ReleasesPointee | Verb::Empties},
      {"std::unique_ptr::get", Verb::GetsPointer},
      {"llvm::IntrusiveRefCntPtr::reset", Verb::Resets | Verb::Empties},
      {"llvm::IntrusiveRefCntPtr::get", Verb::GetsPointer},
  };
  for (const auto &[Name, Verbs] : Fits) {
    std::vector<const FunctionDecl *> Decls = headers().declsOf(Name);
    ASSERT_FALSE(Decls.empty()) << Name;
    EXPECT_TRUE(llvm::any_of(Decls, [&](const FunctionDecl *FD) {
      return (M.verbs(FD) & Verbs) == Verbs;
    })) << Name;
  }
  // Since LLVM 16.
  for (const FunctionDecl *FD :
       headers().declsOf("llvm::orc::ThreadSafeModule::consumingModuleDo"))
    EXPECT_TRUE(M.hasVerb(FD, Verb::TakesModuleOut));
  for (const char *Name : {"llvm::Expected::get", "llvm::BitVector::reset"}) {
    std::vector<const FunctionDecl *> Decls = headers().declsOf(Name);
    ASSERT_FALSE(Decls.empty()) << Name;
    for (const FunctionDecl *FD : Decls)
      EXPECT_FALSE(M.hasVerb(FD, Verb::GetsPointer | Verb::Resets)) << Name;
  }
  for (const VerbRow &R : M.verbRows()) {
    EXPECT_FALSE(R.Verbs.empty()) << R.Name.str();
    EXPECT_LE(R.MinArgs, R.MaxArgs) << R.Name.str();
  }
}

/// When LLVM's implementation writes a C API out-parameter, as read in the
/// sources of LLVM 14.0.6, 15.0.6, 16.0.6, 19.1.7 and 22.1.8 (Debian's
/// source packages; no Debian patch touches these files). Where: the file
/// under llvm/ and the line of the write in each of those versions.
enum class Written { FailureOnly, SuccessToo, Never };
struct OutParameterFact {
  const char *Name;
  int Arg;
  Written When;
  const char *Where;
};
const OutParameterFact OutParameterFacts[] = {
    {"LLVMPrintModuleToFile", 2, Written::FailureOnly,
     "lib/IR/Core.cpp:419,426,425,447,458"},
    {"LLVMVerifyModule", 2, Written::SuccessToo,
     "lib/Analysis/Analysis.cpp:116,116,112,83,97"},
    {"LLVMTargetMachineEmitToFile", 4, Written::FailureOnly,
     "lib/Target/TargetMachineC.cpp:209,205,206,314,315 (and the open "
     "failure: 224,222,223,331,332)"},
    {"LLVMTargetMachineEmitToMemoryBuffer", 3, Written::FailureOnly,
     "lib/Target/TargetMachineC.cpp:209,205,206,314,315"},
    // The buffer is made whatever the result: a failure gives both.
    {"LLVMTargetMachineEmitToMemoryBuffer", 4, Written::SuccessToo,
     "lib/Target/TargetMachineC.cpp:240,238,239,347,348"},
    {"LLVMGetTargetFromTriple", 2, Written::FailureOnly,
     "lib/Target/TargetMachineC.cpp:74,70,71,90,91"},
    {"LLVMCreateMemoryBufferWithContentsOfFile", 2, Written::FailureOnly,
     "lib/IR/Core.cpp:4139,4099,4009,4414,4590"},
    {"LLVMCreateMemoryBufferWithSTDIN", 1, Written::FailureOnly,
     "lib/IR/Core.cpp:4150,4110,4020,4425,4601"},
    {"LLVMParseIRInContext", 3, Written::FailureOnly,
     "lib/IRReader/IRReader.cpp:127,127,129,129 (22: through "
     "LLVMParseIRInContext2, 122)"},
    {"LLVMParseIRInContext2", 3, Written::FailureOnly,
     "lib/IRReader/IRReader.cpp:-,-,-,-,139"},
    {"LLVMParseBitcode", 2, Written::FailureOnly,
     "lib/Bitcode/Reader/BitReader.cpp: through LLVMParseBitcodeInContext"},
    {"LLVMParseBitcodeInContext", 3, Written::FailureOnly,
     "lib/Bitcode/Reader/BitReader.cpp:49,48,48,48,49"},
    {"LLVMGetBitcodeModule", 2, Written::FailureOnly,
     "lib/Bitcode/Reader/BitReader.cpp: through "
     "LLVMGetBitcodeModuleInContext"},
    {"LLVMGetBitcodeModuleInContext", 3, Written::FailureOnly,
     "lib/Bitcode/Reader/BitReader.cpp:95,94,94,94,95"},
    {"LLVMCreateBinary", 2, Written::FailureOnly,
     "lib/Object/Object.cpp:72,72,72,72,72"},
    {"LLVMExecutionEngineGetErrMsg", 1, Written::FailureOnly,
     "lib/ExecutionEngine/ExecutionEngineBindings.cpp:315,315,316,316,315"},
    {"LLVMCreateExecutionEngineForModule", 2, Written::FailureOnly,
     "lib/ExecutionEngine/ExecutionEngineBindings.cpp:114,114,115,115,114"},
    {"LLVMCreateInterpreterForModule", 2, Written::FailureOnly,
     "lib/ExecutionEngine/ExecutionEngineBindings.cpp:129,129,130,130,129"},
    {"LLVMCreateJITCompilerForModule", 3, Written::FailureOnly,
     "lib/ExecutionEngine/ExecutionEngineBindings.cpp:146,146,147,147,146"},
    {"LLVMCreateMCJITCompilerForModule", 4, Written::FailureOnly,
     "lib/ExecutionEngine/ExecutionEngineBindings.cpp:168 and 211 (14, 15, "
     "22), 169 and 212 (16, 19)"},
    // Never touches OutError, and returns 0 (lines 260-266 or 261-267).
    {"LLVMRemoveModule", 3, Written::Never,
     "lib/ExecutionEngine/ExecutionEngineBindings.cpp:260,260,261,261,260"},
};

TEST(ApiModelRows, OutParametersAreWrittenAsLLVMWrites) {
  ApiModel M;
  auto RowOf = [&](const OutParameterFact &F) -> const ApiRow * {
    for (const ApiRow &R : M.rows())
      if (R.Eff == Effect::Creates && R.Name == F.Name && R.Arg == F.Arg)
        return &R;
    return nullptr;
  };
  for (const OutParameterFact &F : OutParameterFacts) {
    const ApiRow *R = RowOf(F);
    SCOPED_TRACE(std::string(F.Name) + " (" + F.Where + ")");
    if (F.When == Written::Never) {
      EXPECT_EQ(R, nullptr) << "LLVM never writes it: nothing to release";
      continue;
    }
    ASSERT_NE(R, nullptr);
    EXPECT_EQ(R->OnFailureOnly, F.When == Written::FailureOnly);
    EXPECT_EQ(R->WrittenOnFailure, F.When == Written::SuccessToo);
  }
  // A row that says when its out-parameter is written is checked above:
  // one added later must be read in LLVM's sources too.
  for (const ApiRow &R : M.rows()) {
    if (!R.OnFailureOnly && !R.WrittenOnFailure)
      continue;
    EXPECT_TRUE(llvm::any_of(OutParameterFacts,
                             [&](const OutParameterFact &F) {
                               return R.Name == F.Name && R.Arg == F.Arg;
                             }))
        << R.Name.str() << " argument " << R.Arg
        << ": not checked against LLVM's implementation";
  }
}

} // namespace
