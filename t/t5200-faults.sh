#!/bin/sh
# t5200-faults: faults of the machine around a run: a full disk, a file that
# vanishes mid-run, a directory where a file should be, signals in the middle
# of a batch. Each gives a clear message and a non-zero status, and output
# files are whole or absent.
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000

no_temp_files() {  # $1 = directory
	is "$(find "$1" -name '*.tmp.*' 2>/dev/null | wc -l)" "0" "...no temporary file is left in $(basename "$1")"
}

# --- a full disk -------------------------------------------------------------
if [ -w /dev/full ]; then
	fails 1 "standard output on a full disk fails (HTML)" sh -c "ncleaner --no-lm '$F/page.html' > /dev/full"
	grep_ok "...saying why" "No space left on device" "$TMP/err"
	fails 1 "standard output on a full disk fails (text)" sh -c "ncleaner --no-lm '$F/dump.txt' > /dev/full"
	grep_ok "...saying why" "No space left on device" "$TMP/err"
else
	skip "full disk on standard output: no writable /dev/full"
	skip "as above"; skip "as above"; skip "as above"
fi
# Files under -o on a full disk: a file-size limit makes every write past
# 1 KiB fail (SIGXFSZ ignored, so write() returns EFBIG), as a full disk would.
mkdir -p "$TMP/big"
for i in 1 2 3; do
	for j in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		echo "Paragraph $j of file $i is a long enough line of running text to be kept by the rules."
		echo
	done > "$TMP/big/f$i.txt"
done
fails 1 "output files that cannot be written whole fail" \
	sh -c "trap '' XFSZ; ulimit -f 2; exec ncleaner --no-lm -o '$TMP/bigout' '$TMP/big'"
grep_ok "...naming the file" "bigout/f1.txt: cannot write" "$TMP/err"
is "$(find "$TMP/bigout" -type f | wc -l)" "0" "...and no partial output file exists"

# --- a file vanishing mid-run ------------------------------------------------
# A Lynx that deletes the next page of the batch before dumping this one.
mkdir -p "$TMP/vanish"
for name in a b c; do cp "$F/page.html" "$TMP/vanish/$name.html"; done
cat > "$TMP/vanishing-lynx" <<SCRIPT
#!/bin/sh
rm -f "$TMP/vanish/b.html"
exec lynx "\$@"
SCRIPT
chmod +x "$TMP/vanishing-lynx"
# One job: with several, the next page is opened before this one's Lynx runs.
fails 1 "a page that vanishes mid-batch fails" ncleaner -j 1 --no-lm --lynx "$TMP/vanishing-lynx" -o "$TMP/vout" "$TMP/vanish"
grep_ok "...naming it" "vanish/b.html: cannot open: No such file" "$TMP/err"
grep_ok "...and counting the failures" "3 pages, 1 failed" "$TMP/err"
ok "...the pages before it are cleaned" test -s "$TMP/vout/a.txt"
ok "...and the pages after it" test -s "$TMP/vout/c.txt"
ok "...and it has no output" test ! -e "$TMP/vout/b.txt"

# --- files that cannot be read ----------------------------------------------
# /proc/self/mem fails every read at offset 0 with EIO, even for root.
if [ -r /proc/self/mem ]; then
	fails 1 "a read error is reported (text)" ncleaner --no-lm --text /proc/self/mem
	grep_ok "...with the system's reason" "/proc/self/mem: read error.*Input/output error" "$TMP/err"
	fails 1 "a read error is reported (HTML)" ncleaner --no-lm --html /proc/self/mem
else
	skip "read errors: no /proc/self/mem"; skip "as above"; skip "as above"
fi
# A FIFO in a batch directory would block for ever: it is skipped.
mkdir -p "$TMP/fifo"
cp "$F/dump.txt" "$TMP/fifo/a.txt"
if mkfifo "$TMP/fifo/b.txt" 2> /dev/null; then
	ok "a FIFO in a batch directory does not block the batch" ncleaner --no-lm -o "$TMP/fifoout" "$TMP/fifo"
	grep_ok "...it is skipped with a warning" "fifo/b.txt: skipped (not a regular file)" "$TMP/err"
	ok "...and the other input is cleaned" test -s "$TMP/fifoout/a.txt"
else
	skip "FIFO: mkfifo failed"; skip "as above"; skip "as above"
fi
ok "a file named on the command line may be a pipe" sh -c "cat '$F/dump.txt' | ncleaner --no-lm --text /dev/stdin"
grep_ok "...and is read" "^<l>a list item" "$TMP/out"

# --- a directory in place of a file -------------------------------------------
mkdir -p "$TMP/dirin" "$TMP/dirout/a.txt"
cp "$F/page.html" "$TMP/dirin/a.html"
cp "$F/dump.txt" "$TMP/dirin/b.txt"
fails 1 "an output name taken by a directory fails" ncleaner --no-lm -o "$TMP/dirout" "$TMP/dirin"
grep_ok "...naming it" "dirout/a.txt: cannot write: Is a directory" "$TMP/err"
ok "...the other input is cleaned" test -s "$TMP/dirout/b.txt"
no_temp_files "$TMP/dirout"
: > "$TMP/plainfile"
fails 2 "an output directory that is a file is a usage error" ncleaner --no-lm -o "$TMP/plainfile" "$TMP/dirin"
grep_ok "...naming it" "plainfile" "$TMP/err"
mkdir -p "$TMP/model.model"
fails 2 "a model that is a directory is a set-up error" ncleaner -m "$TMP/model.model" "$F/page.html"
grep_ok "...naming it" "model.model: is a directory" "$TMP/err"
mkdir -p "$TMP/data/regex/html.rules" "$TMP/data/models"
fails 2 "a rule file that is a directory is a set-up error" ncleaner --no-lm --data-dir "$TMP/data" "$F/page.html"
grep_ok "...naming it" "html.rules: is a directory" "$TMP/err"

# --- signals in the middle of a batch ----------------------------------------
# A Lynx that records its pid and hangs: the page being dumped when the
# signal comes. After the signal, that Lynx must be gone too.
cat > "$TMP/recording-lynx" <<SCRIPT
#!/bin/sh
echo \$\$ > "$TMP/lynx.pid"
exec sleep 60
SCRIPT
chmod +x "$TMP/recording-lynx"
mkdir -p "$TMP/batch"
cp "$F/dump.txt" "$TMP/batch/a.txt"
cp "$F/page.html" "$TMP/batch/b.html"
cp "$F/page.html" "$TMP/batch/c.html"

# signal_batch SIGNAL: start a batch whose second input hangs in Lynx, send
# SIGNAL once Lynx runs, and leave the exit status in $status.
signal_batch() {
	rm -f "$TMP/lynx.pid" "$TMP/ncleaner.pid"
	rm -rf "$TMP/sigout" "$TMP/lynxtmp"
	mkdir -p "$TMP/lynxtmp"
	( for i in $(seq 1 100); do
		[ -s "$TMP/lynx.pid" ] && break
		sleep 0.1
	  done
	  kill -"$1" "$(cat "$TMP/ncleaner.pid")" ) &
	killer=$!
	set +e
	# (env --default-signal: a shell that starts a job in the background
	# ignores SIGINT and SIGQUIT in it, nohup SIGHUP, and ncleaner keeps an ignored
	# signal ignored, as nohup wants: a test run in the background would
	# see no signal at all)
	TMPDIR=$TMP/lynxtmp sh -c 'echo $$ > "$1"; shift; exec "$@"' sh "$TMP/ncleaner.pid" \
		env --default-signal ncleaner --no-lm --timeout 50 --lynx "$TMP/recording-lynx" -o "$TMP/sigout" "$TMP/batch" \
		> "$TMP/out" 2> "$TMP/err"
	status=$?
	set -e
	wait $killer || true
}
for sig in INT TERM; do
	signal_batch $sig
	case $sig in INT) want=130 ;; TERM) want=143 ;; esac
	is "$status" "$want" "SIG$sig mid-batch exits with 128 + the signal number"
	ok "...the input finished before it is kept whole" test -s "$TMP/sigout/a.txt"
	no_temp_files "$TMP/sigout"
	if [ -s "$TMP/lynx.pid" ] && kill -0 "$(cat "$TMP/lynx.pid")" 2>/dev/null; then
		fail "...and the running Lynx is killed"
		kill -9 "$(cat "$TMP/lynx.pid")" 2>/dev/null || true
	else
		pass "...and the running Lynx is killed"
	fi
	is "$(ls -A "$TMP/lynxtmp")" "" "...and Lynx's temporary directory is removed"
done

# Under nohup (SIGHUP ignored when ncleaner starts), a hangup changes nothing.
rm -f "$TMP/lynx.pid"
( for i in $(seq 1 100); do [ -s "$TMP/lynx.pid" ] && break; sleep 0.1; done
  kill -HUP "$(cat "$TMP/ncleaner.pid")" ) &
killer=$!
set +e
sh -c 'trap "" HUP; echo $$ > "$1"; shift; exec "$@"' sh "$TMP/ncleaner.pid" \
	ncleaner --no-lm --timeout 2 --lynx "$TMP/recording-lynx" -o "$TMP/hupout" "$TMP/batch" \
	> "$TMP/out" 2> "$TMP/err"
status=$?
set -e
wait $killer || true
is "$status" "1" "an ignored SIGHUP stays ignored: the batch runs to its end"
grep_ok "...where the hanging pages time out" "did not finish within 2 seconds" "$TMP/err"
ok "...and the text input is cleaned" test -s "$TMP/hupout/a.txt"
done_testing
