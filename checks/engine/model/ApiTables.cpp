//===- ApiTables.cpp - the built-in tables of the API model ---------------===//
//
// The ownership rules behind these rows, and where each API is declared in
// every supported LLVM: docs/api-facts.md (api-facts §N below). Add a row here,
// not an `if` in an analysis or a check. ApiModelTest checks every row against
// the real LLVM headers: that the declaration exists, and that its kind and
// argument indices fit it.
//
//===----------------------------------------------------------------------===//

#include "engine/model/ApiTables.h"

namespace clang::tidy::llvmown::tables {

namespace {

constexpr unsigned Context = OwnsIR | CarriesOwner;

// Resource kinds. CxxClasses also lists the opaque struct behind the C
// handle typedef, so `struct LLVMOpaqueTargetMachine *` is recognised however
// it is spelled.
const ResourceKind Kinds[] = {
    kind(K::TargetMachine, "TargetMachine")
        .classes({"llvm::TargetMachine", "LLVMOpaqueTargetMachine"})
        .handles({"LLVMTargetMachineRef"})
        .cxxRelease("delete or std::unique_ptr")
        .cRelease("LLVMDisposeTargetMachine"),
    // EngineBuilder::create() hands out an owning raw pointer; the engine
    // owns its modules and their JIT'd code. (C handles: ExecutionEngine.)
    kind(K::EngineObject, "EngineObject")
        .classes({"llvm::ExecutionEngine"})
        .cxxRelease("delete or std::unique_ptr")
        .noun("ExecutionEngine"),
    // Contexts and what lives in them (api-facts §2, §3).
    kind(K::LLVMContext, "LLVMContext")
        .classes({"llvm::LLVMContext", "LLVMOpaqueContext"})
        .handles({"LLVMContextRef"})
        .cxxRelease("delete or std::unique_ptr")
        .cRelease("LLVMContextDispose")
        .noun("LLVMContextRef")
        .properties(Context | CApiHandle),
    kind(K::Module, "Module")
        .classes({"llvm::Module", "LLVMOpaqueModule"})
        .handles({"LLVMModuleRef"})
        .cxxRelease("delete or std::unique_ptr")
        .cRelease("LLVMDisposeModule")
        .noun("LLVMModuleRef")
        .properties(CarriesOwner | CApiHandle),
    // A ThreadSafeContext is a shared reference to its context; a
    // ThreadSafeModule holds one. Both keep the context alive.
    kind(K::ThreadSafeContext, "ThreadSafeContext")
        .classes({"llvm::orc::ThreadSafeContext"})
        .properties(Context | SharedHandle | PinsContext),
    kind(K::ThreadSafeModule, "ThreadSafeModule")
        .classes({"llvm::orc::ThreadSafeModule"})
        .properties(Context | PinsContext),
    // IR: belongs to the context it was created in; never owns a context.
    kind(K::IR, "IR")
        .classes({"llvm::Value", "llvm::Type", "llvm::BasicBlock",
                  "llvm::Metadata", "LLVMOpaqueValue", "LLVMOpaqueType",
                  "LLVMOpaqueBasicBlock", "LLVMOpaqueMetadata"})
        .handles({"LLVMValueRef", "LLVMTypeRef", "LLVMBasicBlockRef",
                  "LLVMMetadataRef"})
        .properties(CarriesOwner),
// The LLVM C API's other handles with a dispose function (api-facts §1, §2,
// §4).
#define C_HANDLE(Id, Opaque, Ref, Dispose)                                     \
  cHandle(K::Id, #Id, Opaque, Ref, Dispose)
    C_HANDLE(Builder, "LLVMOpaqueBuilder", "LLVMBuilderRef",
             "LLVMDisposeBuilder"),
    C_HANDLE(PassManager, "LLVMOpaquePassManager", "LLVMPassManagerRef",
             "LLVMDisposePassManager"),
    C_HANDLE(PassBuilderOptions, "LLVMOpaquePassBuilderOptions",
             "LLVMPassBuilderOptionsRef", "LLVMDisposePassBuilderOptions"),
    C_HANDLE(TargetData, "LLVMOpaqueTargetData", "LLVMTargetDataRef",
             "LLVMDisposeTargetData"),
    C_HANDLE(MemoryBuffer, "LLVMOpaqueMemoryBuffer", "LLVMMemoryBufferRef",
             "LLVMDisposeMemoryBuffer"),
    C_HANDLE(DIBuilder, "LLVMOpaqueDIBuilder", "LLVMDIBuilderRef",
             "LLVMDisposeDIBuilder"),
    C_HANDLE(ExecutionEngine, "LLVMOpaqueExecutionEngine",
             "LLVMExecutionEngineRef", "LLVMDisposeExecutionEngine"),
    C_HANDLE(OrcThreadSafeContext, "LLVMOrcOpaqueThreadSafeContext",
             "LLVMOrcThreadSafeContextRef", "LLVMOrcDisposeThreadSafeContext"),
    C_HANDLE(OrcThreadSafeModule, "LLVMOrcOpaqueThreadSafeModule",
             "LLVMOrcThreadSafeModuleRef", "LLVMOrcDisposeThreadSafeModule"),
    C_HANDLE(OrcLLJITBuilder, "LLVMOrcOpaqueLLJITBuilder",
             "LLVMOrcLLJITBuilderRef", "LLVMOrcDisposeLLJITBuilder"),
    C_HANDLE(OrcLLJIT, "LLVMOrcOpaqueLLJIT", "LLVMOrcLLJITRef",
             "LLVMOrcDisposeLLJIT"),
    C_HANDLE(OrcJITTargetMachineBuilder, "LLVMOrcOpaqueJITTargetMachineBuilder",
             "LLVMOrcJITTargetMachineBuilderRef",
             "LLVMOrcDisposeJITTargetMachineBuilder"),
    C_HANDLE(OrcDefinitionGenerator, "LLVMOrcOpaqueDefinitionGenerator",
             "LLVMOrcDefinitionGeneratorRef",
             "LLVMOrcDisposeDefinitionGenerator"),
    C_HANDLE(OrcMaterializationUnit, "LLVMOrcOpaqueMaterializationUnit",
             "LLVMOrcMaterializationUnitRef",
             "LLVMOrcDisposeMaterializationUnit"),
    C_HANDLE(OrcSymbolStringPoolEntry, "LLVMOrcOpaqueSymbolStringPoolEntry",
             "LLVMOrcSymbolStringPoolEntryRef",
             "LLVMOrcReleaseSymbolStringPoolEntry"),
    C_HANDLE(OrcResourceTracker, "LLVMOrcOpaqueResourceTracker",
             "LLVMOrcResourceTrackerRef", "LLVMOrcReleaseResourceTracker"),
    C_HANDLE(OrcObjectLayer, "LLVMOrcOpaqueObjectLayer",
             "LLVMOrcObjectLayerRef", "LLVMOrcDisposeObjectLayer"),
    C_HANDLE(Binary, "LLVMOpaqueBinary", "LLVMBinaryRef", "LLVMDisposeBinary"),
    // Object.h: deprecated for LLVMBinaryRef, still in use.
    C_HANDLE(ObjectFile, "LLVMOpaqueObjectFile", "LLVMObjectFileRef",
             "LLVMDisposeObjectFile"),
    C_HANDLE(GenericValue, "LLVMOpaqueGenericValue", "LLVMGenericValueRef",
             "LLVMDisposeGenericValue"),
    C_HANDLE(TargetMachineOptions, "LLVMOpaqueTargetMachineOptions",
             "LLVMTargetMachineOptionsRef", "LLVMDisposeTargetMachineOptions"),
    C_HANDLE(OperandBundle, "LLVMOpaqueOperandBundle", "LLVMOperandBundleRef",
             "LLVMDisposeOperandBundle"),
#undef C_HANDLE
    // Disassembler.h: a `void *` handle, with no struct behind it.
    kind(K::DisasmContext, "DisasmContext")
        .handles({"LLVMDisasmContextRef"})
        .cRelease("LLVMDisasmDispose")
        .noun("LLVMDisasmContextRef")
        .properties(CApiHandle),
    // Strings: `char *` has no kind of its own; the creating row says which.
    // LLVMDisposeMessage is free() (strdup); LLVMGetErrorMessage is new[].
    kind(K::Message, "Message")
        .cRelease("LLVMDisposeMessage")
        .noun("message string")
        .properties(CApiHandle),
    kind(K::ErrorMessage, "ErrorMessage")
        .cRelease("LLVMDisposeErrorMessage")
        .noun("error message")
        .properties(CApiHandle),
    // Error.h:47-50: every LLVMErrorRef must be consumed or passed on.
    kind(K::Error, "Error")
        .classes({"LLVMOpaqueError"})
        .handles({"LLVMErrorRef"})
        .cRelease("LLVMConsumeError")
        .noun("LLVMErrorRef")
        .properties(CApiHandle | CreatedByAnyReturn),
};

// Smart-pointer adoption and hand-back apply to every kind.
const RowSpec SmartPointerRows[] = {
    consumes("std::unique_ptr::unique_ptr", K::Any, 0),
    consumes("std::unique_ptr::reset", K::Any, 0),
    consumes("std::shared_ptr::shared_ptr", K::Any, 0),
    consumes("std::shared_ptr::reset", K::Any, 0),
    // libstdc++ declares shared_ptr's reset() in its base class.
    consumes("std::__shared_ptr::reset", K::Any, 0),
    // unique_ptr::release() hands ownership back as a raw pointer; the kind
    // is that of the pointee.
    creates("std::unique_ptr::release", K::Any).onlyIfRawPointer(),
};

// TargetMachine (api-facts §1).
const RowSpec TargetMachineRows[] = {
    // TargetRegistry.h:448-462; returns TargetMachine * in LLVM 14-22.
    creates("llvm::Target::createTargetMachine", K::TargetMachine)
        .onlyIfRawPointer(),
    // ExecutionEngine.h:648, 650-655.
    creates("llvm::EngineBuilder::selectTarget", K::TargetMachine)
        .onlyIfRawPointer(),
    // TargetMachine.h:154, 158 (C API).
    creates("LLVMCreateTargetMachine", K::TargetMachine),
    creates("LLVMCreateTargetMachineWithOptions", K::TargetMachine).since(19),
    // TargetMachine.h:164.
    releases("LLVMDisposeTargetMachine", K::TargetMachine, 0),
    // ExecutionEngine.h:661: "Take ownership", even when create() fails.
    consumes("llvm::EngineBuilder::create", K::TargetMachine, 0),
    // ExecutionEngine.h:657-661: the caller owns the engine it returns.
    creates("llvm::EngineBuilder::create", K::EngineObject).onlyIfRawPointer(),
    // Orc.h:1125-1135: "takes ownership of the given TargetMachine".
    consumes("LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine",
             K::TargetMachine, 0),
    // PassBuilder keeps a non-owning TargetMachine *.
    borrows("llvm::PassBuilder::PassBuilder", K::TargetMachine, 0),
    // ExecutionEngine.h:443, ExecutionEngine.h:141 (C): owned by the engine.
    returnsBorrowed("llvm::ExecutionEngine::getTargetMachine",
                    K::TargetMachine),
    returnsBorrowed("LLVMGetExecutionEngineTargetMachine", K::TargetMachine),
};

// Contexts, modules and the IR in them (api-facts §2). Anything an
// API returns that is IR or a context, computed from arguments that belong
// to a context, belongs to that context too: that rule is in the analysis,
// so only what it cannot see is listed here.
const RowSpec ContextRows[] = {
    // Core.h:573, 628.
    creates("LLVMContextCreate", K::LLVMContext),
    releases("LLVMContextDispose", K::LLVMContext, 0),
    // Core.h:578: the global context is never disposed.
    returnsBorrowed("LLVMGetGlobalContext", K::LLVMContext),
    // IRReader.h: the module is written through OutM, in context arg 0.
    createsOut("LLVMParseIRInContext", K::Module, 2).boundTo(0),
    createsOut("LLVMParseBitcodeInContext2", K::Module, 2).boundTo(0),
    createsOut("LLVMGetBitcodeModuleInContext2", K::Module, 2).boundTo(0),
    createsOut("LLVMParseIRInContext2", K::Module, 2).boundTo(0).since(22),
    // BitReader.h: the deprecated readers, still common in C code; modules
    // without a context argument are in the global context. BitReader.cpp
    // (14 to 22) writes null through the out-parameter on failure.
    createsOut("LLVMParseBitcode", K::Module, 1),
    createsOut("LLVMParseBitcode2", K::Module, 1),
    createsOut("LLVMParseBitcodeInContext", K::Module, 2).boundTo(0),
    createsOut("LLVMGetBitcodeModule", K::Module, 1),
    createsOut("LLVMGetBitcodeModule2", K::Module, 1),
    createsOut("LLVMGetBitcodeModuleInContext", K::Module, 2).boundTo(0),
    // ThreadSafeModule.h:53-57, 104-110: these take over the context (or
    // share it) and keep it alive.
    consumes("llvm::orc::ThreadSafeContext::ThreadSafeContext", K::LLVMContext,
             0),
    consumes("llvm::orc::ThreadSafeModule::ThreadSafeModule", K::Any,
             AnyArgument),
    // ThreadSafeModule.h: a clone in a new context is a new owner; a clone
    // into a given context belongs to that one (22).
    creates("llvm::orc::cloneToNewContext", K::ThreadSafeModule),
    creates("llvm::orc::cloneToContext", K::ThreadSafeModule)
        .boundTo(1)
        .since(22),
    creates("llvm::orc::cloneExternalModuleToContext", K::ThreadSafeModule)
        .boundTo(1)
        .since(22),
};

// The LLVM C API (api-facts §2 to §5, LLVM 19 llvm-c/*.h). TargetMachine
// handles are in TargetMachineRows.
const RowSpec CApiRows[] = {
    // Core.h: contexts, modules, builders, pass managers.
    creates("LLVMModuleCreateWithName", K::Module),
    creates("LLVMModuleCreateWithNameInContext", K::Module).boundTo(1),
    creates("LLVMCloneModule", K::Module),
    releases("LLVMDisposeModule", K::Module, 0),
    returnsBorrowed("LLVMGetModuleContext", K::LLVMContext),
    creates("LLVMCreateBuilder", K::Builder),
    creates("LLVMCreateBuilderInContext", K::Builder),
    releases("LLVMDisposeBuilder", K::Builder, 0),
    creates("LLVMCreatePassManager", K::PassManager),
    creates("LLVMCreateFunctionPassManagerForModule", K::PassManager),
    creates("LLVMCreateFunctionPassManager", K::PassManager),
    releases("LLVMDisposePassManager", K::PassManager, 0),
    creates("LLVMCreatePassBuilderOptions", K::PassBuilderOptions),
    releases("LLVMDisposePassBuilderOptions", K::PassBuilderOptions, 0),
    creates("LLVMCreateOperandBundle", K::OperandBundle).since(19),
    releases("LLVMDisposeOperandBundle", K::OperandBundle, 0).since(19),
    // Target.h / TargetMachine.h.
    creates("LLVMCreateTargetDataLayout", K::TargetData),
    creates("LLVMCreateTargetData", K::TargetData),
    releases("LLVMDisposeTargetData", K::TargetData, 0),
    returnsBorrowed("LLVMGetModuleDataLayout", K::TargetData),
    creates("LLVMCreateTargetMachineOptions", K::TargetMachineOptions)
        .since(19),
    releases("LLVMDisposeTargetMachineOptions", K::TargetMachineOptions, 0)
        .since(19),
    // Memory buffers; LLVMTargetMachineEmitToMemoryBuffer writes its buffer
    // on failure too.
    createsOut("LLVMCreateMemoryBufferWithContentsOfFile", K::MemoryBuffer, 1),
    createsOut("LLVMCreateMemoryBufferWithSTDIN", K::MemoryBuffer, 0),
    creates("LLVMCreateMemoryBufferWithMemoryRange", K::MemoryBuffer),
    creates("LLVMCreateMemoryBufferWithMemoryRangeCopy", K::MemoryBuffer),
    createsOut("LLVMTargetMachineEmitToMemoryBuffer", K::MemoryBuffer, 4)
        .writtenOnFailure(),
    creates("LLVMBinaryCopyMemoryBuffer", K::MemoryBuffer),
    releases("LLVMDisposeMemoryBuffer", K::MemoryBuffer, 0),
    // Readers: the module lives in the context passed first.
    consumes("LLVMParseIRInContext", K::MemoryBuffer, 1),
    consumesOnSuccess("LLVMGetBitcodeModuleInContext2", K::MemoryBuffer, 1),
    // BitReader.cpp: the lazy readers keep the buffer only on success; the
    // parsers copy what they need and never take it.
    consumesOnSuccess("LLVMGetBitcodeModuleInContext", K::MemoryBuffer, 1),
    consumesOnSuccess("LLVMGetBitcodeModule", K::MemoryBuffer, 0),
    consumesOnSuccess("LLVMGetBitcodeModule2", K::MemoryBuffer, 0),
    // IRReader.h (22): unlike LLVMParseIRInContext, the buffer stays the
    // caller's to dispose of.
    borrows("LLVMParseIRInContext2", K::MemoryBuffer, 1).since(22),
    // DebugInfo.h, Object.h, Disassembler.h.
    creates("LLVMCreateDIBuilder", K::DIBuilder),
    creates("LLVMCreateDIBuilderDisallowUnresolved", K::DIBuilder),
    releases("LLVMDisposeDIBuilder", K::DIBuilder, 0),
    creates("LLVMCreateBinary", K::Binary),
    releases("LLVMDisposeBinary", K::Binary, 0),
    // LLVMCreateObjectFile takes the buffer over (LLVMCreateBinary does not).
    creates("LLVMCreateObjectFile", K::ObjectFile),
    consumes("LLVMCreateObjectFile", K::MemoryBuffer, 0),
    releases("LLVMDisposeObjectFile", K::ObjectFile, 0),
    creates("LLVMCreateDisasm", K::DisasmContext),
    creates("LLVMCreateDisasmCPU", K::DisasmContext),
    creates("LLVMCreateDisasmCPUFeatures", K::DisasmContext),
    releases("LLVMDisasmDispose", K::DisasmContext, 0),
    // ExecutionEngine.h: engines own their module, even on failure.
    createsOut("LLVMCreateExecutionEngineForModule", K::ExecutionEngine, 0),
    createsOut("LLVMCreateInterpreterForModule", K::ExecutionEngine, 0),
    createsOut("LLVMCreateJITCompilerForModule", K::ExecutionEngine, 0),
    createsOut("LLVMCreateMCJITCompilerForModule", K::ExecutionEngine, 0),
    consumes("LLVMCreateExecutionEngineForModule", K::Module, 1),
    consumes("LLVMCreateInterpreterForModule", K::Module, 1),
    consumes("LLVMCreateJITCompilerForModule", K::Module, 1),
    consumes("LLVMCreateMCJITCompilerForModule", K::Module, 1),
    consumes("LLVMAddModule", K::Module, 1),
    // The module written is the one passed, given back by the engine.
    createsOut("LLVMRemoveModule", K::Module, 2).givesBack(1),
    releases("LLVMDisposeExecutionEngine", K::ExecutionEngine, 0),
    creates("LLVMRunFunction", K::GenericValue),
    creates("LLVMCreateGenericValueOfInt", K::GenericValue),
    creates("LLVMCreateGenericValueOfPointer", K::GenericValue),
    creates("LLVMCreateGenericValueOfFloat", K::GenericValue),
    releases("LLVMDisposeGenericValue", K::GenericValue, 0),
    returnsBorrowed("LLVMGetExecutionEngineTargetData", K::TargetData),
    // Linker.h: LLVMLinkModules2 destroys its source.
    consumes("LLVMLinkModules2", K::Module, 1),
    // Orc.h / LLJIT.h.
    creates("LLVMOrcCreateNewThreadSafeContext", K::OrcThreadSafeContext),
    releases("LLVMOrcDisposeThreadSafeContext", K::OrcThreadSafeContext, 0),
    // Orc.h (22): the new ThreadSafeContext takes the context over;
    // disposing of the context afterwards frees it twice.
    creates("LLVMOrcCreateNewThreadSafeContextFromLLVMContext",
            K::OrcThreadSafeContext)
        .since(22),
    consumes("LLVMOrcCreateNewThreadSafeContextFromLLVMContext", K::LLVMContext,
             0)
        .since(22),
    // Orc.h: removed after 19 (absent from 22).
    returnsBorrowed("LLVMOrcThreadSafeContextGetContext", K::LLVMContext)
        .until(19),
    creates("LLVMOrcCreateNewThreadSafeModule", K::OrcThreadSafeModule),
    consumes("LLVMOrcCreateNewThreadSafeModule", K::Module, 0),
    releases("LLVMOrcDisposeThreadSafeModule", K::OrcThreadSafeModule, 0),
    consumes("LLVMOrcLLJITAddLLVMIRModule", K::OrcThreadSafeModule, 2),
    consumes("LLVMOrcLLJITAddLLVMIRModuleWithRT", K::OrcThreadSafeModule, 2),
    consumes("LLVMOrcIRTransformLayerEmit", K::OrcThreadSafeModule, 2),
    consumes("LLVMOrcLLJITAddObjectFile", K::MemoryBuffer, 2),
    consumes("LLVMOrcLLJITAddObjectFileWithRT", K::MemoryBuffer, 2),
    consumes("LLVMOrcObjectLayerAddObjectFile", K::MemoryBuffer, 2),
    consumes("LLVMOrcObjectLayerAddObjectFileWithRT", K::MemoryBuffer, 2),
    consumes("LLVMOrcObjectLayerEmit", K::MemoryBuffer, 2),
    creates("LLVMOrcCreateLLJITBuilder", K::OrcLLJITBuilder),
    releases("LLVMOrcDisposeLLJITBuilder", K::OrcLLJITBuilder, 0),
    createsOut("LLVMOrcCreateLLJIT", K::OrcLLJIT, 0),
    consumes("LLVMOrcCreateLLJIT", K::OrcLLJITBuilder, 1),
    releases("LLVMOrcDisposeLLJIT", K::OrcLLJIT, 0),
    returnsBorrowed("LLVMOrcLLJITGetMainJITDylib", K::Any),
    returnsBorrowed("LLVMOrcLLJITGetTripleString", K::Message),
    returnsBorrowed("LLVMOrcLLJITGetDataLayoutStr", K::Message),
    returnsBorrowed("LLVMOrcLLJITGetExecutionSession", K::Any),
    createsOut("LLVMOrcJITTargetMachineBuilderDetectHost",
               K::OrcJITTargetMachineBuilder, 0),
    creates("LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine",
            K::OrcJITTargetMachineBuilder),
    releases("LLVMOrcDisposeJITTargetMachineBuilder",
             K::OrcJITTargetMachineBuilder, 0),
    consumes("LLVMOrcLLJITBuilderSetJITTargetMachineBuilder",
             K::OrcJITTargetMachineBuilder, 1),
    createsOut("LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess",
               K::OrcDefinitionGenerator, 0),
    createsOut("LLVMOrcCreateDynamicLibrarySearchGeneratorForPath",
               K::OrcDefinitionGenerator, 0),
    createsOut("LLVMOrcCreateStaticLibrarySearchGeneratorForPath",
               K::OrcDefinitionGenerator, 0),
    creates("LLVMOrcCreateCustomCAPIDefinitionGenerator",
            K::OrcDefinitionGenerator),
    releases("LLVMOrcDisposeDefinitionGenerator", K::OrcDefinitionGenerator, 0),
    consumes("LLVMOrcJITDylibAddGenerator", K::OrcDefinitionGenerator, 1),
    creates("LLVMOrcAbsoluteSymbols", K::OrcMaterializationUnit),
    creates("LLVMOrcCreateCustomMaterializationUnit",
            K::OrcMaterializationUnit),
    creates("LLVMOrcLazyReexports", K::OrcMaterializationUnit),
    releases("LLVMOrcDisposeMaterializationUnit", K::OrcMaterializationUnit, 0),
    consumesOnSuccess("LLVMOrcJITDylibDefine", K::OrcMaterializationUnit, 1),
    consumes("LLVMOrcMaterializationResponsibilityReplace",
             K::OrcMaterializationUnit, 1),
    creates("LLVMOrcLLJITMangleAndIntern", K::OrcSymbolStringPoolEntry),
    creates("LLVMOrcExecutionSessionIntern", K::OrcSymbolStringPoolEntry),
    releases("LLVMOrcReleaseSymbolStringPoolEntry", K::OrcSymbolStringPoolEntry,
             0),
    creates("LLVMOrcJITDylibCreateResourceTracker", K::OrcResourceTracker),
    releases("LLVMOrcReleaseResourceTracker", K::OrcResourceTracker, 0),
    // Orc.h:942-948 says to release it; doing so recurses until the stack
    // overflows (api-facts §3).
    returnsBorrowed("LLVMOrcJITDylibGetDefaultResourceTracker",
                    K::OrcResourceTracker),
    // OrcEE.h: object layers, for an LLJIT builder's layer creator (which
    // hands them to the JIT by returning them).
    creates("LLVMOrcCreateRTDyldObjectLinkingLayerWithSectionMemoryManager",
            K::OrcObjectLayer),
    creates("LLVMOrcCreateRTDyldObjectLinkingLayerWithMCJITMemoryManagerLikeCal"
            "lbacks",
            K::OrcObjectLayer)
        .since(16),
    createsOut("LLVMOrcCreateObjectLinkingLayerWithInProcessMemoryManager",
               K::OrcObjectLayer, 0)
        .since(22),
    releases("LLVMOrcDisposeObjectLayer", K::OrcObjectLayer, 0),
    // Message strings (strdup/malloc): LLVMDisposeMessage, or free().
    creates("LLVMCreateMessage", K::Message),
    creates("LLVMGetDiagInfoDescription", K::Message),
    creates("LLVMPrintModuleToString", K::Message),
    creates("LLVMPrintTypeToString", K::Message),
    creates("LLVMPrintValueToString", K::Message),
    creates("LLVMPrintDbgRecordToString", K::Message).since(19),
    creates("LLVMIntrinsicCopyOverloadedName", K::Message),
    creates("LLVMIntrinsicCopyOverloadedName2", K::Message),
    creates("LLVMGetTargetMachineTriple", K::Message),
    creates("LLVMGetTargetMachineCPU", K::Message),
    creates("LLVMGetTargetMachineFeatureString", K::Message),
    creates("LLVMGetDefaultTargetTriple", K::Message),
    creates("LLVMNormalizeTargetTriple", K::Message),
    creates("LLVMGetHostCPUName", K::Message),
    creates("LLVMGetHostCPUFeatures", K::Message),
    creates("LLVMCopyStringRepOfTargetData", K::Message),
    creates("LLVMOrcJITTargetMachineBuilderGetTargetTriple", K::Message),
    // Out-messages: written when the call fails. LLVMVerifyModule writes
    // one whenever it is asked, success too (lib/Analysis/Analysis.cpp:
    // `if (OutMessages) *OutMessages = strdup(...)`, LLVM 14 to 22). Each
    // row is checked against LLVM's implementation, with the lines, in
    // test/unit/ApiModelRowsTest.cpp (OutParametersAreWrittenAsLLVMWrites).
    createsOut("LLVMPrintModuleToFile", K::Message, 2).onFailureOnly(),
    createsOut("LLVMVerifyModule", K::Message, 2).writtenOnFailure(),
    createsOut("LLVMTargetMachineEmitToFile", K::Message, 4).onFailureOnly(),
    createsOut("LLVMTargetMachineEmitToMemoryBuffer", K::Message, 3)
        .onFailureOnly(),
    createsOut("LLVMGetTargetFromTriple", K::Message, 2).onFailureOnly(),
    createsOut("LLVMCreateMemoryBufferWithContentsOfFile", K::Message, 2)
        .onFailureOnly(),
    createsOut("LLVMCreateMemoryBufferWithSTDIN", K::Message, 1)
        .onFailureOnly(),
    createsOut("LLVMParseIRInContext", K::Message, 3).onFailureOnly(),
    // BitReader.cpp (14 to 22): strdup() only in the error handler.
    createsOut("LLVMParseBitcode", K::Message, 2).onFailureOnly(),
    createsOut("LLVMParseBitcodeInContext", K::Message, 3).onFailureOnly(),
    createsOut("LLVMGetBitcodeModule", K::Message, 2).onFailureOnly(),
    createsOut("LLVMGetBitcodeModuleInContext", K::Message, 3).onFailureOnly(),
    createsOut("LLVMParseIRInContext2", K::Message, 3)
        .onFailureOnly()
        .since(22),
    createsOut("LLVMCreateBinary", K::Message, 2).onFailureOnly(),
    createsOut("LLVMExecutionEngineGetErrMsg", K::Message, 1).onFailureOnly(),
    createsOut("LLVMCreateExecutionEngineForModule", K::Message, 2)
        .onFailureOnly(),
    createsOut("LLVMCreateInterpreterForModule", K::Message, 2).onFailureOnly(),
    createsOut("LLVMCreateJITCompilerForModule", K::Message, 3).onFailureOnly(),
    createsOut("LLVMCreateMCJITCompilerForModule", K::Message, 4)
        .onFailureOnly(),
    // LLVMRemoveModule never writes its OutError and always returns 0
    // (ExecutionEngineBindings.cpp, LLVM 14 to 22): nothing to release.
    releases("LLVMDisposeMessage", K::Message, 0),
    releases("free", K::Message, 0),
    // Error.h: LLVMGetErrorMessage consumes the error and returns new[].
    creates("LLVMGetErrorMessage", K::ErrorMessage),
    releases("LLVMDisposeErrorMessage", K::ErrorMessage, 0),
    // Returns an LLVMErrorRef that is always null (OrcV2CBindings.cpp):
    // nothing to consume, though consuming it is harmless.
    returnsNull("LLVMOrcDisposeLLJIT", K::Error),
    releases("LLVMConsumeError", K::Error, 0),
    releases("LLVMGetErrorMessage", K::Error, 0),
    // Not in LLVM 19's headers; in 22's (20 and 21 not checked).
    releases("LLVMCantFail", K::Error, 0).since(22),
    // LLVMContextDispose (ContextRows) disposes the modules created in it.
};

// ORC: what adds JIT'd code, and what can free it again (api-facts §3; LLJIT.h
// 133-153, 282-286; Layer.h 100-163; Core.h 80-85, 1015-1037, 1461-1555;
// llvm-c/Orc.h 603-616, 940-964, 1170-1186; llvm-c/LLJIT.h 170-208).
const JitApiRow JitRows[] = {
    addsCode("llvm::orc::LLJIT::addIRModule").trackerIfFirstParam(),
    addsCode("llvm::orc::LLJIT::addObjectFile").trackerIfFirstParam(),
    addsCode("llvm::orc::LLLazyJIT::addLazyIRModule"),
    addsCode("llvm::orc::IRLayer::add").trackerIfFirstParam(),
    addsCode("llvm::orc::ObjectLayer::add").trackerIfFirstParam(),
    // LinkGraphs: ObjectLinkingLayer::add until LinkGraphLayer took it over.
    addsCode("llvm::orc::ObjectLinkingLayer::add")
        .trackerIfFirstParam()
        .until(19),
    addsCode("llvm::orc::LinkGraphLayer::add").trackerIfFirstParam().since(22),
    addsCode("LLVMOrcLLJITAddLLVMIRModule"),
    addsCode("LLVMOrcLLJITAddLLVMIRModuleWithRT").tracker(1),
    addsCode("LLVMOrcLLJITAddObjectFile"),
    addsCode("LLVMOrcLLJITAddObjectFileWithRT").tracker(1),
    addsCode("LLVMOrcObjectLayerAddObjectFile"),
    addsCode("LLVMOrcObjectLayerAddObjectFileWithRT").tracker(1),
    createsTracker("llvm::orc::JITDylib::createResourceTracker"),
    createsTracker("LLVMOrcJITDylibCreateResourceTracker"),
    removesTracker("llvm::orc::ResourceTracker::remove").tracker(ThisArg),
    removesTracker("llvm::orc::ResourceTracker::transferTo").tracker(ThisArg),
    removesTracker("LLVMOrcResourceTrackerRemove").tracker(0),
    removesTracker("LLVMOrcResourceTrackerTransferTo").tracker(0),
    releasesTrackerRef("LLVMOrcReleaseResourceTracker").tracker(0),
    freesAllCode("llvm::orc::JITDylib::clear"),
    freesAllCode("llvm::orc::ExecutionSession::removeJITDylib"),
    freesAllCode("llvm::orc::ExecutionSession::removeJITDylibs").since(19),
    freesAllCode("llvm::orc::ExecutionSession::endSession"),
    freesAllCode("LLVMOrcJITDylibClear"),
    // Disposing of the LLJIT ends its session: all its code goes.
    destroysJit("LLVMOrcDisposeLLJIT"),
    returnsDefaultTracker("llvm::orc::JITDylib::getDefaultResourceTracker"),
    returnsDefaultTracker("LLVMOrcJITDylibGetDefaultResourceTracker"),
    // MCJIT and the interpreter (api-facts §4; ExecutionEngine.h:169-204,
    // 265; llvm-c/ExecutionEngine.h:128-131): an engine keeps every module
    // added to it until removeModule hands it back or the engine ends.
    addsModuleToEngine("llvm::ExecutionEngine::addModule"),
    addsModuleToEngine("LLVMAddModule"),
    removesModule("llvm::ExecutionEngine::removeModule"),
    removesModule("LLVMRemoveModule"),
    // Code generation from a module its caller still holds.
    generatesCode("llvm::ExecutionEngine::generateCodeForModule"),
    generatesCode("llvm::TargetMachine::addPassesToEmitFile"),
    generatesCode("llvm::TargetMachine::addPassesToEmitMC"),
    generatesCode("LLVMTargetMachineEmitToFile"),
    generatesCode("LLVMTargetMachineEmitToMemoryBuffer"),
};

// What the analyses rely on member functions of holders to do, with the
// holders each is about and the parameters its declarations take (a free
// function's first is the container).
constexpr HolderClass Ctr = HolderClass::Container;
constexpr HolderClass Ptr = HolderClass::SmartPointer;
const VerbRow VerbRows[] = {
    // Containers: elements in, elements out, lookups, sizes.
    verb(Ctr, "push_back", Adds).args(1),
    verb(Ctr, "emplace_back", Adds),
    verb(Ctr, "push_front", Adds).args(1),
    verb(Ctr, "emplace_front", Adds),
    verb(Ctr, "insert", Adds).args(1, 4),
    verb(Ctr, "emplace", Adds),
    verb(Ctr, "try_emplace", Adds),
    verb(Ctr, "insert_or_assign", Adds).args(2, 3),
    verb(Ctr, "emplace_hint", Adds),
    verb(Ctr, "push", Adds).args(1),
    verb(Ctr, "erase", TakesOut).args(1, 2),
    verb(Ctr, "clear", TakesOut | Empties).args(0),
    verb(Ctr, "pop_back", TakesOut).args(0),
    verb(Ctr, "pop_front", TakesOut).args(0),
    verb(Ctr, "pop", TakesOut).args(0),
    verb(Ctr, "extract", TakesOut).args(1),
    // A member swap(Other), or std::swap(A, B).
    verb(Ctr, "swap", TakesOut | Empties).args(1, 2),
    verb(Ctr, "resize", TakesOut).args(1, 2),
    // list::remove_if(Pred), or std::remove_if(First, Last, Pred).
    verb(Ctr, "remove_if", TakesOut).args(1, 3),
    verb(Ctr, "erase_if", TakesOut).args(2),
    verb(Ctr, "splice", TakesOut).args(2, 4),
    verb(Ctr, "shrink_to_fit", TakesOut).args(0),
    verb(Ctr, "find", LooksUp).args(1, 3),
    verb(Ctr, "count", LooksUp).args(1, 2),
    verb(Ctr, "contains", LooksUp).args(1),
    verb(Ctr, "lookup", LooksUp).args(1),
    verb(Ctr, "empty", AsksSize).args(0),
    verb(Ctr, "size", AsksSize).args(0),
    // Smart pointers (std::unique_ptr, std::shared_ptr, IntrusiveRefCntPtr).
    verb(Ptr, "reset", Resets | Empties).args(0, 3),
    verb(Ptr, "release", ReleasesPointee | Empties).args(0),
    verb(Ptr, "get", GetsPointer).args(0),
    // ThreadSafeModule.h:148-163: the callback gets the module by reference
    // and may move it out, leaving the ThreadSafeModule empty.
    verb(HolderClass::ThreadSafeModule, "consumingModuleDo", TakesModuleOut)
        .args(1),
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
