#!/bin/sh
# bench-perplexity.sh: memory and speed of the perplexity method on a
# synthetic corpus (figures printed, never asserted). make bench-perplexity
# runs it; by hand, from a configured build tree:
#
#   scripts/bench-perplexity.sh BUILD_DIR [WORK_DIR]
#
# TOKENS (default 100000000) sets the corpus size, FILES (100) the number of
# files it is cut into, SAMPLE (2000000) the tokens of the held-out text
# that is scored. The corpus (scripts/perplexity-bench.c: Zipfian
# vocabulary of 10^6 types, skewed successors, sentences of 3-35 words) is
# generated streaming into WORK_DIR (default BUILD_DIR/bench-perplexity;
# about 4.5 bytes a token) and kept for later runs. For bigram and trigram
# models it prints the model file's size, the peak resident memory
# (/usr/bin/time %M) of training and of loading + scoring, and the
# sentences scored per second; then the published memory of pyplexity's
# Python dictionaries for comparison.
set -eu
build=$(cd "$1" && pwd)
work=${2:-$build/bench-perplexity}
tokens=${TOKENS:-100000000}
files=${FILES:-100}
sample=${SAMPLE:-2000000}
helper=$build/scripts/perplexity-bench

make -C "$build" scripts/perplexity-bench > /dev/null
mkdir -p "$work"

# measure NAME CMD...: the command's output in $work/NAME.out, "seconds
# peak_kB" in $work/NAME.time.
measure() {
	name=$1
	shift
	/usr/bin/time -f '%e %M' -o "$work/$name.time" "$@" > "$work/$name.out"
}
mb() { awk -v kb="$1" 'BEGIN { printf "%.0f MiB", kb / 1024 }'; }
field() { tr ' ' '\n' < "$1" | awk -v name="$2" 'found { print; exit } $0 == name { found = 1 }'; }

stamp=$work/corpus/.complete-$tokens-$files
if [ ! -f "$stamp" ]; then
	rm -rf "$work/corpus"
	measure corpus "$helper" corpus "$tokens" "$files" 1 "$work/corpus"
	touch "$stamp"
	set -- $(cat "$work/corpus.time")
	echo "corpus: $tokens tokens in $files files, $(du -sh "$work/corpus" | cut -f1)," \
		"generated streaming in $1 s, peak memory $(mb "$2")"
fi
if [ ! -f "$work/sample/.complete-$sample" ]; then
	rm -rf "$work/sample"
	"$helper" corpus "$sample" 1 2 "$work/sample"
	touch "$work/sample/.complete-$sample"
fi

echo "perplexity benchmark ($(uname -m), $(nproc) cores), corpus of $tokens tokens"
for order in 2 3; do
	model=$work/order$order.model
	measure train$order "$helper" train "$order" "$model" "$work/corpus"
	set -- $(cat "$work/train$order.time")
	train_s=$1 train_kb=$2
	measure score$order "$helper" score "$model" "$work/sample"
	set -- $(cat "$work/score$order.time")
	score_kb=$2
	out=$work/train$order.out
	echo "order $order: $(field "$out" sentences) sentences, $(field "$out" tokens) tokens;" \
		"distinct: $(field "$out" unigrams) words, $(field "$out" bigrams) bigrams," \
		"$(field "$out" trigrams) trigrams"
	echo "  model file $(wc -c < "$model" | awk '{ printf "%.0f MiB", $1 / 1048576 }')"
	echo "  training: $train_s s (counting $(field "$out" count_s) s, writing" \
		"$(field "$out" write_s) s), peak memory $(mb "$train_kb")"
	out=$work/score$order.out
	echo "  loading + scoring: load $(field "$out" load_s) s, peak memory $(mb "$score_kb");" \
		"$(field "$out" sentences) sentences in $(field "$out" score_s) s =" \
		"$(field "$out" sentences_per_s) sentences/s, $(field "$out" kept) kept at 8000"
done
echo "pyplexity (published): models held as Python dictionaries, 2 GB (bigrams, CORD-19)" \
	"to 14 GB (trigrams, BNC, 100 M words) of memory"
