// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context, the class-level rule for owners nested in
// project objects: a member that owns IR (a module, a DIBuilder), itself or
// through the project objects it owns (by value, by std::unique_ptr, as the
// elements of a container), declared before a member that owns an
// LLVMContext or orc::ThreadSafeContext the same way. Members die in reverse
// order of declaration, so the context goes first and the modules after it.
// The code that creates those modules is in the nested classes, usually in
// other files, so the layout is the evidence. Pairs of direct members are
// decided from the class's own code (members-order.cpp).
//
// Not flagged: the right order, a destructor that clears the holder first,
// an IR holder that owns its own context, a context reached through a raw
// pointer, a reference or a std::shared_ptr, borrowed modules, modules kept
// in a ThreadSafeModule (it keeps its context alive), and two direct members
// with no sign that the module is created in that context.

#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

// An offline cache: a map of entries, each owning a compiled module.
struct KernelCache {
  struct Entry {
    std::string Key;
    std::unique_ptr<Module> Compiled; // NOTE: the IR is owned here // NOTE: the IR is owned here
    Module *View = nullptr;
  };
  std::map<std::string, Entry> Entries;
};

// A per-thread context table, two levels below the program.
class ContextPool {
  struct Slot {
    LLVMContext *Raw = nullptr;
    std::unique_ptr<orc::ThreadSafeContext> Safe; // NOTE: the LLVMContext is owned here // NOTE: the LLVMContext is owned here
  };
  std::map<int, std::unique_ptr<Slot>> Slots;

public:
  LLVMContext *forThread(int Id);
};

class RuntimeExecutor {
  std::unique_ptr<ContextPool> Host;
  int Device = 0;

public:
  RuntimeExecutor();
};

// A code generator that owns its module and builder.
struct CodeGen {
  std::unique_ptr<Module> M; // NOTE: the IR is owned here
  std::string Name;
};

class Engine {
  LLVMContext Ctx; // NOTE: the LLVMContext is owned here

public:
  LLVMContext &context() { return Ctx; }
};

struct DebugUnit {
  std::unique_ptr<DIBuilder> DIB; // NOTE: the IR is owned here
};

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the cache's modules die after the executor's contexts, both
// owned three levels down.
class Program {
  unsigned Trees = 0;
  KernelCache Cache; // WARN: member 'Cache' is destroyed after member 'Exec', but 'Cache' owns IR through 'Entry::Compiled' and 'Exec' owns an LLVMContext through 'Slot::Safe'; declare 'Exec' before 'Cache'
  std::unique_ptr<RuntimeExecutor> Exec; // NOTE: 'Exec' is declared here
};

// Must flag: a module member before an engine that owns its context by value.
class Driver {
  std::unique_ptr<Module> Current; // WARN: member 'Current' is destroyed after member 'Eng', but 'Current' owns IR and 'Eng' owns an LLVMContext through 'Engine::Ctx'; declare 'Eng' before 'Current'
  int Level = 2;
  std::unique_ptr<Engine> Eng; // NOTE: 'Eng' is declared here
};

// Must flag: code generators held by value in a vector, before the context.
class Batch {
  std::vector<CodeGen> Units; // WARN: member 'Units' is destroyed after member 'Ctx', but 'Units' owns IR through 'CodeGen::M' and 'Ctx' owns an LLVMContext; declare 'Ctx' before 'Units'
  std::string Label;
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here
};

// Must flag: DIBuilders nested in unique_ptrs, before a ThreadSafeContext.
class DebugInfoSession {
  std::vector<std::unique_ptr<DebugUnit>> Units; // WARN: member 'Units' is destroyed after member 'TSC', but 'Units' owns IR through 'DebugUnit::DIB' and 'TSC' owns an LLVMContext; declare 'TSC' before 'Units'
  bool Verbose = false;
  orc::ThreadSafeContext TSC; // NOTE: 'TSC' is declared here
};

// Must flag once: a class template, instantiated twice.
template <typename Tag> class Tagged {
  KernelCache Cache; // WARN: member 'Cache' is destroyed after member 'Exec', but 'Cache' owns IR through 'Entry::Compiled' and 'Exec' owns an LLVMContext through 'Slot::Safe'; declare 'Exec' before 'Cache'
  Tag T;
  std::unique_ptr<RuntimeExecutor> Exec; // NOTE: 'Exec' is declared here
};
Tagged<int> TaggedInt;
Tagged<char> TaggedChar;

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the executor is declared first.
class OrderedProgram {
  std::unique_ptr<RuntimeExecutor> Exec;
  KernelCache Cache;
};

// Must not flag: wrong order, but the destructor clears the cache first.
class ClearingProgram {
  KernelCache Cache;
  std::unique_ptr<RuntimeExecutor> Exec;

public:
  ~ClearingProgram() { Cache.Entries.clear(); }
};

// Must not flag: each entry owns the context of its own module.
struct SelfContained {
  std::unique_ptr<LLVMContext> Ctx;
  std::unique_ptr<Module> M;
};
class Archive {
  std::vector<SelfContained> Items;
  std::unique_ptr<Engine> Eng;
};

// Must not flag: the executor is borrowed (raw pointer, reference) or shared.
class BorrowingProgram {
  KernelCache Cache;
  RuntimeExecutor *Exec = nullptr;
};
class ReferringProgram {
  KernelCache Cache;
  Engine &Eng;

public:
  explicit ReferringProgram(Engine &E) : Eng(E) {}
};
class SharingProgram {
  KernelCache Cache;
  std::shared_ptr<Engine> Eng;
};

// Must not flag: the entries only borrow their modules.
struct ModuleIndex {
  std::map<std::string, Module *> ByName;
};
class Indexer {
  ModuleIndex Index;
  std::unique_ptr<Engine> Eng;
};

// Must not flag: a ThreadSafeModule keeps its context alive.
struct PendingUnit {
  orc::ThreadSafeModule TSM;
};
class Queue {
  std::vector<PendingUnit> Pending;
  std::unique_ptr<Engine> Eng;
};

// Must not flag: two direct members, and nothing here creates the module in
// that context (members-order.cpp decides these from the class's code).
class Handed {
  std::unique_ptr<Module> M;
  LLVMContext Ctx;

public:
  void take(std::unique_ptr<Module> NewM) { M = std::move(NewM); }
};
