package io.loadsmith.packages.deployment.api;

import java.net.URI;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import io.loadsmith.export.migration.DestructiveMigrationException;
import io.loadsmith.export.migration.MigrationNotExpressibleException;
import jakarta.servlet.http.HttpServletRequest;

/**
 * A migration that is refused (destructive changes not allowed) or cannot be expressed: 422 with
 * each change. Ordered before the API's catch-all handler; other failures go on to it.
 */
@RestControllerAdvice(basePackageClasses = MigrationController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class MigrationProblems {

    @ExceptionHandler(DestructiveMigrationException.class)
    ProblemDetail destructive(DestructiveMigrationException e, HttpServletRequest request) {
        ProblemDetail problem = problem("Destructive migration refused", e.getMessage(), request);
        problem.setProperty("destructiveChanges", e.changes());
        return problem;
    }

    @ExceptionHandler(MigrationNotExpressibleException.class)
    ProblemDetail notExpressible(MigrationNotExpressibleException e, HttpServletRequest request) {
        ProblemDetail problem = problem("Migration cannot be expressed", e.getMessage(), request);
        problem.setProperty("change", e.change());
        problem.setProperty("dialect", e.dialect());
        problem.setProperty("reason", e.reason());
        return problem;
    }

    private static ProblemDetail problem(String title, String detail, HttpServletRequest request) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_CONTENT, detail);
        problem.setTitle(title);
        problem.setInstance(URI.create(request.getRequestURI()));
        return problem;
    }
}
