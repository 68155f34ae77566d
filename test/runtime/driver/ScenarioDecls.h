//===- ScenarioDecls.h - the scenarios' entry points ------------*- C++ -*-===//
//
// Declares each scenario's leaky and fixed variants (Scenarios.def), for the
// loop's driver and for the library llvmown-measure's tests load.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_RT_SCENARIODECLS_H
#define LLVMOWN_RT_SCENARIODECLS_H

#include "Kernel.h"

namespace llvmown_rt {
#define LLVMOWN_RT_DECLARE(Ident)                                              \
  namespace Ident##_leaky {                                                    \
    bool compileKernel(const TargetConfig &Cfg);                               \
  }                                                                            \
  namespace Ident##_fixed {                                                    \
    bool compileKernel(const TargetConfig &Cfg);                               \
  }
#define LLVMOWN_RT_CXX(Name, Ident) LLVMOWN_RT_DECLARE(Ident)
#define LLVMOWN_RT_LIFETIME(Name, Ident) LLVMOWN_RT_DECLARE(Ident)
#include "Scenarios.def"
#undef LLVMOWN_RT_DECLARE
} // namespace llvmown_rt

extern "C" {
#define LLVMOWN_RT_C(Name, Ident)                                              \
  int llvmown_rt_##Ident##_leaky(const char *Triple, const char *CPU,          \
                                 const char *Features);                        \
  int llvmown_rt_##Ident##_fixed(const char *Triple, const char *CPU,          \
                                 const char *Features);
#include "Scenarios.def"
}

#endif // LLVMOWN_RT_SCENARIODECLS_H
