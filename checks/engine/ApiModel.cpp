//===- ApiModel.cpp - the built-in API tables -----------------------------===//
//
// Facts and header lines: ../shared/reference/llvm-ownership-facts.md (LLVM
// 19.1.7 headers). Add a row here, not an `if` in a check.
//
//===----------------------------------------------------------------------===//

#include "ApiModel.h"
#include "NameMatcher.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy::llvmown {

namespace {

// Resource kinds. CxxClasses also lists the opaque struct behind the C
// handle typedef, so `struct LLVMOpaqueTargetMachine *` is recognised however
// it is spelled.
const ResourceKind BuiltinKinds[] = {
    {"TargetMachine",
     {"llvm::TargetMachine", "LLVMOpaqueTargetMachine"},
     {"LLVMTargetMachineRef"},
     "delete or std::unique_ptr",
     "LLVMDisposeTargetMachine"},
    // Contexts and what lives in them (facts §2, §5).
    {"LLVMContext",
     {"llvm::LLVMContext", "LLVMOpaqueContext"},
     {"LLVMContextRef"},
     "delete or std::unique_ptr",
     "LLVMContextDispose",
     "LLVMContextRef"},
    {"Module",
     {"llvm::Module", "LLVMOpaqueModule"},
     {"LLVMModuleRef"},
     "delete or std::unique_ptr",
     "LLVMDisposeModule",
     "LLVMModuleRef"},
    {"ThreadSafeContext", {"llvm::orc::ThreadSafeContext"}, {}, "", ""},
    {"ThreadSafeModule", {"llvm::orc::ThreadSafeModule"}, {}, "", ""},
    // IR: belongs to the context it was created in; never owns a context.
    {"IR",
     {"llvm::Value", "llvm::Type", "llvm::BasicBlock", "llvm::Metadata",
      "LLVMOpaqueValue", "LLVMOpaqueType", "LLVMOpaqueBasicBlock",
      "LLVMOpaqueMetadata"},
     {"LLVMValueRef", "LLVMTypeRef", "LLVMBasicBlockRef", "LLVMMetadataRef"},
     "",
     ""},
    // The LLVM C API's other handles with a dispose function (facts §4.1).
#define C_HANDLE(Name, Opaque, Ref, Dispose)                                   \
  {Name, {Opaque}, {Ref}, "", Dispose, Ref}
    C_HANDLE("Builder", "LLVMOpaqueBuilder", "LLVMBuilderRef",
             "LLVMDisposeBuilder"),
    C_HANDLE("PassManager", "LLVMOpaquePassManager", "LLVMPassManagerRef",
             "LLVMDisposePassManager"),
    C_HANDLE("PassBuilderOptions", "LLVMOpaquePassBuilderOptions",
             "LLVMPassBuilderOptionsRef", "LLVMDisposePassBuilderOptions"),
    C_HANDLE("TargetData", "LLVMOpaqueTargetData", "LLVMTargetDataRef",
             "LLVMDisposeTargetData"),
    C_HANDLE("MemoryBuffer", "LLVMOpaqueMemoryBuffer", "LLVMMemoryBufferRef",
             "LLVMDisposeMemoryBuffer"),
    C_HANDLE("DIBuilder", "LLVMOpaqueDIBuilder", "LLVMDIBuilderRef",
             "LLVMDisposeDIBuilder"),
    C_HANDLE("ExecutionEngine", "LLVMOpaqueExecutionEngine",
             "LLVMExecutionEngineRef", "LLVMDisposeExecutionEngine"),
    C_HANDLE("OrcThreadSafeContext", "LLVMOrcOpaqueThreadSafeContext",
             "LLVMOrcThreadSafeContextRef", "LLVMOrcDisposeThreadSafeContext"),
    C_HANDLE("OrcThreadSafeModule", "LLVMOrcOpaqueThreadSafeModule",
             "LLVMOrcThreadSafeModuleRef", "LLVMOrcDisposeThreadSafeModule"),
    C_HANDLE("OrcLLJITBuilder", "LLVMOrcOpaqueLLJITBuilder",
             "LLVMOrcLLJITBuilderRef", "LLVMOrcDisposeLLJITBuilder"),
    C_HANDLE("OrcLLJIT", "LLVMOrcOpaqueLLJIT", "LLVMOrcLLJITRef",
             "LLVMOrcDisposeLLJIT"),
    C_HANDLE("OrcJITTargetMachineBuilder",
             "LLVMOrcOpaqueJITTargetMachineBuilder",
             "LLVMOrcJITTargetMachineBuilderRef",
             "LLVMOrcDisposeJITTargetMachineBuilder"),
    C_HANDLE("OrcDefinitionGenerator", "LLVMOrcOpaqueDefinitionGenerator",
             "LLVMOrcDefinitionGeneratorRef",
             "LLVMOrcDisposeDefinitionGenerator"),
    C_HANDLE("OrcMaterializationUnit", "LLVMOrcOpaqueMaterializationUnit",
             "LLVMOrcMaterializationUnitRef",
             "LLVMOrcDisposeMaterializationUnit"),
    C_HANDLE("OrcSymbolStringPoolEntry", "LLVMOrcOpaqueSymbolStringPoolEntry",
             "LLVMOrcSymbolStringPoolEntryRef",
             "LLVMOrcReleaseSymbolStringPoolEntry"),
    C_HANDLE("OrcResourceTracker", "LLVMOrcOpaqueResourceTracker",
             "LLVMOrcResourceTrackerRef", "LLVMOrcReleaseResourceTracker"),
    C_HANDLE("Binary", "LLVMOpaqueBinary", "LLVMBinaryRef",
             "LLVMDisposeBinary"),
    C_HANDLE("GenericValue", "LLVMOpaqueGenericValue", "LLVMGenericValueRef",
             "LLVMDisposeGenericValue"),
    C_HANDLE("TargetMachineOptions", "LLVMOpaqueTargetMachineOptions",
             "LLVMTargetMachineOptionsRef", "LLVMDisposeTargetMachineOptions"),
    C_HANDLE("OperandBundle", "LLVMOpaqueOperandBundle",
             "LLVMOperandBundleRef", "LLVMDisposeOperandBundle"),
    C_HANDLE("DisasmContext", "", "LLVMDisasmContextRef", "LLVMDisasmDispose"),
#undef C_HANDLE
    // Strings: `char *` has no kind of its own; the creating row says which.
    // LLVMDisposeMessage is free() (strdup); LLVMGetErrorMessage is new[].
    {"Message", {}, {}, "", "LLVMDisposeMessage", "message string"},
    {"ErrorMessage", {}, {}, "", "LLVMDisposeErrorMessage", "error message"},
    // Error.h:47-50: every LLVMErrorRef must be consumed or passed on.
    {"Error", {"LLVMOpaqueError"}, {"LLVMErrorRef"}, "", "LLVMConsumeError",
     "LLVMErrorRef", /*CreatedByAnyReturn=*/true},
};

struct Row {
  const char *Name;
  Effect Eff;
  const char *Kind;
  int Arg;
  bool OnlyIfRawPointer;
  int BindTo = -1;
  bool OnFailureOnly = false;
  bool WrittenOnFailure = false;
};

// Smart-pointer adoption and hand-back apply to every kind.
const Row SmartPointerRows[] = {
    {"std::unique_ptr::unique_ptr", Effect::Consumes, "*", 0, false},
    {"std::unique_ptr::reset", Effect::Consumes, "*", 0, false},
    {"std::shared_ptr::shared_ptr", Effect::Consumes, "*", 0, false},
    {"std::shared_ptr::reset", Effect::Consumes, "*", 0, false},
    // unique_ptr::release() hands ownership back as a raw pointer; the kind
    // is that of the pointee.
    {"std::unique_ptr::release", Effect::Creates, "*", ReturnValue, true},
};

// TargetMachine (facts §1.1, §1.2, §4.1).
const Row TargetMachineRows[] = {
    // TargetRegistry.h:448-462; returns TargetMachine * in LLVM 14-22.
    {"llvm::Target::createTargetMachine", Effect::Creates, "TargetMachine",
     ReturnValue, true},
    // ExecutionEngine.h:648, 650-655.
    {"llvm::EngineBuilder::selectTarget", Effect::Creates, "TargetMachine",
     ReturnValue, true},
    // TargetMachine.h:154, 158 (C API).
    {"LLVMCreateTargetMachine", Effect::Creates, "TargetMachine", ReturnValue,
     false},
    {"LLVMCreateTargetMachineWithOptions", Effect::Creates, "TargetMachine",
     ReturnValue, false},
    // TargetMachine.h:164.
    {"LLVMDisposeTargetMachine", Effect::Releases, "TargetMachine", 0, false},
    // ExecutionEngine.h:661: "Take ownership", even when create() fails.
    {"llvm::EngineBuilder::create", Effect::Consumes, "TargetMachine", 0,
     false},
    // Orc.h:1125-1135: "takes ownership of the given TargetMachine".
    {"LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine", Effect::Consumes,
     "TargetMachine", 0, false},
    // PassBuilder keeps a non-owning TargetMachine *.
    {"llvm::PassBuilder::PassBuilder", Effect::Borrows, "TargetMachine", 0,
     false},
    // ExecutionEngine.h:443, ExecutionEngine.h:141 (C): owned by the engine.
    {"llvm::ExecutionEngine::getTargetMachine", Effect::ReturnsBorrowed,
     "TargetMachine", ReturnValue, false},
    {"LLVMGetExecutionEngineTargetMachine", Effect::ReturnsBorrowed,
     "TargetMachine", ReturnValue, false},
};

// Contexts, modules and the IR in them (facts §2, §4.1, §5). Anything an
// API returns that is IR or a context, computed from arguments that belong
// to a context, belongs to that context too: that rule is in the analysis,
// so only what it cannot see is listed here.
const Row ContextRows[] = {
    // Core.h:573, 628.
    {"LLVMContextCreate", Effect::Creates, "LLVMContext", ReturnValue, false},
    {"LLVMContextDispose", Effect::Releases, "LLVMContext", 0, false},
    // Core.h:578: the global context is never disposed.
    {"LLVMGetGlobalContext", Effect::ReturnsBorrowed, "LLVMContext",
     ReturnValue, false},
    // IRReader.h: the module is written through OutM, in context arg 0.
    {"LLVMParseIRInContext", Effect::Creates, "Module", 2, false, 0},
    {"LLVMParseBitcodeInContext2", Effect::Creates, "Module", 2, false, 0},
    {"LLVMGetBitcodeModuleInContext2", Effect::Creates, "Module", 2, false, 0},
    // ThreadSafeModule.h:53-57, 104-110: these take over the context (or
    // share it) and keep it alive.
    {"llvm::orc::ThreadSafeContext::ThreadSafeContext", Effect::Consumes,
     "LLVMContext", 0, false},
    {"llvm::orc::ThreadSafeModule::ThreadSafeModule", Effect::Consumes, "*",
     AnyArgument, false},
};

// The LLVM C API (facts §4.1 and §4.2, LLVM 19 llvm-c/*.h). TargetMachine
// handles are in TargetMachineRows.
constexpr auto C = Effect::Creates;
constexpr auto Rel = Effect::Releases;
constexpr auto Cons = Effect::Consumes;
constexpr auto ConsOK = Effect::ConsumesOnSuccess;
constexpr auto Borrowed = Effect::ReturnsBorrowed;
constexpr int Ret = ReturnValue;
const Row CApiRows[] = {
    // Core.h: contexts, modules, builders, pass managers.
    {"LLVMModuleCreateWithName", C, "Module", Ret, false},
    {"LLVMModuleCreateWithNameInContext", C, "Module", Ret, false, 1},
    {"LLVMCloneModule", C, "Module", Ret, false},
    {"LLVMDisposeModule", Rel, "Module", 0, false},
    {"LLVMGetModuleContext", Borrowed, "LLVMContext", Ret, false},
    {"LLVMCreateBuilder", C, "Builder", Ret, false},
    {"LLVMCreateBuilderInContext", C, "Builder", Ret, false},
    {"LLVMDisposeBuilder", Rel, "Builder", 0, false},
    {"LLVMCreatePassManager", C, "PassManager", Ret, false},
    {"LLVMCreateFunctionPassManagerForModule", C, "PassManager", Ret, false},
    {"LLVMCreateFunctionPassManager", C, "PassManager", Ret, false},
    {"LLVMDisposePassManager", Rel, "PassManager", 0, false},
    {"LLVMCreatePassBuilderOptions", C, "PassBuilderOptions", Ret, false},
    {"LLVMDisposePassBuilderOptions", Rel, "PassBuilderOptions", 0, false},
    {"LLVMCreateOperandBundle", C, "OperandBundle", Ret, false},
    {"LLVMDisposeOperandBundle", Rel, "OperandBundle", 0, false},
    // Target.h / TargetMachine.h.
    {"LLVMCreateTargetDataLayout", C, "TargetData", Ret, false},
    {"LLVMCreateTargetData", C, "TargetData", Ret, false},
    {"LLVMDisposeTargetData", Rel, "TargetData", 0, false},
    {"LLVMGetModuleDataLayout", Borrowed, "TargetData", Ret, false},
    {"LLVMCreateTargetMachineOptions", C, "TargetMachineOptions", Ret, false},
    {"LLVMDisposeTargetMachineOptions", Rel, "TargetMachineOptions", 0, false},
    // Memory buffers; LLVMTargetMachineEmitToMemoryBuffer writes its buffer
    // on failure too.
    {"LLVMCreateMemoryBufferWithContentsOfFile", C, "MemoryBuffer", 1, false},
    {"LLVMCreateMemoryBufferWithSTDIN", C, "MemoryBuffer", 0, false},
    {"LLVMCreateMemoryBufferWithMemoryRange", C, "MemoryBuffer", Ret, false},
    {"LLVMCreateMemoryBufferWithMemoryRangeCopy", C, "MemoryBuffer", Ret,
     false},
    {"LLVMTargetMachineEmitToMemoryBuffer", C, "MemoryBuffer", 4, false, -1,
     false, /*WrittenOnFailure=*/true},
    {"LLVMBinaryCopyMemoryBuffer", C, "MemoryBuffer", Ret, false},
    {"LLVMDisposeMemoryBuffer", Rel, "MemoryBuffer", 0, false},
    // Readers: the module lives in the context passed first.
    {"LLVMParseIRInContext", Cons, "MemoryBuffer", 1, false},
    {"LLVMGetBitcodeModuleInContext2", ConsOK, "MemoryBuffer", 1, false},
    // DebugInfo.h, Object.h, Disassembler.h.
    {"LLVMCreateDIBuilder", C, "DIBuilder", Ret, false},
    {"LLVMCreateDIBuilderDisallowUnresolved", C, "DIBuilder", Ret, false},
    {"LLVMDisposeDIBuilder", Rel, "DIBuilder", 0, false},
    {"LLVMCreateBinary", C, "Binary", Ret, false},
    {"LLVMDisposeBinary", Rel, "Binary", 0, false},
    {"LLVMCreateDisasm", C, "DisasmContext", Ret, false},
    {"LLVMCreateDisasmCPU", C, "DisasmContext", Ret, false},
    {"LLVMCreateDisasmCPUFeatures", C, "DisasmContext", Ret, false},
    {"LLVMDisasmDispose", Rel, "DisasmContext", 0, false},
    // ExecutionEngine.h: engines own their module, even on failure.
    {"LLVMCreateExecutionEngineForModule", C, "ExecutionEngine", 0, false},
    {"LLVMCreateInterpreterForModule", C, "ExecutionEngine", 0, false},
    {"LLVMCreateJITCompilerForModule", C, "ExecutionEngine", 0, false},
    {"LLVMCreateMCJITCompilerForModule", C, "ExecutionEngine", 0, false},
    {"LLVMCreateExecutionEngineForModule", Cons, "Module", 1, false},
    {"LLVMCreateInterpreterForModule", Cons, "Module", 1, false},
    {"LLVMCreateJITCompilerForModule", Cons, "Module", 1, false},
    {"LLVMCreateMCJITCompilerForModule", Cons, "Module", 1, false},
    {"LLVMAddModule", Cons, "Module", 1, false},
    {"LLVMRemoveModule", C, "Module", 2, false},
    {"LLVMDisposeExecutionEngine", Rel, "ExecutionEngine", 0, false},
    {"LLVMRunFunction", C, "GenericValue", Ret, false},
    {"LLVMCreateGenericValueOfInt", C, "GenericValue", Ret, false},
    {"LLVMCreateGenericValueOfPointer", C, "GenericValue", Ret, false},
    {"LLVMCreateGenericValueOfFloat", C, "GenericValue", Ret, false},
    {"LLVMDisposeGenericValue", Rel, "GenericValue", 0, false},
    {"LLVMGetExecutionEngineTargetData", Borrowed, "TargetData", Ret, false},
    // Linker.h: LLVMLinkModules2 destroys its source.
    {"LLVMLinkModules2", Cons, "Module", 1, false},
    // Orc.h / LLJIT.h.
    {"LLVMOrcCreateNewThreadSafeContext", C, "OrcThreadSafeContext", Ret,
     false},
    {"LLVMOrcDisposeThreadSafeContext", Rel, "OrcThreadSafeContext", 0, false},
    {"LLVMOrcThreadSafeContextGetContext", Borrowed, "LLVMContext", Ret,
     false},
    {"LLVMOrcCreateNewThreadSafeModule", C, "OrcThreadSafeModule", Ret, false},
    {"LLVMOrcCreateNewThreadSafeModule", Cons, "Module", 0, false},
    {"LLVMOrcDisposeThreadSafeModule", Rel, "OrcThreadSafeModule", 0, false},
    {"LLVMOrcLLJITAddLLVMIRModule", Cons, "OrcThreadSafeModule", 2, false},
    {"LLVMOrcLLJITAddLLVMIRModuleWithRT", Cons, "OrcThreadSafeModule", 2,
     false},
    {"LLVMOrcIRTransformLayerEmit", Cons, "OrcThreadSafeModule", 2, false},
    {"LLVMOrcLLJITAddObjectFile", Cons, "MemoryBuffer", 2, false},
    {"LLVMOrcLLJITAddObjectFileWithRT", Cons, "MemoryBuffer", 2, false},
    {"LLVMOrcObjectLayerAddObjectFile", Cons, "MemoryBuffer", 2, false},
    {"LLVMOrcObjectLayerAddObjectFileWithRT", Cons, "MemoryBuffer", 2, false},
    {"LLVMOrcObjectLayerEmit", Cons, "MemoryBuffer", 2, false},
    {"LLVMOrcCreateLLJITBuilder", C, "OrcLLJITBuilder", Ret, false},
    {"LLVMOrcDisposeLLJITBuilder", Rel, "OrcLLJITBuilder", 0, false},
    {"LLVMOrcCreateLLJIT", C, "OrcLLJIT", 0, false},
    {"LLVMOrcCreateLLJIT", Cons, "OrcLLJITBuilder", 1, false},
    {"LLVMOrcDisposeLLJIT", Rel, "OrcLLJIT", 0, false},
    {"LLVMOrcLLJITGetMainJITDylib", Borrowed, "*", Ret, false},
    {"LLVMOrcLLJITGetTripleString", Borrowed, "Message", Ret, false},
    {"LLVMOrcLLJITGetDataLayoutStr", Borrowed, "Message", Ret, false},
    {"LLVMOrcLLJITGetExecutionSession", Borrowed, "*", Ret, false},
    {"LLVMOrcJITTargetMachineBuilderDetectHost", C,
     "OrcJITTargetMachineBuilder", 0, false},
    {"LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine", C,
     "OrcJITTargetMachineBuilder", Ret, false},
    {"LLVMOrcDisposeJITTargetMachineBuilder", Rel,
     "OrcJITTargetMachineBuilder", 0, false},
    {"LLVMOrcLLJITBuilderSetJITTargetMachineBuilder", Cons,
     "OrcJITTargetMachineBuilder", 1, false},
    {"LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess", C,
     "OrcDefinitionGenerator", 0, false},
    {"LLVMOrcCreateDynamicLibrarySearchGeneratorForPath", C,
     "OrcDefinitionGenerator", 0, false},
    {"LLVMOrcCreateStaticLibrarySearchGeneratorForPath", C,
     "OrcDefinitionGenerator", 0, false},
    {"LLVMOrcCreateCustomCAPIDefinitionGenerator", C, "OrcDefinitionGenerator",
     Ret, false},
    {"LLVMOrcDisposeDefinitionGenerator", Rel, "OrcDefinitionGenerator", 0,
     false},
    {"LLVMOrcJITDylibAddGenerator", Cons, "OrcDefinitionGenerator", 1, false},
    {"LLVMOrcAbsoluteSymbols", C, "OrcMaterializationUnit", Ret, false},
    {"LLVMOrcCreateCustomMaterializationUnit", C, "OrcMaterializationUnit",
     Ret, false},
    {"LLVMOrcLazyReexports", C, "OrcMaterializationUnit", Ret, false},
    {"LLVMOrcDisposeMaterializationUnit", Rel, "OrcMaterializationUnit", 0,
     false},
    {"LLVMOrcJITDylibDefine", ConsOK, "OrcMaterializationUnit", 1, false},
    {"LLVMOrcMaterializationResponsibilityReplace", Cons,
     "OrcMaterializationUnit", 1, false},
    {"LLVMOrcLLJITMangleAndIntern", C, "OrcSymbolStringPoolEntry", Ret, false},
    {"LLVMOrcExecutionSessionIntern", C, "OrcSymbolStringPoolEntry", Ret,
     false},
    {"LLVMOrcReleaseSymbolStringPoolEntry", Rel, "OrcSymbolStringPoolEntry", 0,
     false},
    {"LLVMOrcJITDylibCreateResourceTracker", C, "OrcResourceTracker", Ret,
     false},
    {"LLVMOrcReleaseResourceTracker", Rel, "OrcResourceTracker", 0, false},
    // Orc.h:942-948 says to release it; doing so recurses until the stack
    // overflows (facts §3).
    {"LLVMOrcJITDylibGetDefaultResourceTracker", Borrowed, "OrcResourceTracker",
     Ret, false},
    // Message strings (strdup/malloc): LLVMDisposeMessage, or free().
    {"LLVMCreateMessage", C, "Message", Ret, false},
    {"LLVMGetDiagInfoDescription", C, "Message", Ret, false},
    {"LLVMPrintModuleToString", C, "Message", Ret, false},
    {"LLVMPrintTypeToString", C, "Message", Ret, false},
    {"LLVMPrintValueToString", C, "Message", Ret, false},
    {"LLVMPrintDbgRecordToString", C, "Message", Ret, false},
    {"LLVMIntrinsicCopyOverloadedName", C, "Message", Ret, false},
    {"LLVMIntrinsicCopyOverloadedName2", C, "Message", Ret, false},
    {"LLVMGetTargetMachineTriple", C, "Message", Ret, false},
    {"LLVMGetTargetMachineCPU", C, "Message", Ret, false},
    {"LLVMGetTargetMachineFeatureString", C, "Message", Ret, false},
    {"LLVMGetDefaultTargetTriple", C, "Message", Ret, false},
    {"LLVMNormalizeTargetTriple", C, "Message", Ret, false},
    {"LLVMGetHostCPUName", C, "Message", Ret, false},
    {"LLVMGetHostCPUFeatures", C, "Message", Ret, false},
    {"LLVMCopyStringRepOfTargetData", C, "Message", Ret, false},
    {"LLVMOrcJITTargetMachineBuilderGetTargetTriple", C, "Message", Ret,
     false},
    // Out-messages: written when the call fails (LLVMVerifyModule always
    // writes one when asked).
    {"LLVMPrintModuleToFile", C, "Message", 2, false, -1, true},
    {"LLVMVerifyModule", C, "Message", 2, false, -1, true},
    {"LLVMTargetMachineEmitToFile", C, "Message", 4, false, -1, true},
    {"LLVMTargetMachineEmitToMemoryBuffer", C, "Message", 3, false, -1, true},
    {"LLVMGetTargetFromTriple", C, "Message", 2, false, -1, true},
    {"LLVMCreateMemoryBufferWithContentsOfFile", C, "Message", 2, false, -1,
     true},
    {"LLVMCreateMemoryBufferWithSTDIN", C, "Message", 1, false, -1, true},
    {"LLVMParseIRInContext", C, "Message", 3, false, -1, true},
    {"LLVMCreateBinary", C, "Message", 2, false, -1, true},
    {"LLVMExecutionEngineGetErrMsg", C, "Message", 1, false, -1, true},
    {"LLVMCreateExecutionEngineForModule", C, "Message", 2, false, -1, true},
    {"LLVMCreateInterpreterForModule", C, "Message", 2, false, -1, true},
    {"LLVMCreateJITCompilerForModule", C, "Message", 3, false, -1, true},
    {"LLVMCreateMCJITCompilerForModule", C, "Message", 4, false, -1, true},
    {"LLVMRemoveModule", C, "Message", 3, false, -1, true},
    {"LLVMDisposeMessage", Rel, "Message", 0, false},
    {"free", Rel, "Message", 0, false},
    // Error.h: LLVMGetErrorMessage consumes the error and returns new[].
    {"LLVMGetErrorMessage", C, "ErrorMessage", Ret, false},
    {"LLVMDisposeErrorMessage", Rel, "ErrorMessage", 0, false},
    {"LLVMConsumeError", Rel, "Error", 0, false},
    {"LLVMGetErrorMessage", Rel, "Error", 0, false},
    {"LLVMCantFail", Rel, "Error", 0, false},
    // LLVMContextDispose (ContextRows) disposes the modules created in it.
};

// ORC: what adds JIT'd code, and what can free it again (facts §3; LLJIT.h
// 133-153, 282-286; Layer.h 100-163; Core.h 80-85, 1015-1037, 1461-1555;
// llvm-c/Orc.h 603-616, 940-964, 1170-1186; llvm-c/LLJIT.h 170-208).
const JitApiRow JitRowsTable[] = {
    {"llvm::orc::LLJIT::addIRModule", JitRole::AddsCode, TrackerIfFirstParam},
    {"llvm::orc::LLJIT::addObjectFile", JitRole::AddsCode,
     TrackerIfFirstParam},
    {"llvm::orc::LLLazyJIT::addLazyIRModule", JitRole::AddsCode, NoTracker},
    {"llvm::orc::IRLayer::add", JitRole::AddsCode, TrackerIfFirstParam},
    {"llvm::orc::ObjectLayer::add", JitRole::AddsCode, TrackerIfFirstParam},
    {"llvm::orc::ObjectLinkingLayer::add", JitRole::AddsCode,
     TrackerIfFirstParam},
    {"LLVMOrcLLJITAddLLVMIRModule", JitRole::AddsCode, NoTracker},
    {"LLVMOrcLLJITAddLLVMIRModuleWithRT", JitRole::AddsCode, 1},
    {"LLVMOrcLLJITAddObjectFile", JitRole::AddsCode, NoTracker},
    {"LLVMOrcLLJITAddObjectFileWithRT", JitRole::AddsCode, 1},
    {"LLVMOrcObjectLayerAddObjectFile", JitRole::AddsCode, NoTracker},
    {"LLVMOrcObjectLayerAddObjectFileWithRT", JitRole::AddsCode, 1},
    {"llvm::orc::JITDylib::createResourceTracker", JitRole::CreatesTracker},
    {"LLVMOrcJITDylibCreateResourceTracker", JitRole::CreatesTracker},
    {"llvm::orc::ResourceTracker::remove", JitRole::RemovesTracker, ThisArg},
    {"llvm::orc::ResourceTracker::transferTo", JitRole::RemovesTracker,
     ThisArg},
    {"LLVMOrcResourceTrackerRemove", JitRole::RemovesTracker, 0},
    {"LLVMOrcResourceTrackerTransferTo", JitRole::RemovesTracker, 0},
    {"LLVMOrcReleaseResourceTracker", JitRole::ReleasesTrackerRef, 0},
    {"llvm::orc::JITDylib::clear", JitRole::FreesAllCode},
    {"llvm::orc::ExecutionSession::removeJITDylib", JitRole::FreesAllCode},
    {"llvm::orc::ExecutionSession::removeJITDylibs", JitRole::FreesAllCode},
    {"llvm::orc::ExecutionSession::endSession", JitRole::FreesAllCode},
    {"LLVMOrcJITDylibClear", JitRole::FreesAllCode},
    {"llvm::orc::JITDylib::getDefaultResourceTracker",
     JitRole::ReturnsDefaultTracker},
    {"LLVMOrcJITDylibGetDefaultResourceTracker",
     JitRole::ReturnsDefaultTracker},
};

// The classes (and C handles) whose objects hold JIT'd code.
const char *const JitOwnerClasses[] = {
    "llvm::orc::LLJIT",   "llvm::orc::ExecutionSession", "llvm::orc::JITDylib",
    "llvm::orc::IRLayer", "llvm::orc::ObjectLayer",      "LLVMOrcOpaqueLLJIT",
    "LLVMOrcOpaqueExecutionSession", "LLVMOrcOpaqueJITDylib",
    "LLVMOrcOpaqueObjectLayer"};
constexpr llvm::StringLiteral TrackerClass = "llvm::orc::ResourceTracker";
constexpr llvm::StringLiteral TrackerCHandle = "LLVMOrcOpaqueResourceTracker";

// Standard and LLVM container members that add elements, and those that
// take them out again (a container that is drained does not grow forever).
const char *const ContainerAppends[] = {
    "push_back", "emplace_back", "push_front", "emplace_front", "insert",
    "emplace",   "try_emplace",  "insert_or_assign", "emplace_hint", "push"};
const char *const ContainerDrains[] = {
    "erase", "clear", "pop_back", "pop_front", "pop",  "extract",
    "swap",  "resize", "remove_if", "erase_if", "splice", "shrink_to_fit"};

const char *const ContainerLookups[] = {"find", "count", "contains",
                                        "lookup"};
const char *const ContainerSizeQueries[] = {"empty", "size"};

bool recordIsOrDerivesFrom(const CXXRecordDecl *RD, llvm::StringRef Name,
                           unsigned Depth = 0) {
  if (!RD || Depth > 8)
    return false;
  if (declHasQualifiedName(RD, Name))
    return true;
  RD = RD->getDefinition();
  if (!RD)
    return false;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (recordIsOrDerivesFrom(B.getType()->getAsCXXRecordDecl(), Name,
                              Depth + 1))
      return true;
  return false;
}

} // namespace

namespace {
// The first template argument of a specialization of one of \p Names.
QualType templateArg0(QualType T, std::initializer_list<llvm::StringRef> Names) {
  const auto *RD = T->getAsCXXRecordDecl();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getTemplateArgs().size() == 0)
    return {};
  for (llvm::StringRef N : Names)
    if (declHasQualifiedName(Spec, N)) {
      const TemplateArgument &A = Spec->getTemplateArgs()[0];
      if (A.getKind() == TemplateArgument::Type)
        return A.getAsType();
    }
  return {};
}
} // namespace

ApiModel::ApiModel() {
  Kinds.insert(Kinds.end(), std::begin(BuiltinKinds), std::end(BuiltinKinds));
  for (const Row &R : SmartPointerRows)
    add({R.Name, R.Eff, R.Kind, R.Arg, R.OnlyIfRawPointer});
  for (const Row &R : TargetMachineRows)
    add({R.Name, R.Eff, R.Kind, R.Arg, R.OnlyIfRawPointer});
  for (const Row &R : ContextRows)
    add({R.Name, R.Eff, R.Kind, R.Arg, R.OnlyIfRawPointer, R.BindTo});
  for (const Row &R : CApiRows)
    add({R.Name, R.Eff, R.Kind, R.Arg, R.OnlyIfRawPointer, R.BindTo,
         R.OnFailureOnly, R.WrittenOnFailure});
  for (const JitApiRow &R : JitRowsTable) {
    JitRows.push_back(R);
    llvm::StringRef Simple = llvm::StringRef(R.Name).rsplit("::").second;
    JitBySimpleName[Simple.empty() ? llvm::StringRef(R.Name) : Simple]
        .push_back(&JitRows.back());
  }
}

const JitApiRow *ApiModel::jitRow(const FunctionDecl *FD) const {
  if (!FD)
    return nullptr;
  auto It = JitBySimpleName.find(declSimpleName(FD));
  if (It == JitBySimpleName.end())
    return nullptr;
  for (const JitApiRow *R : It->second)
    if (declHasQualifiedName(FD, R->Name))
      return R;
  // Layers override add() (IRCompileLayer inherits IRLayer's): a method of a
  // class derived from a listed one counts too.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    for (const JitApiRow *R : It->second) {
      llvm::StringRef Class = llvm::StringRef(R->Name).rsplit("::").first;
      if (recordIsOrDerivesFrom(MD->getParent(), Class))
        return R;
    }
  return nullptr;
}

int ApiModel::trackerArg(const JitApiRow &Row, const FunctionDecl *FD) {
  if (Row.TrackerArg != TrackerIfFirstParam)
    return Row.TrackerArg;
  if (FD->getNumParams() == 0)
    return NoTracker;
  QualType T = FD->getParamDecl(0)->getType().getNonReferenceType();
  QualType Inner = templateArg0(T, {"llvm::IntrusiveRefCntPtr"});
  const auto *RD = Inner.isNull() ? nullptr : Inner->getAsCXXRecordDecl();
  return RD && declHasQualifiedName(RD, TrackerClass) ? 0 : NoTracker;
}

namespace {
const CXXRecordDecl *heldRecord(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  if (QualType Inner = templateArg0(T, {"std::unique_ptr", "std::shared_ptr",
                                        "llvm::IntrusiveRefCntPtr"});
      !Inner.isNull())
    T = Inner;
  return T->getAsCXXRecordDecl();
}
const RecordDecl *heldCRecord(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  return T->getAsRecordDecl();
}
} // namespace

bool ApiModel::isJitOwner(QualType T) const {
  if (T.isNull())
    return false;
  if (const CXXRecordDecl *RD = heldRecord(T))
    for (llvm::StringRef C : JitOwnerClasses)
      if (recordIsOrDerivesFrom(RD, C))
        return true;
  if (const RecordDecl *RD = heldCRecord(T))
    return llvm::is_contained(JitOwnerClasses, RD->getName());
  return false;
}

bool ApiModel::isJitDylib(QualType T) const {
  if (T.isNull())
    return false;
  if (const CXXRecordDecl *RD = heldRecord(T);
      RD && declHasQualifiedName(RD, "llvm::orc::JITDylib"))
    return true;
  const RecordDecl *RD = heldCRecord(T);
  return RD && RD->getName() == "LLVMOrcOpaqueJITDylib";
}

bool ApiModel::isTrackerRef(QualType T) const {
  if (T.isNull())
    return false;
  if (const CXXRecordDecl *RD = heldRecord(T);
      RD && declHasQualifiedName(RD, TrackerClass))
    return true;
  const RecordDecl *RD = heldCRecord(T);
  return RD && RD->getName() == TrackerCHandle;
}

bool ApiModel::holdsTrackerSP(QualType T) const {
  T = T.getNonReferenceType();
  if (T.isNull())
    return false;
  if (QualType Inner = templateArg0(T, {"llvm::IntrusiveRefCntPtr"});
      !Inner.isNull()) {
    const auto *RD = Inner->getAsCXXRecordDecl();
    return RD && declHasQualifiedName(RD, TrackerClass);
  }
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec)
    return false;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type && holdsTrackerSP(A.getAsType()))
      return true;
  return false;
}

void ApiModel::add(ApiRow Row) {
  Rows.push_back(std::move(Row));
  const ApiRow &Stored = Rows.back();
  llvm::StringRef Simple = llvm::StringRef(Stored.Name).rsplit("::").second;
  if (Simple.empty())
    Simple = Stored.Name;
  BySimpleName[Simple].push_back(&Stored);
}

void ApiModel::addUserRows(llvm::StringRef Names, Effect Eff,
                           llvm::StringRef Kind) {
  for (const std::string &N : splitNameList(Names))
    add({N, Eff, Kind.str(),
         Eff == Effect::Creates ? int(ReturnValue) : int(AnyArgument),
         Eff == Effect::Creates});
}

std::vector<std::string> ApiModel::addUserPairs(llvm::StringRef Pairs) {
  std::vector<std::string> Bad;
  for (const std::string &P : splitNameList(Pairs)) {
    auto [Make, Destroy] = llvm::StringRef(P).split(':');
    Make = Make.trim();
    Destroy = Destroy.trim();
    if (Make.empty() || Destroy.empty()) {
      Bad.push_back(P);
      continue;
    }
    // Each pair is a kind of its own, named after its creator.
    UserStrings.push_back(Make.str());
    llvm::StringRef Name = UserStrings.back();
    UserStrings.push_back(Destroy.str());
    llvm::StringRef Release = UserStrings.back();
    ResourceKind K;
    K.Name = Name;
    K.CRelease = Release;
    K.Noun = "handle";
    Kinds.push_back(K);
    add({Make.str(), Effect::Creates, Name.str(), ReturnValue, false});
    add({Destroy.str(), Effect::Releases, Name.str(), 0, false});
  }
  return Bad;
}

void ApiModel::printCApiTable(llvm::raw_ostream &OS) const {
  OS << "| handle | created by | released by | taken over by | borrowed "
        "from (never release) |\n"
     << "| --- | --- | --- | --- | --- |\n";
  auto Names = [&](const ResourceKind &K, std::initializer_list<Effect> Effs) {
    std::vector<std::string> Out;
    for (const ApiRow &R : Rows) {
      if (R.Kind != K.Name || !llvm::is_contained(Effs, R.Eff) ||
          !llvm::StringRef(R.Name).starts_with("LLVM"))
        continue;
      std::string N = "`" + R.Name + "`";
      if (R.Eff == Effect::Creates && R.Arg >= 0)
        N += R.OnFailureOnly ? " (out-parameter, on failure)"
                             : " (out-parameter)";
      if (R.Eff == Effect::ConsumesOnSuccess)
        N += " (on success)";
      if (!llvm::is_contained(Out, N))
        Out.push_back(N);
    }
    return Out;
  };
  auto Join = [](const std::vector<std::string> &V) {
    std::string S;
    for (const std::string &I : V)
      S += (S.empty() ? "" : ", ") + I;
    return S.empty() ? std::string("—") : S;
  };
  for (const ResourceKind *K : cApiKinds()) {
    if (!llvm::StringRef(K->CRelease).starts_with("LLVM"))
      continue; // a user pair
    std::vector<std::string> Created = Names(*K, {Effect::Creates});
    if (K->CreatedByAnyReturn)
      Created.insert(Created.begin(), "every function returning it");
    std::vector<std::string> Released = Names(*K, {Effect::Releases});
    if (K->Name == "Module")
      Released.push_back("`LLVMContextDispose` of its context");
    OS << "| " << K->Noun << " | " << Join(Created) << " | "
       << Join(Released) << " | "
       << Join(Names(*K, {Effect::Consumes, Effect::ConsumesOnSuccess}))
       << " | " << Join(Names(*K, {Effect::ReturnsBorrowed})) << " |\n";
  }
}

std::vector<const ResourceKind *> ApiModel::cApiKinds() const {
  std::vector<const ResourceKind *> Out;
  for (const ResourceKind &K : Kinds)
    if (!K.CRelease.empty() && K.Name != "TargetMachine")
      Out.push_back(&K);
  return Out;
}

llvm::SmallVector<const ApiRow *, 2>
ApiModel::rowsFor(const FunctionDecl *FD) const {
  llvm::SmallVector<const ApiRow *, 2> Out;
  if (!FD)
    return Out;
  llvm::StringRef Simple = declSimpleName(FD);
  if (Simple.empty())
    return Out;
  auto It = BySimpleName.find(Simple);
  if (It == BySimpleName.end())
    return Out;
  for (const ApiRow *R : It->second)
    if (declHasQualifiedName(FD, R->Name))
      Out.push_back(R);
  return Out;
}

const ApiRow *ApiModel::find(const FunctionDecl *FD, Effect E, int Arg) const {
  for (const ApiRow *R : rowsFor(FD)) {
    if (R->Eff != E)
      continue;
    if (R->Arg != Arg && !(R->Arg == AnyArgument && Arg >= 0))
      continue;
    if (R->OnlyIfRawPointer && !FD->getReturnType()->isPointerType())
      continue;
    return R;
  }
  return nullptr;
}

const ResourceKind *ApiModel::kindOfPointer(QualType T) const {
  if (T.isNull())
    return nullptr;
  // C handles: look through the typedef sugar for a known handle name.
  QualType Cur = T;
  for (unsigned I = 0; I < 8; ++I) {
    const auto *TT = Cur->getAs<TypedefType>();
    if (!TT)
      break;
    llvm::StringRef Name = TT->getDecl()->getName();
    for (const ResourceKind &K : Kinds)
      for (llvm::StringRef H : K.CHandles)
        if (Name == H)
          return &K;
    Cur = TT->getDecl()->getUnderlyingType();
  }
  const auto *PT = T->getAs<PointerType>();
  if (!PT)
    return nullptr;
  QualType Pointee = PT->getPointeeType();
  const auto *RD = Pointee->getAsRecordDecl();
  if (!RD)
    return nullptr;
  const auto *CXXRD = dyn_cast<CXXRecordDecl>(RD);
  for (const ResourceKind &K : Kinds)
    for (llvm::StringRef C : K.CxxClasses) {
      if (CXXRD ? recordIsOrDerivesFrom(CXXRD, C) : RD->getName() == C)
        return &K;
    }
  return nullptr;
}


const ResourceKind *ApiModel::kindOfValue(QualType T) const {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType();
  if (const ResourceKind *K = kindOfPointer(T))
    return K;
  if (T->isPointerType())
    return nullptr;
  if (QualType Inner = templateArg0(
          T, {"std::unique_ptr", "std::shared_ptr", "llvm::Expected",
              "llvm::ErrorOr"});
      !Inner.isNull())
    return kindOfValue(Inner);
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return nullptr;
  for (const ResourceKind &K : Kinds)
    for (llvm::StringRef C : K.CxxClasses)
      if (recordIsOrDerivesFrom(RD, C))
        return &K;
  return nullptr;
}

bool ApiModel::isOwningHolder(QualType T) {
  T = T.getNonReferenceType();
  if (!templateArg0(T, {"std::unique_ptr"}).isNull())
    return true;
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace())
    return false;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type &&
        !templateArg0(A.getAsType(), {"std::unique_ptr"}).isNull())
      return true;
  return false;
}

bool ApiModel::isContainerAppend(llvm::StringRef Method) {
  return llvm::is_contained(ContainerAppends, Method);
}

bool ApiModel::isContainerDrain(llvm::StringRef Method) {
  return llvm::is_contained(ContainerDrains, Method);
}

bool ApiModel::isContainerLookup(llvm::StringRef Method) {
  return llvm::is_contained(ContainerLookups, Method);
}

bool ApiModel::isContainerSizeQuery(llvm::StringRef Method) {
  return llvm::is_contained(ContainerSizeQueries, Method);
}

const ResourceKind *ApiModel::kind(llvm::StringRef Name) const {
  for (const ResourceKind &K : Kinds)
    if (K.Name == Name)
      return &K;
  return nullptr;
}

bool ApiModel::isLLVMApi(const FunctionDecl *FD) {
  if (!FD)
    return false;
  // A project's own helper placed in namespace llvm (a `wrap()` cast) is
  // not LLVM's: only declarations from outside the main file count.
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  if (SM.isInMainFile(SM.getExpansionLoc(FD->getCanonicalDecl()->getLocation())))
    return false;
  if (FD->isExternC() || !FD->getDeclContext()->isRecord()) {
    if (const IdentifierInfo *II = FD->getIdentifier())
      if (II->getName().starts_with("LLVM") && FD->isExternC())
        return true;
  }
  const DeclContext *DC = FD->getDeclContext();
  while (DC && !DC->isTranslationUnit()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "llvm" &&
          NS->getParent()->getRedeclContext()->isTranslationUnit())
        return true;
    DC = DC->getParent();
  }
  return false;
}

} // namespace clang::tidy::llvmown
