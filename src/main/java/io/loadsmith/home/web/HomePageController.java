package io.loadsmith.home.web;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.entity.EntityService;
import io.loadsmith.load.LoadService;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.web.Htmx;
import jakarta.servlet.http.HttpServletRequest;

/** Home (packages, recent changes) and the global search. */
@Controller
record HomePageController(MetadataPackageService packages, EntityService entities, LoadService loads,
                          ConfigurationSearch configuration, PlaceSearch places) {

    /** One line of "recent changes" or of search results. */
    public record Item(String kind, String label, String detail, String url, Instant updatedAt) {
    }

    @GetMapping("/")
    public String home(Model model) {
        // A configuration import that owns nothing is named under the table, not listed as a row of zeros.
        var counts = packages.counts();
        model.addAttribute("packages", counts.stream().filter(p -> !p.sharedConfigurationOnly()).toList());
        model.addAttribute("sharedConfigurationPackages", counts.stream().filter(p -> p.sharedConfigurationOnly()).toList());
        List<Item> recent = new ArrayList<>();
        entities.recent().forEach(e -> recent.add(new Item("Entity", e.qualifiedName(),
                e.entityType() == null ? "" : e.entityType(), "/entities/" + e.id(), e.updatedAt())));
        loads.recent().forEach(l -> recent.add(new Item("Load", l.name(), "target " + l.target(),
                "/loads/" + l.id(), l.updatedAt())));
        recent.sort(Comparator.comparing(Item::updatedAt, Comparator.nullsLast(Comparator.reverseOrder())));
        model.addAttribute("recent", recent.stream().limit(10).toList());
        // Objects outside every package cannot be committed or exported: listed so they can be put in one.
        List<Item> loose = new ArrayList<>();
        Set<String> looseEntities = new HashSet<>();
        entities.list(null).stream().filter(e -> e.packageName() == null).forEach(e -> {
            looseEntities.add(e.qualifiedName());
            loose.add(new Item("Entity", e.qualifiedName(), "", "/entities/" + e.id(), e.updatedAt()));
        });
        loads.list(null).stream().filter(l -> looseEntities.contains(l.target())).forEach(l -> loose.add(
                new Item("Load", l.name(), "target " + l.target(), "/loads/" + l.id(), l.updatedAt())));
        model.addAttribute("withoutPackage", loose);
        return "home";
    }

    /**
     * Entities (by name or attribute name) with their lineage pages, loads (by name, step name or step
     * text), configuration (ConfigurationSearch) and places: packages, deployments, environments (PlaceSearch).
     */
    @GetMapping("/search")
    public String search(@RequestParam(name = "q", required = false) String q, Model model, HttpServletRequest request) {
        String text = q == null ? "" : q.strip();
        List<Item> results = new ArrayList<>();
        if (!text.isEmpty()) {
            String lower = text.toLowerCase();
            entities.search(text).forEach(e -> {
                List<String> attributes = e.attributes().stream().map(a -> a.name())
                        .filter(n -> n.toLowerCase().contains(lower)).toList();
                results.add(new Item("Entity", e.qualifiedName(),
                        attributes.isEmpty() ? "" : "attributes: " + String.join(", ", attributes),
                        "/entities/" + e.id(), e.updatedAt()));
                results.add(new Item("Lineage", e.qualifiedName(), "what it is loaded from and what reads it",
                        "/entities/" + e.id() + "/lineage", null));
            });
            loads.search(text).forEach(l -> {
                List<String> steps = l.steps().stream()
                        .filter(s -> s.name().toLowerCase().contains(lower) || s.text().toLowerCase().contains(lower))
                        .map(s -> s.name()).toList();
                results.add(new Item("Load", l.name(), steps.isEmpty() ? "" : "steps: " + String.join(", ", steps),
                        "/loads/" + l.id(), l.updatedAt()));
            });
            // A mapping leads to its load's mapping editor; the detail names the attributes that matched.
            loads.searchMappings(text).forEach(m -> results.add(new Item("Mapping", m.source() + " → " + m.target(),
                    "load " + m.load() + (m.attributes().isEmpty() ? "" : ": " + String.join("; ", m.attributes())),
                    "/loads/" + m.loadId() + "#mapping-editor", m.updatedAt())));
            results.addAll(configuration.search(text));
            results.addAll(places.search(text));
        }
        model.addAttribute("q", text);
        model.addAttribute("results", results);
        return Htmx.view(request, "search", "results");
    }
}
