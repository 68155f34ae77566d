// Stand-in for llvm/ExecutionEngine/Orc/ExecutionUtils.h (LLVM 19), for the
// llvmown lit tests. GetForCurrentProcess's third parameter
// (AddAbsoluteSymbolsFn) is left out.
#ifndef LLVM_EXECUTIONENGINE_ORC_EXECUTIONUTILS_H
#define LLVM_EXECUTIONENGINE_ORC_EXECUTIONUTILS_H

#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/Support/Error.h"
#include <memory>

namespace llvm {
namespace orc {

/// A utility class to expose symbols found via dlsym to the JIT.
class DynamicLibrarySearchGenerator : public DefinitionGenerator {
public:
  using SymbolPredicate = unique_function<bool(const SymbolStringPtr &)>;

  /// Creates a DynamicLibrarySearchGenerator that searches for symbols in
  /// the current process.
  static Expected<std::unique_ptr<DynamicLibrarySearchGenerator>>
  GetForCurrentProcess(char GlobalPrefix,
                       SymbolPredicate Allow = SymbolPredicate());
};

} // end namespace orc
} // end namespace llvm

#endif
