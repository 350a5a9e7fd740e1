package loadsmithbench.emptyweb;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The baseline of benchmark 6: an empty Spring Boot web application of the same Boot version (what
 * spring-boot-starter-webmvc alone configures: Tomcat, Spring MVC, Jackson, error pages), with one
 * endpoint answering 401 like Loadsmith's GET /api/v1/dialects without a token.
 */
@SpringBootConfiguration
@ImportAutoConfiguration({
        org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration.class,
        org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration.class,
        org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration.class,
        org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration.class,
        org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration.class,
        org.springframework.boot.servlet.autoconfigure.HttpEncodingAutoConfiguration.class,
        org.springframework.boot.servlet.autoconfigure.MultipartAutoConfiguration.class,
        org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration.class,
        org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration.class})
@RestController
public class EmptyWebApp {

    @GetMapping("/api/v1/dialects")
    ResponseEntity<String> dialects() {
        return ResponseEntity.status(401).body("token required");
    }

    public static void main(String[] args) {
        SpringApplication.run(EmptyWebApp.class, args);
    }
}
