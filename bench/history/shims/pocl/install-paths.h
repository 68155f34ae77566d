/* llvmown history replay shim (hand-written): the install paths pocl's CMake writes */
#define PKGDATADIR "/usr/share/pocl"
