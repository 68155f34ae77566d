//===- shared-context-fixed.cpp - a context per request -------------------===//
//
// Runtime scenario "shared-context", fixed variant: the same service parses
// each request into a context of its own, which goes with everything
// interned in it when the request is done. Expected: no finding, with or
// without SharedContextRequests.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include <cstdint>
#include <memory>
#include <string>

using namespace llvm;

namespace llvmown_rt {
namespace shared_context_fixed {

/// The kernel of request \p N: x + 1, computed from the first two of the
/// request's 48 literals, held in a struct type named after the request (as
/// a query engine names each query's row type and embeds its constants).
static std::string requestIR(uint64_t N) {
  std::string Row = "%row." + std::to_string(N);
  std::string Type = Row + " = type { i64";
  std::string Lit = Row + " { i64 " + std::to_string(N * 48 + 2);
  for (uint64_t I = 1; I < 48; ++I) {
    Type += ", i64";
    Lit += ", i64 " + std::to_string(N * 48 + I);
  }
  Type += " }\n";
  Lit += " }";
  return Type + "define i64 @kernel(i64 %x) {\n" + "  %a = extractvalue " +
         Lit + ", 0\n" + "  %b = extractvalue " + Lit + ", 1\n" +
         "  %c = sub i64 %a, %b\n" + "  %r = add i64 %x, %c\n" +
         "  ret i64 %r\n}\n";
}

class KernelService {
  std::unique_ptr<TargetMachine> TM;
  uint64_t NextRequest = 0;

public:
  explicit KernelService(const TargetConfig &Cfg) : TM(createMachine(Cfg)) {}

  /// Compiles one request's kernel to assembly.
  bool compile() {
    if (!TM)
      return false;
    LLVMContext Ctx;
    SMDiagnostic Err;
    std::unique_ptr<Module> M =
        parseAssemblyString(requestIR(NextRequest++), Err, Ctx);
    if (!M)
      return false;
    prepareModule(*M, *TM);
    optimizeModule(*M, *TM);
    SmallString<1024> Asm;
    return emitAssembly(*M, *TM, Asm) && definesSymbol(Asm, "kernel");
  }
};

/// One request to the service, which lives as long as the process.
bool compileKernel(const TargetConfig &Cfg) {
  static KernelService Service(Cfg);
  return Service.compile();
}

} // namespace shared_context_fixed
} // namespace llvmown_rt
