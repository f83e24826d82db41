#!/bin/sh
# t0400-build-tree: what a build leaves behind.
# 1. A build in the source tree (./configure && make && make check) leaves
#    no file git does not ignore: every program, library and generated file
#    the Makefile names is in .gitignore.
# 2. Archiving the static library prints nothing: ARFLAGS without the `u'
#    that GNU ar ignores, and warns about, when it is deterministic.
# 3. The data directory the programs read is in a header make keeps up to
#    date (base/install-dirs.h), so that another ./configure --prefix
#    rebuilds what reads it; so are ncleaner.pc and the Python binding,
#    for make install prefix=DIR. The whole story (two prefixes, three
#    installs) is `make check-data-dir`, which takes minutes.
. "$(dirname "$0")/test-lib.sh"

[ -f "$BUILD/Makefile" ] || skip_all "no Makefile in $BUILD (run through make check)"

# The source tree must be a checkout's top, not a directory inside one:
# make distcheck unpacks the tarball in the build directory, which may lie
# in a checkout whose .gitignore says nothing of the tarball's files.
top=$(git -C "$SRC" rev-parse --show-toplevel 2> /dev/null || true)
if [ -z "$top" ] || [ "$(cd "$top" && pwd -P)" != "$(cd "$SRC" && pwd -P)" ]; then
	skip "$SRC is not the top of a git checkout: nothing to ignore"
else
	: > "$TMP/unignored"
	for var in bin_PROGRAMS check_PROGRAMS noinst_PROGRAMS noinst_LIBRARIES \
		   lib_LIBRARIES lib_LTLIBRARIES noinst_LTLIBRARIES BUILT_SOURCES CLEANFILES \
		   DISTCLEANFILES pkgconfig_DATA nodist_include_HEADERS; do
		for path in $(make_var "$var"); do
			git -C "$SRC" check-ignore -q --no-index "$path" || echo "$path ($var)"
		done
	done >> "$TMP/unignored"
	# configure's own products beside config.status (libtool: LT_INIT)
	for path in libtool config.status config.log; do
		git -C "$SRC" check-ignore -q --no-index "$path" || echo "$path (configure)"
	done >> "$TMP/unignored"
	if [ -s "$TMP/unignored" ]; then
		fail "every file a build makes is ignored by git"; sed 's/^/# /' "$TMP/unignored"
	else pass "every file a build makes is ignored by git"; fi
fi

ar=$(make_var AR)
object=$(find "$BUILD/src/base" -name '*.o' | head -n 1)
if [ -z "$object" ]; then
	skip "no object file in $BUILD/src/base to archive"
else
	(cd "$TMP" && $ar $(make_var ARFLAGS) test.a "$object") > "$TMP/ar.out" 2>&1 || true
	is "$(cat "$TMP/ar.out")" "" "\$(AR) \$(ARFLAGS) archives without a word"
	ok "...and makes the archive" test -s "$TMP/test.a"
	# libtool archives with flags of its own (the installed libncleaner.a)
	lt_flags=$(sed -n 's/^lt_ar_flags=//p' "$BUILD/libtool" 2> /dev/null)
	if [ -n "$lt_flags" ]; then
		rm -f "$TMP/test.a"
		(cd "$TMP" && $ar $lt_flags test.a "$object") > "$TMP/ar.out" 2>&1 || true
		is "$(cat "$TMP/ar.out")" "" "...and so does libtool's archiver ($lt_flags)"
	else
		skip "no libtool script in $BUILD"
	fi
fi

header=$BUILD/src/base/install-dirs.h
if [ -f "$header" ]; then
	is "$(sed -n 's/^#define NC_PKGDATA_DIR "\(.*\)"$/\1/p' "$header")" "$(make_var pkgdatadir)" \
		"the data directory the programs read is the Makefile's pkgdatadir"
else
	fail "make wrote $header"
fi
before=$(ls -l --time-style=full-iso "$header")
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$BUILD" src/base/install-dirs.h > "$TMP/make.out" 2>&1
is "$(cat "$TMP/make.out")$(ls -l --time-style=full-iso "$header")" "$before" \
	"...which make leaves alone when nothing changed (nothing rebuilt)"
# The other files that name the install's directories: make prefix=DIR
# (make install prefix=DIR, as the README offers) writes them anew for DIR
# (issue 35), though they exist; make -n says what it would run, and
# changes nothing here.
for file in ncleaner.pc python/ncleaner/_paths.py; do
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n -C "$BUILD" "$file" prefix=/elsewhere \
		> "$TMP/make.out" 2>&1 || true
	grep_ok "make prefix=/elsewhere writes $file for /elsewhere/lib" "|/elsewhere/lib|" "$TMP/make.out"
done
done_testing
