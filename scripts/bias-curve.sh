#!/bin/sh
# bias-curve.sh: what the threshold decider's bias (-b) does to precision,
# recall and the words kept, and the biases of --precision and --recall,
# all cross-validated on data sets in CLEANEVAL layout (issue 19).
#
#   scripts/bias-curve.sh BUILD_DIR WORK_DIR DATA_DIR...
#
# Each data set is cut into FOLDS folds (default 10). For each fold the
# standard model (the shipped english model's settings, trained as make
# models trains it) learns from the other folds' pages, and the fold's pages
# are cleaned by the default pipeline once with --scores, from which what
# every bias in BIASES keeps is read (scores_at): no page is scored by a
# model that saw it. Per page: the 2008 scorer's true and false
# positives and false negatives (tags dropped with -M where a set's gold has
# none), so the figures below are micro-averages over pages.
#
# METHOD=logistic makes the curve of the logistic method instead (trained
# as make models trains it, on the training folds). Its biases are then
# offsets from each fold model's own bias (the bias of its best F on its
# training pages), as --precision and --recall add them.
#
# The presets maximise F-beta over all pages of all sets: --precision F0.5
# (precision weighs four times as much as recall), --recall F2. Each
# preset's figure is cross-validated twice over: for every fold of every
# set, the bias is chosen on all the other folds' pages and that fold's
# pages are scored at it; the biases so chosen are listed. The bias shipped
# is the one chosen on all pages.
#
# Work is kept in WORK_DIR (an interrupted run picks up finished folds and
# biases). Writes WORK_DIR/pages.tsv (set, fold, bias, page, tp, fp, fn,
# words kept) and WORK_DIR/dump-words.tsv, and Markdown tables on standard
# output.
set -eu
build=$1 work=$2
shift 2
bin=$build/src
folds=${FOLDS:-10}
biases=${BIASES:-"-1 -0.5 -0.3 -0.2 -0.15 -0.1 -0.05 0 0.05 0.1 0.15 0.2 0.25 0.3 0.4 0.5 0.75 1"}
STANDARD=${STANDARD:-"-m 1 -n 3 -q 0.5"}
method=${METHOD:-ncleaner}
case $method in
ncleaner|logistic) ;;
*) echo "bias-curve: METHOD=$method: ncleaner or logistic" >&2; exit 2 ;;
esac
[ -x "$bin/ncleaner" ] || { echo "bias-curve: no $bin/ncleaner; run make first" >&2; exit 2; }
mkdir -p "$work"
progress() { printf '%s\n' "bias-curve: $*" >&2; }

# scores_at BIAS < SCORES > CLEANEVAL: the page the threshold would write at
# BIAS, from --scores lines (H_clean, H_dirty, keep|drop, the segment): kept
# when H_dirty - (H_clean + BIAS) >= 0. The costs are printed to 4 decimals,
# so a segment within 0.00005 bits of a bias may fall the other way.
scores_at() {
	awk -F '\t' -v b="$1" '
		/^URL: / && NF == 1 { print; next }
		NF >= 4 && $2 - ($1 + b) >= 0 { sub(/^[^\t]*\t[^\t]*\t[^\t]*\t/, ""); print }'
}

# words OUTPUT...: the words of cleaned texts, URL lines and tags aside.
words() { cat "$@" | grep -v '^URL: ' | sed 's/<[phlPHL]>//g' | wc -w; }

: > "$work/pages.tsv.new"
: > "$work/dump-words.tsv"
for data in "$@"; do
	name=$(basename "$data")
	set_dir=$work/$name
	mkdir -p "$set_dir"
	. "$(dirname "$0")/corpus-lib.sh"
	ls "$data/orig" | sed -n 's/\.html*$//p' | sort -n > "$set_dir/ids"
	eval_flags=-e
	grep -qs '^<[phlPHL]>' "$data"/gold/* || eval_flags="-e -M"
	if [ ! -f "$set_dir/dump.done" ]; then
		rm -rf "$set_dir/dump"
		"$bin/ncleaner" --dump -o "$set_dir/dump" "$data/orig" 2> /dev/null || true
		touch "$set_dir/dump.done"
	fi
	printf '%s\t%s\n' "$name" "$(words "$set_dir"/dump/*)" >> "$work/dump-words.tsv"
	k=0
	while [ $k -lt "$folds" ]; do
		fd=$set_dir/fold$k
		make_fold "$fd" $k "$folds" "$set_dir/ids"
		if [ ! -d "$fd/test-gold" ]; then
			mkdir -p "$fd/test-gold"
			for id in $(cat "$fd/test-ids"); do ln -s "$(abs "$(gold_of "$id")")" "$fd/test-gold/"; done
		fi
		model=$fd/$method.model
		if [ ! -f "$model" ]; then
			progress "$name: fold $((k + 1))/$folds: training"
			if [ "$method" = logistic ]; then
				"$bin/train-ncleaner" --method logistic --ngram-folds 10 \
					--ngram-model "$fd/logistic-ngram.model" "$fd/gold" "$fd/orig" \
					"$model.new" 2> /dev/null
			else
				"$bin/train-ncleaner" --paper --diff $STANDARD "$fd/gold" "$fd/orig" \
					"$model.new" 2> /dev/null
			fi
			mv "$model.new" "$model"
		fi

		# One run with --scores a fold: every segment the rules leave, with
		# its costs; what each bias keeps is then read off them exactly as
		# the threshold decides (threshold.c), without cleaning again.
		if [ ! -f "$fd/scores.done" ]; then
			progress "$name: fold $((k + 1))/$folds: scoring"
			rm -rf "$fd/scores"
			status=0
			"$bin/ncleaner" -m "$model" --no-site-repetition --scores -o "$fd/scores" "$fd/test" \
				2> "$fd/err" || status=$?
			# exit 1 (a page failed) is a result; more is a broken run
			[ $status -le 1 ] || { echo "bias-curve: ncleaner failed:" >&2; cat "$fd/err" >&2; exit 1; }
			touch "$fd/scores.done"
		fi
		for b in $biases; do
			out=$fd/out$b
			if [ ! -f "$out.tsv" ]; then
				rm -rf "$out"
				mkdir -p "$out"
				for id in $(cat "$fd/test-ids"); do
					if [ -f "$fd/scores/$id.txt" ]; then
						scores_at "$b" < "$fd/scores/$id.txt" > "$out/$id.txt"
					else
						: > "$out/$id.txt"   # a page that failed keeps nothing
					fi
					printf '%s\t%s\n' "$id" "$(words "$out/$id.txt")"
				done | sort > "$out.words"
				# shellcheck disable=SC2086
				"$bin/ncleaner-eval" -n $eval_flags "$out" "$fd/test-gold" 2> /dev/null |
					awk -F '\t' -v OFS='\t' '{ sub(/(-cleaned)?\.txt$/, "", $1); print $1, $8, $9, $10 }' |
					sort | join -t "$(printf '\t')" - "$out.words" > "$out.tsv.new"
				[ "$(wc -l < "$out.tsv.new")" -eq "$(wc -l < "$fd/test-ids")" ] ||
					{ echo "bias-curve: $out: a page was not scored" >&2; exit 1; }
				mv "$out.tsv.new" "$out.tsv"
				rm -rf "$out" "$out.words"
			fi
			awk -F '\t' -v OFS='\t' -v s="$name" -v k=$k -v b="$b" '{ print s, k, b, $0 }' \
				"$out.tsv" >> "$work/pages.tsv.new"
		done
		k=$((k + 1))
	done
done
mv "$work/pages.tsv.new" "$work/pages.tsv"

# The curve: per set and over all sets, micro P, R, F, F0.5, F2 and the
# share of the dump's words kept, at each bias.
echo "| set | bias | P | R | F | F0.5 | F2 | words kept |"
echo "|---|---|---|---|---|---|---|---|"
awk -F '\t' '
	function f(beta, p, r) { return p + r > 0 ? (1 + beta * beta) * p * r / (beta * beta * p + r) : 0 }
	function row(s, b,   p, r) {
		p = tp[s, b] + fp[s, b] ? tp[s, b] / (tp[s, b] + fp[s, b]) : 0
		r = tp[s, b] + fn[s, b] ? tp[s, b] / (tp[s, b] + fn[s, b]) : 0
		printf "| %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.1f%% |\n", s, b, 100 * p, 100 * r,
			100 * f(1, p, r), 100 * f(0.5, p, r), 100 * f(2, p, r), 100 * kept[s, b] / dump[s]
	}
	FNR == NR { dump[$1] = $2; dump["all"] += $2; next }
	{
		if (!(($3) in seen)) { seen[$3] = 1; order[++nb] = $3 }
		if (!(($1) in sets)) { sets[$1] = 1; set_order[++ns] = $1 }
		for (i = 0; i < 2; i++) {
			s = i ? "all" : $1
			tp[s, $3] += $5; fp[s, $3] += $6; fn[s, $3] += $7; kept[s, $3] += $8
		}
	}
	END {
		set_order[++ns] = "all"
		for (i = 1; i <= ns; i++) for (j = 1; j <= nb; j++) row(set_order[i], order[j])
	}' "$work/dump-words.tsv" "$work/pages.tsv"

# The presets, cross-validated: for each fold of each set the bias with the
# best F-beta on every other page, and the fold scored at it.
echo
echo "| preset | criterion | bias (all pages) | biases chosen per fold | P | R | F (CV) |"
echo "|---|---|---|---|---|---|---|"
for preset in precision:0.5 recall:2; do
	awk -F '\t' -v name="${preset%%:*}" -v beta="${preset#*:}" '
		function f(p, r) { return p + r > 0 ? (1 + beta * beta) * p * r / (beta * beta * p + r) : 0 }
		function score(t, fp_, fn_) { return f(t + fp_ ? t / (t + fp_) : 0, t + fn_ ? t / (t + fn_) : 0) }
		# best(held): the bias with the best F-beta on all pages but fold held
		# ("" holds none out); the first of equals in the order of BIASES.
		function best(held,   j, b, t, p, n, g, bb, bg) {
			bg = -1
			for (j = 1; j <= nb; j++) {
				b = order[j]
				t = TP[b] - (held == "" ? 0 : tp[held, b])
				p = FP[b] - (held == "" ? 0 : fp[held, b])
				n = FN[b] - (held == "" ? 0 : fn[held, b])
				g = score(t, p, n)
				if (g > bg) { bg = g; bb = b }
			}
			return bb
		}
		{
			if (!(($3) in seen)) { seen[$3] = 1; order[++nb] = $3 }
			key = $1 SUBSEP $2
			if (!(key in folds)) { folds[key] = 1; fold_order[++nf] = key }
			tp[key, $3] += $5; fp[key, $3] += $6; fn[key, $3] += $7
			TP[$3] += $5; FP[$3] += $6; FN[$3] += $7
		}
		END {
			for (i = 1; i <= nf; i++) {
				b = best(fold_order[i])
				chosen[b]++
				t += tp[fold_order[i], b]; p += fp[fold_order[i], b]; n += fn[fold_order[i], b]
			}
			list = ""
			for (j = 1; j <= nb; j++)
				if (order[j] in chosen) list = list (list == "" ? "" : ", ") order[j] " x" chosen[order[j]]
			P = t / (t + p); R = t / (t + n)
			printf "| --%s | F%s | %s | %s | %.2f | %.2f | %.2f |\n", name, beta, best(""), list,
				100 * P, 100 * R, 100 * (P + R > 0 ? 2 * P * R / (P + R) : 0)
		}' "$work/pages.tsv"
done
