"""bench/knn_faiss.py: the faiss peer of bench/knn.sh (exact k-NN).

usage: python3 knn_faiss.py METRIC K THREADS QUERIES.npy ITEMS.npy OUT

METRIC l2 (IndexFlatL2) or dot (IndexFlatIP), K neighbours, THREADS OpenMP
threads. Loads both .npy files, builds the index, searches, and writes
"query item score" lines (rows named by their numbers, as simmat names
them; l2 scores as simmat's: minus the distance) to OUT. The timing the
benchmark takes includes Python's start-up and the loading, as a user
running it would see it.
"""
import sys

import faiss
import numpy as np


def main():
    metric, k, threads, qpath, ipath, out = sys.argv[1:7]
    k = int(k)
    faiss.omp_set_num_threads(int(threads))
    q = np.ascontiguousarray(np.load(qpath), dtype=np.float32)
    x = np.ascontiguousarray(np.load(ipath), dtype=np.float32)
    index = (faiss.IndexFlatL2 if metric == "l2" else faiss.IndexFlatIP)(x.shape[1])
    index.add(x)
    dist, ids = index.search(q, k)
    if metric == "l2":
        # faiss gives squared distances
        dist = -np.sqrt(np.maximum(dist, 0))
    with open(out, "w") as f:
        for r in range(q.shape[0]):
            for d, i in zip(dist[r], ids[r]):
                f.write("%d\t%d\t%.9g\n" % (r, i, d))


main()
