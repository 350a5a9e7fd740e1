#!/usr/bin/env bash
# Container smoke test (docs/operations.md "Containers"): builds the image with the real Dockerfile, starts it and
# checks it as an operator would; then starts compose.yaml (two instances on PostgreSQL) and checks
# that a session made on one instance reads on the other. Any failed check ends the run with
# "SMOKE FAILED: ..." and a non-zero exit.
#
# Needs root on Debian: installs the Docker engine (docker.io) and docker-compose from Debian's
# packages when missing and starts dockerd when none runs. Where the Dockerfile's default base images
# cannot be pulled, it builds local ones from Debian's packages (debootstrap + docker import, then
# apt-get inside): a JDK 17 + Maven + gcc image for the build stage, a Java 25 image (Debian trixie's)
# for the run stage, as the Dockerfile's default, and a PostgreSQL image for compose (SMOKE_RUN_JAVA=17:
# the run stage on bookworm's JRE 17 instead, the Dockerfile's class-data-sharing path). Those base images are kept (tagged loadsmith-local/*), and so is the
# build cache, because they are what makes a second run take minutes instead of a quarter of an hour;
# everything else it started (containers, volumes, networks, the project image, dockerd) it removes.
#
# Environment: LOADSMITH_GOLDEN (the golden Snowflake SQL of the demo load; default
# ../shared/golden/vessel_scd2.snowflake.sql beside the checkout, then /work/shared/golden/...),
# SMOKE_PORT (first of three host ports on 127.0.0.1, default 18080).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

SMOKE=loadsmith-smoke
IMAGE=$SMOKE/loadsmith:latest
VOLUME=$SMOKE-data
APP=$SMOKE-app
PORT=${SMOKE_PORT:-18080}
COMPOSE_PORT_1=$((PORT + 1))
COMPOSE_PORT_2=$((PORT + 2))
PASSWORD="smoke-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
DEFAULT_BUILD_IMAGE=$(sed -n 's/^ARG BUILD_IMAGE=//p' Dockerfile)
DEFAULT_RUN_IMAGE=$(sed -n 's/^ARG RUN_IMAGE=//p' Dockerfile)
DEFAULT_POSTGRES_IMAGE=postgres:17
LOCAL_DEBIAN=loadsmith-local/debian:bookworm
LOCAL_BUILD_IMAGE=loadsmith-local/jdk17-maven-gcc:bookworm
RUN_JAVA=${SMOKE_RUN_JAVA:-25}
case $RUN_JAVA in
  17) LOCAL_DEBIAN_RUN=$LOCAL_DEBIAN ;;
  25) LOCAL_DEBIAN_RUN=loadsmith-local/debian:trixie  # bookworm has no Java 25
      DEFAULT_RUN_IMAGE=eclipse-temurin:25-jre ;;
  *) echo "SMOKE_RUN_JAVA is 17 or 25, not '$RUN_JAVA'" >&2; exit 2 ;;
esac
LOCAL_RUN_IMAGE=loadsmith-local/jre$RUN_JAVA:${LOCAL_DEBIAN_RUN##*:}
LOCAL_POSTGRES_IMAGE=loadsmith-local/postgresql:bookworm
WORK=$(mktemp -d /tmp/loadsmith-smoke.XXXXXX)
STARTED_DOCKERD=
POSTGRES_IMAGE=$DEFAULT_POSTGRES_IMAGE
SUMMARY=()

fail() { echo "SMOKE FAILED: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }
step() { echo; echo "== $*"; }
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

golden_file() {
  local candidate
  for candidate in "${LOADSMITH_GOLDEN:-}" "$ROOT/../shared/golden/vessel_scd2.snowflake.sql" \
      /work/shared/golden/vessel_scd2.snowflake.sql; do
    if [ -n "$candidate" ] && [ -f "$candidate" ]; then echo "$candidate"; return; fi
  done
  fail "no golden file: set LOADSMITH_GOLDEN or put shared/ beside the checkout"
}
GOLDEN=$(golden_file)

compose() {
  LOADSMITH_IMAGE=$IMAGE POSTGRES_IMAGE=$POSTGRES_IMAGE LOADSMITH_ADMIN_PASSWORD=$PASSWORD \
    LOADSMITH_PORT_1=$COMPOSE_PORT_1 LOADSMITH_PORT_2=$COMPOSE_PORT_2 \
    $COMPOSE -p $SMOKE -f "$ROOT/compose.yaml" "$@"
}

cleanup() {
  local status=$?
  set +eu
  if [ $status -ne 0 ]; then
    echo "--- last lines of the container logs" >&2
    docker logs --tail 60 $APP >&2 2>&1
    [ -n "${COMPOSE:-}" ] && compose logs --tail 40 >&2 2>&1
  fi
  echo
  echo "== cleaning up"
  docker rm -f $APP >/dev/null 2>&1
  [ -n "${COMPOSE:-}" ] && compose down -v --remove-orphans >/dev/null 2>&1
  docker volume rm $VOLUME >/dev/null 2>&1
  docker image rm $IMAGE >/dev/null 2>&1
  for mount in proc sys dev/pts dev; do umount "$WORK/rootfs/$mount" 2>/dev/null; done
  rm -rf "$WORK"
  if [ -n "$STARTED_DOCKERD" ]; then
    kill "$STARTED_DOCKERD" 2>/dev/null
    for _ in $(seq 30); do kill -0 "$STARTED_DOCKERD" 2>/dev/null || break; sleep 1; done
    echo "stopped the dockerd this run started"
  fi
  if [ $status -eq 0 ]; then
    echo; echo "== summary"; printf '%s\n' "${SUMMARY[@]}"
    echo "CONTAINER SMOKE TEST PASSED"
  else
    echo "CONTAINER SMOKE TEST FAILED (exit $status)" >&2
  fi
  exit $status
}
trap cleanup EXIT

# --- the engine -------------------------------------------------------------------------------------
step "Docker engine"
export DEBIAN_FRONTEND=noninteractive
apt_updated=
apt_install() {
  [ -n "$apt_updated" ] || { apt-get update -qq; apt_updated=1; }
  apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
command -v dockerd >/dev/null || apt_install docker.io
command -v debootstrap >/dev/null || apt_install debootstrap
if docker compose version >/dev/null 2>&1; then COMPOSE="docker compose"
else command -v docker-compose >/dev/null || apt_install docker-compose; COMPOSE=docker-compose; fi
if ! docker info >/dev/null 2>&1; then
  dockerd >"$WORK/../$SMOKE-dockerd.log" 2>&1 &
  STARTED_DOCKERD=$!
  for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || fail "dockerd did not start; see /tmp/$SMOKE-dockerd.log"
fi
ok "engine $(docker version --format '{{.Server.Version}}'), compose: $COMPOSE"
# A run stopped half-way leaves these behind: start clean.
docker rm -f $APP >/dev/null 2>&1 || true
compose down -v --remove-orphans >/dev/null 2>&1 || true
docker volume rm $VOLUME >/dev/null 2>&1 || true

# --- base images ------------------------------------------------------------------------------------
# Debian's mirror as apt on this machine is configured (both source formats), so the images use the
# same package registry as the host; empty where none matches (a machine without a security mirror).
debian_uri() {
  local pattern=$1
  { grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}'
    grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list | awk '{print $2}'
  } | grep -E "$pattern" | head -1 || true
}

# local_debian TAG: a minimal Debian image of the release the tag names (loadsmith-local/debian:SUITE).
local_debian() {
  local tag=$1 suite=${1##*:}
  docker image inspect "$tag" >/dev/null 2>&1 && return
  local mirror security
  mirror=$(debian_uri 'debian/?$')
  security=$(debian_uri 'debian-security/?$')
  [ -n "$mirror" ] || fail "no Debian mirror in /etc/apt/sources.list*"
  echo "debootstrap $suite (minbase) from $mirror"
  debootstrap --variant=minbase "$suite" "$WORK/rootfs" "$mirror" >"$WORK/debootstrap.log" 2>&1 \
    || { tail -20 "$WORK/debootstrap.log"; fail "debootstrap $suite failed"; }
  { echo "deb $mirror $suite main"; echo "deb $mirror $suite-updates main"
    [ -z "$security" ] || echo "deb $security $suite-security main"; } >"$WORK/rootfs/etc/apt/sources.list"
  # The host's own CA certificates (a company's or a proxy's, where its TLS is intercepted) go into the
  # images, so that Maven in the build stage trusts what the host trusts; ca-certificates-java adds
  # them to the JDK's keystore when the JDK is installed.
  if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
    mkdir -p "$WORK/rootfs/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$WORK/rootfs/usr/local/share/ca-certificates/"
  fi
  rm -rf "$WORK"/rootfs/var/cache/apt/archives/*.deb "$WORK"/rootfs/var/lib/apt/lists/*
  tar --numeric-owner -C "$WORK/rootfs" -c . | docker import - "$tag" >/dev/null
  rm -rf "$WORK/rootfs"
}

# An image FROM another local one (Debian bookworm unless $3) with packages added; $2 is the rest of
# its Dockerfile.
local_image() {
  local tag=$1 rest=$2 from=${3:-$LOCAL_DEBIAN}
  docker image inspect "$tag" >/dev/null 2>&1 && return
  case "$from" in loadsmith-local/debian:*) local_debian "$from";; esac
  docker image inspect "$from" >/dev/null 2>&1 || fail "no base image $from"
  echo "building $tag from Debian's packages"
  printf 'FROM %s\nENV DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8\n%s\n' "$from" "$rest" \
    | docker build -q --force-rm -t "$tag" - >"$WORK/${tag//[\/:]/_}.log" 2>&1 \
    || { tail -30 "$WORK/${tag//[\/:]/_}.log"; fail "could not build $tag"; }
}

# available IMAGE: here already, or pulled now.
available() {
  docker image inspect "$1" >/dev/null 2>&1 || timeout 60 docker pull -q "$1" >/dev/null 2>&1
}

# The default image when it can be pulled (or is here already), else the local one ($4: built FROM).
base_image() {
  local default=$1 local_tag=$2 rest=$3 from=${4:-}
  if available "$default"; then
    echo "$default"
  else
    echo "cannot pull $default: using $local_tag" >&2
    local_image "$local_tag" "$rest" $from >&2
    echo "$local_tag"
  fi
}

step "Base images"
t0=$(now)
# The JRE first, then PostgreSQL's alongside the JDK 17 + Maven image (downloads overlap), both on
# bookworm (which has the JDK 17 that trixie no longer packages).
RUN_IMAGE=$(base_image "$DEFAULT_RUN_IMAGE" $LOCAL_RUN_IMAGE \
  "RUN apt-get update && apt-get install -y --no-install-recommends openjdk-$RUN_JAVA-jre-headless \
 && rm -rf /var/lib/apt/lists/*" $LOCAL_DEBIAN_RUN)
# Both below may need the bookworm base; made here once, not by the two builds running side by side.
{ available "$DEFAULT_POSTGRES_IMAGE" && available "$DEFAULT_BUILD_IMAGE"; } || local_debian $LOCAL_DEBIAN
base_image "$DEFAULT_POSTGRES_IMAGE" $LOCAL_POSTGRES_IMAGE "$(cat <<'EOF'
RUN mkdir -p /etc/postgresql-common/createcluster.d \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main-cluster.conf \
 && apt-get update && apt-get install -y --no-install-recommends postgresql \
 && rm -rf /var/lib/apt/lists/* \
 && ln -s /usr/lib/postgresql/*/bin /usr/lib/postgresql/bin \
 && printf '%s\n' '#!/bin/sh' \
  '# What the official image does with POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB, on a first start.' \
  'set -eu' \
  'PGDATA=/var/lib/postgresql/data; as_postgres="setpriv --reuid=postgres --regid=postgres --init-groups"' \
  'mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"' \
  'if [ ! -s "$PGDATA/PG_VERSION" ]; then' \
  '  echo "$POSTGRES_PASSWORD" > /tmp/pw && chown postgres /tmp/pw' \
  '  $as_postgres initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/pw --auth=scram-sha-256 -E UTF8 >/dev/null' \
  '  rm /tmp/pw' \
  '  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"' \
  '  echo "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\"" | $as_postgres postgres --single -D "$PGDATA" postgres >/dev/null' \
  'fi' \
  'exec $as_postgres postgres -D "$PGDATA" -c listen_addresses="*"' > /usr/local/bin/postgres-entrypoint \
 && chmod 755 /usr/local/bin/postgres-entrypoint
ENV PATH=/usr/lib/postgresql/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint"]
EOF
)" >"$WORK/postgres-image" &
POSTGRES_JOB=$!
BUILD_IMAGE=$(base_image "$DEFAULT_BUILD_IMAGE" $LOCAL_BUILD_IMAGE \
  'RUN apt-get update && apt-get install -y --no-install-recommends openjdk-17-jdk-headless maven gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/*')
wait $POSTGRES_JOB || fail "no PostgreSQL image"
POSTGRES_IMAGE=$(cat "$WORK/postgres-image")
ok "build stage: $BUILD_IMAGE; run stage: $RUN_IMAGE; PostgreSQL: $POSTGRES_IMAGE ($(seconds "$t0" "$(now)") s)"

# --- the project's image ----------------------------------------------------------------------------
step "docker build (the repository's Dockerfile)"
t0=$(now)
docker build -q --force-rm --build-arg BUILD_IMAGE="$BUILD_IMAGE" --build-arg RUN_IMAGE="$RUN_IMAGE" \
  -t $IMAGE . >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log"; fail "docker build failed"; }
BUILD_SECONDS=$(seconds "$t0" "$(now)")
IMAGE_MB=$(docker image inspect --format '{{.Size}}' $IMAGE | awk '{ printf "%.0f", $1 / 1000000 }')
ok "built $IMAGE in $BUILD_SECONDS s, $IMAGE_MB MB"
SUMMARY+=("build time:  $BUILD_SECONDS s (base images from: ${BUILD_IMAGE%%:*}, ${RUN_IMAGE%%:*})")
SUMMARY+=("image size:  $IMAGE_MB MB ($IMAGE)")

# --- HTTP helpers -----------------------------------------------------------------------------------
# status URL: the HTTP status only.
status() { curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$1" || true; }

# await_ready BASE SECONDS: until readiness answers 200.
await_ready() {
  local base=$1 limit=$2 start
  start=$(date +%s)
  until [ "$(status "$base/actuator/health/readiness")" = 200 ]; do
    [ $(( $(date +%s) - start )) -lt "$limit" ] || return 1
    sleep 0.5
  done
}

# sign_in BASE JAR: the sign-in form with its CSRF token, as a browser posts it.
sign_in() {
  local base=$1 jar=$2 csrf
  csrf=$(curl -s -c "$jar" -b "$jar" "$base/login" | sed -n 's/.*name="_csrf" value="\([^"]*\)".*/\1/p' | head -1)
  [ -n "$csrf" ] || fail "no CSRF token on $base/login"
  local location
  location=$(curl -s -o /dev/null -w '%{redirect_url}' -c "$jar" -b "$jar" "$base/login" \
    --data-urlencode "username=admin" --data-urlencode "password=$PASSWORD" --data-urlencode "_csrf=$csrf")
  case "$location" in *error*|"") fail "sign-in at $base refused (redirect to '$location')";; esac
}

# new_token BASE JAR: a WRITE token made with the signed-in session, as the account page does.
new_token() {
  local base=$1 jar=$2 csrf body
  csrf=$(curl -s -b "$jar" "$base/account" | sed -n 's/.*<meta name="_csrf" content="\([^"]*\)".*/\1/p' | head -1)
  [ -n "$csrf" ] || fail "no CSRF token on $base/account (not signed in?)"
  body=$(curl -s -b "$jar" -H 'Content-Type: application/json' -H "X-CSRF-TOKEN: $csrf" \
    -d '{"name":"container-smoke","scope":"WRITE","expiresInDays":1}' "$base/api/v1/tokens")
  echo "$body" | sed -n 's/.*"secret":"\(lsm_[^"]*\)".*/\1/p'
}

api() { curl -s --max-time 30 -H "Authorization: Bearer $TOKEN" "$@"; }
json() { api -H 'Content-Type: application/json' "$@"; }
field() { grep -o "\"$1\":[0-9]*" <<<"$2" | head -1 | cut -d: -f2; }

# has PATTERN TEXT: grep on text already read (grep -q in a pipe may close it early, which pipefail
# would count as the writer's failure).
has() { grep -q -- "$1" <<<"$2"; }

# Runs of spaces, tabs and newlines count as one space, as golden/README.md compares.
normalized() { tr -s '[:space:]' ' ' <"$1" | sed 's/^ //; s/ $//'; }

# The demo load's Snowflake SQL through the API, compared with the golden file.
check_golden() {
  local base=$1 id
  id=$(api "$base/api/v1/loads?name=load_d_vessel_scd2" | grep -o '"id":[0-9]*' | head -1 | cut -d: -f2)
  [ -n "$id" ] || fail "the demo load load_d_vessel_scd2 is not listed at $base"
  api "$base/api/v1/loads/$id/sql?dialect=snowflake" >"$WORK/snowflake.sql"
  [ "$(normalized "$GOLDEN")" = "$(normalized "$WORK/snowflake.sql")" ] \
    || { diff -u "$GOLDEN" "$WORK/snowflake.sql" | head -40; fail "the demo load's Snowflake SQL differs from $GOLDEN"; }
}

# --- one container on its volume --------------------------------------------------------------------
BASE=http://127.0.0.1:$PORT
run_app() {
  docker run -d --name $APP -p 127.0.0.1:$PORT:8080 -v $VOLUME:/app/data \
    -e LOADSMITH_ADMIN_PASSWORD="$PASSWORD" --health-interval 5s --health-start-period 120s $IMAGE >/dev/null
}

step "docker run"
docker volume create $VOLUME >/dev/null
t0=$(now)
run_app
await_ready $BASE 300 || fail "not ready within 300 s"
START_SECONDS=$(seconds "$t0" "$(now)")
ok "ready ${START_SECONDS} s after docker run ($(docker logs $APP 2>&1 | grep -o 'Started LoadsmithApplication in [0-9.]* seconds' | head -1))"
SUMMARY+=("start time:  $START_SECONDS s from docker run to readiness UP (H2 store, first start)")

[ "$(status $BASE/login)" = 200 ] && has 'name="password"' "$(curl -s $BASE/login)" || fail "no sign-in page at $BASE/login"
ok "sign-in page up"
[ "$(status $BASE/actuator/health/liveness)" = 200 ] || fail "liveness is not UP"
has '"status":"UP"' "$(curl -s $BASE/actuator/health)" || fail "health is not UP"
ok "health, liveness and readiness UP without signing in"

JAR=$WORK/cookies
sign_in $BASE "$JAR"
TOKEN=$(new_token $BASE "$JAR")
[ -n "$TOKEN" ] || fail "no token from POST /api/v1/tokens"
ok "signed in as admin, token created through the API"

check_golden $BASE
ok "demo load's Snowflake SQL through the API equals $(basename "$GOLDEN") (whitespace runs as one, as golden/README.md compares)"

[ "$(status $BASE/actuator/prometheus)" = 401 ] || fail "/actuator/prometheus answers without a token"
api $BASE/actuator/prometheus >"$WORK/metrics.txt"
grep -q '^loadsmith_generation_seconds_count{.*dialect="snowflake"' "$WORK/metrics.txt" \
  || fail "no loadsmith_generation_seconds for snowflake in /actuator/prometheus"
grep -q '^loadsmith_token_checks_total{.*result="accepted"' "$WORK/metrics.txt" \
  || fail "no loadsmith_token_checks_total in /actuator/prometheus"
ok "metrics: anonymous 401, ADMIN token reads the generation and token-check meters"

PID=$(docker inspect --format '{{.State.Pid}}' $APP)
USER_ID=$(awk '/^Uid:/ { print $2 }' /proc/"$PID"/status)
[ -n "$USER_ID" ] && [ "$USER_ID" != 0 ] || fail "the Java process runs as uid '$USER_ID'"
ok "the process runs as uid $USER_ID ($(docker exec $APP id -un)), not root"
# The start-up archive the build trained (an AOT cache on Java 25+, else a CDS archive) must be
# mapped by the running JVM: a stale or mismatched one is skipped with no more than a warning.
ARCHIVE=$(docker exec $APP cat /app/jvm.options | sed -n 's/^-XX:[A-Za-z]*=\(\/app\/[^ ]*\)$/\1/p')
[ -n "$ARCHIVE" ] || fail "/app/jvm.options names no archive: $(docker exec $APP cat /app/jvm.options)"
grep -q " $ARCHIVE\$" /proc/"$PID"/maps || fail "the JVM did not map $ARCHIVE"
ok "the JVM maps its start-up archive $ARCHIVE ($(docker exec $APP cat /app/jvm.options | tr "\n" " "))"

for _ in $(seq 60); do
  [ "$(docker inspect --format '{{.State.Health.Status}}' $APP)" = healthy ] && break; sleep 1
done
[ "$(docker inspect --format '{{.State.Health.Status}}' $APP)" = healthy ] || fail "HEALTHCHECK never said healthy"
ok "the Dockerfile's HEALTHCHECK reports healthy"

# A template whose regular expression would backtrack for ever inside Java is refused when saved (what
# one element does is bounded where it is written), and a template whose loop never ends is stopped by
# the render guard at its 10 s of processor time, at an element boundary, and the server goes on serving
# (docs/templates-sandbox.md). On an idle container processor time is about the clock's; 30 s leaves room.
refused=$(json -w ' %{http_code}' -d '{"name":"smoke_backtracking","variants":{"default":"${(\"x\"?right_pad(100, \"x\"))?replace(\"(x+x+)+y\", \"z\", \"r\")?length}"}}' \
  $BASE/api/v1/templates)
has 'fn.regex_replace' "$refused" && [ "${refused##* }" = 400 ] || fail "a backtracking regular expression was not refused on save: $refused"
tpl=$(json -d '{"name":"smoke_runaway","variants":{"default":"<#list 1.. as i><#assign x = i></#list>"}}' \
  $BASE/api/v1/templates)
[ -n "$(field id "$tpl")" ] || fail "no template from POST /api/v1/templates: $tpl"
runaway=$(json -d '{"name":"smoke_runaway_load","target":"publish.D_VESSEL_SCD2","steps":[{"name":"runaway","type":"OVERRIDE","text":"<ftltemplate:smoke_runaway>"}]}' \
  $BASE/api/v1/loads)
RUNAWAY_ID=$(field id "$runaway")
[ -n "$RUNAWAY_ID" ] || fail "no load from POST /api/v1/loads: $runaway"
t0=$(now)
answer=$(api -w ' %{http_code}' "$BASE/api/v1/loads/$RUNAWAY_ID/sql?dialect=postgresql")
RUNAWAY_SECONDS=$(seconds "$t0" "$(now)")
has 'rendering was stopped' "$answer" && [ "${answer##* }" = 422 ] \
  || fail "the runaway render's answer after $RUNAWAY_SECONDS s: $answer"
awk -v s="$RUNAWAY_SECONDS" 'BEGIN { exit !(s < 30) }' || fail "the runaway render was answered after $RUNAWAY_SECONDS s (limit 10 s of processor time)"
check_golden $BASE
ok "a backtracking regular expression is refused on save; an endless loop is stopped after $RUNAWAY_SECONDS s (limit 10 s of processor time); the server serves on"

# The store on the volume: an entity and the token outlive a restart.
[ "$(api -X POST $BASE/api/v1/entities -H 'Content-Type: application/json' -o /dev/null -w '%{http_code}' \
  -d '{"entityType":"DIM_SCD2","logicalName":"SMOKE_PORT","attributes":[{"name":"port_name","datatype":"VARCHAR","dataLength":100}]}')" \
  = 201 ] || fail "could not create an entity"
t0=$(now)
docker restart $APP >/dev/null
await_ready $BASE 300 || fail "not ready after docker restart"
RESTART_SECONDS=$(seconds "$t0" "$(now)")
has SMOKE_PORT "$(api $BASE/api/v1/entities)" || fail "the entity is gone after docker restart"
check_golden $BASE
ok "the store survives docker restart on its volume (same token, same entity; ready again in $RESTART_SECONDS s)"
SUMMARY+=("restart:     $RESTART_SECONDS s from docker restart to readiness UP (store kept on the volume)")
docker rm -f $APP >/dev/null
docker volume rm $VOLUME >/dev/null

# --- compose: two instances on PostgreSQL -----------------------------------------------------------
step "compose.yaml: PostgreSQL and two instances"
t0=$(now)
compose up -d --no-build >"$WORK/compose.log" 2>&1 || { cat "$WORK/compose.log"; fail "compose up failed"; }
BASE1=http://127.0.0.1:$COMPOSE_PORT_1
BASE2=http://127.0.0.1:$COMPOSE_PORT_2
await_ready $BASE1 300 || fail "instance 1 not ready"
await_ready $BASE2 300 || fail "instance 2 not ready"
COMPOSE_SECONDS=$(seconds "$t0" "$(now)")
ok "both instances ready ${COMPOSE_SECONDS} s after compose up"
SUMMARY+=("compose:     $COMPOSE_SECONDS s from compose up to both instances ready (PostgreSQL: ${POSTGRES_IMAGE%%:*})")
has 'Database: jdbc:postgresql://db' "$(compose logs --no-color loadsmith-1 2>&1)" || fail "instance 1 does not report PostgreSQL as its store"

JAR2=$WORK/cookies-compose
sign_in $BASE1 "$JAR2"
has '<meta name="_csrf"' "$(curl -s -b "$JAR2" $BASE2/account)" \
  || fail "the session made on instance 1 is not signed in on instance 2"
ok "signed in on instance 1, the same session reads the account page on instance 2"
TOKEN=$(new_token $BASE2 "$JAR2")
[ -n "$TOKEN" ] || fail "no token from instance 2 with the shared session"
check_golden $BASE1
ok "a token made on instance 2 reads the demo load's SQL from instance 1 (equals the golden file)"

# A template changed through one instance is what the other generates with at once (store_revision).
tpl=$(json -d '{"name":"smoke_probe","variants":{"default":"-- smoke probe one"}}' $BASE1/api/v1/templates)
TPL_ID=$(field id "$tpl")
[ -n "$TPL_ID" ] || fail "no template from POST /api/v1/templates on instance 1: $tpl"
probe=$(json -d '{"name":"smoke_probe_load","target":"publish.D_VESSEL_SCD2","steps":[{"name":"probe","type":"OVERRIDE","text":"<ftltemplate:smoke_probe>"}]}' \
  $BASE1/api/v1/loads)
PROBE_ID=$(field id "$probe")
[ -n "$PROBE_ID" ] || fail "no load from POST /api/v1/loads on instance 1: $probe"
has '-- smoke probe one' "$(api "$BASE2/api/v1/loads/$PROBE_ID/sql?dialect=postgresql")" \
  || fail "instance 2 does not generate the probe load with the template made on instance 1"
changed=$(json -X PUT -d "{\"version\":$(field version "$tpl"),\"name\":\"smoke_probe\",\"variants\":{\"default\":\"-- smoke probe two\"}}" \
  $BASE1/api/v1/templates/$TPL_ID)
has '"version"' "$changed" || fail "PUT /api/v1/templates/$TPL_ID on instance 1 failed: $changed"
has '-- smoke probe two' "$(api "$BASE2/api/v1/loads/$PROBE_ID/sql?dialect=postgresql")" \
  || fail "instance 2 still generates with the template as it was before instance 1 changed it"
ok "a template changed through instance 1 is what instance 2 generates with, at once"
compose down -v --remove-orphans >/dev/null 2>&1
