"""Regenerates effective_data.csv beside this file (no noise).

Muennighoff et al. (2023), "Scaling Data-Constrained Language Models",
NeurIPS 2023, arXiv:2305.16264, Section 3: with U_D unique tokens seen for
E epochs (R_D = E - 1 repetitions), the data is worth

    D' = U_D + U_D * R_D* * (1 - exp(-R_D / R_D*)),   R_D* = 15.4

fresh tokens. The paper's law does the same for excess parameters with R_N* = 5.3.
We plot D' / U_D against the number of epochs, next to what the same number
of fresh tokens would be worth (D' / U_D = E).
Run: python3 generate.py
"""
import math

RD, RN = 15.4, 5.3
with open("effective_data.csv", "w") as f:
    f.write("series,epochs,effective_multiple\n")
    e = 0.0
    while e <= 3.0001:
        ep = 10 ** e
        f.write("Repeated data (R_D* = 15.4),%.4g,%.4g\n" % (ep, 1 + RD * (1 - math.exp(-(ep - 1) / RD))))
        e += 0.05
    e = 0.0
    while e <= 3.0001:
        ep = 10 ** e
        f.write("Fresh data,%.4g,%.4g\n" % (ep, ep))
        e += 0.25
    for ep in (4, 16, 40):
        f.write("\"4, 16 and 40 epochs\",%d,%.4g\n" % (ep, 1 + RD * (1 - math.exp(-(ep - 1) / RD))))
