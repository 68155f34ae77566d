// Stand-in for llvm/Support/raw_ostream.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_SUPPORT_RAW_OSTREAM_H
#define LLVM_SUPPORT_RAW_OSTREAM_H

#include "llvm/ADT/StringRef.h"
#include <system_error>

namespace llvm {

class raw_ostream {
public:
  virtual ~raw_ostream();
  raw_ostream &operator<<(StringRef Str);
  raw_ostream &operator<<(const char *Str);
  raw_ostream &operator<<(unsigned long N);
  raw_ostream &operator<<(unsigned int N);
  raw_ostream &operator<<(int N);
  void flush();
};

class raw_pwrite_stream : public raw_ostream {};

class raw_fd_ostream : public raw_pwrite_stream {
public:
  /// Opens Filename for writing; on failure EC is set.
  raw_fd_ostream(StringRef Filename, std::error_code &EC);
  ~raw_fd_ostream() override;
};

class raw_null_ostream : public raw_pwrite_stream {
public:
  raw_null_ostream() = default;
  ~raw_null_ostream() override;
};

raw_fd_ostream &outs();
raw_fd_ostream &errs();

} // namespace llvm

#endif
