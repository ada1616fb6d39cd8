"""Regenerates train_loss.csv beside this file: 3 runs x 20,000 steps.

These are NOT real training logs. They are generated from the curve that
papers fit to language-model learning curves (a constant plus a power law in
the steps taken, e.g. Kaplan et al. 2020, Eq. 1.6 / Figure 2):

    L(t) = E + (8.0 - E) * (1 + tau_eff / tau) ** -alpha

with tau_eff the "effective" steps after a linear warmup of 1,000 steps
(during warmup the learning rate, and so progress, is proportional to t:
tau_eff = t^2 / 2000 for t < 1000, t - 500 after), and

    run        E      tau   alpha
    lr=3e-4    1.80   300   0.55
    lr=1e-3    1.70   120   0.55
    lr=3e-3    1.72    80   0.50   + two loss spikes

The lr=3e-3 run has a spike just after warmup (step 1,150, +1.1 nats) and a
smaller one at step 9,100 (+0.45 nats); each decays exponentially over ~150
steps. Every step gets multiplicative Gaussian noise, sigma = 1.5% of the
loss, from random.Random(20000). Losses are written with 4 decimals.
Run: python3 generate.py
"""
import math, random

rng = random.Random(20000)
STEPS = 20000
WARMUP = 1000

def eff(t):
    return t * t / (2 * WARMUP) if t < WARMUP else t - WARMUP / 2

runs = [("lr=3e-4", 1.80, 300, 0.55, []),
        ("lr=1e-3", 1.70, 120, 0.55, []),
        ("lr=3e-3", 1.72, 80, 0.50, [(1150, 1.1), (9100, 0.45)])]

with open("train_loss.csv", "w") as f:
    f.write("step,run,loss\n")
    for name, E, tau, alpha, spikes in runs:
        for t in range(1, STEPS + 1):
            l = E + (8.0 - E) * (1 + eff(t) / tau) ** -alpha
            for s, h in spikes:
                if t >= s:
                    l += h * math.exp(-(t - s) / 150)
            l *= 1 + 0.015 * rng.gauss(0, 1)
            f.write("%d,%s,%.4f\n" % (t, name, l))
