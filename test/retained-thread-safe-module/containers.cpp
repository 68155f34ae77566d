// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-retained-thread-safe-module, rules 2 and 3: ThreadSafeModules (and
// ThreadSafeContexts) kept in containers that are never emptied.
//
// Flagged: appending to a global or function-local static container
// (push_back, emplace_back, insert, Map[K] = ...), which lives until the
// process exits; appending to a member container that nothing in the class
// drains (reading the modules does not drain them).
//
// Not flagged: a local container; a global that keeps names and hands the
// modules to the JIT; member containers drained somewhere in the class by
// erase, clear, pop_back, pop_front, swap, extract, moving the container out
// or assigning it; a class with a member function defined in another file
// (which may drain it).

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

using namespace llvm;

// Writes the module of TSM as bitcode to Path (only reads the module).
static void writeBitcode(orc::ThreadSafeModule &TSM, const char *Path) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return;
  TSM.withModuleDo([&](Module &M) { WriteBitcodeToFile(M, OS); });
}

//===--- Must flag ---------------------------------------------------------===//

// Every module emitted so far, so that get_llvm_module() can lend any of them.
std::vector<orc::ThreadSafeModule> Retained;

// Must flag: rule 2, push_back into a global vector; the index is the handle.
extern "C" size_t emit_native_retained(orc::ThreadSafeModule *TSM) {
  Retained.push_back(std::move(*TSM)); // WARN: ThreadSafeModule appended to 'Retained', which lives until the process exits, keeps its LLVMContext alive
  return Retained.size() - 1;
}

// Lends a retained module.
extern "C" Module *get_llvm_module(size_t Index) {
  return Retained[Index].getModuleUnlocked();
}

// Compiled modules by name.
std::map<std::string, orc::ThreadSafeModule> ModuleCache;

// Must flag: rule 2, Map[K] = ... into a global map.
void cacheModule(const std::string &Name, orc::ThreadSafeModule TSM) {
  ModuleCache[Name] = std::move(TSM); // WARN: ThreadSafeModule appended to 'ModuleCache', which lives until the process exits, keeps its LLVMContext alive
}

// Must flag: rule 2, emplace_back into a function-local static vector.
void keepForDebugging(orc::ThreadSafeModule TSM) {
  static std::vector<orc::ThreadSafeModule> Kept;
  Kept.emplace_back(std::move(TSM)); // WARN: ThreadSafeModule appended to 'Kept', which lives until the process exits, keeps its LLVMContext alive
}

// Modules in emission order.
std::deque<orc::ThreadSafeModule> Emitted;

// Must flag: rule 2, insert into a global deque.
void recordEmitted(orc::ThreadSafeModule TSM) {
  Emitted.insert(Emitted.end(), std::move(TSM)); // WARN: ThreadSafeModule appended to 'Emitted', which lives until the process exits, keeps its LLVMContext alive
}

// The contexts of the modules compiled so far.
std::vector<orc::ThreadSafeContext> Contexts;

// Must flag: rule 2 for a ThreadSafeContext; the copy keeps the context
// alive after the module is gone.
void rememberContext(const orc::ThreadSafeModule &TSM) {
  Contexts.push_back(TSM.getContext()); // WARN: ThreadSafeContext appended to 'Contexts', which lives until the process exits, keeps its LLVMContext alive
}

// Must flag: rule 3; the compiler keeps every module it was given and only
// reads them afterwards.
class Compiler {
  std::vector<orc::ThreadSafeModule> Pending;

public:
  void add(orc::ThreadSafeModule TSM) {
    Pending.push_back(std::move(TSM)); // WARN: ThreadSafeModule appended to member 'Compiler::Pending', which nothing in 'Compiler' drains: each call keeps another module and its LLVMContext alive
  }
  size_t size() const { return Pending.size(); }
  Module *module(size_t I) { return Pending[I].getModuleUnlocked(); }
  void writeAll(const char *Path) {
    for (orc::ThreadSafeModule &TSM : Pending)
      writeBitcode(TSM, Path);
  }
};

// Must flag: rule 3 with a map member filled by subscript; lookups do not
// drain it.
class NamedModules {
  std::map<std::string, orc::ThreadSafeModule> Entries;

public:
  void put(const std::string &Name, orc::ThreadSafeModule TSM) {
    Entries[Name] = std::move(TSM); // WARN: ThreadSafeModule appended to member 'NamedModules::Entries', which nothing in 'NamedModules' drains: each call keeps another module and its LLVMContext alive
  }
  Module *find(const std::string &Name) {
    auto It = Entries.find(Name);
    return It == Entries.end() ? nullptr : It->second.getModuleUnlocked();
  }
};

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: a local vector dies with the function; its modules go to
// the JIT.
void addAll(orc::LLJIT &J, orc::ThreadSafeModule *Units, size_t N) {
  std::vector<orc::ThreadSafeModule> Batch;
  for (size_t I = 0; I < N; ++I)
    Batch.push_back(std::move(Units[I]));
  for (orc::ThreadSafeModule &TSM : Batch)
    consumeError(J.addIRModule(std::move(TSM)));
}

// The names of the modules added so far.
std::vector<std::string> AddedNames;

// Must not flag: the global keeps only the name; the module goes to the JIT.
Error addAndRecord(orc::LLJIT &J, orc::ThreadSafeModule TSM) {
  AddedNames.push_back(
      TSM.withModuleDo([](Module &M) { return M.getName().str(); }));
  return J.addIRModule(std::move(TSM));
}

// Must not flag: the queue is drained with erase.
class EraseQueue {
  std::vector<orc::ThreadSafeModule> Pending;

public:
  void add(orc::ThreadSafeModule TSM) { Pending.push_back(std::move(TSM)); }
  Error addFirst(orc::LLJIT &J) {
    if (Pending.empty())
      return Error::success();
    Error Err = J.addIRModule(std::move(Pending.front()));
    Pending.erase(Pending.begin());
    return Err;
  }
};

// Must not flag: the queue is drained with clear.
class ClearQueue {
  std::vector<orc::ThreadSafeModule> Pending;

public:
  void add(orc::ThreadSafeModule TSM) { Pending.push_back(std::move(TSM)); }
  void flush(orc::LLJIT &J) {
    for (orc::ThreadSafeModule &TSM : Pending)
      consumeError(J.addIRModule(std::move(TSM)));
    Pending.clear();
  }
};

// Must not flag: the stack is drained with pop_back.
class PopBackStack {
  std::vector<orc::ThreadSafeModule> Pending;

public:
  void add(orc::ThreadSafeModule TSM) { Pending.emplace_back(std::move(TSM)); }
  void flush(orc::LLJIT &J) {
    while (!Pending.empty()) {
      consumeError(J.addIRModule(std::move(Pending.back())));
      Pending.pop_back();
    }
  }
};

// Must not flag: the deque is drained with pop_front.
class PopFrontQueue {
  std::deque<orc::ThreadSafeModule> Pending;

public:
  void add(orc::ThreadSafeModule TSM) { Pending.push_back(std::move(TSM)); }
  Error addOldest(orc::LLJIT &J) {
    if (Pending.empty())
      return Error::success();
    orc::ThreadSafeModule Oldest = std::move(Pending.front());
    Pending.pop_front();
    return J.addIRModule(std::move(Oldest));
  }
};

// Must not flag: the queue is handed out with swap.
class SwapQueue {
  std::vector<orc::ThreadSafeModule> Pending;

public:
  void add(orc::ThreadSafeModule TSM) { Pending.push_back(std::move(TSM)); }
  std::vector<orc::ThreadSafeModule> takeAll() {
    std::vector<orc::ThreadSafeModule> Out;
    Pending.swap(Out);
    return Out;
  }
};

// Must not flag: entries are taken out with extract.
class ExtractMap {
  std::map<std::string, orc::ThreadSafeModule> Pending;

public:
  void put(const std::string &Name, orc::ThreadSafeModule TSM) {
    Pending[Name] = std::move(TSM);
  }
  Error addNamed(orc::LLJIT &J, const std::string &Name) {
    auto Node = Pending.extract(Name);
    if (Node.empty())
      return Error::success();
    return J.addIRModule(std::move(Node.mapped()));
  }
};

// Must not flag: the whole container is moved out.
class MoveOutQueue {
  std::vector<orc::ThreadSafeModule> Pending;

public:
  void add(orc::ThreadSafeModule TSM) { Pending.push_back(std::move(TSM)); }
  std::vector<orc::ThreadSafeModule> release() { return std::move(Pending); }
};

// Must not flag: the container is emptied by assignment.
class AssignQueue {
  std::vector<orc::ThreadSafeModule> Pending;

public:
  void add(orc::ThreadSafeModule TSM) { Pending.push_back(std::move(TSM)); }
  void writeAndDrop(const char *Path) {
    for (orc::ThreadSafeModule &TSM : Pending)
      writeBitcode(TSM, Path);
    Pending = std::vector<orc::ThreadSafeModule>();
  }
};

// Must not flag: flush() is defined in another file and may drain the queue.
class QueueDefinedElsewhere {
  std::vector<orc::ThreadSafeModule> Pending;

public:
  void add(orc::ThreadSafeModule TSM) { Pending.push_back(std::move(TSM)); }
  void flush(orc::LLJIT &J);
};
