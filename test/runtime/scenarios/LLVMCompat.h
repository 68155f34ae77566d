//===- LLVMCompat.h - LLVM library API differences of LLVM 14-22 ----------===//
//
// The LLVM (not Clang) APIs that changed between the supported versions, for
// the runtime compile loop's scenarios, which use LLVM as a library (the
// Clang and clang-tidy ones of the checks and tool are in
// checks/engine/framework/Compat.h). Next to the scenarios, so that linting them
// finds it. Each helper tests the API, newer form first, rather than the
// version number.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_RUNTIME_LLVMCOMPAT_H
#define LLVMOWN_RUNTIME_LLVMCOMPAT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CodeGen.h"
// Triple.h moved from ADT to TargetParser in LLVM 17.
#if __has_include("llvm/TargetParser/Triple.h")
#include "llvm/TargetParser/Triple.h"
#else
#include "llvm/ADT/Triple.h"
#endif
#include <string>
#include <utility>

namespace llvmown::compat {

/// A target triple for APIs that took a StringRef (up to LLVM 20:
/// Target::createTargetMachine, Module::setTargetTriple) or take a Triple
/// (LLVM 21 on).
class TripleArg {
public:
  explicit TripleArg(llvm::StringRef Name) : Name(Name.str()), T(Name) {}
  explicit TripleArg(const llvm::Triple &T) : Name(T.str()), T(T) {}
  operator llvm::StringRef() const { return Name; }
  operator const llvm::Triple &() const { return T; }

private:
  std::string Name;
  llvm::Triple T;
};
inline TripleArg triple(llvm::StringRef Name) { return TripleArg(Name); }
inline TripleArg triple(const llvm::Triple &T) { return TripleArg(T); }

/// TargetRegistry::lookupTarget by triple: a Triple (LLVM 21 on; the
/// StringRef form is deprecated in 22) or a StringRef.
template <typename R = llvm::TargetRegistry>
auto lookupTarget(llvm::StringRef Name, std::string &Error, int)
    -> decltype(R::lookupTarget(std::declval<const llvm::Triple &>(), Error)) {
  return R::lookupTarget(llvm::Triple(Name), Error);
}
template <typename R = llvm::TargetRegistry>
const llvm::Target *lookupTarget(llvm::StringRef Name, std::string &Error,
                                 long) {
  return R::lookupTarget(Name.str(), Error); // std::string up to LLVM 16
}
inline const llvm::Target *lookupTarget(llvm::StringRef Name,
                                        std::string &Error) {
  return lookupTarget(Name, Error, 0);
}

/// CodeGenFileType::AssemblyFile (an enum class since LLVM 18) or
/// CGFT_AssemblyFile (before).
template <typename E = llvm::CodeGenFileType>
constexpr auto assemblyFile(int) -> decltype(E::AssemblyFile) {
  return E::AssemblyFile;
}
template <typename E = llvm::CodeGenFileType> constexpr E assemblyFile(long) {
  return E::CGFT_AssemblyFile;
}
constexpr llvm::CodeGenFileType assemblyFile() { return assemblyFile(0); }

/// Runs \p Fn with the LLVMContext of a ThreadSafeContext, locked:
/// withContextDo (LLVM 21 on) or getLock and getContext (up to 20).
template <typename TSCtx, typename F>
auto withContext(TSCtx &TSC, F &&Fn, int) -> decltype(TSC.withContextDo(Fn)) {
  return TSC.withContextDo(std::forward<F>(Fn));
}
template <typename TSCtx, typename F>
auto withContext(TSCtx &TSC, F &&Fn, long) {
  auto Lock = TSC.getLock();
  return std::forward<F>(Fn)(TSC.getContext());
}
template <typename TSCtx, typename F> auto withContext(TSCtx &TSC, F &&Fn) {
  return withContext(TSC, std::forward<F>(Fn), 0);
}

} // namespace llvmown::compat

#endif // LLVMOWN_RUNTIME_LLVMCOMPAT_H
