/* A text step on the PTX that LLVM prints (ptx_offsets.c); no LLVM types, so that tests
 * without LLVM's headers can call it. */
#ifndef TILEC_PTX_OFFSETS_H
#define TILEC_PTX_OFFSETS_H

/* ptx with each `mul.wide.s32 %rd, %r, 2^k` that lies before a loop of its function and is
 * read in it written as `cvt.s64.s32` and `shl.b64`, which ptxas keeps out of the loop;
 * *rewritten: how many. A heap string (caller frees), NULL when out of memory. */
char *nvptx_keep_wide_offsets(const char *ptx, unsigned *rewritten);

#endif
