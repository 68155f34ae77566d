//===- ApiTables.h - the built-in tables, as written in ApiTables.cpp -----===//
//
// Internal to the model: ApiModel loads these (all through one path) and
// resolves kind ids to kinds. Rows are written with the builders below, so
// each field is named where it is set:
//
//   createsOut("LLVMTargetMachineEmitToFile", K::Message, 4).onFailureOnly()
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_APITABLES_H
#define LLVMOWN_ENGINE_APITABLES_H

#include "engine/model/ApiModel.h"
#include <initializer_list>

namespace clang::tidy::llvmown::tables {

using K = KindId;

/// An ApiRow before its kind is resolved.
struct RowSpec {
  const char *Name;
  Effect Eff;
  KindId Kind;
  int Arg;
  bool OnlyIfRawPointer = false;
  int BindTo = -1;
  bool OnFailureOnly = false;
  bool WrittenOnFailure = false;
  /// Creates through an out-parameter the object passed as argument
  /// GivesBack, which the call hands back to the caller (-1: a new one).
  int GivesBack = -1;
  /// The LLVM major versions whose headers were checked to declare it:
  /// from Since (0: 14, the oldest supported) to Until (0: the newest).
  /// Only ApiModelRowsTest reads them: a row for a function a user's LLVM
  /// lacks never matches anything.
  unsigned Since = 0;
  unsigned Until = 0;

  /// A copy with field \p F set: every modifier below is one field.
  template <typename T, typename V>
  constexpr RowSpec with(T RowSpec::*F, V Value) const {
    RowSpec R = *this;
    R.*F = Value;
    return R;
  }
  /// Creates only when the declaration returns a raw pointer.
  constexpr RowSpec onlyIfRawPointer() const {
    return with(&RowSpec::OnlyIfRawPointer, true);
  }
  /// The new object belongs to the one passed as argument \p A.
  constexpr RowSpec boundTo(int A) const { return with(&RowSpec::BindTo, A); }
  /// The out-parameter is written only when the call fails.
  constexpr RowSpec onFailureOnly() const {
    return with(&RowSpec::OnFailureOnly, true);
  }
  /// The out-parameter is written whether or not the call fails.
  constexpr RowSpec writtenOnFailure() const {
    return with(&RowSpec::WrittenOnFailure, true);
  }
  /// The out-parameter receives argument \p A back, owned by the caller.
  constexpr RowSpec givesBack(int A) const {
    return with(&RowSpec::GivesBack, A);
  }
  constexpr RowSpec since(unsigned V) const { return with(&RowSpec::Since, V); }
  constexpr RowSpec until(unsigned V) const { return with(&RowSpec::Until, V); }
};

constexpr RowSpec creates(const char *Name, KindId Kind) {
  return {Name, Effect::Creates, Kind, ReturnValue};
}
constexpr RowSpec createsOut(const char *Name, KindId Kind, int Arg) {
  return {Name, Effect::Creates, Kind, Arg};
}
constexpr RowSpec releases(const char *Name, KindId Kind, int Arg) {
  return {Name, Effect::Releases, Kind, Arg};
}
constexpr RowSpec consumes(const char *Name, KindId Kind, int Arg) {
  return {Name, Effect::Consumes, Kind, Arg};
}
constexpr RowSpec consumesOnSuccess(const char *Name, KindId Kind, int Arg) {
  return {Name, Effect::ConsumesOnSuccess, Kind, Arg};
}
constexpr RowSpec borrows(const char *Name, KindId Kind, int Arg) {
  return {Name, Effect::Borrows, Kind, Arg};
}
constexpr RowSpec returnsBorrowed(const char *Name, KindId Kind) {
  return {Name, Effect::ReturnsBorrowed, Kind, ReturnValue};
}
constexpr RowSpec returnsNull(const char *Name, KindId Kind) {
  return {Name, Effect::ReturnsNull, Kind, ReturnValue};
}

/// A ResourceKind being written, each field named where it is set:
///
///   kind(K::Module, "Module").classes({"llvm::Module"}).cRelease("...")
struct KindSpec {
  ResourceKind Kind;

  /// A copy with field \p F of the kind set.
  template <typename T, typename V>
  KindSpec with(T ResourceKind::*F, V Value) const {
    KindSpec R = *this;
    R.Kind.*F = T(Value);
    return R;
  }
  /// The C++ classes, and the opaque structs behind C handles.
  KindSpec classes(std::initializer_list<llvm::StringRef> Names) const {
    return with(&ResourceKind::CxxClasses, Names);
  }
  /// The C handle typedefs (LLVMModuleRef).
  KindSpec handles(std::initializer_list<llvm::StringRef> Names) const {
    return with(&ResourceKind::CHandles, Names);
  }
  /// How C++ code releases one, as messages say it.
  KindSpec cxxRelease(llvm::StringRef How) const {
    return with(&ResourceKind::CxxRelease, How);
  }
  /// The C function that releases one.
  KindSpec cRelease(llvm::StringRef F) const {
    return with(&ResourceKind::CRelease, F);
  }
  /// What messages call one ("LLVMModuleRef", "message string").
  KindSpec noun(llvm::StringRef N) const {
    return with(&ResourceKind::Noun, N);
  }
  KindSpec properties(FlagSet<KindProperty> P) const {
    return with(&ResourceKind::Properties, P);
  }
  operator ResourceKind() const { return Kind; }
};

inline KindSpec kind(KindId Id, llvm::StringRef Name) {
  KindSpec R;
  R.Kind.Id = Id;
  R.Kind.Name = Name;
  return R;
}
/// A C API handle: its opaque struct, its typedef (also its noun), and the
/// function that disposes of it.
inline KindSpec cHandle(KindId Id, llvm::StringRef Name, llvm::StringRef Opaque,
                        llvm::StringRef Ref, llvm::StringRef Dispose) {
  return kind(Id, Name)
      .classes({Opaque})
      .handles({Ref})
      .cRelease(Dispose)
      .noun(Ref)
      .properties(KindProperty::CApiHandle);
}

/// A JitApiRow being written: the role is the builder's name, the rest is
/// named where it is set.
///
///   addsCode("llvm::orc::LLJIT::addIRModule").trackerIfFirstParam()
struct JitRowSpec {
  JitApiRow Row;

  /// A copy with field \p F of the row set.
  template <typename T, typename V>
  JitRowSpec with(T JitApiRow::*F, V Value) const {
    JitRowSpec R = *this;
    R.Row.*F = Value;
    return R;
  }
  /// The tracker is argument \p A (ThisArg: the object called on).
  JitRowSpec tracker(int A) const { return with(&JitApiRow::TrackerArg, A); }
  /// The tracker is the first argument of the overloads that take one.
  JitRowSpec trackerIfFirstParam() const {
    return tracker(TrackerIfFirstParam);
  }
  JitRowSpec since(unsigned V) const { return with(&JitApiRow::Since, V); }
  JitRowSpec until(unsigned V) const { return with(&JitApiRow::Until, V); }
  operator JitApiRow() const { return Row; }
};

inline JitRowSpec jitRow(const char *Name, JitRole Role) {
  JitRowSpec R;
  R.Row.Name = Name;
  R.Row.Role = Role;
  return R;
}
/// Starts a JIT row of one role: `addsCode("llvm::orc::LLJIT::addIRModule")`.
struct JitRowOf {
  JitRole Role;
  JitRowSpec operator()(const char *Name) const { return jitRow(Name, Role); }
};
constexpr JitRowOf addsCode{JitRole::AddsCode};
constexpr JitRowOf createsTracker{JitRole::CreatesTracker};
constexpr JitRowOf removesTracker{JitRole::RemovesTracker};
constexpr JitRowOf releasesTrackerRef{JitRole::ReleasesTrackerRef};
constexpr JitRowOf freesAllCode{JitRole::FreesAllCode};
constexpr JitRowOf destroysJit{JitRole::DestroysJit};
constexpr JitRowOf returnsDefaultTracker{JitRole::ReturnsDefaultTracker};
constexpr JitRowOf addsModuleToEngine{JitRole::AddsModuleToEngine};
constexpr JitRowOf removesModule{JitRole::RemovesModule};
constexpr JitRowOf generatesCode{JitRole::GeneratesCode};

/// A VerbRow being written, its arity named where it is set:
///
///   verb(HolderClass::Container, "push_back", Verb::Adds).args(1)
struct VerbSpec {
  VerbRow Row;
  /// Exactly \p N parameters.
  constexpr VerbSpec args(unsigned N) const { return args(N, N); }
  /// \p Min to \p Max parameters (AnyArity: no bound).
  constexpr VerbSpec args(unsigned Min, unsigned Max) const {
    VerbSpec R = *this;
    R.Row.MinArgs = Min;
    R.Row.MaxArgs = Max;
    return R;
  }
  constexpr operator VerbRow() const { return Row; }
};
constexpr VerbSpec verb(HolderClass Class, const char *Method,
                        FlagSet<Verb> Verbs) {
  return {VerbRow{Class, Method, Verbs}};
}

/// The resource kinds (C++ classes also list the opaque struct behind the C
/// handle typedef, so `struct LLVMOpaqueTargetMachine *` is recognised).
llvm::ArrayRef<ResourceKind> kinds();
/// Every table of ownership rows.
llvm::ArrayRef<llvm::ArrayRef<RowSpec>> rowTables();
/// ORC: what adds JIT'd code, and what can free it again.
llvm::ArrayRef<JitApiRow> jitRows();
/// Member functions of holders (VerbRow::Name is filled by the model).
llvm::ArrayRef<VerbRow> verbRows();
/// The classes (and C handles' opaque structs) whose objects hold JIT'd
/// code; the tracker class and its C handle.
llvm::ArrayRef<const char *> jitOwnerClasses();
extern const char *const TrackerClass;
extern const char *const TrackerCHandle;
extern const char *const JITDylibClass;
extern const char *const JITDylibCHandle;
/// The base of ORC's definition generators: what one adds, it adds to the
/// JITDylib a lookup asks it to define, once per missing symbol.
extern const char *const DefinitionGeneratorClass;
/// The functions between a C handle and its C++ object (one argument).
llvm::ArrayRef<const char *> handleConversions();
/// Classes other than modules that hold metadata of their context and
/// touch it when destroyed (DIBuilder's tracking references): a member of
/// one of these dies badly after the context. IRBuilder is not one: its
/// destructor reads nothing of the context.
llvm::ArrayRef<const char *> contextBoundClasses();
/// The standard library's templates that do not own their type arguments
/// (shared_ptr, reference_wrapper, hash, ...), and LLVM's containers that
/// do: what an object owns outright, through its members' types.
llvm::ArrayRef<const char *> nonOwningStdTemplates();
llvm::ArrayRef<const char *> owningLLVMContainers();
/// LLVM's scope guards: their destructor calls the callable they hold.
llvm::ArrayRef<const char *> scopeGuardClasses();
/// The members that disarm a scope guard, LLVM's or a project's
/// (`release`, `dismiss`, ...).
llvm::ArrayRef<llvm::StringRef> scopeGuardDisarms();
/// The smart-pointer templates.
llvm::ArrayRef<const char *> smartPointerClasses();
extern const char *const UniquePtrClass;
/// The string classes whose characters a module's names are read through:
/// llvm::StringRef (a view) and std::string.
llvm::ArrayRef<const char *> stringClasses();
/// LLVM's namespace, and the C library's deallocators (of structs that
/// hold handles).
extern const char *const LLVMNamespace;
/// The C API: its functions' prefix, and the include directory of its
/// headers (`llvm-c/Core.h`).
extern const char *const LLVMCPrefix;
extern const char *const LLVMCHeaderDir;
llvm::ArrayRef<llvm::StringRef> cDeallocators();
/// Parts of the names of functions that hand out new memory for a struct
/// (`calloc`, `xmalloc`, `lua_newuserdata`), in lower case.
llvm::ArrayRef<llvm::StringRef> allocatorNameParts();
extern const JitRemedies CxxJitRemedies;
extern const JitRemedies CJitRemedies;

} // namespace clang::tidy::llvmown::tables

#endif
