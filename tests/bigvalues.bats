#!/usr/bin/env bats
# Finite values too large for the plain sums (kernel.h): from |x| about
# 1.3e154 in float64 and 1.8e19 in float32 a square overflows. Such pairs
# are scored on their rows times powers of two: cos and l2 of every pair
# are printed, equal to the values worked by hand here, and to the plain
# scores of the same rows scaled down, bit for bit; a score beyond the
# range itself (a dot product or a distance above the largest float or
# double) is an error naming the pair wherever a program would print it or
# rank against it. Every path agrees: each variant the CPU runs, -j, the
# fused counts and the row path of rankof -e, gallery shards, and
# simmat | rankof.

bats_require_minimum_version 1.5.0
load helper
load npy

setup() {
	cd "$BATS_TEST_TMPDIR"
	# the issue's reproducer
	printf 'a 1e200 1e200\nb 1e200 2e200\nc 1 0\n' >hv.tsv
	printf 'a 1\nb 1\nc 2\n' >hv.labels
}

# the variants this CPU runs, one per line; found once for the file's
# tests (in the file variants of $BATS_FILE_TMPDIR), as each finding runs
# simmat three times
variants() {
	local v list= f=$BATS_FILE_TMPDIR/variants
	if [ ! -e "$f" ]; then
		for v in base avx2 avx512; do
			if runs_variant $v; then list+="$v"$'\n'; fi
		done
		printf '%s' "$list" > "$f.new"
		mv "$f.new" "$f"
	fi
	printf '%s\n' "$(<"$f")"
	return 0
}

# near GOT WANT TOL: the same pairs, scores within TOL relative
near() {
	awk -v tol="$3" -F '\t' '
	FNR == NR { w[NR] = $0; n = NR; next }
	{	split(w[FNR], x, "\t")
		g = $3 + 0; e = x[3] + 0; d = g - e; if (d < 0) d = -d
		a = e < 0 ? -e : e
		if ($1 != x[1] || $2 != x[2] || d > tol * a) { print "line " FNR ": " $0 " vs " w[FNR]; bad = 1 }
	}
	END { if (FNR != n) { print "lines: " FNR " vs " n; bad = 1 } exit bad }' "$2" "$1"
}

# rows GEN N D SEED E FRAC ALL: N rows "rI v1 .. vD" of small values
# (multiples of 1/8 up to 20), a FRAC of them (every one with ALL = 1)
# times 2^E, printed with 17 digits (read back exactly)
rows() {
	awk -v n=$1 -v d=$2 -v seed=$3 -v e=$4 -v frac=$5 -v all=$6 'BEGIN {
		srand(seed); s = 2 ^ e
		for (i = 0; i < n; i++) {
			big = rand() < frac || all; printf "r%d", i
			for (k = 0; k < d; k++) {
				v = int(rand() * 41) - 20
				if (rand() < 0.3) v /= 8
				if (rand() < 0.1) v = 0
				printf " %.17g", big ? v * s : v
			}
			print ""
		} }'
}

# ranks_agree METRIC FILE WANT (LABELS: lab): rankof -e's rank stream of
# FILE against itself is WANT on every path: each variant at -j 1 and 2,
# the fused counts and the row path, with -x, gallery shards merged, and
# simmat | rankof
ranks_agree() {
	local v j
	for v in $(variants); do
		for j in 1 2; do
			RANKKIT_KERNEL=$v rankof -e --keep-self -j $j -m $1 -l lab "$2" "$2" | cmp - "$3"
			RANKKIT_KERNEL=$v RANKKIT_EMBRANK=rows rankof -e --keep-self -j $j -m $1 -l lab "$2" "$2" | cmp - "$3"
		done
		RANKKIT_KERNEL=$v rankof -e -x -m $1 -l lab "$2" "$2" >x.fused
		RANKKIT_KERNEL=$v RANKKIT_EMBRANK=rows rankof -e -x -m $1 -l lab "$2" "$2" | cmp - x.fused
		RANKKIT_KERNEL=$v rankof -e --keep-self --items 0:13 -m $1 -l lab "$2" "$2" >g0
		RANKKIT_KERNEL=$v rankof -e --keep-self --items 13:37 -m $1 -l lab "$2" "$2" >g1
		rankof --merge g0 g1 | cmp - "$3"
	done
	simmat -m $1 "$2" "$2" | rankof -l lab | cmp - "$3"
}

@test "bigvalues: cos and l2 of the issue's rows: every pair, the values worked by hand" {
	# a = (1, 1) 1e200, b = (1, 2) 1e200, c = (1, 0): cos a b =
	# 3 / sqrt(2 * 5), cos a c = 1 / sqrt(2), cos b c = 1 / sqrt(5); the
	# distances 1e200, sqrt(2) 1e200 and sqrt(5) 1e200 (c is 0 beside
	# them: 1e200 - 1 is 1e200). Within two units in the last place.
	printf 'a\ta\t1\na\tb\t0.9486832980505138\na\tc\t0.7071067811865476\n' >cos
	printf 'b\ta\t0.9486832980505138\nb\tb\t1\nb\tc\t0.4472135954999579\n' >>cos
	printf 'c\ta\t0.7071067811865476\nc\tb\t0.4472135954999579\nc\tc\t1\n' >>cos
	printf 'a\ta\t0\na\tb\t-1e200\na\tc\t-1.4142135623730951e200\n' >l2
	printf 'b\ta\t-1e200\nb\tb\t0\nb\tc\t-2.23606797749979e200\n' >>l2
	printf 'c\ta\t-1.4142135623730951e200\nc\tb\t-2.23606797749979e200\nc\tc\t0\n' >>l2
	for v in $(variants); do
		for j in 1 2; do
			for m in cos l2; do
				RANKKIT_KERNEL=$v simmat -j $j -m $m hv.tsv hv.tsv >out
				# its first and last lines (head -1, tail -1)
				IFS= read -r first < out || :
				IFS= read -r -d '' all < out || :
				all=${all%$'\n'}
				[ "$first" = "# query	item	score" ]
				[ "${all##*$'\n'}" = "# end" ]
				body <out >got
				near got $m 4.5e-16
			done
			# b's distance to a is 1e200 itself: (2 - 1) 1e200 twice
			# scaled, and sqrt(x^2) = x
			RANKKIT_KERNEL=$v simmat -j $j -m l2 hv.tsv hv.tsv | grep -q $'^b\ta\t-1e+200$'
		done
	done
	# a's items: a (1), then b; b's: b, then a; c's: c (1), a, b
	printf '# query\titem\tgrade\trank\tties\tn\n' >want
	printf 'a\ta\t1\t1\t0\t3\na\tb\t1\t2\t0\t3\n' >>want
	printf 'b\tb\t1\t1\t0\t3\nb\ta\t1\t2\t0\t3\n' >>want
	printf 'c\tc\t1\t1\t0\t3\n# end\n' >>want
	for v in $(variants); do
		RANKKIT_KERNEL=$v rankof -e --keep-self -m cos -l hv.labels hv.tsv hv.tsv | cmp - want
		RANKKIT_KERNEL=$v RANKKIT_EMBRANK=rows rankof -e --keep-self -m cos -l hv.labels hv.tsv hv.tsv | cmp - want
		RANKKIT_KERNEL=$v rankof -e --keep-self --items 0:1 -m cos -l hv.labels hv.tsv hv.tsv >g0
		RANKKIT_KERNEL=$v rankof -e --keep-self --items 1:3 -m cos -l hv.labels hv.tsv hv.tsv >g1
		rankof --merge g0 g1 | cmp - want
	done
	simmat -m cos hv.tsv hv.tsv | rankof -l hv.labels | cmp - want
}

@test "bigvalues: cos of rows times 2^600 is that of the rows, bit for bit, and so are the ranks" {
	# cos is the same for any positive multiple of either row, and the
	# scaled sums are the plain ones times powers of two: the same bits.
	# 37 rows of 13 values, 40% of them times 2^600 (their squares
	# overflow): tiles and blocks whole and cut
	rows 37 13 1 600 0.4 0 >big.txt
	rows 37 13 1 600 0 0 >small.txt
	[ "$(cmp -l big.txt small.txt | wc -l)" -gt 100 ]
	awk '{ print $1, NR % 3 }' small.txt >lab
	simmat -m cos small.txt small.txt >want
	for v in $(variants); do
		for j in 1 2; do
			RANKKIT_KERNEL=$v simmat -j $j -m cos big.txt big.txt | cmp - want
			RANKKIT_KERNEL=$v simmat -j $j -m cos -k 3 big.txt big.txt >top
			simmat -m cos -k 3 small.txt small.txt | cmp - top
		done
	done
	rankof -e --keep-self -m cos -l lab small.txt small.txt >ranks
	ranks_agree cos big.txt ranks
}

@test "bigvalues: l2 of rows all times 2^1000 is 2^1000 times theirs, exactly, and so are the ranks" {
	# differences up to 40 * 2^1000, whose squares overflow; the scaled
	# sums give the plain distances times 2^1000, which awk divides back
	rows 37 13 2 1000 0 1 >big.txt
	rows 37 13 2 1000 0 0 >small.txt
	awk '{ print $1, NR % 3 }' small.txt >lab
	simmat -m l2 small.txt small.txt | body >small.l2
	for v in $(variants); do
		for j in 1 2; do
			RANKKIT_KERNEL=$v simmat -j $j -m l2 big.txt big.txt | body >big.l2
			paste big.l2 small.l2 | awk '$1 != $4 || $2 != $5 || $3 / 2 ^ 1000 != $6 { bad++ }
				END { exit NR != 37 * 37 || bad }'
		done
	done
	rankof -e --keep-self -m l2 -l lab small.txt small.txt >ranks
	ranks_agree l2 big.txt ranks
}

@test "bigvalues: dot products that overflow on the way and come back are exact; past the doubles, an error naming the pair" {
	# P = 2^600: a = (P, P), b = (P, -P), c = (1, 0). a.b = P^2 - P^2 = 0
	# though P^2 overflows; a.c = b.c = P; a.a = 2 P^2 = 2^1201, about
	# 3.44e+361, is beyond the doubles
	P=$(awk 'BEGIN { printf "%.0f", 2 ^ 600 }')
	printf 'a %s %s\nb %s -%s\nc 1 0\n' $P $P $P $P >p.tsv
	Pg=$(awk 'BEGIN { printf "%.17g", 2 ^ 600 }')
	printf '# query\titem\tscore\na\tb\t0\na\tc\t%s\nb\ta\t0\nb\tc\t%s\nc\ta\t%s\nc\tb\t%s\n# end\n' \
		$Pg $Pg $Pg $Pg >want
	for v in $(variants); do
		for j in 1 2; do
			# -x: without a.a and b.b
			RANKKIT_KERNEL=$v simmat -j $j -x -m dot p.tsv p.tsv >got
			awk -F '\t' 'FNR == NR { w[FNR] = $3; next } $3 + 0 != w[FNR] + 0 { exit 1 }' want got
			[ "$(cut -f1,2 got)" = "$(cut -f1,2 want)" ]
			run --separate-stderr env RANKKIT_KERNEL=$v simmat -j $j -m dot p.tsv p.tsv
			[ "$status" -eq 1 ]
			[ "$stderr" = "simmat: p.tsv: row 0 against p.tsv: row 0: the dot product is about 3.44e+361, beyond the largest float64 (1.79769e+308)" ]
			[ "${output##*$'\n'}" != "# end" ]
			# -t alone keeps the passing scores of each block: a.a
			# and b.b (beyond the range) pass 1e200, a.c (P) not
			run --separate-stderr env RANKKIT_KERNEL=$v simmat -j $j -m dot -t 1e200 p.tsv p.tsv
			[ "$status" -eq 1 ]
			[ "$stderr" = "simmat: p.tsv: row 0 against p.tsv: row 0: the dot product is about 3.44e+361, beyond the largest float64 (1.79769e+308)" ]
			[ "${output##*$'\n'}" != "# end" ]
			[ -z "$(grep -v '^#' <<< "$output")" ]
			[ "$(RANKKIT_KERNEL=$v simmat -j $j -x -m dot -t 1e200 p.tsv p.tsv)" = "$(printf '# query\titem\tscore\n# depth\tscore\t1e200\n# end')" ]
		done
	done
}

@test "bigvalues: rankof -e ranks a candidate beyond the range exactly; a relevant item beyond it is an error" {
	# query q = (P, P), P = 2^600; items a = (P, P) (q.a beyond the
	# doubles: above every finite score), b = (P, -P) (0), c = (1, 0) (P)
	P=$(awk 'BEGIN { printf "%.0f", 2 ^ 600 }')
	printf 'q %s %s\n' $P $P >q.tsv
	printf 'a %s %s\nb %s -%s\nc 1 0\n' $P $P $P $P >i.tsv
	printf 'q 1\n' >ql
	printf 'a 2\nb 3\nc 1\n' >l1
	printf 'a 1\nb 3\nc 2\n' >l2
	printf '# query\titem\tgrade\trank\tties\tn\nq\tc\t1\t2\t0\t3\n# end\n' >want
	for v in $(variants); do
		for e in "" "RANKKIT_EMBRANK=rows"; do
			env $e RANKKIT_KERNEL=$v rankof -e -m dot --query-labels ql --item-labels l1 q.tsv i.tsv | cmp - want
			run --separate-stderr env $e RANKKIT_KERNEL=$v rankof -e -m dot --query-labels ql --item-labels l2 q.tsv i.tsv
			[ "$status" -eq 1 ]
			[ "$stderr" = "rankof: q.tsv: row 0 against i.tsv: row 0: the dot product is about 3.44e+361, beyond the largest float64 (1.79769e+308)" ]
		done
		# a gallery shard without a: the same error for its relevant
		# item outside the shard, scored alone
		run --separate-stderr env RANKKIT_KERNEL=$v rankof -e --items 1:3 -m dot --query-labels ql --item-labels l2 q.tsv i.tsv
		[ "$status" -eq 1 ]
		[ "$stderr" = "rankof: q.tsv: row 0 against i.tsv: row 0: the dot product is about 3.44e+361, beyond the largest float64 (1.79769e+308)" ]
		env RANKKIT_KERNEL=$v rankof -e --items 0:1 -m dot --query-labels ql --item-labels l1 q.tsv i.tsv >g0
		env RANKKIT_KERNEL=$v rankof -e --items 1:3 -m dot --query-labels ql --item-labels l1 q.tsv i.tsv >g1
		rankof --merge g0 g1 | cmp - want
	done
	# l2: Q = 1.5 2^1023 and -Q are 3 2^1023 apart, about 2.7e+308
	Q=$(awk 'BEGIN { printf "%.0f", 1.5 * 2 ^ 1023 }')
	printf 'a %s\nb -%s\nc 1\n' $Q $Q >q.tsv
	printf 'a 1\nb 2\nc 1\n' >lab
	printf '# query\titem\tgrade\trank\tties\tn\na\ta\t1\t1\t0\t3\na\tc\t1\t2\t0\t3\nb\tb\t1\t1\t0\t3\n' >want
	printf 'c\tc\t1\t1\t0\t3\nc\ta\t1\t2\t1\t3\n# end\n' >>want
	for v in $(variants); do
		RANKKIT_KERNEL=$v rankof -e --keep-self -m l2 -l lab q.tsv q.tsv | cmp - want
		run --separate-stderr env RANKKIT_KERNEL=$v simmat -m l2 q.tsv q.tsv
		[ "$status" -eq 1 ]
		[ "$stderr" = "simmat: q.tsv: row 0 against q.tsv: row 1: the l2 distance is about 2.7e+308, beyond the largest float64 (1.79769e+308)" ]
		# -t: a line that is not printed is no error
		RANKKIT_KERNEL=$v simmat -m l2 -t -1e308 q.tsv q.tsv | grep -q '^# end$'
	done
}

@test "bigvalues: cos of rows times 2^-700 is that of the rows, bit for bit; dot and l2 refuse them, naming the row" {
	# squares of 2^-700 are below the doubles (2^-1074): the plain sums
	# lose the rows' digits (cos was 0). cos is the same for any positive
	# multiple of either row and takes the scaled way; the small rows'
	# dot products and distances are those tiny numbers, which lose
	# digits to underflow: an error naming the first such row
	rows 37 13 1 -700 0.4 0 >tiny.txt
	rows 37 13 1 -700 0 0 >small.txt
	[ "$(cmp -l tiny.txt small.txt | wc -l)" -gt 100 ]
	awk '{ print $1, NR % 3 }' small.txt >lab
	simmat -m cos small.txt small.txt >want
	for v in $(variants); do
		for j in 1 2; do
			RANKKIT_KERNEL=$v simmat -j $j -m cos tiny.txt tiny.txt | cmp - want
		done
	done
	rankof -e --keep-self -m cos -l lab small.txt small.txt >ranks
	ranks_agree cos tiny.txt ranks
	first=$(awk '$2 != "" { for (k = 2; k <= NF; k++) if ($k + 0 != 0 && ($k < 0 ? -$k : $k) < 1e-150) { print NR - 1; exit } }' tiny.txt)
	for m in dot l2; do
		run --separate-stderr simmat -m $m tiny.txt tiny.txt
		[ "$status" -eq 1 ]
		[ "$stderr" = "simmat: tiny.txt: row $first: values too small for exact $m scores (sum of squares below 2^-916); multiply the embeddings by a power of two" ]
	done
	# a row of zeros is no error: its cos is 0, its dot product 0
	printf 'a 0 0\nb 1 2\n' >z.tsv
	simmat -m dot z.tsv z.tsv | grep -q $'^a\tb\t0$'
	simmat -m cos z.tsv z.tsv | grep -q $'^b\ta\t0$'
}

# f4big NAME...: float32 bytes of a few values, as printf escapes: 3p70 =
# 3 * 2^70 = 1.5 * 2^71 (exponent field 198), 4p70 = 2^72 (199), 3p126 =
# 1.5 * 2^127 (254), m3p126 its negative; 3pm80 = 3 * 2^-80 = 1.5 * 2^-79
# (exponent field 48), 4pm80 = 2^-78 (49)
f4big() {
	local v
	for v in "$@"; do
		case $v in
		3p70) printf '%s' '\x00\x00\x40\x63' ;;
		4p70) printf '%s' '\x00\x00\x80\x63' ;;
		3p126) printf '%s' '\x00\x00\x40\x7f' ;;
		3pm80) printf '%s' '\x00\x00\x40\x18' ;;
		4pm80) printf '%s' '\x00\x00\x80\x18' ;;
		m3p126) printf '%s' '\x00\x00\x40\xff' ;;
		*) f4 "$v" ;;
		esac
	done
}

@test "bigvalues: float32 .npy and .fvecs: cos 24/25 and 3/5, l2 5 2^70, exact; past FLT_MAX an error" {
	# a = (3, 4) 2^70, b = (4, 3) 2^70, c = (1, 0), z = (0, 0): squares
	# of 2^140 overflow float32 (2^128). cos a b = 24/25, cos a c = 3/5,
	# cos a z = 0; |a - z| = 5 2^70 = 5902958103587056517120, which
	# float32 holds exactly (within half a unit of 2^49 of the printed
	# shortest decimal), |a - b| = sqrt(2) 2^70
	mknpy v.npy 1 '<f4' False '(4, 2)' "$(f4big 3p70 4p70 4p70 3p70 1 0 0 0)"
	printf "$(i4 2)$(f4big 3p70 4p70)$(i4 2)$(f4big 4p70 3p70)$(i4 2)$(f4 1 0)$(i4 2)$(f4 0 0)" >v.fvecs
	for f in v.npy v.fvecs; do
		for v in $(variants); do
			RANKKIT_KERNEL=$v simmat -m cos $f $f >cos
			grep -q $'^0\t1\t0.96$' cos
			grep -q $'^0\t2\t0.6$' cos
			grep -q $'^0\t3\t0$' cos
			grep -q $'^0\t0\t1$' cos
			RANKKIT_KERNEL=$v simmat -m l2 $f $f >l2
			awk '$1 == 0 && $2 == 3 { d = $3 + 5 * 2 ^ 70; n++; if (d < 0) d = -d; if (d > 2 ^ 48) exit 1 }
			     $1 == 0 && $2 == 1 { d = $3 / 2 ^ 70 + sqrt(2); n++; if (d < 0) d = -d; if (d > 1.2e-7) exit 1 }
			     END { exit n != 2 }' l2
			# a.a = 25 2^140, about 3.48e+43
			run --separate-stderr env RANKKIT_KERNEL=$v simmat -m dot $f $f
			[ "$status" -eq 1 ]
			[ "$stderr" = "simmat: $f: row 0 against $f: row 0: the dot product is about 3.48e+43, beyond the largest float32 (3.40282e+38)" ]
		done
	done
	# 1.5 2^127 and its negative: 3 2^127 apart, about 5.1e+38
	mknpy w.npy 1 '<f4' False '(2, 1)' "$(f4big 3p126 m3p126)"
	run --separate-stderr simmat -m l2 w.npy w.npy
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: w.npy: row 0 against w.npy: row 1: the l2 distance is about 5.1e+38, beyond the largest float32 (3.40282e+38)" ]
}

@test "bigvalues: float32 rows times 2^-80: cos 24/25 and 3/5 exact; dot refused, naming the row" {
	# a = (3, 4) 2^-80, b = (4, 3) 2^-80: their squares, 2^-160 and
	# below, are under float32's least value (2^-149); c = (1, 0)
	mknpy t.npy 1 '<f4' False '(3, 2)' "$(f4big 3pm80 4pm80 4pm80 3pm80 1 0)"
	for v in $(variants); do
		RANKKIT_KERNEL=$v simmat -m cos t.npy t.npy >cos
		grep -q $'^0\t1\t0.96$' cos
		grep -q $'^0\t2\t0.6$' cos
		grep -q $'^1\t2\t0.8$' cos
		grep -q $'^0\t0\t1$' cos
	done
	run --separate-stderr simmat -m dot t.npy t.npy
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: t.npy: row 0: values too small for exact dot scores (sum of squares below 2^-78); multiply the embeddings by a power of two" ]
}

@test "bigvalues: rankof -e -m cos counts a huge row of another tile above the lowest target" {
	# 40 items: i0 of values 1e200 (its norm is inf: cos takes the
	# scaled way, 0.9999999999999998 with q = (1, 1)), 38 rows at cos 0,
	# and the one relevant item i39 = (1, 0.9) last, at cos 0.9986 (the
	# lowest target): whole tiles of 8, 16 or 32 items in every variant,
	# so i0's tile holds no target and may be passed over only if its
	# denominators are in range. i0 is above: rank 2 of 40.
	printf 'q 1 1\n' > q.tsv
	{ echo "i0 1e200 1e200"; for k in $(seq 1 38); do echo "i$k $k -$k"; done
	  echo "i39 1 0.9"; } > i.tsv
	printf 'q A\n' > q.labels
	{ echo "i0 B"; for k in $(seq 1 38); do echo "i$k C"; done; echo "i39 A"; } > i.labels
	for v in $(variants); do
		for j in 1 2; do
			run --separate-stderr env RANKKIT_KERNEL=$v rankof -j $j -e -m cos \
			    --query-labels q.labels --item-labels i.labels q.tsv i.tsv
			[ "$status" -eq 0 ]
			[ "${lines[1]}" = "q	i39	1	2	0	40" ]
		done
	done
}

@test "bigvalues: rankof -e -m cos counts a tie in floats that is below the target in reals" {
	# q = (-9 8 -9 3), target t = (-3 4 -9 7), y = 3 t: the integer sums
	# are exact, so y's cos differs from t's only by the rounding of its
	# norm (fl(sqrt(9 |t|^2)) is not 3 fl(|t|)); as the finishing step
	# computes them, fl(b / den) is 0.8435796524702162 for both (simmat
	# prints them), while y's b / den is below that float in reals (half
	# an ulp at most: found by search, checked in exact rationals). y sits
	# alone in a tile of 126 rows of cos -1 (row 64: a full tile of every
	# variant), so a filter that skips a tile below the target in reals,
	# without a margin, loses the tie: t is rank 1 with 1 tie
	printf 'q -9 8 -9 3\n' >q.txt
	{ printf 't -3 4 -9 7\n'
	  for i in $(seq 1 63); do printf 'f%d 9 -8 9 -3\n' $i; done
	  printf 'y -9 12 -27 21\n'
	  for i in $(seq 65 127); do printf 'f%d 9 -8 9 -3\n' $i; done; } >items.txt
	printf 'q A\n' >ql
	{ printf 't A\ny B\n'; for i in $(seq 1 63) $(seq 65 127); do printf 'f%d B\n' $i; done; } >il
	vs=$(variants)
	[ -n "$vs" ]
	for v in $vs; do
		run --separate-stderr env RANKKIT_KERNEL=$v simmat -m cos q.txt items.txt
		[ "$status" -eq 0 ]
		[ "$(printf '%s\n' "$output" | awk -F '\t' '$2 == "t" || $2 == "y" { print $3 }' | uniq)" = 0.8435796524702162 ]
		run --separate-stderr env RANKKIT_KERNEL=$v rankof -e -m cos --query-labels ql --item-labels il q.txt items.txt
		[ "$status" -eq 0 ]
		[ "$(printf '%s\n' "$output" | body)" = "$(printf 'q\tt\t1\t1\t1\t128')" ] || { echo "variant $v: $output"; false; }
	done
}

# issue 37.5: first ranks past 2^53, where a double holds only even
# integers (and past 2^54 multiples of 4). Every value below is worked with
# bc, shown beside it; N = 2^63 - 1 = 9223372036854775807.
# rk_ranks LINE...: a rank stream of the lines (tab-separated fields)
rk_ranks() {
	printf '# rankkit ranks 1\n'
	printf '%s\n' "$@" | tr ' ' '\t'
	printf '# end\n'
}

@test "bigvalues: MeanR and MedR of ranks past 2^53 are exact, per query and in the summary" {
	N=9223372036854775807
	# ranks 2^53 + 1 and 1, no ties: (9007199254740993 + 1)/2 = 4503599627370497
	rk_ranks "q1 d 1 9007199254740993 0 $N" "q2 d 1 1 0 $N" > two.ranks
	[ "$(echo '(9007199254740993 + 1)/2' | bc)" = 4503599627370497 ]
	run --separate-stderr hitrate -m MeanR,MedR two.ranks
	[ "$status" -eq 0 ]
	[ "$(body <<< "$output")" = "$(printf 'MeanR\tall\t4503599627370497.00\nMedR\tall\t4503599627370497.00')" ]
	run --separate-stderr hitrate -m MeanR -q --format table two.ranks
	[ "${lines[1]}" = "q1     9007199254740993.00" ]
	[ "${lines[3]}" = "all    4503599627370497.00" ]
	# folds: each fold's value and the mean of the folds
	run --separate-stderr hitrate -m MeanR --folds 2 two.ranks
	[ "$(body <<< "$output" | cut -f3 | paste -sd' ')" = "9007199254740993.00 1.00 4503599627370497.00" ]
	# a tie of 2 with 1 relevant: expected a + (t+1)/(s+1) = 2^53 + 3/2,
	# pessimistic 2^53 + 2; with rank 1: (2^53 + 5/2)/2 and (2^53 + 3)/2
	rk_ranks "q1 d 1 9007199254740993 1 9007199254740994" "q2 d 1 1 0 5" > tie.ranks
	[ "$(echo 'scale=2; (2^53 + 5/2)/2' | bc)" = 4503599627370497.25 ]
	[ "$(echo 'scale=2; (2^53 + 3)/2' | bc)" = 4503599627370497.50 ]
	run --separate-stderr hitrate -m MeanR tie.ranks
	[ "$(body <<< "$output")" = "$(printf 'MeanR\tall\t4503599627370497.25')" ]
	[ "$stderr" = "hitrate: ties change MeanR: 4503599627370497.00 if relevant items win every tie (optimistic), 4503599627370497.50 if they lose every one (pessimistic)" ]
}

@test "bigvalues: MeanR up to 2^63 - 1: the 128-bit sum, the pessimistic note never above INT64_MAX" {
	N=9223372036854775807
	# three ranks N and one 1: the sum passes 2^64; (3N + 1)/4
	rk_ranks "q1 d 1 $N 0 $N" "q2 d 1 $N 0 $N" "q3 d 1 $N 0 $N" "q4 d 1 1 0 $N" > four.ranks
	[ "$(echo "scale=2; (3*$N + 1)/4" | bc)" = 6917529027641081855.50 ]
	run --separate-stderr hitrate -m MeanR,MedR four.ranks
	[ "$(body <<< "$output")" = "$(printf 'MeanR\tall\t6917529027641081855.50\nMedR\tall\t%s.00' $N)" ]
	# rank 1 tied with all N - 1 others: optimistic 1, pessimistic N,
	# expected (t+1)/(s+1) = N + 1 over 2 = 2^62
	rk_ranks "q1 d 1 1 $((N - 1)) $N" > one.ranks
	[ "$(echo '2^62' | bc)" = 4611686018427387904 ]
	run --separate-stderr hitrate -m MeanR one.ranks
	[ "$(body <<< "$output")" = "$(printf 'MeanR\tall\t4611686018427387904.00')" ]
	[ "$stderr" = "hitrate: ties change MeanR: 1.00 if relevant items win every tie (optimistic), $N.00 if they lose every one (pessimistic)" ]
}
