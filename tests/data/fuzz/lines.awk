# Random lines for the bounded fuzz test: ids, numbers, dashes, NaN,
# overflowing numbers, comment marks and stray CRs, 0 to 7 fields, spaces
# or tabs. awk -v seed=N -f lines.awk
BEGIN { srand(seed); n = 1 + int(rand() * 60)
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
    print line
  }
}
