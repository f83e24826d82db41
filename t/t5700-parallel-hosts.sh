#!/bin/sh
# t5700-parallel-hosts: the README's recipe for several machines (GNU
# parallel sends each WARC file to a host over ssh, runs ncleaner there and
# returns the WET file), run word for word against two ssh "hosts" on this
# machine, gives byte for byte the files of a local run; rerun, it cleans
# only the archives whose output is missing. A third host in the hosts file
# is down: --filter-hosts leaves it out and no job fails for it. The
# second recipe, each host reading its archives from their source (curl
# URL | ncleaner -; file:// URLs here), returns what a local run of the
# same pipe writes. Also the streaming form (an archive on standard
# input, JSONL or WET on standard output).
#
# The hosts: two sshd on free loopback ports, each with a configuration, a
# host key and an authorized key made here, in $TMP. Each host logs in to a
# home of its own ($TMP/node1, $TMP/node2, not the directory the recipe runs
# in), so nothing reaches the outputs unless parallel sends and returns it.
# Their PATH is this test's (the build's programs first), and
# SOURCE_DATE_EPOCH fixes the WARC-Date of the WET records everywhere.
# Skips when sshd, ssh, ssh-keygen, GNU parallel or rsync is missing.
. "$(dirname "$0")/test-lib.sh"

for prog in ssh ssh-keygen; do
	command -v "$prog" > /dev/null 2>&1 || skip_all "$prog is not installed (Debian package openssh-client)"
done
SSHD=$(command -v sshd 2> /dev/null || echo /usr/sbin/sshd)
[ -x "$SSHD" ] || skip_all "sshd is not installed (Debian package openssh-server)"
command -v parallel > /dev/null 2>&1 || skip_all "GNU parallel is not installed (Debian package parallel)"
parallel --version 2> /dev/null | grep -q 'GNU parallel' ||
	skip_all "parallel is not GNU parallel (Debian package parallel, not moreutils)"
command -v rsync > /dev/null 2>&1 || skip_all "rsync is not installed (Debian package rsync; parallel transfers files with it)"
case $TMP in
*[!A-Za-z0-9/._-]*) skip_all "the temporary directory $TMP has characters the ssh configurations cannot take" ;;
esac
# sshd run by root needs its privilege separation directory.
if [ "$(id -u)" = 0 ] && [ ! -d /run/sshd ]; then
	mkdir -p /run/sshd 2> /dev/null && chmod 755 /run/sshd ||
		skip_all "cannot create /run/sshd, which sshd needs when run by root"
fi
export SOURCE_DATE_EPOCH=1700000000
ME=$(id -un)

# The sshd are stopped however the test ends.
stop_daemons_on_exit

# Keys: the client's (the only one the hosts accept) and the hosts'.
S=$TMP/ssh
mkdir -p "$S"
ssh-keygen -q -t ed25519 -N '' -C ncleaner-t5700 -f "$S/client_key" ||
	skip_all "ssh-keygen cannot make an ed25519 key"
ssh-keygen -q -t ed25519 -N '' -C ncleaner-t5700-host -f "$S/host_key"
cp "$S/client_key.pub" "$S/authorized_keys"

# The client's configuration: these keys and files only, no agent, no
# questions; the host aliases and their ports are added below.
cat > "$S/ssh_config" << EOF
Host *
	HostName 127.0.0.1
	User $ME
	IdentityFile $S/client_key
	IdentitiesOnly yes
	IdentityAgent none
	PasswordAuthentication no
	KbdInteractiveAuthentication no
	BatchMode yes
	StrictHostKeyChecking no
	UserKnownHostsFile $S/known_hosts
	GlobalKnownHostsFile /dev/null
	ControlMaster no
	ControlPath none
	ConnectTimeout 10
	LogLevel ERROR
EOF

# shell_quote WORD: WORD in single quotes, for sh.
shell_quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

# start_host NAME: an sshd for host NAME on a free port of 127.0.0.1, up and
# letting our key in, else the test fails. Sets $port.
start_host() {
	name=$1 home=$TMP/$1
	mkdir -p "$home"
	# What the host runs at login: sshd's own (the user's shell runs the
	# command), in the host's home, with this test's PATH.
	{
		echo '#!/bin/sh'
		echo "HOME=$(shell_quote "$home") PATH=$(shell_quote "$PATH") SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH"
		echo 'export HOME PATH SOURCE_DATE_EPOCH'
		echo 'cd "$HOME" || exit 1'
		echo 'exec "${SHELL:-/bin/sh}" -c "${SSH_ORIGINAL_COMMAND:-true}"'
	} > "$S/login-$name"
	chmod +x "$S/login-$name"
	cat > "$S/sshd_config-$name" << EOF
ListenAddress 127.0.0.1
HostKey $S/host_key
PidFile $S/sshd-$name.pid
AuthorizedKeysFile $S/authorized_keys
AuthenticationMethods publickey
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
AllowUsers $ME
StrictModes no
UsePAM no
ForceCommand $S/login-$name
X11Forwarding no
AllowAgentForwarding no
AllowTcpForwarding no
PermitTTY no
PrintMotd no
PrintLastLog no
EOF
	if ! "$SSHD" -t -f "$S/sshd_config-$name" > "$S/sshd-check" 2>&1; then
		skip_all "sshd does not run here: $(head -n 1 "$S/sshd-check")"
	fi
	# A free port (free_port); should another program take it first, sshd
	# exits and the next port is tried.
	tries=0
	while [ $tries -lt 20 ]; do
		tries=$((tries + 1))
		port=$(free_port)
		"$SSHD" -D -f "$S/sshd_config-$name" -p "$port" -E "$S/sshd-$name.log" \
			< /dev/null > /dev/null 2>&1 &
		pid=$!
		daemon_pids="$daemon_pids $pid"
		# Up when our key logs in to our host's home (a busy port would
		# answer with another sshd, which refuses the key); 30 s at most.
		deadline=$(($(date +%s) + 30))
		while kill -0 "$pid" 2> /dev/null && [ "$(date +%s)" -lt $deadline ]; do
			got=$(ssh -F "$S/ssh_config" -p "$port" "$name" 'pwd' 2> /dev/null) || got=
			[ "$got" = "$home" ] && return 0
			sleep 0.1
		done
		alive=0
		kill "$pid" 2> /dev/null && alive=1
		wait "$pid" 2> /dev/null || true
		if [ $alive = 1 ]; then
			fail "sshd of $name accepts our key within 30 s"
			sed 's/^/# /' "$S/sshd-$name.log" | tail -n 20
			return 1
		fi
	done
	fail "sshd of $name finds a free port in 20 tries"
	sed 's/^/# /' "$S/sshd-$name.log" | tail -n 20
	return 1
}

for name in node1 node2; do
	if start_host "$name"; then
		pass "sshd of $name is up on port $port"
		printf 'Host %s\n\tPort %s\n' "$name" "$port" >> "$S/ssh_config"
	else
		done_testing || exit 1
	fi
done
# node3 is down: a port of this machine where nothing listens.
port=$(free_port)
printf 'Host %s\n\tPort %s\n' node3 "$port" >> "$S/ssh_config"
export PARALLEL_SSH="ssh -F $S/ssh_config"
is "$(ssh -F "$S/ssh_config" node2 'command -v ncleaner')" "$(command -v ncleaner)" \
	"the hosts run the ncleaner of this build"

# The archives: the WARC fixtures under several names, each different.
M=$TMP/master
mkdir -p "$M/crawl"
G=$FIXTURES/t1500
cp "$G/good.warc.gz" "$M/crawl/CC-MAIN-00000.warc.gz"
cat "$G/good.warc.gz" "$G/good.warc.gz" > "$M/crawl/CC-MAIN-00001.warc.gz"
gzip -n -c "$G/good.warc" > "$M/crawl/CC-MAIN-00002.warc.gz"
cat "$G/good.warc.gz" "$G/good.warc.gz" "$G/good.warc.gz" > "$M/crawl/CC-MAIN-00003.warc.gz"
cat "$G/good.warc" "$G/good.warc" | gzip -n -c > "$M/crawl/CC-MAIN-00004.warc.gz"
printf 'node1\nnode2\nnode3\n' > "$M/hosts"
names="CC-MAIN-00000 CC-MAIN-00001 CC-MAIN-00002 CC-MAIN-00003 CC-MAIN-00004"

# The recipe, as README.md and ncleaner(1) give it.
cat > "$TMP/recipe" << 'EOF'
for f in crawl/*.warc.gz; do
  b=${f##*/}; [ -e "out/${b%.gz}.wet.gz" ] || echo "$f"
done |
parallel --sshloginfile hosts --filter-hosts --retries 3 -j 2 --joblog +jobs.log \
  --transferfile {} --return out/{/.}.wet.gz --cleanup \
  ncleaner -o out --format wet --gzip {}
EOF
# The second recipe: each host fetches its archives from their source.
cat > "$TMP/recipe-sources" << 'EOF'
while IFS= read -r url; do
  b=${url##*/}; [ -e "out/${b%.gz}.wet.gz" ] || echo "$url"
done < sources |
parallel --sshloginfile hosts --filter-hosts --retries 3 -j 2 --joblog +jobs.log \
  --return out/{/.}.wet.gz --cleanup \
  'mkdir -p out && curl -fsS {} | ncleaner --format wet --gzip - > out/{/.}.wet.gz.part &&
   mv out/{/.}.wet.gz.part out/{/.}.wet.gz'
EOF
cat "$TMP/recipe" "$TMP/recipe-sources" | while IFS= read -r line; do
	missing=
	grep -q -F -e "$line" "$SRC/README.md" || missing="$missing README.md"
	if command -v groff > /dev/null 2>&1; then
		groff -man -Tascii -P-cbou "$SRC/doc/ncleaner.1" 2> /dev/null |
			grep -q -F -e "$line" || missing="$missing ncleaner.1"
	fi
	echo "$missing"
done | tr ' ' '\n' | sort -u | tr -d '\n' > "$TMP/missing"
is "$(cat "$TMP/missing")" "" "README.md and ncleaner(1) give the recipes the test runs"

# The local run it must equal: the same ncleaner command, archive by archive.
for name in $names; do
	(cd "$M" && ncleaner -o "$TMP/local" --format wet --gzip "crawl/$name.warc.gz") 2> "$TMP/err" ||
		{ fail "a local run cleans $name"; sed 's/^/# /' "$TMP/err"; }
done

# run_parallel DIR RECIPE [fresh]: run RECIPE in DIR with the master's own
# home (parallel keeps files in ~/.parallel). --filter-hosts gives each host
# 10 seconds (parallel's fixed --timeout) to log in and run parallel there;
# on a loaded machine (the test's sshd share it) that can fail for a host
# that is up, and GNU parallel 20221122 (Debian 12) can even stop with its
# own "This should not happen" bug, "host check too many col0". Then no job
# ran, or the jobs ran on the other host only ("Removed node2 node3."), and
# the same command works later: so it is run again, up to three times, and
# the test says so (a diagnostic line). A run that already ran jobs is run
# again only when it is a fresh one (third argument): DIR's output and job
# log are removed first, so that what the test checks is one run's work.
run_parallel() {
	mkdir -p "$TMP/master-home"
	for try in 1 2 3; do
		status=0
		(cd "$1" && HOME="$TMP/master-home" sh "$2") > "$TMP/rp.out" 2> "$TMP/rp.err" ||
			status=$?
		if grep -q -e 'host check too many col0' -e 'Error: Cannot run any jobs' "$TMP/rp.err"; then
			why=$(grep -o -e 'host check too many col0' -e 'Removed [a-z0-9 ]*' "$TMP/rp.err" |
				head -n 1)
		elif [ "${3-}" = fresh ] && [ $try -lt 3 ] &&
			grep -q -e 'Removed .*node[12]' "$TMP/rp.err"; then
			why="a host that is up was left out: $(grep -o 'Removed [a-z0-9 ]*' "$TMP/rp.err")"
			rm -rf "$1/out" "$1/jobs.log" "$TMP/node1/out" "$TMP/node2/out"
		else
			break
		fi
		echo "try $try: --filter-hosts found no host up or left one out ($why); load: $(cut \
			-d ' ' -f 1-3 /proc/loadavg)" >> "$TMP/parallel-bug"
		sleep 5
	done
	cat "$TMP/rp.out"
	cat "$TMP/rp.err" >&2
	return $status
}
# runs_recipe TITLE: run the recipe in the master's directory.
runs_recipe() {
	ok "$1" run_parallel "$M" "$TMP/recipe" "${2-}"
	cp "$TMP/err" "$TMP/recipe.err"
}
same_as_local() {  # TITLE
	differ=
	for name in $names; do
		cmp -s "$M/out/$name.warc.wet.gz" "$TMP/local/$name.warc.wet.gz" || differ="$differ $name"
	done
	is "$differ" "" "$1"
}

runs_recipe "the recipe runs on two hosts" fresh
same_as_local "it returns every archive's WET file, byte for byte the local run's"
is "$(ls "$M/out" | wc -l | tr -d ' ')" 5 "and nothing else"
is "$(awk -F '\t' '!/^Seq/ { print $7 }' "$M/jobs.log" | sort -u | tr '\n' ' ')" "0 " \
	"every job exits 0"
is "$(awk -F '\t' '!/^Seq/ { print $2 }' "$M/jobs.log" | sort -u | tr '\n' ' ')" "node1 node2 " \
	"both hosts that are up ran jobs, the one that is down none (--filter-hosts)"
is "$(find "$TMP/node1" "$TMP/node2" -type f | wc -l | tr -d ' ')" 0 \
	"--cleanup leaves no archive and no output on the hosts"
zcat "$M/out/CC-MAIN-00003.warc.wet.gz" > "$TMP/wet" 2> /dev/null || true
is "$(grep -c '^WARC-Type: conversion' "$TMP/wet" || true)" \
	"$(($(zcat "$TMP/local/CC-MAIN-00000.warc.wet.gz" | grep -c '^WARC-Type: conversion') * 3))" \
	"an archive's pages are in one WET file"

# Resuming: the same command again cleans only what has no output.
rm "$M/out/CC-MAIN-00002.warc.wet.gz"
runs_recipe "the recipe runs again"
same_as_local "the missing WET file is back, the same"
is "$(awk -F '\t' '!/^Seq/ { n++ } END { print n + 0 }' "$M/jobs.log")" 6 \
	"only the archive without output ran again"
is "$(tail -n 1 "$M/jobs.log" | grep -c 'CC-MAIN-00002' || true)" 1 "...and it is that archive"

# The second recipe: the hosts read the archives from their source (here
# file:// URLs of this machine; http:// and https:// are the same to curl),
# nothing is copied to them. One source is missing: its job fails, returns
# nothing, and is tried on each host that is up (--retries).
if command -v curl > /dev/null 2>&1; then
	W=$TMP/master-sources
	mkdir -p "$W"
	printf 'node1\nnode2\nnode3\n' > "$W/hosts"
	for name in $names; do echo "file://$M/crawl/$name.warc.gz"; done > "$W/sources"
	echo "file://$M/crawl/CC-MAIN-99999.warc.gz" >> "$W/sources"
	fails 1 "the recipe reading from the sources runs (one source is missing: exit 1)" \
		run_parallel "$W" "$TMP/recipe-sources" fresh
	differ=
	for name in $names; do
		curl -fsS "file://$M/crawl/$name.warc.gz" | ncleaner --format wet --gzip - \
			> "$TMP/local-stream.wet.gz" 2> /dev/null
		cmp -s "$W/out/$name.warc.wet.gz" "$TMP/local-stream.wet.gz" || differ="$differ $name"
	done
	is "$differ" "" "...each archive's WET file is that of curl URL | ncleaner - here"
	is "$(ls "$W/out" | tr '\n' ' ')" "$(for n in $names; do printf '%s.warc.wet.gz ' "$n"; done)" \
		"...and the missing source returns nothing"
	# jobs.log has a job's last try only; each try leaves its empty .part
	tried=
	for host in node1 node2; do
		[ -e "$TMP/$host/out/CC-MAIN-99999.warc.wet.gz.part" ] && tried="$tried $host"
	done
	is "$tried" " node1 node2" "...its job was tried on each host that is up (--retries 3)"
	is "$(find "$TMP/node1" "$TMP/node2" -name '*.wet.gz' | wc -l | tr -d ' ')" 0 \
		"...--cleanup leaves no output on the hosts"
	rm "$W/out/CC-MAIN-00004.warc.wet.gz"
	lines=$(wc -l < "$W/jobs.log")
	fails 1 "run again, it fetches only what has no output (and the missing source)" \
		run_parallel "$W" "$TMP/recipe-sources"
	# (a job's line goes on over two: the command has a newline)
	is "$(tail -n +$((lines + 1)) "$W/jobs.log" | awk -F '\t' '$1 ~ /^[0-9]+$/ && /CC-MAIN-00004/' |
		wc -l | tr -d ' ')" 1 "...the archive without output once"
	ok "...whose WET file is back" test -s "$W/out/CC-MAIN-00004.warc.wet.gz"
else
	skip "curl is not installed (Debian package curl): the recipe reading from the sources"
fi

# The streaming form: an archive on standard input, the pages on standard
# output, as a mapper of a streaming framework runs it.
A=$M/crawl/CC-MAIN-00001.warc.gz
ok "JSONL on standard output" sh -c "zcat '$A' | ncleaner --stats '$TMP/stream.stats' --format jsonl -"
sed 's/"source":"[^"]*"//' "$TMP/out" > "$TMP/stream.jsonl"
without_text=$(sed -n 's/.*"pages_without_text":\([0-9]*\).*/\1/p' "$TMP/stream.stats")
ncleaner --format jsonl "$A" 2> /dev/null | sed 's/"source":"[^"]*"//' > "$TMP/file.jsonl"
ok "...the same pages as from the file (all but their source)" cmp "$TMP/stream.jsonl" "$TMP/file.jsonl"
is "$(( $(wc -l < "$TMP/stream.jsonl") + ${without_text:-0} ))" 22 \
	"...a line per page that has text, the others counted"
ok "gzip'd WET on standard output" sh -c "ncleaner --format wet --gzip - < '$A'"
zcat "$TMP/out" | grep -v '^WARC-Record-ID:' > "$TMP/stream.wet"
zcat "$TMP/local/CC-MAIN-00001.warc.wet.gz" | grep -v '^WARC-Record-ID:' > "$TMP/file.wet"
ok "...the same records as the file's WET (all but their ids)" cmp "$TMP/stream.wet" "$TMP/file.wet"

[ ! -s "$TMP/parallel-bug" ] || sed 's/^/# /' "$TMP/parallel-bug"
stop_daemons
done_testing
