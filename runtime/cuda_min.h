/* The few CUDA Driver API types and constants libtilert uses, written from the driver API
 * reference so that the runtime builds without cuda.h. Values must match cuda.h exactly;
 * only add what is used. */
#ifndef TILERT_CUDA_MIN_H
#define TILERT_CUDA_MIN_H

#include <stddef.h>
#include <stdint.h>

typedef int CUresult; /* enum cudaError_enum */
#define CUDA_SUCCESS 0
#define CUDA_ERROR_INVALID_VALUE 1
#define CUDA_ERROR_NOT_READY 600

typedef int CUdevice;
typedef unsigned long long CUdeviceptr; /* CUdeviceptr_v2: 64 bits on every 64-bit host */
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef uint64_t cuuint64_t;

typedef int CUjit_option;
#define CU_JIT_INFO_LOG_BUFFER 3
#define CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES 4
#define CU_JIT_ERROR_LOG_BUFFER 5
#define CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES 6

typedef int CUfunction_attribute;
#define CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES 8

typedef int CUdevice_attribute;
#define CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT 16
#define CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE 38
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR 75
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR 76
#define CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN 97

#define CU_EVENT_DEFAULT 0

/* Tensor maps (cuTensorMapEncodeTiled, CUDA 12.0+): the enums' values, from cuda.h 13.0. */
#define CU_TENSOR_MAP_NUM_QWORDS 16 /* 128 bytes, 64-byte aligned */
typedef int CUtensorMapDataType;
#define CU_TENSOR_MAP_DATA_TYPE_UINT8 0
#define CU_TENSOR_MAP_DATA_TYPE_UINT16 1
#define CU_TENSOR_MAP_DATA_TYPE_UINT32 2
#define CU_TENSOR_MAP_DATA_TYPE_INT32 3
#define CU_TENSOR_MAP_DATA_TYPE_UINT64 4
#define CU_TENSOR_MAP_DATA_TYPE_INT64 5
#define CU_TENSOR_MAP_DATA_TYPE_FLOAT16 6
#define CU_TENSOR_MAP_DATA_TYPE_FLOAT32 7
#define CU_TENSOR_MAP_DATA_TYPE_FLOAT64 8
#define CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 9
typedef int CUtensorMapInterleave;
#define CU_TENSOR_MAP_INTERLEAVE_NONE 0
typedef int CUtensorMapSwizzle;
#define CU_TENSOR_MAP_SWIZZLE_NONE 0
#define CU_TENSOR_MAP_SWIZZLE_32B 1
#define CU_TENSOR_MAP_SWIZZLE_64B 2
#define CU_TENSOR_MAP_SWIZZLE_128B 3
typedef int CUtensorMapL2promotion;
#define CU_TENSOR_MAP_L2_PROMOTION_L2_128B 2
typedef int CUtensorMapFloatOOBfill;
#define CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE 0

/* cuGetProcAddress_v2 (CUDA 12.0+). */
/* Stream-ordered allocation from a memory pool (the global scratch of in-kernel tensor
 * descriptors, runtime/module.c). */
typedef struct CUmemPoolHandle_st *CUmemoryPool;
typedef struct CUmemPoolProps {
  int allocType;   /* CU_MEM_ALLOCATION_TYPE_PINNED */
  int handleTypes; /* 0: none */
  struct { int type; int id; } location; /* CU_MEM_LOCATION_TYPE_DEVICE, ordinal */
  void *win32SecurityAttributes;
  size_t maxSize;
  unsigned short usage;
  unsigned char reserved[54];
} CUmemPoolProps;
#define CU_MEM_ALLOCATION_TYPE_PINNED 1
#define CU_MEM_LOCATION_TYPE_DEVICE 1
typedef int CUmemPool_attribute;
#define CU_MEMPOOL_ATTR_RELEASE_THRESHOLD 4

typedef int CUdriverProcAddressQueryResult;
#define CU_GET_PROC_ADDRESS_SUCCESS 0
#define CU_GET_PROC_ADDRESS_LEGACY_STREAM 1

#endif
