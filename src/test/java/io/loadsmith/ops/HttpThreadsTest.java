package io.loadsmith.ops;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.catalina.connector.Connector;
import org.apache.coyote.AbstractProtocol;
import org.junit.jupiter.api.Test;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.mock.env.MockEnvironment;

/** The request threads: four per core by default, the operator's setting when there is one. */
class HttpThreadsTest {

    @Test
    void fourPerCoreAndAtLeastEight() {
        assertThat(HttpThreads.forCores(1)).isEqualTo(8);
        assertThat(HttpThreads.forCores(2)).isEqualTo(8);
        assertThat(HttpThreads.forCores(16)).isEqualTo(64);
    }

    @Test
    void withoutTheSettingTheConnectorGetsFourPerCore() {
        assertThat(maxThreads(new MockEnvironment()))
                .isEqualTo(HttpThreads.forCores(Runtime.getRuntime().availableProcessors()));
    }

    @Test
    void theSettingIsLeftToSpringBoot() {
        TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory();
        new HttpThreads(new MockEnvironment().withProperty(HttpThreads.PROPERTY, "50")).customize(factory);
        assertThat(factory.getConnectorCustomizers()).isEmpty();
    }

    private static int maxThreads(MockEnvironment environment) {
        TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory();
        new HttpThreads(environment).customize(factory);
        Connector connector = new Connector("HTTP/1.1");
        factory.getConnectorCustomizers().forEach(customizer -> customizer.customize(connector));
        return ((AbstractProtocol<?>) connector.getProtocolHandler()).getMaxThreads();
    }
}
