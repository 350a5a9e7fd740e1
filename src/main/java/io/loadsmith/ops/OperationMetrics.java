package io.loadsmith.ops;

import java.util.Optional;
import java.util.function.Function;

import org.aopalliance.intercept.MethodInterceptor;
import org.springframework.aop.Advisor;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.NameMatchMethodPointcut;
import org.springframework.aop.support.RootClassFilter;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;

import io.loadsmith.account.token.ApiTokenService;
import io.loadsmith.exchange.InvalidPackageException;
import io.loadsmith.export.DeflatedPackage;
import io.loadsmith.export.SqlPackage;
import io.loadsmith.export.SqlPackageExporter;
import io.loadsmith.packages.PackageImporter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

/**
 * Meters of SQL package exports, package imports and API token checks, as advice around the public
 * methods that every caller (API, designer, restore) goes through, so none of those classes knows
 * about metrics. The advisors are infrastructure beans: the proxy that already carries a class's
 * transactions carries them too. Meters go to the global registry, as generation's do
 * (GenerationMetrics), which Spring Boot joins to its own.
 */
@Configuration(proxyBeanMethods = false)
class OperationMetrics {

    /**
     * {@code loadsmith.exports}: building a SQL package, by dialect and outcome; {@code deflated} is
     * the zip download's build (its files deflated as they are generated).
     */
    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static Advisor exportMetrics() {
        return around(SqlPackageExporter.class, timed("loadsmith.exports", "SQL package exports",
                built -> Tags.of("dialect", (built instanceof DeflatedPackage deflated ? deflated.manifest()
                        : ((SqlPackage) built).manifest()).dialect(), "outcome", "success"),
                failure -> Tags.of("dialect", "unknown", "outcome", "failure")), "build", "deflated");
    }

    /** {@code loadsmith.imports}: applying a package (import or restore), by outcome; invalid is the input's fault. */
    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static Advisor importMetrics() {
        return around(PackageImporter.class, timed("loadsmith.imports", "Package imports and restores",
                result -> Tags.of("outcome", "success"),
                failure -> Tags.of("outcome", failure instanceof InvalidPackageException ? "invalid" : "failure")), "apply");
    }

    /** {@code loadsmith.token.checks}: bearer tokens presented, accepted or rejected. */
    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static Advisor tokenCheckMetrics() {
        return around(ApiTokenService.class, invocation -> {
            Object bearer = invocation.proceed();
            String result = bearer instanceof Optional<?> found && found.isPresent() ? "accepted" : "rejected";
            Counter.builder("loadsmith.token.checks").description("Bearer tokens presented")
                    .tag("result", result).register(Metrics.globalRegistry).increment();
            return bearer;
        }, "authenticate");
    }

    /** Times the call; its tags come from the result, or from the failure, which is thrown on. */
    private static MethodInterceptor timed(String metric, String description, Function<Object, Tags> success,
                                           Function<Throwable, Tags> failed) {
        return invocation -> {
            Timer.Sample sample = Timer.start(Metrics.globalRegistry);
            Tags tags = Tags.empty();
            try {
                Object result = invocation.proceed();
                tags = success.apply(result);
                return result;
            } catch (Throwable e) {
                tags = failed.apply(e);
                throw e;
            } finally {
                sample.stop(Timer.builder(metric).description(description).tags(tags).register(Metrics.globalRegistry));
            }
        };
    }

    private static Advisor around(Class<?> type, MethodInterceptor interceptor, String... methods) {
        NameMatchMethodPointcut pointcut = new NameMatchMethodPointcut();
        pointcut.setClassFilter(new RootClassFilter(type));
        pointcut.setMappedNames(methods);
        return new DefaultPointcutAdvisor(pointcut, interceptor);
    }
}
