package io.loadsmith.packages;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.AttributeTypeRequest;
import io.loadsmith.entitytype.AttributeTypeResponse;
import io.loadsmith.entitytype.DatatypeMappingRequest;
import io.loadsmith.entitytype.DatatypeMappingResponse;
import io.loadsmith.entitytype.DefaultAttributeRequest;
import io.loadsmith.entitytype.DefaultAttributeResponse;
import io.loadsmith.entitytype.EntityTypeRequest;
import io.loadsmith.entitytype.EntityTypeResponse;
import io.loadsmith.environment.EnvironmentRequest;
import io.loadsmith.environment.EnvironmentResponse;
import io.loadsmith.exchange.PackageDocument.AttributeTypeDoc;
import io.loadsmith.exchange.PackageDocument.DatatypeMappingDoc;
import io.loadsmith.exchange.PackageDocument.DefaultAttributeDoc;
import io.loadsmith.exchange.PackageDocument.EntityDoc;
import io.loadsmith.exchange.PackageDocument.EntityTypeDoc;
import io.loadsmith.exchange.PackageDocument.EnvironmentDoc;
import io.loadsmith.exchange.PackageDocument.LoadDoc;
import io.loadsmith.exchange.PackageDocument.PresetDoc;
import io.loadsmith.exchange.PackageDocument.TemplateDoc;
import io.loadsmith.exchange.PackageDocument.TransformationTypeDoc;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.preset.PresetRequest;
import io.loadsmith.preset.PresetResponse;
import io.loadsmith.template.TemplateRequest;
import io.loadsmith.template.TemplateResponse;
import io.loadsmith.template.TransformationTypeRequest;
import io.loadsmith.template.TransformationTypeResponse;

/**
 * Every field of a kind travels both ways: each API request field (but the row version and the
 * package, which the import supplies) has a field in the package document, and a stored object
 * exported and a document imported carry each field's value unchanged, nested parts included.
 * The objects are filled by reflection, so a field added to a record and forgotten in one
 * direction of {@link PackageMapping} fails here.
 */
class PackageMappingTest {

    /** Request fields the document does not carry: the row version and the owning package come from the import. */
    private static final Set<String> SUPPLIED_BY_IMPORT = Set.of("version", "packageName");
    /** Document fields that stand for the package rather than carry a field: a template of no package is shared. */
    private static final Set<String> OWNERSHIP = Set.of("shared");

    record Kind(String name, Class<? extends Record> doc, Class<? extends Record> request, Class<? extends Record> response,
                Function<Record, Record> export, Function<Record, Record> importing) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> kinds() {
        return Stream.of(
                kind("attribute type", AttributeTypeDoc.class, AttributeTypeRequest.class, AttributeTypeResponse.class,
                        r -> PackageMapping.doc((AttributeTypeResponse) r), d -> PackageMapping.request(1L, (AttributeTypeDoc) d)),
                kind("default attribute", DefaultAttributeDoc.class, DefaultAttributeRequest.class, DefaultAttributeResponse.class,
                        r -> PackageMapping.doc((DefaultAttributeResponse) r),
                        d -> PackageMapping.request(1L, (DefaultAttributeDoc) d)),
                kind("entity type", EntityTypeDoc.class, EntityTypeRequest.class, EntityTypeResponse.class,
                        r -> PackageMapping.doc((EntityTypeResponse) r), d -> PackageMapping.request(1L, (EntityTypeDoc) d, "pkg")),
                kind("transformation type", TransformationTypeDoc.class, TransformationTypeRequest.class,
                        TransformationTypeResponse.class, r -> PackageMapping.doc((TransformationTypeResponse) r),
                        d -> PackageMapping.request(1L, (TransformationTypeDoc) d)),
                kind("template", TemplateDoc.class, TemplateRequest.class, TemplateResponse.class,
                        r -> PackageMapping.doc((TemplateResponse) r), d -> PackageMapping.request(1L, (TemplateDoc) d, "pkg")),
                kind("entity", EntityDoc.class, EntityRequest.class, EntityResponse.class,
                        r -> PackageMapping.doc((EntityResponse) r),
                        d -> PackageMapping.request(1L, (EntityDoc) d, "pkg", ((EntityDoc) d).entityType())),
                kind("load", LoadDoc.class, LoadRequest.class, LoadResponse.class,
                        r -> PackageMapping.doc((LoadResponse) r), d -> PackageMapping.request(1L, (LoadDoc) d)),
                kind("environment", EnvironmentDoc.class, EnvironmentRequest.class, EnvironmentResponse.class,
                        r -> PackageMapping.doc((EnvironmentResponse) r), d -> PackageMapping.request(1L, (EnvironmentDoc) d)),
                kind("load preset", PresetDoc.class, PresetRequest.class, PresetResponse.class,
                        r -> PackageMapping.doc((PresetResponse) r), d -> PackageMapping.request(1L, (PresetDoc) d, "pkg")),
                kind("datatype mapping", DatatypeMappingDoc.class, DatatypeMappingRequest.class, DatatypeMappingResponse.class,
                        r -> PackageMapping.doc((DatatypeMappingResponse) r),
                        d -> PackageMapping.request(1L, (DatatypeMappingDoc) d)));
    }

    private static Arguments kind(String name, Class<? extends Record> doc, Class<? extends Record> request,
                                  Class<? extends Record> response, Function<Record, Record> export,
                                  Function<Record, Record> importing) {
        return Arguments.of(new Kind(name, doc, request, response, export, importing));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void everyRequestFieldHasAPlaceInTheDocument(Kind kind) {
        List<String> missing = Arrays.stream(kind.request().getRecordComponents()).map(RecordComponent::getName)
                .filter(n -> !SUPPLIED_BY_IMPORT.contains(n) && component(kind.doc(), n) == null).toList();
        assertThat(missing).as(kind + ": request fields the package document cannot carry").isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void anExportCarriesEveryStoredValue(Kind kind) {
        Record response = filled(kind.response(), null);
        Record doc = kind.export().apply(response);
        assertThat(differences(doc, response, kind.name())).as(kind + ": stored -> document").isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void anImportCarriesEveryDocumentValue(Kind kind) {
        Record doc = filled(kind.doc(), kind.request());
        Record request = kind.importing().apply(doc);
        assertThat(differences(doc, request, kind.name())).as(kind + ": document -> request").isEmpty();
    }

    /** The document's fields against the same-named fields of the other side; an enum equals its name. */
    private static List<String> differences(Record doc, Record other, String at) {
        List<String> found = new ArrayList<>();
        for (RecordComponent c : doc.getClass().getRecordComponents()) {
            if (OWNERSHIP.contains(c.getName())) {
                continue;
            }
            RecordComponent there = component(other.getClass(), c.getName());
            if (there == null) {
                found.add(at + "." + c.getName() + " has no counterpart in " + other.getClass().getSimpleName());
                continue;
            }
            compare(value(doc, c), value(other, there), at + "." + c.getName(), found);
        }
        return found;
    }

    private static void compare(Object mine, Object theirs, String at, List<String> found) {
        if (mine instanceof Record r && theirs instanceof Record o) {
            found.addAll(differences(r, o, at));
        } else if (mine instanceof List<?> a && theirs instanceof List<?> b) {
            if (a.size() != b.size()) {
                found.add(at + ": " + a.size() + " items, not " + b.size());
                return;
            }
            for (int i = 0; i < a.size(); i++) {
                compare(a.get(i), b.get(i), at + "[" + i + "]", found);
            }
        } else {
            Object expected = theirs instanceof Enum<?> e ? e.name() : theirs;
            Object actual = mine instanceof Enum<?> e ? e.name() : mine;
            if (!Objects.equals(actual, expected)) {
                found.add(at + ": '" + actual + "', not '" + expected + "'");
            }
        }
    }

    /**
     * A record with every field set: strings named after the field (or, where the counterpart is
     * an enum, its first constant), Boolean true, numbers 3, one item per list, one entry per map.
     */
    private static Record filled(Class<? extends Record> type, Class<?> counterpart) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent there = counterpart == null ? null : component(counterpart, components[i].getName());
            values[i] = sample(components[i].getGenericType(), components[i].getName(),
                    there == null ? null : there.getGenericType());
            types[i] = components[i].getType();
        }
        try {
            return type.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getSimpleName(), e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object sample(Type type, String name, Type counterpart) {
        Class<?> raw = raw(type);
        if (raw == String.class) {
            Class<?> target = counterpart == null ? null : raw(counterpart);
            return target != null && target.isEnum() ? target.getEnumConstants()[0].toString() : name + "_v";
        }
        if (raw == Boolean.class || raw == boolean.class) {
            return true;
        }
        if (raw == Integer.class || raw == int.class) {
            return 3;
        }
        if (raw == Long.class || raw == long.class) {
            return 3L;
        }
        if (raw == Instant.class) {
            return Instant.EPOCH;
        }
        if (raw.isEnum()) {
            return ((Class<Enum>) raw).getEnumConstants()[0];
        }
        if (raw == Map.class) {
            return Map.of(name + "_k", name + "_v");
        }
        if (raw == SortedMap.class) {
            return new TreeMap<>(Map.of(name + "_k", name + "_v"));
        }
        if (raw == List.class) {
            Type item = ((ParameterizedType) type).getActualTypeArguments()[0];
            Type counterItem = counterpart instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : null;
            return List.of(sample(item, name, counterItem));
        }
        if (raw.isRecord()) {
            return filled((Class<? extends Record>) raw, counterpart == null ? null : raw(counterpart));
        }
        throw new IllegalStateException("no sample for " + type + " (" + name + ")");
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    }

    private static RecordComponent component(Class<?> type, String name) {
        return Arrays.stream(type.getRecordComponents()).filter(c -> c.getName().equals(name)).findFirst().orElse(null);
    }

    private static Object value(Record record, RecordComponent component) {
        try {
            return component.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
