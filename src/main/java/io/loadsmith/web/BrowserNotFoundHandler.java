package io.loadsmith.web;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import jakarta.servlet.http.HttpServletRequest;

/**
 * An address that nothing serves: a browser gets the error page, every other client the same
 * problem detail, naming the method and address.
 */
@ControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class BrowserNotFoundHandler {

    @ExceptionHandler(NoResourceFoundException.class)
    Object notFound(NoResourceFoundException e, HttpServletRequest request) {
        String accept = request.getHeader("Accept");
        if (accept != null && accept.contains("text/html")) {
            ModelAndView page = new ModelAndView("error", HttpStatus.NOT_FOUND);
            page.addObject("title", "Not found");
            page.addObject("detail", "There is no page at " + request.getRequestURI() + ".");
            page.addObject("status", 404);
            return page;
        }
        // Spring's own detail says "No static resource …", which is the server's view, not the client's.
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, "Nothing is served at "
                + request.getMethod() + " " + request.getRequestURI() + "; the API's endpoints are listed at /v3/api-docs.");
        problem.setTitle("Not found");
        problem.setInstance(java.net.URI.create(request.getRequestURI()));
        return ResponseEntity.status(HttpStatus.NOT_FOUND).headers(e.getHeaders()).body(problem);
    }
}
