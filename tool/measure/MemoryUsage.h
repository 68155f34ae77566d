//===- MemoryUsage.h - the process's native memory in use -------*- C++ -*-===//
//
// The two numbers llvmown-measure and the runtime compile loop read: the
// bytes glibc's allocator has handed out and not got back (mallinfo2: arena
// bytes in use plus chunks mapped on their own), and the resident set size
// (/proc/self/statm). Header-only, with no LLVM, so that the meter links
// none. mallinfo2 is looked up when the program runs: glibc has it from
// 2.33 on, and the released meter runs on older ones too (mallinfo there,
// whose int fields are enough below 2 GiB).
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_MEASURE_MEMORYUSAGE_H
#define LLVMOWN_MEASURE_MEMORYUSAGE_H

#include <cstdio>
#include <dlfcn.h>
#include <malloc.h>
#include <unistd.h>

namespace llvmown::measure {

/// Native memory in use, in bytes.
struct Usage {
  double Heap = 0;
  double RSS = 0;
};

/// The resident set size, in bytes (0 if /proc cannot be read).
inline double residentBytes() {
  long Pages = 0, Resident = 0;
  if (FILE *F = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(F, "%ld %ld", &Pages, &Resident) != 2)
      Resident = 0;
    std::fclose(F);
  }
  return double(Resident) * double(sysconf(_SC_PAGESIZE));
}

/// Gives freed memory back to the system first, so that RSS counts what is
/// still allocated rather than what the allocator keeps cached.
inline Usage measureUsage() {
  malloc_trim(0);
  Usage U;
  using Mallinfo2Fn = struct mallinfo2 (*)();
  // Not a static: its guard would need the C++ runtime.
  const auto Mallinfo2 =
      reinterpret_cast<Mallinfo2Fn>(dlsym(RTLD_DEFAULT, "mallinfo2"));
  if (Mallinfo2) {
    struct mallinfo2 MI = Mallinfo2();
    U.Heap = double(MI.uordblks) + double(MI.hblkhd);
  } else {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    struct mallinfo MI = mallinfo();
#pragma GCC diagnostic pop
    U.Heap = double(unsigned(MI.uordblks)) + double(unsigned(MI.hblkhd));
  }
  U.RSS = residentBytes();
  return U;
}

} // namespace llvmown::measure

#endif // LLVMOWN_MEASURE_MEMORYUSAGE_H
