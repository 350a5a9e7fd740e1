package io.loadsmith.packages.web;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import org.springframework.stereotype.Component;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.template.TemplateService;
import io.loadsmith.template.TemplateResponse;
import io.loadsmith.web.Link;

/**
 * What the working state of a package holds, for its page: its entities, the loads that write
 * them and its own templates, each by name and cut at {@link #CAP} rows (an import can hold
 * thousands), with the count and where the whole list is.
 */
@Component
record PackageContents(EntityService entities, LoadService loads, TemplateService templates) {

    /** The most rows of one kind the package page shows. */
    public static final int CAP = 50;

    /** One kind of object: the first rows by name, how many there are, and the page that lists every one. */
    public record Listed<T>(List<T> shown, int total, String all) {

        public boolean cut() {
            return total > shown.size();
        }
    }

    public record EntityRow(String qualifiedName, String entityType, int attributes, String url) {
    }

    public record LoadRow(String name, String target, String url) {
    }

    public record TemplateRow(String name, String description, String url) {
    }

    public record Contents(Listed<EntityRow> entities, Listed<LoadRow> loads, Listed<TemplateRow> templates) {

        public boolean empty() {
            return entities.total() + loads.total() + templates.total() == 0;
        }
    }

    /** Read by the package readers that commit and export use, so the page lists what a commit would hold. */
    public Contents of(PackageResponse pkg) {
        String name = pkg.name();
        List<TemplateResponse> own = templates.list(null).stream().filter(t -> name.equals(t.packageName())).toList();
        return new Contents(
                listed(entities.ofPackage(name), EntityResponse::qualifiedName, e -> new EntityRow(e.qualifiedName(),
                        e.entityType(), e.attributes().size(), Link.to("/entities/{id}", e.id()).toString()),
                        Link.to("/entities").param("package", name).toString()),
                listed(loads.ofPackage(name), LoadResponse::name,
                        l -> new LoadRow(l.name(), l.target(), Link.to("/loads/{id}", l.id()).toString()),
                        Link.to("/loads").param("package", name).toString()),
                // The template list has no package filter; a package owns few templates, if any.
                listed(own, TemplateResponse::name, t -> new TemplateRow(t.name(), t.description(),
                        Link.to("/configuration/templates/{id}", t.id()).toString()), "/configuration/templates"));
    }

    /** Sorted by name ignoring case (as unquoted SQL names compare), then exactly, so the cut is always the same. */
    private static <S, T> Listed<T> listed(List<S> all, Function<S, String> name, Function<S, T> row, String everyOne) {
        List<T> shown = all.stream().sorted(Comparator.comparing(name, String.CASE_INSENSITIVE_ORDER).thenComparing(name))
                .limit(CAP).map(row).toList();
        return new Listed<>(shown, all.size(), everyOne);
    }
}
