//go:build amd64 && !purego

#include "textflag.h"

// SSE2 kernels for autodiff's hot element-wise loops (ops_dense.go,
// fastexp.go); the portable versions, which give the same bits, are in
// simd_generic.go, which the purego build tag selects on amd64 too
// (expScale's is empty: its caller does every element in Go).

// func addBiasReLU(row, bias []float64)
TEXT ·addBiasReLU(SB), NOSPLIT, $0-48
	MOVQ row_base+0(FP), DI
	MOVQ row_len+8(FP), CX
	MOVQ bias_base+24(FP), SI
	XORPD X7, X7
	MOVQ CX, DX
	SHRQ $1, DX
	JZ tail
loop:
	MOVUPD (DI), X0
	MOVUPD (SI), X1
	ADDPD X1, X0
	MOVAPD X7, X2
	MAXPD X0, X2
	ADDPD X7, X2
	MOVUPD X2, (DI)
	ADDQ $16, DI
	ADDQ $16, SI
	DECQ DX
	JNZ loop
tail:
	ANDQ $1, CX
	JZ done
	MOVSD (DI), X0
	MOVSD (SI), X1
	ADDSD X1, X0
	MOVAPD X7, X2
	MAXSD X0, X2
	ADDSD X7, X2
	MOVSD X2, (DI)
done:
	RET

// func reluMaskSum(z, g, y, acc []float64)
TEXT ·reluMaskSum(SB), NOSPLIT, $0-96
	MOVQ z_base+0(FP), DI
	MOVQ z_len+8(FP), CX
	MOVQ g_base+24(FP), SI
	MOVQ y_base+48(FP), R8
	MOVQ acc_base+72(FP), R9
	XORPD X7, X7
	MOVQ CX, DX
	SHRQ $1, DX
	JZ tail
loop:
	MOVUPD (R8), X0
	CMPPD X7, X0, $4
	MOVUPD (SI), X1
	ANDPD X1, X0
	MOVUPD X0, (DI)
	MOVUPD (R9), X2
	ADDPD X0, X2
	MOVUPD X2, (R9)
	ADDQ $16, DI
	ADDQ $16, SI
	ADDQ $16, R8
	ADDQ $16, R9
	DECQ DX
	JNZ loop
tail:
	ANDQ $1, CX
	JZ done
	MOVSD (R8), X0
	CMPSD X7, X0, $4
	MOVSD (SI), X1
	ANDPD X1, X0
	MOVSD X0, (DI)
	MOVSD (R9), X2
	ADDSD X0, X2
	MOVSD X2, (R9)
done:
	RET

// func expScale(v []float64, s float64, c *[20]float64, table *[64]float64) int
//
// Two lanes of autodiff's expFast at a time, then times s, in place, the
// same operations in the same order (so the same bits). c holds each
// constant twice: 64/ln2, 1.5·2^52, ln2/64 high and low, 1/2, 1/6, 1/24,
// 1/120, the upper and the lower limit. Stops before the first pair with an
// argument outside the limits (or NaN) and returns how many elements it
// did; the caller does that pair in Go.
TEXT ·expScale(SB), NOSPLIT, $0-56
	MOVQ v_base+0(FP), DI
	MOVQ v_len+8(FP), CX
	MOVSD s+24(FP), X14
	SHUFPD $0, X14, X14
	MOVQ c+32(FP), R9
	MOVQ table+40(FP), R10
	MOVUPD 0(R9), X10
	MOVUPD 16(R9), X11
	MOVUPD 32(R9), X12
	MOVUPD 48(R9), X13
	XORQ R11, R11
	SHRQ $1, CX
	JZ done
loop:
	MOVUPD (DI), X0
	// both lanes inside [lower, upper] (NaN fails)?
	MOVAPD X0, X1
	MOVUPD 128(R9), X15
	CMPPD X15, X1, $2
	MOVUPD 144(R9), X3
	CMPPD X0, X3, $2
	ANDPD X3, X1
	MOVMSKPD X1, AX
	CMPQ AX, $3
	JNE done
	// kd = x·64/ln2 + shift; its bits hold k
	MOVAPD X0, X1
	MULPD X10, X1
	ADDPD X11, X1
	MOVAPD X1, X2
	SUBPD X11, X1
	// r = (x - kd·hi) - kd·lo
	MOVAPD X1, X3
	MULPD X12, X3
	MOVAPD X0, X4
	SUBPD X3, X4
	MOVAPD X1, X3
	MULPD X13, X3
	SUBPD X3, X4
	// q = r + r²(1/2 + r/6) + r²r²(1/24 + r/120)
	MOVAPD X4, X5
	MULPD X4, X5
	MOVUPD 80(R9), X15
	MOVAPD X4, X6
	MULPD X15, X6
	MOVUPD 64(R9), X15
	ADDPD X15, X6
	MULPD X5, X6
	ADDPD X4, X6
	MOVUPD 112(R9), X15
	MOVAPD X4, X7
	MULPD X15, X7
	MOVUPD 96(R9), X15
	ADDPD X15, X7
	MOVAPD X5, X3
	MULPD X5, X3
	MULPD X3, X7
	ADDPD X7, X6
	// t = table[k & 63] per lane, times 2^(k>>6) through the exponent bits
	MOVQ X2, AX
	ANDQ $63, AX
	MOVSD (R10)(AX*8), X8
	PSHUFD $0xEE, X2, X9
	MOVQ X9, BX
	ANDQ $63, BX
	MOVHPD (R10)(BX*8), X8
	PSRLQ $6, X2
	PSLLQ $52, X2
	PADDQ X2, X8
	// s·(t + t·q)
	MOVAPD X8, X9
	MULPD X6, X9
	ADDPD X9, X8
	MULPD X14, X8
	MOVUPD X8, (DI)
	ADDQ $16, DI
	ADDQ $2, R11
	DECQ CX
	JNZ loop
done:
	MOVQ R11, ret+48(FP)
	RET
