# Build: the Maven image compiles and packages; tests run in CI, not here.
FROM maven:3.9-eclipse-temurin-17 AS build
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
FROM eclipse-temurin:17-jre
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
ENTRYPOINT ["java", "org.springframework.boot.loader.launch.JarLauncher"]
