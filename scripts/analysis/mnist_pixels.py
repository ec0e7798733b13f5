#!/usr/bin/env python3
"""Where a run's mnist test NLL comes from, pixel by pixel (issue 43).

`mgp eval --run DIR --outputs-out FILE.csv` writes one row per pixel: its
index, the mean and sd of its test targets and its KDE NLL averaged over the
7,000 test images; the NLL column sums to the run's test NLL per image. This
script groups the pixels of each file it is given by what the test images
hold there:

  blank  every test image is 0 there (sd of the targets 0);
  faint  some ink, mean under 0.05;
  ink    mean 0.05 or more;

and prints, per file and group, the number of pixels, the group's share of
the NLL per image and its mean per pixel. Standard library only:

  python3 scripts/analysis/mnist_pixels.py LABEL=FILE.csv [LABEL=FILE.csv ...]
"""
import csv
import sys


def groups(path):
    out = {'blank': [], 'faint': [], 'ink': []}
    with open(path, newline='') as f:
        for r in csv.DictReader(f):
            mean, sd, nll = float(r['mean_y']), float(r['sd_y']), float(r['nll'])
            key = 'blank' if sd == 0 else ('faint' if mean < 0.05 else 'ink')
            out[key].append(nll)
    return out


def main(args):
    if not args:
        sys.exit(__doc__)
    print('| run | total NLL | blank: pixels, NLL, per pixel | faint: pixels, NLL, per pixel | ink: pixels, NLL, per pixel |')
    print('|---|---|---|---|---|')
    for a in args:
        label, _, path = a.rpartition('=')
        g = groups(path)
        total = sum(sum(v) for v in g.values())
        cells = ['%d, %.1f, %.3f' % (len(v), sum(v), sum(v) / len(v)) if v else '0' for v in (g['blank'], g['faint'], g['ink'])]
        print('| %s | %.1f | %s |' % (label or path, total, ' | '.join(cells)))


if __name__ == '__main__':
    main(sys.argv[1:])
