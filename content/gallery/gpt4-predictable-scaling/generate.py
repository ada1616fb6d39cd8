"""Regenerates gpt4_loss.csv beside this file.

A reconstruction of Figure 1 of the GPT-4 Technical Report (OpenAI, 2023,
arXiv:2303.08774). The report publishes the form of the fit, L(C) = a*C^b + c,
but neither its constants nor the points, so this file holds APPROXIMATE
values chosen to match the figure as we read it:

    L(C) = 0.26 * C ** -0.1257 + 1.0      C: compute, GPT-4 = 1

Observed runs: 13 points from 1e-10 to 1e-4 of GPT-4's compute, on the curve
with Gaussian noise of 0.02 bits per word (seed 2303). GPT-4's final loss is
drawn on the curve. The prediction on the page is NOT from this file: scalesite
fits L = c + a*C^b to the 13 observed runs (fit: powerlaw+c) and extends the
fitted curve to C = 1. Run: python3 generate.py
"""
import random

rng = random.Random(2303)

def L(c):
    return 0.26 * c ** -0.1257 + 1.0

with open("gpt4_loss.csv", "w") as f:
    f.write("series,compute,loss\n")
    for i in range(13):
        c = 10 ** (-10 + i * 0.5)
        f.write("Observed,%.3g,%.3f\n" % (c, L(c) + rng.gauss(0, 0.02)))
    f.write("gpt-4,1,%.3f\n" % L(1.0))
