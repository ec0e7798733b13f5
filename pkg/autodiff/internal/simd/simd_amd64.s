#include "textflag.h"

// SSE2 kernels for autodiff's fused dense layer (ops_dense.go); the portable
// versions, which give the same bits, are in simd_generic.go.

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
