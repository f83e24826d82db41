#!/bin/sh
# compare-behaviour.sh: does this build behave exactly as an earlier commit?
#
#   scripts/compare-behaviour.sh BUILD_DIR REV DATA_DIR...
#
# Builds commit REV of this repository in a temporary work tree, runs both
# builds over every DATA_DIR (orig/ pages; gold/ too for the model check)
# with behaviour-snapshot.sh, and compares every output byte for byte. Lynx
# prints the path of its temporary copy of a page in some REFRESH lines, and
# that path is random in every run (of any build), so the sandbox path is
# masked, and so are the scores of the segment that contains it, and the
# seconds a run took, which its closing lines on standard error say
# ("ncleaner: ...; 0.6 s"; the .status files). Then both
# builds train the shipped models on the first DATA_DIR and the models are
# compared, header lines (which name the format version) aside. Prints what
# differs; exits 1 if anything does.
set -eu
build=$(cd "$1" && pwd); rev=$2; shift 2
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/ncleaner-compare.XXXXXX")
trap 'git -C "$src" worktree remove --force "$work/tree" 2>/dev/null || true; rm -rf "$work"' EXIT

echo "compare: building $rev" >&2
git -C "$src" worktree add --detach "$work/tree" "$rev" > /dev/null 2>&1
(cd "$work/tree" && autoreconf -fi > /dev/null 2>&1 && mkdir _build && cd _build &&
	../configure -q > /dev/null && make -j2 -s > /dev/null 2>&1)

echo "compare: running both builds" >&2
sh "$src/scripts/behaviour-snapshot.sh" "$work/tree/_build/src" "$@" "$work/old"
sh "$src/scripts/behaviour-snapshot.sh" "$build/src" "$@" "$work/new"

mask() {  # the random sandbox path, and the scores of a segment holding it
	find "$1" -type f | while read -r f; do
		sed -E -e 's#ncleaner-lynx\.([0-9]+\.)?[A-Za-z0-9]{6}/L[0-9]+-[0-9]+TMP#SANDBOX#g' \
			-e '/SANDBOX/s#^-?[0-9.]+\t-?[0-9.]+\t(keep|drop)\t#SCORES\t#' \
			-e 's#^(ncleaner: .*; )[0-9]+\.[0-9] s$#\1S s#' "$f" > "$f.masked"
		mv "$f.masked" "$f"
	done
}
mask "$work/old"
mask "$work/new"
status=0
files=$(find "$work/old" -type f | wc -l)
if diff -r "$work/old" "$work/new" > "$work/diff"; then
	echo "compare: outputs: $files files, all identical"
else
	echo "compare: outputs differ:"; head -n 40 "$work/diff"; status=1
fi

data=$1
# The models: the shipped ones must come out of `make models` unchanged, and
# both builds must estimate the same probabilities.
make -C "$build" -s models CORPUS="$data" MODELS_OUT="$work/shipped" > /dev/null 2>&1
strip_header() { grep -v -E '^(ncleaner-model|method|description)	' "$1" > "$2"; }
for m in english nonlex; do
	if cmp -s "$work/shipped/$m.model" "$src/models/$m.model"; then
		echo "compare: models/$m.model rebuilds byte for byte"
	else
		echo "compare: models/$m.model does not rebuild byte for byte"; status=1
	fi
	case $m in english) args="-m 1 -n 3 -q 0.5" ;; *) args="-m 3 -n 6 -q 0.4" ;; esac
	for side in old new; do
		bin=$build/src
		[ $side = old ] && bin=$work/tree/_build/src
		"$bin/train-ncleaner" --diff $args "$data/gold" "$data/orig" "$work/$side-$m.model" 2> /dev/null
		strip_header "$work/$side-$m.model" "$work/$side-$m.body"
	done
	if cmp -s "$work/old-$m.body" "$work/new-$m.body"; then
		echo "compare: $m model: the same probabilities as $rev"
	else
		echo "compare: $m model: the probabilities differ from $rev"; status=1
	fi
done
exit $status
