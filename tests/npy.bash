# Writing small .npy, .fvecs, .bvecs and .ivecs fixtures from the shell, after
# numpy's format.py documentation of the .npy layout: the magic "\x93NUMPY",
# major and minor version bytes, the header length (2 bytes little-endian in
# 1.0, 4 bytes in 2.0 and 3.0), then the header dict padded with spaces and
# ended by "\n" so that the data starts at a multiple of 64 bytes.

# the little-endian bytes of a few exact values, as printf escapes
f8() {
	local v
	for v in "$@"; do
		case $v in
		0) printf '%s' '\x00\x00\x00\x00\x00\x00\x00\x00' ;;
		1) printf '%s' '\x00\x00\x00\x00\x00\x00\xf0\x3f' ;;
		-1) printf '%s' '\x00\x00\x00\x00\x00\x00\xf0\xbf' ;;
		2) printf '%s' '\x00\x00\x00\x00\x00\x00\x00\x40' ;;
		3) printf '%s' '\x00\x00\x00\x00\x00\x00\x08\x40' ;;
		0.5) printf '%s' '\x00\x00\x00\x00\x00\x00\xe0\x3f' ;;
		0.1f) printf '%s' '\x00\x00\x00\xa0\x99\x99\xb9\x3f' ;; # (double)0.1f
		inf) printf '%s' '\x00\x00\x00\x00\x00\x00\xf0\x7f' ;;
		-inf) printf '%s' '\x00\x00\x00\x00\x00\x00\xf0\xff' ;;
		nan) printf '%s' '\x00\x00\x00\x00\x00\x00\xf8\x7f' ;;
		max) printf '%s' '\xff\xff\xff\xff\xff\xff\xef\x7f' ;; # DBL_MAX
		-max) printf '%s' '\xff\xff\xff\xff\xff\xff\xef\xff' ;;
		*) echo "f8: no bytes for $v" >&2; return 1 ;;
		esac
	done
}
f4() {
	local v
	for v in "$@"; do
		case $v in
		0) printf '%s' '\x00\x00\x00\x00' ;;
		1) printf '%s' '\x00\x00\x80\x3f' ;;
		-1) printf '%s' '\x00\x00\x80\xbf' ;;
		2) printf '%s' '\x00\x00\x00\x40' ;;
		3) printf '%s' '\x00\x00\x40\x40' ;;
		0.5) printf '%s' '\x00\x00\x00\x3f' ;;
		0.1f) printf '%s' '\xcd\xcc\xcc\x3d' ;;
		-inf) printf '%s' '\x00\x00\x80\xff' ;;
		nan) printf '%s' '\x00\x00\xc0\x7f' ;;
		max) printf '%s' '\xff\xff\x7f\x7f' ;; # FLT_MAX
		-max) printf '%s' '\xff\xff\x7f\xff' ;;
		*) echo "f4: no bytes for $v" >&2; return 1 ;;
		esac
	done
}
# a little-endian int32 as printf escapes
i4() {
	local v
	for v in "$@"; do
		v=$(( v & 0xffffffff ))
		printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((v & 255)) $((v >> 8 & 255)) \
			$((v >> 16 & 255)) $((v >> 24 & 255))
	done
}

# mknpy FILE MAJOR DESCR FORTRAN SHAPE DATA (DATA: printf escapes); the
# header's bytes made with printf -v, no subshell (many tests call it)
mknpy() {
	local f=$1 major=$2 descr=$3 fo=$4 shape=$5 data=$6 pre=10 len pad dict hl
	dict="{'descr': '$descr', 'fortran_order': $fo, 'shape': $shape, }"
	[ "$major" = 1 ] || pre=12
	len=$(( ${#dict} + 1 ))
	pad=$(( (64 - (pre + len) % 64) % 64 ))
	printf -v pad '%*s' "$pad" ''
	dict="$dict$pad"
	len=$(( ${#dict} + 1 ))
	# the version bytes, then the header length: 2 bytes little-endian
	# in 1.0, 4 (i4's) after; as printf escapes
	printf -v hl '\\x%02x\\x00' "$major"
	if [ "$major" = 1 ]; then
		printf -v hl '%s\\x%02x\\x%02x' "$hl" $((len & 255)) $((len >> 8))
	else
		printf -v hl '%s\\x%02x\\x%02x\\x%02x\\x%02x' "$hl" $((len & 255)) \
			$((len >> 8 & 255)) $((len >> 16 & 255)) $((len >> 24 & 255))
	fi
	{
		printf '\x93NUMPY'
		printf "$hl"
		printf '%s\n' "$dict"
		printf "$data"
	} >"$f"
}

# the identity of dimension D as text items e0 .. e(D-1): dot products with
# them print a query's values one by one
identity() {
	awk -v d="$1" 'BEGIN { for (i = 0; i < d; i++) { printf "e%d", i
		for (j = 0; j < d; j++) printf " %d", i == j; print "" } }'
}
