#!/bin/sh
# t5975-python: the Python binding as a trafilatura user gets it (issue 35).
# 1. configure takes /usr/bin/python3 before a pyenv shim first in PATH,
#    and PYTHON= still chooses.
# 2. make install: `import ncleaner` gives extract() with keyword arguments
#    (every output format, None for a page without text, language,
#    article, precision, renderer, options by name, trafilatura's names),
#    a Cleaner built from keywords beside the older strings, cleaners on a
#    Share (two threads, a mismatch refused), ncleaner.Error,
#    no copy of the C structs' layout, a pydoc page, and the README's
#    example, which runs.
# 3. pip install --no-build-isolation --no-index from a copy of the source
#    tree: once finding the installed library (pkg-config), once building
#    its own (NCLEANER_BUILD=1), each importable from anywhere. Skipped with
#    the reason when pip, setuptools or wheel is missing (Debian:
#    python3-pip python3-setuptools python3-wheel).
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000

[ -f "$BUILD/Makefile" ] || skip_all "no Makefile in $BUILD (run through make check)"
python=$(make_var PYTHON)
[ "$python" != : ] && [ -n "$python" ] || skip_all "configure found no Python"
# The library's soname: its number is ncleaner.h's NCLEANER_API_VERSION.
soname=libncleaner.so.$(sed -n 's/^#define NCLEANER_API_VERSION \([0-9]*\)$/\1/p' "$SRC/src/ncleaner.h")

# --- 1. configure's Python ------------------------------------------------------
if [ ! -x /usr/bin/python3 ]; then
	skip "no /usr/bin/python3 to prefer"
elif [ -f "$SRC/config.status" ]; then
	skip "the source tree is configured in place: configure elsewhere would refuse"
else
	mkdir -p "$TMP/shims" "$TMP/cfg" "$TMP/cfg-given"
	for name in python3 python; do   # as pyenv's: exec the real one
		printf '#!/bin/sh\nexec /usr/bin/python3 "$@"\n' > "$TMP/shims/$name"
		chmod +x "$TMP/shims/$name"
	done
	(cd "$TMP/cfg" && env -u PYTHON PATH="$TMP/shims:$PATH" "$SRC/configure" -q) \
		> "$TMP/cfg.log" 2>&1 || sed 's/^/# /' "$TMP/cfg.log" | tail -n 5
	is "$(sed -n 's/^PYTHON = //p' "$TMP/cfg/Makefile" 2> /dev/null)" /usr/bin/python3 \
		"configure takes /usr/bin/python3, not a shim first in PATH"
	(cd "$TMP/cfg-given" && PATH="$TMP/shims:$PATH" "$SRC/configure" -q \
		PYTHON="$TMP/shims/python3") > "$TMP/cfg.log" 2>&1 || sed 's/^/# /' "$TMP/cfg.log" | tail -n 5
	is "$(sed -n 's/^PYTHON = //p' "$TMP/cfg-given/Makefile" 2> /dev/null)" "$TMP/shims/python3" \
		"...and PYTHON= on its command line chooses another"
	rm -rf "$TMP/cfg" "$TMP/cfg-given"
fi

# --- 2. make install -------------------------------------------------------------
sanitize=$(make_var NC_LDFLAGS)
if [ -n "$sanitize" ]; then
	skip "the library is built with sanitizers ($sanitize), which $python cannot load"
	done_testing
	exit
fi
dest=$TMP/dest
make_install "$dest" || { done_testing; exit; }
libdir=$dest$(make_var libdir)
datadir=$dest$(make_var pkgdatadir)
site=$dest$(make_var pythondir)
ok "make install installs the package ncleaner" test -f "$site/ncleaner/__init__.py"

export NCLEANER_DATA_DIR="$datadir"
ncleaner -f text "$F/page.html" > "$TMP/program.txt"
printf '%s\n' "$(cat "$TMP/program.txt")" > "$TMP/program-stripped.txt"   # one newline at the end
printf '<html><body><ul><li><a href="/">Home</a></li></ul></body></html>' > "$TMP/menu.html"

# Each line of the script is a check: "ok TITLE" or "not ok TITLE: DETAIL".
cat > "$TMP/behaviour.py" <<'EOF'
import json, sys, threading
import ncleaner

page = open(sys.argv[1], "rb").read()
program_text = open(sys.argv[2], encoding="utf-8").read()
menu = open(sys.argv[3], "rb").read()

def check(title, got, want=True):
    if got == want:
        print("ok " + title)
    else:
        print("not ok %s: got %r, want %r" % (title, got, want))

def raises(title, code, call):
    try:
        call()
    except ncleaner.Error as e:
        check(title, e.code, code)
    except Exception as e:
        check(title, type(e).__name__, "ncleaner.Error")
    else:
        check(title, "no exception", "ncleaner.Error")

def library(*options):   # the library's output for a page, by the older form
    with ncleaner.Cleaner(*options) as cleaner:
        return cleaner.format(page)

text = ncleaner.extract(page)
check("extract(bytes) is the text ncleaner -f text writes, without the final newlines",
      text, program_text.rstrip("\n"))
check("extract(str) is the same", ncleaner.extract(page.decode("windows-1252")), text)
d = ncleaner.extract(page, url="http://example.org/given", output_format="dict")
check("output_format='dict': a dict", type(d).__name__, "dict")
check("...with the url given", d["url"], "http://example.org/given")
check("...the page's fields, as JSONL gives them",
      [k in d for k in ("title", "charset", "language", "method", "counts")], [True] * 5)
check("...its kept segments", [s["text"] for s in d["segments"]],
      [s.text for s in ncleaner.Cleaner().clean(page) if s.kept])
check("...and its text", d["text"], "\n".join(s["text"] for s in d["segments"]))
j = ncleaner.extract(page, url="http://example.org/given", output_format="json")
check("output_format='json': the same object as a JSON string", json.loads(j), d)
check("...one line, without a newline", "\n" in j, False)
for name in ("jsonl", "cleaneval", "wet", "text"):
    got = ncleaner.extract(page, output_format=name)
    want = library("-f", name)
    if name != "wet":   # a WET record's date is the time it was written
        check("output_format=%r: what the library writes in -f %s" % (name, name),
              got, want.rstrip("\n") if name == "text" else want)
    else:
        check("output_format='wet': a WET conversion record",
              got.startswith("WARC/1.0\r\nWARC-Type: conversion\r\n"), True)
check("a page of menus alone is None", ncleaner.extract(menu), None)
check("...an empty page too", ncleaner.extract(b""), None)
check("...in every format", [ncleaner.extract(menu, output_format=f) for f in ncleaner.OUTPUT_FORMATS],
      [None] * len(ncleaner.OUTPUT_FORMATS))
check("language='de': None for an English page", ncleaner.extract(page, language="de"), None)
check("language='en': its text", ncleaner.extract(page, language="en"), text)
check("language=['de', 'eng']: its text", ncleaner.extract(page, language=["de", "eng"]), text)
check("target_language= (trafilatura's name) is language=",
      ncleaner.extract(page, target_language="fr"), None)
check("article=True is --article", ncleaner.extract(page, article=True),
      library("--article", "-f", "text").rstrip("\n"))
check("precision=True is --precision", ncleaner.extract(menu + page, precision=True),
      ncleaner.Cleaner("--precision", "-f", "text").format(menu + page).rstrip("\n"))
check("recall=True is --recall", ncleaner.extract(menu + page, recall=True),
      ncleaner.Cleaner("--recall", "-f", "text").format(menu + page).rstrip("\n"))
check("favor_precision= (trafilatura's name) is precision=",
      ncleaner.extract(page, favor_precision=True), ncleaner.extract(page, precision=True))
check("renderer='builtin' is --renderer builtin",
      ncleaner.extract(page, renderer="builtin", output_format="dict")["method"]["renderer"],
      "builtin")
check("other options by name: method='perplexity'",
      ncleaner.extract(page, method="perplexity"), library("--method", "perplexity", "-f", "text").rstrip("\n"))
check("...a number: bias=3",
      ncleaner.extract(page, bias=3), library("--bias", "3", "-f", "text").rstrip("\n"))
check("...a flag: no_lm=True", ncleaner.extract(page, no_lm=True, output_format="dict")["method"],
      {"name": "heuristics"})

with ncleaner.Cleaner(method="perplexity", output_format="dict") as cleaner:
    check("Cleaner(keywords).extract() as extract()", cleaner.extract(page),
          ncleaner.extract(page, method="perplexity", output_format="dict"))
for name in ncleaner.OUTPUT_FORMATS:
    with ncleaner.Cleaner(output_format=name) as cleaner:
        check("Cleaner(output_format=%r).extract(): None for no text" % name,
              cleaner.extract(menu), None)
with ncleaner.Cleaner("--method", "perplexity", output_format="text") as cleaner:
    check("Cleaner(strings, keywords): both", cleaner.extract(page),
          ncleaner.extract(page, method="perplexity"))
with ncleaner.Cleaner("--method", "perplexity") as cleaner:
    segments = cleaner.clean(page)
    check("Cleaner(strings), the older form: segments, pieces of them continued",
          any(s.continues for s in segments) and all(isinstance(s.cost_clean, float) for s in segments), True)
    check("...format() in CLEANEVAL", cleaner.format(page).startswith("URL: "), True)

with ncleaner.Share(renderer="builtin") as share:
    shared = [ncleaner.Cleaner(renderer="builtin", output_format="dict", share=share)
              for _ in range(2)]
share_results = []
threads = [threading.Thread(target=lambda c=c: share_results.append(c.extract(page)))
           for c in shared]
for t in threads: t.start()
for t in threads: t.join()
check("Share: two threads' cleaners on one share clean as a cleaner alone", share_results,
      [ncleaner.extract(page, renderer="builtin", output_format="dict")] * 2)
for c in shared: c.close()
with ncleaner.Share() as share:
    raises("...a cleaner choosing another model: ERR_USAGE", ncleaner.ERR_USAGE,
           lambda: ncleaner.Cleaner(method="ncleaner", share=share))

raises("output_format='xml': ncleaner.Error, ERR_USAGE", ncleaner.ERR_USAGE,
       lambda: ncleaner.extract(page, output_format="xml"))
raises("language='zz': ERR_USAGE", ncleaner.ERR_USAGE, lambda: ncleaner.extract(page, language="zz"))
raises("an option the library does not take (jobs=2): ERR_USAGE", ncleaner.ERR_USAGE,
       lambda: ncleaner.extract(page, jobs=2))
raises("a missing model: ERR_IO", ncleaner.ERR_IO,
       lambda: ncleaner.extract(page, model="/nonexistent/x.model"))
raises("a page that is an int: ERR_USAGE", ncleaner.ERR_USAGE, lambda: ncleaner.extract(5))

for i in range(3):
    ncleaner.extract(page, renderer="builtin")
check("extract() keeps the cleaner it opened for the same options",
      sum(1 for key in ncleaner._kept.cleaners
          if ("renderer", "builtin") in key and ("output_format", "text") in key), 1)
for bias in range(12):
    ncleaner.extract(page, bias=bias, renderer="builtin")
check("...a few of them", len(ncleaner._kept.cleaners), ncleaner._KEPT_CLEANERS)
results = []
threads = [threading.Thread(target=lambda: results.append(ncleaner.extract(page))) for _ in range(3)]
for t in threads: t.start()
for t in threads: t.join()
check("extract() in three threads at once", results, [text] * 3)
check("the docstrings: extract, Cleaner, Cleaner.extract, Error",
      all(f.__doc__ for f in (ncleaner.extract, ncleaner.Cleaner, ncleaner.Cleaner.extract,
                               ncleaner.Error)), True)
EOF
# run_python TITLE ARGS...: the script's lines as checks; a traceback fails.
run_python() {
	t=$1; shift
	set +e
	"$@" > "$TMP/py.out" 2> "$TMP/py.err"
	status=$?
	set -e
	while IFS= read -r line; do
		case $line in
		"ok "*) pass "$t${line#ok }" ;;
		"not ok "*) fail "$t${line#not ok }" ;;
		esac
	done < "$TMP/py.out"
	if [ "$status" != 0 ]; then
		fail "${t}the script ran to its end (exit $status)"
		sed 's/^/# /' "$TMP/py.err" | tail -n 15
	fi
}
run_python "" env PYTHONPATH="$site" NCLEANER_LIBRARY="$libdir/$soname" \
	"$python" "$TMP/behaviour.py" "$F/page.html" "$TMP/program.txt" "$TMP/menu.html"

# Cleaner.clean_batch(): three pages of one site (tests/t5960/site), as
# ncleaner -o DIR cleans them (site repetition, on by default), in JSONL
# (whose fields are the Page's facts and metadata) and in CLEANEVAL.
site_pages=$FIXTURES/t5960/site
ncleaner -f jsonl -o "$TMP/program-jsonl" "$site_pages"/*.html 2> /dev/null
ncleaner -o "$TMP/program-cleaneval" "$site_pages"/*.html 2> /dev/null
cat > "$TMP/batch.py" <<'EOF'
import json, os, sys
import ncleaner

site, jsonl_dir, cleaneval_dir = sys.argv[1:4]
names = sorted(n[:-5] for n in os.listdir(site) if n.endswith(".html"))
pages = [open(os.path.join(site, n + ".html"), "rb").read() for n in names]

def check(title, got, want=True):
    if got == want:
        print("ok " + title)
    else:
        print("not ok %s: got %r, want %r" % (title, got, want))

def program(directory, name, extension):
    return open(os.path.join(directory, name + extension), encoding="utf-8").read()

with ncleaner.Cleaner("-f", "jsonl") as cleaner:
    result = cleaner.clean_batch(pages)
check("a Page per page, in order", [p.index for p in result], list(range(len(pages))))
check("...none failed", [p.error for p in result], [None] * len(pages))
objects = [json.loads(p.output) for p in result]
written = [json.loads(program(jsonl_dir, n, ".jsonl")) for n in names]
check("...each output a line of JSON", [p.output.count("\n") for p in result], [1] * len(pages))
check("...named as the library names a page (JSONL's source)",
      [o.pop("source") for o in objects], ["page %d" % (i + 1) for i in range(len(pages))])
for o in written:
    del o["source"]   # the file's path
check("...and otherwise what ncleaner -f jsonl -o DIR writes for the pages", objects, written)
check("...the metadata its \"metadata\"", [p.metadata for p in result],
      [o["metadata"] for o in objects])
check("...the facts its fields",
      [{k: p.facts[k] for k in ("title", "charset", "declared_charset", "language")}
       for p in result],
      [{k: o[k] for k in ("title", "charset", "declared_charset", "language")} for o in objects])
check("...and its counts",
      [{k: p.facts[k] for k in ("segments", "kept", "words", "kept_words")} for p in result],
      [o["counts"] for o in objects])
check("...its quality, to JSONL's 3 decimals",
      ["%.3f" % p.facts["quality"] for p in result], ["%.3f" % o["quality"] for o in objects])
check("...the page's size in bytes", [p.facts["bytes"] for p in result], [len(b) for b in pages])
check("...its kept segments JSONL's",
      [[s.text for s in p.segments if s.kept] for p in result],
      [[s["text"] for s in o["segments"]] for o in objects])
check("...the line found on every page of the site dropped from each",
      [any("harbour museum" in s.text for s in p.segments if s.kept) for p in result],
      [False] * len(pages))
with ncleaner.Cleaner() as cleaner:
    check("in CLEANEVAL, what ncleaner -o DIR writes",
          [p.output for p in cleaner.clean_batch(pages)],
          [program(cleaneval_dir, n, ".txt") for n in names])
    alone = [cleaner.clean(b) for b in pages]
    check("...whose segments are not clean()'s one page at a time (site repetition)",
          [p.segments for p in cleaner.clean_batch(pages)] != alone, True)
    with ncleaner.Cleaner(no_site_repetition=True) as each:
        check("--no-site-repetition: clean()'s", [p.segments for p in each.clean_batch(pages)],
              alone)
    urls = ["http://harbour.example/a", None, ""]
    check("urls: each page's own, given back",
          [p.url for p in cleaner.clean_batch(pages, urls=urls)],
          ["http://harbour.example/a", None, None])
    too_large = b"x" * ((64 << 20) + 1)
    result = cleaner.clean_batch([pages[0], too_large, pages[2]])
    check("a page that fails: its error, the others cleaned",
          [p.error is None for p in result], [True, False, True])
    check("...ncleaner.Error, ERR_LIMIT, naming the page",
          (result[1].error.code, "page 2" in str(result[1].error)), (ncleaner.ERR_LIMIT, True))
    check("...no output, no segments", (result[1].output, result[1].segments), (None, []))
    check("no pages: []", cleaner.clean_batch([]), [])
    # (a single string of URLs would otherwise be taken a character at a
    # time and refused for its count, which says nothing of the mistake)
    for title, call, says in (("as many URLs as pages, or ERR_USAGE",
                               lambda: cleaner.clean_batch(pages, urls=["http://a/"]),
                               "3 pages and 1 URLs"),
                              ("one URL as a string, not a list: ERR_USAGE",
                               lambda: cleaner.clean_batch(pages, urls="http://a/"),
                               "must be a list"),
                              ("a page that is an int: ERR_USAGE",
                               lambda: cleaner.clean_batch([5]), "bytes or str")):
        try:
            call()
            check(title, "no exception", "ncleaner.Error")
        except ncleaner.Error as e:
            check(title, (e.code, says in str(e)), (ncleaner.ERR_USAGE, True))
EOF
run_python "clean_batch: " env PYTHONPATH="$site" NCLEANER_LIBRARY="$libdir/$soname" \
	"$python" "$TMP/batch.py" "$site_pages" "$TMP/program-jsonl" "$TMP/program-cleaneval"

grep_fails "the binding copies no C struct (ctypes.Structure) or error size" \
	'Structure\|1024' "$site/ncleaner/__init__.py"
env PYTHONPATH="$site" NCLEANER_LIBRARY="$libdir/$soname" "$python" -m pydoc ncleaner \
	> "$TMP/pydoc.out" 2>&1 || true
grep_ok "pydoc ncleaner documents extract()" "extract(page, url=None, output_format=" "$TMP/pydoc.out"

# The README's Python example, run in a directory with a page.html.
awk '/^<!-- example.py -->$/ { on = 1; next } on && /^```python$/ { code = 1; next }
	code && /^```$/ { exit } code { print }' "$SRC/README.md" > "$TMP/readme-example.py"
grep_ok "the README's Python example calls extract()" "ncleaner.extract(" "$TMP/readme-example.py"
grep_fails "...with the default method (no --method)" "method" "$TMP/readme-example.py"
mkdir "$TMP/example" && cp "$F/page.html" "$TMP/example/page.html"
ok "...and runs" sh -c "cd '$TMP/example' && PYTHONPATH='$site' \
	NCLEANER_LIBRARY='$libdir/$soname' '$python' '$TMP/readme-example.py'"
grep_ok "...printing the page's text" "^The harbour was quiet" "$TMP/out"
grep_fails "...and not its menu" "Home" "$TMP/out"

# --- 3. pip install . ----------------------------------------------------------------
if ! { "$python" -c 'import setuptools, wheel' && "$python" -m pip --version; } > /dev/null 2>&1; then
	skip "pip install: $python lacks pip, setuptools or wheel (Debian: python3-pip python3-setuptools python3-wheel)"
	done_testing
	exit
fi
# A copy of the sources, without builds, git or node's packages: pip builds
# in the tree it is given, and the test leaves the source tree as it was.
mkdir "$TMP/src"
(cd "$SRC" && tar --exclude='./_*' --exclude=./.git --exclude=./build --exclude='*.egg-info' \
	--exclude=node_modules --exclude=./autom4te.cache -cf - .) | (cd "$TMP/src" && tar -xf -)
export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
pip_install="$python -m pip install -q --no-build-isolation --no-index --target"

# Finding the library that make install put in $dest (pkg-config).
ok "pip install . finds the installed libncleaner (pkg-config)" env -u NCLEANER_LIBRARY \
	PKG_CONFIG_PATH="$libdir/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest" $pip_install "$TMP/site-found" "$TMP/src"
cat > "$TMP/which.py" <<'EOF'
import sys
import ncleaner
print(ncleaner._lib._name)
sys.stdout.write(ncleaner.extract(open(sys.argv[1], "rb").read()) + "\n")
EOF
(cd / && env -u NCLEANER_LIBRARY -u LD_LIBRARY_PATH PYTHONPATH="$TMP/site-found" \
	"$python" "$TMP/which.py" "$F/page.html") > "$TMP/found.out" 2>&1 || true
is "$(head -n 1 "$TMP/found.out")" "$libdir/$soname" "...and import ncleaner loads it"
tail -n +2 "$TMP/found.out" > "$TMP/found.txt"
ok "...and cleans as ncleaner does" cmp "$TMP/found.txt" "$TMP/program-stripped.txt"

# Building its own, with the rules and models inside the package.
if env -u NCLEANER_LIBRARY NCLEANER_BUILD=1 $pip_install "$TMP/site-built" "$TMP/src" > "$TMP/pip.out" 2>&1; then
	pass "pip install . builds libncleaner when asked (NCLEANER_BUILD=1)"
else
	fail "pip install . builds libncleaner when asked (NCLEANER_BUILD=1)"
	sed 's/^/# /' "$TMP/pip.out" | tail -n 20
fi
ok "...into the package" test -f "$TMP/site-built/ncleaner/$soname"
ok "...with its rules and models" test -f "$TMP/site-built/ncleaner/data/models/logistic.model"
(cd / && env -u NCLEANER_LIBRARY -u LD_LIBRARY_PATH -u NCLEANER_DATA_DIR \
	PYTHONPATH="$TMP/site-built" "$python" "$TMP/which.py" "$F/page.html") \
	> "$TMP/built.out" 2>&1 || true
is "$(head -n 1 "$TMP/built.out")" "$TMP/site-built/ncleaner/$soname" \
	"...and import ncleaner, from anywhere, loads that one"
tail -n +2 "$TMP/built.out" > "$TMP/built.txt"
ok "...and cleans as ncleaner does, with no data directory given" cmp "$TMP/built.txt" "$TMP/program-stripped.txt"
done_testing
