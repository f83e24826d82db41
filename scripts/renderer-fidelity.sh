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
#     other);
#   - glued words: the tokens (runs of non-space) of the builtin dump that
#     Lynx's dump of the page lacks but that are two to four consecutive
#     tokens of it written together ("Hello pic world" in Lynx's,
#     "Hellopicworld" in ours), counted, with the pages they are on and the
#     commonest; and split words, the other way round. Word F sees such a
#     token only as one extra word and a few missing ones (issue 36).
set -eu
build=$1 work=$2
shift 2
dumps=$build/scripts/renderer-dumps
eval=$build/src/ncleaner-eval
if [ ! -x "$dumps" ]; then
	echo "renderer-fidelity: $dumps is missing (make check builds it)" >&2
	exit 2
fi
# glued REFERENCE OTHER: "COUNT TOKEN..." for the tokens of the file OTHER
# that REFERENCE lacks but has as two to four consecutive tokens.
glued() {
	awk '
	FILENAME == ARGV[1] { for (i = 1; i <= NF; i++) ref[++n] = $i; next }
	{ for (i = 1; i <= NF; i++) other[++m] = $i }
	END {
		for (i = 1; i <= n; i++) {
			has[ref[i]] = 1
			joined = ref[i]
			for (k = 1; k < 4 && i + k <= n; k++) {
				joined = joined ref[i + k]
				together[joined] = 1
			}
		}
		for (j = 1; j <= m; j++)
			if (!(other[j] in has) && (other[j] in together)) {
				count++
				list = list " " other[j]
			}
		print count + 0 list
	}' "$1" "$2"
}

# glued_summary DIR WHICH: the glued (builtin glued) or split (builtin
# split) words over the pages of DIR/lynx/text and DIR/builtin/text.
glued_summary() {
	dir=$1 which=$2 tokens=0 pages=0 pages_with=0
	: > "$dir/$which.tokens"
	for f in "$dir"/lynx/text/*.txt; do
		[ -f "$f" ] || continue
		b=$dir/builtin/text/$(basename "$f")
		[ -f "$b" ] || continue
		pages=$((pages + 1))
		if [ "$which" = glued ]; then r=$(glued "$f" "$b"); else r=$(glued "$b" "$f"); fi
		n=${r%% *}
		[ "$n" -gt 0 ] || continue
		tokens=$((tokens + n))
		pages_with=$((pages_with + 1))
		printf '%s\n' "$r" | tr ' ' '\n' | sed 1d >> "$dir/$which.tokens"
	done
	common=$(sort "$dir/$which.tokens" | uniq -c | sort -k1,1nr -k2 | head -n 5 |
		awk '{ printf "%s%s (%d)", sep, $2, $1; sep = ", " }')
	echo "  $which words: $tokens on $pages_with of $pages pages${common:+; commonest: $common}"
}

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
		glued_summary "$dir" glued
		glued_summary "$dir" split
		echo "  ten worst pages (F, then the words Lynx has that the builtin dump lacks, and the other way):"
		grep -v '^total' "$dir/scores" | sort -t'	' -k2,2n | head -n 10 |
			awk -F'\t' '{ printf "    %-12s F %6s  missing %5s  extra %5s\n", $1, $2, $10, $9 }'
	done
done
if [ $found = 0 ]; then
	echo "renderer-fidelity: skipped: no CORPUS with orig/ (give CORPORA=\"DIR...\")"
fi
