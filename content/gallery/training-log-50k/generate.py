"""Regenerates train_loss_50k.csv beside this file: one run of 50,000 steps,
the training loss every 10 steps and the validation loss every 1,000.

This is NOT a real training log. It is generated from the curve that papers
fit to language-model learning curves (a constant plus a power law in the
steps taken, Kaplan et al. 2020, arXiv:2001.08361, Eq. 1.6 and Figure 2):

    L(t) = E + (L0 - E) * (1 + t_eff / tau) ** -alpha

with L0 = 10.9 (log 50,257, a GPT-2 vocabulary guessed uniformly), E = 2.9,
tau = 60, alpha = 0.42, and t_eff the steps taken at full learning rate: a
linear warmup of 2,000 steps (t_eff = t^2 / 4000 below it, t - 1000 after)
and a cosine decay to a tenth of the peak over the run, whose last steps
count for less (t_eff grows by the learning rate's fraction of its peak).

The training loss is a batch's: multiplicative Gaussian noise with sigma =
2% from random.Random(50000). The validation loss is the curve plus 0.03
nats, with 0.3% noise. Losses are written with 4 decimals.
Run: python3 generate.py
"""
import math, random

rng = random.Random(50000)
STEPS, WARMUP = 50000, 2000
L0, E, TAU, ALPHA = 10.9, 2.9, 60.0, 0.42


def lr(t):
    if t < WARMUP:
        return t / WARMUP
    p = (t - WARMUP) / (STEPS - WARMUP)
    return 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * p))


# t_eff: the sum of the learning rate's fraction of its peak over the steps
eff = [0.0] * (STEPS + 1)
for t in range(1, STEPS + 1):
    eff[t] = eff[t - 1] + lr(t)


def curve(t):
    return E + (L0 - E) * (1 + eff[t] / TAU) ** -ALPHA


rows = ["step,split,loss"]
for t in range(0, STEPS + 1, 10):
    rows.append("%d,train,%.4f" % (t, curve(t) * (1 + 0.02 * rng.gauss(0, 1))))
for t in range(1000, STEPS + 1, 1000):
    rows.append("%d,validation,%.4f" % (t, (curve(t) + 0.03) * (1 + 0.003 * rng.gauss(0, 1))))
with open("train_loss_50k.csv", "w") as f:
    f.write("\n".join(rows) + "\n")
