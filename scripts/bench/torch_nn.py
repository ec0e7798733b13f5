#!/usr/bin/env python3
"""Reference timings for issue 47: one training step (objective, backward,
Adam update) of the neural competitors HNN, MDN and CVAE written directly in
PyTorch, float64, one thread, at the sizes of pkg/models/nn_bench_test.go:
B = 512, d_x = 8, d_y = 1, MLPs [100, 100, 100]; MDN with T = 4, CVAE with
d_w = 1, S = 10 and the heteroscedastic decoder (its decoder on S·B = 5120
rows). The formulas are those of ../shared/docs/models.md (§6.4 HNN, §6.5
MDN, §6.6 CVAE; the variance head sp(r - 5) + 10⁻⁶); nothing is imported
from mgp.

    python3 scripts/bench/torch_nn.py [--steps 200] [--repeat 3] [--models hnn,mdn,cvae]

Needs PyTorch (Debian: apt-get install python3-torch). Each line gives the
wall ms per step per repeat and, in brackets, the process CPU ms per step.
"""
import argparse
import math

import torch

import torch_steps as ts  # shared helpers; importing it tunes malloc (see there)

B, DX, S, T = 512, 8, 10, 4
EPS_R, EPS_D, FLOOR = 1e-6, 1e-6, 1e-6


def head_var(r):
    """The default variance head sp(r - 5) + 10⁻⁶ (models.md §1.4, A-20)."""
    return torch.nn.functional.softplus(r - 5) + FLOOR


def hnn(X, Y):
    net = ts.mlp(DX, 2)

    def objective():
        o = net(X)
        return ts.lognormal(Y, o[:, :1], head_var(o[:, 1:])).mean()

    return objective, list(net.parameters())


def mdn(X, Y):
    net = ts.mlp(DX, 3 * T)

    def objective():
        o = net(X)
        logw = torch.log_softmax(o[:, :T], 1)
        lp = ts.lognormal(Y, o[:, T:2 * T], head_var(o[:, 2 * T:]))
        return torch.logsumexp(logw + lp, 1).mean()

    return objective, list(net.parameters())


def cvae(X, Y):
    prior, post, dec = ts.mlp(DX, 2), ts.mlp(DX + 1, 2), ts.mlp(DX + 1, 2)
    XY = torch.cat([X, Y], 1)
    Xs, Ys = X.repeat(S, 1), Y.repeat(S, 1)  # (S*B, ·), sample-major

    def objective():
        oq, op = post(XY), prior(X)
        muq, vq = oq[:, :1], torch.nn.functional.softplus(oq[:, 1:] - 5)
        mup, vp = op[:, :1], torch.nn.functional.softplus(op[:, 1:] - 5)
        w = muq.repeat(S, 1) + torch.randn(S * B, 1) * torch.sqrt(vq.repeat(S, 1) + EPS_R)
        od = dec(torch.cat([Xs, w], 1))
        rec = ts.lognormal(Ys, od[:, :1], head_var(od[:, 1:])).sum(1)
        va, vb = vq + EPS_D, vp + EPS_D
        kl = 0.5 * (torch.log(vb / va) + (va + (muq - mup) ** 2) / vb - 1)
        return rec.mean() - kl.sum(1).mean()

    return objective, list(prior.parameters()) + list(post.parameters()) + list(dec.parameters())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--models", default="hnn,mdn,cvae")
    a = ap.parse_args()
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()}, float64; "
          f"B={B} d_x={DX} S={S} T={T}", flush=True)
    builds = {"hnn": hnn, "mdn": mdn, "cvae": cvae}
    for name in a.models.split(","):
        steps = a.steps if name != "cvae" else max(a.steps // 10, 20)
        ts.time_step(name, builds[name], steps, a.repeat)


if __name__ == "__main__":
    main()
