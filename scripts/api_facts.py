#!/usr/bin/env python3
"""The header lines behind docs/api-facts.md.

Each fact the API model relies on is declared in a header of LLVM; where it
is declared moves between versions. This script finds each declaration in
the headers of every LLVM installed under /usr/lib/llvm-N and writes the
table of docs/api-facts.md between its markers.

  python3 scripts/api_facts.py            # print the table
  python3 scripts/api_facts.py --write    # rewrite it in docs/api-facts.md
  python3 scripts/api_facts.py --check    # exit 1 if the document's column
                                          # of an installed LLVM is stale

--check compares only the versions installed here, so that a machine with
fewer LLVMs still checks what it can.
"""

import argparse
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "api-facts.md")
BEGIN, END = "<!-- BEGIN api-lines -->", "<!-- END api-lines -->"
VERSIONS = ["14", "15", "16", "19", "22"]

# (section, API, header under include/, regular expression of its
# declaration). The first matching line is the one cited.
FACTS = [
    ("1", "Target::createTargetMachine", "llvm/MC/TargetRegistry.h",
     r"TargetMachine \*createTargetMachine\("),
    ("1", "EngineBuilder::selectTarget", "llvm/ExecutionEngine/ExecutionEngine.h",
     r"TargetMachine \*selectTarget\(\);"),
    ("1", "JITTargetMachineBuilder::createTargetMachine",
     "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h",
     r"Expected<std::unique_ptr<TargetMachine>> createTargetMachine\(\);"),
    ("1", "LLVMCreateTargetMachine", "llvm-c/TargetMachine.h",
     r"LLVMTargetMachineRef LLVMCreateTargetMachine\("),
    ("1", "LLVMDisposeTargetMachine", "llvm-c/TargetMachine.h",
     r"void LLVMDisposeTargetMachine\("),
    ("2", "LLVMContext::~LLVMContext", "llvm/IR/LLVMContext.h",
     r"~LLVMContext\(\);"),
    ("2", "Module::Module", "llvm/IR/Module.h",
     r"explicit Module\(StringRef ModuleID, LLVMContext& C\);"),
    ("2", "LLVMContextDispose", "llvm-c/Core.h", r"void LLVMContextDispose\("),
    ("2", "LLVMDisposeModule", "llvm-c/Core.h", r"void LLVMDisposeModule\("),
    ("3", "ThreadSafeContext", "llvm/ExecutionEngine/Orc/ThreadSafeModule.h",
     r"^class ThreadSafeContext \{"),
    ("3", "ThreadSafeModule::ThreadSafeModule",
     "llvm/ExecutionEngine/Orc/ThreadSafeModule.h",
     r"ThreadSafeModule\(std::unique_ptr<Module> M, ThreadSafeContext TSCtx\)"),
    ("3", "LLJIT::addIRModule (tracker)", "llvm/ExecutionEngine/Orc/LLJIT.h",
     r"Error addIRModule\(ResourceTrackerSP RT, ThreadSafeModule TSM\);"),
    ("3", "LLJIT::addIRModule (JITDylib)", "llvm/ExecutionEngine/Orc/LLJIT.h",
     r"Error addIRModule\(JITDylib &JD, ThreadSafeModule TSM\);"),
    ("3", "JITDylib::getDefaultResourceTracker",
     "llvm/ExecutionEngine/Orc/Core.h",
     r"ResourceTrackerSP getDefaultResourceTracker\(\);"),
    ("3", "JITDylib::createResourceTracker", "llvm/ExecutionEngine/Orc/Core.h",
     r"ResourceTrackerSP createResourceTracker\(\);"),
    ("3", "ResourceTracker::remove", "llvm/ExecutionEngine/Orc/Core.h",
     r"Error remove\(\);"),
    ("3", "JITDylib::clear", "llvm/ExecutionEngine/Orc/Core.h",
     r"Error clear\(\);"),
    ("3", "ExecutionSession::removeJITDylib", "llvm/ExecutionEngine/Orc/Core.h",
     r"Error removeJITDylib\(JITDylib &JD\)"),
    ("3", "LLVMOrcResourceTrackerRemove", "llvm-c/Orc.h",
     r"LLVMOrcResourceTrackerRemove\(LLVMOrcResourceTrackerRef"),
    ("3", "LLVMOrcLLJITAddLLVMIRModule", "llvm-c/LLJIT.h",
     r"LLVMErrorRef LLVMOrcLLJITAddLLVMIRModule\("),
    ("4", "EngineBuilder::create", "llvm/ExecutionEngine/ExecutionEngine.h",
     r"ExecutionEngine \*create\(\) \{"),
    ("4", "ExecutionEngine::removeModule", "llvm/ExecutionEngine/ExecutionEngine.h",
     r"virtual bool removeModule\(Module \*M\);"),
    ("4", "LLVMCreateExecutionEngineForModule", "llvm-c/ExecutionEngine.h",
     r"LLVMBool LLVMCreateExecutionEngineForModule\("),
    ("4", "LLVMDisposeExecutionEngine", "llvm-c/ExecutionEngine.h",
     r"void LLVMDisposeExecutionEngine\("),
    ("5", "LLVMPrintModuleToString", "llvm-c/Core.h",
     r"char \*LLVMPrintModuleToString\("),
    ("5", "LLVMDisposeMessage", "llvm-c/Core.h", r"void LLVMDisposeMessage\("),
    ("5", "LLVMVerifyModule", "llvm-c/Analysis.h",
     r"LLVMBool LLVMVerifyModule\("),
    ("5", "LLVMGetErrorMessage", "llvm-c/Error.h",
     r"char \*LLVMGetErrorMessage\("),
    ("5", "LLVMConsumeError", "llvm-c/Error.h", r"void LLVMConsumeError\("),
]


def installed():
    return [v for v in VERSIONS if os.path.isdir("/usr/lib/llvm-%s/include/llvm" % v)]


def line_of(version, header, pattern):
    path = "/usr/lib/llvm-%s/include/%s" % (version, header)
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, text in enumerate(f, 1):
                if re.search(pattern, text):
                    return str(n)
    except OSError:
        return None
    return "absent"


def table(doc_columns=None):
    """The table; a version not installed keeps the document's column."""
    here = installed()
    rows = ["| § | API | header | " + " | ".join("LLVM " + v for v in VERSIONS) + " |",
            "| --- | --- | --- | " + " | ".join("---" for _ in VERSIONS) + " |"]
    for sec, api, header, pattern in FACTS:
        cells = []
        for v in VERSIONS:
            if v in here:
                cells.append(line_of(v, header, pattern) or "no header")
            else:
                cells.append((doc_columns or {}).get((api, v), "not checked"))
        rows.append("| %s | `%s` | `%s` | %s |" % (sec, api, header, " | ".join(cells)))
    return "\n".join(rows)


def doc_columns(text):
    cols = {}
    for line in text.splitlines():
        m = re.match(r"\| (\d) \| `([^`]*)` \| `[^`]*` \| (.*) \|$", line)
        if m:
            for v, cell in zip(VERSIONS, m.group(3).split(" | ")):
                cols[(m.group(2), v)] = cell.strip()
    return cols


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--write", action="store_true")
    p.add_argument("--check", action="store_true")
    p.add_argument("--doc", default=DOC)
    a = p.parse_args()
    if not a.write and not a.check:
        print(table())
        return 0
    with open(a.doc, encoding="utf-8") as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        print("api_facts: %s has no %s ... %s markers" % (a.doc, BEGIN, END))
        return 2
    head, rest = text.split(BEGIN, 1)
    body, tail = rest.split(END, 1)
    new = table(doc_columns(body))
    if a.check:
        if body.strip() != new.strip():
            print("api_facts: the header lines in %s are stale for the LLVM "
                  "installed here (%s); run python3 scripts/api_facts.py "
                  "--write" % (a.doc, ", ".join(installed())))
            return 1
        print("api_facts: %d facts, lines current for LLVM %s"
              % (len(FACTS), ", ".join(installed())))
        return 0
    with open(a.doc, "w", encoding="utf-8") as f:
        f.write(head + BEGIN + "\n" + new + "\n" + END + tail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
