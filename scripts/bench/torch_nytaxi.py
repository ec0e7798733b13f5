#!/usr/bin/env python3
"""Reference timings for issue 29: one training step (objective, backward,
Adam update) of SGP, SHGP, SMGP, DAGP and SLGP written directly in PyTorch,
float64, at the nytaxi shapes of models.md §9.3 and
pkg/models/nytaxi_bench_test.go: batch B = 1024, M = 500 inducing points
(both layers of SHGP and SMGP), d_x = 8, N = 1,278,061 (the full file's
training split), SMGP with T = 4 experts, S = 10 and λ = 0.01 (§4.3,
[C]'s joint bound), SLGP with S = 10, d_w = 1, β = 0.01, the hybrid bound,
direct inducing inputs and three MLPs of hidden sizes [256, 128, 64, 32]
(§5.4-5.6, A-40).

The formulas are those of ../shared/docs/models.md; SGP, SHGP and SLGP are
torch_steps.py's (written from §1.2, §2, §3.4, §5) at the larger shapes,
SMGP is new here, written from §4.3, and DAGP from §6.2 (SMGP with the mean over samples outside the log). Nothing is imported from mgp.

    python3 scripts/bench/torch_nytaxi.py [--threads 1] [--steps 20] [--repeat 3] [--models sgp,shgp,smgp,dagp,slgp]

Each line gives, per repeat, the wall ms per step and, in brackets, the
process CPU ms per step (all threads), which a loaded machine inflates less.
Needs PyTorch (Debian: apt-get install python3-torch). Not part of the build.
"""
import argparse
import math

import torch

import torch_steps as ts  # shared helpers; importing it tunes malloc (see there)

B, M, DX, N = 1024, 500, 8, 1278061
T, S, LAMBDA = 4, 10, 0.01
HIDDEN = (256, 128, 64, 32)
TINY = 2.2250738585072014e-308  # smallest positive normal float64 (§1.6)


class MultiSVGP:
    """Whitened SVGP layer with P outputs sharing one kernel and one Z
    (models.md §1.2): m is M x P, the factors R_p one P x M x M tensor."""

    def __init__(self, Z, P):
        m = Z.shape[0]
        self.k = ts.Kernel(Z.shape[1])
        self.Z = Z.clone().requires_grad_(True)
        self.m = torch.zeros(m, P, requires_grad=True)
        self.R = torch.eye(m).repeat(P, 1, 1).requires_grad_(True)
        self.mask = torch.tril(torch.ones(m, m))

    def params(self):
        return self.k.params() + [self.Z, self.m, self.R]

    def marginals(self, X):
        """Means and variances at the rows of X, each n x P."""
        m = self.Z.shape[0]
        L = torch.linalg.cholesky(self.k(self.Z, self.Z) + ts.JIT_K * torch.eye(m))
        A = torch.linalg.solve_triangular(L, self.k(self.Z, X), upper=False)  # M x n
        R = self.R * self.mask
        mu = A.T @ self.m
        RA = torch.matmul(R.transpose(1, 2), A)  # P x M x n
        nu = ts.pos(self.k.var) - (A * A).sum(0)[:, None] + (RA * RA).sum(1).T
        return mu, nu

    def kl(self):
        R = self.R * self.mask
        d = torch.diagonal(R, dim1=1, dim2=2)
        P, m = self.m.shape[1], self.m.shape[0]
        return 0.5 * ((R * R).sum() + (self.m ** 2).sum() - P * m - torch.log(d * d).sum())


def sgp(X, Y):
    layer, noise = ts.SVGP(torch.randn(M, DX)), ts.pos_init(1.0)
    y = Y[:, 0]

    def objective():
        mu, nu = layer.marginals(X)
        return ts.ve(y, mu, nu, ts.pos(noise)).mean() - layer.kl() / N

    return objective, layer.params() + [noise]


def shgp(X, Y):
    f, w = ts.SVGP(torch.randn(M, DX)), ts.SVGP(torch.randn(M, DX))
    mu0, c = torch.zeros((), requires_grad=True), ts.pos_init(1.0)
    y = Y[:, 0]

    def objective():
        mf, vf = f.marginals(X)
        mw, vw = w.marginals(X)
        mw = mw + mu0
        cc = ts.pos(c)
        t = y * y * torch.exp(2 * vw - 2 * mw) - 2 * y * mf * torch.exp(vw / 2 - mw) + mf * mf + vf
        vh = -0.5 * (ts.LOG2PI + torch.log(cc)) - mw - t / (2 * cc)
        return vh.mean() - (f.kl() + w.kl()) / N

    return objective, f.params() + w.params() + [mu0, c]


def smgp(X, Y, mean=False):
    """[C]'s joint bound (models.md §4.3): S joint (logit, Concrete) samples
    inside one per-point log-mean-exp; with mean, DAGP's (§6.2): the mean
    over the samples outside the log."""
    fl, al = MultiSVGP(torch.randn(M, DX), T), MultiSVGP(torch.randn(M, DX), T)
    noise = ts.pos_init(1.0, (T,))
    y = Y[:, :1]  # B x 1

    def objective():
        mf, vf = fl.marginals(X)  # B x T
        ma, va = al.marginals(X)
        ell = ts.ve(y, mf, vf, ts.pos(noise))  # B x T
        a = ma + torch.randn(S, B, T) * torch.sqrt(va + ts.EPS_R)
        u = torch.rand(S, B, T).clamp_(min=TINY)
        g = -torch.log(-torch.log(u))
        w = torch.exp(torch.log_softmax((a + g) / LAMBDA, dim=2))
        psi = (w * ell).sum(2)  # S x B
        if mean:
            lme = psi.mean()
        else:
            lme = (torch.logsumexp(psi, 0) - math.log(S)).mean()
        return lme - (fl.kl() + al.kl()) / N

    return objective, fl.params() + al.params() + [noise]


def dagp(X, Y):
    """DAGP (models.md §6.2): SMGP's model and step with the sample mean
    outside the log."""
    return smgp(X, Y, mean=True)


def slgp(X, Y, beta=0.01):
    dh = DX + 1
    prior, post = ts.mlp(DX, 2, HIDDEN), ts.mlp(DX + 1, 2, HIDDEN)
    enc = ts.mlp(DX + 1, 2 * dh, HIDDEN)
    layer, noise, nu0 = ts.SVGP(torch.randn(M, dh)), ts.pos_init(1.0), ts.pos_init(0.01)
    XY = torch.cat([X, Y], 1)
    Xs = X.repeat(S, 1)  # (S*B, d_x), sample-major
    ys = Y[:, 0].repeat(S)

    def objective():
        oq, op = post(XY), prior(X)
        muq, vq = oq[:, :1], torch.nn.functional.softplus(oq[:, 1:] - 5)
        mup, vp = op[:, :1], torch.nn.functional.softplus(op[:, 1:] - 5)
        w = muq.repeat(S, 1) + torch.randn(S * B, 1) * torch.sqrt(vq.repeat(S, 1) + ts.EPS_R)
        xw = torch.cat([Xs, w], 1)
        oh = enc(xw)
        muh, vh = oh[:, :dh], ts.pos(nu0) * torch.sigmoid(oh[:, dh:])
        h = muh + torch.randn(S * B, dh) * torch.sqrt(vh + ts.EPS_R)
        mu, nu = layer.marginals(h)
        E = ts.ve(ys, mu, nu, ts.pos(noise)).view(S, B)
        lp = ts.lognormal(w, mup.repeat(S, 1), vp.repeat(S, 1) + ts.EPS_D)
        lq = ts.lognormal(w, muq.repeat(S, 1), vq.repeat(S, 1) + ts.EPS_D)
        le = torch.tensor(math.log(ts.EPS_P))
        rho = (torch.logaddexp(lp, le) - torch.logaddexp(lq, le)).view(S, B)
        va, vb = vh + ts.EPS_D, ts.pos(nu0) + ts.EPS_D
        klh = 0.5 * (torch.log(vb / va) + (va + (muh - xw) ** 2) / vb - 1)
        klh = klh.sum(1)
        iw = (torch.logsumexp(E + rho, 0) - math.log(S)).mean()
        return iw - beta * klh.mean() - layer.kl() / N

    params = list(prior.parameters()) + list(post.parameters()) + list(enc.parameters())
    return objective, params + layer.params() + [noise, nu0]


def time_step(name, build, X, Y, steps, repeat, warm=3):
    """Prints wall ms/step per repeat, then [process CPU ms/step]."""
    torch.manual_seed(1)
    objective, params = build(X, Y)
    ts.time_adam_steps(name, objective, params, steps, repeat, warm)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--steps", type=int, default=20, help="steps per repeat (SGP: 5x as many)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--models", default="sgp,shgp,smgp,dagp,slgp")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()}, float64; "
          f"nytaxi shapes B={B} M={M} d_x={DX} T={T} S={S} MLPs {list(HIDDEN)}", flush=True)
    torch.manual_seed(0)
    X, Y = torch.randn(B, DX), torch.randn(B, 1)
    builds = {"sgp": sgp, "shgp": shgp, "smgp": smgp, "dagp": dagp, "slgp": slgp}
    for name in a.models.split(","):
        steps = a.steps * 5 if name == "sgp" else a.steps
        time_step(name, builds[name], X, Y, steps, a.repeat)


if __name__ == "__main__":
    main()
