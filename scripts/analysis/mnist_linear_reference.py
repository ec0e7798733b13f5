#!/usr/bin/env python3
"""How small can one noise variance be on mnist? (issue 43)

Under a Gaussian likelihood with one noise variance s2 shared by the 784
pixels, training drives s2 towards the model's mean squared reconstruction
error, and the NLL per image at s2 = MSE is 392 * (log(2 pi s2) + 1). This
script measures the MSE of two linear references on the 60,000 training
images (pixels in [0, 1], as mgp reads them): the mean image of each label,
and the mean plus the best k principal components within each label
(k = 2: as many numbers per image as SLGP's w at d_w = 2; k = 16), and prints
the MSE that Table 4's values (-1198.3, -1225.2 per image) would need.

Usage: /usr/bin/python3 scripts/analysis/mnist_linear_reference.py [DATA_DIR]
(DATA_DIR holds mnist/train-*-idx*-ubyte.gz; default ../shared/data). Needs
PyTorch (Debian's python3-torch) for the SVD.
"""
import gzip
import math
import struct
import sys

import torch


def read_idx(path, header):
    raw = gzip.open(path).read()
    count = struct.unpack(">I", raw[4:8])[0]
    return torch.frombuffer(bytearray(raw[header:]), dtype=torch.uint8), count


def nll_per_image(s2):
    return 784 * 0.5 * (math.log(2 * math.pi * s2) + 1)


def main():
    torch.set_num_threads(1)
    root = (sys.argv[1] if len(sys.argv) > 1 else "../shared/data") + "/mnist/"
    pix, n = read_idx(root + "train-images-idx3-ubyte.gz", 16)
    images = pix.reshape(n, 784).double() / 255
    labels, _ = read_idx(root + "train-labels-idx1-ubyte.gz", 8)
    labels = labels.long()
    for k in (0, 2, 16):
        sq = 0.0
        for c in range(10):
            resid = images[labels == c]
            resid = resid - resid.mean(0)
            if k:
                _, _, vt = torch.linalg.svd(resid, full_matrices=False)
                resid = resid - (resid @ vt[:k].T) @ vt[:k]
            sq += float((resid ** 2).sum())
        mse = sq / images.numel()
        print(f"label mean + {k:2d} principal components per label: MSE per pixel {mse:.5f}, "
              f"Gaussian NLL per image at s2 = MSE {nll_per_image(mse):.1f}")
    for target in (-1198.3, -1225.2):
        print(f"an NLL of {target} per image needs s2 = MSE = {math.exp(target / 392 - 1) / (2 * math.pi):.5f}")


if __name__ == "__main__":
    main()
