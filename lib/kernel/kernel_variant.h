/* One variant of the micro-kernels, included by kernel.c once per target:
 * the float64 and the float32 pair of kernel_micro.h, named with VARIANT
 * (block_f64_base, count_f32_avx2, ...). Expects ATTR, MR, NV, VD and VF
 * (the variant's native vectors of double and float) and VARIANT(f); it
 * undefines them for the next variant. */
#define T double
#define V VD
#define NR 16
#define SQRT sqrt
#define NAME VARIANT(block_f64)
#define CNAME VARIANT(count_f64)
#include "kernel/kernel_micro.h"
#undef T
#undef V
#undef NR
#undef SQRT
#undef NAME
#undef CNAME

#define T float
#define V VF
#define NR 32
#define SQRT sqrtf
#define NAME VARIANT(block_f32)
#define CNAME VARIANT(count_f32)
#include "kernel/kernel_micro.h"
#undef T
#undef V
#undef NR
#undef SQRT
#undef NAME
#undef CNAME

#undef ATTR
#undef MR
#undef NV
#undef VD
#undef VF
#undef VARIANT
