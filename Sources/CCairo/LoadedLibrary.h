// One C library a decoder loads on first use (JPEGDecoder.c, WebPDecoder.c, GIFDecoder.c; the
// reason nothing is linked is DrawingLibraries.c's): in the including file, LOADED_LIBRARY(soname,
// FUNCTIONS) defines `library`, a table of the functions FUNCTIONS(FUNC) names, each with its
// header's type, and loadedLibrary(message, size), which loads them once (thread-safe) and
// returns 0, or -1 with why not. RTLD_LOCAL: the library's symbols stay out of the global scope;
// the handle is never closed.
#ifndef LOADED_LIBRARY_H
#define LOADED_LIBRARY_H

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define LOADED_LIBRARY_FIELD(name) __typeof__(&name) name;
#define LOADED_LIBRARY_RESOLVE(name) \
    if (!(library.name = (__typeof__(&name))dlsym(handle, #name))) { \
        snprintf(loadFailure, sizeof loadFailure, "%s has no %s", soname, #name); \
        return; \
    }

#define LOADED_LIBRARY(SONAME, FUNCTIONS) \
    static struct { FUNCTIONS(LOADED_LIBRARY_FIELD) } library; \
    static pthread_once_t libraryOnce = PTHREAD_ONCE_INIT; \
    static char loadFailure[256]; \
    static void loadLibrary(void) { \
        const char *soname = SONAME; \
        void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL); \
        if (!handle) { \
            const char *reason = dlerror(); \
            snprintf(loadFailure, sizeof loadFailure, "cannot load %s: %s", soname, reason ? reason : "unknown error"); \
            return; \
        } \
        FUNCTIONS(LOADED_LIBRARY_RESOLVE) \
    } \
    static int loadedLibrary(char *message, size_t size) { \
        pthread_once(&libraryOnce, loadLibrary); \
        if (!loadFailure[0]) return 0; \
        snprintf(message, size, "%s", loadFailure); \
        return -1; \
    }

#endif
