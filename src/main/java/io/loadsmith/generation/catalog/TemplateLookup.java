package io.loadsmith.generation.catalog;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;


/**
 * The load templates a step can call, as the generator finds them: stored ones first, shipped ones
 * where no stored template has the name. The designer builds template-step forms from these.
 */
@Service
@Transactional(readOnly = true)
public class TemplateLookup {

    private final TemplateCatalog catalog;
    private final LibraryTemplateSource library;

    public TemplateLookup(TemplateCatalog catalog, LibraryTemplateSource library) {
        this.catalog = catalog;
        this.library = library;
    }

    /**
     * No transaction of its own: the catalog's stored templates come from a cache that reads in one
     * of its own on a miss, and the live preview asks for each template step on every keystroke.
     */
    @Transactional(propagation = Propagation.SUPPORTS, readOnly = true)
    public Optional<TemplateDefinition> find(String name) {
        return name == null || name.isBlank() ? Optional.empty() : catalog.find(TemplateKind.TEMPLATE, name);
    }

    /** The template shipped in the library under this name, whether or not a stored one shadows it. */
    public Optional<TemplateDefinition> shipped(String name) {
        return name == null || name.isBlank() ? Optional.empty() : library.find(TemplateKind.TEMPLATE, name);
    }

    /** Every transformation type's formulas by name: shipped ones, replaced by stored ones of the same name. */
    public List<TemplateDefinition> formulas() {
        Map<String, TemplateDefinition> byName = new TreeMap<>();
        library.all(TemplateKind.FORMULA).forEach(d -> byName.put(d.name(), d));
        return List.copyOf(byName.values());
    }

    /** Every callable load template by name. */
    public List<TemplateDefinition> all() {
        return catalog.all(TemplateKind.TEMPLATE);
    }
}
