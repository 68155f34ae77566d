//===- TestAST.h - parse a snippet and find a function in it --------------===//

#ifndef LLVMOWN_TEST_UNIT_TESTAST_H
#define LLVMOWN_TEST_UNIT_TESTAST_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <memory>
#include <string>

namespace llvmown_test {

/// Stand-in declarations with the shapes of the real LLVM APIs.
inline const char *Prelude = R"cpp(
namespace std {
template <class T> struct default_delete {};
template <class T, class D = default_delete<T>> struct unique_ptr {
  unique_ptr() {}
  explicit unique_ptr(T *P) {}
  unique_ptr(unique_ptr &&O);
  unique_ptr &operator=(unique_ptr &&O);
  ~unique_ptr();
  T &operator*() const;
  T *release();
  void reset(T *P = nullptr);
  T *operator->() const;
  T *get() const;
};
}
namespace llvm {
class DataLayout {};
class TargetMachine { public: DataLayout createDataLayout() const; };
class LLVMTargetMachine : public TargetMachine {};
class Target {
public:
  TargetMachine *createTargetMachine(const char *TT) const;
};
class ExecutionEngine {};
class EngineBuilder {
public:
  TargetMachine *selectTarget();
  ExecutionEngine *create(TargetMachine *TM);
};
class PassBuilder { public: PassBuilder(TargetMachine *TM = nullptr); };
}
namespace llvm {
class StringRef { public: StringRef(const char *); };
class LLVMContext { public: LLVMContext(); ~LLVMContext(); };
class Type { public: static Type *getInt64Ty(LLVMContext &C); };
class Function;
class Module {
public:
  Module(StringRef Name, LLVMContext &C);
  ~Module();
  Function *getFunction(StringRef Name) const;
  LLVMContext &getContext() const;
};
namespace orc {
class ThreadSafeContext {
public:
  ThreadSafeContext(std::unique_ptr<LLVMContext> Ctx);
  LLVMContext *getContext();
};
class ThreadSafeModule {
public:
  ThreadSafeModule(std::unique_ptr<Module> M, ThreadSafeContext TSCtx);
  ThreadSafeModule();
  ThreadSafeModule(ThreadSafeModule &&Other);
  ThreadSafeModule &operator=(ThreadSafeModule &&Other);
  Module *getModuleUnlocked();
  template <class F> void consumingModuleDo(F Fn) {}
};
class ResourceTracker;
} // namespace orc
template <class T> class IntrusiveRefCntPtr {
public:
  IntrusiveRefCntPtr();
  IntrusiveRefCntPtr(decltype(nullptr));
  IntrusiveRefCntPtr(const IntrusiveRefCntPtr &);
  ~IntrusiveRefCntPtr();
  IntrusiveRefCntPtr &operator=(const IntrusiveRefCntPtr &);
  T *operator->() const;
  explicit operator bool() const;
  void reset();
};
class Error {
public:
  Error(Error &&);
  ~Error();
  explicit operator bool();
  static Error success();
};
namespace orc {
using ResourceTrackerSP = IntrusiveRefCntPtr<ResourceTracker>;
class ResourceTracker { public: Error remove(); };
class JITDylib {
public:
  ResourceTrackerSP createResourceTracker();
  ResourceTrackerSP getDefaultResourceTracker();
  Error clear();
};
class LLJIT {
public:
  int addIRModule(ThreadSafeModule TSM);
  Error addIRModule(ResourceTrackerSP RT, ThreadSafeModule TSM);
  JITDylib &getMainJITDylib();
};
} // namespace orc
} // namespace llvm
namespace std {
template <class T> T &&move(T &t);
template <class T, class... A> unique_ptr<T> make_unique(A &&...a);
}
extern "C" {
typedef struct LLVMOpaqueContext *LLVMContextRef;
typedef struct LLVMOpaqueModule *LLVMModuleRef;
LLVMContextRef LLVMContextCreate(void);
void LLVMContextDispose(LLVMContextRef C);
LLVMModuleRef LLVMModuleCreateWithNameInContext(const char *N, LLVMContextRef C);
LLVMModuleRef LLVMModuleCreateWithName(const char *N);
void LLVMDisposeModule(LLVMModuleRef M);
LLVMContextRef LLVMGetGlobalContext(void);
typedef struct LLVMOpaqueError *LLVMErrorRef;
char *LLVMGetErrorMessage(LLVMErrorRef Err);
void LLVMDisposeMessage(char *Message);
void LLVMDisposeErrorMessage(char *ErrMsg);
typedef struct LLVMOpaqueTargetMachine *LLVMTargetMachineRef;
LLVMTargetMachineRef LLVMCreateTargetMachine(const char *Triple);
void LLVMDisposeTargetMachine(LLVMTargetMachineRef T);
}
using namespace llvm;
void keep(TargetMachine *TM);
bool cond();
)cpp";

struct ParsedTU {
  std::unique_ptr<clang::ASTUnit> AST;
  clang::ASTContext &ctx() { return AST->getASTContext(); }

  const clang::FunctionDecl *function(llvm::StringRef Name) {
    using namespace clang::ast_matchers;
    auto M =
        match(functionDecl(hasName(Name), isDefinition()).bind("f"), ctx());
    return M.empty() ? nullptr : M.front().getNodeAs<clang::FunctionDecl>("f");
  }
};

inline ParsedTU parse(const std::string &Code) {
  ParsedTU TU;
  // The stand-ins live in a header, like LLVM's own declarations: the
  // model treats declarations of the main file as the project's code, and
  // C functions named LLVM* as LLVM's only when an llvm-c header declares
  // them.
  TU.AST = clang::tooling::buildASTFromCodeWithArgs(
      "#include \"llvm-c/llvm_stubs.h\"\n" + Code,
      {"-std=c++17", "-fsyntax-only", "-I."}, "input.cpp", "clang-tool",
      std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(),
      {{"llvm-c/llvm_stubs.h", Prelude}});
  // A snippet that does not compile would test nothing.
  EXPECT_FALSE(TU.AST->getDiagnostics().hasErrorOccurred());
  return TU;
}

} // namespace llvmown_test

#endif
