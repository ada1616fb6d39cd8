"""Regenerates hyperparameters.csv and allocation.csv beside this file.

Fitted laws from DeepSeek-AI (2024), "DeepSeek LLM: Scaling Open-Source
Language Models with Longtermism", arXiv:2401.02954:

  Eq. 1 (Section 3.1), hyperparameters vs compute budget C (FLOPs):
      eta_opt = 0.3118 * C ** -0.1250     (peak learning rate)
      B_opt   = 0.2920 * C ** 0.3271      (batch size, tokens)
  Eq. 4 (Section 3.2), model and data scale vs C, where the model scale M
  is non-embedding FLOPs per token (C = M * D):
      M_opt = 0.1715 * C ** 0.5243
      D_opt = 5.8316 * C ** 0.4757

The curves run from 1e17 to 1e25 FLOPs (the fits were made on budgets from
1e17 to 3e20, so most of the range is extrapolation). No noise.
Run: python3 generate.py
"""
with open("hyperparameters.csv", "w") as f:
    f.write("series,flops,lr,batch_tokens\n")
    e = 17.0
    while e <= 25.0001:
        c = 10 ** e
        f.write("Fit (Eq. 1),%.4g,%.4g,%.4g\n" % (c, 0.3118 * c ** -0.1250, 0.2920 * c ** 0.3271))
        e += 0.25
    # Table 2 of the paper: the settings actually used. The compute of each
    # model is our estimate, C = M * D with D = 2e12 tokens.
    f.write("DeepSeek LLM 7B (Table 2),9.2e22,4.2e-4,9.4e6\n")
    f.write("DeepSeek LLM 67B (Table 2),8.4e23,3.2e-4,1.89e7\n")

with open("allocation.csv", "w") as f:
    f.write("quantity,flops,value\n")
    e = 17.0
    while e <= 25.0001:
        c = 10 ** e
        f.write("M_opt: non-embedding FLOPs per token,%.4g,%.4g\n" % (c, 0.1715 * c ** 0.5243))
        e += 0.25
    e = 17.0
    while e <= 25.0001:
        c = 10 ** e
        f.write("D_opt: training tokens,%.4g,%.4g\n" % (c, 5.8316 * c ** 0.4757))
        e += 0.25
