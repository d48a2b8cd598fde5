#!/usr/bin/env python3
# tests/data/revisitop/make.py: the data and expected values of
# tests/revisitop.bats, made once with numpy and committed:
#   /usr/bin/python3 tests/data/revisitop/make.py tests/data/revisitop
# (numpy 1.24; the outputs do not depend on its version: integer draws of
# a seeded Generator and sums of fractions.)
#
# revisitop_map() is a transcription, in numpy, of compute_map and
# compute_ap of revisitop's python/evaluate.py (Radenovic et al., "Revisiting
# Oxford and Paris: large-scale image retrieval benchmarking", CVPR 2018;
# github.com/filipradenovic/revisitop), and protocol_lists() of the
# protocols of its example_evaluate.py: Easy = easy positives, hard and junk
# ignored; Medium = easy and hard positives, junk ignored; Hard = hard
# positives, easy and junk ignored.
#
# Files written:
#   gnd         query item easy|hard|junk (rankof --protocol's lists)
#   scores      query item score, every query against the whole database,
#               no two scores of a query equal
#   expected    protocol measure value: mAP and mP@1,5,10 of compute_map,
#               the means over the queries with a positive
#   ties.gnd, ties.scores   small queries whose scores tie a lot
#   ties.expected  mode measure query value: trapezoidal AP and mP@1,2,3,5
#               of every order of the tied candidates (their mean, best and
#               worst: expected, optimistic, pessimistic), enumerated
import itertools
import math
import sys

import numpy as np

PROTOCOLS = ("easy", "medium", "hard")
KAPPAS = (1, 5, 10)


def revisitop_map(ranks, ok, junk, kappas):
    """ranks: (database, queries) database indices, best first; ok, junk:
    per query, the positive and the ignored indices. Returns mAP, the
    per-query APs, the mean mP@k and per-query mP@k (NaN: no positive)."""
    nq = ranks.shape[1]
    aps = np.full(nq, np.nan)
    prs = np.full((nq, len(kappas)), np.nan)
    for i in range(nq):
        pos_ids = np.asarray(ok[i], dtype=np.int64)
        if pos_ids.size == 0:
            continue
        col = ranks[:, i]
        pos = np.flatnonzero(np.isin(col, pos_ids))
        jpos = np.flatnonzero(np.isin(col, np.asarray(junk[i], dtype=np.int64)))
        # a positive moves up by the ignored images ranked above it
        pos = pos - np.searchsorted(jpos, pos)
        j = np.arange(pos.size, dtype=np.float64)
        before = np.where(pos == 0, 1.0, j / np.maximum(pos, 1))
        at = (j + 1) / (pos + 1)
        aps[i] = np.sum((before + at) / 2) / pos_ids.size
        one_based = pos + 1
        for c, k in enumerate(kappas):
            kq = min(int(one_based.max()), k)
            prs[i, c] = np.count_nonzero(one_based <= kq) / kq
    keep = ~np.isnan(aps)
    return aps[keep].mean(), aps, prs[keep].mean(axis=0), prs


def protocol_lists(g, protocol):
    """the positives and the ignored of one query's lists under protocol"""
    if protocol == "easy":
        return g["easy"], g["hard"] + g["junk"]
    if protocol == "medium":
        return g["easy"] + g["hard"], g["junk"]
    return g["hard"], g["easy"] + g["junk"]


def draw_lists(rng, ndb, sizes):
    """disjoint easy, hard, junk lists of at most sizes[k] images"""
    pick = rng.permutation(ndb)
    out, at = {}, 0
    for kind, most in zip(("easy", "hard", "junk"), sizes):
        n = int(rng.integers(0, most + 1))
        out[kind] = sorted(int(x) for x in pick[at:at + n])
        at += n
    return out


def write_gnd(path, gnds, qname):
    with open(path, "w") as f:
        for i, g in enumerate(gnds):
            for kind in ("easy", "hard", "junk"):
                for j in g[kind]:
                    f.write(f"{qname(i)}\t{j}\t{kind}\n")


def main(out):
    rng = np.random.default_rng(2018)
    # tie-free: 40 queries against a database of 120 images
    nq, ndb = 40, 120
    gnds = [draw_lists(rng, ndb, (8, 10, 6)) for _ in range(nq)]
    # scores: the places 1..ndb of a noisy preference for the listed
    # images (easy most), divided by 8: exact in decimal, none equal
    scores = np.empty((ndb, nq))
    for i, g in enumerate(gnds):
        pull = rng.normal(size=ndb)
        for kind, w in (("easy", 2.5), ("hard", 1.5), ("junk", 1.5)):
            pull[g[kind]] += w
        scores[np.argsort(pull, kind="stable"), i] = np.arange(1, ndb + 1) / 8
    ranks = np.argsort(-scores, axis=0, kind="stable")
    write_gnd(f"{out}/gnd", gnds, lambda i: f"q{i}")
    with open(f"{out}/scores", "w") as f:
        for i in range(nq):
            for j in range(ndb):
                f.write(f"q{i}\t{j}\t{scores[j, i]!r}\n")
    with open(f"{out}/expected", "w") as f:
        for p in PROTOCOLS:
            lists = [protocol_lists(g, p) for g in gnds]
            m, _, pr, _ = revisitop_map(ranks, [l[0] for l in lists],
                                        [l[1] for l in lists], KAPPAS)
            f.write(f"{p}\tAP\t{m!r}\n")
            for k, v in zip(KAPPAS, pr):
                f.write(f"{p}\tmP@{k}\t{v!r}\n")

    # ties: 24 queries of 10 candidates scored 1 to 4, every order
    kappas = (1, 2, 3, 5)
    tg, ts, rows, qi = [], [], [], 0
    while qi < 24:
        n = 10
        sc = rng.integers(1, 5, n)
        g = draw_lists(rng, n, (3, 3, 2))
        orders = math.prod(math.factorial(int(c)) for c in np.bincount(sc))
        if orders > 50000 or not (g["easy"] or g["hard"]):
            continue
        tg.append(g)
        ts.append(sc)
        qi += 1
    write_gnd(f"{out}/ties.gnd", tg, lambda i: f"t{i}")
    with open(f"{out}/ties.scores", "w") as f:
        for i, sc in enumerate(ts):
            for j, s in enumerate(sc):
                f.write(f"t{i}\t{j}\t{int(s)}\n")
    with open(f"{out}/ties.expected", "w") as f:
        for p in PROTOCOLS:
            for i, (g, sc) in enumerate(zip(tg, ts)):
                ok, junk = protocol_lists(g, p)
                if not ok:
                    continue
                groups = [np.flatnonzero(sc == s).tolist()
                          for s in sorted(set(sc.tolist()), reverse=True)]
                vals = []
                for perm in itertools.product(
                        *(itertools.permutations(gr) for gr in groups)):
                    order = np.array([x for gr in perm for x in gr])
                    _, ap, _, pr = revisitop_map(order[:, None], [ok],
                                                 [junk], kappas)
                    vals.append([ap[0]] + list(pr[0]))
                vals = np.array(vals)
                names = ["AP"] + [f"mP@{k}" for k in kappas]
                for mode, v in (("expected", vals.mean(axis=0)),
                                ("optimistic", vals.max(axis=0)),
                                ("pessimistic", vals.min(axis=0))):
                    for name, x in zip(names, v):
                        f.write(f"{p}\t{mode}\t{name}\tt{i}\t{x!r}\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
