# shellcheck shell=bash disable=SC2034  # (variables for the scripts that source it)
# The production stack of the integration tests, for .ci/production-its and .ci/chaos (sourced
# from the repository's root by a script that runs with set -euo pipefail): PostgreSQL from
# Debian's packages, the Apache Artemis distribution from Maven Central with the broker
# configuration in .ci/artemis/broker.xml, everything on 127.0.0.1.
#
# stack_init makes a work directory and arranges that on exit, success or failure, everything is
# stopped: what these functions started (by the PIDs they keep), and whatever the cluster harness
# started and a test JVM that died first left running (the PIDs it recorded in target/cluster/pids;
# see Processes.record). Nothing else: no process is looked up by name.

# Below Linux's ephemeral port range (32768-60999): a restarted PostgreSQL must find its port free,
# and an outgoing connection may otherwise hold it as its local port while the database is down.
PG_PORT=${PG_PORT:-25432}
PG_CRASH_PORT=$((PG_PORT + 1))
BROKER_PORT=61716
ARTEMIS_VERSION=2.56.0
BROKER_USER=reveille
BROKER_PASSWORD=reveille-it-broker-secret
BROKER_PRODUCER_USER=reveille-it-producer
BROKER_PRODUCER_PASSWORD=reveille-it-producer-login
BROKER_SYNC_USER=reveille-it-sync
BROKER_SYNC_PASSWORD=reveille-it-sync-login
# Where the cluster harness appends every process it starts: "<pid> <start time> <what>".
CLUSTER_PIDS=target/cluster/pids

stack_work=""
artemis_pid=""
pg_bin=""
pg_clusters=()

stack_init() {
  stack_work=$(mktemp -d /tmp/reveille-stack.XXXXXX)
  chmod 755 "$stack_work"
  rm -f "$CLUSTER_PIDS"
  trap stack_cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}

stack_cleanup() {
  stack_stop_recorded
  if [ -n "$artemis_pid" ]; then
    kill "$artemis_pid" 2>/dev/null || true
    wait "$artemis_pid" 2>/dev/null || true
  fi
  local cluster
  for cluster in "${pg_clusters[@]}"; do
    as_postgres "$pg_bin/pg_ctl" -D "$cluster" -m fast stop >/dev/null 2>&1 || true
  done
  if [ -n "$stack_work" ]; then rm -rf "$stack_work"; fi
}

# Kills each process the cluster harness recorded that still runs: the same PID with the same start
# time (field 22 of /proc/<pid>/stat), so a PID the system gave to another process since is spared.
# A PostgreSQL stopped so leaves its files ("postgresql <data directory>"): they go too, once it
# has ended.
stack_stop_recorded() {
  [ -f "$CLUSTER_PIDS" ] || return 0
  local pid started what stat fields home _
  local killed=() homes=()
  while read -r pid started what; do
    [[ $pid =~ ^[0-9]+$ ]] || continue
    stat=$(cat "/proc/$pid/stat" 2>/dev/null) || continue
    # The command name (field 2) is in parentheses and may hold spaces: count from after it. A
    # zombie (state Z) has ended already and only waits for its parent to read its exit status.
    read -r -a fields <<< "${stat##*) }"
    if [ "${fields[19]:-}" = "$started" ] && [ "${fields[0]}" != Z ]; then
      echo "Stopping what a cluster test left running: $pid ($what)"
      kill -KILL "$pid" 2>/dev/null || true
      killed+=("$pid")
      home=$(dirname "${what#postgresql }")
      if [[ $what == "postgresql "* && $(basename "$home") == reveille-cluster-pg* ]]; then homes+=("$home"); fi
    fi
  done < "$CLUSTER_PIDS"
  for pid in "${killed[@]}"; do
    for _ in $(seq 1 50); do
      stat=$(cat "/proc/$pid/stat" 2>/dev/null) || break
      read -r -a fields <<< "${stat##*) }"
      [ "${fields[0]}" != Z ] || break
      sleep 0.2
    done
  done
  for home in "${homes[@]}"; do rm -rf "$home"; done
}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# PostgreSQL's binaries (installed from Debian's packages when missing) in $pg_bin.
stack_require_postgres() {
  pg_bin=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -1 || true)
  if [ -z "$pg_bin" ]; then
    echo "Installing PostgreSQL from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
    pg_bin=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d | sort -V | tail -1)
  fi
  if [ "$(id -u)" = 0 ]; then chown postgres "$stack_work"; fi
}

# A PostgreSQL cluster in <directory> on 127.0.0.1:<port> with a reveille database; stopped on exit.
stack_start_postgres() { # <directory> <port>
  as_postgres "$pg_bin/initdb" -D "$1" -U postgres -A trust >/dev/null
  pg_clusters+=("$1")
  # XA (the MDB's transaction spans broker and database) needs prepared transactions.
  echo "max_prepared_transactions = 50" >> "$1/postgresql.conf"
  as_postgres "$pg_bin/pg_ctl" -D "$1" -l "$1.log" -w -o "-p $2 -k $stack_work -c listen_addresses=127.0.0.1" start >/dev/null
  "$pg_bin/psql" -q -h 127.0.0.1 -p "$2" -U postgres \
    -c "CREATE USER reveille PASSWORD 'reveille-it'" -c "CREATE DATABASE reveille OWNER reveille"
}

# Scripts the outage tests run to stop and start the cluster in <directory> (a real fault, not a
# planted one): <directory>-stop and <directory>-start.
stack_outage_scripts() { # <directory> <port>
  local pg_user=""
  if [ "$(id -u)" = 0 ]; then pg_user="runuser -u postgres --"; fi
  printf '#!/usr/bin/env bash\nexec %s %q -D %q -m fast -w stop\n' "$pg_user" "$pg_bin/pg_ctl" "$1" > "$1-stop"
  # On a failed start, PostgreSQL's own reason (the tail of its log) goes with the script's output.
  printf '#!/usr/bin/env bash\n%s %q -D %q -l %q -w -t 120 -o %q start || { tail -n 20 %q; exit 1; }\n' \
    "$pg_user" "$pg_bin/pg_ctl" "$1" "$1.log" "-p $2 -k $stack_work -c listen_addresses=127.0.0.1" "$1.log" > "$1-start"
  chmod 755 "$1-stop" "$1-start"
}

# The external broker on 127.0.0.1:$BROKER_PORT, configured by .ci/artemis/broker.xml, with
# Reveille's login and a producer's; stopped on exit.
stack_start_artemis() {
  local home="$stack_work/apache-artemis-$ARTEMIS_VERSION" broker="$stack_work/broker"
  ./mvnw -B -ntp -q dependency:copy \
    -Dartifact="org.apache.artemis:apache-artemis:$ARTEMIS_VERSION:tar.gz:bin" -DoutputDirectory="$stack_work"
  tar -xzf "$stack_work/apache-artemis-$ARTEMIS_VERSION-bin.tar.gz" -C "$stack_work"
  # The instance: scripts, data directories and Reveille's login (role amq). Its generated
  # broker.xml is replaced below, so no sync test (--no-autotune).
  "$home/bin/artemis" create "$broker" --silent --no-web --nio --no-autotune --host 127.0.0.1 \
    --user "$BROKER_USER" --password "$BROKER_PASSWORD" --require-login >/dev/null
  sed "s/@BROKER_PORT@/$BROKER_PORT/g" .ci/artemis/broker.xml > "$broker/etc/broker.xml"
  # Reveille's broker plugin that refuses oversized batches, as docs/operations.md builds it:
  # compiled against the distribution's own jars into the instance's lib/, on the broker's class
  # path, holding the plugin's two classes and nothing of Artemis's.
  mkdir -p "$stack_work/broker-plugin" "$broker/lib"
  javac --release 17 -cp "$home/lib/*" -d "$stack_work/broker-plugin" \
    src/main/java/io/reveille/messaging/broker/MessageSizeLimit.java \
    src/main/java/io/reveille/messaging/broker/StompFrameGuard.java
  jar cf "$broker/lib/reveille-broker-plugin.jar" -C "$stack_work/broker-plugin" .
  if grep -q '@[A-Z_]*@' "$broker/etc/broker.xml"; then
    echo "broker.xml: a placeholder of .ci/artemis/broker.xml is not filled in" >&2
    exit 1
  fi
  # The producer's login and its role, which broker.xml allows only to send batches. (printf with
  # a leading newline: the generated files may not end with one.)
  printf '\n%s = %s\n' "$BROKER_PRODUCER_USER" "$BROKER_PRODUCER_PASSWORD" >> "$broker/etc/artemis-users.properties"
  printf '\nreveille-producer = %s\n' "$BROKER_PRODUCER_USER" >> "$broker/etc/artemis-roles.properties"
  # The peer sites' bridge login, which broker.xml allows only to send sync records in.
  printf '\n%s = %s\n' "$BROKER_SYNC_USER" "$BROKER_SYNC_PASSWORD" >> "$broker/etc/artemis-users.properties"
  printf '\nreveille-sync = %s\n' "$BROKER_SYNC_USER" >> "$broker/etc/artemis-roles.properties"
  "$broker/bin/artemis" run > "$stack_work/artemis.log" 2>&1 &
  artemis_pid=$!
  local _
  for _ in $(seq 1 60); do
    grep -q "AMQ221007" "$stack_work/artemis.log" && break
    sleep 1
  done
  grep -q "AMQ221007" "$stack_work/artemis.log" || { cat "$stack_work/artemis.log"; echo "Artemis did not start" >&2; exit 1; }
}

# A seed for the chaos suite: a random long (what ChaosIT takes).
stack_random_seed() {
  od -An -N8 -td8 /dev/urandom | tr -d ' \n'
}

# The integration tests with the runnable JAR and the Artemis distribution the cluster tests need
# (-Pdist,cluster), no unit tests; the cluster tests fail rather than skip when this machine cannot
# run them. Further arguments go to Maven.
stack_verify() {
  REVEILLE_IT_REQUIRE_CLUSTER=1 \
    ./mvnw -B -ntp -Pdist,cluster verify -Dtest=NoSuchUnitTest -Dsurefire.failIfNoSpecifiedTests=false "$@"
}
