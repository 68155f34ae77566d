// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context: a project object that owns IR (a code
// generator with a std::unique_ptr<Module> member, directly, through a base
// class or a member object, or a DIBuilder) is given a context through its
// constructor or a member function, and is declared before that context's
// owner in the same scope. Locals die in reverse order of declaration, so
// the object's destructor deletes a module the context already deleted.
// Not flagged: the right order, an object that only borrows IR (`Module *`)
// or holds only an IRBuilder (its destructor reads nothing of the context),
// an object that owns its context itself, a const member function given the
// context, a context in an outer scope, and a raw pointer to the object.

#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

namespace jit {

// A code generator in the shape of many: Init() makes the module in the
// context it is given; Finish() hands it out.
class Emitter {
public:
  virtual ~Emitter() = default;
  void init(const std::string &Name, LLVMContext *Ctx) {
    Context = Ctx;
    Mod = std::make_unique<Module>(Name, *Ctx);
  }
  std::unique_ptr<Module> finish() { return std::move(Mod); }
  size_t functions(LLVMContext &Ctx) const;

protected:
  LLVMContext *Context = nullptr;
  std::unique_ptr<Module> Mod;
};

// Owns its IR only through the base class.
class GpuEmitter : public Emitter {
public:
  void addKernel(const std::string &Name);
};

// Owns IR through a member object held by std::unique_ptr.
struct DebugState {
  std::unique_ptr<DIBuilder> DI;
};
class DebugEmitter {
public:
  explicit DebugEmitter(LLVMContext &Ctx) : Ctx(Ctx) {}
  void start(Module &M) { Debug->DI = std::make_unique<DIBuilder>(M); }

private:
  LLVMContext &Ctx;
  std::unique_ptr<DebugState> Debug = std::make_unique<DebugState>();
};

// Constructed with the context; keeps its modules in a vector.
class Linker {
public:
  explicit Linker(LLVMContext &Ctx) : Ctx(Ctx) {}
  void add(const std::string &Name) {
    Parts.push_back(std::make_unique<Module>(Name, Ctx));
  }

private:
  LLVMContext &Ctx;
  std::vector<std::unique_ptr<Module>> Parts;
};

// Borrows a module: destroying it touches nothing.
class Printer {
public:
  explicit Printer(LLVMContext &Ctx) : Ctx(Ctx) {}
  void attach(Module *M) { Target = M; }

private:
  LLVMContext &Ctx;
  Module *Target = nullptr;
};

// Holds only an IRBuilder.
class Lowering {
public:
  explicit Lowering(LLVMContext &Ctx) : Builder(Ctx) {}

private:
  IRBuilder<> Builder;
};

// Owns its context as well as its module.
class Session {
public:
  void open(const std::string &Name, LLVMContext *Outer);

private:
  std::unique_ptr<LLVMContext> Own;
  std::unique_ptr<Module> Mod;
};

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the code generator's unique_ptr is declared before the
// context's, and Init() puts the module in that context.
void buildDeclaredFirst(const std::string &Name) {
  std::unique_ptr<GpuEmitter> CG(new GpuEmitter()); // WARN: 'CG' is destroyed after LLVMContext 'Ctx', which already deleted the IR that its member 'Emitter::Mod' owns; declare 'Ctx' before 'CG'
  std::unique_ptr<LLVMContext> Ctx(new LLVMContext()); // NOTE: 'Ctx' is declared here
  CG->init(Name, Ctx.get()); // NOTE: 'CG' is given 'Ctx' here
  CG->addKernel("main");
}

// Must flag: the same with make_unique and a context held by value; the
// module is taken out, but the object still owns IR of the context.
std::string buildByValueContext(const std::string &Name) {
  auto CG = std::make_unique<GpuEmitter>(); // WARN: 'CG' is destroyed after LLVMContext 'Ctx', which already deleted the IR that its member 'Emitter::Mod' owns; declare 'Ctx' before 'CG'
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here
  CG->init(Name, &Ctx); // NOTE: 'CG' is given 'Ctx' here
  std::unique_ptr<Module> M = CG->finish();
  return M->getName().str();
}

// Must flag: made with the context by make_unique after both are declared;
// the modules sit in a vector member.
void linkDeclaredFirst(const std::vector<std::string> &Names) {
  std::unique_ptr<Linker> L; // WARN: 'L' is destroyed after LLVMContext 'Ctx', which already deleted the IR that its member 'Linker::Parts' owns; declare 'Ctx' before 'L'
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here
  L = std::make_unique<Linker>(Ctx); // NOTE: 'L' is given 'Ctx' here
  for (const std::string &N : Names)
    L->add(N);
}

// Must flag: the IR is a DIBuilder in a member object.
void debugDeclaredFirst(Module &M) {
  std::unique_ptr<DebugEmitter> Dbg; // WARN: 'Dbg' is destroyed after LLVMContext 'Ctx', which already deleted the IR that its member 'DebugState::DI' owns; declare 'Ctx' before 'Dbg'
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here
  Dbg = std::make_unique<DebugEmitter>(Ctx); // NOTE: 'Dbg' is given 'Ctx' here
  Dbg->start(M);
}

// Must flag: in a loop body, one generator and one context per iteration.
void perRequest(const std::vector<std::string> &Names) {
  for (const std::string &N : Names) {
    GpuEmitter CG; // WARN: 'CG' is destroyed after LLVMContext 'Ctx', which already deleted the IR that its member 'Emitter::Mod' owns; declare 'Ctx' before 'CG'
    LLVMContext Ctx; // NOTE: 'Ctx' is declared here
    CG.init(N, &Ctx); // NOTE: 'CG' is given 'Ctx' here
    CG.addKernel(N);
  }
}

//===--- Must not flag -----------------------------------------------------===//

// The fixed order: the context first.
void buildContextFirst(const std::string &Name) {
  std::unique_ptr<LLVMContext> Ctx(new LLVMContext());
  std::unique_ptr<GpuEmitter> CG(new GpuEmitter());
  CG->init(Name, Ctx.get());
  CG->addKernel("main");
}

// The object only borrows the module.
void printerFirst(const std::string &Name) {
  std::unique_ptr<Printer> P;
  LLVMContext Ctx;
  P = std::make_unique<Printer>(Ctx);
  Module M(Name, Ctx);
  P->attach(&M);
}

// An IRBuilder's destructor does not read the context.
void loweringFirst() {
  std::unique_ptr<Lowering> L;
  LLVMContext Ctx;
  L = std::make_unique<Lowering>(Ctx);
}

// The object owns a context of its own, where its module may be.
void sessionFirst(const std::string &Name) {
  Session S;
  LLVMContext Ctx;
  S.open(Name, &Ctx);
}

// A const member function given the context keeps nothing of it.
size_t countFirst(GpuEmitter &Other) {
  GpuEmitter CG;
  LLVMContext Ctx;
  return CG.functions(Ctx) + Other.functions(Ctx);
}

// The context lives in an outer scope: it outlives the object.
void outerContext(const std::vector<std::string> &Names) {
  LLVMContext Ctx;
  for (const std::string &N : Names) {
    GpuEmitter CG;
    CG.init(N, &Ctx);
  }
}

// A raw pointer destroys nothing when it goes out of scope.
GpuEmitter *rawPointerFirst(const std::string &Name, LLVMContext *&Out) {
  GpuEmitter *CG = new GpuEmitter();
  auto *Ctx = new LLVMContext();
  CG->init(Name, Ctx);
  Out = Ctx;
  return CG;
}

} // namespace jit
