package io.loadsmith.audit.web;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;

import org.springframework.data.domain.Page;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.util.UriComponentsBuilder;

import io.loadsmith.audit.AuditFilter;
import io.loadsmith.audit.AuditLog;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.audit.AuditEntry;
import io.loadsmith.audit.AuditEventResponse;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.web.Htmx;
import jakarta.servlet.http.HttpServletRequest;

/** The audit pages: events newest first with filters and paging, and one event with its diff. */
@Controller
@RequestMapping("/audit")
record AuditPageController(AuditLog log) {

    static final int PAGE_SIZE = 50;

    /** The filter as the user typed it; dates are days in UTC, both inclusive. */
    public record Filter(String objectKind, String objectName, String actor, String from, String to) {
    }

    /** Where the list stands, and the addresses of the pages beside it (null at either end). */
    public record Pager(int page, int pages, long total, String previous, String next) {
    }

    @GetMapping
    public String list(@RequestParam(required = false) String objectKind, @RequestParam(required = false) String objectName,
                       @RequestParam(required = false) String actor, @RequestParam(required = false) String from,
                       @RequestParam(required = false) String to, @RequestParam(defaultValue = "0") int page,
                       Model model, HttpServletRequest request) {
        AuditFilter filter = new AuditFilter(kind(objectKind), objectName, actor, day("from", from, 0),
                day("to", to, 1));
        Page<AuditEntry> events = log.page(filter, page, PAGE_SIZE);
        model.addAttribute("filter", new Filter(objectKind, objectName, actor, from, to));
        model.addAttribute("kinds", ObjectKind.values());
        model.addAttribute("events", events.getContent());
        model.addAttribute("pager", new Pager(events.getNumber(), Math.max(events.getTotalPages(), 1),
                events.getTotalElements(), events.hasPrevious() ? pageUrl(request, events.getNumber() - 1) : null,
                events.hasNext() ? pageUrl(request, events.getNumber() + 1) : null));
        return Htmx.view(request, "audit/list", "results");
    }

    @GetMapping("/{id}")
    public String show(@PathVariable long id, Model model) {
        AuditEventResponse event = log.get(id);
        model.addAttribute("event", event);
        model.addAttribute("change", JsonChange.of(event.before(), event.after()));
        return "audit/detail";
    }

    private static ObjectKind kind(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        return Arrays.stream(ObjectKind.values()).filter(k -> k.name().equals(value)).findFirst()
                .orElseThrow(() -> InvalidRequestException.of("objectKind", value, "is not a kind of object"));
    }

    /** A day as the start of that day in UTC, or of the next one for an inclusive upper bound. */
    private static Instant day(String field, String value, int plusDays) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(value.strip()).plusDays(plusDays).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException e) {
            throw InvalidRequestException.of(field, value, "is not a date (yyyy-mm-dd)");
        }
    }

    /** The same list and filter, another page; relative, so it works behind a proxy. */
    private static String pageUrl(HttpServletRequest request, int page) {
        return UriComponentsBuilder.fromPath(request.getRequestURI()).query(request.getQueryString())
                .replaceQueryParam("page", page).build().toUriString();
    }
}
