package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.RestController;

/**
 * Every page controller's package is one the page advice covers: a page added in a new feature
 * package would otherwise answer its refusals with the API's problem JSON, and lack {@code me}.
 */
class PageAdviceCoverageTest {

    @Test
    void everyPageControllerIsCoveredByTheHtmlErrorPages() throws ClassNotFoundException {
        ClassPathScanningCandidateComponentProvider scan = new ClassPathScanningCandidateComponentProvider(false);
        scan.addIncludeFilter(new AnnotationTypeFilter(Controller.class, false));
        assertThat(WebExceptionHandler.class).hasAnnotation(PageControllerAdvice.class);
        assertThat(Class.forName("io.loadsmith.security.CurrentUserAdvice")).hasAnnotation(PageControllerAdvice.class);
        List<String> covered = Arrays.asList(PageControllerAdvice.class.getAnnotation(ControllerAdvice.class).basePackages());
        List<Class<?>> pages = new java.util.ArrayList<>();
        for (var candidate : scan.findCandidateComponents("io.loadsmith")) {
            Class<?> type = Class.forName(candidate.getBeanClassName());
            if (!type.isAnnotationPresent(RestController.class)) {
                pages.add(type);
            }
        }
        assertThat(pages).hasSizeGreaterThan(10);
        assertThat(pages).allSatisfy(page -> assertThat(covered)
                .as(page.getName()).anyMatch(p -> page.getPackageName().equals(p) || page.getPackageName().startsWith(p + ".")));
    }
}
