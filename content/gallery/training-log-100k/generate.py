"""Regenerates train_loss_100k.csv beside this file: one run, 100,000 steps.

NOT a real training log. It is generated from the learning-rate-annealing
form of the loss curve proposed by Tissue et al. (2024), "Scaling Law with
Learning Rate Annealing", arXiv:2408.11029:

    L(s) = L0 + A * (S1 + s0) ** -alpha - C * S2

    S1 = sum of the (normalised) learning rate over the steps so far
    S2 = sum over steps of m_i, with m_i = lam * m_{i-1} + (eta_{i-1} - eta_i)
         (the "annealing area": grows only while the learning rate falls)

with our own constants (not the paper's, which fits other runs):
    L0 = 1.9, A = 18.2, alpha = 0.35, s0 = 22.7, C = 1.7e-4, lam = 0.999.

Schedule (warmup-stable-decay, peak 3e-4): linear warmup over 2,000 steps,
constant to step 80,000, then linear decay to 10% of the peak at 100,000.
Noise: multiplicative Gaussian, sigma = 0.4% + 1.0% x (lr / peak), from
random.Random(100000), so the curve gets quieter during the decay.
Run: python3 generate.py
"""
import random

rng = random.Random(100000)
STEPS, WARMUP, DECAY_START = 100000, 2000, 80000

def eta(t):          # learning rate / peak
    if t < WARMUP:
        return t / WARMUP
    if t < DECAY_START:
        return 1.0
    return 1.0 - 0.9 * (t - DECAY_START) / (STEPS - DECAY_START)

s1 = s2 = m = 0.0
prev = eta(0)
with open("train_loss_100k.csv", "w") as f:
    f.write("step,loss\n")
    for t in range(1, STEPS + 1):
        e = eta(t)
        s1 += e
        m = 0.999 * m + (prev - e if prev > e else 0.0)
        s2 += m
        prev = e
        l = 1.9 + 18.2 * (s1 + 22.7) ** -0.35 - 1.7e-4 * s2
        l *= 1 + (0.004 + 0.010 * e) * rng.gauss(0, 1)
        f.write("%d,%.4f\n" % (t, l))
