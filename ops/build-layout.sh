#!/bin/sh
# What bin/loadsmith runs, built at `mvn package` (pom.xml, execution "layout"):
#   LAYOUT/loadsmith.jar, LAYOUT/lib/   the jar extracted (-Djarmode=tools extract): plain jars, which
#                                       class-data sharing needs; loadsmith.jar names lib/*.jar
#   LAYOUT/server.jsa                   the classes of one training start of the server (AOT context,
#                                       in-memory H2; io.loadsmith.ops.TrainingRun: runs until ready,
#                                       answers a first visitor's requests, exits 0 when each got its answer)
#   LAYOUT/cli.jsa                      the classes of one training export of a package file
#   LAYOUT/java                         the java that wrote them (an archive is valid only for its JDK)
# Each trained with the flags bin/loadsmith starts it with. A training run that fails fails the build;
# -Dloadsmith.skipTraining (SKIP=true) builds the layout without the archives.
#
# usage: ops/build-layout.sh JAVA JAR LAYOUT TRAINING_PACKAGE.json SKIP
set -eu
java=$1 jar=$2 layout=$3 package=$4 skip=${5:-false}

rm -rf "$layout"
mkdir -p "$layout"
# Absolute: an archive records the class path it was made with, and bin/loadsmith names it absolutely.
layout=$(cd "$layout" && pwd)
"$java" -Djarmode=tools -jar "$jar" extract --destination "$layout" > /dev/null
printf '%s\n' "$java" > "$layout/java"
if [ "$skip" != false ]; then
    echo "loadsmith layout: $layout without start-up archives (-Dloadsmith.skipTraining)"
    exit 0
fi

failed() { # name, log
    rm -f "$layout/$1.jsa"
    echo "loadsmith layout: the training run of the $1 failed, so bin/loadsmith has no archive for it." >&2
    echo "Its log: $2; the last lines:" >&2
    tail -n 15 "$2" >&2
    echo "Build without the archives: mvn package -Dloadsmith.skipTraining" >&2
    exit 1
}

train() { # name, then the java arguments of the run: a dynamic archive, written at exit
    name=$1
    shift
    log=$layout/training-$name.log
    if ! "$java" "-XX:ArchiveClassesAtExit=$layout/$name.jsa" "$@" > "$log" 2>&1; then
        failed "$name" "$log"
    fi
}

# The server's archive is a static one (the class list of the training start, then -Xshare:dump):
# JDK and application classes in one archive, which started the server about 6 % sooner than the
# dynamic archive in alternating starts (docs/benchmarks.md, table 18). The password is the
# throwaway store's, so none is generated into the build log.
log=$layout/training-server.log
LOADSMITH_ADMIN_PASSWORD=training-run-only "$java" "-XX:DumpLoadedClassList=$layout/server.classes" \
    -Dspring.aot.enabled=true -Dloadsmith.training-run=true -jar "$layout/loadsmith.jar" \
    --server.port=0 --spring.datasource.url=jdbc:h2:mem:training --logging.level.root=WARN > "$log" 2>&1 \
    && "$java" -Xshare:dump "-XX:SharedClassListFile=$layout/server.classes" "-XX:SharedArchiveFile=$layout/server.jsa" \
        -cp "$layout/loadsmith.jar" >> "$log" 2>&1 \
    || failed server "$log"
out=$layout/training-cli-out
train cli -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$layout/loadsmith.jar" \
    export --package "$package" --dialect snowflake --out "$out"
rm -rf "$out"
echo "loadsmith layout: $layout with start-up archives for the server and the command line (bin/loadsmith)"
