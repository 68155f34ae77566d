/*===- kernel_ir.h - the kernel every runtime scenario compiles -*- C -*-===*\
|*                                                                          *|
|* The trivial kernel of the leak reports (kernel(x) = x + 1), as LLVM IR.  *|
|* Plain C so that the C API scenarios can include it too.                  *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef LLVMOWN_RT_KERNEL_IR_H
#define LLVMOWN_RT_KERNEL_IR_H

#define LLVMOWN_RT_KERNEL_IR                                                   \
  "define i64 @kernel(i64 %x) {\n"                                             \
  "  %y = add i64 %x, 1\n"                                                     \
  "  ret i64 %y\n"                                                             \
  "}\n"

#endif
