#!/bin/sh
# t5100-lynx-faults: what happens when Lynx is missing, hangs, crashes,
# fails, or floods: a clear error, a non-zero status, no partial output.
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000

fails 2 "Lynx missing from PATH is a set-up error" ncleaner --no-lm --lynx no-such-lynx-program "$F/page.html"
grep_ok "...that names the Debian package" "install the Debian package lynx" "$TMP/err"

fails 1 "a hanging Lynx is killed at the timeout" ncleaner --no-lm --timeout 0.5 --lynx "$F/fake-lynx-hang.sh" "$F/page.html"
grep_ok "...and reported" "did not finish within 0.5 seconds" "$TMP/err"
is "$(cat "$TMP/out")" "" "...with no partial output"

fails 1 "a crashing Lynx is reported" ncleaner --no-lm --lynx "$F/fake-lynx-crash.sh" "$F/page.html"
grep_ok "...with the signal" "killed by signal" "$TMP/err"
is "$(cat "$TMP/out")" "" "...and no partial output"

fails 1 "a failing Lynx is reported" ncleaner --no-lm --lynx "$F/fake-lynx-fail.sh" "$F/page.html"
grep_ok "...with its exit status" "exit status 3" "$TMP/err"

# (Reading 64 MiB takes a few seconds here, minutes under valgrind on a
# busy machine: the deadline must not come first.)
flood_timeout=20
[ -z "${VALGRIND:-}" ] || flood_timeout=300
fails 1 "a flooding Lynx is stopped at the output limit" ncleaner --no-lm --timeout $flood_timeout --lynx "$F/fake-lynx-flood.sh" "$F/page.html"
grep_ok "...and reported" "printed more than" "$TMP/err"

mkdir -p "$TMP/batch"
cp "$F/page.html" "$TMP/batch/a.html"
cp "$F/dump.txt" "$TMP/batch/b.txt"
fails 1 "in a batch, the text dump is still cleaned when Lynx hangs" ncleaner --no-lm --timeout 0.3 --lynx "$F/fake-lynx-hang.sh" -o "$TMP/bout" "$TMP/batch"
ok "...its output exists" test -s "$TMP/bout/b.txt"
ok "...the failed page left no file" test ! -e "$TMP/bout/a.txt"
is "$(ls "$TMP/bout" | grep -c tmp || true)" "0" "...nor a temporary file"

# SIGTERM in the middle of a batch (once a page is being rendered:
# slow_lynx): no half-written file is left behind.
lynx=$(slow_lynx "$TMP/lynx-started")
set +e
ncleaner --no-lm --timeout 30 --lynx "$lynx" -o "$TMP/sigout" "$TMP/batch" 2> "$TMP/sigerr" &
pid=$!
wait_for "$TMP/lynx-started"
kill -TERM $pid
wait $pid
status=$?
set -e
is "$status" "143" "SIGTERM mid-batch exits with 128 + 15"
is "$(find "$TMP/sigout" -name '*.tmp.*' 2>/dev/null | wc -l)" "0" "...and leaves no temporary file"
done_testing
