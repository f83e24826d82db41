#!/bin/sh
# t7000-eval: ncleaner-eval against the figures of the 2008 script (the
# oracle in ../shared/data/scorer-oracle), and its error handling.
. "$(dirname "$0")/test-lib.sh"
O=$SHARED/data/scorer-oracle

mkdir -p "$TMP/sys" "$TMP/gold"
printf '<p>menu\n<p>real text here\n' > "$TMP/sys/1.txt"
printf 'URL: x\n<p>real text here\n' > "$TMP/gold/1-cleaned.txt"
ok "a system file pairs with <id>-cleaned.txt" ncleaner-eval -t -n "$TMP/sys" "$TMP/gold"
is "$(cut -f 8-10 "$TMP/out")" "6	2	0" "TP, FP, FN of a small case (edge empty tokens count)"
ok "two single files can be scored" ncleaner-eval "$TMP/sys/1.txt" "$TMP/gold/1-cleaned.txt"
mkdir "$TMP/empty"
fails 2 "an empty system directory is an error" ncleaner-eval "$TMP/empty" "$TMP/gold"
printf 'x\n' > "$TMP/sys/2.txt"
ok "a file without gold is skipped" ncleaner-eval -s "$TMP/sys" "$TMP/gold"
grep_ok "...with a warning naming it" "2.txt: no gold file" "$TMP/err"
mkdir "$TMP/align"
ok "alignment files are written" ncleaner-eval "$TMP/sys" "$TMP/gold" "$TMP/align"
grep_ok "...in the original's format" "(false positive)" "$TMP/align/1.align"

# Pairing is by name: x.txt with x.txt or x-cleaned.txt, never x.gold.
printf '<p>other\n' > "$TMP/gold/2.gold"
ok "a gold file of another extension does not pair" ncleaner-eval -n "$TMP/sys" "$TMP/gold"
grep_ok "...the system file stays without gold" "2.txt: no gold file" "$TMP/err"
rm "$TMP/gold/2.gold"
# Directories are walked as ncleaner walks them: a FIFO never blocks.
mkfifo "$TMP/sys/3.txt"
mkdir "$TMP/sys/sub" "$TMP/gold/sub" "$TMP/align2"
printf '<p>deep text\n' > "$TMP/sys/sub/4.txt"
printf '<p>deep text\n' > "$TMP/gold/sub/4-cleaned.txt"
ok "a FIFO in the system directory is skipped" timeout 20 ncleaner-eval -n "$TMP/sys" "$TMP/gold" "$TMP/align2"
grep_ok "...with a warning" "3.txt: skipped (not a regular file)" "$TMP/err"
grep_ok "...and files in subdirectories pair with theirs" "^sub/4.txt	100.00" "$TMP/out"
ok "...their alignments go to the same subdirectory" test -s "$TMP/align2/sub/4.align"
rm "$TMP/sys/3.txt"

# Gold files without a system file (a page that failed leaves no output):
# the 2008 figure skips them, with a warning and a count; -e scores each as
# an empty system file is scored (its words false negatives; the 2008
# scorer's empty edge token still matches).
mkdir -p "$TMP/few/sys" "$TMP/few/gold"
for i in 1 2 3 4 5; do printf 'URL: x\n<p>the gold text of page %d has eight words\n' $i > "$TMP/few/gold/$i.txt"; done
printf '<p>the gold text of page 1 has eight words\n' > "$TMP/few/sys/1.txt"
ncleaner-eval -t -n "$TMP/few/gold/1.txt" "$TMP/few/gold/1.txt" > "$TMP/one"
ok "five gold files, one system file" ncleaner-eval -t -n "$TMP/few/sys" "$TMP/few/gold"
is "$(cut -f 1-4,8-10 "$TMP/out")" "$(cut -f 1-4,8-10 "$TMP/one")" "...the 2008 figure by default: the one file's"
grep_ok "...a warning names each gold file without a system file" "warning: 4.txt: no system file in" "$TMP/err"
grep_ok "...and counts them" "4 gold files without a system file (not scored" "$TMP/err"
: > "$TMP/few/empty.txt"
ncleaner-eval -t -n "$TMP/few/empty.txt" "$TMP/few/gold/2.txt" > "$TMP/empty-score"
tp=$(cut -f 8 "$TMP/one") empty_tp=$(cut -f 8 "$TMP/empty-score") fn=$(cut -f 10 "$TMP/empty-score")
ok "--missing-as-empty" ncleaner-eval -t -n --missing-as-empty "$TMP/few/sys" "$TMP/few/gold"
is "$(cut -f 1,8-10 "$TMP/out")" "total	$((tp + 4 * empty_tp))	0	$((4 * fn))" \
	"...scores each as an empty file is scored: its $fn words false negatives"
ok "-e with the per-file rows and the summary" ncleaner-eval -e -s "$TMP/few/sys" "$TMP/few/gold"
grep_ok "...a row for each, scored as empty" "^5.txt	$(cut -f 2-7 "$TMP/empty-score")	" "$TMP/out"
grep_ok "...and all five in the summary" "Evaluation report on 5 files" "$TMP/err"

if [ ! -d "$O" ]; then
	skip "oracle: $O not present (CI has it)"
	done_testing
	exit $?
fi
for system in lynx justext; do
	ok "$system: per-file rows" ncleaner-eval "$O/$system" "$O/gold"
	sort "$TMP/out" > "$TMP/got"; sort "$O/expected-$system.tsv" > "$TMP/want"
	ok "$system: every per-file count and percentage matches the 2008 script" cmp "$TMP/got" "$TMP/want"
	ncleaner-eval -t -n "$O/$system" "$O/gold" > "$TMP/total"
	ok "$system: the total row matches" cmp "$TMP/total" "$O/expected-$system-total.tsv"
	ncleaner-eval -t -n -u "$O/$system" "$O/gold" > "$TMP/total"
	ok "$system: the unlabelled total (-u) matches" cmp "$TMP/total" "$O/expected-$system-total-unlabelled.tsv"
	ncleaner-eval -t -n -a "$O/$system" "$O/gold" > "$TMP/total"
	ok "$system: the ASCII total (-a) matches" cmp "$TMP/total" "$O/expected-$system-total-ascii.tsv"
	ncleaner-eval -s "$O/$system" "$O/gold" 2> "$TMP/summary" > /dev/null
	# The one deliberate change: the original's "Evaluation report for on".
	sed 's/^Evaluation report for on /Evaluation report on /' \
		"$O/expected-$system-summary.txt" > "$TMP/summary-want"
	ok "$system: the summary (-s) matches" cmp "$TMP/summary" "$TMP/summary-want"
done
done_testing
