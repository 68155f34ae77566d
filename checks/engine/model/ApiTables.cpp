//===- ApiTables.cpp - the built-in tables of the API model ---------------===//
//
// The arrays of the model. Their entries are data, in tables/*.def, one
// builder expression each: add a row there, not an `if` in an analysis or a
// check. The ownership rules behind them, and where each API is declared in
// every supported LLVM: docs/api-facts.md (api-facts §N below). ApiModelTest
// checks every row against the real LLVM headers: that the declaration
// exists, and that its kind and argument indices fit it.
//
//===----------------------------------------------------------------------===//

#include "engine/model/ApiTables.h"

namespace clang::tidy::llvmown::tables {

namespace {

constexpr FlagSet<KindProperty> Context =
    KindProperty::OwnsIR | KindProperty::CarriesOwner;

// Resource kinds. CxxClasses also lists the opaque struct behind the C
// handle typedef, so `struct LLVMOpaqueTargetMachine *` is recognised however
// it is spelled.
const ResourceKind Kinds[] = {
#include "engine/model/tables/Kinds.def"
};

// Smart-pointer adoption and hand-back apply to every kind.
const RowSpec SmartPointerRows[] = {
#include "engine/model/tables/SmartPointerRows.def"
};

// TargetMachine (api-facts §1).
const RowSpec TargetMachineRows[] = {
#include "engine/model/tables/TargetMachineRows.def"
};

// Contexts, modules and the IR in them (api-facts §2). Anything an
// API returns that is IR or a context, computed from arguments that belong
// to a context, belongs to that context too: that rule is in the analysis,
// so only what it cannot see is listed here.
const RowSpec ContextRows[] = {
#include "engine/model/tables/ContextRows.def"
};

// The LLVM C API (api-facts §2 to §5, LLVM 19 llvm-c/*.h). TargetMachine
// handles are in TargetMachineRows.
const RowSpec CApiRows[] = {
#include "engine/model/tables/CApiRows.def"
};

// ORC: what adds JIT'd code, and what can free it again (api-facts §3; LLJIT.h
// 133-153, 282-286; Layer.h 100-163; Core.h 80-85, 1015-1037, 1461-1555;
// llvm-c/Orc.h 603-616, 940-964, 1170-1186; llvm-c/LLJIT.h 170-208).
const JitApiRow JitRows[] = {
#include "engine/model/tables/JitRows.def"
};

// What the analyses rely on member functions of holders to do, with the
// holders each is about and the parameters its declarations take (a free
// function's first is the container).
constexpr HolderClass Ctr = HolderClass::Container;
constexpr HolderClass Ptr = HolderClass::SmartPointer;
const VerbRow VerbRows[] = {
#include "engine/model/tables/VerbRows.def"
};

const char *const SmartPointers[] = {
    "std::unique_ptr", "std::shared_ptr",          "std::auto_ptr",
    "std::optional",   "llvm::IntrusiveRefCntPtr", "llvm::Optional"};
const llvm::StringRef ScopeGuardDisarms[] = {"release", "dismiss", "cancel",
                                             "disarm"};

// The classes (and C handles) whose objects hold JIT'd code.
const char *const JitOwners[] = {"llvm::orc::LLJIT",
                                 "llvm::orc::ExecutionSession",
                                 "llvm::orc::JITDylib",
                                 "llvm::orc::IRLayer",
                                 "llvm::orc::ObjectLayer",
                                 "LLVMOrcOpaqueLLJIT",
                                 "LLVMOrcOpaqueExecutionSession",
                                 "LLVMOrcOpaqueJITDylib",
                                 "LLVMOrcOpaqueObjectLayer",
                                 "llvm::ExecutionEngine",
                                 "LLVMOpaqueExecutionEngine"};

const llvm::ArrayRef<RowSpec> RowTables[] = {
    SmartPointerRows, TargetMachineRows, ContextRows, CApiRows};

} // namespace

const char *const TrackerClass = "llvm::orc::ResourceTracker";
const char *const TrackerCHandle = "LLVMOrcOpaqueResourceTracker";
const char *const JITDylibClass = "llvm::orc::JITDylib";
const char *const DefinitionGeneratorClass = "llvm::orc::DefinitionGenerator";
const char *const JITDylibCHandle = "LLVMOrcOpaqueJITDylib";

const JitRemedies CxxJitRemedies = {
    "ResourceTracker::remove, JITDylib::clear or "
    "ExecutionSession::removeJITDylib",
    "remove()", "removeModule"};
const JitRemedies CJitRemedies = {
    "LLVMOrcResourceTrackerRemove or LLVMOrcJITDylibClear",
    "LLVMOrcResourceTrackerRemove", "LLVMRemoveModule"};

static const char *const HandleConversions[] = {"::llvm::wrap",
                                                "::llvm::unwrap"};
llvm::ArrayRef<const char *> handleConversions() { return HandleConversions; }

// ~DIBuilder destroys TrackingMDNodeRefs, which untrack through metadata the
// context owns (DIBuilder.h: AllRetainTypes, UnresolvedNodes and others).
static const char *const ContextBoundClasses[] = {"llvm::DIBuilder"};
llvm::ArrayRef<const char *> contextBoundClasses() {
  return ContextBoundClasses;
}

// Templates of the standard library whose objects do not own their type
// arguments: they refer to them, share them or describe them. Every other
// std template (containers, optional, pair, tuple) owns what it holds.
static const char *const NonOwningStdTemplates[] = {"std::shared_ptr",
                                                    "std::weak_ptr",
                                                    "std::reference_wrapper",
                                                    "std::function",
                                                    "std::less",
                                                    "std::greater",
                                                    "std::hash",
                                                    "std::equal_to",
                                                    "std::allocator",
                                                    "std::char_traits",
                                                    "std::basic_string_view",
                                                    "std::span",
                                                    "std::initializer_list"};
llvm::ArrayRef<const char *> nonOwningStdTemplates() {
  return NonOwningStdTemplates;
}
// LLVM's containers that own their elements.
static const char *const OwningLLVMContainers[] = {
    "llvm::SmallVector", "llvm::StringMap", "llvm::DenseMap", "llvm::MapVector",
    "llvm::Optional"};
llvm::ArrayRef<const char *> owningLLVMContainers() {
  return OwningLLVMContainers;
}

// Scope guards whose destructor calls the callable they were made from
// (ScopeExit.h: ~scope_exit calls ExitFunction unless release()d). Listed
// because the tool skips library bodies: a project's own guard class is
// recognised from its destructor's body.
static const char *const ScopeGuardClasses[] = {"llvm::detail::scope_exit"};
llvm::ArrayRef<const char *> scopeGuardClasses() { return ScopeGuardClasses; }
// A StringRef is a view; a std::string owns its characters.
static const char *const StringClasses[] = {
    "llvm::StringRef", "std::basic_string", "std::__cxx11::basic_string"};
llvm::ArrayRef<const char *> stringClasses() { return StringClasses; }

const char *const LLVMNamespace = "llvm";
const char *const LLVMCPrefix = "LLVM";
const char *const LLVMCHeaderDir = "llvm-c";
static const llvm::StringRef CDeallocators[] = {"free"};
llvm::ArrayRef<llvm::StringRef> cDeallocators() { return CDeallocators; }
static const llvm::StringRef AllocatorNameParts[] = {"alloc", "new"};
llvm::ArrayRef<llvm::StringRef> allocatorNameParts() {
  return AllocatorNameParts;
}

llvm::ArrayRef<ResourceKind> kinds() { return Kinds; }
llvm::ArrayRef<llvm::ArrayRef<RowSpec>> rowTables() { return RowTables; }
llvm::ArrayRef<JitApiRow> jitRows() { return JitRows; }
llvm::ArrayRef<VerbRow> verbRows() { return VerbRows; }
llvm::ArrayRef<const char *> smartPointerClasses() { return SmartPointers; }
const char *const UniquePtrClass = "std::unique_ptr";
llvm::ArrayRef<llvm::StringRef> scopeGuardDisarms() {
  return ScopeGuardDisarms;
}
llvm::ArrayRef<const char *> jitOwnerClasses() { return JitOwners; }

} // namespace clang::tidy::llvmown::tables
