"""bench/protocol_faiss.py: the faiss peer of bench/protocol.sh (the 5K
image-to-text protocol: R@1, R@5, R@10 and the mean rank of the first
caption of each image).

usage: python3 protocol_faiss.py THREADS K IMG.npy CAP.npy IMG.labels CAP.labels

Loads the embeddings (as float32: faiss's flat indexes hold float32),
normalises the rows (cos as inner product, IndexFlatIP), and searches the
K best captions of each image (K = all: every caption ranked, in batches
of 500 images so that the result arrays stay about 75 MB; K = 10: what
R@1, R@5, R@10 need), and prints from the rank of the first caption with
the image's label hit@1, hit@5, hit@10 (in percent) and, with K = all,
MeanR, as hitrate prints them. Ties go the way faiss's sort
leaves them (rankkit counts them; with float32 scores of float64 data
they are rare). The time the benchmark takes includes Python's start-up
and the loading, as a user running it would see it.
"""
import sys

import faiss
import numpy as np


def labels(path, n):
    lab = np.empty(n, dtype=object)
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            ident, label = line.split()[:2]
            lab[int(ident)] = label
    return lab


def main():
    threads, k, ipath, cpath, ilab, clab = sys.argv[1:7]
    faiss.omp_set_num_threads(int(threads))
    q = np.ascontiguousarray(np.load(ipath), dtype=np.float32)
    x = np.ascontiguousarray(np.load(cpath), dtype=np.float32)
    faiss.normalize_L2(q)
    faiss.normalize_L2(x)
    qlab = labels(ilab, q.shape[0])
    xlab = labels(clab, x.shape[0])
    # labels as small integers, so that the comparison is numpy's
    names = {}
    qi = np.array([names.setdefault(v, len(names)) for v in qlab])
    xi = np.array([names.setdefault(v, len(names)) for v in xlab])
    index = faiss.IndexFlatIP(x.shape[1])
    index.add(x)
    depth = x.shape[0] if k == "all" else int(k)
    first = np.empty(q.shape[0], dtype=np.int64)
    for b in range(0, q.shape[0], 500):
        _, ids = index.search(q[b:b + 500], depth)
        hit = xi[ids] == qi[b:b + 500, None]
        # past the depth when no caption of the K matches
        first[b:b + 500] = np.where(hit.any(axis=1), hit.argmax(axis=1) + 1,
                                    depth + 1)
    for c in (1, 5, 10):
        print("hit@%d\tall\t%.2f" % (c, 100.0 * np.mean(first <= c)))
    if k == "all":
        print("MeanR\tall\t%.2f" % np.mean(first))


main()
