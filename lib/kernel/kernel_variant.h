/* One variant of the micro-kernels, included by kernel.c once per target:
 * the float64 and the float32 kernels of kernel_micro.h, named with
 * VARIANT and the type (block_avx2_f64, count_avx512_f32, ...). Expects
 * ATTR, MR, NV, VARIANT(f) and, for each type suffix S (_f64 and _f32), the
 * variant's vector VEC##S (or the scalar itself), its lanes LANES##S, its
 * fused multiply-add VFMA##S, its broadcast VBCAST##S and its comparison
 * VNOTBELOW##S (the bits of the lanes not below a value), and COS_FILTER
 * (1: cos's count skips the division where it can); it undefines
 * them for the next variant. Not a header of its own. */
#define T double
#define SFX _f64
#include "kernel/kernel_micro.h"
#undef T
#undef SFX

#define T float
#define SFX _f32
#include "kernel/kernel_micro.h"
#undef T
#undef SFX

#undef ATTR
#undef MR
#undef NV
#undef VEC_f64
#undef VEC_f32
#undef LANES_f64
#undef LANES_f32
#undef VFMA_f64
#undef VFMA_f32
#undef VBCAST_f64
#undef VBCAST_f32
#undef VNOTBELOW_f64
#undef VNOTBELOW_f32
#undef VARIANT
#undef COS_FILTER
