/* llvmown history replay shim (hand-written): MutexGuard (removed in LLVM 10)
   held a sys::Mutex locked for its scope, as std::lock_guard does. */
#include <llvm/Support/Mutex.h>
#include <mutex>
namespace llvm {
using MutexGuard = std::lock_guard<sys::Mutex>;
}
