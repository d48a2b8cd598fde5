# bench/lib.sh: what the benchmark scripts share, sourced after `cd` to the
# top of the tree with B (the data folder) and CC set.
#   bench_tool NAME [LIBS]  builds bench/NAME.c into $B/NAME (linked with
#                         LIBS, e.g. -lm), again whenever the source or the
#                         compiler changes (a checksum: POSIX test has no -nt)
#   bench_time FILE CMD   runs CMD under $B/rusage, which writes
#                         `wall user sys maxrss_kib` to FILE
#   bench_median F FILE...  the median of field F (1 wall, 2 user, 3 sys,
#                         4 maxrss, c: user + sys) over the files
#   bench_machine         sets cpu (the model name, empty if unknown) and
#                         variant (the micro-kernel the programs choose: the
#                         best the CPU flags allow, or RANKKIT_KERNEL)
#   bench_faiss_python    sets PY (unless set) to the first of python3,
#                         /usr/bin/python3 that imports faiss and numpy; with
#                         none, says the script is skipped and exits 0
#   bench_trec DIR ARG...  DIR/run and DIR/qrels from $B/gentrec ARG...,
#                         made again when ARG... or the generator change
#                         (the stamp that run.sh writes for the same ARG...)

bench_tool() {
	_sum="$CC $(cksum < "bench/$1.c")"
	if [ ! -x "$B/$1" ] || [ ! -f "$B/$1.sum" ] || [ "$(cat "$B/$1.sum")" != "$_sum" ]; then
		echo "bench: $CC -O2 -o $B/$1 bench/$1.c ${2:-}" >&2
		rm -f "$B/$1.sum"
		$CC -O2 -o "$B/$1" "bench/$1.c" ${2:-} || { echo "bench: cannot build $B/$1" >&2; exit 1; }
		echo "$_sum" > "$B/$1.sum"
	fi
}

bench_time() {
	_f=$1; shift
	"$B/rusage" -o "$_f" "$@"
}

bench_median() {
	_field=$1; shift
	for _f in "$@"; do
		tr '_' ' ' < "$_f" | tail -n 1 |
		    awk -v f="$_field" '{ print f == "c" ? $2 + $3 : $f }'
	done | sort -n | awk '{ v[NR] = $1 } END {
		printf "%.4f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

bench_trec() {
	_d=$1; shift
	_stamp="gentrec $* $(cksum < bench/gentrec.c)"
	if [ ! -f "$_d/stamp" ] || [ "$(cat "$_d/stamp")" != "$_stamp" ] ||
	   [ ! -f "$_d/run" ] || [ ! -f "$_d/qrels" ]; then
		rm -f "$_d/stamp" "$_d/run" "$_d/qrels"
		echo "bench: generating gentrec $* in $_d" >&2
		"$B/gentrec" "$@" -o "$_d" || { echo "bench: gentrec failed" >&2; exit 1; }
		echo "$_stamp" > "$_d/stamp"
	fi
}

bench_machine() {
	cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
	variant=${RANKKIT_KERNEL:-$(if grep -qw avx512f /proc/cpuinfo 2>/dev/null; then echo avx512
		elif grep -qw avx2 /proc/cpuinfo 2>/dev/null; then echo avx2; else echo base; fi)}
}

bench_faiss_python() {
	if [ -z "${PY:-}" ]; then
		for _p in python3 /usr/bin/python3; do
			if "$_p" -c 'import faiss, numpy' 2>/dev/null; then PY=$_p; break; fi
		done
	fi
	if [ -z "${PY:-}" ]; then
		echo "bench/$(basename "$0"): skipped: no python3 here imports faiss and numpy" \
		    "(Debian: apt-get install python3-faiss python3-numpy)" >&2
		exit 0
	fi
}
