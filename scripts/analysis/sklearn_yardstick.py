#!/usr/bin/env python3
"""The honest yardstick of `mgp compare`: scikit-learn's exact GP regressor
on compare's own splits.

For every split that an `mgp compare` report lists (report.json's
split_rows: each split's test rows, 0-based data rows of the CSV in file
order), fit sklearn.gaussian_process.GaussianProcessRegressor with
C * Matern(nu=2.5, ARD) + WhiteKernel (2 optimiser restarts, inputs
standardised on the split's training rows, normalize_y) on the training
rows and score the test rows: the exact Gaussian NLL in the original y
units, and the coverage of the central 50 % and 90 % intervals. It prints,
as Markdown, these beside each mgp candidate's test NLL (its own predictive
density where report.json has it, and the KDE), paired over the splits.

Needs Debian's python3-sklearn (not a test dependency of mgp):

    python3 scripts/analysis/sklearn_yardstick.py --report DIR/report.json --data DATA.csv [--out FILE.md]

--data defaults to report.json's data path, relative to the current
directory.
"""
import argparse
import csv
import json
import math
import sys
import time

import numpy as np
from sklearn.gaussian_process import GaussianProcessRegressor
from sklearn.gaussian_process.kernels import ConstantKernel, Matern, WhiteKernel

Z50, Z90 = 0.6744897501960817, 1.6448536269514722


def read_csv(path, inputs, target):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    head = [h.strip() for h in rows[0]]
    ix = [head.index(c) for c in inputs]
    iy = head.index(target)
    X = np.array([[float(r[i]) for i in ix] for r in rows[1:]])
    y = np.array([float(r[iy]) for r in rows[1:]])
    return X, y


def fit_score(X, y, test, seed):
    mask = np.zeros(len(y), bool)
    mask[test] = True
    Xtr, ytr, Xte, yte = X[~mask], y[~mask], X[mask], y[mask]
    mu, sd = Xtr.mean(0), Xtr.std(0)
    sd[sd == 0] = 1
    Xtr, Xte = (Xtr - mu) / sd, (Xte - mu) / sd
    d = X.shape[1]
    kernel = ConstantKernel(1.0) * Matern(length_scale=np.ones(d), nu=2.5) + WhiteKernel(0.1)
    gpr = GaussianProcessRegressor(kernel=kernel, normalize_y=True, n_restarts_optimizer=2, random_state=seed)
    gpr.fit(Xtr, ytr)
    m, s = gpr.predict(Xte, return_std=True)
    z = (yte - m) / s
    nll = float(np.mean(0.5 * z * z + np.log(s) + 0.5 * math.log(2 * math.pi)))
    return nll, float(np.mean(np.abs(z) <= Z50)), float(np.mean(np.abs(z) <= Z90))


def mean_se(v):
    v = [x for x in v if x is not None]
    if not v:
        return float("nan"), float("nan")
    m = sum(v) / len(v)
    if len(v) < 2:
        return m, float("nan")
    sd = math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1))
    return m, sd / math.sqrt(len(v))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--report", required=True)
    ap.add_argument("--data")
    ap.add_argument("--out")
    a = ap.parse_args()
    rep = json.load(open(a.report))
    if "split_rows" not in rep:
        sys.exit("%s has no split_rows: re-render it with an mgp compare that writes them" % a.report)
    X, y = read_csv(a.data or rep["data"], rep["inputs"], rep["target"])
    if len(y) != rep["rows"]:
        sys.exit("%s has %d rows, the report %d: not the compared file" % (a.data, len(y), rep["rows"]))
    t0 = time.time()
    sk = [fit_score(X, y, s["test_rows"], s["seed"]) for s in rep["split_rows"]]
    secs = time.time() - t0
    K = len(sk)
    out = []
    out.append("# scikit-learn's exact GP on the splits of %s\n" % a.report)
    out.append("GaussianProcessRegressor(C * Matern(nu=2.5, ARD) + WhiteKernel, normalize_y, 2 restarts), "
               "inputs standardised on each split's training rows; %d splits fitted in %.1f s. "
               "NLL: exact Gaussian, original y units, mean over the test rows; mean ± standard error over the splits; "
               "Δ: the paired per-split difference from scikit-learn (negative: mgp's candidate is better), with the "
               "number of splits it wins.\n" % (K, secs))
    out.append("| model | test NLL (own density) | Δ vs sklearn | wins | test NLL (KDE) | 50 % cov. | 90 % cov. |")
    out.append("|---|---|---|---|---|---|---|")
    m, se = mean_se([s[0] for s in sk])
    c50, _ = mean_se([s[1] for s in sk])
    c90, _ = mean_se([s[2] for s in sk])
    out.append("| sklearn exact GPR | %.3f ± %.3f | – | – | – | %.2f | %.2f |" % (m, se, c50, c90))
    for mod in rep["models"]:
        sp = mod["splits"]
        if len(sp) != K:
            continue
        own = [s.get("density_nll") for s in sp]
        kde = [s.get("nll") for s in sp]
        d = [o - k[0] if o is not None else None for o, k in zip(own, sk)]
        wins = sum(1 for x in d if x is not None and x < 0)
        om, ose = mean_se(own)
        dm, dse = mean_se(d)
        km, kse = mean_se(kde)
        p50, _ = mean_se([s.get("coverage_50") for s in sp])
        p90, _ = mean_se([s.get("coverage_90") for s in sp])
        out.append("| %s | %.3f ± %.3f | %+.3f ± %.3f | %d of %d | %.3f ± %.3f | %.2f | %.2f |" % (
            mod["model"], om, ose, dm, dse, wins, K, km, kse, p50, p90))
    text = "\n".join(out) + "\n"
    if a.out:
        open(a.out, "w").write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
