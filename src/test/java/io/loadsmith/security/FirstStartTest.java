package io.loadsmith.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.config.annotation.authentication.configuration.AuthenticationConfiguration;

import io.loadsmith.LoadsmithApplication;
import io.loadsmith.account.AccountService;

/**
 * The administrator on a store's first start: a generated password written once to the log, or
 * LOADSMITH_ADMIN_PASSWORD; never a fixed default, and a weak given password stops the start.
 */
@ExtendWith(OutputCaptureExtension.class)
class FirstStartTest {

    private static final Pattern GENERATED = Pattern.compile("with the generated password: (\\S+)");

    @Test
    void aGeneratedPasswordIsLoggedOnceAndSignsIn(CapturedOutput output) throws Exception {
        String store = "--spring.datasource.url=jdbc:h2:mem:first-start;DB_CLOSE_DELAY=-1";
        try (ConfigurableApplicationContext first = start(store)) {
            Matcher logged = GENERATED.matcher(output.getOut());
            assertThat(logged.find()).as("the generated password is in the log").isTrue();
            String password = logged.group(1);
            assertThat(password).hasSize(20);
            AuthenticationManager signIn = first.getBean(AuthenticationConfiguration.class).getAuthenticationManager();
            assertThat(signIn.authenticate(UsernamePasswordAuthenticationToken.unauthenticated("admin", password))
                    .getAuthorities()).extracting(Object::toString).contains("ROLE_ADMIN");
            assertThatThrownBy(() -> signIn.authenticate(UsernamePasswordAuthenticationToken.unauthenticated("admin", "admin")))
                    .isInstanceOf(BadCredentialsException.class);
        }
        int printed = output.getOut().split("generated password", -1).length - 1;
        try (ConfigurableApplicationContext second = start(store)) {
            assertThat(second.getBean(AccountService.class).list()).hasSize(1);
        }
        assertThat(output.getOut().split("generated password", -1).length - 1)
                .as("a second start on the same store prints no password").isEqualTo(printed);
    }

    @Test
    void theEnvironmentsPasswordIsTakenAndAWeakOneStopsTheStart() throws Exception {
        try (ConfigurableApplicationContext app = start("--spring.datasource.url=jdbc:h2:mem:given;DB_CLOSE_DELAY=-1",
                "--loadsmith.admin.password=" + TestAccounts.PASSWORD)) {
            AuthenticationManager signIn = app.getBean(AuthenticationConfiguration.class).getAuthenticationManager();
            assertThat(signIn.authenticate(UsernamePasswordAuthenticationToken.unauthenticated("admin", TestAccounts.PASSWORD))
                    .isAuthenticated()).isTrue();
        }
        assertThatThrownBy(() -> start("--spring.datasource.url=jdbc:h2:mem:weak;DB_CLOSE_DELAY=-1",
                "--loadsmith.admin.password=admin").close())
                .hasStackTraceContaining("LOADSMITH_ADMIN_PASSWORD is too weak: it must be 12 to 128 characters long");
    }

    private static ConfigurableApplicationContext start(String... arguments) {
        String[] all = new String[arguments.length + 2];
        all[0] = "--server.port=0";
        all[1] = "--spring.flyway.locations=classpath:db/migration";
        System.arraycopy(arguments, 0, all, 2, arguments.length);
        return new SpringApplicationBuilder(LoadsmithApplication.class).run(all);
    }
}
