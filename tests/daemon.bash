# Private daemons for the tests of examples run on real engines
# (slurm.bats, ssh.bats): free ports, waiting for readiness, and why a
# test skips. Each file starts its daemons in setup_file, writes their pids
# to $DAEMON_DIR/pids, and teardown_file stops those pids and no other.

# free_port: a TCP port on 127.0.0.1 that nothing listens on, drawn from
# 20000-59999 (a port taken between this check and the daemon's bind makes
# the daemon fail to start, and the file skips, or fails under CI)
free_port() {
	local p i
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		p=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
		# a connection that succeeds: something listens there
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return 0
		fi
	done
	return 1
}

# daemon_cannot REASON: the daemons are not there; each test then skips
# with REASON (a user's machine), or fails under CI, which installs them
daemon_cannot() {
	echo "$1" >"$DAEMON_DIR/cannot"
}

# need_daemons: in a test, skip (or fail under CI) when setup_file could
# not start the daemons
need_daemons() {
	[ -e "$DAEMON_DIR/cannot" ] || return 0
	if [ -n "${CI:-}" ]; then
		echo "CI is set, and: $(cat "$DAEMON_DIR/cannot")" >&2
		return 1
	fi
	skip "$(cat "$DAEMON_DIR/cannot")"
}

# wait_for SECONDS CMD...: true once CMD succeeds, polling every 0.2 s
wait_for() {
	local n=$(($1 * 5))
	shift
	while [ $n -gt 0 ]; do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.2
		n=$((n - 1))
	done
	return 1
}

# keep_pid PID: the daemon PID is stopped by stop_daemons
keep_pid() {
	echo "$1" >>"$DAEMON_DIR/pids"
}

# stop_daemons: TERM to each pid that this file started, KILL to one still
# there after 5 s
stop_daemons() {
	local p
	[ -e "$DAEMON_DIR/pids" ] || return 0
	for p in $(cat "$DAEMON_DIR/pids"); do
		kill "$p" 2>/dev/null || true
	done
	for p in $(cat "$DAEMON_DIR/pids"); do
		wait_for 5 eval "! kill -0 $p" || kill -9 "$p" 2>/dev/null || true
	done
	rm -f "$DAEMON_DIR/pids"
}
