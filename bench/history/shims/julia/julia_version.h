/* llvmown history replay shim (hand-written) for the header julia's src/Makefile
   writes from VERSION (1.9.0-DEV at the replayed commits). */
#ifndef JL_VERSION_H
#define JL_VERSION_H
#define JULIA_VERSION_STRING "1.9.0-DEV"
#define JULIA_VERSION_MAJOR 1
#define JULIA_VERSION_MINOR 9
#define JULIA_VERSION_PATCH 0
#define JULIA_VERSION_IS_RELEASE 0
#endif
