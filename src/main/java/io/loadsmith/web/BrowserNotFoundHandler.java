package io.loadsmith.web;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import jakarta.servlet.http.HttpServletRequest;

/**
 * An address that nothing serves: a browser gets the error page, every other client the same
 * problem detail as before (the body Spring builds for the exception).
 */
@ControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class BrowserNotFoundHandler {

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
        return ResponseEntity.status(e.getStatusCode()).headers(e.getHeaders()).body(e.getBody());
    }
}
