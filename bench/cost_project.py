#!/usr/bin/env python3
"""Writes a project of N translation units that use LLVM the way code
generators do, with its compile_commands.json, for bench/cost.sh.

    cost_project.py OUT_DIR [--units N] [--llvm-config PATH]

Five kinds of unit take turns: IR generation through a project header, a
target machine and the legacy pass manager, an ORC JIT, the new pass
manager, and the C API. Each includes the LLVM headers its kind needs, so
units share most headers but not all, as in a real project; some hold a
leak that llvmown reports.
"""

import argparse
import json
import os
import shlex
import subprocess

PROJECT_HEADER = """#pragma once
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <memory>
#include <string>

namespace bench {
struct Unit {
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  explicit Unit(const std::string &Name)
      : M(std::make_unique<llvm::Module>(Name, Ctx)) {}
};
llvm::Function *declare(llvm::Module &M, const std::string &Name);
} // namespace bench
"""

KINDS = [
    # IR generation, through the project's header.
    ("""#include "codegen.h"
#include "llvm/IR/Verifier.h"
#include <vector>
""", """
namespace bench {{
llvm::Function *declare_{i}(llvm::Module &M, const std::string &Name) {{
  llvm::LLVMContext &C = M.getContext();
  auto *Ty = llvm::FunctionType::get(llvm::Type::getInt32Ty(C),
                                     {{llvm::Type::getInt32Ty(C)}}, false);
  llvm::Function *F = llvm::Function::Create(
      Ty, llvm::Function::ExternalLinkage, Name, M);
  llvm::IRBuilder<> B(llvm::BasicBlock::Create(C, "entry", F));
  llvm::Value *X = F->getArg(0);
  std::vector<llvm::Value *> Terms;
  for (int K = 0; K < {i} + 3; ++K)
    Terms.push_back(B.CreateMul(X, B.getInt32(K + 1)));
  llvm::Value *Sum = B.getInt32(0);
  for (llvm::Value *T : Terms)
    Sum = B.CreateAdd(Sum, T);
  B.CreateRet(Sum);
  return llvm::verifyFunction(*F) ? nullptr : F;
}}
}} // namespace bench
"""),
    # A target machine and the legacy pass manager; one machine leaks.
    ("""#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <optional>
#include <string>
""", """
namespace bench {{
bool emit_{i}(llvm::Module &M, llvm::raw_pwrite_stream &OS) {{
  std::string Error;
  const llvm::Target *T =
      llvm::TargetRegistry::lookupTarget(M.getTargetTriple(), Error);
  if (!T)
    return false;
  llvm::TargetOptions Options;
  llvm::TargetMachine *TM = T->createTargetMachine(
      M.getTargetTriple(), "generic", "", Options, std::nullopt);
  if (!TM)
    return false;
  M.setDataLayout(TM->createDataLayout());
  llvm::legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr,
                              llvm::CodeGenFileType::ObjectFile))
    return false; // the machine leaks here, and below
  PM.run(M);
  return true;
}}

std::unique_ptr<llvm::TargetMachine> owned_{i}(const llvm::Target &T,
                                              llvm::StringRef Triple) {{
  llvm::TargetOptions Options;
  return std::unique_ptr<llvm::TargetMachine>(T.createTargetMachine(
      Triple, "generic", "", Options, std::nullopt));
}}
}} // namespace bench
"""),
    # An ORC JIT.
    ("""#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <memory>
""", """
namespace bench {{
llvm::Expected<llvm::orc::ExecutorAddr>
run_{i}(llvm::orc::LLJIT &J, std::unique_ptr<llvm::Module> M,
        std::unique_ptr<llvm::LLVMContext> Ctx) {{
  llvm::orc::JITDylib &JD = J.getMainJITDylib();
  auto RT = JD.createResourceTracker();
  if (auto Err = J.addIRModule(
          RT, llvm::orc::ThreadSafeModule(std::move(M), std::move(Ctx))))
    return std::move(Err);
  auto Sym = J.lookup("entry_{i}");
  if (auto Err = RT->remove())
    return std::move(Err);
  return Sym;
}}
}} // namespace bench
"""),
    # The new pass manager.
    ("""#include "llvm/IR/Module.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
""", """
namespace bench {{
void optimize_{i}(llvm::Module &M) {{
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  llvm::PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  llvm::ModulePassManager MPM =
      PB.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O{o});
  MPM.run(M, MAM);
}}
}} // namespace bench
"""),
    # The C API; one message is never disposed.
    ("""#include "llvm-c/Analysis.h"
#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"
#include <string>
""", """
namespace bench {{
std::string verify_{i}(LLVMModuleRef M) {{
  char *Message = nullptr;
  if (!LLVMVerifyModule(M, LLVMReturnStatusAction, &Message)) {{
    LLVMDisposeMessage(Message);
    return "";
  }}
  std::string Out = Message; // Message leaks
  return Out;
}}

std::string triple_{i}() {{
  char *T = LLVMGetDefaultTargetTriple();
  std::string Out = T;
  LLVMDisposeMessage(T);
  return Out;
}}
}} // namespace bench
"""),
]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--units", type=int, default=20)
    p.add_argument("--llvm-config", default="/usr/lib/llvm-19/bin/llvm-config")
    a = p.parse_args()
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    flags = shlex.split(subprocess.run(
        [a.llvm_config, "--cxxflags"], stdout=subprocess.PIPE, check=True,
        universal_newlines=True).stdout)
    with open(os.path.join(out, "codegen.h"), "w") as f:
        f.write(PROJECT_HEADER)
    entries = []
    for i in range(a.units):
        head, body = KINDS[i % len(KINDS)]
        name = os.path.join(out, "unit%02d.cpp" % i)
        with open(name, "w") as f:
            f.write(head + body.format(i=i, o=i % 4))
        entries.append({"directory": out, "file": name,
                        "arguments": ["clang++"] + flags +
                        ["-c", name, "-o", name + ".o"]})
    with open(os.path.join(out, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)


if __name__ == "__main__":
    main()
