#!/bin/sh
# t8000-fuzz-corpus: every fuzz harness replays its seed corpus (tests/fuzz/)
# without libFuzzer, so inputs that once crashed are tested in every build,
# the sanitizer build included. `make fuzz` runs the harnesses for real.
. "$(dirname "$0")/test-lib.sh"

for name in html segment rules model score classify warc perplexity ice-tree html-blocks runner builtin snippets page-meta image html-rules; do
	ok "fuzz harness '$name' replays tests/fuzz/$name" "$BUILD/t/fuzz-$name-replay" "$FIXTURES/fuzz/$name"
	grep_ok "...and read inputs" "^ok 1 - [1-9][0-9]* inputs" "$TMP/out"
done
# The command-line test pages are seeds of the HTML harness too.
ok "fuzz harness 'html' replays the pages of tests/t5000" "$BUILD/t/fuzz-html-replay" "$FIXTURES"/t5000/*.html
# The command-line test pages are seeds of the block extractor too.
ok "fuzz harness 'html-blocks' replays the pages of tests/t5000" "$BUILD/t/fuzz-html-blocks-replay" "$FIXTURES"/t5000/*.html
# ...and of the builtin renderer.
ok "fuzz harness 'builtin' replays the pages of tests/t5000" "$BUILD/t/fuzz-builtin-replay" "$FIXTURES"/t5000/*.html
# The annotations and outputs of t4100's neighbours are seeds of the snippet harness.
ok "fuzz harness 'snippets' replays the fixtures of tests/t7100" "$BUILD/t/fuzz-snippets-replay" "$FIXTURES/t7100" "$FIXTURES/t6100/evaldata.json"
# The metadata pages of t5060 and the HTML harness's are seeds of the metadata harness.
ok "fuzz harness 'page-meta' replays the pages of tests/t5060" "$BUILD/t/fuzz-page-meta-replay" \
	"$FIXTURES"/t5060/*.html "$FIXTURES"/fuzz/html/metadata-*
# The WARC fixtures of t1500 are seeds of the WARC harness too.
ok "fuzz harness 'warc' replays the archives of tests/t1500" "$BUILD/t/fuzz-warc-replay" "$FIXTURES"/t1500/*.warc*
done_testing
