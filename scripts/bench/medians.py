#!/usr/bin/env python3
"""Medians of interleave.sh's raw output: per (threads, model) the median
wall and CPU ms per step of each Go binary and of PyTorch over the rounds,
and the ratios Go / PyTorch (each Go binary against the same PyTorch
lines).

    python3 scripts/bench/medians.py raw.txt
"""
import re
import statistics
import sys

# Go: "go:new.test threads=1 BenchmarkNYTaxiStep/sgp-2  4  106034586 ns/op  142336500 cpu-ns/op ..."
GO = re.compile(r"^go(?::(\S+))? threads=(\d+) Benchmark\w+/(\S+?)-\d+\s+\d+\s+(\d+) ns/op(.*)$")
# torch: "torch threads=1 sgp   242.56 ms/step wall  [206.07 ms/step cpu]"
TORCH = re.compile(r"^torch threads=(\d+) (\S+)\s+([\d. ]+) ms/step wall\s+\[([\d. ]+) ms/step cpu\]")
# The Go sub-benchmark names that differ from the script's.
ALIAS = {"cvae-hete": "cvae-hetero"}


def main():
    go, tc, allocs = {}, {}, {}
    for line in open(sys.argv[1]):
        m = GO.match(line)
        if m:
            binary, th, name, ns, rest = m.groups()
            head, _, tail = name.partition("/")
            name = ALIAS.get(head, head) + ("/" + tail if tail else "")
            th = th + (" " + binary if binary else "")
            cpu = re.search(r"([\d.]+) cpu-ns/op", rest)
            al = re.search(r"(\d+) allocs/op", rest)
            go.setdefault((th, name), []).append((int(ns) / 1e6, float(cpu.group(1)) / 1e6 if cpu else float("nan")))
            if al:
                allocs[(th, name)] = al.group(1)
            continue
        m = TORCH.match(line)
        if m:
            th, name, wall, cpu = m.groups()
            for w, c in zip(wall.split(), cpu.split()):
                tc.setdefault((th, name), []).append((float(w), float(c)))
    print("| threads | step | n | Go wall ms | Go CPU ms | allocs/op | PyTorch wall ms | PyTorch CPU ms | wall ratio | CPU ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for key in sorted(set(go) | set(tc)):
        if key not in go:
            continue
        g, t = go[key], tc.get((key[0].split()[0], key[1]), [])
        med = lambda xs, i: statistics.median(x[i] for x in xs) if xs else float("nan")
        gw, gc, tw, tcpu = med(g, 0), med(g, 1), med(t, 0), med(t, 1)
        print(f"| {key[0]} | {key[1]} | {len(g)}/{len(t)} | {gw:.1f} | {gc:.1f} | {allocs.get(key, '')} | "
              f"{tw:.1f} | {tcpu:.1f} | {gw / tw:.2f} | {gc / tcpu:.2f} |")


if __name__ == "__main__":
    main()
