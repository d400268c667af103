/*
 * Tools/bench/memcpy_reference.c — the reference for the broadcast's copy rate: plain memcpy of frames.
 * Compiled on the fly by Tools/bench/runner.py (with cc, gcc or the Swift toolchain's clang).
 *
 * main's call copies every accepted frame out of the shared ring into one reused buffer and
 * times each copy (copiedBytes / copyNanos in its statistics). This program does the same work
 * with nothing around it: FRAMES copies of FRAME_BYTES bytes, each from the next of SOURCES
 * source buffers in turn into one destination, each copy timed alone with CLOCK_MONOTONIC as
 * main times its copies. The sources rotate so that the copies are not all served from the
 * cache: a frame main copies was just written by another process on another core, so it is
 * not in the copying core's cache either. The default, 16 sources of a 1080p frame (50 MB),
 * is more than a 32 MiB last-level cache holds, so most source lines come from memory (here
 * 1 or 3 sources copy at L3 speed, about 3 x faster; from 8 on the rate no longer changes).
 * Every buffer is written before timing starts (no page faults in the measurement), and the
 * sources differ, so nothing can be elided.
 *
 * Usage:   memcpy_reference FRAMES FRAME_BYTES [SOURCES]     (SOURCES default 16)
 * Output:  one line on stdout: "<bytes copied> <nanoseconds copying> <bytes per second>".
 * Exit:    0 on success; 2 on bad usage; 1 if memory cannot be allocated.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: %s FRAMES FRAME_BYTES [SOURCES]\n", argv[0]);
        return 2;
    }
    long long frames = atoll(argv[1]);
    long long frame_bytes = atoll(argv[2]);
    long long sources = argc == 4 ? atoll(argv[3]) : 16;
    if (frames < 1 || frame_bytes < 1 || sources < 1 || sources > 1024) {
        fprintf(stderr, "memcpy_reference: FRAMES and FRAME_BYTES must be >= 1, SOURCES 1...1024\n");
        return 2;
    }
    size_t size = (size_t)frame_bytes;
    unsigned char **source = calloc((size_t)sources, sizeof *source);
    unsigned char *destination = aligned_alloc(64, (size + 63) / 64 * 64);
    if (!source || !destination) {
        fprintf(stderr, "memcpy_reference: out of memory\n");
        return 1;
    }
    for (long long i = 0; i < sources; i++) {
        source[i] = aligned_alloc(64, (size + 63) / 64 * 64);
        if (!source[i]) {
            fprintf(stderr, "memcpy_reference: out of memory\n");
            return 1;
        }
        memset(source[i], (int)(0x11 * (i + 1)), size);
    }
    memset(destination, 0, size);

    uint64_t total_ns = 0, total_bytes = 0;
    volatile unsigned char sink = 0;
    for (long long n = 0; n < frames; n++) {
        unsigned char *from = source[n % sources];
        uint64_t start = now_ns();
        memcpy(destination, from, size);
        uint64_t end = now_ns();
        total_ns += end - start;
        total_bytes += size;
        sink = destination[(size_t)n % size];  /* the copy is used, so it stays */
    }
    double rate = total_ns ? (double)total_bytes / ((double)total_ns / 1e9) : 0;
    printf("%llu %llu %.0f\n", (unsigned long long)total_bytes, (unsigned long long)total_ns, rate);
    (void)sink;
    return 0;
}
