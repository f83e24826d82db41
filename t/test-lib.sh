# test-lib.sh: shared set-up of the shell tests (sourced, not run).
# Gives: set -eu, LC_ALL=C, $TMP (removed on exit), $SRC and $BUILD, the
# programs on PATH, make_var NAME (a variable of the build's Makefile), and
# TAP helpers: plan N, ok "title" CMD..., fails STATUS
# "title" CMD..., is "got" "want" "title", grep_ok "title" PATTERN FILE,
# pass/fail "title", skip "reason", skip_all "reason", done_testing;
# make_install DIR; for tests' daemons, stop_daemons_on_exit, stop_daemons,
# port_in_use PORT and free_port.
# json_lines FILE (each line one JSON object) and have_json_reader.
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
# Optional: VALGRIND=1 runs every ncleaner, train-ncleaner and ncleaner-eval
# of the test under valgrind (wrappers first in PATH, so `sh -c` and exec
# are covered too). A process with an invalid access or a definite leak
# exits 99, and done_testing adds a test that every valgrind log is clean.
# "Possibly lost" blocks are not shown: a run stopped by a signal exits with
# its worker threads' stacks still allocated, which is no leak.
if [ "${VALGRIND:-}" = 1 ]; then
	mkdir -p "$TMP/valgrind-bin" "$TMP/valgrind-logs"
	for prog in ncleaner train-ncleaner ncleaner-eval; do
		cat > "$TMP/valgrind-bin/$prog" <<WRAPPER
#!/bin/sh
# valgrind keeps files of its own in TMPDIR and cannot start without one: a
# test of a missing TMPDIR runs the program as it is, and says so.
if [ -n "\${TMPDIR:-}" ] && { ! [ -d "\$TMPDIR" ] || ! [ -w "\$TMPDIR" ]; }; then
	echo "\$TMPDIR" >> "$TMP/valgrind-unwrapped"
	exec "$BUILD/src/$prog" "\$@"
fi
NCLEANER_NO_JIT=1 exec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --show-possibly-lost=no \\
	--log-file="$TMP/valgrind-logs/$prog.%p.log" "$BUILD/src/$prog" "\$@"
WRAPPER
		chmod +x "$TMP/valgrind-bin/$prog"
	done
	PATH=$TMP/valgrind-bin:$PATH
fi
tap_n=0
tap_failed=0

# json_lines FILE: every line of FILE is one JSON object (python3 or node reads it).
json_lines() {
	if command -v python3 > /dev/null; then
		python3 -c 'import json, sys
for line in open(sys.argv[1], encoding="utf-8"):
    assert isinstance(json.loads(line), dict)' "$1"
	else
		node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").split("\n"))
	if (l && typeof JSON.parse(l) !== "object") process.exit(1);' "$1"
	fi
}
have_json_reader() { command -v python3 > /dev/null || command -v node > /dev/null; }

# make_var NAME: the value of NAME in the build's Makefile, as make expands
# it (not as the command line of the make running the test may set it:
# TESTS=...). Empty without a Makefile in $BUILD.
make_var() {
	[ -f "$BUILD/Makefile" ] || return 0
	printf 'print-var:\n\t@echo $(%s)\n' "$1" > "$TMP/make-var.mk"
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory -C "$BUILD" \
		-f Makefile -f "$TMP/make-var.mk" print-var
}

# make_install DIR: make install DESTDIR=DIR of the build, as a check
# (the log's tail when it fails, and status 1).
make_install() {
	if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$BUILD" install DESTDIR="$1" \
		> "$TMP/install.log" 2>&1; then
		pass "make install DESTDIR=..."
	else
		fail "make install DESTDIR=..."
		sed 's/^/# /' "$TMP/install.log" | tail -n 20
		return 1
	fi
}

# Daemons a test starts (sshd, slurmd): it adds each one's process id to
# $daemon_pids and calls stop_daemons_on_exit [CMD] once; stop_daemons ends
# them (TERM, then waits for each), and runs at exit, after CMD, however the
# test ends (a signal too). Call it again before done_testing.
daemon_pids=
stop_daemons() {
	for pid in $daemon_pids; do kill "$pid" 2> /dev/null || true; done
	for pid in $daemon_pids; do wait "$pid" 2> /dev/null || true; done
	daemon_pids=
}
stop_daemons_on_exit() {
	trap "${1:-:}; stop_daemons; rm -rf \"\$TMP\"" EXIT
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 143' TERM
}
# port_in_use PORT: true when a TCP socket of this machine has PORT.
port_in_use() {
	cat /proc/net/tcp /proc/net/tcp6 2> /dev/null |
		awk -v p="$(printf '%04X' "$1")" 'NR > 1 { split($2, a, ":"); if (a[2] == p) found = 1 } END { exit !found }'
}
# free_port [OTHER]: a random TCP port in 10240-32239 (below Linux's
# ephemeral ports) that is not in use, nor OTHER. Another program may take
# it before the caller does: a daemon that cannot bind it must be retried.
free_port() {
	while :; do
		p=$((10240 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 22000))
		[ "$p" != "${1-}" ] && ! port_in_use "$p" && break
	done
	echo "$p"
}

# slow_lynx FILE: a fake Lynx that creates FILE when it starts, then hangs;
# wait_for FILE: wait up to a minute for FILE. A test that signals ncleaner
# mid-run waits for the fake Lynx, so that the page is being rendered, the
# program's handler in place and its stages built, however slowly it
# starts (valgrind: several seconds).
slow_lynx() {
	printf '#!/bin/sh\n: > "%s"\nexec sleep 60\n' "$1" > "$TMP/slow-lynx"
	chmod +x "$TMP/slow-lynx"
	echo "$TMP/slow-lynx"
}
wait_for() {
	waited=0
	while [ ! -e "$1" ] && [ $waited -lt 600 ]; do
		sleep 0.1
		waited=$((waited + 1))
	done
}

plan() { echo "1..$1"; }
skip_all() { echo "1..0 # SKIP $1"; exit 0; }
skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP $1"; }
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
# grep_fails TITLE PATTERN FILE: FILE must not match PATTERN
grep_fails() { if grep -q -e "$2" "$3"; then fail "$1"; sed 's/^/# /' "$3" | head -n 20; else pass "$1"; fi; }
done_testing() {
	if [ "${VALGRIND:-}" = 1 ]; then
		if cat "$TMP"/valgrind-logs/*.log 2> /dev/null | grep -q .; then
			fail "valgrind: no invalid access or leak"
			cat "$TMP"/valgrind-logs/*.log | sed 's/^/# /' | head -n 60
		else
			pass "valgrind: no invalid access or leak ($(ls "$TMP/valgrind-logs" | wc -l) runs$(
				[ ! -s "$TMP/valgrind-unwrapped" ] || echo "; $(wc -l < "$TMP/valgrind-unwrapped") without valgrind: TMPDIR unusable"))"
		fi
	fi
	echo "1..$tap_n"
	[ "$tap_failed" = 0 ]
}
