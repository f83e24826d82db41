#!/bin/sh
# check-data-dir.sh: a second ./configure --prefix rebuilds what embeds the
# data directory, so that a binary installed to B reads B's rules and
# models, not those of an earlier build installed to A (issue 19).
#
#   scripts/check-data-dir.sh SRC_DIR WORK_DIR
#
# In WORK_DIR/build (made afresh): configure --prefix=WORK_DIR/A, make,
# make install; configure --prefix=WORK_DIR/B in the same build directory,
# make, make install. Each installed program must name its own prefix's
# data directory in --version while the other prefix's data exist too, and
# B's ncleaner must clean a page with B's rules. A full build: minutes, so
# `make check-data-dir` runs it, not make check (t0400 checks the generated
# header there). Prints "ok"/"not ok" lines and exits 1 on a failure.
set -eu
src=$(cd "$1" && pwd)
work=$2
jobs=${JOBS:-2}
rm -rf "$work"
mkdir -p "$work/build"
work=$(cd "$work" && pwd)
status=0
check() {  # TITLE CMD...
	title=$1; shift
	if "$@"; then echo "ok - $title"; else echo "not ok - $title"; status=1; fi
}
build_install() {  # PREFIX
	echo "check-data-dir: configure --prefix=$1, make, make install" >&2
	(cd "$work/build" && "$src/configure" -q --prefix="$1" > /dev/null &&
	 make -s -j"$jobs" > make.log 2>&1 && make -s install > install.log 2>&1) || {
		echo "check-data-dir: the build for $1 failed; see $work/build/*.log" >&2
		tail -n 20 "$work/build/make.log" "$work/build/install.log" >&2 || true
		exit 1
	}
}
reports() {  # PROGRAM DIR: the program's --version names DIR as its data directory
	env -u NCLEANER_DATA_DIR "$1" --version | grep -qxF "Rules and models: $2"
}

build_install "$work/A"
for prog in ncleaner train-ncleaner ncleaner-eval; do
	check "$prog installed to A reads A's data" reports "$work/A/bin/$prog" "$work/A/share/ncleaner"
done
build_install "$work/B"
for prog in ncleaner train-ncleaner ncleaner-eval; do
	check "$prog rebuilt for B and installed there reads B's data, with A's still there" \
		reports "$work/B/bin/$prog" "$work/B/share/ncleaner"
done
check "...and no longer names A's" sh -c "! grep -q -F '$work/A/' '$work/B/bin/ncleaner'"
# B's rules made to differ from A's (one more dump rule, deleting a word
# of the test page): B's binary must clean with them, A's without.
printf '# check-data-dir: delete the word harbour\nharbour\t\n' \
	>> "$work/B/share/ncleaner/regex/dump.rules"
for prefix in A B; do
	env -u NCLEANER_DATA_DIR "$work/$prefix/bin/ncleaner" --no-lm "$src/tests/t5000/page.html" \
		> "$work/$prefix.out" 2> "$work/$prefix.err" || true
done
check "A's ncleaner cleans the page with A's rules" grep -q "The harbour was quiet" "$work/A.out"
check "B's ncleaner cleans it with B's rules" grep -q "^<p>The  *was quiet" "$work/B.out"
# The default method's model names its character models, installed beside it.
env -u NCLEANER_DATA_DIR "$work/A/bin/ncleaner" -f jsonl "$src/tests/t5000/page.html" \
	> "$work/A.jsonl" 2> "$work/A.err" || true
check "A's ncleaner, the default method, loads the installed logistic model and its n-gram model" \
	grep -q '"ngram_model":"logistic-ngram.model".*"text":"The harbour was quiet' "$work/A.jsonl"
exit $status
