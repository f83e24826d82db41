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
