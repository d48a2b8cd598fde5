#!/usr/bin/env python3
# tests/data/examples/revisitop-check.py DIR: the table of
# examples/pipelines/revisitop.sh for the places data in DIR, computed with
# numpy alone: the lists from the positions (easy <= 10 m, hard <= 25 m,
# junk <= 40 m), the database ranked by the descriptors' Euclidean
# distance (float64), and revisitop_map of tests/data/revisitop/make.py
# (the transcription of revisitop's compute_map). Run once to check
# tests/data/examples/revisitop.out:
#   synthemb -o /tmp/p places
#   /usr/bin/python3 tests/data/examples/revisitop-check.py /tmp/p
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "revisitop"))
from make import protocol_lists, revisitop_map  # noqa: E402

d = sys.argv[1]
qpos, dbpos = np.load(f"{d}/qpos.npy"), np.load(f"{d}/dbpos.npy")
qdesc = np.load(f"{d}/qdesc.npy").astype(np.float64)
dbdesc = np.load(f"{d}/dbdesc.npy").astype(np.float64)
metres = np.sqrt(((qpos[:, None, :] - dbpos[None, :, :]) ** 2).sum(-1))
gnds = []
for row in metres:
    gnds.append({"easy": np.flatnonzero(row <= 10).tolist(),
                 "hard": np.flatnonzero((row > 10) & (row <= 25)).tolist(),
                 "junk": np.flatnonzero((row > 25) & (row <= 40)).tolist()})
desc = ((qdesc[:, None, :] - dbdesc[None, :, :]) ** 2).sum(-1)
ranks = np.argsort(desc, axis=1, kind="stable").T
print("%-8s %7s %7s %7s %7s %7s" % ("protocol", "queries", "mAP", "mP@1",
                                     "mP@5", "mP@10"))
for p in ("easy", "medium", "hard"):
    lists = [protocol_lists(g, p) for g in gnds]
    ok = [l[0] for l in lists]
    m, aps, pr, _ = revisitop_map(ranks, ok, [l[1] for l in lists], (1, 5, 10))
    n = sum(1 for o in ok if o)
    print("%-8s %7d %7.2f %7.2f %7.2f %7.2f" % (p, n, 100 * m, *(100 * pr)))
