#!/bin/sh
# t0300-test-suite: the test suite runs as t/README says.
# 1. One list: every test of t/ (tNNNN-*.sh, tNNNN-*.c) is in TESTS once,
#    and TESTS names nothing else.
# 2. Every test runs under automake's TAP driver, so that a skipped script
#    (1..0 # SKIP) and a skipped check (ok N # SKIP) count as SKIP in the
#    summary; the exit-status driver would count both as PASS, and would
#    not see a TAP stream that stops before its plan. Skips say so (skip,
#    not pass).
# 3. The C tests likewise: tap.h has skip(), and no C test passes a check
#    it did not make (ok(1, ...): a skip dressed as a pass, or a "did not
#    crash" that asserts nothing).
. "$(dirname "$0")/test-lib.sh"

[ -f "$BUILD/Makefile" ] || skip_all "no Makefile in $BUILD (run through make check)"

tests=$(make_var TESTS | tr ' ' '\n' | sed '/^$/d')
printf '%s\n' "$tests" | sort > "$TMP/listed"
ls "$SRC"/t | sed -n 's/^\(t[0-9][0-9][0-9][0-9]-.*\)\.c$/t\/\1/p; s/^\(t[0-9][0-9][0-9][0-9]-.*\.sh\)$/t\/\1/p' |
	sort > "$TMP/files"
is "$(sort "$TMP/listed" | uniq -d)" "" "no test is listed twice in TESTS"
is "$(comm -13 "$TMP/listed" "$TMP/files")" "" "every test of t/ is in TESTS"
is "$(comm -23 "$TMP/listed" "$TMP/files")" "" "TESTS names only tests of t/"

# A test's driver: EXT_LOG_DRIVER when its extension is in TEST_EXTENSIONS,
# else LOG_DRIVER (automake's parallel harness).
extensions=$(make_var TEST_EXTENSIONS)
log_driver=$(make_var LOG_DRIVER)
: > "$TMP/wrong"
for test in $tests; do
	driver=$log_driver
	for ext in $extensions; do
		case $test in
		*"$ext")
			var=$(printf '%s' "${ext#.}" | tr 'a-z' 'A-Z')_LOG_DRIVER
			driver=$(make_var "$var") ;;
		esac
	done
	case $driver in
	*tap-driver.sh*) ;;
	*) echo "$test: $driver" >> "$TMP/wrong" ;;
	esac
done
if [ -s "$TMP/wrong" ]; then fail "every test runs under the TAP driver"; sed 's/^/# /' "$TMP/wrong"
else pass "every test runs under the TAP driver ($(echo $tests | wc -w) tests)"; fi

# A check skipped by a pass titled "# SKIP" is a pass with a comment to a
# reader's eye; test-lib.sh's skip says it is a skip. (This file is left
# out: it names the pattern.)
for script in "$SRC"/t/*.sh; do
	[ "$script" = "$SRC/t/t0300-test-suite.sh" ] || grep -n -H 'pass "# *SKIP' "$script"
done > "$TMP/pass-skips" || true
is "$(cat "$TMP/pass-skips")" "" "shell tests skip with skip, never with pass"

grep -q '^static inline void skip(const char \*fmt' "$SRC/t/tap.h" && pass "tap.h has skip()" ||
	fail "tap.h has skip()"
# The pattern is spelled in two pieces so that this file is no match.
grep -n -H 'ok(1''[[:space:]]*,' "$SRC"/t/*.c "$SRC"/t/*.h > "$TMP/ok-ones" || true
is "$(cat "$TMP/ok-ones")" "" "C tests skip with skip(), never with ok(1, ...)"
done_testing
