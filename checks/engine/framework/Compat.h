//===- Compat.h - the Clang and clang-tidy API differences of LLVM 14-22 --===//
//
// llvmown builds against LLVM/Clang 14 to 22. Where their APIs differ, the
// code calls a helper of this header, and the helper picks the form the
// headers at hand offer: by testing the API (overloads that exist or not,
// traits of a class), not by listing versions, so that versions between
// the tested ones build too. Each helper tries the newer form first
// (overload rank: int before long), so that a deprecated older form is not
// used where both exist.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_COMPAT_H
#define LLVMOWN_ENGINE_COMPAT_H

#include "ClangTidy.h"
#include "ClangTidyDiagnosticConsumer.h"
#include "engine/framework/CompatADT.h"
#include "clang/AST/Decl.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/ThreadPool.h"
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace clang::tidy::llvmown::compat {

//===--- AST --------------------------------------------------------------===//

/// FunctionDecl::isPureVirtual (LLVM 18 on) or isPure (up to 17).
template <typename F = FunctionDecl>
auto isPureVirtual(const F *FD, int) -> decltype(FD->isPureVirtual()) {
  return FD->isPureVirtual();
}
template <typename F = FunctionDecl> bool isPureVirtual(const F *FD, long) {
  return FD->isPure();
}
inline bool isPureVirtual(const FunctionDecl *FD) {
  return isPureVirtual(FD, 0);
}

/// NamedDecl::printName with a printing policy (LLVM 15 on), or without.
template <typename N>
auto printName(const N *D, llvm::raw_ostream &OS, const PrintingPolicy &P, int)
    -> decltype(D->printName(OS, P)) {
  return D->printName(OS, P);
}
template <typename N>
void printName(const N *D, llvm::raw_ostream &OS, const PrintingPolicy &,
               long) {
  D->printName(OS);
}
inline void printName(const NamedDecl *D, llvm::raw_ostream &OS,
                      const PrintingPolicy &P) {
  printName(D, OS, P, 0);
}

/// Lexer::findNextToken, whose result was llvm::Optional up to LLVM 15.
inline std::optional<Token> findNextToken(SourceLocation Loc,
                                          const SourceManager &SM,
                                          const LangOptions &LangOpts) {
  return toStd(Lexer::findNextToken(Loc, SM, LangOpts));
}

//===--- clang-tidy options -----------------------------------------------===//

/// ClangTidyOptions::ExcludeHeaderFilterRegex (LLVM 19 on), or "" before.
template <typename O = ClangTidyOptions>
auto excludeHeaderFilter(const O &Opts, int)
    -> decltype(toStd(Opts.ExcludeHeaderFilterRegex), std::string()) {
  return toStd(Opts.ExcludeHeaderFilterRegex).value_or("");
}
template <typename O = ClangTidyOptions>
std::string excludeHeaderFilter(const O &, long) {
  return "";
}
template <typename O = ClangTidyOptions>
std::string excludeHeaderFilter(const O &Opts) {
  return excludeHeaderFilter(Opts, 0);
}

//===--- Threads ----------------------------------------------------------===//

/// The thread pool class: DefaultThreadPool since LLVM 19, ThreadPool
/// before. An alias cannot be detected by overloads, so this one guard is by
/// version.
#if LLVM_VERSION_MAJOR >= 19
using DefaultThreadPool = llvm::DefaultThreadPool;
#else
using DefaultThreadPool = llvm::ThreadPool;
#endif

//===--- Compiler invocations ---------------------------------------------===//

/// A CompilerInvocation's language options, which it handed out by pointer
/// up to LLVM 16 and by reference since.
template <typename I> decltype(auto) langOpts(I &Invocation) {
  if constexpr (std::is_pointer_v<decltype(Invocation.getLangOpts())>)
    return *Invocation.getLangOpts();
  else
    return Invocation.getLangOpts();
}

//===--- Diagnostics ------------------------------------------------------===//

/// DiagnosticOptions were reference-counted (and passed by pointer) up to
/// LLVM 20; since, their user holds them and passes a reference.
template <typename T = DiagnosticOptions>
constexpr bool DiagOptionsRefCounted =
    std::is_base_of_v<llvm::RefCountedBase<T>, T>;

/// Holds DiagnosticOptions the way this LLVM wants them held.
using DiagOptionsHolder =
    std::conditional_t<DiagOptionsRefCounted<>,
                       llvm::IntrusiveRefCntPtr<DiagnosticOptions>,
                       std::unique_ptr<DiagnosticOptions>>;

/// What DiagnosticsEngine's and TextDiagnosticPrinter's constructors take.
template <typename H> decltype(auto) diagOptionsArg(H &Holder) {
  if constexpr (DiagOptionsRefCounted<>)
    return Holder.get();
  else
    return *Holder;
}

/// Gives a ClangTidyContext its DiagnosticsEngine; since LLVM 21 the context
/// also takes over the engine's options.
template <typename C>
auto setDiagnosticsEngine(C &Ctx, DiagOptionsHolder &Opts,
                          DiagnosticsEngine *DE, int)
    -> decltype(Ctx.setDiagnosticsEngine(std::move(Opts), DE)) {
  return Ctx.setDiagnosticsEngine(std::move(Opts), DE);
}
template <typename C>
void setDiagnosticsEngine(C &Ctx, DiagOptionsHolder &, DiagnosticsEngine *DE,
                          long) {
  Ctx.setDiagnosticsEngine(DE);
}
inline void setDiagnosticsEngine(ClangTidyContext &Ctx, DiagOptionsHolder &Opts,
                                 DiagnosticsEngine *DE) {
  setDiagnosticsEngine(Ctx, Opts, DE, 0);
}

//===--- The clang-tidy library -------------------------------------------===//

/// The checks \p Opts enable (no analyzer alpha checks, no experimental
/// custom checks, which LLVM 21 added as a parameter).
template <typename O>
auto checkNames(const O &Opts, int)
    -> decltype(getCheckNames(Opts, false, false)) {
  return getCheckNames(Opts, false, false);
}
template <typename O>
auto checkNames(const O &Opts, long) -> decltype(getCheckNames(Opts, false)) {
  return getCheckNames(Opts, false);
}
inline std::vector<std::string> checkNames(const ClangTidyOptions &Opts) {
  return checkNames(Opts, 0);
}

/// The names of every option of every check: getAllChecksAndOptions
/// (LLVM 15 on, with a second parameter since 21), else the options of all
/// checks enabled.
// (B is a type so that the calls are resolved only when instantiated.)
template <typename B = bool>
auto allCheckOptions(int)
    -> decltype(getAllChecksAndOptions(B(true), B(false)).Options) {
  return getAllChecksAndOptions(B(true), B(false)).Options;
}
template <typename B = bool>
auto allCheckOptions(long)
    -> decltype(getAllChecksAndOptions(B(true)).Options) {
  return getAllChecksAndOptions(B(true)).Options;
}
template <typename B = bool> llvm::StringSet<> allCheckOptions(...) {
  ClangTidyOptions All = ClangTidyOptions::getDefaults();
  All.Checks = "*";
  llvm::StringSet<> Names;
  for (const auto &Option : getCheckOptions(All, B(true)))
    Names.insert(Option.getKey());
  return Names;
}
inline llvm::StringSet<> allCheckOptions() { return allCheckOptions(0); }

} // namespace clang::tidy::llvmown::compat

#endif // LLVMOWN_ENGINE_COMPAT_H
