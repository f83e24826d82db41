# test-lib.sh: shared set-up of the shell tests (sourced, not run).
# Gives: set -eu, LC_ALL=C, $TMP (removed on exit), $SRC and $BUILD, the
# programs on PATH, and TAP helpers: plan N, ok "title" CMD..., not_ok
# (expect failure), is "got" "want" "title", skip_all "reason", done_testing.
set -eu
LC_ALL=C
export LC_ALL
SRC=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${top_builddir:-$SRC}
PATH=$BUILD/src:$PATH
export PATH
SHARED=${NCLEANER_SHARED:-$SRC/../shared}
FIXTURES=$SRC/tests
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ncleaner-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# Optional: run the programs under valgrind (VALGRIND=1 make check).
if [ "${VALGRIND:-}" = 1 ]; then
	VG="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite"
else
	VG=
fi
tap_n=0
tap_failed=0

plan() { echo "1..$1"; }
skip_all() { echo "1..0 # SKIP $1"; exit 0; }
pass() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $1"; }
fail() { tap_n=$((tap_n + 1)); tap_failed=$((tap_failed + 1)); echo "not ok $tap_n - $1"; }
# ok TITLE CMD...: CMD must succeed.
ok() { t=$1; shift; if "$@" > "$TMP/out" 2> "$TMP/err"; then pass "$t"; else fail "$t"; sed 's/^/# /' "$TMP/err" | head -n 20; fi; }
# fails STATUS TITLE CMD...: CMD must exit with STATUS.
fails() {
	want=$1 t=$2; shift 2
	set +e; "$@" > "$TMP/out" 2> "$TMP/err"; got=$?; set -e
	if [ "$got" = "$want" ]; then pass "$t"; else fail "$t (exit $got, want $want)"; sed 's/^/# /' "$TMP/err" | head -n 20; fi
}
is() {
	if [ "$1" = "$2" ]; then pass "$3"; else fail "$3"; printf '# got:  %s\n# want: %s\n' "$1" "$2"; fi
}
# grep_ok TITLE PATTERN FILE
grep_ok() { if grep -q -e "$2" "$3"; then pass "$1"; else fail "$1"; sed 's/^/# /' "$3" | head -n 20; fi; }
done_testing() { echo "1..$tap_n"; [ "$tap_failed" = 0 ]; }
