#!/usr/bin/env python3
"""Reference timings for issue 12: one training step (objective, backward,
Adam update) of SGP, SHGP and SLGP written directly in PyTorch, float64, one
thread, at the sizes of pkg/models/bench_test.go (B = 512, M = 100, d_x = 8;
SLGP with S = 10, three 3x100 ReLU MLPs, the hybrid bound, direct inducing
inputs). The formulas are those of ../shared/docs/models.md (§1.2 whitened
SVGP layer, §2 SGP, §3.4 SHGP's analytic ELBO, §5.4-5.6 SLGP); nothing here is
imported from mgp, so the comparison is between two independent
implementations of the same step.

    python3 scripts/bench/torch_steps.py [--steps 200] [--repeat 3]

Needs PyTorch (Debian: apt-get install python3-torch, 1.13.1). Not part of
the build or the tests.
"""
import argparse
import ctypes
import math
import time

import torch

# glibc returns every freed block above its mmap threshold to the kernel, so
# each step's 4 MB activations fault in afresh (about 20000 minor page faults
# a step, 40 % of the SLGP step's time). Keep the heap instead: a tuned
# allocator is what a careful PyTorch user would run, and the faster
# reference is the fairer one.
_libc = ctypes.CDLL("libc.so.6")
for _opt, _val in ((-3, 1 << 30), (-1, 1 << 30), (-2, 256 << 20)):  # M_MMAP_THRESHOLD, M_TRIM_THRESHOLD, M_TOP_PAD
    _libc.mallopt(_opt, _val)

torch.set_default_dtype(torch.float64)
torch.set_num_threads(1)

B, M, DX, N = 512, 100, 8, 10000
JIT_K, EPS_R, EPS_D, EPS_P = 1e-6, 1e-6, 1e-6, 1e-6
LOG2PI = math.log(2 * math.pi)


def pos(rho):
    """GPflow's Log1pe transform: softplus + 1e-6."""
    return torch.nn.functional.softplus(rho) + 1e-6


def pos_init(v, shape=()):
    v = v - 1e-6
    return torch.full(shape, v + math.log(-math.expm1(-v)), requires_grad=True)


class Kernel:
    def __init__(self, d):
        self.var = pos_init(1.0)
        self.ls = pos_init(1.0, (d,))

    def params(self):
        return [self.var, self.ls]

    def __call__(self, a, b):
        ls = pos(self.ls)
        a, b = a / ls, b / ls
        sq = (a * a).sum(1)[:, None] + (b * b).sum(1)[None, :] - 2 * a @ b.T
        return pos(self.var) * torch.exp(-0.5 * sq)


class SVGP:
    """Whitened SVGP layer with one output (models.md §1.2)."""

    def __init__(self, Z):
        m = Z.shape[0]
        self.k = Kernel(Z.shape[1])
        self.Z = Z.clone().requires_grad_(True)
        self.m = torch.zeros(m, 1, requires_grad=True)
        self.R = torch.eye(m).requires_grad_(True)
        self.mask = torch.tril(torch.ones(m, m))

    def params(self):
        return self.k.params() + [self.Z, self.m, self.R]

    def marginals(self, X):
        m = self.Z.shape[0]
        L = torch.linalg.cholesky(self.k(self.Z, self.Z) + JIT_K * torch.eye(m))
        A = torch.linalg.solve_triangular(L, self.k(self.Z, X), upper=False)
        R = self.R * self.mask
        mu = (A.T @ self.m)[:, 0]
        nu = pos(self.k.var) - (A * A).sum(0) + ((R.T @ A) ** 2).sum(0)
        return mu, nu

    def kl(self):
        R = self.R * self.mask
        d = torch.diagonal(R)
        return 0.5 * ((R * R).sum() + (self.m ** 2).sum() - R.shape[0] - torch.log(d * d).sum())


def mlp(d_in, d_out, hidden=(100, 100, 100)):
    layers, n = [], d_in
    for h in hidden:
        layers += [torch.nn.Linear(n, h), torch.nn.ReLU()]
        n = h
    layers.append(torch.nn.Linear(n, d_out))
    return torch.nn.Sequential(*layers).double()


def ve(y, mu, nu, s2):
    return -0.5 * (LOG2PI + torch.log(s2)) - ((y - mu) ** 2 + nu) / (2 * s2)


def lognormal(x, mu, v):
    return -0.5 * (LOG2PI + torch.log(v)) - (x - mu) ** 2 / (2 * v)


def sgp(X, Y):
    layer, noise = SVGP(torch.randn(M, DX)), pos_init(1.0)
    y = Y[:, 0]

    def objective():
        mu, nu = layer.marginals(X)
        return ve(y, mu, nu, pos(noise)).mean() - layer.kl() / N

    return objective, layer.params() + [noise]


def shgp(X, Y):
    f, w = SVGP(torch.randn(M, DX)), SVGP(torch.randn(M, DX))
    mu0, c = torch.zeros((), requires_grad=True), pos_init(1.0)
    y = Y[:, 0]

    def objective():
        mf, vf = f.marginals(X)
        mw, vw = w.marginals(X)
        mw = mw + mu0
        cc = pos(c)
        t = y * y * torch.exp(2 * vw - 2 * mw) - 2 * y * mf * torch.exp(vw / 2 - mw) + mf * mf + vf
        vh = -0.5 * (LOG2PI + torch.log(cc)) - mw - t / (2 * cc)
        return vh.mean() - (f.kl() + w.kl()) / N

    return objective, f.params() + w.params() + [mu0, c]


def slgp(X, Y, S=10, beta=0.01):
    dh = DX + 1
    prior, post, enc = mlp(DX, 2), mlp(DX + 1, 2), mlp(DX + 1, 2 * dh)
    layer, noise, nu0 = SVGP(torch.randn(M, dh)), pos_init(1.0), pos_init(0.01)
    XY = torch.cat([X, Y], 1)
    Xs = X.repeat(S, 1)  # (S*B, d_x), sample-major
    ys = Y[:, 0].repeat(S)

    def objective():
        oq, op = post(XY), prior(X)
        muq, vq = oq[:, :1], torch.nn.functional.softplus(oq[:, 1:] - 5)
        mup, vp = op[:, :1], torch.nn.functional.softplus(op[:, 1:] - 5)
        w = muq.repeat(S, 1) + torch.randn(S * B, 1) * torch.sqrt(vq.repeat(S, 1) + EPS_R)
        xw = torch.cat([Xs, w], 1)
        oh = enc(xw)
        muh, vh = oh[:, :dh], pos(nu0) * torch.sigmoid(oh[:, dh:])
        h = muh + torch.randn(S * B, dh) * torch.sqrt(vh + EPS_R)
        mu, nu = layer.marginals(h)
        E = ve(ys, mu, nu, pos(noise)).view(S, B)
        lp = lognormal(w, mup.repeat(S, 1), vp.repeat(S, 1) + EPS_D)
        lq = lognormal(w, muq.repeat(S, 1), vq.repeat(S, 1) + EPS_D)
        le = torch.tensor(math.log(EPS_P))
        rho = (torch.logaddexp(lp, le) - torch.logaddexp(lq, le)).view(S, B)
        va, vb = vh + EPS_D, pos(nu0) + EPS_D
        klh = 0.5 * (torch.log(vb / va) + (va + (muh - xw) ** 2) / vb - 1)
        klh = klh.sum(1)
        iw = (torch.logsumexp(E + rho, 0) - math.log(S)).mean()
        return iw - beta * klh.mean() - layer.kl() / N

    params = list(prior.parameters()) + list(post.parameters()) + list(enc.parameters())
    return objective, params + layer.params() + [noise, nu0]


def time_adam_steps(name, objective, params, steps, repeat, warm=3, width=5, extra=""):
    """Times Adam steps (lr 0.005) on -objective() after warm ones; prints
    wall ms/step per repeat, then [process CPU ms/step] and extra. Used
    here and by torch_nytaxi.py and torch_mnist.py (medians.py parses the
    line)."""
    opt = torch.optim.Adam(params, lr=0.005)

    def step():
        opt.zero_grad()
        loss = -objective()
        loss.backward()
        opt.step()
        return loss

    for _ in range(warm):
        loss = step()
    if not torch.isfinite(loss):
        raise SystemExit(f"{name}: non-finite objective {loss.item()}")
    wall, cpu = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        for _ in range(steps):
            step()
        wall.append((time.perf_counter() - t0) / steps * 1e3)
        cpu.append((time.process_time() - c0) / steps * 1e3)
    print(f"{name:{width}s} " + " ".join(f"{t:.2f}" for t in wall) + " ms/step wall  ["
          + " ".join(f"{t:.2f}" for t in cpu) + " ms/step cpu]" + extra, flush=True)


def time_step(name, build, steps, repeat):
    torch.manual_seed(1)
    X, Y = torch.randn(B, DX), torch.randn(B, 1)
    objective, params = build(X, Y)
    time_adam_steps(name, objective, params, steps, repeat, warm=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--models", default="sgp,shgp,slgp")
    a = ap.parse_args()
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()}, float64; "
          f"B={B} M={M} d_x={DX}", flush=True)
    builds = {"sgp": sgp, "shgp": shgp, "slgp": slgp}
    for name in a.models.split(","):
        steps = a.steps if name != "slgp" else max(a.steps // 10, 20)
        time_step(name, builds[name], steps, a.repeat)


if __name__ == "__main__":
    main()
