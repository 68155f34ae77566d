// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-c-api-dispose in templates. Instantiated code is analysed through
// its instantiations, once per location. A template the unit never
// instantiates (a backend's class template used by other files only), or a
// member function of an instantiated class template that nothing calls, is
// analysed as written: its non-dependent LLVM calls are the same calls in
// every instantiation. A dependent expression (a call on a template
// parameter, a name looked up at instantiation) is unknown code, so what it
// is given may be kept: not flagged.

#include "llvm-c/Core.h"
#include "llvm-c/ExecutionEngine.h"
#include <cstdio>

//===--- Must flag ---------------------------------------------------------===//

// Never instantiated in this unit.
template <typename REAL> class KernelRunner {
  LLVMExecutionEngineRef Engine = nullptr;
  LLVMModuleRef Mod;

public:
  // Must flag: the message is written on failure, and that path returns
  // without disposing of it.
  explicit KernelRunner(LLVMModuleRef M) : Mod(M) {
    char *Error = nullptr;
    if (LLVMCreateExecutionEngineForModule(&Engine, Mod, &Error)) { // WARN: message string written by 'LLVMCreateExecutionEngineForModule' is never released with 'LLVMDisposeMessage'
      fprintf(stderr, "cannot make the engine: %s\n", Error);
      return; // NOTE: 'Error' still holds it when the function returns here
    }
  }

  // Must flag: a REAL parameter does not make the string's handling
  // dependent.
  void dump(REAL Scale) {
    char *Text = LLVMPrintModuleToString(Mod); // WARN: message string returned by 'LLVMPrintModuleToString' is never released with 'LLVMDisposeMessage'
    printf("%s %f\n", Text, double(Scale));
  } // NOTE: 'Text' still holds it when the function returns here
};

// Must flag: a function template never instantiated.
template <typename T> void printAll(LLVMModuleRef M, const T &Label) {
  char *Text = LLVMPrintModuleToString(M); // WARN: message string returned by 'LLVMPrintModuleToString' is never released with 'LLVMDisposeMessage'
  printf("%s\n", Text);
  (void)Label;
} // NOTE: 'Text' still holds it when the function returns here

// An instantiated class template: its constructor is instantiated, its
// report() member is not.
template <typename T> class Reporter {
  LLVMModuleRef Mod;

public:
  explicit Reporter(LLVMModuleRef M) : Mod(M) {}

  // Must flag, once, through the instantiations below.
  void header() {
    char *Text = LLVMPrintModuleToString(Mod); // WARN: message string returned by 'LLVMPrintModuleToString' is never released with 'LLVMDisposeMessage'
    puts(Text);
  } // NOTE: 'Text' still holds it when the function returns here

  // Must flag: never called, so never instantiated; analysed as written.
  void report() {
    char *Text = LLVMPrintModuleToString(Mod); // WARN: message string returned by 'LLVMPrintModuleToString' is never released with 'LLVMDisposeMessage'
    puts(Text);
  } // NOTE: 'Text' still holds it when the function returns here
};

void useReporters(LLVMModuleRef M) {
  Reporter<int>(M).header();
  Reporter<float>(M).header();
}

//===--- Must not flag -----------------------------------------------------===//

template <typename REAL> class Disposing {
  LLVMModuleRef Mod;

public:
  // Must not flag: disposed of on both paths.
  explicit Disposing(LLVMModuleRef M) : Mod(M) {
    LLVMExecutionEngineRef Engine;
    char *Error = nullptr;
    if (LLVMCreateExecutionEngineForModule(&Engine, Mod, &Error)) {
      fprintf(stderr, "%s\n", Error);
      LLVMDisposeMessage(Error);
      return;
    }
    LLVMDisposeExecutionEngine(Engine);
  }

  // Must not flag: the sink's take() is looked up at instantiation, and it
  // may keep the string.
  template <typename Sink> void hand(Sink &S) {
    char *Text = LLVMPrintModuleToString(Mod);
    S.take(Text);
  }
};

// Must not flag: a call on a template parameter is unknown code.
template <typename Out> void writeTo(Out &O, LLVMModuleRef M) {
  char *Text = LLVMPrintModuleToString(M);
  O.write(Text);
}

// Must not flag: so is a call of a name looked up at instantiation.
template <typename T> void keepFor(T Key, LLVMModuleRef M) {
  char *Text = LLVMPrintModuleToString(M);
  remember(Key, Text);
}
