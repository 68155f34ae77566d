// The JIT library of a driver stack: one engine, module and pass manager
// for the whole process, made and disposed of by shared_jit.c.
#ifndef SHARED_JIT_H
#define SHARED_JIT_H

#include "llvm-c/ExecutionEngine.h"

extern LLVMExecutionEngineRef shared_engine;
extern LLVMModuleRef shared_module;
extern LLVMContextRef shared_context;

void shared_jit_init(void);

#endif
