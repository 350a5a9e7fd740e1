package io.loadsmith.store;

import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.MockMvcBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

/**
 * Full-stack MockMvc tests act as a signed-in person (the base classes carry {@code @WithMockUser},
 * ADMIN unless a test says otherwise) whose requests carry a valid CSRF token, as the designer's
 * forms and htmx calls do. Who may do what is tested on its own, in the security tests.
 */
@TestConfiguration(proxyBeanMethods = false)
public class SignedInMockMvc {

    @Bean
    MockMvcBuilderCustomizer csrfOnEveryRequest() {
        return builder -> builder.defaultRequest(MockMvcRequestBuilders.get("/").with(csrf()));
    }
}
