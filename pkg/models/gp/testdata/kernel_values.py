#!/usr/bin/env python3
"""Independent values of the kernels of pkg/models/gp (kernel_values.json).

Textbook formulas (Rasmussen & Williams 2006, eqs. 4.9 and 4.17) in plain
Python floats, no numpy: r = sqrt(sum_d (a_d - b_d)^2 / l_d^2),
  se       = s exp(-r^2/2)
  matern12 = s exp(-r)
  matern32 = s (1 + sqrt3 r) exp(-sqrt3 r)
  matern52 = s (1 + sqrt5 r + 5 r^2/3) exp(-sqrt5 r)
Run: python3 kernel_values.py > kernel_values.json
"""
import json
import math
import random

rng = random.Random(44)
D = 3
A = [[rng.uniform(-2, 2) for _ in range(D)] for _ in range(4)]
B = [[rng.uniform(-2, 2) for _ in range(D)] for _ in range(4)]
B.append(list(A[1]))  # a pair at r = 0
B.append([A[2][0] + 1e-9, A[2][1], A[2][2]])  # a pair at tiny r
ls = [0.7, 1.3, 2.1]
s = 1.7


def r_of(a, b):
    return math.sqrt(sum((x - y) ** 2 / l ** 2 for x, y, l in zip(a, b, ls)))


forms = {
    "se": lambda r: s * math.exp(-r * r / 2),
    "matern12": lambda r: s * math.exp(-r),
    "matern32": lambda r: s * (1 + math.sqrt(3) * r) * math.exp(-math.sqrt(3) * r),
    "matern52": lambda r: s * (1 + math.sqrt(5) * r + 5 * r * r / 3) * math.exp(-math.sqrt(5) * r),
}
out = {"A": A, "B": B, "lengthscales": ls, "variance": s,
       "K": {name: [[f(r_of(a, b)) for b in B] for a in A] for name, f in forms.items()}}
print(json.dumps(out, indent=1))
