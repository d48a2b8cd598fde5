#!/usr/bin/env bats
# Labels from .npy (labelfile.h): a 1-D integer array, or shape (N, 1), row
# i named i with its integer as the label; the same rank stream as the
# text file "i label" per line, for every integer dtype numpy writes.
load helper
load npy

setup() {
	cd "$BATS_TEST_TMPDIR"
	# 6 embeddings of 2 values, labels 3 -1 3 7 0 7: rows 0 and 2, and
	# 3 and 5, share a label
	mknpy e.npy 1 '<f8' False '(6, 2)' "$(f8 1 0 0 1 1 1 2 1 0 2 1 2)"
	printf '0 3\n1 -1\n2 3\n3 7\n4 0\n5 7\n' > lab.txt
	rankof -e -x -m dot --query-labels lab.txt --item-labels lab.txt e.npy e.npy > want
	[ "$(grep -vc '^#' want)" -eq 6 ]	# 2 pairs, 2 lone rows
}

# le V SIZE: the little-endian two's complement bytes of V, as escapes
le() {
	local v=$1 n=$2 k
	[ "$v" -ge 0 ] || v=$(( v + (1 << (8 * n)) ))
	[ "$n" -lt 8 ] || [ "$1" -ge 0 ] || v=$1	# 8 bytes: the shell wraps
	for k in $(seq 0 $((n - 1))); do
		printf '\\x%02x' $(( (v >> (8 * k)) & 255 ))
	done
}
vals() { local n=$1 v; shift; for v in "$@"; do le "$v" "$n"; done; }

@test "labels-npy: every integer dtype gives the rank stream of the text labels" {
	for d in '<i8:8' '<i4:4' '<i2:2' '|i1:1' '=i4:4'; do
		mknpy l.npy 1 "${d%:*}" False '(6,)' "$(vals ${d#*:} 3 -1 3 7 0 7)"
		rankof -e -x -m dot --query-labels l.npy --item-labels l.npy e.npy e.npy | cmp - want
	done
	# unsigned: -1 becomes another label, still alone
	for d in '|u1:1' '<u2:2' '<u4:4' '<u8:8'; do
		mknpy l.npy 1 "${d%:*}" False '(6,)' "$(vals ${d#*:} 3 9 3 7 0 7)"
		rankof -e -x -m dot --query-labels l.npy --item-labels l.npy e.npy e.npy | cmp - want
	done
	mknpy l.npy 2 '<i8' False '(6, 1)' "$(vals 8 3 -1 3 7 0 7)"
	rankof -e -x -m dot -l l.npy e.npy e.npy | cmp - want
	# big-endian: the bytes of each value reversed
	bevals() { local n=$1 v; shift; for v in "$@"; do le "$v" "$n" |
		grep -o 'x..' | tac | tr -d '\n' | sed 's/x/\\x/g'; done; }
	for d in '>i8:8' '>i4:4' '>i2:2'; do
		mknpy l.npy 1 "${d%:*}" False '(6,)' "$(bevals ${d#*:} 3 -1 3 7 0 7)"
		rankof -e -x -m dot --query-labels l.npy --item-labels l.npy e.npy e.npy | cmp - want
	done
	# text labels from a pipe: not peeked at for a magic, none of it lost
	rankof -e -x -m dot --query-labels <(cat lab.txt) --item-labels lab.txt e.npy e.npy | cmp - want
}

@test "labels-npy: floats, three columns and truncated arrays are refused, naming the file" {
	fails=0
	mknpy f.npy 1 '<f8' False '(6,)' "$(f8 1 0 1 0 1 0)"
	mknpy w.npy 1 '<i8' False '(2, 3)' "$(vals 8 1 2 3 4 5 6)"
	mknpy t.npy 1 '<i8' False '(6,)' "$(vals 8 1 2 3)"
	while IFS='|' read -r f want; do
		f=${f% } want=${want# }
		run --separate-stderr rankof -e -x -m dot -l $f e.npy e.npy
		if [ "$status" != 1 ] || [ "$stderr" != "$want" ]; then
			echo "FAIL $f: $status, $stderr" >&2; fails=$((fails + 1))
		fi
	done <<-'T'
	f.npy | rankof: f.npy: dtype '<f8' is not supported for labels (rankkit reads integers: '<i8', '<i4', '|u1', ...; save arr.astype('<i8'))
	w.npy | rankof: w.npy: labels from .npy: expected a 1-D array of integers, shape (N, 1), or (N, 2) of (label, camera), found (2, 3)
	t.npy | rankof: t.npy: truncated: 6 labels need 48 bytes of data, found 24
	T
	[ "$fails" -eq 0 ]
}

# i4npy FILE COLS < "row v1 .. vCOLS" lines: an (N, COLS) '<i4' array of
# the values, N the lines (negative values as two's complement)
i4npy() {
	local f=$1 cols=$2 n
	awk -v c="$cols" '{ for (j = 2; j <= c + 1; j++) { v = $j < 0 ? $j + 4294967296 : $j
		for (k = 0; k < 4; k++) { printf "\\x%02x", v % 256; v = int(v / 256) } } }' > "$f.bytes"
	n=$(( $(wc -c < "$f.bytes") / 16 / cols ))
	mknpy "$f" 1 '<i4' False "($n, $cols)" "$(cat "$f.bytes")"
}

# Market-1501's protocol on synthemb's re-id data: labels -1 (junk), 0
# (distractors) and people, cameras 1-6; the (N, 2) arrays of (label,
# camera) give the rank stream, byte for byte, and so every measure, of
# the "row label camera" text files they were made from
@test "labels-npy: (N, 2) label and camera arrays give the text route's ranks with --junk same-camera" {
	synthemb -s 3 -n 20 -o r reid
	i4npy q.npy 2 < r/query.labels
	i4npy g.npy 2 < r/gallery.labels
	[ "$(wc -l < r/gallery.labels)" -eq 715 ]
	for junk in "--junk same-camera --junk-label -1" "--junk same-camera"; do
		rankof -e -m cos $junk --query-labels r/query.labels \
			--item-labels r/gallery.labels r/query.npy r/gallery.npy > text
		rankof -e -m cos $junk --query-labels q.npy --item-labels g.npy \
			r/query.npy r/gallery.npy > npy
		cmp text npy
		[ "$(body < npy | wc -l)" -gt 20 ]
	done
	# the same camera's matches left out: fewer relevant lines than without
	rankof -e -m cos --query-labels q.npy --item-labels g.npy r/query.npy r/gallery.npy > all
	[ "$(body < all | wc -l)" -gt "$(body < npy | wc -l)" ]
	# one file for both sides (-l): the gallery against itself, -x
	rankof -e -x -m cos --junk same-camera -l r/gallery.labels r/gallery.npy r/gallery.npy > text
	rankof -e -x -m cos --junk same-camera -l g.npy r/gallery.npy r/gallery.npy | cmp - text
	# Fortran order (np.save of np.stack([pids, cams]).T): the labels
	# column first, then the cameras
	awk '{ print NR - 1, $2 }' r/gallery.labels > pids
	awk '{ print NR - 1, $3 }' r/gallery.labels > cams
	i4npy gp.npy 1 < pids
	i4npy gc.npy 1 < cams
	n=$(wc -l < r/gallery.labels)
	mknpy gf.npy 1 '<i4' True "($n, 2)" "$(cat gp.npy.bytes gc.npy.bytes)"
	rankof -e -x -m cos --junk same-camera -l gf.npy r/gallery.npy r/gallery.npy | cmp - text
	# a 1-D array has no camera: the refusal names the (N, 2) layout
	i4npy one.npy 1 < r/gallery.labels
	fails_with "rankof: one.npy: --junk same-camera needs a camera for every row, and a 1-D .npy label array carries none (save np.stack([labels, cameras], axis=1), shape (N, 2), or give the cameras' array to --query-cameras and --item-cameras)" \
		rankof -e -x -m cos --junk same-camera -l one.npy r/gallery.npy r/gallery.npy
}

@test "labels-npy: --query-cameras and --item-cameras (.npy or text) equal the (N, 2) route" {
	synthemb -s 3 -n 20 -o r reid
	i4npy q2.npy 2 < r/query.labels
	i4npy g2.npy 2 < r/gallery.labels
	# the same labels and cameras in separate 1-D arrays and text files
	awk '{ print NR - 1, $2 }' r/query.labels | tee qpid | i4npy ql.npy 1
	awk '{ print NR - 1, $3 }' r/query.labels | i4npy qc.npy 1
	awk '{ print NR - 1, $2 }' r/gallery.labels | tee gpid | i4npy gl.npy 1
	awk '{ print NR - 1, $3 }' r/gallery.labels | i4npy gc.npy 1
	awk '{ print $3 }' r/query.labels > qc.txt
	awk '{ print $3 }' r/gallery.labels > gc.txt
	for junk in "--junk same-camera --junk-label -1" "--junk same-camera"; do
		rankof -e -m cos $junk --query-labels q2.npy --item-labels g2.npy \
			r/query.npy r/gallery.npy > want
		[ "$(body < want | wc -l)" -gt 20 ]
		rankof -e -m cos $junk --query-labels ql.npy --item-labels gl.npy \
			--query-cameras qc.npy --item-cameras gc.npy \
			r/query.npy r/gallery.npy | cmp - want
		# text labels without cameras, text cameras one per line
		rankof -e -m cos $junk --query-labels qpid --item-labels gpid \
			--query-cameras qc.txt --item-cameras gc.txt \
			r/query.npy r/gallery.npy | cmp - want
	done
	# -l: one file for both sides, its cameras --item-cameras
	rankof -e -x -m cos --junk same-camera -l g2.npy r/gallery.npy r/gallery.npy > want
	rankof -e -x -m cos --junk same-camera -l gl.npy --item-cameras gc.npy \
		r/gallery.npy r/gallery.npy | cmp - want
	# a gallery shard reads part of the item labels: its cameras still
	# those of its records' rows
	rankof -e -m cos --junk same-camera --items 100:400 --query-labels q2.npy \
		--item-labels g2.npy r/query.npy r/gallery.npy > want
	rankof -e -m cos --junk same-camera --items 100:400 --query-labels ql.npy \
		--item-labels gl.npy --query-cameras qc.npy --item-cameras gc.txt \
		r/query.npy r/gallery.npy | cmp - want
}

@test "labels-npy: camera files of the wrong length, shape or twice are refused" {
	# one label; rows 0 and 2 of camera 1, row 1 of camera 2
	printf '0 3\n1 3\n2 3\n' > lab
	printf '0 3 1\n1 3 2\n2 3 1\n' > labcam
	mknpy e.npy 1 '<f8' False '(3, 1)' "$(f8 1 0 2)"
	printf '1\n2\n' > two
	printf '1 x\n2\n1\n' > wide
	printf '0 1\n1 2\n2 1\n' | i4npy c.npy 1
	printf '0 1 1\n1 2 2\n2 1 1\n' | i4npy c2.npy 2
	fails_with "rankof: two: 2 cameras for the 3 lines of lab" \
		rankof -e -x -m dot -l lab --item-cameras two e.npy e.npy
	fails_with "rankof: wide:1: expected 1 field (a camera, one per line in the labels' order), found 2" \
		rankof -e -x -m dot -l lab --item-cameras wide e.npy e.npy
	fails_with "rankof: c2.npy: cameras from .npy: expected a 1-D array of integers, one camera per row, found shape (N, 2) (give it as the labels: (label, camera) rows)" \
		rankof -e -x -m dot -l lab --item-cameras c2.npy e.npy e.npy
	fails_with "rankof: c.npy: labcam has cameras already (a camera column or an (N, 2) array): give them once" \
		rankof -e -x -m dot -l labcam --item-cameras c.npy e.npy e.npy
	# the right length: accepted, and the same ranks as the camera column
	rankof -e -x -m dot --junk same-camera -l labcam e.npy e.npy > want
	rankof -e -x -m dot --junk same-camera -l lab --item-cameras c.npy e.npy e.npy | cmp - want
	# where row 2 leaves query 0's gallery (its label and camera)
	! rankof -e -x -m dot -l lab e.npy e.npy | cmp -s - want
	for bad in "-l lab --query-cameras c.npy" \
	    "--query-labels lab --item-labels lab --item-cameras c.npy" \
	    "-r lab --item-cameras c.npy"; do
		run --separate-stderr rankof -e -x -m dot $bad e.npy e.npy
		[ "$status" -eq 2 ]
	done
}
