# corpus-lib.sh: file names in a data set in CLEANEVAL layout (sourced by
# reproduce.sh and learning-curve.sh, which set $data).
#   gold_of ID: the gold text, DATA/gold/ID-cleaned.txt or DATA/gold/ID.txt
#   orig_of ID: the page, DATA/orig/ID.html (or .htm)
#   abs PATH:   PATH made absolute (for symlinks into fold directories)
gold_of() {
	if [ -f "$data/gold/$1-cleaned.txt" ]; then echo "$data/gold/$1-cleaned.txt"
	else echo "$data/gold/$1.txt"; fi
}
orig_of() { ls "$data/orig/$1".htm* | head -n 1; }
abs() { (cd "$(dirname "$1")" && echo "$(pwd)/$(basename "$1")"); }

# make_fold FD K FOLDS IDS_FILE: fold K of FOLDS (ids in IDS_FILE, every
# FOLDS-th from the K-th) as FD/test-ids and FD/test/ (its pages), the other
# ids as FD/train-ids with FD/gold/ and FD/orig/ (their gold texts and
# pages), all symbolic links; kept when FD/test exists (a run picks up).
make_fold() {
	[ -d "$1/test" ] && return 0
	rm -rf "$1"
	mkdir -p "$1/gold" "$1/orig" "$1/test"
	awk -v k="$2" -v f="$3" '(NR - 1) % f == k' "$4" > "$1/test-ids"
	awk -v k="$2" -v f="$3" '(NR - 1) % f != k' "$4" > "$1/train-ids"
	for id in $(cat "$1/train-ids"); do
		ln -s "$(abs "$(gold_of "$id")")" "$1/gold/"
		ln -s "$(abs "$(orig_of "$id")")" "$1/orig/"
	done
	for id in $(cat "$1/test-ids"); do ln -s "$(abs "$(orig_of "$id")")" "$1/test/"; done
}
