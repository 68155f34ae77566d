// A project header: structs that several source files of a compiler share.
#ifndef COMPILER_STATE_H
#define COMPILER_STATE_H

namespace llvm {
class TargetMachine;
}

// Filled in by the module code, allocated and torn down by another file.
struct ModuleState {
  llvm::TargetMachine *TM;
  int Functions;
};

// Allocated by the file that fills it in.
struct SessionState {
  llvm::TargetMachine *TM;
  const char *Name;
};

#endif
