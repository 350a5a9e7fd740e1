# Base images are arguments, so a team that mirrors its images (or CI, which builds them from
# Debian's packages: ops/container-smoke.sh) builds this same file:
#   docker build --build-arg BUILD_IMAGE=mirror/maven:3.9-jdk17 --build-arg RUN_IMAGE=mirror/jre:17 .
# BUILD_IMAGE needs a JDK 17 and Maven; RUN_IMAGE a Java 17 runtime, groupadd and useradd.
ARG BUILD_IMAGE=maven:3.9-eclipse-temurin-17
ARG RUN_IMAGE=eclipse-temurin:17-jre

# Build: the Maven image compiles and packages; tests run in CI, not here.
FROM ${BUILD_IMAGE} AS build
WORKDIR /src
COPY pom.xml .
RUN mvn -B -q dependency:go-offline
COPY src src
COPY db db
COPY templates-library templates-library
COPY frontend frontend
RUN mvn -B -q package -DskipTests \
 && java -Djarmode=tools -jar target/loadsmith.jar extract --layers --launcher --destination /layers

# Run: a JRE, the jar's layers (dependencies change least, so they come first), a non-root user.
FROM ${RUN_IMAGE}
RUN groupadd --system loadsmith && useradd --system --gid loadsmith --home /app loadsmith \
 && mkdir -p /app/data && chown loadsmith:loadsmith /app/data
WORKDIR /app
COPY --from=build /layers/dependencies/ ./
COPY --from=build /layers/spring-boot-loader/ ./
COPY --from=build /layers/snapshot-dependencies/ ./
COPY --from=build /layers/application/ ./
USER loadsmith
EXPOSE 8080
VOLUME /app/data
# Readiness (the metadata store answers) checked by a small Java class of the application, so the
# check needs nothing but the JRE that any RUN_IMAGE has: no curl or wget in the image.
HEALTHCHECK --interval=30s --timeout=10s --start-period=120s --retries=3 \
  CMD ["java", "-Xmx16m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto", \
       "-cp", "/app/BOOT-INF/classes", "io.loadsmith.ops.HealthCheck"]
# Faster start (docs/benchmarks.md, table 6; README "Start-up of the server"): class-data sharing
# needs plain jars on the class path, so the jar extracted without the launcher
# (`java -Djarmode=tools -jar loadsmith.jar extract --destination /app`: /app/loadsmith.jar and
# /app/lib/), a class list from one training start of the same JRE that stops after the context
# refresh (`java -XX:DumpLoadedClassList=/app/classes.lst -Dspring.context.exit=onRefresh -jar
# /app/loadsmith.jar --spring.datasource.url=jdbc:h2:mem:training`), the archive
# (`java -Xshare:dump -XX:SharedClassListFile=/app/classes.lst -XX:SharedArchiveFile=/app/loadsmith.jsa
# -cp /app/loadsmith.jar`), and `-XX:SharedArchiveFile=/app/loadsmith.jsa -jar /app/loadsmith.jar`
# here. This image keeps the layered launcher until that layout has passed ops/container-smoke.sh.
ENTRYPOINT ["java", "org.springframework.boot.loader.launch.JarLauncher"]
