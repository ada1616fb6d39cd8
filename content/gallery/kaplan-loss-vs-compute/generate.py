"""Regenerates learning_curves.csv beside this file (no noise: pure formulas).

Learning curves of eight model sizes, generated from the fits in Kaplan et al.
(2020), arXiv:2001.08361:

  loss after S_min optimisation steps (Table 3 / Eq. 1.6):
      L(N, S) = (6.5e13 / N) ** 0.077 + (2.1e3 / S) ** 0.76
  critical batch size (Eq. 1.4):
      B_crit(L) = 2e8 / L ** (1 / 0.21)                 tokens
  compute spent at that point (Section 5.1):
      C_min = 6 * N * B_crit(L) * S                     FLOPs, / 8.64e19 -> PF-days

The page draws the compute-efficient frontier of these curves (frontier: min)
and fits a power law to it (fit: powerlaw over the frontier); both are
computed by scalesite from this file. The paper's own frontier,
L(C_min) = (C_min / 2.3e8) ** -0.050, comes from a separate fit, so the
frontier of these generated curves runs a little above it.
Run: python3 generate.py
"""
PF_DAY = 8.64e19

def loss(n, s):
    return (6.5e13 / n) ** 0.077 + (2.1e3 / s) ** 0.76

def b_crit(l):
    return 2e8 / l ** (1 / 0.21)

sizes = [("1K", 1e3), ("10K", 1e4), ("100K", 1e5), ("1M", 1e6),
         ("10M", 1e7), ("100M", 1e8), ("300M", 3e8), ("1.5B", 1.5e9)]
with open("learning_curves.csv", "w") as f:
    f.write("model,compute,loss\n")
    for name, n in sizes:
        for i in range(61):
            s = 1e3 * (2.5e5 / 1e3) ** (i / 60)      # 1,000 to 250,000 steps
            l = loss(n, s)
            c = 6 * n * b_crit(l) * s / PF_DAY
            f.write("%s params,%.4g,%.4f\n" % (name, c, l))
