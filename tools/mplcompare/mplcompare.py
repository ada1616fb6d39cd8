"""Draws six gallery charts with matplotlib's defaults, for the format
guide's comparison with `scalesite figure` (content/format/paper-figures).

Each chart is read from the CSV its page names and drawn as a researcher
would with matplotlib and no styling: plt.subplots at 3.25 in wide (a
column) and matplotlib's default aspect, plot() or scatter() per series, the
axis titles and scales of the chart, legend() with its defaults. No titles:
the caption carries them, as in the scalesite figure beside it.

Run with the system Python (numpy and matplotlib): make paper-figures, or
    /usr/bin/python3 tools/mplcompare/mplcompare.py OUTDIR
"""

import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

GALLERY = os.path.join(os.path.dirname(__file__), "..", "..", "content", "gallery")

# name, CSV, x, y, series, log x, log y, x title, y title, only these series
CHARTS = [
    ("chinchilla-isoflop", "isoflop.csv", "params", "loss", "budget", True, False,
     "Parameters", "Training loss", None),
    ("gpt3-lambada-perplexity", "lambada.csv", "params", "ppl_zero_shot", None, True, True,
     "Parameters", "Perplexity (zero-shot)", None),
    ("whisper-wer", "librispeech.csv", "params", "wer", "series", True, True,
     "Parameters", "Word error rate (%)", None),
    ("mmlu-vs-params", "mmlu.csv", "params", "mmlu", "family", True, False,
     "Parameters (total)", "MMLU 5-shot accuracy (%)",
     ["GPT-3", "Gopher", "Chinchilla", "PaLM", "LLaMA", "Llama 2", "Llama 3", "Gemma", "Gemma 2", "Phi"]),
    ("gpt2-zero-shot", "perplexity.csv", "params", "perplexity", "dataset", True, True,
     "Parameters", "Perplexity", None),
    ("kaplan-loss-vs-compute", "learning_curves.csv", "compute", "loss", "model", True, True,
     "Compute (PF-days, non-embedding)", "Test loss (nats per token)", None),
]


def read(name, path, x, y, series, only):
    groups = {}
    with open(os.path.join(GALLERY, name, path), newline="") as f:
        for row in csv.DictReader(f):
            key = row[series] if series else ""
            if only is not None and key not in only:
                continue
            try:
                xv, yv = float(row[x]), float(row[y])
            except ValueError:
                continue
            groups.setdefault(key, ([], []))
            groups[key][0].append(xv)
            groups[key][1].append(yv)
    return groups


def draw(out, spec):
    name, path, x, y, series, logx, logy, xtitle, ytitle, only = spec
    groups = read(name, path, x, y, series, only)
    # matplotlib's default aspect (6.4 x 4.8) at a column's width
    fig, ax = plt.subplots(figsize=(3.25, 3.25 * 4.8 / 6.4))
    for key, (xs, ys) in groups.items():
        pts = sorted(zip(xs, ys))
        marker = "o" if len(pts) < 2 else None
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=marker, label=key or None)
    if logx:
        ax.set_xscale("log")
    if logy:
        ax.set_yscale("log")
    ax.set_xlabel(xtitle)
    ax.set_ylabel(ytitle)
    if series:
        ax.legend()
    fig.tight_layout()
    meta = {"Software": None}
    fig.savefig(os.path.join(out, name + "-matplotlib.png"), dpi=200, metadata=meta)
    fig.savefig(os.path.join(out, name + "-matplotlib.svg"), metadata={"Date": None, "Creator": None})
    plt.close(fig)


def main():
    if sys.argv[1:] == ["--names"]:
        print(" ".join(spec[0] for spec in CHARTS))
        return
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out, exist_ok=True)
    plt.rcParams["svg.hashsalt"] = "scalesite"  # the same SVG ids on every run
    for spec in CHARTS:
        draw(out, spec)
        print(spec[0], "->", os.path.join(out, spec[0] + "-matplotlib.{png,svg}"))


if __name__ == "__main__":
    main()
