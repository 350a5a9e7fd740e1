package io.loadsmith.store;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.loadsmith.LoadsmithApplication;

/** Starts the application as one of several instances on one PostgreSQL store, as behind a load balancer. */
public final class SharedStoreInstances {

    private SharedStoreInstances() {
    }

    public static ConfigurableApplicationContext start(EmbeddedPostgresHolder.Database database, String adminPassword,
                                                       String... more) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--logging.level.root=WARN",
                "--spring.datasource.url=" + EmbeddedPostgresHolder.jdbcUrl(database),
                "--spring.datasource.username=postgres", "--spring.datasource.password=postgres",
                "--loadsmith.admin.password=" + adminPassword));
        args.addAll(List.of(more));
        return new SpringApplicationBuilder(LoadsmithApplication.class).run(args.toArray(String[]::new));
    }
}
