#!/bin/sh
# t1610-wet-warcio: WET files of our writer (sink/warc-writer.h), plain and
# gzip'd per record, read by warcio, an implementation independent of ours
# (tests/t1500/read-wet.mjs): every record parses, with the right headers,
# lengths, unique ids, block digests and text, and warcio warns of nothing.
# Skips when node or warcio (npm ci in tests/t1500) is not installed.
. "$(dirname "$0")/test-lib.sh"

command -v node > /dev/null 2>&1 ||
	skip_all "node is not installed (Debian packages nodejs and npm)"
[ -f "$FIXTURES/t1500/node_modules/warcio/package.json" ] ||
	skip_all "warcio is not installed: run 'npm ci' in tests/t1500"

ok "the writer writes the sample WET files" "$BUILD/t/t1600-warc-writer" --write "$TMP"
for file in sample.wet sample.wet.gz; do
	node "$FIXTURES/t1500/read-wet.mjs" "$TMP/$file" > "$TMP/$file.out" 2> "$TMP/$file.err" ||
		fail "warcio reads $file"
	if cmp -s "$TMP/$file.out" "$FIXTURES/t1610/expected.txt"; then
		pass "warcio finds in $file the records we wrote"
	else
		fail "warcio finds in $file the records we wrote"
		diff "$FIXTURES/t1610/expected.txt" "$TMP/$file.out" | sed 's/^/# /' | head -n 20
	fi
	if [ -s "$TMP/$file.err" ]; then
		fail "warcio warns of nothing in $file"
		sed 's/^/# /' "$TMP/$file.err" | head -n 10
	else
		pass "warcio warns of nothing in $file"
	fi
done
done_testing
