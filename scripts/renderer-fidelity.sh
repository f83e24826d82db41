#!/bin/sh
# renderer-fidelity.sh: how close the builtin renderer's dump is to Lynx's
# (issue 21), printed, never asserted.
#
#   scripts/renderer-fidelity.sh BUILD_DIR WORK_DIR CORPUS...
#
# Each CORPUS (a directory with orig/*.html) is rendered by Lynx and by the
# builtin renderer (scripts/renderer-dumps: stage 1 as the pipeline runs
# it), twice: with the HTML rules (the page the segmenter's dump comes
# from) and raw (the page as --dump renders it). Then, per corpus and
# way:
#   - word-level F of the builtin dump against the Lynx dump, micro over
#     the pages (ncleaner-eval -M: the dumps as texts, the stage-1 markers
#     taken out of both), and the ten pages of lowest F;
#   - the segments the segmenter makes of each dump (dump rules applied):
#     how many there are, and how many of Lynx's the builtin dump does not
#     reproduce exactly, and the other way round (diff of the segment
#     lists: a segment cut in two counts once on one side, twice on the
#     other).
set -eu
build=$1 work=$2
shift 2
dumps=$build/scripts/renderer-dumps
eval=$build/src/ncleaner-eval
if [ ! -x "$dumps" ]; then
	echo "renderer-fidelity: $dumps is missing (make check builds it)" >&2
	exit 2
fi
found=0
for corpus in "$@"; do
	[ -d "$corpus/orig" ] || continue
	found=1
	set_name=$(basename "$corpus")
	for way in rules raw; do
		dir=$work/$set_name-$way
		rm -rf "$dir"
		mkdir -p "$dir"
		flag=
		[ $way = raw ] && flag=--raw
		for renderer in lynx builtin; do
			"$dumps" $flag "$renderer" "$dir/$renderer" "$corpus"/orig/*.html || true
			mkdir -p "$dir/$renderer/text"
			for f in "$dir/$renderer"/dump/*.txt; do
				[ -f "$f" ] || continue
				sed 's/@@NC-[HL]@@//g' "$f" > "$dir/$renderer/text/$(basename "$f")"
			done
		done
		"$eval" -M -n "$dir/builtin/text" "$dir/lynx/text" > "$dir/scores" 2> "$dir/eval.err" || true
		"$eval" -M -n -t "$dir/builtin/text" "$dir/lynx/text" > "$dir/total" 2>> "$dir/eval.err" || true
		micro=$(awk -F'\t' '{ print $2 " (P " $3 ", R " $4 ")" }' "$dir/total")
		pages=$(grep -vc '^total' "$dir/scores" || true)
		lynx_segments=0 lynx_only=0 builtin_only=0
		for f in "$dir"/lynx/segments/*.txt; do
			[ -f "$f" ] || continue
			b=$dir/builtin/segments/$(basename "$f")
			[ -f "$b" ] || b=/dev/null
			n=$(wc -l < "$f")
			diff "$f" "$b" > "$dir/segment.diff" || true
			x=$(grep -c '^<' "$dir/segment.diff" || true)
			y=$(grep -c '^>' "$dir/segment.diff" || true)
			lynx_segments=$((lynx_segments + n))
			lynx_only=$((lynx_only + x))
			builtin_only=$((builtin_only + y))
		done
		echo "$set_name, $way: $pages pages, word F $micro micro;" \
			"segments: Lynx $lynx_segments, not reproduced $lynx_only," \
			"builtin only $builtin_only"
		echo "  ten worst pages (F, then the words Lynx has that the builtin dump lacks, and the other way):"
		grep -v '^total' "$dir/scores" | sort -t'	' -k2,2n | head -n 10 |
			awk -F'\t' '{ printf "    %-12s F %6s  missing %5s  extra %5s\n", $1, $2, $10, $9 }'
	done
done
if [ $found = 0 ]; then
	echo "renderer-fidelity: skipped: no CORPUS with orig/ (give CORPORA=\"DIR...\")"
fi
