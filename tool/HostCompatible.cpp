//===- HostCompatible.cpp - the tool's answer to the version guard --------===//
//
// checks/LLVMOwnTidyModule.cpp asks, before registering the module, whether
// the process hosting it uses the LLVM it was built for. The plugin answers
// by inspecting the loaded libraries (checks/PluginVersionGuard.cpp); the
// standalone tool is itself linked against that LLVM, so the answer is yes.
//
//===----------------------------------------------------------------------===//

namespace clang::tidy {

bool llvmownHostIsCompatible() { return true; }

} // namespace clang::tidy
