#!/bin/sh
# t5400-lynx-isolation: Lynx touches nothing but the page. A page full of
# remote and file: references is cleaned under strace: no network socket is
# opened, no referenced file is read, no program but Lynx is run, and every
# file Lynx opens is on a short list (its libraries, the C library's user
# lookup, /dev/null, and its own private temporary directory).
. "$(dirname "$0")/test-lib.sh"

command -v strace > /dev/null 2>&1 || skip_all "strace not installed (Debian package strace)"
strace -f -qq -o /dev/null true 2> /dev/null || skip_all "strace cannot trace here (ptrace not permitted)"
[ "${VALGRIND:-}" != 1 ] || skip_all "under valgrind the trace would show valgrind's own files"

echo "secret contents" > "$TMP/secret.txt"
cat > "$TMP/refs.html" <<PAGE
<html><head><base href="http://127.0.0.1:9/">
<link rel="stylesheet" href="http://127.0.0.1:9/style.css">
<link rel="icon" href="file://$TMP/secret.txt">
<meta http-equiv="refresh" content="0; url=http://127.0.0.1:9/next">
<script src="http://127.0.0.1:9/x.js"></script></head>
<body background="file://$TMP/secret.txt">
<img src="http://127.0.0.1:9/x.png"><img src="file://$TMP/secret.txt">
<iframe src="file://$TMP/secret.txt"></iframe>
<frameset><frame src="file:///etc/shadow"></frameset>
<object data="file://$TMP/secret.txt"></object><embed src="http://[::1]:9/movie">
<form action="http://127.0.0.1:9/post"><input name="q"></form>
<p>Some text with a <a href="file://$TMP/secret.txt">link</a> and
<a href="http://127.0.0.1:9/">another</a>, <a href="ftp://127.0.0.1/">ftp</a>,
<a href="mailto:x@example.org">mail</a>, <a href="lynxexec:cat /etc/passwd">exec</a>.</p>
<!--#include file="secret.txt" -->
</body></html>
PAGE

# LeakSanitizer cannot run under ptrace; leaks are checked by the other tests.
ok "the page cleans under strace" env ASAN_OPTIONS=detect_leaks=0 strace -f -qq -s 4096 -e trace=%network,%file,%process -o "$TMP/trace" \
	ncleaner --no-lm "$TMP/refs.html"
cp "$TMP/out" "$TMP/clean.out"
grep_ok "...the text is there" "Some text with a link" "$TMP/clean.out"
if grep -q "secret contents" "$TMP/clean.out"; then fail "...no referenced file's contents"; else pass "...no referenced file's contents"; fi

# Lynx's lines of the trace: those of the processes that exec'd Lynx
# (ncleaner's own threads, the workers, have pids of their own in strace).
grep 'execve(".*lynx"' "$TMP/trace" | cut -d ' ' -f 1 | sort -u > "$TMP/lynx.pids"
awk 'NR == FNR { lynx[$1] = 1; next } lynx[$1]' "$TMP/lynx.pids" "$TMP/trace" > "$TMP/lynx.trace" || true
grep_ok "...Lynx was traced" 'execve(".*lynx"' "$TMP/lynx.trace"

if grep -E 'socket\(AF_INET|socket\(AF_INET6|connect\(.*sin6?_port' "$TMP/lynx.trace" > "$TMP/net"; then
	fail "Lynx opens no network socket"; sed 's/^/# /' "$TMP/net"
else
	pass "Lynx opens no network socket"
fi
if grep 'execve(' "$TMP/lynx.trace" | grep -v 'execve("[^"]*lynx"' > "$TMP/exec"; then
	fail "Lynx runs no other program"; sed 's/^/# /' "$TMP/exec"
else
	pass "Lynx runs no other program"
fi

# Files Lynx opened successfully, outside the expected places ("" is an
# fstat of an open descriptor, "/" the root directory Lynx stats at start).
sandbox=$(sed -n 's/.*"-cfg=\([^"]*\)\/lynx\.cfg".*/\1/p' "$TMP/lynx.trace" | head -n 1)
case $sandbox in
	*/ncleaner-lynx.*) pass "Lynx is given our lynx.cfg in a private directory" ;;
	*) fail "Lynx is given our lynx.cfg in a private directory"; sandbox=/nonexistent ;;
esac
grep -E '(open|openat|stat|newfstatat|access|readlink)\(' "$TMP/lynx.trace" | grep -v '= -1 ' |
	sed -n 's/^[^"]*"\([^"]*\)".*/\1/p' | sort -u |
	grep -v -E '^$|^/$|^(/lib|/usr/lib|/lib64|/usr/lib64)/|^/etc/ld\.so\.cache$|^/dev/null$|^/etc/(passwd|group|nsswitch\.conf)$|^/usr/share/locale/|^/usr/lib/locale/|^/proc/self/|^/usr/bin/lynx$|^/usr/local/bin/lynx$|^/bin/lynx$|^/etc/localtime$|^/usr/share/zoneinfo/' |
	grep -v -F -x -e "$sandbox" |
	grep -v "^$sandbox/" > "$TMP/files" || true
is "$(cat "$TMP/files")" "" "Lynx opens no file but its libraries, /dev/null and its private directory"
if grep -F "$TMP/secret.txt" "$TMP/lynx.trace" > /dev/null || grep -F "/etc/shadow" "$TMP/lynx.trace" > /dev/null; then
	fail "...not even one the page names"
else
	pass "...not even one the page names"
fi
is "$(ls -d "${TMPDIR:-/tmp}/ncleaner-lynx.$(echo "$sandbox" | sed 's/.*\.//')" 2>/dev/null)" "" "...and the private directory is gone afterwards"

# Inside a network namespace without network, where one can be made, the
# result is the same: nothing depended on the network.
if unshare -n true 2> /dev/null; then
	ok "the page cleans in a namespace without network" unshare -n ncleaner --no-lm "$TMP/refs.html"
	is "$(cmp "$TMP/out" "$TMP/clean.out" && echo same)" "same" "...with the same output"
elif unshare -rn true 2> /dev/null; then
	ok "the page cleans in a namespace without network" unshare -rn ncleaner --no-lm "$TMP/refs.html"
	is "$(cmp "$TMP/out" "$TMP/clean.out" && echo same)" "same" "...with the same output"
else
	skip "network namespace: unshare -n not permitted here"
fi
done_testing
