package io.loadsmith.ops;

import org.apache.coyote.AbstractProtocol;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Request threads: four per core (at least 8) unless {@code server.tomcat.threads.max} says otherwise,
 * instead of Tomcat's 200. A request here is mostly CPU (generation, JSON, the security chain) with
 * short database reads, so more threads than that only take turns on the cores: with 16 clients on
 * 2 cores each request cost about a third more CPU, in switches and caches, than with 8 threads
 * (docs/benchmarks.md, "Preview at 16 clients"). Requests beyond the threads wait in Tomcat's queue,
 * their connections open. Raise it where requests wait on something slow: many concurrent SQL package
 * downloads to slow clients, or try-it runs waiting for a sandbox.
 */
@Component
class HttpThreads implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

    static final String PROPERTY = "server.tomcat.threads.max";

    private final Environment environment;

    HttpThreads(Environment environment) {
        this.environment = environment;
    }

    static int forCores(int cores) {
        return Math.max(8, 4 * cores);
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        if (environment.containsProperty(PROPERTY)) {
            return; // the operator's number, applied by Spring Boot
        }
        int threads = forCores(Runtime.getRuntime().availableProcessors());
        factory.addConnectorCustomizers(connector -> {
            if (connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol) {
                protocol.setMaxThreads(threads);
            }
        });
    }

    /** After Spring Boot's own customizer, which sets its default of 200. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
