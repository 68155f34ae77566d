//===- ScenarioExports.cpp - the scenarios as a user's JIT library --------===//
//
// libllvmown-rt-scenarios.so exports each leak scenario's variants the way a
// user's library exports its compile function, for llvmown-measure's tests:
//
//   llvmown-measure
//   lib/libllvmown-rt-scenarios.so:llvmown_measure_jit_service_leaky
//                   --init llvmown_measure_init
//
// A compilation that fails aborts, so that the meter reports it as a crash
// rather than measuring a loop that does nothing.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "ScenarioDecls.h"
#include "llvm/Support/TargetSelect.h"
#if __has_include("llvm/TargetParser/Host.h")
#include "llvm/TargetParser/Host.h"
#else
#include "llvm/Support/Host.h"
#endif
#include <cstdio>
#include <cstdlib>

using llvmown_rt::TargetConfig;

namespace {

TargetConfig Config;

void mustSucceed(bool Ok, const char *Scenario) {
  if (Ok)
    return;
  std::fprintf(stderr,
               "%s: the compilation failed (is the target initialised? "
               "llvmown_measure_init does that)\n",
               Scenario);
  std::abort();
}

} // namespace

extern "C" {

/// The library's initialisation: the native target, and the host to
/// compile for.
__attribute__((visibility("default"))) void llvmown_measure_init() {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::InitializeNativeTargetAsmParser();
  Config.Triple = llvm::sys::getProcessTriple();
  Config.CPU = llvm::sys::getHostCPUName().str();
}

#define LLVMOWN_RT_EXPORT(Ident, Variant, Call)                                \
  __attribute__((                                                              \
      visibility("default"))) void llvmown_measure_##Ident##_##Variant() {     \
    mustSucceed(Call, #Ident "_" #Variant);                                    \
  }
#define LLVMOWN_RT_CXX(Name, Ident)                                            \
  LLVMOWN_RT_EXPORT(Ident, leaky,                                              \
                    llvmown_rt::Ident##_leaky::compileKernel(Config))          \
  LLVMOWN_RT_EXPORT(Ident, fixed,                                              \
                    llvmown_rt::Ident##_fixed::compileKernel(Config))
#define LLVMOWN_RT_C(Name, Ident)                                              \
  LLVMOWN_RT_EXPORT(Ident, leaky,                                              \
                    llvmown_rt_##Ident##_leaky(Config.Triple.c_str(),          \
                                               Config.CPU.c_str(), "") != 0)   \
  LLVMOWN_RT_EXPORT(Ident, fixed,                                              \
                    llvmown_rt_##Ident##_fixed(Config.Triple.c_str(),          \
                                               Config.CPU.c_str(), "") != 0)
#include "Scenarios.def"
#undef LLVMOWN_RT_EXPORT
}
