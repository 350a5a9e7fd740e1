package io.loadsmith.packages;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.export.SqlPackage;

/**
 * What changed between two versions of a package: object by object (added, removed, or which
 * fields changed), and the generated SQL file by file as unified diffs.
 */
public record PackageDiff(String from, String to, String dialect, List<ObjectChange> objects, List<SqlChange> sql) {

    /**
     * {@code shared}: an object of no package (attribute type, default attribute, formula, shared
     * template, environment) that a version keeps a copy of, changed in the store by anyone: not
     * a change of this package, though its SQL may follow it.
     */
    public record ObjectChange(String kind, String name, String change, List<String> fields, boolean shared) {
    }

    /** A file of the SQL package that differs; {@code diff} is a unified diff, or the error that stopped generation. */
    public record SqlChange(String path, String change, String diff) {
    }

    static List<ObjectChange> objects(PackageDocument a, PackageDocument b) {
        List<ObjectChange> changes = new ArrayList<>();
        compare(changes, "attribute type", a.attributeTypes(), b.attributeTypes(), PackageDocument.AttributeTypeDoc::name, x -> true);
        compare(changes, "default attribute", a.defaultAttributes(), b.defaultAttributes(), PackageDocument.DefaultAttributeDoc::code,
                x -> true);
        compare(changes, "entity type", a.entityTypes(), b.entityTypes(), PackageDocument.EntityTypeDoc::name, x -> false);
        compare(changes, "transformation type", a.transformationTypes(), b.transformationTypes(),
                PackageDocument.TransformationTypeDoc::name, x -> true);
        compare(changes, "template", a.templates(), b.templates(), PackageDocument.TemplateDoc::name,
                t -> Boolean.TRUE.equals(t.shared()));
        compare(changes, "entity", a.entities(), b.entities(), PackageDocument.EntityDoc::qualifiedName, x -> false);
        compare(changes, "load", a.loads(), b.loads(), PackageDocument.LoadDoc::name, x -> false);
        compare(changes, "environment", a.environments(), b.environments(), PackageDocument.EnvironmentDoc::name, x -> true);
        return changes;
    }

    static List<SqlChange> sql(SqlPackage a, SqlPackage b) {
        Map<String, String> before = files(a);
        Map<String, String> after = files(b);
        List<SqlChange> changes = new ArrayList<>();
        for (String path : new TreeSet<>(union(before.keySet(), after.keySet()))) {
            String x = before.get(path);
            String y = after.get(path);
            if (Objects.equals(x, y)) {
                continue;
            }
            String change = x == null ? "added" : y == null ? "removed" : "changed";
            changes.add(new SqlChange(path, change, unified(path, x, y)));
        }
        return changes;
    }

    static String unified(String path, String before, String after) {
        List<String> x = before == null ? List.of() : before.lines().toList();
        List<String> y = after == null ? List.of() : after.lines().toList();
        return String.join("\n", UnifiedDiffUtils.generateUnifiedDiff("a/" + path, "b/" + path, x,
                DiffUtils.diff(x, y), 3)) + "\n";
    }

    private static Map<String, String> files(SqlPackage p) {
        Map<String, String> files = new LinkedHashMap<>();
        if (p != null) {
            p.files().forEach(f -> files.put(f.path(), f.content()));
        }
        return files;
    }

    private static <T> TreeSet<T> union(Set<T> a, Set<T> b) {
        TreeSet<T> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    private static <T extends Record> void compare(List<ObjectChange> changes, String kind, List<T> a, List<T> b,
                                                   Function<T, String> key, Predicate<T> shared) {
        Map<String, T> before = new LinkedHashMap<>();
        a.forEach(x -> before.put(key.apply(x), x));
        Map<String, T> after = new LinkedHashMap<>();
        b.forEach(x -> after.put(key.apply(x), x));
        for (String name : union(before.keySet(), after.keySet())) {
            T x = before.get(name);
            T y = after.get(name);
            if (x == null) {
                changes.add(new ObjectChange(kind, name, "added", List.of(), shared.test(y)));
            } else if (y == null) {
                changes.add(new ObjectChange(kind, name, "removed", List.of(), shared.test(x)));
            } else if (!x.equals(y)) {
                changes.add(new ObjectChange(kind, name, "changed", changedFields(x, y), shared.test(x) && shared.test(y)));
            }
        }
    }

    private static List<String> changedFields(Record x, Record y) {
        List<String> fields = new ArrayList<>();
        for (RecordComponent c : x.getClass().getRecordComponents()) {
            try {
                if (!Objects.equals(c.getAccessor().invoke(x), c.getAccessor().invoke(y))) {
                    fields.add(c.getName());
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return fields;
    }
}
