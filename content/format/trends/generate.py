"""Regenerates compute.csv and isoflop-runs.csv beside this file (made-up data).

compute.csv: a dated series, the training compute of imaginary models
doubling every six months from 2018 (1e20 FLOPs then), with lognormal
noise (sigma 0.4 in ln); dates are decimal years.

isoflop-runs.csv: isoFLOP runs, losses on a Chinchilla-shaped surface
L(N, D) = 1.69 + 406.4 / N^0.34 + 410.7 / D^0.28 with D = C / (6 N)
(the constants of Hoffmann et al. 2022, Approach 3), nine model sizes per
compute budget, spaced evenly in log N within 0.75 decades of the surface's
optimum, with Gaussian noise of 0.25% on the loss. The optimum of that
surface grows as N_opt ∝ C^0.452 (beta / (alpha + beta)).

The numbers fit/exponential_test.go and fit/isoflop_test.go check were
computed with numpy from these files. Run: /usr/bin/python3 generate.py
"""
import numpy as np

rng = np.random.default_rng(7)
t = np.round(np.sort(rng.uniform(2018, 2024, 16)), 3)
y = 1e20 * 2 ** ((t - 2018) / 0.5) * np.exp(rng.normal(0, 0.4, t.size))
with open("compute.csv", "w") as f:
    f.write("date,compute\n")
    for a, b in zip(t, y):
        f.write("%.3f,%.4g\n" % (a, b))

E, A, B, alpha, beta = 1.69, 406.4, 410.7, 0.34, 0.28
rng = np.random.default_rng(35)
G = (alpha * A / (beta * B)) ** (1 / (alpha + beta))
with open("isoflop-runs.csv", "w") as f:
    f.write("compute,params,tokens,loss\n")
    for c in [6e18, 1e19, 3e19, 6e19, 1e20, 3e20]:
        nopt = G * (c / 6) ** (beta / (alpha + beta))
        for u in np.linspace(-0.75, 0.75, 9):
            n = float("%.3g" % (nopt * 10 ** u))
            d = c / (6 * n)
            loss = (E + A / n ** alpha + B / d ** beta) * (1 + rng.normal(0, 0.0025))
            f.write("%.3g,%.3g,%.4g,%.4f\n" % (c, n, d, loss))
