package io.loadsmith.generation.context;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.loadsmith.generation.model.AttributeMappingModel;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.MappingModel;
import io.loadsmith.problem.InvalidRequestException;

/**
 * Builds {@link MappingModel}s from mappings that name their attributes (the store's rows, a draft,
 * a package document): each name is looked up in its entity, so templates see the attribute's
 * datatype. A name its entity no longer has (renamed or removed since the mapping was saved) is
 * refused naming the load, the mapping and the attribute.
 */
public final class MappingModels {

    /** A target attribute by name, fed by source attributes by name. */
    public record Named(String target, List<String> sources, String transformationType, String formula) {
    }

    private MappingModels() {
    }

    /** The mapping at {@code position} (1-based) of {@code load}. */
    public static MappingModel mapping(String load, int position, String name, String mappingType, EntityModel target,
                                       EntityModel source, List<Named> attributes) {
        String where = "Load '" + load + "', mapping " + position + " (" + source.schema() + "." + source.name() + ")";
        String field = "mappings[" + (position - 1) + "]";
        List<AttributeMappingModel> mapped = new ArrayList<>();
        for (int j = 0; j < attributes.size(); j++) {
            Named a = attributes.get(j);
            String at = field + ".attributes[" + j + "]";
            List<AttributeModel> sources = new ArrayList<>();
            for (int k = 0; k < a.sources().size(); k++) {
                sources.add(attribute(source, a.sources().get(k), at + ".sources[" + k + "]",
                        where + ", target attribute '" + a.target() + "': source attribute"));
            }
            mapped.add(new AttributeMappingModel(attribute(target, a.target(), at + ".target", where + ": target attribute"),
                    sources, a.transformationType(), a.formula()));
        }
        return new MappingModel(name, mappingType, position, source, mapped);
    }

    private static AttributeModel attribute(EntityModel entity, String name, String field, String what) {
        Optional<AttributeModel> exact = entity.attributes().stream().filter(a -> a.name().equals(name)).findFirst();
        return exact.or(() -> entity.attributes().stream()
                        .filter(a -> a.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))).findFirst())
                .orElseThrow(() -> InvalidRequestException.of(field, name, what + " '" + name + "' is not an attribute of "
                        + entity.schema() + "." + entity.name() + " (renamed or removed since the mapping was saved?)"));
    }
}
