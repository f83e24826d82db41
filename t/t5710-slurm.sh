#!/bin/sh
# t5710-slurm: the README's Slurm recipe (scripts/slurm/ncleaner-array.sbatch,
# an array job, one archive per task) on a one-node Slurm cluster started
# here gives byte for byte the files of a local run; a requeued array
# (scontrol requeue) cleans only the archive whose output is missing, the
# others' tasks exit at once (--skip-existing); the README's check lists
# the tasks without output, and resubmitting those restores it.
#
# The cluster: munged, slurmctld and slurmd run as root in the foreground
# (no systemd), with a munge key, a slurm.conf, state and logs made here, in
# $TMP, on free loopback ports; SLURM_CONF points the clients at it, so a
# cluster this machine may belong to is not touched. SOURCE_DATE_EPOCH
# (which sbatch passes on with the rest of the environment) fixes the
# WARC-Date of the warcinfo record that opens a WET file, and so its id:
# the only fields that differ between two runs. Skips, with the reason, when Slurm or munge is not installed (Debian
# packages slurm-wlm and munge), when not root (slurmd starts a job as its
# user), or when the daemons do not start here.
. "$(dirname "$0")/test-lib.sh"
end_by=$(($(date +%s) + 55))  # the jobs' deadline (job_ends)

[ "$(id -u)" = 0 ] || skip_all "not root: slurmd, which starts each job as its user, must run as root"
PATH=$PATH:/usr/sbin:/sbin
for prog in slurmctld slurmd sbatch squeue scontrol sinfo; do
	command -v "$prog" > /dev/null 2>&1 || skip_all "$prog is not installed (Debian package slurm-wlm)"
done
for prog in munged munge unmunge; do
	command -v "$prog" > /dev/null 2>&1 || skip_all "$prog is not installed (Debian package munge)"
done
# munge's socket path must fit a Unix socket's 108 bytes.
[ ${#TMP} -lt 80 ] || skip_all "the temporary directory $TMP is too long for munge's socket"
case $TMP in
*[!A-Za-z0-9/._-]*) skip_all "the temporary directory $TMP has characters slurm.conf cannot take" ;;
esac
# A Slurm job of its own (make check run by a Slurm job) passes SLURM_*
# variables, which would steer the clients: none is kept.
for var in $(env | sed -n 's/^\(SLURM_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$var"; done
export SOURCE_DATE_EPOCH=1700000000

# The daemons are stopped however the test ends, the jobs first.
C=$TMP/cluster
cluster_up=
# (once: scancel waits some 20 s for a controller that is gone)
cancel_jobs() {
	[ -z "$cluster_up" ] || scancel --quiet --user=root > /dev/null 2>&1 || true
	cluster_up=
}
stop_daemons_on_exit cancel_jobs

# last_lines FILE...: the end of the daemons' logs, for a skip's reason.
last_lines() { cat "$@" 2> /dev/null | grep -i -e error -e fatal | tail -n 1; }

# munge: a key of our own (mungekey, else dd), a daemon on a socket in $C.
mkdir -p "$C/munge" "$C/state" "$C/spool" "$C/log"
chmod 755 "$C/munge"
if command -v mungekey > /dev/null 2>&1; then
	mungekey -c -k "$C/munge/munge.key" 2> "$C/log/mungekey" ||
		skip_all "mungekey cannot make a key: $(head -n 1 "$C/log/mungekey")"
else
	dd if=/dev/urandom of="$C/munge/munge.key" bs=1024 count=1 2> /dev/null
fi
chmod 600 "$C/munge/munge.key"
SOCKET=$C/munge/munge.socket
munged -F -f --socket="$SOCKET" --key-file="$C/munge/munge.key" --pid-file="$C/munge/munged.pid" \
	--seed-file="$C/munge/seed" --log-file="$C/log/munged.log" < /dev/null > "$C/log/munged.out" 2>&1 &
daemon_pids=$!
deadline=$(($(date +%s) + 10))
until munge -n -S "$SOCKET" 2> /dev/null | unmunge -S "$SOCKET" > /dev/null 2>&1; do
	[ "$(date +%s)" -lt $deadline ] && kill -0 "$daemon_pids" 2> /dev/null ||
		skip_all "munged does not start here: $(tail -n 1 "$C/log/munged.out")"
	sleep 0.2
done

# Slurm: one node of this machine's processors, one partition. No
# cgroups (proctrack/linuxproc, task/none) and no accounting, which a
# container may not have; cred_expire and sched_interval short, so that a
# requeued job starts again in seconds, not minutes.
ctld_port=$(free_port)
slurmd_port=$(free_port "$ctld_port")
host=$(hostname -s 2> /dev/null || hostname)
cat > "$C/slurm.conf" << EOF
ClusterName=ncleanert5710
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCKET,cred_expire=5
StateSaveLocation=$C/state
SlurmdSpoolDir=$C/spool
SlurmctldPidFile=$C/slurmctld.pid
SlurmdPidFile=$C/slurmd.pid
SlurmctldLogFile=$C/log/slurmctld.log
SlurmdLogFile=$C/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
MailProg=/bin/true
NodeName=t5710node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=t5710 Nodes=t5710node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$C/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" < /dev/null > "$C/log/slurmctld.out" 2>&1 &
daemon_pids="$daemon_pids $!"
slurmd -D -N t5710node -f "$SLURM_CONF" < /dev/null > "$C/log/slurmd.out" 2>&1 &
daemon_pids="$daemon_pids $!"
# Up when the node is idle (20 s at most).
deadline=$(($(date +%s) + 20))
until [ "$(sinfo -h -n t5710node -o %t 2> /dev/null)" = idle ]; do
	if [ "$(date +%s)" -ge $deadline ]; then
		skip_all "a one-node Slurm cluster does not start here: $(last_lines \
			"$C/log/slurmctld.out" "$C/log/slurmd.out")"
	fi
	for pid in $daemon_pids; do
		kill -0 "$pid" 2> /dev/null || skip_all "a Slurm daemon exits at once here: $(last_lines \
			"$C/log/slurmctld.out" "$C/log/slurmd.out")"
	done
	sleep 0.2
done
cluster_up=1
pass "a one-node Slurm cluster is up (slurm $(sinfo -V | cut -d ' ' -f 2))"

# The archives: the WARC fixtures under three names, each different.
M=$TMP/crawldir
mkdir -p "$M/crawl"
G=$FIXTURES/t1500
cp "$G/good.warc.gz" "$M/crawl/a.warc.gz"
cat "$G/good.warc.gz" "$G/good.warc.gz" > "$M/crawl/b.warc.gz"
gzip -n -c "$G/good.warc" > "$M/crawl/c.warc.gz"
cp "$SRC/scripts/slurm/ncleaner-array.sbatch" "$M/"

# The recipe, as README.md and ncleaner(1) give it; the test sets N and
# the cluster's -c (its node may have fewer processors than the script's
# default).
cat > "$TMP/recipe" << 'EOF'
ls crawl/*.warc.gz > archives
N=$(wc -l < archives)
sbatch --array=0-$((N - 1))%50 ncleaner-array.sbatch archives out
EOF
cat > "$TMP/recipe-missing" << 'EOF'
i=0; while IFS= read -r f; do
  b=${f##*/}; [ -e "out/${b%.*}.wet.gz" ] || echo $i; i=$((i + 1))
done < archives | paste -s -d , -
EOF
echo 'sbatch --array=$(sh missing.sh) ncleaner-array.sbatch archives out' > "$TMP/recipe-resubmit"
cat "$TMP/recipe" "$TMP/recipe-missing" "$TMP/recipe-resubmit" | while IFS= read -r line; do
	missing=
	grep -q -F -e "$line" "$SRC/README.md" || missing="$missing README.md"
	# ncleaner(1) gives the submission, the README the rest.
	if command -v groff > /dev/null 2>&1 && grep -q -F -e "$line" "$TMP/recipe"; then
		groff -man -Tascii -P-cbou "$SRC/doc/ncleaner.1" 2> /dev/null |
			grep -q -F -e "$line" || missing="$missing ncleaner.1"
	fi
	echo "$missing"
done | tr ' ' '\n' | sort -u | tr -d '\n' > "$TMP/missing"
is "$(cat "$TMP/missing")" "" "README.md and ncleaner(1) give the recipe the test runs"

# The local run it must equal: the same ncleaner command, archive by archive.
(cd "$M" && ls crawl/*.warc.gz) | while IFS= read -r f; do
	(cd "$M" && ncleaner -o "$TMP/local" --format wet --gzip "$f") 2> "$TMP/err" ||
		{ echo "not ok - a local run cleans $f"; sed 's/^/# /' "$TMP/err"; }
done > "$TMP/local.tap"
is "$(cat "$TMP/local.tap")" "" "a local run cleans the three archives"

# job_ends JOB WHAT: wait until JOB has no task left in the queue, 40 s at
# most, and no later than $end_by (55 s after the test began; it takes 16 s
# here); else fail and stop the test.
job_ends() {
	deadline=$(($(date +%s) + 40))
	[ $deadline -le $end_by ] || deadline=$end_by
	while squeue -h -j "$1" 2> /dev/null | grep -q .; do
		if [ "$(date +%s)" -ge $deadline ]; then
			fail "$2 ends in time (40 s, and the test within 55 s)"
			squeue -j "$1" | sed 's/^/# /'
			done_testing
			exit 1
		fi
		sleep 0.5
	done
}
# states JOB: each task's index, state and exit code, one a line, sorted.
states() {
	scontrol show job -o "$1" | tr ' ' '\n' |
		sed -n 's/^ArrayTaskId=//p; s/^JobState=//p; s/^ExitCode=//p' | paste -d ' ' - - - | sort
}
same_as_local() {  # TITLE
	differ=
	for f in a.warc.wet.gz b.warc.wet.gz c.warc.wet.gz; do
		cmp -s "$M/out/$f" "$TMP/local/$f" || differ="$differ $f"
	done
	is "$differ" "" "$1"
}

# The recipe, with -c 1 (sbatch's options before the script's win over its
# #SBATCH lines).
sed 's/^sbatch /sbatch --parsable -c 1 /' "$TMP/recipe" > "$TMP/recipe-run"
ok "the array job is submitted" sh -c "cd '$M' && sh '$TMP/recipe-run'"
job=$(tail -n 1 "$TMP/out")
job_ends "$job" "the array job"
is "$(states "$job")" "0 COMPLETED 0:0
1 COMPLETED 0:0
2 COMPLETED 0:0" "its three tasks complete, exit 0"
same_as_local "each archive's WET file is byte for byte the local run's"
is "$(ls "$M/out" | tr '\n' ' ')" "a.warc.wet.gz b.warc.wet.gz c.warc.wet.gz " "...and nothing else is in out/"
grep_ok "a task's log names its archive and the workers it was given" \
	"^task 1 on .*: crawl/b.warc.gz (-j 1)$" "$M/ncleaner-${job}_1.out"
is "$(cd "$M" && sh "$TMP/recipe-missing")" "" "the check lists no task without output"

# Requeued: the tasks whose output exists exit at once, the one whose
# output is missing cleans its archive again.
rm "$M/out/b.warc.wet.gz"
touch -d @1600000000 "$M/out/a.warc.wet.gz" "$M/out/c.warc.wet.gz"
is "$(cd "$M" && sh "$TMP/recipe-missing")" "1" "the check lists the task whose output is missing"
ok "scontrol requeue (the whole array)" scontrol requeue "$job"
job_ends "$job" "the requeued array job"
is "$(states "$job")" "0 COMPLETED 0:0
1 COMPLETED 0:0
2 COMPLETED 0:0" "requeued, its three tasks complete, exit 0"
same_as_local "the missing WET file is back, the same"
is "$(find "$M/out" -type f -newermt @1600000001 | sed 's|.*/||')" "b.warc.wet.gz" \
	"...and the others were not written again"
grep_ok "...their tasks say so (--skip-existing)" "nothing to do" "$M/ncleaner-${job}_2.out"

# Resubmitting the tasks that the check lists.
rm "$M/out/c.warc.wet.gz"
cp "$TMP/recipe-missing" "$M/missing.sh"
ok "the tasks without output resubmitted (sbatch --array=\$(sh missing.sh))" sh -c "cd '$M' &&
	sbatch --parsable -c 1 --array=\$(sh missing.sh) ncleaner-array.sbatch archives out"
job2=$(tail -n 1 "$TMP/out")
job_ends "$job2" "the resubmitted job"
is "$(states "$job2")" "2 COMPLETED 0:0" "...one task, the archive's whose output was missing"
same_as_local "...which is back, the same"

# A slice of a long list: task 0 with ARRAY_OFFSET=1 cleans the second
# archive.
rm "$M/out/b.warc.wet.gz"
ok "a slice submitted (--export=ALL,ARRAY_OFFSET=1)" sh -c "cd '$M' &&
	sbatch --parsable -c 1 --array=0 --export=ALL,ARRAY_OFFSET=1 ncleaner-array.sbatch archives out"
job4=$(tail -n 1 "$TMP/out")
job_ends "$job4" "the slice"
same_as_local "...its task 0 cleans the list's second archive, the same"

# Misuse: a task beyond the list says so in its log and fails.
ok "a task beyond the list is submitted" sh -c "cd '$M' &&
	sbatch --parsable -c 1 --array=5 ncleaner-array.sbatch archives out"
job3=$(tail -n 1 "$TMP/out")
job_ends "$job3" "the job beyond the list"
is "$(states "$job3")" "5 FAILED 2:0" "...it fails with exit 2"
grep_ok "...and says why" "archives has no line 6" "$M/ncleaner-${job3}_5.out"

cancel_jobs
stop_daemons
done_testing
