#!/usr/bin/env bats
# examples/pipelines/sharded.sh with its shards run through real ssh
# logins: a private sshd (Debian's openssh-server) started here with its
# own host key, config and free port on 127.0.0.1, key-only login for this
# user, and GNU parallel's --sshlogin to it (PARALLEL_SSH: ssh with its
# own config, the host key known, batch mode). Both ways of moving data:
# a shared folder (the same paths there) and send-and-return (rsync into
# a folder of the login's, shards returned). The data's path holds a blank
# and a quote, the remote PATH lacks rankkit's bin/ until the job puts it
# there. On the shared folder, a run keeps its folder (-o), leaves out a
# host that does not answer, runs a job that fails once again (-r), and
# refuses to merge a query shard lost or a gallery shard of another run
# (made while the last shard waits at a gate, a named pipe: no sleeps); a
# rerun resumes. Skips with the reason when sshd, ssh or rsync is missing
# or sshd does not start (CI installs them: there, that is a failure).
load helper
load daemon

setup_file() {
	export DAEMON_DIR="$BATS_FILE_TMPDIR"
	local d=$DAEMON_DIR c port
	for c in /usr/sbin/sshd ssh ssh-keygen rsync parallel; do
		command -v $c >/dev/null 2>&1 || {
			daemon_cannot "needs openssh-server, openssh-client, rsync and GNU parallel: no $c"
			return 0
		}
	done
	# Debian's sshd wants its privilege separation folder
	[ -d /run/sshd ] || mkdir -p /run/sshd 2>/dev/null ||
		{ daemon_cannot "sshd needs /run/sshd, which this user cannot make"; return 0; }
	ssh-keygen -q -t ed25519 -N '' -f "$d/host_key"
	# the sessions' home: a folder of the test's, so that a login runs no
	# dotfile of this machine's user (bash, run by sshd, reads ~/.bashrc
	# even for a command: pyenv's init there cost 60 processes a login,
	# 25 CPU s of this file)
	mkdir -p "$d/home"
	ssh-keygen -q -t ed25519 -N '' -f "$d/id"
	cp "$d/id.pub" "$d/authorized_keys"
	port=$(free_port)
	echo "$port" >"$d/port"
	cat >"$d/sshd_config" <<-EOF
	Port $port
	ListenAddress 127.0.0.1
	HostKey $d/host_key
	PidFile $d/sshd.pid
	AuthorizedKeysFile $d/authorized_keys
	AuthenticationMethods publickey
	PubkeyAuthentication yes
	PasswordAuthentication no
	KbdInteractiveAuthentication no
	PermitRootLogin prohibit-password
	AllowUsers $(id -un)
	StrictModes no
	UsePAM no
	PermitUserEnvironment no
	SetEnv HOME=$d/home
	EOF
	echo "[127.0.0.1]:$port $(cat "$d/host_key.pub")" >"$d/known_hosts"
	# rkdead: a host that does not answer (nothing listens on its port;
	# ssh takes the first value it reads for each option)
	cat >"$d/ssh_config" <<-EOF
	Host rkdead
	  Port $(free_port)
	Host rkhost rkdead
	  HostName 127.0.0.1
	  Port $port
	  User $(id -un)
	  IdentityFile $d/id
	  IdentitiesOnly yes
	  UserKnownHostsFile $d/known_hosts
	  StrictHostKeyChecking yes
	  BatchMode yes
	  PasswordAuthentication no
	  # one connection shared by a job's steps (mkdir, rsync, run,
	  # return, clean up): 0.85 s a login here, each
	  ControlMaster auto
	  ControlPath $d/cm-%C
	  ControlPersist 2
	EOF
	/usr/sbin/sshd -D -e -f "$d/sshd_config" >"$d/sshd.log" 2>&1 3>&- &
	keep_pid $!
	wait_for 20 ssh -F "$d/ssh_config" rkhost true ||
		daemon_cannot "the private sshd does not let us in: $(tail -n 3 "$d/sshd.log" | tr '\n' ' ')"
}

teardown() {
	# a test that failed part way: its jobs waiting at the gate let go
	[ ! -p "$BATS_TEST_TMPDIR/gate" ] || : <>"$BATS_TEST_TMPDIR/gate"
}

teardown_file() {
	# the shared connection (ControlPersist) goes before its server
	ssh -F "$DAEMON_DIR/ssh_config" -O exit rkhost >/dev/null 2>&1 || true
	stop_daemons
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	need_daemons
	export PARALLEL_SSH="ssh -F $DAEMON_DIR/ssh_config"
	# parallel's own files (~/.parallel) here, not in the user's home
	export HOME="$BATS_TEST_TMPDIR/home"
	mkdir -p "$HOME/.parallel"
	touch "$HOME/.parallel/will-cite"
	d="data it's"
	synthemb -o "$d" -n 200 crossmodal
	rankof -e -m cos --query-labels "$d/img.labels" --item-labels "$d/cap.labels" \
	    "$d/img.npy" "$d/cap.npy" | hitrate -k 1,5,10 -m hit > want
	printf 'query shards (3): same\ngallery shards (3): same\n' >> want
	ex="$BATS_TEST_DIRNAME/../examples/pipelines/sharded.sh"
}

@test "ssh: the private sshd takes this key and no password, and its login's PATH has no rankof" {
	run ssh -F "$DAEMON_DIR/ssh_config" rkhost 'echo "$PATH"; command -v rankof || echo none'
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = none ]
	# another key is refused
	ssh-keygen -q -t ed25519 -N '' -f other
	run ssh -F /dev/null -p "$(cat "$DAEMON_DIR/port")" -i other -o IdentitiesOnly=yes \
	    -o UserKnownHostsFile="$DAEMON_DIR/known_hosts" -o BatchMode=yes "$(id -un)@127.0.0.1" true
	[ "$status" -eq 255 ]
	[[ "$output" == *"Permission denied (publickey)"* ]]
	# the same with the key of the config: let in
	run ssh -F /dev/null -p "$(cat "$DAEMON_DIR/port")" -i "$DAEMON_DIR/id" -o IdentitiesOnly=yes \
	    -o UserKnownHostsFile="$DAEMON_DIR/known_hosts" -o BatchMode=yes "$(id -un)@127.0.0.1" true
	[ "$status" -eq 0 ]
}

@test "ssh: sharded.sh over ssh, inputs sent and shards returned, gives the single run's measures and stream" {
	run --separate-stderr timeout 300 sh "$ex" -S 2/rkhost -t -w "$BATS_TEST_TMPDIR/remote-work" "$d" 2
	[ "$status" -eq 0 ]
	[ "$output" = "$(sed 's/(3)/(2)/' want)" ]
	# the jobs read ./img.npy ... in their folders under remote-work,
	# where only rsync put them, and cleaned up: no input nor shard left
	[ -z "$(find . -path './remote-work/*' -type f)" ]
}

@test "ssh: sharded.sh over ssh on a shared folder gives the single run's measures and stream; a dead host left out, a failed job retried, a shard lost or of another run refused, a rerun resumes" {
	# the remote PATH's rankof (-b) fails its first call for query shard
	# 1, as a host that loses its scratch disk would, and the last shard
	# of each kind waits until the named pipe ./gate has a writer (the
	# test holds it open: exec 5<>gate); then it is rankof
	mkdir flaky
	cat >flaky/rankof <<-EOF
	#!/bin/sh
	case " \$* " in
	*" --shard 1/3 "*)
		[ -e "$PWD/failed" ] || { : >"$PWD/failed"; echo "rankof: scratch disk lost" >&2; exit 3; } ;;
	*" --shard 2/3 "* | *" --items 666:1000 "*)
		: <"$PWD/gate" ;;
	esac
	exec "$RK_BIN/rankof" "\$@"
	EOF
	chmod +x flaky/rankof
	mkfifo gate
	# over ssh: query shard 1 deleted once complete, while shard 2 waits
	timeout 300 sh "$ex" -S 1/rkdead,2/rkhost -b "$PWD/flaky" -r 1 -o out "$d" 3 \
	    >out.txt 2>err.txt 3>&- &
	wait_for 60 eval '[ -e out/q.0 ] && [ -e out/q.1 ]'
	rm out/q.1
	exec 5<>gate
	status=0
	wait $! || status=$?
	exec 5>&-
	[ "$status" -eq 1 ]
	[ "$(cat out.txt)" = "$(sed '/shards/d' want)" ]
	[[ "$(cat err.txt)" == "sharded.sh: left out 1/rkdead: it does not answer (ssh: connect to host 127.0.0.1 port "*": Connection refused)"* ]]
	[ "$(tail -n 1 err.txt)" = "rankof: --merge: part 1/3 is missing (2 of 3 query shards given)" ]
	# the job failed once and ran again: its last try is in the job log
	[ -e failed ]
	[ "$(awk -F '\t' 'NR > 1 { print $1, $2, $7 }' out/joblog.q | sort | tr '\n' ' ')" = \
	  "1 rkhost 0 2 rkhost 0 3 rkhost 0 " ]
	# a rerun here (no ssh logins: CI's time; what is kept and merged
	# does not depend on where the jobs ran) runs the lost query shard
	# alone; while gallery shard 2 waits, gallery shard 1 is replaced by
	# the same rows ranked with another metric
	timeout 300 sh "$ex" -b "$PWD/flaky" -o out "$d" 3 >out.txt 2>err.txt 3>&- &
	wait_for 60 eval '[ -e out/g.0 ] && [ -e out/g.1 ]'
	rankof --items 333:666 -e -m dot --query-labels "$d/img.labels" --item-labels "$d/cap.labels" \
	    "$d/img.npy" "$d/cap.npy" > out/g.1
	exec 5<>gate
	status=0
	wait $! || status=$?
	exec 5>&-
	[ "$status" -eq 1 ]
	[ "$(cat out.txt)" = "$(sed '/gallery shards/d' want)" ]
	cos=$(rankof --fingerprint -e -m cos --query-labels "$d/img.labels" --item-labels "$d/cap.labels" "$d/img.npy" "$d/cap.npy")
	dot=$(rankof --fingerprint -e -m dot --query-labels "$d/img.labels" --item-labels "$d/cap.labels" "$d/img.npy" "$d/cap.npy")
	[ "$(cat err.txt)" = "sharded.sh: query shards: 2 of 3 kept, run: 1
sharded.sh: gallery shards: 0 of 3 kept, run: 0 1 2
rankof: $PWD/out/g.1: fingerprint $dot where $PWD/out/g.0 has $cos: a shard of another run (another query file, gallery, relevance or option)" ]
	# a rerun (rankof itself) runs the shard of the other run alone; the
	# folder keeps the shards and the streams, one process's bytes
	run --separate-stderr timeout 300 sh "$ex" -o out "$d" 3
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat want)" ]
	[ "$stderr" = "sharded.sh: query shards: 3 of 3 kept, run: none
sharded.sh: gallery shards: 2 of 3 kept, run: 1" ]
	rankof -e -m cos --query-labels "$d/img.labels" --item-labels "$d/cap.labels" \
	    "$d/img.npy" "$d/cap.npy" > one
	cmp out/query.ranks one
	cmp out/gallery.ranks one
}

@test "ssh: a job whose remote PATH has no rankof fails the run" {
	run -127 --separate-stderr timeout 300 sh "$ex" -S 2/rkhost -b /nonexistent "$d" 3
	[[ "$stderr" == *"rankof"*"not found"* ]]
	[ "${lines[3]:-}" != "query shards (3): same" ]
}
