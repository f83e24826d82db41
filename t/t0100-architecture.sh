#!/bin/sh
# t0100-architecture: the shape of the code base (src/layers.h).
# 1. Layers: a module includes only base/, its own folder and the folders
#    upstream of it in the flow; only the front ends (cli/, and api/, the
#    library's) see config.h; only api/ includes the public header,
#    ncleaner.h, which it implements.
# 2. No mutable static state in the library: no object of libncleaner.a
#    lives in .data or .bss (ops tables are const and land in .data.rel.ro),
#    except strbuf_empty, the never-written empty string of strbuf.h (and
#    the compiler's own __ symbols, such as AddressSanitizer's).
# 3. src/layers.h, the map, names the folders in this test's order, and
#    every folder of src/ is one of them.
# 4. Every file of scripts/ is distributed (named in Makefile.am one by one,
#    since the build tree has a scripts/ of its own).
. "$(dirname "$0")/test-lib.sh"

order="base source normalise render segment method decide sink pipeline eval train compose api cli"
rank() {  # the position of a folder in the flow, or nothing
	i=0
	for d in $order; do
		i=$((i + 1))
		[ "$d" = "$1" ] && { echo $i; return; }
	done
}

bad=$TMP/bad
: > "$bad"
for file in "$SRC"/src/*/*.[ch]; do
	dir=$(basename "$(dirname "$file")")
	mine=$(rank "$dir")
	[ -n "$mine" ] || { echo "$file: folder $dir is not a layer" >> "$bad"; continue; }
	grep -o '^#include "[^"]*"' "$file" | sed 's/^#include "//; s/"$//' | while read -r inc; do
		case $inc in
		config.h) [ "$dir" = cli ] || [ "$dir" = api ] ||
			echo "$file: includes config.h (front ends only)" ;;
		ncleaner.h) [ "$dir" = api ] ||
			echo "$file: includes the public header ncleaner.h (api/ only)" ;;
		*/*)
			theirs=$(rank "${inc%%/*}")
			if [ -z "$theirs" ]; then echo "$file: includes $inc, outside the layers"
			elif [ "${inc%%/*}" != base ] && [ "$theirs" -gt "$mine" ]; then
				echo "$file: includes $inc, downstream of $dir"
			fi ;;
		*) echo "$file: includes \"$inc\" without its folder" ;;
		esac
	done >> "$bad"
done
if [ -s "$bad" ]; then fail "every include goes upstream"; sed 's/^/# /' "$bad"
else pass "every include goes upstream (or into base/)"; fi

# The map: its list of folders ("  name/   what it holds") as $order, and
# src/'s folders all in it.
is "$(sed -n 's|^ \*   \([a-z]*\)/  .*|\1|p' "$SRC/src/layers.h" | tr '\n' ' ')" "$order " \
	"src/layers.h lists the layers in the flow's order"
is "$(ls -d "$SRC"/src/*/ | xargs -n 1 basename | sort | tr '\n' ' ')" \
	"$(printf '%s\n' $order | sort | tr '\n' ' ')" "...and src/ has no other folder"

lib=$BUILD/src/.libs/libncleaner.a   # the installed static library, all of it
if [ ! -f "$lib" ] || ! command -v objdump > /dev/null; then
	skip "no $lib or no objdump"
else
	objdump -t "$lib" | awk '$NF !~ /^\./ && (/ \.data[ \t]/ || / \.bss[ \t]/ || /\*COM\*/)' |
		grep -v -e ' strbuf_empty$' -e ' __' > "$TMP/writable" || true
	if [ -s "$TMP/writable" ]; then fail "the library has no mutable static state"
		sed 's/^/# /' "$TMP/writable"
	else pass "the library has no mutable static state"; fi
fi
# The files git knows (an in-tree build puts objects there too), each a
# whole word of Makefile.am.
if git -C "$SRC" ls-files --error-unmatch scripts > /dev/null 2>&1; then
	words=$(tr -s ' \t\\' '\n\n\n' < "$SRC/Makefile.am")
	missing=$(git -C "$SRC" ls-files scripts | while read -r name; do
		printf '%s\n' "$words" | grep -qxF "$name" || echo "$name"
	done)
	is "$missing" "" "every file of scripts/ is in the distribution"
else
	skip "not a git checkout: which files of scripts/ are sources is unknown"
fi
done_testing
