#!/usr/bin/env python3
"""pathological.py - write the pathological inputs of the hostile-input tests.

Usage: pathological.py KIND N OUT

KIND is one of:
  machines   one function creating N target machines in one scope; each is
             deleted on two branches and skipped by a `goto` on a third, so
             every one leaks (N findings of llvmown-target-machine-leak, or
             none if the function is past the analysis' work budget)
  scoped     the same, each machine in a block of its own
  expression one expression of N terms (`a + a + ...`), each a call that
             borrows a module, nested N deep in the AST
  switch     a `switch` of N cases, each creating a machine and deleting it
             (nothing to report)
  lambdas    N lambdas nested in each other, the innermost leaking a machine
             on one path
  lines      a file of about N lines: N / 10 small functions, each leaking a
             machine on one path
  cleanup    C: two functions that each create one context and N handles
             in it (builders, modules, pass managers, memory buffers), each
             followed by `if (!h) goto fail;`, with one cleanup label that
             disposes of them: `leaky` forgets a handle in the middle (one
             finding, on its creating call, which carries check_llvmown.py's
             expectation), `clean` forgets none (compile as C with
             -I test/Inputs/stubs)
The sources include the stand-in headers (compile with -I test/Inputs/stubs).
"""

import sys

HEADER = """#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <optional>

using namespace llvm;

static TargetMachine *make(const Target &T) {
  return T.createTargetMachine("x86_64-unknown-linux-gnu", "", "",
                               TargetOptions(), std::nullopt);
}
bool cond(int);
int use(TargetMachine *);
"""


def machines(n):
    body = ["void many(const Target &T, int K) {"]
    for i in range(n):
        body += [
            "  TargetMachine *M%d = make(T);" % i,
            "  if (cond(%d)) goto skip%d;" % (i, i),
            "  if (cond(K)) { use(M%d); delete M%d; } else delete M%d;"
            % (i, i, i),
            "skip%d:;" % i,
        ]
    body.append("}")
    return HEADER + "\n".join(body) + "\n"


def scoped(n):
    body = ["void many(const Target &T, int K) {"]
    for i in range(n):
        body += [
            "  {",
            "    TargetMachine *M%d = make(T);" % i,
            "    if (cond(%d)) goto skip%d;" % (i, i),
            "    if (cond(K)) { use(M%d); delete M%d; } else delete M%d;"
            % (i, i, i),
            "  skip%d:;" % i,
            "  }",
        ]
    body.append("}")
    return HEADER + "\n".join(body) + "\n"


def expression(n):
    terms = " + ".join("use(M)" for _ in range(n))
    return HEADER + ("int sum(const Target &T) {\n"
                     "  TargetMachine *M = make(T);\n"
                     "  int S = %s;\n"
                     "  delete M;\n"
                     "  return S;\n}\n" % terms)


def switch(n):
    cases = "\n".join(
        "  case %d: { TargetMachine *M = make(T); R = use(M); delete M; "
        "break; }" % i for i in range(n))
    return HEADER + ("int pick(const Target &T, int K) {\n  int R = 0;\n"
                     "  switch (K) {\n%s\n  }\n  return R;\n}\n" % cases)


def lambdas(n):
    inner = ("[&] { TargetMachine *M = make(T); if (cond(0)) return 0; "
             "delete M; return 1; }()")
    for _ in range(n):
        inner = "[&] { return %s; }()" % inner
    return HEADER + "int nest(const Target &T) { return %s; }\n" % inner


def lines(n):
    out = [HEADER]
    for i in range(max(1, n // 10)):
        out.append(
            "int f%d(const Target &T, int K) {\n"
            "  TargetMachine *M = make(T);\n"
            "  if (cond(K))\n"
            "    return -1;\n"
            "  int R = use(M);\n"
            "  delete M;\n"
            "  return R;\n"
            "}\n" % i)
    return "".join(out)


C_KINDS = [  # (type, creator call, release)
    ("LLVMBuilderRef", "LLVMCreateBuilderInContext(ctx)", "LLVMDisposeBuilder"),
    ("LLVMModuleRef", 'LLVMModuleCreateWithNameInContext("m", ctx)',
     "LLVMDisposeModule"),
    ("LLVMPassManagerRef", "LLVMCreatePassManager()", "LLVMDisposePassManager"),
    ("LLVMMemoryBufferRef",
     'LLVMCreateMemoryBufferWithMemoryRangeCopy(data, size, "b")',
     "LLVMDisposeMemoryBuffer"),
]


def cleanup_function(name, n, forget):
    out = ["int %s(const char *data, size_t size) {" % name,
           "  int rc = -1;",
           "  LLVMContextRef ctx = LLVMContextCreate();",
           "  if (!ctx)",
           "    return -1;"]
    for i in range(n):
        out.append("  %s h%d = NULL;" % (C_KINDS[i % len(C_KINDS)][0], i))
    for i in range(n):
        kind, create, release = C_KINDS[i % len(C_KINDS)]
        line = "  h%d = %s;" % (i, create)
        if i == forget:  # check_llvmown.py's expectation
            line += " // WARN: %s returned by '%s' is never released with '%s'" \
                % (kind, create.split("(")[0], release)
        out += [line, "  if (!h%d)" % i, "    goto fail;"]
    out += ["  rc = use(%d);" % n, "fail:"]
    for i in reversed(range(n)):
        if i != forget:
            out.append("  if (h%d)\n    %s(h%d);"
                       % (i, C_KINDS[i % len(C_KINDS)][2], i))
    out += ["  LLVMContextDispose(ctx);", "  return rc;", "}", ""]
    return "\n".join(out)


def cleanup(n):
    # Not a module: the context's disposal deletes what a module leaves.
    forget = n // 2
    while C_KINDS[forget % len(C_KINDS)][0] == "LLVMModuleRef":
        forget += 1
    return ("#include <stddef.h>\n#include \"llvm-c/Core.h\"\n"
            "int use(int);\n\n" + cleanup_function("leaky", n, forget) +
            "\n" + cleanup_function("clean", n, -1))


def classes(n):
    # A web of n project classes, each holding every later one by value and
    # in a vector (the last holds a module), and a class whose n members
    # all come before its context: each member's owners are searched once.
    out = ['#include "llvm/IR/LLVMContext.h"', '#include "llvm/IR/Module.h"',
           "#include <memory>", "#include <vector>",
           "struct C%d { std::unique_ptr<llvm::Module> M; };" % n]
    for i in range(n - 1, -1, -1):
        out.append("struct C%d { %s };" % (i, " ".join(
            "C%d f%d; std::vector<C%d> v%d;" % (j, j, j, j)
            for j in range(i + 1, n + 1))))
    out.append("struct Top { %s llvm::LLVMContext Ctx; };" % " ".join(
        "C%d m%d;" % (i, i) for i in range(n)))
    return "\n".join(out) + "\n"


KINDS = {"machines": machines, "classes": classes, "cleanup": cleanup, "scoped": scoped, "expression": expression,
         "switch": switch,
         "lambdas": lambdas, "lines": lines}


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in KINDS or \
            not sys.argv[2].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[3], "w") as f:
        f.write(KINDS[sys.argv[1]](int(sys.argv[2])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
