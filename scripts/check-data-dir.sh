#!/bin/sh
# check-data-dir.sh: a second ./configure --prefix rebuilds what embeds the
# data directory, so that a binary installed to B reads B's rules and
# models, not those of an earlier build installed to A (issue 19).
#
#   scripts/check-data-dir.sh SRC_DIR WORK_DIR
#
# In WORK_DIR/build (made afresh): configure --prefix=WORK_DIR/A, make,
# make install; make install prefix=WORK_DIR/C, as the README offers;
# configure --prefix=WORK_DIR/B in the same build directory, make, make
# install. Each installed program must name its own prefix's data
# directory in --version while the other prefix's data exist too, and B's
# ncleaner must clean a page with B's rules. C's ncleaner.pc must name C's
# directories, the README's example must build with it (pkg-config) and
# clean a page, and C's Python binding must load C's library (issue 35).
# A full build: minutes, so `make check-data-dir` runs it, not make check
# (t0400 checks there that make writes the generated files anew for another
# prefix). Prints "ok"/"not ok" lines and exits 1 on a failure.
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
build_failed() {  # PREFIX
	echo "check-data-dir: the build for $1 failed; see $work/build/*.log" >&2
	tail -n 20 "$work/build/make.log" "$work/build/install.log" >&2 || true
	exit 1
}
build_install() {  # PREFIX
	echo "check-data-dir: configure --prefix=$1, make, make install" >&2
	(cd "$work/build" && "$src/configure" -q --prefix="$1" > /dev/null &&
	 make -s -j"$jobs" > make.log 2>&1 && make -s install > install.log 2>&1) ||
		build_failed "$1"
}
pc_variable() {  # PREFIX NAME: NAME in PREFIX's ncleaner.pc
	PKG_CONFIG_PATH=$1/lib/pkgconfig pkg-config --variable="$2" ncleaner
}
reports() {  # PROGRAM DIR: the program's --version names DIR as its data directory
	env -u NCLEANER_DATA_DIR "$1" --version | grep -qxF "Rules and models: $2"
}

build_install "$work/A"
for prog in ncleaner train-ncleaner ncleaner-eval; do
	check "$prog installed to A reads A's data" reports "$work/A/bin/$prog" "$work/A/share/ncleaner"
done
# make install prefix=C over the build for A: the programs, the library,
# ncleaner.pc and the Python binding all for C.
echo "check-data-dir: make install prefix=$work/C" >&2
(cd "$work/build" && make -s install prefix="$work/C" > install.log 2>&1) || build_failed "$work/C"
check "ncleaner installed by make install prefix=C reads C's data" \
	reports "$work/C/bin/ncleaner" "$work/C/share/ncleaner"
if command -v pkg-config > /dev/null; then
	check "C's ncleaner.pc names C's libdir" test "$(pc_variable "$work/C" libdir)" = "$work/C/lib"
	check "...and C's includedir" test "$(pc_variable "$work/C" includedir)" = "$work/C/include"
	check "the README's example builds with C's ncleaner.pc" sh -c "cc -o '$work/example' \
		'$src/doc/example.c' \$(PKG_CONFIG_PATH='$work/C/lib/pkgconfig' pkg-config --cflags --libs ncleaner)"
	check "...and cleans a page with C's library and data" sh -c "env -u NCLEANER_DATA_DIR \
		LD_LIBRARY_PATH='$work/C/lib' '$work/example' '$src/tests/t5000/page.html' |
		grep -q 'The harbour was quiet'"
else
	echo "ok # SKIP pkg-config is not installed"
fi
binding=$(find "$work/C" -path '*/ncleaner/_paths.py' | head -n 1)
soname=libncleaner.so.$(sed -n 's/^#define NCLEANER_API_VERSION \([0-9]*\)$/\1/p' "$src/src/ncleaner.h")
if [ -n "$binding" ]; then
	check "C's Python binding loads C's library" env -u NCLEANER_LIBRARY -u LD_LIBRARY_PATH \
		PYTHONPATH="$(dirname "$(dirname "$binding")")" python3 -c \
		"import ncleaner, sys; sys.exit(ncleaner._lib._name != '$work/C/lib/$soname')"
else
	echo "ok # SKIP no Python binding installed (configure found no Python)"
fi

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
