# The TEXMEX-layout case of the rankof(1) example and tests/ann-truth.bats,
# and its expected values.
# Run with Debian's python3 and numpy (1.24): python3 make.py > reference.out
# It writes base.fvecs, query.fvecs (the vectors), gt.ivecs and
# gt-dist.fvecs (each query's 20 true nearest neighbours by Euclidean
# distance, nearest first, and their distances), run.npy (an approximate
# index's 10 results per query: int64 ids, -1 padding in some rows and an
# id repeated in one) and run-dist.npy (their distances, float32), then
# prints the measures as the definitions give them:
# - ann-benchmarks' knn and epsilon recall (ann_benchmarks/plotting/
#   metrics.py, get_recall_values with knn_threshold: d_K + 1e-3, and
#   epsilon_threshold: (1 + eps) d_K): the returned items among the first
#   K whose recomputed distance is within the threshold, over K; a padded
#   slot counts as no result, a repeated id once (rankof(1)'s rule);
# - Jegou et al.'s recall@R (TPAMI 2011): the share of queries whose
#   nearest neighbour is among the first R results.
import numpy as np

rng = np.random.RandomState(7)
nb, nq, dim, depth, k = 300, 40, 8, 20, 10
base = rng.randn(nb, dim).astype('<f4')
query = rng.randn(nq, dim).astype('<f4')

def write_vecs(path, a, dtype):
    a = np.asarray(a, dtype=dtype)
    rec = np.empty((a.shape[0], a.shape[1] + 1), dtype=dtype)
    rec.view('<i4')[:, 0] = a.shape[1]
    rec[:, 1:] = a
    rec.tofile(path)

def dist(q, ids):
    return np.sqrt(((base[ids].astype('f8') - q.astype('f8')) ** 2).sum(axis=1))

gt = np.zeros((nq, depth), dtype='<i4')
gd = np.zeros((nq, depth), dtype='<f4')
run = np.zeros((nq, k), dtype='<i8')
for i in range(nq):
    d = dist(query[i], np.arange(nb))
    order = np.argsort(d, kind='stable')
    gt[i] = order[:depth]
    gd[i] = d[order[:depth]]
    noisy = d * np.exp(rng.randn(nb) * 0.15)
    run[i] = np.argsort(noisy, kind='stable')[:k]
run[3, 8:] = -1          # faiss's padding
run[5, 9] = -1
run[7, 6] = run[7, 2]    # an id repeated in a row
rd = np.zeros((nq, k), dtype='<f4')
for i in range(nq):
    ok = run[i] >= 0
    rd[i, ok] = dist(query[i], run[i, ok])
    rd[i, ~ok] = np.inf

write_vecs('base.fvecs', base, '<f4')
write_vecs('query.fvecs', query, '<f4')
write_vecs('gt.ivecs', gt, '<i4')
write_vecs('gt-dist.fvecs', gd, '<f4')
np.save('run.npy', run)
np.save('run-dist.npy', rd)

def recall(count, threshold):
    total = 0.0
    for i in range(nq):
        t = threshold(gd[i], count)
        seen, actual = set(), 0
        for j in range(count):
            if run[i, j] < 0 or run[i, j] in seen:
                continue
            seen.add(run[i, j])
            if dist(query[i], [run[i, j]])[0] <= t:
                actual += 1
        total += actual
    return 100.0 * total / nq / count

knn = lambda data, count: data[count - 1] + 1e-3
eps = lambda data, count: data[count - 1] * (1 + 0.1)
print('knn recall@10 %.2f' % recall(10, knn))
print('epsilon recall@10 %.2f' % recall(10, eps))
for r in (1, 10):
    hits = sum(1 for i in range(nq) if gt[i, 0] in list(run[i, :r]))
    print('recall@%d %.2f' % (r, 100.0 * hits / nq))
