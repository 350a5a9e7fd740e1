package io.loadsmith.web;

import java.util.stream.Collectors;

import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.ui.Model;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import io.loadsmith.dialect.UnknownDialectException;
import io.loadsmith.identity.CurrentUser;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.RefusedBody;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Failures the page controllers do not turn into form messages become an error page with a clear
 * message, never a stack trace. Ordered before the API's problem-detail handler, for pages only.
 */
@PageControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
public class WebExceptionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(WebExceptionHandler.class);

    private final DataSize formLimit;

    public WebExceptionHandler(@Value("${server.tomcat.max-http-form-post-size:2MB}") DataSize formLimit) {
        this.formLimit = formLimit;
    }

    @ExceptionHandler(NotFoundException.class)
    String notFound(NotFoundException e, HttpServletRequest request, HttpServletResponse response, Model model) {
        return page(HttpStatus.NOT_FOUND, "Not found", e.getMessage(), request, response, model);
    }

    @ExceptionHandler(ConflictException.class)
    String conflict(ConflictException e, HttpServletRequest request, HttpServletResponse response, Model model) {
        return page(HttpStatus.CONFLICT, "Not possible", e.getMessage(), request, response, model);
    }

    @ExceptionHandler({InvalidRequestException.class, UnknownDialectException.class})
    String invalid(RuntimeException e, HttpServletRequest request, HttpServletResponse response, Model model) {
        return page(HttpStatus.BAD_REQUEST, "Invalid request", e.getMessage(), request, response, model);
    }

    /** A hand-made or truncated form: say which field is missing or wrong rather than fail. */
    @ExceptionHandler({MissingServletRequestParameterException.class,
            MethodArgumentTypeMismatchException.class})
    String badForm(Exception e, HttpServletRequest request, HttpServletResponse response, Model model) {
        String detail = e instanceof MissingServletRequestParameterException missing
                ? "The form was sent without the field '" + missing.getParameterName() + "'; nothing was changed."
                : "The field '" + ((MethodArgumentTypeMismatchException) e).getName()
                        + "' has a value that does not fit; nothing was changed.";
        return page(HttpStatus.BAD_REQUEST, "Invalid request", detail, request, response, model);
    }

    /**
     * A form that did not bind (a checkbox sent as {@code maybe}, a forged row index) on a page whose
     * controller reads no binding result: name the fields rather than fail; the controller never ran.
     */
    @ExceptionHandler(MethodArgumentNotValidException.class)
    String formNotBound(MethodArgumentNotValidException e, HttpServletRequest request, HttpServletResponse response,
                        Model model) {
        String fields = e.getBindingResult().getFieldErrors().stream().map(FieldError::getField).distinct()
                .collect(Collectors.joining("', '"));
        return page(HttpStatus.BAD_REQUEST, "Invalid request", "The form's field '" + fields
                + "' has a value that does not fit; nothing was changed.", request, response, model);
    }

    /** Tomcat could not read the form: larger than server.tomcat.max-http-form-post-size (413), or malformed. */
    @ExceptionHandler(InvalidParameterException.class)
    String formNotRead(InvalidParameterException e, HttpServletRequest request, HttpServletResponse response,
                       Model model) {
        if (e.getErrorCode() != HttpStatus.CONTENT_TOO_LARGE.value()) {
            return page(HttpStatus.BAD_REQUEST, "Invalid request", "The form's data could not be read; nothing was saved.",
                    request, response, model);
        }
        RefusedBody.discardRest(request);
        return page(HttpStatus.CONTENT_TOO_LARGE, "Form too large", "The form is larger than " + formLimit.toMegabytes()
                + " MB, the most a form may send; nothing was saved.", request, response, model);
    }

    @ExceptionHandler(Exception.class)
    String unexpected(Exception e, HttpServletRequest request, HttpServletResponse response, Model model) {
        LOG.error("Unexpected failure on page {} {}", request.getMethod(), request.getRequestURI(), e);
        return page(HttpStatus.INTERNAL_SERVER_ERROR, "Something went wrong",
                "Something went wrong on the server; the change, if any, was not saved. The server log has the details.",
                request, response, model);
    }

    private static String page(HttpStatus status, String title, String detail, HttpServletRequest request,
                               HttpServletResponse response, Model model) {
        response.setStatus(status.value());
        // Model attributes of the advice do not reach an exception handler's view: the header needs who is signed in.
        model.addAttribute("me", CurrentUser.current());
        model.addAttribute("title", title);
        model.addAttribute("detail", detail);
        model.addAttribute("status", status.value());
        if (Htmx.isHtmx(request)) {
            response.setHeader("HX-Retarget", "#main");
            response.setHeader("HX-Reswap", "innerHTML");
            return "error :: content";
        }
        return "error";
    }
}
