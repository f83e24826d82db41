#!/bin/sh
# t5600-hostile: the holes a hostile run and a new user found (issue 10),
# each staged for real: planted symlinks, clashing output names, an output
# directory inside the input, symlink loops, bad option values, a full
# TMPDIR, too little memory, forged markers, a FIFO put in place of an input,
# a job stopped with Ctrl-Z, escape sequences, signals, SIGKILL. Every check
# here failed before the fix it tests (run this file with top_builddir set to
# an older build to see which).
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000
if ! command -v lynx > /dev/null; then skip_all "lynx is not installed (Debian package lynx)"; fi

# no_leftovers DIR TITLE: no temporary file (hidden or not) is left in DIR.
no_leftovers() {
	if find "$1" -name '*.tmp.*' | grep -q .; then fail "$2"; find "$1" -name '*.tmp.*' | sed 's/^/# /'
	else pass "$2"; fi
}
# alive PID: the process runs (a zombie that nobody reaped yet does not).
alive() { kill -0 "$1" 2> /dev/null && ! grep -q '^State:.*Z' "/proc/$1/status" 2> /dev/null; }
# run_pid PIDFILE CMD...: run CMD with its pid written to PIDFILE first.
run_pid() { f=$1; shift; sh -c 'echo $$ > "$1"; shift; exec "$@"' sh "$f" "$@"; }

# --- Security and data loss ----------------------------------------------------

# A symlink planted where the temporary output file will be created (its
# name used to be OUT/a.txt.tmp.PID, and the pid is easy to guess).
mkdir -p "$TMP/plant/in" "$TMP/plant/out"
cp "$F/page.html" "$TMP/plant/in/a.html"
echo "precious" > "$TMP/plant/victim"
set +e
sh -c 'ln -s "$1" "$2/a.txt.tmp.$$"; exec ncleaner --no-lm -o "$2" "$3"' sh \
	"$TMP/plant/victim" "$TMP/plant/out" "$TMP/plant/in" > "$TMP/out" 2> "$TMP/err"
set -e
is "$(cat "$TMP/plant/victim")" "precious" "a symlink planted at a temporary name is never written through"
grep_ok "...and the output is written all the same" "^<h>The Harbour Story" "$TMP/plant/out/a.txt"

# A symlinked directory planted inside the output tree.
mkdir -p "$TMP/plant2/in/sub" "$TMP/plant2/out" "$TMP/plant2/elsewhere"
cp "$F/page.html" "$TMP/plant2/in/sub/x.html"
ln -s "$TMP/plant2/elsewhere" "$TMP/plant2/out/sub"
fails 1 "an output path through a planted directory symlink fails" \
	ncleaner --no-lm -o "$TMP/plant2/out" "$TMP/plant2/in"
grep_ok "...saying why" "symlink is not written through" "$TMP/err"
is "$(ls -A "$TMP/plant2/elsewhere")" "" "...and nothing is written where the symlink points"

# Inputs whose output names clash keep one output each.
mkdir -p "$TMP/clash/in" "$TMP/clash/d1" "$TMP/clash/d2"
printf '<p>the first page, called a.html</p>' > "$TMP/clash/in/a.html"
printf '<p>the second page, called a.htm</p>' > "$TMP/clash/in/a.htm"
printf '<p>the index page of the mirror</p>' > "$TMP/clash/in/index.html"
printf '<p>the second page of the index</p>' > "$TMP/clash/in/index.html?page=2"
printf '<p>x from the first directory</p>' > "$TMP/clash/d1/x.html"
printf '<p>x from the second directory</p>' > "$TMP/clash/d2/x.html"
ok "clashing output names: a batch" ncleaner --no-lm --html -o "$TMP/clash/out" "$TMP/clash/in"
grep_ok "...a.html keeps its extension" "called a.html" "$TMP/clash/out/a.html.txt"
grep_ok "...and so does a.htm" "called a.htm" "$TMP/clash/out/a.htm.txt"
grep_ok "...index.html keeps its own output" "index page" "$TMP/clash/out/index.html.txt"
grep_ok "...and so does index.html?page=2" "second page of the index" "$TMP/clash/out/index.html?page=2.txt"
ok "the same relative name under two arguments" \
	ncleaner --no-lm -o "$TMP/clash/out2" "$TMP/clash/d1/x.html" "$TMP/clash/d2/x.html"
grep_ok "...the first keeps its name" "first directory" "$TMP/clash/out2/x.html.txt"
grep_ok "...the second is numbered" "second directory" "$TMP/clash/out2/x.html~2.txt"
mkdir -p "$TMP/clash/unique"
cp "$F/page.html" "$TMP/clash/unique/story.html"
ok "a name that does not clash" ncleaner --no-lm -o "$TMP/clash/out3" "$TMP/clash/unique"
ok "...keeps <name>.txt, as before" test -s "$TMP/clash/out3/story.txt"

# An output directory inside the input directory is not walked again, and
# one that is (or holds) an input directory is refused.
mkdir -p "$TMP/inside/in"
cp "$F/page.html" "$TMP/inside/in/p.html"
cp "$F/dump.txt" "$TMP/inside/in/d.txt"
ok "an output directory inside the input directory" ncleaner --no-lm -o "$TMP/inside/in/out" "$TMP/inside/in"
ok "...a second run" ncleaner --no-lm -o "$TMP/inside/in/out" "$TMP/inside/in"
is "$(cd "$TMP/inside/in" && find . -type f | sort | tr '\n' ' ')" \
	"./d.txt ./out/d.txt ./out/p.txt ./p.html " "...cleans the inputs, never the earlier outputs"
is "$(head -c 200 "$TMP/inside/in/d.txt")" "$(head -c 200 "$F/dump.txt")" "...and a text dump is never overwritten"
fails 2 "an output directory equal to the input directory is refused" \
	ncleaner --no-lm -o "$TMP/inside/in" "$TMP/inside/in"
fails 2 "an input directory inside the output directory is refused" \
	ncleaner --no-lm -o "$TMP/inside" "$TMP/inside/in"
fails 2 "an input that would be its own output is refused" \
	ncleaner --no-lm --text -o "$TMP/inside/in" "$TMP/inside/in/d.txt"

# Symlink loops: two directories that point at each other.
mkdir -p "$TMP/loop/in/a" "$TMP/loop/in/b"
cp "$F/page.html" "$TMP/loop/in/a/p.html"
ln -s ../b "$TMP/loop/in/a/to-b"
ln -s ../a "$TMP/loop/in/b/to-a"
ok "a loop of directory symlinks" timeout 60 ncleaner --no-lm -o "$TMP/loop/out" "$TMP/loop/in"
is "$(cd "$TMP/loop/out" && find . -type f | sort | tr '\n' ' ')" "./a/p.txt " \
	"...is not followed by default"
grep_ok "...with a warning" "symlink to a directory" "$TMP/err"
ok "with --follow-symlinks" timeout 60 ncleaner --no-lm --follow-symlinks -o "$TMP/loop/out2" "$TMP/loop/in"
is "$(cd "$TMP/loop/out2" && find . -type f | wc -l | tr -d ' ')" "1" "...no directory is walked twice"

# --- Crashes and silent wrong results -------------------------------------------

fails 2 "-o '' is a usage error" ncleaner --no-lm -o "" "$F/page.html"
grep_ok "...saying so" "empty directory name" "$TMP/err"
mkdir -p "$TMP/ro"; : > "$TMP/ro/file"
fails 2 "an uncreatable -o is a usage error" ncleaner --no-lm -o "$TMP/ro/file/sub" "$F/page.html"
fails 2 "-b nan is a usage error" ncleaner -b nan "$F/page.html"
fails 2 "-b inf is a usage error" ncleaner -b inf "$F/page.html"

# A full TMPDIR: Lynx would read a truncated page and exit 0.
if [ "$(id -u)" = 0 ] && mkdir -p "$TMP/small" && mount -t tmpfs -o size=256k tmpfs "$TMP/small" 2> /dev/null; then
	awk 'BEGIN { print "<html><body>"; for (i = 0; i < 8000; i++) printf "<p>Paragraph %d of a long page.</p>\n", i; print "<p>THE END</p></body></html>" }' > "$TMP/long.html"
	fails 1 "a page larger than the room in TMPDIR fails" env TMPDIR="$TMP/small" ncleaner --dump "$TMP/long.html"
	grep_ok "...saying why" "not enough room in the temporary directory" "$TMP/err"
	if grep -q . "$TMP/out"; then fail "...and writes no truncated dump"; else pass "...and writes no truncated dump"; fi
	umount "$TMP/small"
else
	skip "full TMPDIR: needs root to mount a small tmpfs"
fi

# No TMPDIR to write in: the builtin renderer needs none, and a page whose
# output passes the 256 KiB held in memory (HELD_MEMORY_MAX) keeps the rest
# in memory too.
awk 'BEGIN { print "<html><body>"; for (i = 0; i < 6000; i++) printf "<p>%d the quick brown fox jumps over the lazy dog, again and again, and the dog sleeps on.</p>\n", i; print "</body></html>" }' > "$TMP/big-output.html"
ok "a page of 1.5 MB of output" ncleaner --renderer builtin -f jsonl --scores "$TMP/big-output.html"
cp "$TMP/out" "$TMP/big-output.jsonl"
ok "...with no TMPDIR to hold it in" env TMPDIR=/nonexistent/ncleaner-t5600 ncleaner --renderer builtin \
	-f jsonl --scores "$TMP/big-output.html"
cp "$TMP/out" "$TMP/big-output-memory.jsonl"
ok "...the same output, held in memory" cmp "$TMP/big-output.jsonl" "$TMP/big-output-memory.jsonl"
if [ "$(wc -c < "$TMP/big-output.jsonl")" -gt 262144 ]; then pass "...which is over 256 KiB"
else fail "...which is over 256 KiB"; fi

# Too little memory for one page: that page fails, the batch goes on. The
# limit is 10 MB of address space above the least under which ncleaner
# cleans a small page (probed in 10 MB steps from 60 MB: its libraries take
# more on some systems, libxml2's ICU tables 30 MB; a sanitizer build does
# not start under any of them).
mem_limit=
for limit in 60000 70000 80000 90000 100000 110000 120000 130000 140000 150000; do
	if [ "${VALGRIND:-}" != 1 ] && (ulimit -v $limit; exec ncleaner --no-lm -o "$TMP/mem-probe" "$F/page.html") > /dev/null 2>&1; then
		mem_limit=$((limit + 10000))
		break
	fi
done
rm -rf "$TMP/mem-probe"
if [ -n "$mem_limit" ]; then
	mkdir -p "$TMP/mem/in"
	# 52 MB: under the 64 MiB page limit, over what the limit leaves for it.
	awk 'BEGIN { printf "<html><body>"; for (i = 0; i < 1750000; i++) printf "<p>word%d and more words</p>\n", i % 977; print "</body></html>" }' > "$TMP/mem/in/b-big.html"
	cp "$F/page.html" "$TMP/mem/in/a.html"
	cp "$F/page.html" "$TMP/mem/in/c.html"
	set +e
	# One worker: with two, a small page cleaned beside the large one
	# shares its address space and may fail with it, as it did once on a
	# loaded machine; the check is that a page fails alone.
	(ulimit -v $mem_limit; exec ncleaner -j 1 --no-lm -o "$TMP/mem/out" "$TMP/mem/in") > "$TMP/out" 2> "$TMP/err"
	status=$?
	set -e
	is "$status" "1" "a page too large for the memory fails alone (exit 1, no abort)"
	grep_ok "...naming the page and the problem" "b-big.html: not enough memory" "$TMP/err"
	ok "...the pages before it are cleaned" test -s "$TMP/mem/out/a.txt"
	ok "...and the pages after it" test -s "$TMP/mem/out/c.txt"
	no_leftovers "$TMP/mem/out" "...and no temporary file is left"
	rm -f "$TMP/mem/in/b-big.html"
else
	skip "memory limits: not under valgrind or a sanitizer build"
fi

# The same with the builtin renderer, whose parse and layout of the page
# happen in ncleaner's own memory (issue 36): under limits from the least
# that cleans a small page up to where the big page fits, each run cleans
# the pages around the big one and the big one or fails it for memory.
# Never an abort ("fatal: out of memory" ended the run, no page written),
# and nothing on standard error but ncleaner's own lines (libxml2 printed
# "internal buffer error : Memory allocation failed").
mem_limit=
for limit in 60000 70000 80000 90000 100000 110000 120000 130000 140000 150000; do
	if [ "${VALGRIND:-}" != 1 ] && (ulimit -v $limit; exec ncleaner --renderer builtin -j 1 --no-lm -o "$TMP/mem-probe" "$F/page.html") > /dev/null 2>&1; then
		mem_limit=$limit
		break
	fi
done
rm -rf "$TMP/mem-probe"
# Under growing limits, from the least that cleans a small page, the
# pages a.html, b-big.html (made by the command $2) and c.html; $1 names
# the big page in the messages.
grow_limits() {
	mkdir -p "$TMP/mem/in"
	cp "$F/page.html" "$TMP/mem/in/a.html"
	cp "$F/page.html" "$TMP/mem/in/c.html"
	sh -c "$2" > "$TMP/mem/in/b-big.html"
	runs=0 aborted=0 printed=0 lost=0 unnamed=0 cleaned=0
	for extra in 0 8000 16000 24000 32000 40000 48000 56000 64000 72000 80000 88000 96000 104000 112000 120000; do
		rm -rf "$TMP/mem/out"
		set +e
		(ulimit -v $((mem_limit + extra)); exec ncleaner --renderer builtin -j 1 --no-lm -o "$TMP/mem/out" "$TMP/mem/in") > "$TMP/out" 2> "$TMP/err"
		status=$?
		set -e
		runs=$((runs + 1))
		[ $status -le 1 ] || aborted=$((aborted + 1))
		grep -v -q '^ncleaner: ' "$TMP/err" && printed=$((printed + 1))
		{ [ -s "$TMP/mem/out/a.txt" ] && [ -s "$TMP/mem/out/c.txt" ]; } || lost=$((lost + 1))
		if [ $status = 1 ] && ! grep -q 'b-big.html: .*memory' "$TMP/err"; then unnamed=$((unnamed + 1)); fi
		if [ $status = 0 ]; then cleaned=$((cleaned + 1)); break; fi
	done
	is "$aborted" 0 "the builtin renderer short of memory for $1: $runs runs under growing limits, none aborted"
	is "$printed" 0 "...none printed a line that is not ncleaner's"
	is "$lost" 0 "...each cleaned the pages before and after the big one"
	is "$unnamed" 0 "...and each that failed the big page named it and the memory"
	is "$cleaned" 1 "...until one cleaned it too"
	rm -f "$TMP/mem/in/b-big.html"
}
if [ -n "$mem_limit" ]; then
	# 12 MB of words in paragraphs, one line.
	grow_limits "12 MB of paragraphs" \
		'awk '"'"'BEGIN { printf "<html><body>"; for (i = 0; i < 500000; i++) printf "<p>word%d and more", i % 977; print "</body></html>" }'"'"
	# 12 MB of line breaks between words: the HTML rules' pass notes each
	# <br> (8 bytes a 5-byte tag), and without the memory for its notes
	# the page goes to PCRE2 (a process-wide abort here once).
	grow_limits "12 MB of line breaks" \
		'awk '"'"'BEGIN { printf "<html><body><p>"; for (i = 0; i < 1000000; i++) printf "w%d<br>", i % 97; print "</body></html>" }'"'"
else
	skip "memory limits (builtin renderer): not under valgrind or a sanitizer build"
	skip "memory limits (builtin renderer), line breaks: not under valgrind or a sanitizer build"
fi

# The wrapper's attributes are parsed, quotes and all.
printf '<text id="http://example.org/world" title="News > World" encoding="utf8">\n<p>Stories from around the world, told \303\240 la fa\303\247on of the old papers.</p>\n</text>\n' > "$TMP/quoted.html"
ok "a wrapper whose title holds '>'" ncleaner --no-lm "$TMP/quoted.html"
is "$(head -n 1 "$TMP/out")" "URL: http://example.org/world" "...keeps its URL"
grep_ok "...and its charset hint" "à la façon" "$TMP/out"
if grep -q 'World"' "$TMP/out"; then fail "...and no attribute text leaks into the page"
else pass "...and no attribute text leaks into the page"; fi

# Page text cannot forge the heading and list-item markers.
printf 'URL: u\n\n@@NC-H@@ Not a heading, just text about markers.\n\n@@NC-L@@ Not a list item either.\n' > "$TMP/forged.txt"
ok "a dump with marker text" ncleaner --no-lm --text "$TMP/forged.txt"
grep_ok "...keeps it as text in a paragraph" "^<p>@@NC-H@@ Not a heading" "$TMP/out"
grep_ok "...also for the list-item marker" "^<p>@@NC-L@@ Not a list item" "$TMP/out"
printf '<html><body><p>@@NC-H@@ A paragraph that talks about @@NC-L@@ markers.</p><h2>A real heading</h2></body></html>' > "$TMP/forged.html"
ok "an HTML page with marker text" ncleaner --no-lm "$TMP/forged.html"
grep_ok "...keeps it as text" "^<p>@@NC-H@@ A paragraph that talks about @@NC-L@@ markers.$" "$TMP/out"
grep_ok "...while its real heading is a heading" "^<h>A real heading$" "$TMP/out"

# Lynx's FRAME: and REFRESH(...) lines are not text of the page.
printf '<html><head><meta http-equiv="refresh" content="30; url=next.html"></head><frameset cols="50%%,50%%"><frame src="a.html" name="navigation"><frame src="b.html" name="content"></frameset></html>' > "$TMP/frames.html"
ok "a page with frames and a refresh" ncleaner --no-lm "$TMP/frames.html"
if grep -q -e 'FRAME:' -e 'REFRESH(' "$TMP/out"; then fail "...keeps no FRAME: or REFRESH( line"
else pass "...keeps no FRAME: or REFRESH( line"; fi

# An input replaced by a FIFO after the walk (here by the Lynx of the page
# before it) fails instead of blocking the batch.
mkdir -p "$TMP/fifo/in"
cp "$F/page.html" "$TMP/fifo/in/a.html"
cp "$F/page.html" "$TMP/fifo/in/b.html"
cp "$F/page.html" "$TMP/fifo/in/c.html"
cat > "$TMP/fifo-lynx" <<SCRIPT
#!/bin/sh
if [ ! -p "$TMP/fifo/in/b.html" ]; then rm -f "$TMP/fifo/in/b.html"; mkfifo "$TMP/fifo/in/b.html"; fi
exec lynx "\$@"
SCRIPT
chmod +x "$TMP/fifo-lynx"
fails 1 "an input replaced by a FIFO after the walk fails" \
	timeout 60 ncleaner -j 1 --no-lm --lynx "$TMP/fifo-lynx" -o "$TMP/fifo/out" "$TMP/fifo/in"
grep_ok "...saying why" "b.html: not a regular file" "$TMP/err"
ok "...and the batch goes on" test -s "$TMP/fifo/out/c.txt"

# A job stopped (Ctrl-Z) for longer than --timeout: the stopped time does
# not count, and the page is cleaned.
cat > "$TMP/slow-lynx" <<'SCRIPT'
#!/bin/sh
sleep 1
exec lynx "$@"
SCRIPT
chmod +x "$TMP/slow-lynx"
rm -f "$TMP/stop.pid"
set +e
run_pid "$TMP/stop.pid" setsid ncleaner --no-lm --timeout 2 --lynx "$TMP/slow-lynx" "$F/page.html" > "$TMP/out" 2> "$TMP/err" &
job=$!
sleep 0.4
pgid=$(cat "$TMP/stop.pid")
kill -STOP -"$pgid" 2> /dev/null
sleep 3
kill -CONT -"$pgid" 2> /dev/null
wait $job
status=$?
set -e
is "$status" "0" "a job stopped for longer than --timeout still cleans its page"
grep_ok "...all of it" "^<h>The Harbour Story" "$TMP/out"

# Nothing reaches a terminal as an escape sequence.
printf 'URL: http://x/\033]0;pwned\007\n\nSome text of the dump.\n' > "$TMP/esc.txt"
ok "a dump whose URL line holds escape sequences" ncleaner --no-lm --text "$TMP/esc.txt"
if tr -d '\n' < "$TMP/out" | LC_ALL=C grep -q "$(printf '[\001-\037\177]')"; then
	fail "...writes no control character"
else
	pass "...writes no control character"
fi
grep_ok "...they are percent-encoded" "^URL: http://x/%1B]0;pwned%07$" "$TMP/out"
printf '<html><body><p>A CSI \302\233 and an escape &#27; in a page.</p></body></html>' > "$TMP/c1.html"
ok "--dump of a page with C1 and C0 controls" ncleaner --dump "$TMP/c1.html"
if tr -d '\n' < "$TMP/out" | LC_ALL=C grep -q -e "$(printf '\302[\200-\237]')" -e "$(printf '[\001-\011\013-\037\177]')"; then
	fail "...writes none of them"
else
	pass "...writes none of them"
fi
fails 1 "a missing file whose name holds an escape" ncleaner --no-lm "$TMP/$(printf 'no\033[31mfile')"
if LC_ALL=C grep -q "$(printf '\033')" "$TMP/err"; then fail "...is named without the escape"
else pass "...is named without the escape"; fi
grep_ok "...shown as \\\\x1B" 'no\\x1B\[31mfile' "$TMP/err"

# --- Leftovers ---------------------------------------------------------------------

# ncleaner page | head: SIGPIPE must not leave the sandbox behind.
mkdir -p "$TMP/pipe-tmp"
awk 'BEGIN { print "<html><body>"; for (i = 0; i < 4000; i++) printf "<p>Paragraph %d of a long page that goes on and on.</p>\n", i; print "</body></html>" }' > "$TMP/pipe.html"
TMPDIR=$TMP/pipe-tmp ncleaner --no-lm "$TMP/pipe.html" 2> /dev/null | head -n 1 > /dev/null || true
is "$(ls -A "$TMP/pipe-tmp")" "" "ncleaner | head: no sandbox is left"

# Other signals: the running Lynx is killed, nothing is left.
cat > "$TMP/recording-lynx" <<SCRIPT
#!/bin/sh
echo \$\$ > "$TMP/lynx.pid"
exec sleep 60
SCRIPT
chmod +x "$TMP/recording-lynx"
mkdir -p "$TMP/sig/in"
cp "$F/page.html" "$TMP/sig/in/a.html"
for sig in QUIT USR1 XCPU HUP; do
	rm -f "$TMP/lynx.pid" "$TMP/nc.pid"
	rm -rf "$TMP/sig/tmp" "$TMP/sig/out"
	mkdir -p "$TMP/sig/tmp"
	( for i in $(seq 1 100); do [ -s "$TMP/lynx.pid" ] && break; sleep 0.1; done
	  kill -"$sig" "$(cat "$TMP/nc.pid")" ) &
	killer=$!
	set +e
	# (env --default-signal: see t5200; a background job ignores SIGQUIT, nohup SIGHUP)
	TMPDIR=$TMP/sig/tmp run_pid "$TMP/nc.pid" env --default-signal ncleaner --no-lm --timeout 50 \
		--lynx "$TMP/recording-lynx" -o "$TMP/sig/out" "$TMP/sig/in" > "$TMP/out" 2> "$TMP/err"
	status=$?
	set -e
	wait $killer || true
	case $sig in QUIT) n=3 ;; USR1) n=10 ;; XCPU) n=24 ;; HUP) n=1 ;; esac
	want=$((128 + n))
	is "$status" "$want" "SIG$sig exits with 128 + its number"
	is "$(ls -A "$TMP/sig/tmp")" "" "...and leaves no sandbox"
	no_leftovers "$TMP/sig" "...and no temporary output"
	if [ -s "$TMP/lynx.pid" ] && alive "$(cat "$TMP/lynx.pid")"; then
		fail "...and its Lynx is gone"; kill -9 "$(cat "$TMP/lynx.pid")" 2> /dev/null || true
	else pass "...and its Lynx is gone"; fi
done

# kill -9: no handler runs, but the Lynx dies with ncleaner, and the next
# run removes the sandbox that was left.
rm -f "$TMP/lynx.pid" "$TMP/nc.pid"
rm -rf "$TMP/sig/tmp"; mkdir -p "$TMP/sig/tmp"
set +e
TMPDIR=$TMP/sig/tmp run_pid "$TMP/nc.pid" ncleaner --no-lm --timeout 50 \
	--lynx "$TMP/recording-lynx" "$F/page.html" > /dev/null 2>&1 &
job=$!
for i in $(seq 1 100); do [ -s "$TMP/lynx.pid" ] && break; sleep 0.1; done
kill -9 "$(cat "$TMP/nc.pid")"
wait $job
set -e
sleep 0.5
if alive "$(cat "$TMP/lynx.pid")"; then
	fail "after kill -9 the Lynx child dies too"; kill -9 "$(cat "$TMP/lynx.pid")" 2> /dev/null || true
else pass "after kill -9 the Lynx child dies too"; fi
ok "...a sandbox was left" test -n "$(ls -A "$TMP/sig/tmp")"
TMPDIR=$TMP/sig/tmp ncleaner --no-lm "$F/page.html" > /dev/null 2>&1
# (under VALGRIND=1 the killed valgrind leaves a file of its own there)
is "$(ls -A "$TMP/sig/tmp" | grep -v -e '^valgrind_' -e '^vgdb-' || :)" "" "...which the next run removes"

# --- A new user --------------------------------------------------------------------

for prog in ncleaner train-ncleaner ncleaner-eval; do
	ok "$prog --help" "$prog" --help
	ok "$prog --version" "$prog" --version
	grep_ok "...names the program and its version" "^$prog [0-9]" "$TMP/out"
	grep_ok "...its copyright" "^Copyright (c) 2026 the ncleaner authors" "$TMP/out"
	grep_ok "...and its licence, that of LICENSE" "BSD-2-Clause" "$TMP/out"
	grep_ok "...and the data directory it reads" "^Rules and models: $SRC$" "$TMP/out"
done
grep_ok "LICENSE is the BSD 2-Clause licence" "^BSD 2-Clause License" "$SRC/LICENSE"
grep_ok "README names the licence" "BSD-2-Clause" "$SRC/README.md"
fails 2 "a data directory without the rules" ncleaner --no-lm --data-dir "$TMP/nowhere" "$F/page.html"
grep_ok "...names --data-dir and NCLEANER_DATA_DIR" "data-dir or \$NCLEANER_DATA_DIR" "$TMP/err"
mkdir -p "$TMP/std/gold" "$TMP/std/raw"
cp "$FIXTURES"/t6000/gold/1-cleaned.txt "$TMP/std/gold/"
cp "$FIXTURES"/t6000/raw/1.txt "$TMP/std/raw/"
ok "training without --diff" train-ncleaner -n 2 "$TMP/std/gold" "$TMP/std/raw" "$TMP/std.model"
grep_ok "...warns that it is standard training" "warning: standard training" "$TMP/err"
ok "--tune with standard error not a terminal" train-ncleaner --tune --folds 2 "$FIXTURES/t6000/raw"
if LC_ALL=C grep -q "$(printf '\r')" "$TMP/err"; then fail "...writes no carriage-return progress"
else pass "...writes no carriage-return progress"; fi
printf 'ncleaner-model\t2\nmethod\tncleaner\n' > "$TMP/huge.model"
truncate -s 300M "$TMP/huge.model"
fails 2 "a model file over the limit" ncleaner -m "$TMP/huge.model" "$F/page.html"
grep_ok "...is refused by its size" "larger than the limit" "$TMP/err"
rm -f "$TMP/huge.model"
done_testing
