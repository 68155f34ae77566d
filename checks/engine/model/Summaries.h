//===- Summaries.h - what a project's own functions do to ownership -------===//
//
// A summary says, for one function a project defines, what its callers in
// other translation units need to know: it returns a new object they own
// (a factory), or a pointer owned elsewhere (a cached machine); it
// releases or takes over what they pass as argument N. Summaries are keyed
// by USR, so overloads and namespaces are exact, and they are plain JSON
// (docs/summaries.md). The model turns them into rows for the callers of
// functions defined elsewhere; a function defined in the translation unit
// being analysed is judged from its body instead.
//
// When two translation units define the same function differently (two
// configurations of one file), the merged summary keeps only the claims
// both make: a weaker summary, never a false one.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_SUMMARIES_H
#define LLVMOWN_ENGINE_SUMMARIES_H

#include "engine/framework/AstFwd.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::llvmown {

/// What a function does to the object a parameter points to. Only the
/// first two change what callers are told: the caller's object is gone.
enum class ParamEffect {
  Releases,            ///< "releases": released on every path
  Consumes,            ///< "consumes": handed to an owner on every path
  ReleasesOnSomePaths, ///< "releases-on-some-paths"
  Stores,              ///< "stores": kept in memory that outlives the call
  Borrows, ///< "borrows": only used; still the caller's on every path
};
/// What a function's result is to its caller.
enum class ReturnOwnership {
  None,
  Owned,    ///< "owned": a factory (a new object or null)
  Borrowed, ///< "borrowed": a pointer the callee keeps (a static, a member)
};
/// What a member function does to a member of its class that holds an
/// object of a tracked kind (a TargetMachine pointer).
enum class MemberEffect {
  Releases, ///< "releases": deletes it or hands it to a releasing API
  Escapes,  ///< "escapes": copies it out; someone else may release it
};
/// The words of the summaries file, and back (nullopt: not one of them).
llvm::StringRef spelling(ParamEffect E);
llvm::StringRef spelling(ReturnOwnership R);
llvm::StringRef spelling(MemberEffect E);
std::optional<ParamEffect> parseParamEffect(llvm::StringRef Word);
std::optional<ReturnOwnership> parseReturnOwnership(llvm::StringRef Word);
std::optional<MemberEffect> parseMemberEffect(llvm::StringRef Word);

/// What a function does to the object its parameter Index points to.
struct ParamSummary {
  unsigned Index = 0;
  std::string Kind; ///< a ResourceKind name: "TargetMachine"
  ParamEffect Effect = ParamEffect::Stores;
  bool operator==(const ParamSummary &O) const {
    return Index == O.Index && Kind == O.Kind && Effect == O.Effect;
  }
};

struct FunctionSummary {
  std::string USR;
  std::string Name; ///< qualified, for messages: "codegen::GetTargetMachine"
  std::string File; ///< where it is defined (the first, if several)
  unsigned Line = 0;
  ReturnOwnership Returns = ReturnOwnership::None;
  std::string ReturnKind;
  std::vector<ParamSummary> Params; ///< by Index
  /// The classes it deletes on every path (a dedicated release function
  /// such as `FreeDescriptor(void *)`), by USR, with their names.
  std::vector<std::pair<std::string, std::string>> Frees;
  /// For a member function of a class with members of a tracked kind: the
  /// class (USR), so that a unit that sees only its declaration knows it is
  /// defined and summarised elsewhere, and what it does to those members
  /// (by name, sorted). The member rule of the leak checks then works for a
  /// class whose member functions are spread over several files.
  std::string OfClass;
  std::vector<std::pair<std::string, MemberEffect>> Members;
  /// Defined differently in two translation units: only the claims all
  /// definitions make are kept.
  bool Conflict = false;

  bool hasClaims() const {
    return Returns != ReturnOwnership::None || !Params.empty() ||
           !Frees.empty() || !OfClass.empty();
  }
  bool sameClaims(const FunctionSummary &O) const {
    return Returns == O.Returns && ReturnKind == O.ReturnKind &&
           Params == O.Params && Frees == O.Frees && OfClass == O.OfClass &&
           Members == O.Members;
  }
};

/// Summaries by USR. Adding one for a USR already present merges them.
class SummarySet {
public:
  /// Merges \p S into the set (commutative and associative, so the result
  /// does not depend on the order in which units finish).
  void add(FunctionSummary S);
  void addAll(const SummarySet &Other);
  const FunctionSummary *lookup(llvm::StringRef USR) const;
  const std::map<std::string, FunctionSummary> &functions() const {
    return Functions;
  }
  size_t size() const { return Functions.size(); }

  /// The JSON form; with \p ClaimsOnly, functions that claim nothing are
  /// left out unless their definitions conflict (the merged file lists what
  /// changes a caller, and why an expected claim is missing).
  llvm::json::Value toJSON(bool ClaimsOnly) const;
  /// Reads what toJSON wrote (a "functions" array); false and \p Error on
  /// anything else.
  static bool fromJSON(const llvm::json::Value &V, SummarySet &Out,
                       std::string &Error);
  bool writeFile(llvm::StringRef Path, std::string &Error) const;
  /// Reads a merged summaries file. Loaded files are kept per process (by
  /// path, size and modification time): every check of every unit asks.
  static std::shared_ptr<const SummarySet> loadFile(llvm::StringRef Path,
                                                    std::string &Error);

  /// The claims of the functions \p USRs, as one string: a unit analysed
  /// with the same fingerprint for its callees gets the same findings.
  std::string fingerprint(llvm::ArrayRef<std::string> USRs) const;

private:
  std::map<std::string, FunctionSummary> Functions; // sorted: stable output
};

llvm::json::Value toJSON(const FunctionSummary &S);
bool fromJSON(const llvm::json::Value &V, FunctionSummary &S);

/// The USR of \p D (empty if it has none).
std::string usrOf(const Decl *D);

} // namespace clang::tidy::llvmown

#endif
