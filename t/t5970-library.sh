#!/bin/sh
# t5970-library: libncleaner as a user gets it from make install.
# The build is installed into a DESTDIR under the test's directory; the
# example of the docs (doc/example.c, the README's example) is compiled
# against the installed header and library with pkg-config, shared and
# static, and must print what ncleaner prints; the shared library exports
# the public interface alone, its soname is the header's API version, the
# header stands alone (C99, C++) and keeps a segment's layout to the
# library (a program that reads it does not compile; one that reads every
# field through the getters, tests/t5970/segments.c, prints what ncleaner
# --scores writes); the Python binding, installed with it,
# is imported and cleans the page as the program does, and refuses what
# the library cannot take with ncleaner.Error. A batch through the
# library (tests/t5970/batch.c: ncleaner_clean_batch()) writes what the
# program writes for the same pages of one site, site repetition and all.
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000

[ -f "$BUILD/Makefile" ] || skip_all "no Makefile in $BUILD (run through make check)"
command -v pkg-config > /dev/null || skip_all "pkg-config is not installed"

dest=$TMP/dest
make_install "$dest" || { done_testing; exit; }
libdir=$dest$(make_var libdir)
includedir=$dest$(make_var includedir)
datadir=$dest$(make_var pkgdatadir)
# The soname's number is the interface's (ncleaner.h, Versions).
api=$(sed -n 's/^#define NCLEANER_API_VERSION \([0-9]*\)$/\1/p' "$SRC/src/ncleaner.h")
soname=libncleaner.so.$api
# A build with sanitizers (configure --enable-sanitizers) installs an
# instrumented library: programs that use it link the sanitizers' runtime.
sanitize=$(make_var NC_LDFLAGS)
cc="$(make_var CC) $sanitize"
is "$(cd "$includedir" && ls)" "ncleaner.h" "one header is installed, ncleaner.h"
ok "...the public one" cmp "$includedir/ncleaner.h" "$SRC/src/ncleaner.h"
ok "the shared library is installed" test -f "$libdir/$soname"
ok "the static library is installed" test -f "$libdir/libncleaner.a"

PKG_CONFIG_PATH=$libdir/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
ok "pkg-config finds the installed ncleaner.pc" pkg-config --exists ncleaner
is "$(pkg-config --modversion ncleaner)" "$(make_var PACKAGE_VERSION)" "...of this version"

# The interface: what the shared library exports, its soname, the header.
is "$(objdump -p "$libdir/$soname" | awk '$1 == "SONAME" { print $2 }')" \
	"$soname" "the soname's number is NCLEANER_API_VERSION"
nm -D --defined-only "$libdir/$soname" | awk '$2 ~ /^[TDBR]$/ { print $3 }' |
	grep -v '^ncleaner_' > "$TMP/exported" || true
is "$(cat "$TMP/exported")" "" "the shared library exports ncleaner_* alone"
nm -D --defined-only "$libdir/$soname" | awk '$2 == "T" { print $3 }' > "$TMP/functions"
grep_ok "...ncleaner_metadata() among them (issue 35)" '^ncleaner_metadata$' "$TMP/functions"
printf '#include <ncleaner.h>\nint main(void) { return ncleaner_api_version() != NCLEANER_API_VERSION; }\n' \
	> "$TMP/alone.c"
ok "the header stands alone in C99 (-pedantic -Werror)" sh -c "$cc -std=c99 -pedantic -Wall -Wextra \
	-Werror -o '$TMP/alone' '$TMP/alone.c' \$(pkg-config --cflags --libs ncleaner)"
ok "...and the library loaded speaks its version" env LD_LIBRARY_PATH="$libdir" "$TMP/alone"
if command -v g++ > /dev/null; then
	cp "$TMP/alone.c" "$TMP/alone.cc"
	ok "...and in C++" sh -c "g++ -Wall -Wextra -Werror -o '$TMP/alone-cc' '$TMP/alone.cc' \
		\$(pkg-config --cflags --libs ncleaner)"
else
	skip "no g++"
fi

# A segment's layout is the library's (ncleaner.h, Versions): a program
# that would depend on it (index the array, read a field, take its size)
# does not compile, so a field can be added without a new soname.
for use in 'segments[1].kept' 'segments->kept' 'sizeof(ncleaner_segment)'; do
	printf '#include <ncleaner.h>\nint main(void) { const ncleaner_segment *segments = 0; return (int)%s; }\n' \
		"$use" > "$TMP/layout.c"
	if $cc -c -o "$TMP/layout.o" "$TMP/layout.c" $(pkg-config --cflags ncleaner) \
		> "$TMP/layout.err" 2>&1; then
		fail "a program that reads $use does not compile"
	else
		grep_ok "a program that reads $use does not compile" "incomplete\|undefined type" \
			"$TMP/layout.err"
	fi
done
ok "a program that reads segments through the getters alone builds" sh -c "$cc -std=c99 \
	-pedantic -Wall -Wextra -Werror -o '$TMP/segments' '$FIXTURES/t5970/segments.c' \
	\$(pkg-config --cflags --libs ncleaner)"

# The example of the docs, as the README shows it.
awk '/^<!-- example.c -->$/ { on = 1; next } on && /^```c$/ { code = 1; next }
	code && /^```$/ { exit } code { print }' "$SRC/README.md" > "$TMP/readme-example.c"
ok "the README's example is doc/example.c" cmp "$TMP/readme-example.c" "$SRC/doc/example.c"
ok "the example builds against the installed files (pkg-config)" sh -c "$cc -Wall -Wextra -Werror \
	-o '$TMP/example' '$SRC/doc/example.c' \$(pkg-config --cflags --libs ncleaner)"
ok "...and statically (pkg-config --static)" sh -c "$cc -Wall -Wextra -Werror \
	-o '$TMP/example-static' '$SRC/doc/example.c' \$(pkg-config --cflags ncleaner) \
	'$libdir/libncleaner.a' \$(pkg-config --static --libs ncleaner | sed 's/ -lncleaner / /')"
ldd "$TMP/example-static" > "$TMP/ldd" 2>&1 || true
grep_fails "...without the shared library" "libncleaner" "$TMP/ldd"

export NCLEANER_DATA_DIR="$datadir"
ncleaner "$F/page.html" | tail -n +2 > "$TMP/program.out"
ncleaner --method perplexity "$F/page.html" | tail -n +2 > "$TMP/program-pieces.out"
LD_LIBRARY_PATH=$libdir
export LD_LIBRARY_PATH
ok "the example cleans the page" "$TMP/example" "$F/page.html"
cp "$TMP/out" "$TMP/example.out"
ok "...as ncleaner does" cmp "$TMP/example.out" "$TMP/program.out"
grep_ok "...keeping its text" "^<p>The harbour was quiet" "$TMP/example.out"
ok "...and statically linked too" "$TMP/example-static" "$F/page.html"
cp "$TMP/out" "$TMP/example.out"
ok "...the same" cmp "$TMP/example.out" "$TMP/program.out"
ok "the example with options (--method perplexity: sentences)" \
	"$TMP/example" "$F/page.html" --method perplexity
cp "$TMP/out" "$TMP/example.out"
ok "...as ncleaner with them" cmp "$TMP/example.out" "$TMP/program-pieces.out"
ncleaner --scores "$F/page.html" | tail -n +2 > "$TMP/program-scores.out"
ok "...and reads every segment of the page" "$TMP/segments" "$F/page.html"
cp "$TMP/out" "$TMP/segments.out"
ok "...each field as ncleaner --scores writes it" cmp "$TMP/segments.out" "$TMP/program-scores.out"
ncleaner --scores --method perplexity "$F/page.html" | tail -n +2 > "$TMP/program-scores.out"
ok "...and the pieces of --method perplexity" "$TMP/segments" "$F/page.html" --method perplexity
cp "$TMP/out" "$TMP/segments.out"
ok "...continuing their segments as ncleaner writes them" cmp "$TMP/segments.out" \
	"$TMP/program-scores.out"
grep_ok "...some of which continue" '	+' "$TMP/segments.out"
fails 2 "an option the library does not take" "$TMP/example" "$F/page.html" --jobs 2
grep_ok "...is an error naming it" "unknown option '--jobs'" "$TMP/err"
fails 2 "a missing model" "$TMP/example" "$F/page.html" -m "$TMP/no.model"
grep_ok "...is an error naming the file" "no.model" "$TMP/err"
fails 2 "an option of another method" "$TMP/example" "$F/page.html" --max-kl 2
grep_ok "...is refused as the program refuses it" "does not apply" "$TMP/err"

# A batch: three pages of one site (tests/t5960/site), as ncleaner -o DIR
# cleans them (site repetition, on by default for several inputs).
site=$FIXTURES/t5960/site
ok "a batch program builds against the installed files" sh -c "$cc -Wall -Wextra -Werror \
	-o '$TMP/batch' '$FIXTURES/t5970/batch.c' \$(pkg-config --cflags --libs ncleaner)"
ncleaner -o "$TMP/program-batch" "$site"/*.html 2> /dev/null
mkdir "$TMP/library-batch"
ok "...and cleans the pages as a batch" "$TMP/batch" "$TMP/library-batch" "$site"/*.html
ok "...writing what ncleaner -o writes for them" diff -r "$TMP/library-batch" "$TMP/program-batch"
grep_fails "...which dropped the line on every page of the site" "harbour museum" \
	"$TMP/library-batch/ferry.txt"
rm -rf "$TMP/program-batch" "$TMP/library-batch"
ncleaner --no-site-repetition --scores -o "$TMP/program-batch" "$site"/*.html 2> /dev/null
mkdir "$TMP/library-batch"
ok "a batch with options (--no-site-repetition --scores)" "$TMP/batch" "$TMP/library-batch" \
	"$site"/*.html -- --no-site-repetition --scores
ok "...as ncleaner with them" diff -r "$TMP/library-batch" "$TMP/program-batch"

# Python: the binding installed beside the library.
pythondir=$(make_var pythondir)
python=$(make_var PYTHON)
if [ -z "$pythondir" ] || [ "$python" = : ] || [ ! -f "$dest$pythondir/ncleaner/__init__.py" ]; then
	skip "no Python found by configure: the binding is not installed"
elif [ -n "$sanitize" ]; then
	skip "the library is built with sanitizers ($sanitize), which python3 cannot load"
else
	cat > "$TMP/use.py" <<'EOF'
import sys
import ncleaner
page = open(sys.argv[1], "rb").read()
with ncleaner.Cleaner() as cleaner:
    segments = cleaner.clean(page)
    for s in segments:
        if s.kept:
            print("<%s>%s" % (s.type, s.text))
    assert all(isinstance(s.cost_clean, float) for s in segments)
    sys.stderr.write(cleaner.format(page))
try:
    ncleaner.Cleaner("--model", sys.argv[2])
except ncleaner.Error as e:
    print("error %d: %s" % (e.code, e), file=sys.stderr)
with ncleaner.Cleaner("-f", "jsonl", "--no-lm") as cleaner:
    print(cleaner.format("<p>A page given as a string, long enough to be kept.</p>",
                         url="http://example.org/s"), file=sys.stderr)
print(ncleaner.version(), file=sys.stderr)
EOF
	set +e
	PYTHONPATH=$dest$pythondir NCLEANER_LIBRARY=$libdir/$soname \
		"$python" "$TMP/use.py" "$F/page.html" "$TMP/no.model" > "$TMP/py.out" 2> "$TMP/py.err"
	status=$?
	set -e
	is "$status" 0 "import ncleaner (installed) cleans a page"
	sed 's/^/# /' "$TMP/py.err" | grep Traceback -A 10 || true
	ok "...keeping what ncleaner keeps" cmp "$TMP/py.out" "$TMP/program.out"
	ncleaner "$F/page.html" > "$TMP/program-full.out"
	head -n "$(wc -l < "$TMP/program-full.out")" "$TMP/py.err" > "$TMP/py-format.out"
	ok "...format() writes what ncleaner writes" cmp "$TMP/py-format.out" "$TMP/program-full.out"
	grep_ok "...a bad option raises ncleaner.Error with its code and message" \
		"^error 1: .*no.model" "$TMP/py.err"
	grep_ok "...a page as str, in JSON lines" '"url":"http://example.org/s"' "$TMP/py.err"
	grep_ok "...and the version" "^$(make_var PACKAGE_VERSION)$" "$TMP/py.err"

	# Misuse (issue 36): ncleaner.Error with ERR_USAGE, never a string cut
	# at a NUL, a page made of an int, or another exception.
	cat > "$TMP/misuse.py" <<'EOF'
import sys
import ncleaner
page = open(sys.argv[1], "rb").read()

def refused(title, call):
    try:
        call()
    except ncleaner.Error as e:
        print("refused %s: %s" % (title, "ERR_USAGE" if e.code == ncleaner.ERR_USAGE else e.code))
    except Exception as e:
        print("WRONG %s: %s %s" % (title, type(e).__name__, e))
    else:
        print("WRONG %s: accepted" % title)

refused("a NUL in an option", lambda: ncleaner.Cleaner("--bias", "5\0junk"))
refused("an option that is no string", lambda: ncleaner.Cleaner("--bias", 5))
refused("a lone surrogate in an option", lambda: ncleaner.Cleaner("--model", "x\udc80"))
with ncleaner.Cleaner("-f", "jsonl", "--no-lm") as cleaner:
    refused("a page that is an int", lambda: cleaner.clean(5))
    refused("a page that is None", lambda: cleaner.format(None))
    refused("a page with a lone surrogate", lambda: cleaner.clean("<p>x\udc80</p>"))
    refused("a NUL in the URL", lambda: cleaner.format(page, url="http://a\0b/"))
    refused("a lone surrogate in the URL", lambda: cleaner.format(page, url="http://a/\udc80"))
    refused("a URL that is an int", lambda: cleaner.clean(page, url=5))
    print("a URL as bytes:", '"url":"http://example.org/b"' in cleaner.format(page, url=b"http://example.org/b"))
    print("a page as bytearray:", cleaner.clean(bytearray(page)) == cleaner.clean(page))
    print("a page as memoryview:", cleaner.clean(memoryview(page)) == cleaner.clean(page))
    print("an empty URL:", cleaner.format(page, url="") == cleaner.format(page))
with ncleaner.Cleaner(b"--no-lm") as cleaner:
    print("an option as bytes:", len(cleaner.clean(page)) > 0)
EOF
	PYTHONPATH=$dest$pythondir NCLEANER_LIBRARY=$libdir/$soname \
		"$python" "$TMP/misuse.py" "$F/page.html" > "$TMP/misuse.out" 2>&1 || :
	cat > "$TMP/misuse.want" <<'EOF'
refused a NUL in an option: ERR_USAGE
refused an option that is no string: ERR_USAGE
refused a lone surrogate in an option: ERR_USAGE
refused a page that is an int: ERR_USAGE
refused a page that is None: ERR_USAGE
refused a page with a lone surrogate: ERR_USAGE
refused a NUL in the URL: ERR_USAGE
refused a lone surrogate in the URL: ERR_USAGE
refused a URL that is an int: ERR_USAGE
a URL as bytes: True
a page as bytearray: True
a page as memoryview: True
an empty URL: True
an option as bytes: True
EOF
	if cmp -s "$TMP/misuse.out" "$TMP/misuse.want"; then
		pass "...misuse raises ncleaner.Error (ERR_USAGE); bytes serve where str does"
	else
		fail "...misuse raises ncleaner.Error (ERR_USAGE); bytes serve where str does"
		diff "$TMP/misuse.want" "$TMP/misuse.out" | sed 's/^/# /'
	fi
fi
done_testing
