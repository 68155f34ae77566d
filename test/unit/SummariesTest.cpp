//===- SummariesTest.cpp --------------------------------------------------===//
//
// Project summaries: what a unit's functions claim, how claims of several
// definitions merge (whatever the order), the JSON form, and the rows the
// model makes of them.
//
//===----------------------------------------------------------------------===//

#include "TestAST.h"
#include "engine/model/ApiModel.h"
#include "engine/summaries/Summarizer.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

namespace {

const FunctionSummary *definedIn(const UnitSummary &U, llvm::StringRef Name) {
  for (const FunctionSummary &S : U.Defines)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

UnitSummary summarize(ParsedTU &TU, const ApiModel &Model) {
  return summarizeUnit(TU.ctx(), Model, unitFunctions(TU.ctx()));
}

TEST(Summaries, WhatFunctionsClaim) {
  ParsedTU TU = parse(R"cpp(
    TargetMachine *make(const Target *T) {
      if (!T)
        return nullptr;
      return T->createTargetMachine("x");
    }
    TargetMachine *wrap(const Target *T) { return make(T); }
    static TargetMachine *Cached;
    TargetMachine *shared() { return Cached; }
    TargetMachine *same(TargetMachine *TM) { return TM; }
    void destroy(TargetMachine *TM) { if (TM) delete TM; }
    void maybe(TargetMachine *TM) { if (cond()) delete TM; }
    void store(TargetMachine *TM) { Cached = TM; }
    void lend(TargetMachine *TM) { keep(TM); }
    bool peek(TargetMachine *TM) { return TM && cond(); }
    void layout(TargetMachine *TM) { TM->createDataLayout(); }
    void peekTwice(TargetMachine *TM) { layout(TM); peek(TM); }
    void disposeMsg(char *S, LLVMTargetMachineRef T) {
      LLVMDisposeMessage(S);
      LLVMDisposeTargetMachine(T);
    }
    static TargetMachine *local(const Target *T) {
      return T->createTargetMachine("x");
    }
    namespace { TargetMachine *hidden(const Target *T) { return make(T); } }
    void useAll(const Target *T) { local(T); hidden(T); }
  )cpp");
  ApiModel Model;
  UnitSummary U = summarize(TU, Model);

  auto Returns = [&](llvm::StringRef Name) {
    const FunctionSummary *S = definedIn(U, Name);
    return S ? spelling(S->Returns).str() + ":" + S->ReturnKind : "absent";
  };
  auto Param = [&](llvm::StringRef Name, unsigned I = 0) -> std::string {
    const FunctionSummary *S = definedIn(U, Name);
    if (!S)
      return "absent";
    for (const ParamSummary &P : S->Params)
      if (P.Index == I)
        return spelling(P.Effect).str() + ":" + P.Kind;
    return "";
  };
  EXPECT_EQ(Returns("make"), "owned:TargetMachine");
  EXPECT_EQ(Returns("wrap"), "owned:TargetMachine");
  EXPECT_EQ(Returns("shared"), "borrowed:TargetMachine");
  EXPECT_EQ(Returns("same"), ":"); // hands back what it was given
  EXPECT_EQ(Param("same"), "");
  EXPECT_EQ(Param("destroy"), "releases:TargetMachine");
  EXPECT_EQ(Param("maybe"), "releases-on-some-paths:TargetMachine");
  EXPECT_EQ(Param("store"), "stores:TargetMachine");
  EXPECT_EQ(Param("lend"), ""); // an unknown callee: no claim
  // Only used, here or by a helper of the file that only uses it.
  EXPECT_EQ(Param("peek"), "borrows:TargetMachine");
  EXPECT_EQ(Param("peekTwice"), "borrows:TargetMachine");
  EXPECT_EQ(Param("disposeMsg", 0), "releases:Message");
  EXPECT_EQ(Param("disposeMsg", 1), "releases:TargetMachine");
  // Internal linkage: no other file can call them.
  EXPECT_EQ(Returns("local"), "absent");
  EXPECT_EQ(Returns("hidden"), "absent");
  // What the file calls without defining it: the stand-in header's
  // project functions, not the LLVM APIs.
  ASSERT_EQ(U.Calls.size(), 2u);
  EXPECT_TRUE(llvm::StringRef(U.Calls[0]).contains("cond"));
  EXPECT_TRUE(llvm::StringRef(U.Calls[1]).contains("keep"));
}

TEST(Summaries, CallsAreTheProjectFunctionsDefinedElsewhere) {
  ParsedTU TU = parse(R"cpp(
    TargetMachine *elsewhere(const Target *T);
    TargetMachine *here(const Target *T) { return elsewhere(T); }
    void user(const Target *T) { here(T); keep(nullptr); }
  )cpp");
  ApiModel Model;
  UnitSummary U = summarize(TU, Model);
  // keep() is declared in the stand-in header like elsewhere(); the LLVM
  // APIs and what the file defines are not dependencies.
  ASSERT_EQ(U.Calls.size(), 2u);
  EXPECT_TRUE(llvm::any_of(U.Calls, [](const std::string &C) {
    return llvm::StringRef(C).contains("elsewhere");
  }));
  EXPECT_TRUE(llvm::any_of(U.Calls, [](const std::string &C) {
    return llvm::StringRef(C).contains("keep");
  }));
  // Unknown until the other file's summary says so.
  EXPECT_EQ(definedIn(U, "here")->Returns, ReturnOwnership::None);

  // With that summary, the wrapper is a factory.
  FunctionSummary Elsewhere;
  Elsewhere.USR = *llvm::find_if(U.Calls, [](const std::string &C) {
    return llvm::StringRef(C).contains("elsewhere");
  });
  Elsewhere.Name = "elsewhere";
  Elsewhere.Returns = ReturnOwnership::Owned;
  Elsewhere.ReturnKind = "TargetMachine";
  auto Set = std::make_shared<SummarySet>();
  Set->add(Elsewhere);
  Model.attachSummaries(Set);
  EXPECT_EQ(definedIn(summarize(TU, Model), "here")->Returns,
            ReturnOwnership::Owned);
}

TEST(Summaries, RowsOnlyForFunctionsTheMainFileDoesNotDefine) {
  ParsedTU TU = parse(R"cpp(
    TargetMachine *declared(const Target *T);
    TargetMachine *defined(const Target *T) { return nullptr; }
  )cpp");
  auto Set = std::make_shared<SummarySet>();
  for (const char *Name : {"declared", "defined"}) {
    FunctionSummary S;
    S.USR = usrOf(TU.ctx()
                      .getTranslationUnitDecl()
                      ->lookup(&TU.ctx().Idents.get(Name))
                      .front());
    S.Name = Name;
    S.Returns = ReturnOwnership::Owned;
    S.ReturnKind = "TargetMachine";
    Set->add(S);
  }
  ApiModel Model;
  Model.attachSummaries(Set);
  auto Decl = [&](const char *Name) {
    return cast<FunctionDecl>(TU.ctx()
                                  .getTranslationUnitDecl()
                                  ->lookup(&TU.ctx().Idents.get(Name))
                                  .front());
  };
  const ApiRow *R = Model.find(Decl("declared"), Effect::Creates, ReturnValue);
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Name, "declared");
  EXPECT_EQ(R->Kind, Model.kind(KindId::TargetMachine));
  // The body here is newer than any summary of it.
  EXPECT_EQ(Model.find(Decl("defined"), Effect::Creates, ReturnValue), nullptr);
}

FunctionSummary summary(const char *Returns, std::vector<ParamSummary> P,
                        const char *File = "a.cc", unsigned Line = 1) {
  FunctionSummary S;
  S.USR = "c:@F@f#";
  S.Name = "f";
  S.File = File;
  S.Line = Line;
  S.Returns = *parseReturnOwnership(Returns);
  S.ReturnKind = *Returns ? "TargetMachine" : "";
  S.Params = std::move(P);
  return S;
}

std::string text(const SummarySet &S) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << S.toJSON(/*ClaimsOnly=*/false);
  return OS.str();
}

TEST(Summaries, ConflictingDefinitionsKeepWhatAllClaim) {
  ParamSummary Rel{0, "TargetMachine", ParamEffect::Releases};
  ParamSummary Rel1{1, "TargetMachine", ParamEffect::Releases};
  std::vector<FunctionSummary> Defs = {
      summary("owned", {Rel, Rel1}, "b.cc", 7),
      summary("owned", {Rel}, "a.cc", 9),
      summary("borrowed", {Rel}, "a.cc", 3),
  };
  std::sort(Defs.begin(), Defs.end(),
            [](const FunctionSummary &A, const FunctionSummary &B) {
              return A.File + std::to_string(A.Line) <
                     B.File + std::to_string(B.Line);
            });
  std::string First;
  // Every order gives the same merged summary.
  do {
    SummarySet Set;
    for (const FunctionSummary &D : Defs)
      Set.add(D);
    const FunctionSummary *M = Set.lookup("c:@F@f#");
    ASSERT_NE(M, nullptr);
    EXPECT_TRUE(M->Conflict);
    EXPECT_EQ(M->Returns, ReturnOwnership::None);
    EXPECT_EQ(M->Params, std::vector<ParamSummary>{Rel});
    EXPECT_EQ(M->File, "a.cc");
    EXPECT_EQ(M->Line, 3u);
    if (First.empty())
      First = text(Set);
    EXPECT_EQ(text(Set), First);
  } while (std::next_permutation(
      Defs.begin(), Defs.end(),
      [](const FunctionSummary &A, const FunctionSummary &B) {
        return A.File + std::to_string(A.Line) <
               B.File + std::to_string(B.Line);
      }));

  // The same claims twice are no conflict.
  SummarySet Same;
  Same.add(summary("owned", {Rel}));
  Same.add(summary("owned", {Rel}, "b.cc"));
  EXPECT_FALSE(Same.lookup("c:@F@f#")->Conflict);
  EXPECT_EQ(Same.lookup("c:@F@f#")->Returns, ReturnOwnership::Owned);
}

TEST(Summaries, JsonRoundTripAndErrors) {
  SummarySet Set;
  Set.add(summary("owned", {{2, "Message", ParamEffect::Consumes}}));
  SummarySet Back;
  std::string Error;
  ASSERT_TRUE(SummarySet::fromJSON(Set.toJSON(true), Back, Error)) << Error;
  EXPECT_EQ(text(Back), text(Set));
  for (ParamEffect E : {ParamEffect::Releases, ParamEffect::Consumes,
                        ParamEffect::ReleasesOnSomePaths, ParamEffect::Stores,
                        ParamEffect::Borrows})
    EXPECT_EQ(parseParamEffect(spelling(E)), E);
  for (ReturnOwnership R : {ReturnOwnership::Owned, ReturnOwnership::Borrowed})
    EXPECT_EQ(parseReturnOwnership(spelling(R)), R);
  for (MemberEffect E : {MemberEffect::Releases, MemberEffect::Escapes})
    EXPECT_EQ(parseMemberEffect(spelling(E)), E);

  // A member function's class and what it does to the class's members.
  FunctionSummary Dtor = summary("", {});
  Dtor.USR = "c:@S@C@F@~C#";
  Dtor.OfClass = "c:@S@C";
  Dtor.Members = {{"TM", MemberEffect::Releases}};
  SummarySet WithClass;
  WithClass.add(Dtor);
  SummarySet ClassBack;
  ASSERT_TRUE(SummarySet::fromJSON(WithClass.toJSON(true), ClassBack, Error))
      << Error;
  const FunctionSummary *D = ClassBack.lookup("c:@S@C@F@~C#");
  ASSERT_NE(D, nullptr);
  EXPECT_EQ(D->OfClass, "c:@S@C");
  EXPECT_EQ(D->Members, Dtor.Members);

  for (const char *Bad :
       {R"({"functions": 1})", R"({"functions": [{"name": "f"}]})",
        R"({"functions": [{"usr": "u", "name": "f",
            "returns": {"ownership": "maybe", "kind": "TargetMachine"}}]})",
        R"({"functions": [{"usr": "u", "name": "f",
            "params": [{"index": -1, "kind": "K", "effect": "releases"}]}]})",
        // Effects are a closed set: a word no version wrote is an error.
        R"({"functions": [{"usr": "u", "name": "f",
            "params": [{"index": 0, "kind": "K", "effect": "frees"}]}]})",
        R"({"functions": [{"usr": "u", "name": "f",
            "returns": {"ownership": "", "kind": "TargetMachine"}}]})",
        R"({"functions": [{"usr": "u", "name": "f", "class": {"usr": "c",
            "members": [{"name": "TM", "effect": "frees"}]}}]})",
        R"({"functions": [{"usr": "u", "name": "f", "class": {"usr": "",
            "members": []}}]})"}) {
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(Bad);
    ASSERT_TRUE(bool(V));
    SummarySet Out;
    std::string Err;
    EXPECT_FALSE(SummarySet::fromJSON(*V, Out, Err)) << Bad;
    EXPECT_FALSE(Err.empty());
  }
}

TEST(Summaries, FingerprintIgnoresWhereAndFunctionsWithoutClaims) {
  SummarySet A, B;
  A.add(summary("owned", {}, "a.cc", 1));
  B.add(summary("owned", {}, "b.cc", 5));
  EXPECT_EQ(A.fingerprint({"c:@F@f#"}), B.fingerprint({"c:@F@f#"}));
  EXPECT_EQ(A.fingerprint({"c:@F@other#"}), "");
  SummarySet C;
  C.add(summary("borrowed", {}));
  EXPECT_NE(A.fingerprint({"c:@F@f#"}), C.fingerprint({"c:@F@f#"}));
}

} // namespace
