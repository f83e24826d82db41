#!/bin/sh
# snippet-figures.sh: ncleaner configurations scored on a benchmark annotated
# with snippets (trafilatura's: DATA_DIR/evaldata.json, DATA_DIR/orig/), by
# the benchmark's rule (ncleaner-eval(1), SNIPPET BENCHMARKS), by language.
#
#   scripts/snippet-figures.sh BUILD_DIR WORK_DIR DATA_DIR [CONFIG...]
#
# A CONFIG is ncleaner's options as one argument, split at spaces
# ("--article", "--method ncleaner", "-b 1 --decider viterbi"); "" is the
# default configuration, and so is no CONFIG at all. Each cleans every page
# of DATA_DIR/orig (ncleaner -f jsonl -j ${JOBS:-1} CONFIG -o
# WORK_DIR/NAME, NAME made of CONFIG; a batch, so with site repetition
# unless CONFIG says --no-site-repetition) and is scored with
# ncleaner-eval --by-language. A page that fails has no output and is
# scored as empty, as the benchmark scores a tool that returned nothing;
# the table counts the failures.
#
# The models are the shipped ones (or those CONFIG names), which have not
# learnt from this set: the figures are of unseen pages, so nothing is
# cross-validated.
# TODO (lead, issue 32 item 5): once the shipped models learn from this set
# too, cross-validate here as compare-methods.sh does: per fold K of FOLDS,
# a directory FOLD/orig of symbolic links to the other folds' pages (their
# names hold spaces: read them with `while IFS= read -r`, not `for x in
# $(cat ...)` as corpus-lib.sh does), a model
#   train-ncleaner --method logistic [the shipped recipe's options]
#     CLEANEVAL_GOLD CLEANEVAL_ORIG DRAGNET_GOLD DRAGNET_ORIG
#     DATA_DIR/evaldata.json FOLD/orig FOLD/logistic.model
# (an entry whose page is not in FOLD/orig is skipped, with a warning), the
# fold's own pages cleaned with -m FOLD/logistic.model into WORK_DIR/NAME,
# and the union scored as below. The one place it joins: clean_set().
#
# Writes WORK_DIR/snippets.tsv (a row per configuration and language, with
# "other" and "total") and a Markdown table on standard output: F1 by
# language (the pages' CLD2 language, of their "with" snippets; those of
# MIN_PAGES pages or more, default 5, and "other", every language but de
# and en), then the total F1, P and R, the pages that failed, pages/s.
set -eu
[ $# -ge 3 ] || { echo "usage: $0 BUILD_DIR WORK_DIR DATA_DIR [CONFIG...]" >&2; exit 2; }
build=$1 work=$2 data=$3
shift 3
bin=$build/src
[ -x "$bin/ncleaner" ] || { echo "snippet-figures: no $bin/ncleaner; run make first" >&2; exit 2; }
[ -f "$data/evaldata.json" ] && [ -d "$data/orig" ] ||
	{ echo "snippet-figures: $data has no evaldata.json and orig/" >&2; exit 2; }
[ $# -gt 0 ] || set -- ""
mkdir -p "$work"
progress() { printf '%s\n' "snippet-figures: $*" >&2; }

# clean_set CONFIG OUT_DIR: every page of the set cleaned with CONFIG into
# OUT_DIR; the seconds it took to OUT_DIR.time, ncleaner's messages to
# OUT_DIR.log.
clean_set() {
	rm -rf "$2"
	# shellcheck disable=SC2086 # CONFIG is options, split at spaces
	/usr/bin/time -f '%e' -o "$2.time" "$bin/ncleaner" -f jsonl -j "${JOBS:-1}" $1 -o "$2" \
		"$data/orig" 2> "$2.log" || true
}

printf 'configuration\tlanguage\tF\tP\tR\tTP\tFN\tFP\tTN\tpages\tfailed\tpages_per_s\n' > "$work/snippets.tsv.new"
for config in "$@"; do
	name=$(printf '%s' "${config:-default}" | sed 's/^-*//; s/[^A-Za-z0-9.=]\{1,\}/-/g')
	progress "${config:-the default}"
	clean_set "$config" "$work/$name"
	"$bin/ncleaner-eval" --by-language -n "$work/$name" "$data/evaldata.json" \
		> "$work/$name.tsv" 2> "$work/$name.eval.log"
	failed=$(sed -n 's/.* pages, \([0-9]*\) failed.*/\1/p' "$work/$name.log" | tail -n 1)
	awk -F '\t' -v OFS='\t' -v c="${config:-(default)}" -v failed="${failed:-?}" \
		-v seconds="$(tail -n 1 "$work/$name.time")" \
		'{ print c, $1, $2, $3, $4, $5, $6, $7, $8, $10, failed, "" }
		 $1 == "total" && seconds > 0 { speed = sprintf("%.1f", $10 / seconds) }
		 END { if (speed != "") print c, "speed", "", "", "", "", "", "", "", "", "", speed }' \
		"$work/$name.tsv" >> "$work/snippets.tsv.new"
done
mv "$work/snippets.tsv.new" "$work/snippets.tsv"

# The table: a column per language of MIN_PAGES pages or more, in
# ncleaner-eval's order (de, en, then by pages), then other and the total.
awk -F '\t' -v min="${MIN_PAGES:-5}" '
	NR == 1 { next }
	$2 == "speed" { speed[$1] = $12; next }
	$2 != "other" && $2 != "total" && $10 < min + 0 { next }
	{
		if (!($1 in seen)) { seen[$1] = 1; configs[++nc] = $1 }
		if (!($2 in lang)) { lang[$2] = 1; if ($2 != "total") langs[++nl] = $2 }
		f[$1, $2] = $3; p[$1, $2] = $4; r[$1, $2] = $5; pages[$2] = $10; failed[$1] = $11
	}
	END {
		printf "| configuration |"
		for (i = 1; i <= nl; i++) printf " %s (%d) F |", langs[i], pages[langs[i]]
		printf " F (%d pages) | P | R | failed | pages/s |\n|---|", pages["total"]
		for (i = 1; i <= nl + 5; i++) printf "---|"
		printf "\n"
		for (c = 1; c <= nc; c++) {
			k = configs[c]
			printf "| %s |", k
			for (i = 1; i <= nl; i++) printf " %s |", ((k, langs[i]) in f) ? f[k, langs[i]] : "-"
			printf " %s | %s | %s | %s | %s |\n", f[k, "total"], p[k, "total"], r[k, "total"], failed[k], speed[k]
		}
	}' "$work/snippets.tsv"
