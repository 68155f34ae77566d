// Stand-in for llvm/ExecutionEngine/ExecutionEngine.h (LLVM 19), for the
// llvmown lit tests.
#ifndef LLVM_EXECUTIONENGINE_EXECUTIONENGINE_H
#define LLVM_EXECUTIONENGINE_EXECUTIONENGINE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace llvm {

class TargetMachine;

/// Abstract interface for implementation execution of LLVM modules.
class ExecutionEngine {
public:
  virtual ~ExecutionEngine();

  /// Add a Module to the list of modules that we can JIT from.
  virtual void addModule(std::unique_ptr<Module> M) = 0;

  /// Removes M from the engine without deleting it: the caller owns it
  /// again. Returns true if M was found.
  virtual bool removeModule(Module *M);

  /// Generates code for M, which the engine must already hold.
  virtual void generateCodeForModule(Module *M) {}

  const DataLayout &getDataLayout() const;
  uint64_t getFunctionAddress(const std::string &Name);
  virtual void finalizeObject() {}
  /// Runs the static constructors (or, with true, destructors) of the code.
  void runStaticConstructorsDestructors(bool isDtors);

  /// Return the target machine (if available). The engine owns it.
  virtual TargetMachine *getTargetMachine() { return nullptr; }
};

namespace EngineKind {
// These are actually bitmasks that get or-ed together.
enum Kind { JIT = 0x1, Interpreter = 0x2 };
const static Kind Either = (Kind)(JIT | Interpreter);
} // namespace EngineKind

/// Builder class for ExecutionEngines.
class EngineBuilder {
  std::unique_ptr<Module> M;
  EngineKind::Kind WhichEngine = EngineKind::Either;
  std::string *ErrorStr = nullptr;
  CodeGenOptLevel OptLevel = CodeGenOptLevel::Default;
  TargetOptions Options;
  std::optional<Reloc::Model> RelocModel;
  std::string MArch;
  std::string MCPU;

public:
  EngineBuilder();
  EngineBuilder(std::unique_ptr<Module> M);
  ~EngineBuilder();

  EngineBuilder &setEngineKind(EngineKind::Kind w) {
    WhichEngine = w;
    return *this;
  }
  EngineBuilder &setErrorStr(std::string *e) {
    ErrorStr = e;
    return *this;
  }
  EngineBuilder &setOptLevel(CodeGenOptLevel l) {
    OptLevel = l;
    return *this;
  }
  EngineBuilder &setTargetOptions(const TargetOptions &Opts) {
    Options = Opts;
    return *this;
  }
  EngineBuilder &setRelocationModel(Reloc::Model RM) {
    RelocModel = RM;
    return *this;
  }
  EngineBuilder &setMArch(StringRef march) {
    MArch = march.str();
    return *this;
  }
  EngineBuilder &setMCPU(StringRef mcpu) {
    MCPU = mcpu.str();
    return *this;
  }

  /// Pick a target either via -march or by guessing the native arch. The
  /// caller owns the result.
  TargetMachine *selectTarget();
  TargetMachine *selectTarget(const Triple &TargetTriple, StringRef MArch,
                              StringRef MCPU,
                              const SmallVectorImpl<std::string> &MAttrs);

  ExecutionEngine *create() { return create(selectTarget()); }
  /// Takes ownership of TM, even when it fails.
  ExecutionEngine *create(TargetMachine *TM);
};

} // namespace llvm

#endif
