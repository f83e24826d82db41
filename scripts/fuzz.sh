#!/bin/sh
# fuzz.sh: build the libFuzzer harnesses and run each for a bounded time.
#
#   scripts/fuzz.sh SRC_DIR WORK_DIR NAME...
#
# Environment (set by `make fuzz`): FUZZ_CC, FUZZ_TIME (seconds per
# harness), FUZZ_CPPFLAGS, FUZZ_LIBS, LIB_SOURCES (the library's sources relative
# to SRC_DIR; headers are skipped). Each harness t/fuzz/fuzz-NAME.c is compiled together with the
# library sources, so the whole library is instrumented. The seed corpus
# tests/fuzz/NAME is read, never written; new inputs go to WORK_DIR/corpus/
# NAME and crashes to WORK_DIR/crashes/NAME (those of earlier runs are moved
# to WORK_DIR/crashes-old/NAME). Ends with one line per harness
# (runs, corpus size, crashes) and fails if any harness crashed.
set -eu

src=$1 work=$2
shift 2
cc=${FUZZ_CC:-clang}
time=${FUZZ_TIME:-60}

command -v "$cc" > /dev/null 2>&1 || {
	echo "fuzz: $cc not found: install the Debian packages clang and libclang-rt-14-dev (libFuzzer)" >&2
	exit 2; }

flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
mkdir -p "$work/bin"
summary=$work/summary
: > "$summary"
status=0
for name in "$@"; do
	bin=$work/bin/fuzz-$name
	sources=
	for f in $LIB_SOURCES; do
		case $f in
		*.c) sources="$sources $src/$f" ;;
		*.cc)   # the one C++ file (CLD2's shim), as configure builds it
			obj=$work/bin/$(basename "$f" .cc).o
			# shellcheck disable=SC2086
			"${FUZZ_CXX:-clang++}" $flags -fno-exceptions -fno-rtti -I"$src/src" -c \
				-o "$obj" "$src/$f"
			sources="$sources $obj" ;;
		esac
	done
	echo "fuzz: building $name" >&2
	# shellcheck disable=SC2086
	"$cc" $flags $FUZZ_CPPFLAGS -D_GNU_SOURCE -DNC_SOURCE_DIR="\"$src\"" \
		-DNC_PKGDATA_DIR="\"$src\"" -DNC_BUILD_SRC_DIR="\"$work\"" \
		-I"$src/src" -I"$src/t/fuzz" -o "$bin" \
		"$src/t/fuzz/fuzz-$name.c" $sources $FUZZ_LIBS -lm
	corpus=$work/corpus/$name crashes=$work/crashes/$name
	# Crashes of earlier runs are kept aside, so that only new ones count.
	if [ -d "$crashes" ] && [ -n "$(ls -A "$crashes")" ]; then
		mkdir -p "$work/crashes-old/$name"
		mv "$crashes"/* "$work/crashes-old/$name/"
	fi
	mkdir -p "$corpus" "$crashes"
	# The command-line test pages are seeds of the HTML harness too.
	extra_seeds=
	[ "$name" != html ] || extra_seeds=$src/tests/t5000
	echo "fuzz: running $name for $time s" >&2
	set +e
	(cd "$crashes" && "$bin" -max_total_time="$time" -rss_limit_mb=2048 -timeout=10 \
		-max_len=65536 -print_final_stats=1 "$corpus" "$src/tests/fuzz/$name" $extra_seeds \
		> "$work/$name.log" 2>&1)
	ret=$?
	set -e
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$name.log" | tail -n 1)
	found=$(ls "$crashes" | wc -l)
	printf '%s\t%s runs\t%s corpus inputs\t%s crashes\n' "$name" "${runs:-?}" \
		"$(ls "$corpus" | wc -l)" "$found" >> "$summary"
	if [ "$ret" -ne 0 ] || [ "$found" -ne 0 ]; then
		echo "fuzz: $name failed (exit $ret); see $work/$name.log and $crashes" >&2
		tail -n 30 "$work/$name.log" >&2
		status=1
	fi
done
cat "$summary"
exit $status
