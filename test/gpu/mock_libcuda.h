/* What the mock libcuda (test/gpu/mock_libcuda.c) records for tests that look through it,
 * read with dlsym: the last cuTensorMapEncodeTiled call, and the parameters of the last
 * launch of a kernel whose name holds "tdesc". */
#ifndef TILEC_MOCK_LIBCUDA_H
#define TILEC_MOCK_LIBCUDA_H

/* The arguments of a cuTensorMapEncodeTiled call, as the driver received them (dimensions
 * innermost first): mock_cuda_tensormap_last() returns the last call's record,
 * mock_cuda_tensormap_recent(back) the one `back` calls before it (up to 7; an all-zero
 * record when there is none). The map it
 * wrote: bytes 0-7 the global address, 8-11 the rank, 12-15 the data type, byte i >= 16 is
 * (unsigned char)(0xc0 ^ i) (mock_tensormap_byte gives byte i of that pattern). */
typedef struct mock_tensormap_call {
  int calls;                    /* encodes so far, this one included */
  int data_type;
  unsigned rank;
  unsigned long long address;
  unsigned long long dims[5];
  unsigned long long strides[5]; /* rank - 1 of them, bytes */
  unsigned box[5];
  unsigned elem_strides[5];
  int interleave, swizzle, l2_promotion, oob_fill;
  int map_aligned;              /* the tensorMap pointer was 64-byte aligned */
} mock_tensormap_call;

/* A launch of a kernel whose name holds "tdesc" runs nothing: the mock copies its
 * parameters, param i taking sizes[i] bytes as mock_cuda_param_sizes(sizes, n) declared,
 * one after another, into a buffer that mock_cuda_last_params(&len) returns; for each
 * param it also notes whether its pointer was 64-byte aligned
 * (mock_cuda_last_param_aligned(i)). */

/* The pool calls libtilert made (cuMemPoolCreate / Destroy / SetAttribute,
 * cuMemAllocFromPoolAsync, cuMemFreeAsync), read with mock_cuda_pool_stats(). */
typedef struct mock_pool_stats {
  int creates, destroys;
  unsigned long long release_threshold;
  long allocs, frees;
  unsigned long long last_bytes, last_ptr;
} mock_pool_stats;

#endif
