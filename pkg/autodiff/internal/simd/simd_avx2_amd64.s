//go:build amd64 && !purego

#include "textflag.h"

// AVX2 kernels: four lanes of the loops in simd_amd64.s and Adam's update,
// the same operations in the same order as the Go loops (no fused
// multiply-add), so the same bits. Each does the first len/4·4 elements and
// returns that count; the caller does the rest. simd_amd64.go calls them
// only when the CPU and the OS support AVX2.

// func addBiasReLUAVX2(row, bias []float64) int
TEXT ·addBiasReLUAVX2(SB), NOSPLIT, $0-56
	MOVQ row_base+0(FP), DI
	MOVQ row_len+8(FP), CX
	MOVQ bias_base+24(FP), SI
	SHRQ $2, CX
	MOVQ CX, AX
	SHLQ $2, AX
	TESTQ CX, CX
	JZ done
	VXORPD Y7, Y7, Y7
loop:
	VMOVUPD (DI), Y0
	VADDPD (SI), Y0, Y0
	VMAXPD Y0, Y7, Y2
	VADDPD Y7, Y2, Y2
	VMOVUPD Y2, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	DECQ CX
	JNZ loop
	VZEROUPPER
done:
	MOVQ AX, ret+48(FP)
	RET

// func reluMaskSumAVX2(z, g, y, acc []float64) int
TEXT ·reluMaskSumAVX2(SB), NOSPLIT, $0-104
	MOVQ z_base+0(FP), DI
	MOVQ z_len+8(FP), CX
	MOVQ g_base+24(FP), SI
	MOVQ y_base+48(FP), R8
	MOVQ acc_base+72(FP), R9
	SHRQ $2, CX
	MOVQ CX, AX
	SHLQ $2, AX
	TESTQ CX, CX
	JZ done
	VXORPD Y7, Y7, Y7
loop:
	VMOVUPD (R8), Y0
	VCMPPD $4, Y7, Y0, Y0
	VANDPD (SI), Y0, Y0
	VMOVUPD Y0, (DI)
	VMOVUPD (R9), Y2
	VADDPD Y0, Y2, Y2
	VMOVUPD Y2, (R9)
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, R8
	ADDQ $32, R9
	DECQ CX
	JNZ loop
	VZEROUPPER
done:
	MOVQ AX, ret+96(FP)
	RET

// func adamAVX2(x, m, v, g []float64, k *[6]float64) int
//
// k holds β₁, 1-β₁, β₂, 1-β₂, α_t and ε. Per element, as Adam.Step's Go
// loop: m = β₁m + (1-β₁)g; v = β₂v + ((1-β₂)g)g; x -= (α_t m)/(√v + ε).
TEXT ·adamAVX2(SB), NOSPLIT, $0-112
	MOVQ x_base+0(FP), DI
	MOVQ x_len+8(FP), CX
	MOVQ m_base+24(FP), SI
	MOVQ v_base+48(FP), R8
	MOVQ g_base+72(FP), R9
	MOVQ k+96(FP), R10
	SHRQ $2, CX
	MOVQ CX, AX
	SHLQ $2, AX
	TESTQ CX, CX
	JZ done
	VBROADCASTSD 0(R10), Y8
	VBROADCASTSD 8(R10), Y9
	VBROADCASTSD 16(R10), Y10
	VBROADCASTSD 24(R10), Y11
	VBROADCASTSD 32(R10), Y12
	VBROADCASTSD 40(R10), Y13
loop:
	VMOVUPD (R9), Y0
	VMOVUPD (SI), Y1
	VMULPD Y1, Y8, Y1
	VMULPD Y0, Y9, Y2
	VADDPD Y2, Y1, Y1
	VMOVUPD Y1, (SI)
	VMOVUPD (R8), Y3
	VMULPD Y3, Y10, Y3
	VMULPD Y0, Y11, Y4
	VMULPD Y0, Y4, Y4
	VADDPD Y4, Y3, Y3
	VMOVUPD Y3, (R8)
	VSQRTPD Y3, Y5
	VADDPD Y13, Y5, Y5
	VMULPD Y1, Y12, Y6
	VDIVPD Y5, Y6, Y6
	VMOVUPD (DI), Y7
	VSUBPD Y6, Y7, Y7
	VMOVUPD Y7, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, R8
	ADDQ $32, R9
	DECQ CX
	JNZ loop
	VZEROUPPER
done:
	MOVQ AX, ret+104(FP)
	RET
