// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak, an engine in a raw member of a class whose
// code is not all in this file (a base class, friends, member functions
// defined elsewhere). The destructor, defined here, is the class's cleanup:
// when it releases two or more of the class's other objects and not the
// engine, the engine (with its modules and code) leaks with every object of
// the class. Flagged at the creation, with notes at the store and at the
// destructor. Not flagged: a destructor that releases the engine too, one
// that releases a single other member (it may not be the cleanup), a member
// function in this file that deletes the engine, an engine handed to a
// function defined elsewhere, and a destructor defined in another file.

#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <memory>
#include <string>

using namespace llvm;

struct CodeCache {
  std::string Dir;
};
struct UiDecoder {
  int Fields = 0;
};
class FactoryBase {
public:
  virtual ~FactoryBase();
};

std::unique_ptr<Module> loadModule(LLVMContext &Ctx);
void registerEngine(ExecutionEngine *EE);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the destructor deletes the cache, the context and the decoder,
// and only runs the engine's static destructors.
class DspFactory : public FactoryBase {
  friend class DspInstance;

protected:
  ExecutionEngine *JIT = nullptr;
  CodeCache *Cache = nullptr;
  LLVMContext *Context = nullptr;
  UiDecoder *Decoder = nullptr;

public:
  DspFactory();
  ~DspFactory() override;
  bool initJit(std::string &Error);
  std::string writeToBitcode(); // defined in another file
};

DspFactory::DspFactory()
    : Cache(new CodeCache), Context(new LLVMContext), Decoder(new UiDecoder) {}

DspFactory::~DspFactory() { // NOTE: the destructor is defined here
  delete Cache;
  if (JIT)
    JIT->runStaticConstructorsDestructors(true);
  delete Context;
  delete Decoder;
}

bool DspFactory::initJit(std::string &Error) {
  EngineBuilder Builder(loadModule(*Context));
  Builder.setErrorStr(&Error);
  // WARN@+2: ExecutionEngine created by 'llvm::EngineBuilder::create' is stored in member 'DspFactory::JIT', which the destructor of 'DspFactory' does not release, though it releases the class's other objects
  // NOTE@+1: stored here
  JIT = Builder.create();
  if (!JIT)
    return false;
  JIT->finalizeObject();
  return true;
}

//===--- Must not flag -----------------------------------------------------===//

// The destructor deletes the engine with the rest.
class FullCleanup : public FactoryBase {
  ExecutionEngine *JIT = nullptr;
  CodeCache *Cache = nullptr;
  UiDecoder *Decoder = nullptr;

public:
  ~FullCleanup() override;
  bool initJit(LLVMContext &Ctx);
  void other(); // defined in another file
};

FullCleanup::~FullCleanup() {
  delete Cache;
  delete JIT;
  delete Decoder;
}

bool FullCleanup::initJit(LLVMContext &Ctx) {
  JIT = EngineBuilder(loadModule(Ctx)).create();
  return JIT != nullptr;
}

// The destructor releases one other member: that alone does not make it
// the whole cleanup.
class OneMember : public FactoryBase {
  ExecutionEngine *JIT = nullptr;
  CodeCache *Cache = nullptr;

public:
  ~OneMember() override { delete Cache; }
  bool initJit(LLVMContext &Ctx) {
    JIT = EngineBuilder(loadModule(Ctx)).create();
    return JIT != nullptr;
  }
  void shutdown(); // defined in another file
};

// A member function of this file deletes the engine.
class StopFirst : public FactoryBase {
  ExecutionEngine *JIT = nullptr;
  CodeCache *Cache = nullptr;
  UiDecoder *Decoder = nullptr;

public:
  ~StopFirst() override {
    delete Cache;
    delete Decoder;
  }
  bool initJit(LLVMContext &Ctx) {
    JIT = EngineBuilder(loadModule(Ctx)).create();
    return JIT != nullptr;
  }
  void stop() {
    delete JIT;
    JIT = nullptr;
  }
};

// The engine is handed to a registry defined elsewhere.
class Registered : public FactoryBase {
  ExecutionEngine *JIT = nullptr;
  CodeCache *Cache = nullptr;
  UiDecoder *Decoder = nullptr;

public:
  ~Registered() override {
    delete Cache;
    delete Decoder;
  }
  bool initJit(LLVMContext &Ctx) {
    JIT = EngineBuilder(loadModule(Ctx)).create();
    registerEngine(JIT);
    return JIT != nullptr;
  }
};

// The destructor is defined in another file.
class ElsewhereDestroyed : public FactoryBase {
  ExecutionEngine *JIT = nullptr;
  CodeCache *Cache = nullptr;
  UiDecoder *Decoder = nullptr;

public:
  ~ElsewhereDestroyed() override;
  bool initJit(LLVMContext &Ctx) {
    JIT = EngineBuilder(loadModule(Ctx)).create();
    return JIT != nullptr;
  }
};
