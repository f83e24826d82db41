#!/bin/sh
# t6000-train: train-ncleaner on small gold and raw texts written for the test.
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t6000

ok "--help works" train-ncleaner --help
ok "differential training" train-ncleaner --diff -n 3 -q 0.5 -m 1 "$F/gold" "$F/raw" "$TMP/a.model"
grep_ok "the model has the magic line" "^ncleaner-model	1$" "$TMP/a.model"
grep_ok "the model records n" "^order	3$" "$TMP/a.model"
grep_ok "the model has an end line" "^end	[0-9]*$" "$TMP/a.model"
ok "training again" train-ncleaner --diff -n 3 -q 0.5 -m 1 "$F/gold" "$F/raw" "$TMP/b.model"
ok "the model is rebuilt byte for byte" cmp "$TMP/a.model" "$TMP/b.model"
ok "the trained model cleans" ncleaner -m "$TMP/a.model" "$F/raw/1.txt"
grep_ok "...keeping the story" "The river rose slowly" "$TMP/out"
if grep -q "Privacy policy" "$TMP/out"; then fail "...dropping the footer"; else pass "...dropping the footer"; fi
ok "the non-lexical mode trains" train-ncleaner --diff -n 6 -q 0.4 -m 3 "$F/gold" "$F/raw" "$TMP/nl.model"
grep_ok "...with mode 3" "^mode	3$" "$TMP/nl.model"
ok "standard (non-differential) training" train-ncleaner -n 2 "$F/gold" "$F/raw" "$TMP/s.model"
ok "tuning by cross-validation" train-ncleaner --tune --folds 2 "$F/raw"
grep_ok "the tuning table has a row per q" "^0.50	" "$TMP/out"
grep_ok "...and names the best setting" "^# lowest: n = " "$TMP/out"
fails 2 "a missing directory is an error" train-ncleaner --diff "$TMP/none" "$F/raw" "$TMP/c.model"
fails 2 "-n 9 is refused" train-ncleaner -n 9 "$F/gold" "$F/raw" "$TMP/c.model"
fails 2 "an unwritable output is an error" train-ncleaner --diff "$F/gold" "$F/raw" "$TMP/none/x.model"
done_testing
