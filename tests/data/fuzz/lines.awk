# Random lines for the bounded fuzz test: ids, numbers, dashes, NaN,
# overflowing numbers, comment marks and stray CRs, 0 to 7 fields, spaces
# or tabs.
#   awk -v seed=N -f lines.awk             the lines of seed N on stdout
#   awk -v seeds=N [-v qrels=1] -f lines.awk
#                                          for each seed S of 1 .. N, S/in.txt
#                                          (seed S) and S/rel.txt (seed S+1000),
#                                          in folders that exist; qrels=1 makes
#                                          each odd line of rel.txt "A 0 B 1"
#                                          from its first two fields A and B
# One awk for every seed: a process per file made the loops cost more
# than the programs they feed (tests/fuzz.bats).
function emit(seed, file, asqrels,    n, i, nf, line, f, r, tok, a) {
  srand(seed); n = 1 + int(rand() * 60)
  for (i = 0; i < n; i++) {
    nf = int(rand() * 8); line = ""
    for (f = 0; f < nf; f++) {
      r = rand()
      if (r < 0.3) tok = "q" int(rand() * 4)
      else if (r < 0.5) tok = "d" int(rand() * 6)
      else if (r < 0.7) tok = sprintf("%.2f", rand())
      else if (r < 0.75) tok = "-"
      else if (r < 0.8) tok = "#"
      else if (r < 0.85) tok = "nan"
      else if (r < 0.9) tok = int(rand() * 5) - 1
      else if (r < 0.95) tok = "1e309"
      else tok = "\r"
      line = line (f ? (rand() < 0.5 ? " " : "\t") : "") tok
    }
    if (!asqrels) print line > file
    else if (i % 2 == 0) { split(line, a); print a[1], 0, a[2], 1 > file }
  }
  if (file != "/dev/stdout") close(file)
}
BEGIN {
  if (seeds == "") { emit(seed, "/dev/stdout", 0); exit }
  for (s = 1; s <= seeds; s++) {
    emit(s, s "/in.txt", 0)
    emit(s + 1000, s "/rel.txt", qrels)
  }
}
