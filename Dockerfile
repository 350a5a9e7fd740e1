# Base images are arguments, so a team that mirrors its images (or CI, which builds them from
# Debian's packages: ops/container-smoke.sh) builds this same file:
#   docker build --build-arg BUILD_IMAGE=mirror/maven:3.9-jdk17 --build-arg RUN_IMAGE=mirror/jre:25 .
# BUILD_IMAGE needs a JDK 17 and Maven; RUN_IMAGE a Java runtime, groupadd and useradd.
# The runtime is Java 25: its AOT cache starts the server a quarter sooner than JDK 17's class-data
# archive and its generator runs 1.6x as fast (docs/benchmarks.md, "Start-up on Java 25"). Any Java 17
# or later runs the image; the render guard needs nothing of the JVM but ThreadMXBean
# (docs/templates-sandbox.md).
ARG BUILD_IMAGE=maven:3.9-eclipse-temurin-17
ARG RUN_IMAGE=eclipse-temurin:25-jre

# Build: the Maven image compiles and packages; tests run in CI, not here.
FROM ${BUILD_IMAGE} AS build
WORKDIR /src
COPY pom.xml .
RUN mvn -B -q dependency:go-offline
COPY src src
COPY db db
COPY templates-library templates-library
COPY frontend frontend
# The package phase also builds bin/loadsmith's layout (ops/build-layout.sh); its training runs are
# skipped here, as the run stage trains with the run image's own JVM below.
COPY ops/build-layout.sh ops/build-layout.sh
RUN mvn -B -q package -DskipTests -Dloadsmith.skipTraining \
 && java -Djarmode=tools -jar target/loadsmith.jar extract --layers --destination /layers

# Run: a JRE, the jar's layers (dependencies change least, so they come first), a non-root user.
# Extracted without the launcher: /app/loadsmith.jar is a plain jar whose manifest puts /app/lib/*.jar
# on the class path, which class-data sharing needs (README "Start-up of the server").
FROM ${RUN_IMAGE}
RUN groupadd --system loadsmith && useradd --system --gid loadsmith --home /app loadsmith \
 && mkdir -p /app/data && chown loadsmith:loadsmith /app/data
WORKDIR /app
COPY --from=build /layers/dependencies/ ./
COPY --from=build /layers/spring-boot-loader/ ./
COPY --from=build /layers/snapshot-dependencies/ ./
COPY --from=build /layers/application/ ./
# The start-up archive, made here with the run image's own JVM (an archive is valid only for the JVM
# that wrote it): one training start on an in-memory store that runs until it is ready, answers a first
# visitor's requests and exits (io.loadsmith.ops.TrainingRun; a start that does not get there fails the
# build). On Java 25 or later that start writes an AOT cache (classes loaded and linked, and method
# profiles); before 25 a class-data-sharing archive. /app/jvm.options names the one made, and the entry
# point reads it, so the image's command does not depend on the runtime's version. The password is the
# throwaway store's, so none is generated into the build log.
RUN set -e; \
    version=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p'); \
    if [ "${version%%.*}" -ge 25 ]; then \
      train="-XX:AOTCacheOutput=/app/loadsmith.aot"; use="-XX:AOTCache=/app/loadsmith.aot"; \
    else \
      train="-XX:ArchiveClassesAtExit=/app/loadsmith.jsa"; use="-XX:SharedArchiveFile=/app/loadsmith.jsa"; \
    fi; \
    LOADSMITH_ADMIN_PASSWORD=training-run-only java -Dspring.aot.enabled=true $train \
        -Dloadsmith.training-run=true -jar /app/loadsmith.jar \
        --server.port=0 --spring.datasource.url=jdbc:h2:mem:training --logging.level.root=WARN; \
    printf '%s\n' "$use" > /app/jvm.options
USER loadsmith
EXPOSE 8080
VOLUME /app/data
# Readiness (the metadata store answers) checked by a small Java class of the application, so the
# check needs nothing but the JRE that any RUN_IMAGE has: no curl or wget in the image.
HEALTHCHECK --interval=30s --timeout=10s --start-period=120s --retries=3 \
  CMD ["java", "-Xmx16m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto", \
       "-cp", "/app/loadsmith.jar", "io.loadsmith.ops.HealthCheck"]
# Faster start (docs/benchmarks.md, table 6): the classes of the training start are mapped from the
# archive (/app/jvm.options names it) instead of loaded from jars, and the context is the one prepared
# at build time (AOT: no configuration classes parsed, repositories generated). A missing or stale archive only costs the
# speed-up; AOT fixes the bean set at build time, so profiles and properties still apply but a
# property that would add or remove beans (an @Conditional) does not.
ENTRYPOINT ["java", "@/app/jvm.options", "-Dspring.aot.enabled=true", "-jar", "/app/loadsmith.jar"]
