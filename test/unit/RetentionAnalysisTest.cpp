//===- RetentionAnalysisTest.cpp ------------------------------------------===//
//
// The retention scan: which ThreadSafeModules end up in places that outlive
// the compilation, and which do not.
//
//===----------------------------------------------------------------------===//

#include "engine/analyses/retention/RetentionAnalysis.h"
#include "TestAST.h"
#include "gtest/gtest.h"
#include <type_traits>

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

namespace {

const char *Containers = R"cpp(
  namespace std {
  template <class T> struct vector {
    void push_back(T &&V);
    void clear();
  };
  }
  using orc::ThreadSafeModule;
  struct Desc { ThreadSafeModule M; ThreadSafeModule *Ref = nullptr; };
)cpp";

// The analysis owns its facts: a copy would free them twice.
static_assert(!std::is_copy_constructible_v<RetentionAnalysis>);
static_assert(!std::is_copy_assignable_v<RetentionAnalysis>);

RetentionResult scanAll(ParsedTU &TU, std::vector<std::string> LongLived = {}) {
  static ApiModel Model;
  RetentionAnalysis RA(Model, TU.ctx(), std::move(LongLived));
  using namespace ast_matchers;
  for (const auto &N :
       match(functionDecl(isDefinition(), isExpansionInMainFile()).bind("f"),
             TU.ctx())) {
    const auto *FD = N.getNodeAs<FunctionDecl>("f");
    RA.addFunction(FD, FD->getBody());
  }
  return RA.finish();
}

TEST(RetentionAnalysis, EscapingDescriptor) {
  ParsedTU TU = parse(std::string(Containers) + R"cpp(
    void *emit(ThreadSafeModule TSM) {
      Desc *D = new Desc();
      D->M = std::move(TSM);
      return (void *)D;
    }
    void dump(void *P, bool Outputs) {
      if (!Outputs)
        delete static_cast<Desc *>(P);
    }
  )cpp");
  RetentionResult R = scanAll(TU);
  ASSERT_EQ(R.Stores.size(), 1u);
  EXPECT_EQ(R.Stores[0].Field->getName(), "M");
  EXPECT_EQ(R.Stores[0].Kind->Name, "ThreadSafeModule");
  ASSERT_NE(R.Stores[0].Escape, nullptr);
  auto Del = R.Deletes.find(R.Stores[0].Type->getCanonicalDecl());
  ASSERT_NE(Del, R.Deletes.end());
  EXPECT_EQ(Del->second.In->getName(), "dump");
  EXPECT_FALSE(Del->second.Unconditional);
}

TEST(RetentionAnalysis, DedicatedReleaseOrLocalLifetimeIsClean) {
  ParsedTU TU = parse(std::string(Containers) + R"cpp(
    void *emit(ThreadSafeModule TSM) {
      Desc *D = new Desc();
      D->M = std::move(TSM);
      return D;
    }
    void free_native(void *P) { delete static_cast<Desc *>(P); }
    void local(ThreadSafeModule TSM) {
      Desc *D = new Desc();
      D->M = std::move(TSM);
      delete D;
    }
  )cpp");
  RetentionResult R = scanAll(TU);
  EXPECT_TRUE(R.Stores.empty());
}

TEST(RetentionAnalysis, CallerAddressAndEmptiedShell) {
  ParsedTU TU = parse(std::string(Containers) + R"cpp(
    void *emit(ThreadSafeModule &TSM) {
      Desc *D = new Desc();
      D->Ref = &TSM;
      return D;
    }
    void take(void *P) {
      auto *D = static_cast<Desc *>(P);
      D->M.consumingModuleDo([](std::unique_ptr<Module> M) {});
    }
    void takeAndReset(void *P) {
      auto *D = static_cast<Desc *>(P);
      D->M.consumingModuleDo([](std::unique_ptr<Module> M) {});
      D->M = ThreadSafeModule();
    }
  )cpp");
  RetentionResult R = scanAll(TU);
  ASSERT_EQ(R.Stores.size(), 1u);
  ASSERT_NE(R.Stores[0].CallerModule, nullptr);
  EXPECT_EQ(R.Stores[0].CallerModule->getName(), "TSM");
  ASSERT_EQ(R.Shells.size(), 1u); // the reset twin is clean
}

TEST(RetentionAnalysis, GlobalAndMemberContainers) {
  ParsedTU TU = parse(std::string(Containers) + R"cpp(
    std::vector<ThreadSafeModule> Retained;
    void keep(ThreadSafeModule TSM) { Retained.push_back(std::move(TSM)); }
    struct Grows {
      std::vector<ThreadSafeModule> Pending;
      void add(ThreadSafeModule TSM) { Pending.push_back(std::move(TSM)); }
    };
    struct Drained {
      std::vector<ThreadSafeModule> Pending;
      void add(ThreadSafeModule TSM) { Pending.push_back(std::move(TSM)); }
      void flush() { Pending.clear(); }
    };
  )cpp");
  RetentionResult R = scanAll(TU);
  ASSERT_EQ(R.Appends.size(), 2u);
  EXPECT_FALSE(R.Appends[0].Member);
  EXPECT_EQ(R.Appends[0].Container->getName(), "Retained");
  EXPECT_TRUE(R.Appends[1].Member);
  EXPECT_EQ(R.Appends[1].Container->getName(), "Pending");
}

TEST(RetentionAnalysis, LongLivedTypesOption) {
  ParsedTU TU = parse(std::string(Containers) + R"cpp(
    namespace jl { struct Handle { ThreadSafeModule M; }; }
    void fill(jl::Handle *H, ThreadSafeModule TSM) { H->M = std::move(TSM); }
  )cpp");
  EXPECT_TRUE(scanAll(TU).Stores.empty());
  RetentionResult R = scanAll(TU, {"jl::Handle"});
  ASSERT_EQ(R.Stores.size(), 1u);
  EXPECT_EQ(R.Stores[0].Escape, nullptr);
}

} // namespace
