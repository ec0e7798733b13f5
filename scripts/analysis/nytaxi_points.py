#!/usr/bin/env python3
"""Where the nytaxi test NLL comes from, point by point.

The test NLL of a run is the mean over its test points of each point's KDE
NLL (models.md §8). `mgp eval --run DIR --points-out FILE.csv` writes those
per-point values. This script

  merge DIR OUT   joins the files DIR/<model>-<variant>-s<seed>.csv (one per
                  run; the same seed means the same test split) into
                  OUT/s<seed>.csv.gz: test_row, duration_s and one NLL column
                  per model/variant, 7 significant digits;
  summary OUT     prints, from those files, a Markdown table per run: the
                  mean (the run's test NLL), the median, the mean without the
                  run's own worst 1 % of points, its worst point and that
                  point's share of the mean, and against SGP on the same
                  split the share of points it scores better and the mean
                  point difference trimmed by 1 % at each end;
  bymodel OUT     prints one row per model/variant with the seeds side by
                  side: the test NLL, the mean without the worst 1 %, and
                  the trimmed mean point difference to SGP.
  seeds OUT       prints one row per model/variant over all its seeds, for
                  when the seeds are too many to sit side by side: the
                  number of seeds, the test NLL's mean ± population sd and
                  range, the seeds on which it is below SGP's, the same for
                  the mean without the worst 1 %, and the trimmed mean point
                  difference to SGP with the seeds on which it is negative.
  perseed OUT     prints the test NLL alone with the seeds side by side,
                  each seed's lowest in bold, then the mean ± population sd,
                  the seeds on which the run is lowest of all runs and those
                  on which it is below SGP's.

Standard library only: python3 scripts/analysis/nytaxi_points.py summary results/nytaxi/points
"""
import csv
import glob
import gzip
import os
import statistics
import sys

ORDER = ['sgp', 'hnn', 'svhgp', 'shgp', 'mdn', 'dagp', 'smgp', 'cvae', 'gpcde', 'slgp']


def merge(src, out):
    runs = {}
    for path in sorted(glob.glob(os.path.join(src, '*.csv'))):
        model, variant, seed = os.path.basename(path)[:-4].rsplit('-', 2)
        with open(path, newline='') as f:
            rows = list(csv.DictReader(f))
        runs.setdefault(seed, {})[model + '/' + variant] = rows
    os.makedirs(out, exist_ok=True)
    for seed, by_run in runs.items():
        names = run_order(by_run)
        first = by_run[names[0]]
        for name in names:
            rows = by_run[name]
            if len(rows) != len(first) or any(a['duration_s'] != b['duration_s'] for a, b in zip(rows, first)):
                sys.exit(f'{name} {seed}: another test split than {names[0]}')
        path = os.path.join(out, seed + '.csv.gz')
        with gzip.open(path, 'wt', newline='') as f:
            w = csv.writer(f)
            w.writerow(['test_row', 'duration_s'] + names)
            for i, row in enumerate(first):
                w.writerow([i, row['duration_s']] + ['%.7g' % float(by_run[n][i]['nll']) for n in names])
        print(f'wrote {path}: {len(first)} points, {len(names)} runs')


def load(out):
    seeds = {}
    for path in sorted(glob.glob(os.path.join(out, 's*.csv.gz'))):
        with gzip.open(path, 'rt', newline='') as f:
            r = csv.reader(f)
            head = next(r)
            cols = list(zip(*r))
        seeds[os.path.basename(path)[:-7]] = {name: [float(v) for v in col] for name, col in zip(head[2:], cols[2:])}
    return seeds


def run_order(names):
    """The model/variant names in the paper's model order."""
    return sorted(names, key=lambda k: (ORDER.index(k.split('/')[0]), k))


def seed_order(seeds):
    """The seed keys ('s0', 's1', ...) of load's result in increasing seed."""
    return sorted(seeds, key=lambda s: int(s[1:]))


def mean_sd(v):
    """The mean and population sd of v."""
    m = sum(v) / len(v)
    return m, (sum((a - m) ** 2 for a in v) / len(v)) ** 0.5


def without_worst(x):
    """The mean of x without its largest 1 % (all of x below 100 points)."""
    k = len(x) // 100
    return sum(sorted(x)[:len(x) - k]) / (len(x) - k)


def trimmed_diff(x, base):
    """The mean of the point differences x - base without their 1 % largest and 1 % smallest."""
    n = len(x)
    k = n // 100
    d = sorted((a - b for a, b in zip(x, base)), reverse=True)
    return sum(d[k:n - k]) / (n - 2 * k)


def summary(out):
    print('| run | seed | test NLL | median | without its worst 1 % | worst point | its share of the mean '
          '| points better than SGP | mean point difference to SGP without its 1 % largest and 1 % smallest |')
    print('|---|---|---|---|---|---|---|---|---|')
    seeds = load(out)
    for seed in seed_order(seeds):
        runs = seeds[seed]
        base = runs.get('sgp/paper')
        for name, x in runs.items():
            n = len(x)
            xs = sorted(x)
            better = diff = '–'
            if base is not None and name != 'sgp/paper':
                better = '%.0f %%' % (100 * sum(a < b for a, b in zip(x, base)) / n)
                diff = '%+.3f' % trimmed_diff(x, base)
            print(f'| {name} | {seed[1:]} | {sum(x) / n:.3f} | {statistics.median(x):.3f} | '
                  f'{without_worst(x):.3f} | {xs[-1]:.0f} | {xs[-1] / n:.3f} | {better} | {diff} |')


def bymodel(out):
    seeds = load(out)
    names = run_order({n for runs in seeds.values() for n in runs})
    order = seed_order(seeds)
    cols = ' | '.join(f'seed {s[1:]}' for s in order)
    print(f'| run | test NLL: {cols} | without the worst 1 %: {cols} | against SGP, mean point difference without the 1 % largest and 1 % smallest: {cols} |')
    print('|---|' + '---|' * (3 * len(order)))
    for name in names:
        nll, trim, diff = [], [], []
        for s in order:
            x = seeds[s].get(name)
            base = seeds[s].get('sgp/paper')
            if x is None:
                nll.append('–'); trim.append('–'); diff.append('–')
                continue
            nll.append(f'{sum(x) / len(x):.3f}')
            trim.append(f'{without_worst(x):.3f}')
            if base is None or name == 'sgp/paper':
                diff.append('–')
            else:
                diff.append(f'{trimmed_diff(x, base):+.3f}')
        print(f"| {name} | {' | '.join(nll)} | {' | '.join(trim)} | {' | '.join(diff)} |")


def spread(v, sign=''):
    m, sd = mean_sd(v)
    return f'{m:{sign}.3f} ± {sd:.3f} ({min(v):.3f} to {max(v):.3f})'


def seeds_table(out):
    seeds = load(out)
    names = run_order({n for runs in seeds.values() for n in runs})
    print('| run | seeds | test NLL: mean ± sd (range) | below SGP on | without the worst 1 %: mean ± sd (range) '
          '| below SGP on | against SGP, mean point difference without the 1 % largest and 1 % smallest: '
          'mean ± sd (range) | negative on |')
    print('|---|---|---|---|---|---|---|---|')
    for name in names:
        nll, trim, diff = [], [], []
        below = below_trim = neg = 0
        for s in seed_order(seeds):
            x = seeds[s].get(name)
            if x is None:
                continue
            base = seeds[s].get('sgp/paper')
            nll.append(sum(x) / len(x))
            trim.append(without_worst(x))
            if base is not None and name != 'sgp/paper':
                below += nll[-1] < sum(base) / len(base)
                below_trim += trim[-1] < without_worst(base)
                diff.append(trimmed_diff(x, base))
                neg += diff[-1] < 0
        if name == 'sgp/paper':
            print(f'| {name} | {len(nll)} | {spread(nll)} | – | {spread(trim)} | – | – | – |')
            continue
        paired = len(diff)
        d = spread(diff, '+') if paired else '–'
        print(f'| {name} | {len(nll)} | {spread(nll)} | {below} of {paired} | {spread(trim)} | {below_trim} of {paired} '
              f'| {d} | {neg} of {paired} |')


def perseed(out):
    seeds = load(out)
    names = run_order({n for runs in seeds.values() for n in runs})
    order = seed_order(seeds)
    means = {s: {n: sum(x) / len(x) for n, x in seeds[s].items()} for s in order}
    best = {s: min(means[s].values()) for s in order}
    cols = ' | '.join(f'seed {s[1:]}' for s in order)
    print(f'| run | {cols} | mean ± sd | lowest on | below SGP on |')
    print('|---|' + '---|' * (len(order) + 3))
    for name in names:
        cells, vals = [], []
        lowest = below = paired = 0
        for s in order:
            m = means[s].get(name)
            if m is None:
                cells.append('–')
                continue
            vals.append(m)
            cells.append(f'**{m:.3f}**' if m == best[s] else f'{m:.3f}')
            lowest += m == best[s]
            base = means[s].get('sgp/paper')
            if base is not None and name != 'sgp/paper':
                paired += 1
                below += m < base
        mean, sd = mean_sd(vals)
        b = f'{below} of {paired}' if name != 'sgp/paper' else '–'
        print(f"| {name} | {' | '.join(cells)} | {mean:.3f} ± {sd:.3f} | {lowest} of {len(vals)} | {b} |")


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == 'merge':
        merge(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == 'summary':
        summary(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == 'bymodel':
        bymodel(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == 'seeds':
        seeds_table(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == 'perseed':
        perseed(sys.argv[2])
    else:
        sys.exit(__doc__)
