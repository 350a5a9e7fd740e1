package io.loadsmith.web;

import java.net.URI;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;

import io.loadsmith.dialect.UnknownDialectException;
import io.loadsmith.exchange.InvalidPackageException;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.render.RenderBusyException;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.ForbiddenException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.NotSignedInException;
import io.loadsmith.problem.PayloadTooLargeException;
import io.loadsmith.problem.RefusedBody;
import io.loadsmith.problem.StaleVersionException;
import io.loadsmith.problem.UnprocessableRequestException;
import jakarta.persistence.OptimisticLockException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.ConstraintViolation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.InvalidFormatException;

/**
 * The one place where failures become RFC 9457 problem details. Messages are written for users;
 * Java internals (stack traces, exception class names, SQL) never reach a response.
 */
@RestControllerAdvice
public class ApiExceptionHandler extends ResponseEntityExceptionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(ApiExceptionHandler.class);

    @ExceptionHandler(NotFoundException.class)
    ProblemDetail notFound(NotFoundException e, HttpServletRequest request) {
        return problem(HttpStatus.NOT_FOUND, "Not found", e.getMessage(), request);
    }

    @ExceptionHandler(NotSignedInException.class)
    ResponseEntity<ProblemDetail> notSignedIn(NotSignedInException e, HttpServletRequest request) {
        return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
                .header(HttpHeaders.WWW_AUTHENTICATE, e.invalidToken()
                        ? "Bearer realm=\"loadsmith\", error=\"invalid_token\"" : "Bearer realm=\"loadsmith\"")
                .body(problem(HttpStatus.UNAUTHORIZED, "Not signed in", e.getMessage(), request));
    }

    @ExceptionHandler(ForbiddenException.class)
    ProblemDetail forbidden(ForbiddenException e, HttpServletRequest request) {
        return problem(HttpStatus.FORBIDDEN, "Forbidden", e.getMessage(), request);
    }

    @ExceptionHandler(InvalidRequestException.class)
    ProblemDetail invalid(InvalidRequestException e, HttpServletRequest request) {
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "Invalid request", e.getMessage(), request);
        e.properties().forEach(problem::setProperty);
        problem.setProperty("errors", e.errors());
        return problem;
    }

    @ExceptionHandler(UnprocessableRequestException.class)
    ProblemDetail unprocessable(UnprocessableRequestException e, HttpServletRequest request) {
        return problem(HttpStatus.UNPROCESSABLE_CONTENT, "Unprocessable request", e.getMessage(), request,
                "errors", e.errors());
    }

    @ExceptionHandler(StaleVersionException.class)
    ProblemDetail stale(StaleVersionException e, HttpServletRequest request) {
        return problem(HttpStatus.CONFLICT, "Version conflict", e.getMessage(), request,
                "currentVersion", e.currentVersion());
    }

    @ExceptionHandler(ConflictException.class)
    ProblemDetail conflict(ConflictException e, HttpServletRequest request) {
        return problem(HttpStatus.CONFLICT, "Conflict", e.getMessage(), request);
    }

    /** Two writers raced between our read and our write; the client's own version check passed. */
    @ExceptionHandler({OptimisticLockingFailureException.class, OptimisticLockException.class})
    ProblemDetail concurrentWrite(Exception e, HttpServletRequest request) {
        return problem(HttpStatus.CONFLICT, "Version conflict",
                "Someone else changed this at the same moment. Reload it and apply your change again.", request);
    }

    /** The database's constraints are the last guard (a duplicate inserted concurrently, a reference still in use). */
    @ExceptionHandler(DataIntegrityViolationException.class)
    ProblemDetail integrity(DataIntegrityViolationException e, HttpServletRequest request) {
        LOG.info("Constraint violation on {}: {}", request.getRequestURI(), e.getMostSpecificCause().getMessage());
        return problem(HttpStatus.CONFLICT, "Conflict",
                "The change conflicts with stored data: a name that is already taken, or something that is still referenced.",
                request);
    }

    @ExceptionHandler(GenerationException.class)
    ProblemDetail generation(GenerationException e, HttpServletRequest request) {
        ProblemDetail problem = problem(HttpStatus.UNPROCESSABLE_CONTENT, "Generation failed", e.getMessage(), request);
        e.location().properties().forEach(problem::setProperty);
        problem.setProperty("reason", e.detail());
        return problem;
    }

    /** Every render thread busy and every waiting place taken: the caller may try again shortly. */
    @ExceptionHandler(RenderBusyException.class)
    ResponseEntity<ProblemDetail> renderBusy(RenderBusyException e, HttpServletRequest request) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "2")
                .body(problem(HttpStatus.SERVICE_UNAVAILABLE, "Too many renders at once", e.detail(), request));
    }

    /** A package that cannot be imported: every problem with its JSON path, nothing stored. */
    @ExceptionHandler(InvalidPackageException.class)
    ProblemDetail invalidPackage(InvalidPackageException e, HttpServletRequest request) {
        return problem(HttpStatus.BAD_REQUEST, "Invalid package", e.getMessage(), request, "problems", e.problems());
    }

    @ExceptionHandler(PayloadTooLargeException.class)
    ProblemDetail tooLarge(PayloadTooLargeException e, HttpServletRequest request) {
        return problem(HttpStatus.CONTENT_TOO_LARGE, "Request too large", e.getMessage(), request,
                "maxBytes", e.maxBytes());
    }

    /** Tomcat could not read the query or form parameters: over its form limit (413), or malformed. */
    @ExceptionHandler(InvalidParameterException.class)
    ProblemDetail parametersNotRead(InvalidParameterException e, HttpServletRequest request) {
        if (e.getErrorCode() == HttpStatus.CONTENT_TOO_LARGE.value()) {
            RefusedBody.discardRest(request);
            return problem(HttpStatus.CONTENT_TOO_LARGE, "Request too large",
                    "The form is larger than the server accepts; nothing was changed.", request);
        }
        return problem(HttpStatus.BAD_REQUEST, "Invalid request", "The query or form parameters could not be read.", request);
    }

    @ExceptionHandler(UnknownDialectException.class)
    ProblemDetail unknownDialect(UnknownDialectException e, HttpServletRequest request) {
        return problem(HttpStatus.BAD_REQUEST, "Unknown dialect", e.getMessage(), request);
    }

    /** The metadata store is down or unreachable: say so, and that trying again later is the remedy. */
    @ExceptionHandler({CannotCreateTransactionException.class,
            DataAccessResourceFailureException.class})
    ResponseEntity<ProblemDetail> storeUnavailable(Exception e, HttpServletRequest request) {
        LOG.warn("Metadata store unavailable on {} {}: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "5")
                .body(problem(HttpStatus.SERVICE_UNAVAILABLE, "Metadata store unavailable",
                        "The metadata store cannot be reached; nothing was changed. Try again in a few seconds.", request));
    }

    @ExceptionHandler(Exception.class)
    Object unexpected(Exception e, HttpServletRequest request) {
        if (lostStoreConnection(e)) {
            return storeUnavailable(e, request);
        }
        LOG.error("Unexpected failure on {} {}", request.getMethod(), request.getRequestURI(), e);
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, "Internal error",
                "Something went wrong on the server; the change, if any, was not saved. The server log has the details.",
                request);
    }

    /** A connection that broke under a running request (SQLState class 08), however Spring wrapped it. */
    private static boolean lostStoreConnection(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException || t instanceof SQLRecoverableException
                    || (t instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08"))
                    // The pool's closed-connection proxy says so without an SQLState.
                    || (t instanceof SQLException && "Connection is closed".equals(t.getMessage()))) {
                return true;
            }
        }
        return false;
    }

    /** Bean validation of a request body: one entry per field, like our own checks. */
    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        List<FieldProblem> errors = e.getBindingResult().getFieldErrors().stream()
                .map(f -> f.contains(ConstraintViolation.class) ? FieldProblem.of(f.unwrap(ConstraintViolation.class))
                        : new FieldProblem(f.getField(), f.getRejectedValue() == null ? null : f.getRejectedValue().toString(),
                                f.getDefaultMessage()))
                .toList();
        InvalidRequestException invalid = new InvalidRequestException(errors, Map.of());
        return ResponseEntity.badRequest().body(invalid(invalid, servletRequest(request)));
    }

    /** Malformed JSON or a value of the wrong type: say which field and what fits, never which Java class. */
    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        // A number too large for its field fails while the token is read (no DatabindException), with the path.
        if (e.getCause() instanceof JacksonException databind && !databind.getPath().isEmpty()
                && (databind instanceof DatabindException || databind instanceof InputCoercionException)) {
            String field = jsonPath(databind);
            String value = null;
            String message = "has a value of the wrong kind (for example text where a list or object belongs)";
            if (databind instanceof InputCoercionException coercion) {
                message = "is not " + expected(coercion.getTargetType()) + " that fits (at most " + largest(coercion.getTargetType()) + ")";
            } else if (databind instanceof InvalidFormatException format) {
                value = String.valueOf(format.getValue());
                message = "is not " + expected(format.getTargetType());
            }
            InvalidRequestException invalid = new InvalidRequestException(List.of(new FieldProblem(field, value, message)),
                    Map.of());
            return ResponseEntity.badRequest().body(invalid(invalid, servletRequest(request)));
        }
        // Well-formed JSON of the wrong shape at the top ([1, 2] where an object belongs) is not a syntax error.
        String detail = e.getCause() instanceof DatabindException
                ? "The request body is JSON, but not of the shape this endpoint takes: the top must be an object with "
                  + "the fields it documents, and no list may hold null."
                : "The request body is not valid JSON.";
        return ResponseEntity.badRequest().body(problem(HttpStatus.BAD_REQUEST, "Invalid request", detail,
                servletRequest(request)));
    }

    private static String expected(Class<?> type) {
        if (type.isEnum()) {
            return "one of " + String.join(", ", Arrays.stream(type.getEnumConstants())
                    .map(Object::toString).toList());
        }
        if (Number.class.isAssignableFrom(type) || type == int.class || type == long.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        return "a valid value here";
    }

    private static String largest(Class<?> type) {
        return type == Long.class || type == long.class ? String.valueOf(Long.MAX_VALUE) : String.valueOf(Integer.MAX_VALUE);
    }

    /** {@code steps[2].type}, the way our own field errors name places. */
    private static String jsonPath(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (var reference : e.getPath()) {
            if (reference.getPropertyName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static HttpServletRequest servletRequest(WebRequest request) {
        return ((NativeWebRequest) request).getNativeRequest(HttpServletRequest.class);
    }

    private static ProblemDetail problem(HttpStatus status, String title, String detail, HttpServletRequest request) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        if (request != null) {
            problem.setInstance(URI.create(request.getRequestURI()));
        }
        return problem;
    }

    /** A problem with the one property of its own a client acts on (errors, currentVersion, maxBytes, ...). */
    private static ProblemDetail problem(HttpStatus status, String title, String detail, HttpServletRequest request,
                                         String property, Object value) {
        ProblemDetail problem = problem(status, title, detail, request);
        problem.setProperty(property, value);
        return problem;
    }
}
