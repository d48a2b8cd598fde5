#!/usr/bin/env python3
"""The reference for tests/fuse.bats: three random runs (ties, missing
items, missing queries, a constant list, a one-item list) and every fused
score of every method and normalisation, computed from the published
definitions, not from fuse:

  min-max (s - min) / max(max - min, 1e-9); z-score (s - mean) / max(sd,
  1e-9), sd the population standard deviation; sum (s - min) /
  max(sum(s - min), 1e-9); rank 1 - (r - 1)/n; Borda 1 - (r - 1)/|union|,
  an item a run lacks at 0.5 - (n - 1)/(2 |union|)  (ranx.normalization,
  Bassani, ECIR 2022; the 1e-9 floors are ranx's)
  CombSUM, CombMNZ, CombMAX, CombMIN, CombMED, CombANZ (Fox and Shaw,
  TREC-2 1994) over the runs that hold the item; RRF sum w/(k + r)
  (Cormack, Clarke and Buettcher, SIGIR 2009); ISR count * sum w/r^2
  (Mourao et al. 2014, as ranx); ranks from 1 by score descending, ties
  by item id descending (trec_eval's rule).

Sums are math.fsum (exactly rounded), medians statistics.median, so the
arithmetic is not fuse's. Run from this folder:
  python3 reference.py   (writes a.tsv, b.run, c.tsv, expected.tsv)
"""
import math
import random
import statistics

rng = random.Random(20261206)
queries = ["q%02d" % i for i in range(1, 9)]
lacks = {0: {"q03"}, 1: {"q05"}, 2: {"q01", "q07"}}
runs = []
for r in range(3):
    run = {}
    for q in queries:
        if q in lacks[r]:
            continue
        n = rng.randint(1, 9)
        items = rng.sample(["d%02d" % i for i in range(14)], n)
        if r == 2 and q == "q04":
            scores = [2] * n              # a constant list
        elif r == 1 and q == "q06":
            items, scores = items[:1], [7.0]   # one item
        elif r == 0:
            scores = [rng.choice([0.1, 0.2, 0.3, 0.5]) for _ in items]  # ties
        elif r == 1:
            scores = [round(rng.gauss(10, 3), 3) for _ in items]
        else:
            scores = [rng.choice([-2, -1, 0, 1, 3]) for _ in items]
        run[q] = list(zip(items, scores))
    runs.append(run)


def ranked(lst):
    """best first: score descending, then item id descending"""
    by_id = sorted(lst, key=lambda x: x[0], reverse=True)
    return sorted(by_id, key=lambda x: -x[1])


def normalise(norm, lst, union):
    order = ranked(lst)
    s = [x[1] for x in order]
    n = len(s)
    lo, hi = min(s), max(s)
    out = {}
    for i, (item, v) in enumerate(order):
        if norm == "none":
            out[item] = v
        elif norm == "minmax":
            out[item] = (v - lo) / max(hi - lo, 1e-9)
        elif norm == "zscore":
            mean = math.fsum(s) / n
            sd = math.sqrt(math.fsum((x - mean) ** 2 for x in s) / n)
            out[item] = (v - mean) / max(sd, 1e-9)
        elif norm == "sum":
            out[item] = (v - lo) / max(math.fsum(x - lo for x in s), 1e-9)
        elif norm == "rank":
            out[item] = 1 - i / n
        elif norm == "borda":
            out[item] = 1 - i / len(union)
    if norm == "borda":
        for item in union:
            if item not in out:
                out[item] = 0.5 - (n - 1) / (2 * len(union))
    return out, {item: i + 1 for i, (item, v) in enumerate(order)}


def fuse(method, norm, weights, k=60):
    res = []
    for q in queries:
        held = [run[q] for run in runs if q in run]
        if not held:
            continue
        union = sorted({item for lst in held for item, _ in lst})
        vals, ranks, ws = [], [], []
        for r, run in enumerate(runs):
            if q in run:
                v, rk = normalise(norm, run[q], union)
                vals.append(v)
                ranks.append(rk)
                ws.append(weights[r] if weights else 1.0)
        for item in union:
            terms = [(w, v[item], rk.get(item)) for v, rk, w in
                     zip(vals, ranks, ws) if item in v]
            c = len(terms)
            if method in ("combsum", "wsum"):
                f = math.fsum(w * v for w, v, _ in terms)
            elif method == "combmnz":
                f = c * math.fsum(w * v for w, v, _ in terms)
            elif method == "combanz":
                f = math.fsum(w * v for w, v, _ in terms) / c
            elif method == "combmax":
                f = max(v for _, v, _ in terms)
            elif method == "combmin":
                f = min(v for _, v, _ in terms)
            elif method == "combmed":
                f = statistics.median(v for _, v, _ in terms)
            elif method == "rrf":
                f = math.fsum(w / (k + r) for w, _, r in terms)
            elif method == "isr":
                f = c * math.fsum(w / (r * r) for w, _, r in terms)
            res.append((q, item, f))
    return res


def write_runs():
    with open("a.tsv", "w") as fh:            # a score stream, its header
        fh.write("# query\titem\tscore\n")
        for q in queries:
            for item, s in runs[0].get(q, []):
                fh.write("%s\t%s\t%r\n" % (q, item, s))
        fh.write("# end\n")
    with open("b.run", "w") as fh:            # TREC, the rank column wrong
        for q in queries:
            for j, (item, s) in enumerate(runs[1].get(q, [])):
                fh.write("%s Q0 %s %d %r rB\n" % (q, item, 99 - j, s))
    with open("c.tsv", "w") as fh:            # no header, ints
        for q in queries:
            for item, s in runs[2].get(q, []):
                fh.write("%s %s %d\n" % (q, item, s))


WEIGHTS = [0.5, 1.25, 2.0]
combos = []
for m in ["combsum", "combmnz", "combmax", "combmin", "combmed", "combanz"]:
    for nm in ["none", "minmax", "zscore", "sum", "rank", "borda"]:
        combos.append((m, nm, None, 60))
for m in ["combsum", "combmnz", "combanz", "wsum"]:
    for nm in ["none", "minmax", "zscore", "sum", "rank", "borda"]:
        combos.append((m, nm, WEIGHTS, 60))
combos += [("rrf", "none", None, 60), ("rrf", "none", None, 10),
           ("rrf", "none", WEIGHTS, 60), ("isr", "none", None, 60),
           ("isr", "none", WEIGHTS, 60)]

write_runs()
with open("expected.tsv", "w") as fh:
    fh.write("# method norm weights k query item score: reference.py\n")
    for m, nm, w, k in combos:
        wtext = ",".join(repr(x) for x in w) if w else "-"
        for q, item, f in fuse(m, nm, w, k):
            fh.write("%s\t%s\t%s\t%d\t%s\t%s\t%r\n" %
                     (m, nm, wtext, k, q, item, f))
