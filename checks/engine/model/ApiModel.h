//===- ApiModel.h - what LLVM APIs do to object ownership -----------------===//
//
// The one place that knows which API creates, releases, consumes or borrows
// which LLVM object, what ORC calls do to JIT'd code, and which member
// functions of smart pointers, containers and ThreadSafeModules the
// analyses rely on. Knowledge is data: typed tables of rows in
// ApiModel.cpp, plus rows that users add through check options. The
// analyses and the checks ask the model; they never name an LLVM function.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_APIMODEL_H
#define LLVMOWN_ENGINE_APIMODEL_H

#include "engine/framework/AstFwd.h"
#include "engine/framework/CallSite.h"
#include "engine/framework/FlagSet.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace clang::tidy::llvmown {

class SummarySet;
struct FunctionSummary;

/// The resource kinds the built-in tables name. Rows say which kind with
/// one of these, so a misspelt kind does not compile.
enum class KindId : uint8_t {
  TargetMachine,
  LLVMContext,
  Module,
  ThreadSafeContext,
  ThreadSafeModule,
  IR,
  Builder,
  PassManager,
  PassBuilderOptions,
  TargetData,
  MemoryBuffer,
  DIBuilder,
  ExecutionEngine,
  /// A C++ llvm::ExecutionEngine held by an owning raw pointer.
  EngineObject,
  OrcThreadSafeContext,
  OrcThreadSafeModule,
  OrcLLJITBuilder,
  OrcLLJIT,
  OrcJITTargetMachineBuilder,
  OrcDefinitionGenerator,
  OrcMaterializationUnit,
  OrcSymbolStringPoolEntry,
  OrcResourceTracker,
  OrcObjectLayer,
  Binary,
  ObjectFile,
  GenericValue,
  TargetMachineOptions,
  OperandBundle,
  DisasmContext,
  Message,
  ErrorMessage,
  Error,
  /// A project's own create/dispose pair (check options): each pair is a
  /// kind of its own.
  UserPair,
  /// Rows only: applies to whatever tracked kind the value has (smart
  /// pointers adopt any object).
  Any,
};

/// What the analyses need to know about a kind, besides its name.
enum class KindProperty : unsigned char {
  /// Every function returning this handle type hands the caller one to
  /// release (LLVMErrorRef: each must be consumed or passed on).
  CreatedByAnyReturn,
  /// Its end invalidates what belongs to it: modules and IR live in an
  /// LLVMContext; a ThreadSafeContext or ThreadSafeModule holds one.
  OwnsIR,
  /// Values of this kind carry the owner they belong to (IR and modules
  /// belong to a context; owners are how IR gets created in them).
  CarriesOwner,
  /// Copies share the object (a ThreadSafeContext is a shared reference):
  /// one holder's end does not end it.
  SharedHandle,
  /// Holding one by value keeps an LLVMContext alive.
  PinsContext,
  /// A handle of the LLVM C API with a dispose function
  /// (llvmown-c-api-dispose's kinds).
  CApiHandle,
};
void isFlagEnum(KindProperty); // sets of them: FlagSet<KindProperty>

/// A family of owned objects: what it is called in messages, the C++
/// classes and C handle types that point to it, and how it is released.
struct ResourceKind {
  KindId Id;
  llvm::StringRef Name;                    // "TargetMachine"
  std::vector<llvm::StringRef> CxxClasses; // "llvm::TargetMachine"
  std::vector<llvm::StringRef> CHandles;   // "LLVMTargetMachineRef"
  llvm::StringRef CxxRelease;              // "delete or std::unique_ptr"
  llvm::StringRef CRelease;                // "LLVMDisposeTargetMachine"
  /// What messages call one ("LLVMModuleRef", "message string").
  llvm::StringRef Noun;
  FlagSet<KindProperty> Properties;

  bool is(KindProperty P) const { return Properties.has(P); }
};

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
  /// Returns a handle that is always null (an LLVMErrorRef of a call that
  /// cannot fail): nothing to release, and releasing it is harmless.
  ReturnsNull,
};

/// One fact about one API. Built-in rows are written with the builders in
/// ApiModel.cpp (`creates(...).boundTo(1)`), so every field is named.
struct ApiRow {
  llvm::StringRef Name; ///< qualified name: "llvm::Target::createTargetMachine"
  Effect Eff;
  /// The kind; null when the row applies to any tracked kind (AnyKind).
  const ResourceKind *Kind = nullptr;
  int Arg = ReturnValue; ///< argument index (not counting `this`)
  /// Creates only: holds only when the declaration returns a raw pointer
  /// (a future LLVM returning std::unique_ptr makes the row inert instead
  /// of wrong).
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
  /// Creates only: the out-parameter receives the object passed as
  /// argument GivesBack, handed back to the caller (LLVMRemoveModule), not a
  /// new one; -1 if none.
  int GivesBack = -1;
  /// The LLVM major versions known to declare it (0: no bound).
  unsigned Since = 0, Until = 0;

  bool anyKind() const { return !Kind; }
};

/// The rows of one callee, resolved once (by qualified name, and from the
/// project's summaries) and then asked per argument: an analysis resolves
/// them once per call site.
class CallRows {
public:
  CallRows() = default;
  CallRows(const FunctionDecl *FD, llvm::SmallVector<const ApiRow *, 2> Rows)
      : FD(FD), Rows(std::move(Rows)) {}

  /// The row with effect \p E on argument \p Arg (ReturnValue for the
  /// result), honouring AnyArgument and OnlyIfRawPointer; null if none.
  const ApiRow *find(Effect E, int Arg) const;
  /// True if the call releases or takes over argument \p Arg.
  bool releasesOrConsumes(int Arg) const {
    return find(Effect::Releases, Arg) || find(Effect::Consumes, Arg);
  }
  bool empty() const { return Rows.empty(); }

private:
  const FunctionDecl *FD = nullptr;
  llvm::SmallVector<const ApiRow *, 2> Rows;
};

class ApiModel;

/// The rows of every call of one function, resolved once per site by an
/// analysis' pre-pass and read by its transfer.
class CallRowsIndex {
public:
  /// Resolves (once) and returns the rows of the call \p Call to \p FD.
  const CallRows &note(const Expr *Call, const FunctionDecl *FD,
                       const ApiModel &Model);
  /// The rows noted for \p Call: none if it has none (the pre-pass saw
  /// every call of the body).
  CallRows at(const Expr *Call) const {
    auto It = Rows.find(Call);
    return It == Rows.end() ? CallRows() : It->second;
  }

private:
  llvm::DenseMap<const Expr *, CallRows> Rows;
};

/// What an ORC call does to JIT'd code and the resource trackers that own it
/// (api-facts §3). JIT'd code is freed only by removing its tracker, clearing
/// its JITDylib, removing the JITDylib or ending the session.
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
  /// Destroys the whole JIT: nothing is left behind after it, but it does
  /// not bound what a long-lived JIT accumulates while it runs.
  DestroysJit,
  /// Returns the JITDylib's default tracker (never removed on its own).
  ReturnsDefaultTracker,
  /// Adds a module to an MCJIT or interpreter ExecutionEngine, which keeps
  /// its IR and code until removeModule (the IR) or its own end.
  AddsModuleToEngine,
  /// Takes a module back out of an ExecutionEngine; the caller owns it.
  RemovesModule,
  /// Generates machine code for a module the caller keeps holding.
  GeneratesCode,
};

/// Argument positions of JitApiRow::TrackerArg, besides ThisArg and 0..N.
enum : int {
  /// The add uses the JITDylib's default tracker.
  NoTracker = -1,
  /// Argument 0 if the overload's first parameter is a tracker, else
  /// NoTracker (LLJIT::addIRModule(RT, TSM) vs addIRModule(JD, TSM)).
  TrackerIfFirstParam = -4,
};

struct JitApiRow {
  llvm::StringRef Name;
  JitRole Role;
  int TrackerArg = NoTracker;
  /// The LLVM majors whose headers were checked to declare it, as in
  /// RowSpec (0: no limit); only ApiModelRowsTest reads them.
  unsigned Since = 0;
  unsigned Until = 0;
};

/// What a member function does to the object it is called on, for the
/// holders the analyses follow: smart pointers, containers and
/// ThreadSafeModules. A method may have several.
enum class Verb : unsigned char {
  /// A container gets a new element (push_back, insert, emplace, ...).
  Adds,
  /// Elements leave a container (erase, clear, pop_back, extract, swap).
  TakesOut,
  /// A key is looked up (find, count, contains, lookup).
  LooksUp,
  /// The size is asked (empty, size).
  AsksSize,
  /// The holder is left empty: whatever it held is dropped, freed or
  /// handed out (reset, release, clear, swap).
  Empties,
  /// A smart pointer drops what it holds and may take a new pointer.
  Resets,
  /// A smart pointer hands out what it holds without freeing it.
  ReleasesPointee,
  /// The pointer a smart pointer holds, ownership staying put (get()).
  GetsPointer,
  /// A ThreadSafeModule hands its module to a callback that may move it
  /// out (consumingModuleDo), leaving an empty shell.
  TakesModuleOut,
};
void isFlagEnum(Verb); // sets of them: FlagSet<Verb>

/// The holders a verb row is about.
enum class HolderClass : unsigned char {
  /// A container: the standard's, LLVM's or the project's own (they share
  /// the vocabulary), and a free function of the verb's name that takes one
  /// (std::swap, std::erase_if).
  Container,
  /// A smart pointer: one of the model's smart-pointer templates, or a
  /// class of the project (its own smart pointer); not another class of
  /// the standard library or LLVM (Expected::get, BitVector::reset).
  SmartPointer,
  /// llvm::orc::ThreadSafeModule.
  ThreadSafeModule,
};

/// No upper bound on a verb's arguments (emplace and its kin).
constexpr unsigned AnyArity = ~0u;

struct VerbRow {
  HolderClass Class;
  llvm::StringRef Method;
  FlagSet<Verb> Verbs;
  /// The parameters of the declaration, the container first for a free
  /// function: MinArgs to MaxArgs, inclusive.
  unsigned MinArgs = 0;
  unsigned MaxArgs = AnyArity;
  /// The name the index matches (the method's).
  llvm::StringRef Name;
};

/// Rows indexed by the simple name of the declaration they describe: a
/// lookup costs one hash when no row applies, then a qualified-name match.
/// Every table of the model is loaded and searched through one of these.
template <typename RowT> class RowIndex {
public:
  const RowT &add(RowT Row);
  /// Every row whose Name matches \p D's qualified name.
  llvm::SmallVector<const RowT *, 2> lookup(const NamedDecl *D) const;
  /// Every row filed under \p D's simple name, matching or not.
  llvm::ArrayRef<const RowT *> candidates(const NamedDecl *D) const;
  const std::deque<RowT> &rows() const { return Rows; }

private:
  std::deque<RowT> Rows; // stable addresses
  llvm::StringMap<llvm::SmallVector<const RowT *, 2>> BySimpleName;
};

/// The names a message offers as the way to free JIT'd code, for C++
/// callers or for C callers.
struct JitRemedies {
  llvm::StringRef FreeCode;      ///< what frees a JITDylib's code
  llvm::StringRef RemoveTracker; ///< what frees one tracker's code
  llvm::StringRef RemoveModule;  ///< what takes a module out of an engine
};

/// The API model: built-in tables plus user rows.
class ApiModel {
public:
  /// The built-in model (every table in ApiModel.cpp).
  ApiModel();

  /// The built-in kind \p Id (never null for a built-in id).
  const ResourceKind *kind(KindId Id) const;

  /// Adds user rows from a `;`-separated list of qualified names.
  void addUserRows(llvm::StringRef Names, Effect Eff, KindId Kind);

  /// Adds a project's own create/dispose pairs (`make:destroy;...`), each
  /// a kind of its own. Returns the malformed items, if any.
  std::vector<std::string> addUserPairs(llvm::StringRef Pairs);

  /// Adds the project's summaries (Summaries.h) as rows for functions the
  /// main file does not define: factories create, release functions
  /// release, borrowed getters lend. Claims about kinds this model does not
  /// know are ignored.
  void attachSummaries(std::shared_ptr<const SummarySet> Set);
  bool hasSummaries() const { return Summaries != nullptr; }
  /// True if a project function defined elsewhere deletes objects of class
  /// \p RD on every path (per the attached summaries).
  bool freedByProjectFunction(const CXXRecordDecl *RD) const;
  /// The attached summary of member function \p MD of class \p RD when it
  /// was summarised as one (FunctionSummary::OfClass), else null.
  const FunctionSummary *memberSummary(const FunctionDecl *MD,
                                       const CXXRecordDecl *RD) const;
  /// The resource kind named \p Name, or null.
  const ResourceKind *kindNamed(llvm::StringRef Name) const;

  /// Prints the C API table (kinds and the functions that create, release,
  /// take over and lend them) as Markdown, for the c-api-dispose page.
  void printCApiTable(llvm::raw_ostream &OS) const;

  /// The kinds of the LLVM C API (every C handle with a dispose function),
  /// plus user pairs.
  std::vector<const ResourceKind *> cApiKinds() const;

  /// Every row that applies to \p FD (by qualified name). Cheap when none
  /// does: one hash lookup of the simple name.
  llvm::SmallVector<const ApiRow *, 2> rowsFor(const FunctionDecl *FD) const;

  /// The rows of \p FD, resolved once for the questions of one call site.
  CallRows rowsAt(const FunctionDecl *FD) const {
    return FD ? CallRows(FD, rowsFor(FD)) : CallRows();
  }
  /// The row of \p FD with effect \p E on argument \p Arg (ReturnValue for the
  /// result), honouring AnyArgument and OnlyIfRawPointer; null if none.
  const ApiRow *find(const FunctionDecl *FD, Effect E, int Arg) const;
  /// True if a call to \p FD releases or takes over argument \p Arg.
  bool releasesOrConsumes(const FunctionDecl *FD, int Arg) const;

  /// The kind \p Row is about for a call to \p FD: the row's kind, or for
  /// an any-kind row, the kind of object \p FD returns.
  const ResourceKind *kindFor(const ApiRow &Row, const FunctionDecl *FD) const;

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
  /// True if \p T is a std::shared_ptr (copies share the object).
  static bool isSharedPointer(clang::QualType T);
  /// The class an object of type \p T is, or owns through std::unique_ptr
  /// or std::shared_ptr.
  static const CXXRecordDecl *heldClass(clang::QualType T);

  /// The verbs of member function \p FD (empty if none): the rows
  /// of its name whose holder class and arity fit it. A free function of a
  /// container verb's name (std::swap, std::erase_if) has it too.
  FlagSet<Verb> verbs(const FunctionDecl *FD) const;
  /// True if \p FD has any of the verbs of \p Any.
  bool hasVerb(const FunctionDecl *FD, FlagSet<Verb> Any) const {
    return verbs(FD).hasAny(Any);
  }

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
  /// True if \p RD is, or derives from, ORC's DefinitionGenerator: code it
  /// adds links a library's members on demand, not code per request.
  bool isDefinitionGenerator(const clang::CXXRecordDecl *RD) const;
  /// True if \p T is a ResourceTrackerSP, whose destructor touches the
  /// session, or a container or pair holding some.
  bool holdsTrackerSP(clang::QualType T) const;

  const std::deque<ResourceKind> &kinds() const { return Kinds; }
  const std::deque<ApiRow> &rows() const { return Rows.rows(); }
  const std::deque<JitApiRow> &jitRows() const { return JitRows.rows(); }
  const std::deque<VerbRow> &verbRows() const { return VerbRows.rows(); }

  /// True if \p FD belongs to LLVM itself (namespace llvm, or a C function
  /// named LLVM*). LLVM APIs that take an object pointer without being listed
  /// as consumers borrow it.
  static bool isLLVMApi(const FunctionDecl *FD);
  /// True if \p D is declared in namespace llvm (or one nested in it).
  static bool isInLLVMNamespace(const Decl *D);
  /// True if \p RD is one of LLVM's scope guards (llvm::make_scope_exit's).
  static bool isScopeGuardClass(const CXXRecordDecl *RD);
  /// A scope guard's member that disarms it (`Guard.release()`).
  static bool isScopeGuardDisarm(const FunctionDecl *FD);
  /// One of the smart-pointer templates (std::unique_ptr, ...).
  static bool isSmartPointerClass(const CXXRecordDecl *RD);
  /// std::unique_ptr.
  static bool isUniquePtr(const CXXRecordDecl *RD);
  /// True if \p RD is llvm::StringRef or std::string (stringClasses()).
  static bool isStringClass(const CXXRecordDecl *RD);
  /// True if \p FD is the C library's deallocator (`free`), which a
  /// struct's memory goes back through.
  static bool isCDeallocator(const FunctionDecl *FD);
  /// True if \p FD's name says it hands out new memory (`calloc`,
  /// `xmalloc`, `lua_newuserdata`; allocatorNameParts()).
  static bool isAllocatorLike(const FunctionDecl *FD);
  /// Locator::rootOf and rootVar with the model's pointer getters.
  const Expr *rootOf(const Expr *E) const;
  const VarDecl *rootVar(const Expr *E) const;
  /// True if \p FD converts between a C handle and its C++ object
  /// (llvm::wrap, llvm::unwrap): the value passes through unchanged.
  static bool isHandleConversion(const FunctionDecl *FD);
  /// What messages name to free JIT'd code, for C++ or C callers.
  static const JitRemedies &jitRemedies(bool CApi);

private:
  std::deque<ResourceKind> Kinds;      // stable addresses
  std::deque<std::string> UserStrings; // backing store of user names
  RowIndex<ApiRow> Rows;
  RowIndex<JitApiRow> JitRows;
  RowIndex<VerbRow> VerbRows;
  bool verbFits(const VerbRow &R, const FunctionDecl *FD) const;
  llvm::StringRef keep(llvm::StringRef S);

  // Rows from project summaries, by USR; looked up only for a function
  // whose simple name is among SummaryNames and that the main file does
  // not define.
  std::shared_ptr<const SummarySet> Summaries;
  llvm::StringMap<llvm::SmallVector<ApiRow, 2>> SummaryRows;
  llvm::StringSet<> SummaryNames;
  llvm::StringSet<> FreedTypes; // USRs of classes a summary frees
  void addSummaryRows(const FunctionDecl *FD,
                      llvm::SmallVectorImpl<const ApiRow *> &Out) const;
};

} // namespace clang::tidy::llvmown

#endif
