#!/bin/sh
# t5987-site-survey-resume: a run with a site survey (issue 35, item 7):
# its progress names its two passes and gives the whole run's share, rate
# and ETA (none in a first frame, none absurd, the share never going back);
# "1 site"; --skip-existing with every output there surveys nothing;
# Ctrl-C in the survey writes nothing and says so, and the same command
# then writes what an uninterrupted run writes; Ctrl-C in the cleaning
# leaves the survey kept in DIR/.ncleaner-survey.KEY, which the resumed run
# takes instead of surveying (Lynx runs for the missing page alone), byte
# for byte the output of an uninterrupted run, and removes at its end; a
# survey kept for other options or inputs, or damaged, is passed over with
# a notice. Lynx is a script here that counts its runs and can fail or
# hang at a given run (its environment is Lynx's own: settings go in files).
. "$(dirname "$0")/test-lib.sh"
if ! command -v lynx > /dev/null; then skip_all "lynx is not installed (Debian package lynx)"; fi
lynx=$(command -v lynx)

# Eight pages of one site, the museum line on each.
d=$TMP/site
mkdir -p "$d"
for i in 1 2 3 4 5 6 7 8; do
	printf '<html><head><link rel="canonical" href="http://harbour.example/p%s"></head><body><p>The harbour museum was founded by the fishermen in 1952 and is still open every day.</p><p>Article %s: the ferry to the island left at dawn with forty passengers and a cargo of apples from the valley.</p></body></html>\n' \
		$i $i > "$d/p$i.html"
done

# A Lynx that counts its runs in $TMP/calls, sleeps $TMP/delay seconds,
# fails at run $TMP/fail-at and hangs at run $TMP/hang-at (writing its pid).
cat > "$TMP/lynx" <<SCRIPT
#!/bin/sh
n=\$(( \$(cat "$TMP/calls" 2> /dev/null || echo 0) + 1 ))
echo \$n > "$TMP/calls"
[ "\$n" = "\$(cat "$TMP/fail-at" 2> /dev/null)" ] && { echo "lynx: run \$n fails" >&2; exit 3; }
if [ "\$n" = "\$(cat "$TMP/hang-at" 2> /dev/null)" ]; then echo \$\$ > "$TMP/hung"; exec sleep 60; fi
[ -s "$TMP/delay" ] && sleep "\$(cat "$TMP/delay")"
exec "$lynx" "\$@"
SCRIPT
chmod +x "$TMP/lynx"
# lynx_does FAIL_AT HANG_AT DELAY: set the script up (empty: never), its count at 0.
lynx_does() {
	printf '%s' "$1" > "$TMP/fail-at"; printf '%s' "$2" > "$TMP/hang-at"
	printf '%s' "$3" > "$TMP/delay"; rm -f "$TMP/calls" "$TMP/hung"
}
calls() { cat "$TMP/calls" 2> /dev/null || echo 0; }
clean() { ncleaner --no-lm --site-repetition -j 1 --lynx "$TMP/lynx" "$@"; }

# --- progress ----------------------------------------------------------------------------
lynx_does "" "" 0.2
ok "a run with a survey, --progress to a file" clean --progress -o "$TMP/progress" "$d"
cp "$TMP/err" "$TMP/progress.err"
grep '^ncleaner: \(surveying sites\|cleaning\)\? *\[' "$TMP/progress.err" > "$TMP/frames" || :
grep_ok "...the survey's frames are labelled" '^ncleaner: surveying sites \[' "$TMP/frames"
grep_ok "...and so are the cleaning's" '^ncleaner: cleaning \[' "$TMP/frames"
is "$(sed -n 's/^ncleaner: \([a-z ]*\) \[.*/\1/p' "$TMP/frames" | uniq | tr '\n' ,)" \
	"surveying sites,cleaning," "...the survey first, then the cleaning"
shares=$(sed 's/.*\] *\([0-9]*\)%.*/\1/' "$TMP/frames" | tr '\n' ' ')
ok "...one share of the whole run, never going back ($shares)" \
	awk -v s="$shares" 'BEGIN { n = split(s, a, " "); for (i = 2; i <= n; i++) if (a[i] + 0 < a[i - 1] + 0) exit 1; exit !(a[n] == 100 && a[1] < 100) }'
grep_fails "...a first frame shows no rate and no ETA (one page says too little)" \
	'pages/s\|ETA' "$(head -n 1 "$TMP/frames" > "$TMP/first"; echo "$TMP/first")"
etas=$(sed -n 's/.*ETA \([0-9:]*\).*/\1/p' "$TMP/frames" | tr '\n' ' ')
ok "...no ETA above 0:05 for a run of about 2 s ($etas)" \
	awk -v s="$etas" 'BEGIN { n = split(s, a, " "); for (i = 1; i <= n; i++) { split(a[i], t, ":"); if (t[1] * 60 + t[2] > 5) exit 1 } exit n == 0 }'
rates=$(sed -n 's/.*, \([0-9.]*\) pages\/s.*/\1/p' "$TMP/frames" | tr '\n' ' ')
ok "...no rate under 1 page/s for pages of about 0.2 s ($rates)" \
	awk -v s="$rates" 'BEGIN { n = split(s, a, " "); for (i = 1; i <= n; i++) if (a[i] + 0 < 1) exit 1; exit n == 0 }'
grep_ok "...\"1 site\"" "site survey: 8 pages of 1 site, " "$TMP/progress.err"
is "$(ls -A "$TMP/progress" | grep -c '^\.')" 0 "...every output written, nothing else is left"

# --- nothing to do -----------------------------------------------------------------------
lynx_does "" "" ""
printf '\000\001\002\003 binary' > "$TMP/binary-site.dat"
cp -r "$d" "$TMP/with-binary" && cp "$TMP/binary-site.dat" "$TMP/with-binary/"
ok "a run of the pages and a binary file" clean -o "$TMP/done" "$TMP/with-binary"
lynx_does "" "" ""
ok "...--skip-existing, every output there" clean --skip-existing -o "$TMP/done" "$TMP/with-binary"
grep_ok "...nothing to do" "nothing to do: the output of every input exists" "$TMP/err"
is "$(calls)" 0 "...and no survey: Lynx never ran (the binary file has no output, and needs none)"
grep_fails "...nor says it surveyed" "site survey" "$TMP/err"

# --- Ctrl-C ------------------------------------------------------------------------------
# stop_at RUN OUT: a run into OUT whose Lynx hangs at its RUNth run,
# stopped by SIGINT then; its status in $status.
stop_at() {
	lynx_does "${3:-}" "$1" ""
	( for i in $(seq 1 200); do [ -s "$TMP/hung" ] && break; sleep 0.05; done
	  kill -INT "$(cat "$TMP/nc.pid")" ) &
	killer=$!
	set +e
	sh -c 'echo $$ > "$1"; shift; exec "$@"' sh "$TMP/nc.pid" env --default-signal \
		ncleaner --no-lm --site-repetition -j 1 --lynx "$TMP/lynx" -o "$2" "$d" \
		> "$TMP/out" 2> "$TMP/err"
	status=$?
	set -e
	wait $killer || :
	[ -s "$TMP/hung" ] && kill "$(cat "$TMP/hung")" 2> /dev/null || :
}
lynx_does "" "" ""
ok "an uninterrupted run" clean -o "$TMP/whole" "$d"

stop_at 3 "$TMP/in-survey"
is "$status" 130 "Ctrl-C in the survey: exit 130"
grep_ok "...saying that it stopped in the survey, before any page was written" \
	"stopped in the site survey, before any page was written; the same command starts it again" "$TMP/err"
is "$(ls -A "$TMP/in-survey")" "" "...nothing is written, nothing half-written, no survey kept"
lynx_does "" "" ""
ok "...the same command with --skip-existing" clean --skip-existing -o "$TMP/in-survey" "$d"
ok "...writes what the uninterrupted run wrote" diff -r "$TMP/whole" "$TMP/in-survey"

# The page that fails in the survey (Lynx's 8th run, the last page) is
# rendered again in the cleaning (the others' dumps were kept): Lynx hangs
# there, and the run is stopped with seven pages written.
lynx_does 8 "" ""
ok "an uninterrupted run whose last page fails in the survey" clean -o "$TMP/whole-failed" "$d"
stop_at 9 "$TMP/in-cleaning" 8
is "$status" 130 "Ctrl-C in the cleaning: exit 130"
grep_ok "...saying that --skip-existing resumes" "the output files written are complete; the same command with --skip-existing resumes" "$TMP/err"
is "$(ls "$TMP/in-cleaning" | wc -l | tr -d ' ')" 7 "...seven pages written"
kept=$(ls -A "$TMP/in-cleaning" | grep '^\.ncleaner-survey\.[0-9a-f]\{16\}$' || :)
ok "...and the survey kept beside them ($kept)" test -n "$kept"
cp "$TMP/in-cleaning/$kept" "$TMP/kept-survey"
cp -r "$TMP/in-cleaning" "$TMP/in-cleaning-copy"
lynx_does "" "" ""
ok "...the same command with --skip-existing" clean --skip-existing --stats "$TMP/resumed.stats" \
	-o "$TMP/in-cleaning" "$d"
grep_ok "...takes the survey kept" "site survey: 7 pages of 1 site, .*; kept by an earlier run in $TMP/in-cleaning/$kept" "$TMP/err"
is "$(calls)" 1 "...and surveys nothing: Lynx runs for the missing page alone"
grep_ok "...says the page that failed in the survey was not counted" "site survey: 1 page failed and was not counted" "$TMP/err"
grep_ok "...and --stats counts it" '"site_survey_failed":1,' "$TMP/resumed.stats"
ok "...writes what the uninterrupted run wrote, byte for byte" diff -r "$TMP/whole-failed" "$TMP/in-cleaning"
is "$(ls -A "$TMP/in-cleaning" | grep -c '^\.')" 0 "...and removes the survey, every output written"

# A survey kept for other options, for inputs changed since, or damaged.
resume_from() {   # DIR: the stopped run's outputs and kept survey, again
	rm -rf "$1"; cp -r "$TMP/in-cleaning-copy" "$1"
	lynx_does "" "" ""
}
resume_from "$TMP/other-options"
ok "a survey kept for another threshold" clean --site-repetition=3 --skip-existing -o "$TMP/other-options" "$d"
grep_ok "...is passed over, saying why" "site survey: $TMP/other-options/$kept: made for other inputs or options (an input or an option changed since): surveying again" "$TMP/err"
is "$(calls)" 8 "...and the pages are surveyed again (Lynx runs for each)"
resume_from "$TMP/damaged"
head -c -9 "$TMP/kept-survey" > "$TMP/damaged/$kept"
ok "a survey kept cut short" clean --skip-existing -o "$TMP/damaged" "$d"
grep_ok "...is passed over, saying why" "site survey: $TMP/damaged/$kept: not a saved site table: cut short" "$TMP/err"
is "$(calls)" 8 "...and the pages are surveyed again"

resume_from "$TMP/touched"
touch -d '2001-02-03 04:05:06' "$d/p2.html"
ok "a survey kept before an input changed" clean --skip-existing -o "$TMP/touched" "$d"
grep_ok "...is passed over" "made for other inputs or options" "$TMP/err"
done_testing
