"""Regenerates kaplan_params.csv and kaplan_data.csv beside this file.

Every number comes from the power laws fitted by Kaplan et al. (2020),
"Scaling Laws for Neural Language Models", arXiv:2001.08361, Section 1.2:

    L(N) = (N / 8.8e13) ** -0.076     N: non-embedding parameters
    L(D) = (D / 5.4e13) ** -0.095     D: training tokens (early-stopped)

Each row adds multiplicative Gaussian noise of 1% (seed 2001) so that the
runs scatter about the law the way the paper's points do. They are NOT the
paper's measurements. The fitted lines on the page are computed by
scalesite from these rows (fit: powerlaw). Run: python3 generate.py
"""
import random

rng = random.Random(2001)

def L_N(n):
    return (n / 8.8e13) ** -0.076

def L_D(d):
    return (d / 5.4e13) ** -0.095

with open("kaplan_params.csv", "w") as f:
    f.write("series,non_embedding_params,loss\n")
    # 24 model sizes, log-spaced from 768 to 1.5e9 non-embedding parameters:
    # the range of the paper's sweep.
    for i in range(24):
        n = 768 * (1.5e9 / 768) ** (i / 23)
        f.write("L(N) runs (generated),%.4g,%.4f\n" % (n, L_N(n) * (1 + 0.01 * rng.gauss(0, 1))))

with open("kaplan_data.csv", "w") as f:
    f.write("series,dataset_tokens,loss\n")
    # 11 dataset sizes, doubling from 22M to 23B tokens (the paper's range).
    for i in range(11):
        d = 2.2e7 * 2 ** i
        f.write("L(D) runs (generated),%.4g,%.4f\n" % (d, L_D(d) * (1 + 0.01 * rng.gauss(0, 1))))
