package io.loadsmith.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.core.annotation.AliasFor;
import org.springframework.web.bind.annotation.ControllerAdvice;

/**
 * Advice for the designer's page controllers only, the one list of their packages. An advice for
 * every controller also runs on each API call (a model attribute was about 2 % of a trivial call's
 * CPU, docs/benchmarks.md), where nothing reads it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ControllerAdvice(basePackages = {"io.loadsmith.home.web", "io.loadsmith.account.web", "io.loadsmith.entity.web",
        "io.loadsmith.load.web", "io.loadsmith.entitytype.web", "io.loadsmith.template.web", "io.loadsmith.audit.web",
        "io.loadsmith.packages.deployment.web", "io.loadsmith.tryit.web", "io.loadsmith.lineage.web",
        "io.loadsmith.packages.web", "io.loadsmith.environment.web", "io.loadsmith.preset.web",
        "io.loadsmith.configuration.web"})
public @interface PageControllerAdvice {

    /** Other controllers that render pages too (e.g. Spring Boot's error controller). */
    @AliasFor(annotation = ControllerAdvice.class, attribute = "assignableTypes")
    Class<?>[] alsoFor() default {};
}
