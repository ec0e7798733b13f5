#!/usr/bin/env python3
"""Reference timings for issue 30: one training step (objective, backward,
Adam update) of the mnist models of models.md §9.4, written directly in
PyTorch, float64, at the paper's sizes and those of
pkg/models/mnist_bench_test.go: batch 64 one-hot labels (d_x = 10), 784
pixels out, S = 10, MLPs [512, 512, 512], d_w = 2 and 16, N = 63,000.

* slgp: the multi-output SLGP (§9.4 item 3): one whitened GP layer with 784
  outputs sharing one SE-ARD kernel on h and one Z (M = 100, direct design),
  q(v_d) = N(m_d, R_d R_dᵀ) per pixel, one scalar noise, d_h = 10 + d_w,
  β = 0.01, the hybrid bound (§5.6). The data term sums the 784 per-pixel
  VEs; with one noise variance it needs Σ_d ν_d = P(σ_k² − ‖a‖²) + aᵀCa,
  C = Σ_d R_d R_dᵀ, as §9.4 describes, so the per-pixel R_dᵀA products are
  not formed (the objective is the same to rounding).
* cvae-hetero / cvae-homo: the CVAE of §6.6, the decoder's variance from the
  default head (sp(r − 5) + 10⁻⁶, per pixel) or one Log1pe noise variance
  (A-24's homoscedastic flag).

Nothing is imported from mgp.

    python3 scripts/bench/torch_mnist.py [--threads 1] [--steps 10] [--repeat 3] [--dw 2,16] [--models slgp,cvae-hetero,cvae-homo]

Each line gives the wall ms per step per repeat and, in brackets, the
process CPU ms per step. Needs PyTorch (Debian: python3-torch).
"""
import argparse
import math

import torch

import torch_steps as ts  # shared helpers; importing it tunes malloc (see there)

B, P, DX, M, S, N = 64, 784, 10, 100, 10, 63000
HIDDEN = (512, 512, 512)
BETA = 0.01


def head_var(r):
    """The default variance head sp(r − 5) (models.md §1.4)."""
    return torch.nn.functional.softplus(r - 5)


def wnets(dw):
    """MLP_p on x and MLP_q on [x, y] (§5.2)."""
    return ts.mlp(DX, 2 * dw, HIDDEN), ts.mlp(DX + P, 2 * dw, HIDDEN)


def slgp(X, Y, dw):
    dh = DX + dw
    prior, post = wnets(dw)
    enc = ts.mlp(DX + dw, 2 * dh, HIDDEN)
    kern = ts.Kernel(dh)
    # Z (direct design, A-35): one-hot rows with replacement, N(0, 1) w-part.
    Z = torch.cat([torch.eye(DX)[torch.randint(DX, (M,))], torch.randn(M, dw)], 1).requires_grad_(True)
    m = torch.zeros(M, P, requires_grad=True)
    # R_d stored as M x P x M (R[i, d, j] = (R_d)_ij) so that the masked
    # factors are one M x PM matrix and C = Σ_d R_d R_dᵀ one GEMM.
    R = torch.eye(M)[:, None, :].repeat(1, P, 1).requires_grad_(True)
    mask = torch.tril(torch.ones(M, M))[:, None, :]
    noise, nu0 = ts.pos_init(1.0), ts.pos_init(0.01)
    XY = torch.cat([X, Y], 1)
    Xs, Ys = X.repeat(S, 1), Y.repeat(S, 1)

    def objective():
        oq, op = post(XY), prior(X)
        muq, vq = oq[:, :dw], head_var(oq[:, dw:])
        mup, vp = op[:, :dw], head_var(op[:, dw:])
        w = muq.repeat(S, 1) + torch.randn(S * B, dw) * torch.sqrt(vq.repeat(S, 1) + ts.EPS_R)
        xw = torch.cat([Xs, w], 1)
        oh = enc(xw)
        muh, vh = oh[:, :dh], ts.pos(nu0) * torch.sigmoid(oh[:, dh:])
        h = muh + torch.randn(S * B, dh) * torch.sqrt(vh + ts.EPS_R)
        # GP layer, whitened (§1.2), P outputs, variances summed over d.
        L = torch.linalg.cholesky(kern(Z, Z) + ts.JIT_K * torch.eye(M))
        A = torch.linalg.solve_triangular(L, kern(Z, h), upper=False)  # M x n
        Rm = (R * mask).reshape(M, P * M)
        C = Rm @ Rm.T
        mu = A.T @ m  # n x P
        vsum = P * (ts.pos(kern.var) - (A * A).sum(0)) + (A * (C @ A)).sum(0)
        s2 = ts.pos(noise)
        E = (-0.5 * P * (ts.LOG2PI + torch.log(s2))
             - (((Ys - mu) ** 2).sum(1) + vsum) / (2 * s2)).view(S, B)
        lp = ts.lognormal(w, mup.repeat(S, 1), vp.repeat(S, 1) + ts.EPS_D)
        lq = ts.lognormal(w, muq.repeat(S, 1), vq.repeat(S, 1) + ts.EPS_D)
        le = torch.tensor(math.log(ts.EPS_P))
        rho = (torch.logaddexp(lp, le) - torch.logaddexp(lq, le)).sum(1).view(S, B)
        va, vb = vh + ts.EPS_D, ts.pos(nu0) + ts.EPS_D
        klh = 0.5 * (torch.log(vb / va) + (va + (muh - xw) ** 2) / vb - 1)
        iw = (torch.logsumexp(E + rho, 0) - math.log(S)).mean()
        Rd = torch.diagonal(R, dim1=0, dim2=2)  # P x M
        klu = 0.5 * ((Rm * Rm).sum() + (m * m).sum() - P * M - torch.log(Rd * Rd).sum())
        return iw - BETA * klh.sum(1).mean() - klu / N

    params = list(prior.parameters()) + list(post.parameters()) + list(enc.parameters())
    return objective, params + kern.params() + [Z, m, R, noise, nu0]


def cvae(X, Y, dw, hetero):
    prior, post = wnets(dw)
    dec = ts.mlp(DX + dw, 2 * P if hetero else P, HIDDEN)
    noise = ts.pos_init(1.0)
    XY = torch.cat([X, Y], 1)
    Xs, Ys = X.repeat(S, 1), Y.repeat(S, 1)

    def objective():
        oq, op = post(XY), prior(X)
        muq, vq = oq[:, :dw], head_var(oq[:, dw:])
        mup, vp = op[:, :dw], head_var(op[:, dw:])
        w = muq.repeat(S, 1) + torch.randn(S * B, dw) * torch.sqrt(vq.repeat(S, 1) + ts.EPS_R)
        od = dec(torch.cat([Xs, w], 1))
        if hetero:
            mud, vd = od[:, :P], head_var(od[:, P:]) + ts.EPS_D
        else:
            mud, vd = od, ts.pos(noise)
        ll = ts.lognormal(Ys, mud, vd).sum() / (S * B)
        va, vb = vq + ts.EPS_D, vp + ts.EPS_D
        klw = 0.5 * (torch.log(vb / va) + (va + (muq - mup) ** 2) / vb - 1)
        return ll - klw.sum(1).mean()

    params = list(prior.parameters()) + list(post.parameters()) + list(dec.parameters())
    return objective, params + ([] if hetero else [noise])


def time_step(name, build, steps, repeat, warm=3):
    """Prints wall ms/step per repeat, then [process CPU ms/step] and the
    parameter count."""
    torch.manual_seed(5)
    X = torch.nn.functional.one_hot(torch.randint(DX, (B,)), DX).double()
    Y = torch.rand(B, P)
    objective, params = build(X, Y)
    n = sum(p.numel() for p in params)
    ts.time_adam_steps(name, objective, params, steps, repeat, warm, width=16, extra=f"  {n} params")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--steps", type=int, default=10, help="steps per repeat")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--dw", default="2,16")
    ap.add_argument("--models", default="slgp,cvae-hetero,cvae-homo")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()}, float64; "
          f"mnist shapes B={B} P={P} M={M} S={S} MLPs {list(HIDDEN)}", flush=True)
    builds = {"slgp": lambda X, Y, dw: slgp(X, Y, dw),
              "cvae-hetero": lambda X, Y, dw: cvae(X, Y, dw, True),
              "cvae-homo": lambda X, Y, dw: cvae(X, Y, dw, False)}
    for dw in (int(v) for v in a.dw.split(",")):
        for name in a.models.split(","):
            time_step(f"{name}/dw{dw}", lambda X, Y: builds[name](X, Y, dw), a.steps, a.repeat)


if __name__ == "__main__":
    main()
