#!/usr/bin/env python3
"""Writes the synthetic scaling surfaces of the guide's page on scaling laws
(content/format/scaling-laws/): the same bytes on every run and machine, from
the standard library alone (random.Random with a fixed seed).

  chinchilla.csv  L = E + A/N^alpha + B/D^beta with Hoffmann et al.'s
                  constants (E 1.69, A 406.4, B 410.7, alpha 0.34, beta 0.28),
                  six model sizes each trained on seven token budgets, with 1%
                  multiplicative noise; flops = 6 N D.
  kaplan.csv      L = ((N_c/N)^(alpha_N/alpha_D) + D_c/D)^alpha_D with Kaplan
                  et al.'s constants (N_c 8.8e13, D_c 5.4e13, alpha_N 0.076,
                  alpha_D 0.095), five model sizes each trained on six token
                  budgets, with 0.5% noise.

Run from the repository's root: python3 scripts/scaling-laws/surfaces.py
"""

import math
import os
import random

OUT = os.path.join("content", "format", "scaling-laws")


def write(name, header, rows):
    with open(os.path.join(OUT, name), "w", newline="") as f:
        f.write(",".join(header) + "\n")
        for r in rows:
            f.write(",".join(r) + "\n")


def chinchilla():
    rng = random.Random(2022)
    E, A, B, alpha, beta = 1.69, 406.4, 410.7, 0.34, 0.28
    rows = []
    for n in (7e7, 2e8, 6e8, 2e9, 6e9, 1.6e10):
        for d in (1e9, 3e9, 1e10, 3e10, 1e11, 3e11, 1e12):
            loss = (E + A / n**alpha + B / d**beta) * math.exp(rng.gauss(0, 0.01))
            rows.append(["%.3g" % n, "%.3g" % d, "%.4g" % (6 * n * d), "%.4f" % loss])
    write("chinchilla.csv", ["params", "tokens", "flops", "loss"], rows)


def kaplan():
    rng = random.Random(2020)
    nc, dc, an, ad = 8.8e13, 5.4e13, 0.076, 0.095
    rows = []
    for n in (1e6, 1e7, 1e8, 1e9, 1e10):
        for d in (2e7, 1e8, 5e8, 2.5e9, 1.2e10, 6e10):
            loss = ((nc / n) ** (an / ad) + dc / d) ** ad * math.exp(rng.gauss(0, 0.005))
            rows.append(["%.3g" % n, "%.3g" % d, "%.4f" % loss])
    write("kaplan.csv", ["params", "tokens", "loss"], rows)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    chinchilla()
    kaplan()
