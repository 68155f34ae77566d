/*===- c_scenario.h - helpers shared by the C scenarios -----------*- C -*-===*\
|*                                                                            *|
|* The steps of a C scenario's compilation that are not what it is about.     *|
|* Defined in ../driver/CSupport.c. Only llvmown_rt_parse_numbered_kernel     *|
|* hands anything over (a new module); the others only borrow.                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LLVMOWN_RT_C_SCENARIO_H
#define LLVMOWN_RT_C_SCENARIO_H

#include "llvm-c/Core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How many modules, or functions, a C scenario's program has. */
#define LLVMOWN_RT_PROGRAM_MODULES 16

/* A new module in Ctx defining kernel_<I>(x) = x + 1, or NULL. */
LLVMModuleRef llvmown_rt_parse_numbered_kernel(LLVMContextRef Ctx, unsigned I);

/* Emits M as assembly for the target and returns 1 if it defines Symbol. */
int llvmown_rt_emit_defines(LLVMModuleRef M, const char *Triple,
                            const char *CPU, const char *Features,
                            const char *Symbol);

#ifdef __cplusplus
}
#endif

#endif /* LLVMOWN_RT_C_SCENARIO_H */
