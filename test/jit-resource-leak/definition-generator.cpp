// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak: a definition generator (a class derived from
// orc::DefinitionGenerator) links what a lookup misses into the JITDylib
// being searched, each piece at most once, as LLVM's static-library
// generator does. Its adds are bounded by the library it links, not by the
// number of requests: they are not flagged. The same helper in a class that
// is not a generator adds code on every call, and is flagged.
// (Seen in a survey project: an on-demand linker of a vector math archive.)

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Layer.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <set>
#include <vector>

using namespace llvm;
using namespace llvm::orc;

// Must not flag: each piece of a fixed set is linked once, on demand.
class PieceGenerator : public DefinitionGenerator {
public:
  explicit PieceGenerator(ObjectLayer &L) : Layer(L) {}

  Error generateFor(JITDylib &JD, const std::vector<int> &Wanted) {
    for (int Index : Wanted) {
      if (Linked.count(Index))
        continue;
      if (Error Err = linkPiece(JD, Index))
        return Err;
    }
    return Error::success();
  }

private:
  Error linkPiece(JITDylib &JD, int Index) {
    std::unique_ptr<MemoryBuffer> Buf = MemoryBuffer::getMemBuffer("piece");
    if (Error Err = Layer.add(JD, std::move(Buf)))
      return Err;
    Linked.insert(Index);
    return Error::success();
  }

  ObjectLayer &Layer;
  std::set<int> Linked;
};

// Must not flag: a generator derived through an intermediate base, adding
// in a loop over what the lookup asked for.
class GeneratorBase : public DefinitionGenerator {};

class BatchGenerator : public GeneratorBase {
  ObjectLayer &Layer;

public:
  explicit BatchGenerator(ObjectLayer &L) : Layer(L) {}

  Error generateAll(JITDylib &JD, const std::vector<const char *> &Names) {
    for (const char *Name : Names)
      if (Error Err = Layer.add(JD, MemoryBuffer::getMemBuffer(Name)))
        return Err;
    return Error::success();
  }
};

// Must flag: the same helper in a plain loader class, called per request,
// keeps every object in the JITDylib's default tracker.
class PieceLoader {
public:
  explicit PieceLoader(ObjectLayer &L) : Layer(L) {}

  Error load(JITDylib &JD, const char *Name) {
    return Layer.add(JD, MemoryBuffer::getMemBuffer(Name)); // WARN: JIT'd code added by 'add' in 'PieceLoader::load' is never freed: it goes to the default resource tracker of its JITDylib and nothing in 'PieceLoader' removes it
  }

private:
  ObjectLayer &Layer;
};
