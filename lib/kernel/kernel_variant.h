/* One variant of the micro-kernels, included by kernel.c once per target:
 * the float64 and the float32 pair of kernel_micro.h, named with VARIANT
 * (block_f64_base, count_f32_avx2, ...). Expects ATTR, MR, NV, VARIANT(f)
 * and, for each of double (D) and float (F), the variant's vector VD / VF
 * (or the scalar itself), its lanes LD / LF, its fused multiply-add
 * FMAD / FMAF, its broadcast BCD / BCF and a GCC vector GD / GF for
 * comparisons; it undefines them for the next variant. */
#define T double
#define V VD
#define NR (NV * LD)
#define VFMA FMAD
#define VBCAST BCD
#define G GD
#define FINISH finish_f64
#define NAME VARIANT(block_f64)
#define CNAME VARIANT(count_f64)
#define QPACK VARIANT(qpack_f64)
#define ANY VARIANT(any_f64)
#define NRNAME VARIANT(nr_f64)
#include "kernel/kernel_micro.h"
#undef T
#undef V
#undef NR
#undef VFMA
#undef VBCAST
#undef G
#undef FINISH
#undef NAME
#undef CNAME
#undef QPACK
#undef ANY
#undef NRNAME

#define T float
#define V VF
#define NR (NV * LF)
#define VFMA FMAF
#define VBCAST BCF
#define G GF
#define FINISH finish_f32
#define NAME VARIANT(block_f32)
#define CNAME VARIANT(count_f32)
#define QPACK VARIANT(qpack_f32)
#define ANY VARIANT(any_f32)
#define NRNAME VARIANT(nr_f32)
#include "kernel/kernel_micro.h"
#undef T
#undef V
#undef NR
#undef VFMA
#undef VBCAST
#undef G
#undef FINISH
#undef NAME
#undef CNAME
#undef QPACK
#undef ANY
#undef NRNAME

#undef ATTR
#undef MR
#undef NV
#undef VD
#undef VF
#undef LD
#undef LF
#undef FMAD
#undef FMAF
#undef BCD
#undef BCF
#undef GD
#undef GF
#undef VARIANT
