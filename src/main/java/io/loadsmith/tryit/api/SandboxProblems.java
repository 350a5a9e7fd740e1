package io.loadsmith.tryit.api;

import java.net.URI;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import io.loadsmith.tryit.SandboxRefusal;
import jakarta.servlet.http.HttpServletRequest;

/**
 * A sandbox that cannot take a run (busy, failed to start) is a 503 for a load's try and a model's
 * alike. Ordered before the API's catch-all handler.
 */
@RestControllerAdvice(basePackageClasses = TryController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class SandboxProblems {

    @ExceptionHandler(SandboxRefusal.class)
    ProblemDetail refused(SandboxRefusal e, HttpServletRequest request) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
        problem.setTitle("Sandbox unavailable");
        problem.setInstance(URI.create(request.getRequestURI()));
        return problem;
    }
}
