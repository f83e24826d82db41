#!/bin/sh
# t5987-site-survey-resume: a run with a site survey (issue 35, item 7):
# its progress names its two passes and gives the whole run's share, rate
# and ETA (none in a first frame, none absurd, the share never going back);
# "1 site". Lynx is a script here that counts its runs and can fail or
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

done_testing
