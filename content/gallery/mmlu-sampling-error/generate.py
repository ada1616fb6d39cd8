"""Writes the CSV files of the MMLU sampling-error page.

The accuracies are copied from the papers (see index.md); this script only
adds each score's 95% interval for the sampling error of the test set: the
Wilson score interval of a proportion p measured on n questions,

    (p + z²/2n ± z·sqrt(p(1−p)/n + z²/4n²)) / (1 + z²/n),  z = 1.96.

n is the number of test questions the score was measured on: 14,042 for all
of MMLU, and per subject area the sums below. We recovered each subject's
test-set size from the accuracy and standard error that lm-evaluation-harness
stores for it in tests/testdata/hendrycksTest-<subject>-v0-res.json
(n = p(1−p)/stderr² + 1, a whole number for every subject), and grouped the
57 subjects as the harness's mmlu_<area>_tasks tags do; the four areas add
up to the 14,042 questions of the test set.

Run from this folder: python3 generate.py
"""

import csv
import math

Z = 1.96
N_ALL = 14042
N_AREA = {"Humanities": 4705, "Social Science": 3077, "STEM": 3153, "Other": 3107}
assert sum(N_AREA.values()) == N_ALL


def wilson(pct, n):
    p = pct / 100
    centre = p + Z * Z / (2 * n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    d = 1 + Z * Z / n
    return round(100 * (centre - half) / d, 2), round(100 * (centre + half) / d, 2)


# MMLU 5-shot accuracy (%) as published; rows of ../mmlu-vs-params/mmlu.csv.
FAMILIES = [
    ("GPT-3", "GPT-3 2.7B", "2.7e9", 25.9, "Hendrycks et al. 2021, Table 1 (few-shot)"),
    ("GPT-3", "GPT-3 6.7B", "6.7e9", 24.9, "Hendrycks et al. 2021, Table 1 (few-shot)"),
    ("GPT-3", "GPT-3 13B", "13e9", 26.0, "Hendrycks et al. 2021, Table 1 (few-shot)"),
    ("GPT-3", "GPT-3 175B", "175e9", 43.9, "Hendrycks et al. 2021, Table 1 (few-shot)"),
    ("PaLM", "PaLM 8B", "8e9", 25.3, "Chowdhery et al. 2022 (PaLM), MMLU table"),
    ("PaLM", "PaLM 62B", "62e9", 53.7, "Chowdhery et al. 2022 (PaLM), MMLU table"),
    ("PaLM", "PaLM 540B", "540e9", 69.3, "Chowdhery et al. 2022 (PaLM), MMLU table"),
    ("LLaMA", "LLaMA 7B", "6.7e9", 35.1, "Touvron et al. 2023a, Table 9"),
    ("LLaMA", "LLaMA 13B", "13e9", 46.9, "Touvron et al. 2023a, Table 9"),
    ("LLaMA", "LLaMA 33B", "32.5e9", 57.8, "Touvron et al. 2023a, Table 9"),
    ("LLaMA", "LLaMA 65B", "65.2e9", 63.4, "Touvron et al. 2023a, Table 9"),
    ("Gopher", "Gopher 280B", "280e9", 60.0, "Rae et al. 2021; Hoffmann et al. 2022, MMLU table"),
    ("Chinchilla", "Chinchilla 70B", "70e9", 67.6, "Hoffmann et al. 2022, MMLU table"),
]

# GPT-3 few-shot accuracy (%) by subject area, Hendrycks et al. 2021, Table 1;
# rows of ../mmlu-above-chance/gpt3_mmlu_categories.csv.
GPT3 = [("GPT-3 Small", "2.7e9"), ("GPT-3 Medium", "6.7e9"), ("GPT-3 Large", "13e9"), ("GPT-3 X-Large", "175e9")]
AREAS = {
    "Humanities": [24.4, 26.1, 27.1, 40.8],
    "Social Science": [30.9, 21.6, 25.6, 50.4],
    "STEM": [26.0, 25.6, 24.3, 36.7],
    "Other": [24.1, 25.5, 26.5, 48.8],
}

with open("mmlu_families.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["family", "model", "params", "mmlu", "lo", "hi", "source"])
    for fam, model, params, acc, src in FAMILIES:
        lo, hi = wilson(acc, N_ALL)
        w.writerow([fam, model, params, acc, lo, hi, src])

for area, accs in AREAS.items():
    name = "gpt3_" + area.lower().replace(" ", "_") + ".csv"
    with open(name, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["area", "model", "params", "accuracy", "questions", "lo", "hi"])
        for (model, params), acc in zip(GPT3, accs):
            lo, hi = wilson(acc, N_AREA[area])
            w.writerow([area, model, params, acc, N_AREA[area], lo, hi])

# A model that guesses uniformly among four answers scores 25% on average;
# on 14,042 questions its score falls in this range 95% of the time.
half = Z * math.sqrt(0.25 * 0.75 / N_ALL) * 100
print(f"chance range on {N_ALL} questions: {25 - half:.2f} to {25 + half:.2f}")
