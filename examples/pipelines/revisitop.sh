#!/bin/sh
# The revisited Oxford and Paris protocol (Radenovic et al., "Revisiting
# Oxford and Paris", CVPR 2018): each query has lists of easy, hard and
# junk database images, and three protocols are reported. Easy: the easy
# images are the positives, hard and junk ignored; Medium: easy and hard
# positive, junk ignored; Hard: the hard images positive, easy and junk
# ignored. An ignored image leaves the ranking before positions are
# counted (rankof --protocol), it is not a negative. Reported: mAP, with
# revisitop's trapezoidal AP (mapr --ap-area trapezoid), and mP@1, 5, 10
# (hitrate -m mP); a query without a positive under a protocol is left
# out of its means (--empty skip), as revisitop's compute_map does.
#
# Here the lists come from place-recognition data, whose images have
# positions: a database image within 10 m of the query is easy, 10 to
# 25 m hard, 25 to 40 m junk (a view too far off to call), the rest
# negatives; the descriptors rank the database.
#
# usage: revisitop.sh [DIR]
#   DIR holds qpos.npy and dbpos.npy (easting northing in metres) and
#   qdesc.npy, dbdesc.npy (descriptors, nearest by Euclidean distance); by
#   default `synthemb places` writes them into a temporary folder. With
#   revisitop's own data, convert gnd_roxford5k.pkl as rankof(1) shows and
#   give the lists to rankof -r instead of $work/gnd.
#   Prints one row per protocol: the queries with a positive, mAP, mP@1,
#   mP@5, mP@10 (percent).
set -e
. "$(dirname "$0")/common.sh"
data places "${1:-}"
need qpos.npy dbpos.npy qdesc.npy dbdesc.npy

# the lists, from the distances between the positions (simmat's l2 score
# is minus the distance); the end line is checked before awk reads it
simmat -m l2 -t -40 "$dir/qpos.npy" "$dir/dbpos.npy" >"$work/near"
tail -n 1 "$work/near" | grep -qx '# end' ||
	{ echo "revisitop.sh: simmat failed" >&2; exit 1; }
awk '!/^#/ { d = -$3; print $1, $2, d <= 10 ? "easy" : d <= 25 ? "hard" : "junk" }' \
	"$work/near" >"$work/gnd"

printf '%-8s %7s %7s %7s %7s %7s\n' protocol queries mAP mP@1 mP@5 mP@10
for p in easy medium hard; do
	rankof --protocol "$p" -e -m l2 -r "$work/gnd" "$dir/qdesc.npy" \
		"$dir/dbdesc.npy" >"$work/ranks"
	queries=$(awk '!/^#/ && $2 != "-" { print $1 }' "$work/ranks" | uniq | wc -l)
	{
		mapr --empty skip --ap-area trapezoid -m AP -p 2 "$work/ranks"
		hitrate --empty skip -k 1,5,10 -m mP -p 2 "$work/ranks"
	} 2>"$work/notes" | grep -v '^#' | cut -f3 | paste -sd' ' - >"$work/row"
	read -r map p1 p5 p10 <"$work/row"
	printf '%-8s %7s %7s %7s %7s %7s\n' "$p" "$queries" "$map" "$p1" "$p5" "$p10"
done
