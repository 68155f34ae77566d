//===- ApiModel.h - what LLVM APIs do to object ownership -----------------===//
//
// The one place that knows which API creates, releases, consumes or borrows
// which LLVM object. Knowledge is data: tables of rows in ApiModel.cpp, plus
// rows that users add through check options. The analysis and the checks ask
// the model; they never name an LLVM function themselves.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_APIMODEL_H
#define LLVMOWN_ENGINE_APIMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <deque>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace clang {
class FunctionDecl;
class QualType;
class Type;
} // namespace clang

namespace clang::tidy::llvmown {

/// What a call does to the ownership of one of its values.
enum class Effect {
  /// Returns a new object that the caller owns (Arg == ReturnValue), or
  /// writes one through the out-parameter Arg.
  Creates,
  /// Frees the object passed as Arg.
  Releases,
  /// Takes ownership of Arg, whether or not the call succeeds.
  Consumes,
  /// Takes ownership of Arg only when the call succeeds.
  ConsumesOnSuccess,
  /// Uses Arg; the caller keeps ownership.
  Borrows,
  /// Returns a pointer owned by something else: never release it.
  ReturnsBorrowed,
};

/// Argument positions with a special meaning.
enum : int {
  /// The call's result.
  ReturnValue = -1,
  /// Every argument that holds a tracked object (user-supplied rows).
  AnyArgument = -2,
};

/// A family of owned objects: what it is called in messages, the C++ class
/// and C handle types that point to it, and how it must be released.
struct ResourceKind {
  llvm::StringRef Name;                 // "TargetMachine"
  std::vector<llvm::StringRef> CxxClasses; // "llvm::TargetMachine"
  std::vector<llvm::StringRef> CHandles;   // "LLVMTargetMachineRef"
  llvm::StringRef CxxRelease;           // "delete" / "std::unique_ptr"
  llvm::StringRef CRelease;             // "LLVMDisposeTargetMachine"
  /// What messages call one ("LLVMModuleRef", "message string").
  llvm::StringRef Noun = "";
  /// Every function returning this handle type hands the caller one to
  /// release (LLVMErrorRef: each must be consumed or passed on).
  bool CreatedByAnyReturn = false;
};

/// One fact about one API.
struct ApiRow {
  std::string Name;     // qualified name, e.g. "llvm::Target::createTargetMachine"
  Effect Eff;
  std::string Kind;     // ResourceKind name, or "*" for any tracked kind
  int Arg = ReturnValue; // argument index (not counting `this`)
  /// Creates only: the effect holds only when the declaration returns a raw
  /// pointer (Target::createTargetMachine has so far; a future LLVM returning
  /// std::unique_ptr makes the row inert instead of wrong).
  bool OnlyIfRawPointer = false;
  /// Creates only: the new object belongs to the one passed as argument
  /// BindTo (a module parsed into a context), or -1. Releasing that one
  /// releases this one too.
  int BindTo = -1;
  /// Creates through an out-parameter only when the call fails (error
  /// messages): report it only if no path releases it at all.
  bool OnFailureOnly = false;
  /// Creates through an out-parameter whether or not the call fails.
  bool WrittenOnFailure = false;
};

/// What an ORC call does to JIT'd code and the resource trackers that own it
/// (facts §3). JIT'd code is freed only by removing its tracker, clearing its
/// JITDylib, removing the JITDylib or ending the session.
enum class JitRole {
  /// Adds a module, object file or graph to a JITDylib (TrackerArg: which
  /// argument is the tracker; NoTracker: the JITDylib's default tracker).
  AddsCode,
  /// Returns a new tracker (in the C API, one reference to release).
  CreatesTracker,
  /// Frees the code of the tracker TrackerArg (remove) or hands it to
  /// another tracker (transferTo).
  RemovesTracker,
  /// Drops one C API reference to the tracker TrackerArg.
  ReleasesTrackerRef,
  /// Frees the code of every tracker of a JITDylib or session.
  FreesAllCode,
  /// Returns the JITDylib's default tracker (never removed on its own).
  ReturnsDefaultTracker,
};

/// Argument positions of JitApiRow::TrackerArg.
enum : int {
  /// The add uses the JITDylib's default tracker.
  NoTracker = -1,
  /// The object the method is called on.
  ThisArg = -3,
  /// Argument 0 if the overload's first parameter is a tracker, else
  /// NoTracker (LLJIT::addIRModule(RT, TSM) vs addIRModule(JD, TSM)).
  TrackerIfFirstParam = -4,
};

struct JitApiRow {
  std::string Name;
  JitRole Role;
  int TrackerArg = NoTracker;
};

/// The API model: built-in tables plus user rows.
class ApiModel {
public:
  /// The built-in model (every table in ApiModel.cpp).
  ApiModel();

  /// Adds user rows from a `;`-separated list of qualified names.
  void addUserRows(llvm::StringRef Names, Effect Eff, llvm::StringRef Kind);

  /// Adds a project's own create/dispose pairs (`make:destroy;...`), each
  /// a kind of its own. Returns the malformed items, if any.
  std::vector<std::string> addUserPairs(llvm::StringRef Pairs);

  /// Prints the C API table (kinds and the functions that create, release,
  /// take over and lend them) as Markdown, for the c-api-dispose page.
  void printCApiTable(llvm::raw_ostream &OS) const;

  /// The kinds of the LLVM C API (every C handle with a dispose function),
  /// plus user pairs.
  std::vector<const ResourceKind *> cApiKinds() const;

  /// Every row that applies to \p FD (by qualified name). Cheap when none
  /// does: one hash lookup of the simple name.
  llvm::SmallVector<const ApiRow *, 2> rowsFor(const FunctionDecl *FD) const;

  /// The row of \p FD with effect \p E on argument \p Arg (ReturnValue for the
  /// result), honouring AnyArgument and OnlyIfRawPointer; null if none.
  const ApiRow *find(const FunctionDecl *FD, Effect E, int Arg) const;

  /// The kind whose C++ class (or a class derived from it) or C handle type
  /// \p PointerType points to; null if it is not an owned-object pointer.
  const ResourceKind *kindOfPointer(clang::QualType PointerType) const;

  /// Like kindOfPointer, but also for objects held by value, by reference,
  /// or in std::unique_ptr / std::shared_ptr / llvm::Expected /
  /// llvm::ErrorOr: the kind of the object \p T designates or owns.
  const ResourceKind *kindOfValue(clang::QualType T) const;

  /// True if \p T owns what it points to: std::unique_ptr or a container of
  /// them (std::vector<std::unique_ptr<Module>>, maps, ...).
  static bool isOwningHolder(clang::QualType T);

  /// Container member functions that add an element (push_back, insert,
  /// ...) and that take elements out or empty the container (erase, clear,
  /// pop_back, extract, swap, ...), for the standard and LLVM containers.
  static bool isContainerAppend(llvm::StringRef Method);
  static bool isContainerDrain(llvm::StringRef Method);
  /// Members that look a key up (find, count, contains, lookup), and those
  /// that ask how much is there (empty, size).
  static bool isContainerLookup(llvm::StringRef Method);
  static bool isContainerSizeQuery(llvm::StringRef Method);

  /// The ORC row of \p FD, or null.
  const JitApiRow *jitRow(const FunctionDecl *FD) const;
  /// The tracker argument of a call to \p FD described by \p Row
  /// (TrackerIfFirstParam resolved against the overload), or NoTracker.
  static int trackerArg(const JitApiRow &Row, const FunctionDecl *FD);
  /// True if \p T is, or holds by value, reference, pointer or smart
  /// pointer, something that owns JIT'd code: an LLJIT, ExecutionSession,
  /// JITDylib or ORC layer, or the C API's handle to one.
  bool isJitOwner(clang::QualType T) const;
  /// True if \p T refers to a JITDylib (C++ or C).
  bool isJitDylib(clang::QualType T) const;
  /// True if \p T refers to one resource tracker: a ResourceTrackerSP, a
  /// ResourceTracker pointer or an LLVMOrcResourceTrackerRef.
  bool isTrackerRef(clang::QualType T) const;
  /// True if \p T is a ResourceTrackerSP, whose destructor touches the
  /// session, or a container or pair holding some.
  bool holdsTrackerSP(clang::QualType T) const;

  /// The kind named \p Name; null if unknown.
  const ResourceKind *kind(llvm::StringRef Name) const;

  const std::deque<ResourceKind> &kinds() const { return Kinds; }
  const std::deque<ApiRow> &rows() const { return Rows; }

  /// True if \p FD belongs to LLVM itself (namespace llvm, or a C function
  /// named LLVM*). LLVM APIs that take an object pointer without being listed
  /// as consumers borrow it.
  static bool isLLVMApi(const FunctionDecl *FD);

private:
  void add(ApiRow Row);
  std::deque<ResourceKind> Kinds; // stable addresses
  std::deque<std::string> UserStrings; // backing store of user kinds' names
  std::deque<ApiRow> Rows; // stable addresses
  llvm::StringMap<llvm::SmallVector<const ApiRow *, 2>> BySimpleName;
  std::deque<JitApiRow> JitRows;
  llvm::StringMap<llvm::SmallVector<const JitApiRow *, 2>> JitBySimpleName;
};

} // namespace clang::tidy::llvmown

#endif
