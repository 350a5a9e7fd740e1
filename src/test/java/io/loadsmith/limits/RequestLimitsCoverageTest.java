package io.loadsmith.limits;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import jakarta.validation.constraints.Size;

/**
 * Every request record of the API (each {@code *.api.*Request} and the records inside it) limits
 * every text and every list or map with {@code @Size}, and no text limit is larger than the column
 * that stores the text (read from the Flyway migrations). A new field without a limit, or a limit
 * the column cannot hold, fails here rather than as a database error.
 */
class RequestLimitsCoverageTest {

    /** Where each text of a request is stored; {@code a+b} is "a.b" (an entity's qualified name). */
    private static final Map<String, String> COLUMNS = Map.ofEntries(
            entry("EntityRequest.logicalName", "dw_entity.logical_name"),
            entry("EntityRequest.name", "dw_entity.name"),
            entry("EntityRequest.schema", "dw_entity.schema_name"),
            entry("EntityRequest.entityType", "entity_type.name"),
            entry("EntityRequest.packageName", "metadata_package.name"),
            entry("EntityRequest.description", "dw_entity.description"),
            entry("EntityRequest.fullRefreshPolicy", "dw_entity.full_refresh_policy"),
            entry("AttributeJson.name", "dw_attribute.name"),
            entry("AttributeJson.datatype", "dw_attribute.datatype"),
            entry("AttributeJson.attributeType", "dw_attribute.attribute_type"),
            entry("AttributeJson.description", "dw_attribute.description"),
            entry("AttributeJson.renamedFrom", "dw_attribute.renamed_from"),
            entry("DeploymentRequest.packageName", "metadata_package.name"),
            entry("DeploymentRequest.dialect", "deployment.dialect"),
            entry("DeploymentRequest.deployedBy", "deployment.deployed_by"),
            entry("DeploymentRequest.note", "deployment.note"),
            entry("AttributeTypeRequest.name", "attribute_type.name"),
            entry("AttributeTypeRequest.superAttributeType", "attribute_type.super_attribute_type"),
            entry("AttributeTypeRequest.description", "attribute_type.description"),
            entry("DatatypeMappingRequest.dialect", "datatype_mapping.dialect"),
            entry("DatatypeMappingRequest.logicalDatatype", "datatype_mapping.logical_datatype"),
            entry("DatatypeMappingRequest.physicalPattern", "datatype_mapping.physical_pattern"),
            entry("DefaultAttributeRequest.code", "default_attribute.code"),
            entry("DefaultAttributeRequest.nameTemplate", "default_attribute.name_template"),
            entry("DefaultAttributeRequest.datatype", "default_attribute.datatype"),
            entry("DefaultAttributeRequest.attributeType", "default_attribute.attribute_type"),
            entry("DefaultAttributeRequest.description", "default_attribute.description"),
            entry("EntityTypeRequest.name", "entity_type.name"),
            entry("EntityTypeRequest.description", "entity_type.description"),
            entry("EntityTypeRequest.namePrefix", "entity_type.name_prefix"),
            entry("EntityTypeRequest.nameSuffix", "entity_type.name_suffix"),
            entry("EntityTypeRequest.defaultSchema", "entity_type.default_schema"),
            entry("EntityTypeRequest.packageName", "metadata_package.name"),
            entry("DefaultAttributeRef.defaultAttribute", "default_attribute.code"),
            entry("DefaultAttributeRef.transformationType", "entity_type_default_attribute.transformation_type"),
            entry("EnvironmentRequest.name", "environment.name"),
            // Try it stores nothing; its names are checked against the columns of what they name.
            entry("TryRequest.environment", "environment.name"),
            entry("Batch.tables<key>", "dw_entity.schema_name+dw_entity.name"),
            entry("EnvironmentRequest.description", "environment.description"),
            entry("EnvironmentRequest.variables<key>", "environment_variable.name"),
            entry("EnvironmentRequest.variables<value>", "environment_variable.variable_value"),
            entry("LoadRequest.name", "entity_load.name"),
            entry("LoadRequest.target", "dw_entity.schema_name+dw_entity.name"),
            entry("LoadRequest.description", "entity_load.description"),
            entry("LoadRequest.sources<element>", "dw_entity.schema_name+dw_entity.name"),
            entry("LoadRequest.options<key>", "load_option.name"),
            entry("LoadRequest.options<value>", "load_option.option_value"),
            entry("StepJson.name", "load_step.name"),
            entry("StepJson.text", "load_step.step_text"),
            entry("CommitRequest.message", "package_version.message"),
            entry("CommitRequest.author", "package_version.author"),
            entry("PackageRequest.name", "metadata_package.name"),
            entry("PackageRequest.description", "metadata_package.description"),
            entry("TemplateRequest.name", "load_template.name"),
            entry("TemplateRequest.description", "load_template.description"),
            entry("TemplateRequest.packageName", "metadata_package.name"),
            entry("TemplateRequest.variants<key>", "load_template_variant.dialect"),
            entry("TemplateRequest.variants<value>", "load_template_variant.body"),
            entry("ParameterJson.name", "load_template_parameter.name"),
            entry("ParameterJson.defaultValue", "load_template_parameter.default_value"),
            entry("ParameterJson.description", "load_template_parameter.description"),
            entry("TransformationTypeRequest.name", "transformation_type.name"),
            entry("TransformationTypeRequest.description", "transformation_type.description"),
            entry("TransformationTypeRequest.formulas<key>", "transformation_formula.dialect"),
            entry("TransformationTypeRequest.formulas<value>", "transformation_formula.formula"),
            entry("PresetRequest.name", "load_preset.name"),
            entry("PresetRequest.description", "load_preset.description"),
            entry("PresetRequest.packageName", "metadata_package.name"),
            entry("PresetRequest.options<key>", "load_preset_option.name"),
            entry("PresetRequest.options<value>", "load_preset_option.option_value"),
            entry("Use.entityType", "entity_type.name"),
            entry("LoadFromPresetRequest.name", "entity_load.name"),
            entry("LoadFromPresetRequest.target", "dw_entity.schema_name+dw_entity.name"),
            entry("LoadFromPresetRequest.preset", "load_preset.name"),
            entry("LoadFromPresetRequest.description", "entity_load.description"),
            entry("LoadFromPresetRequest.sources<element>", "dw_entity.schema_name+dw_entity.name"),
            entry("EntityMapping.source", "dw_entity.schema_name+dw_entity.name"),
            entry("EntityMapping.mappingType", "load_mapping.mapping_type"),
            entry("EntityMapping.name", "load_mapping.name"),
            entry("AttributeMapping.target", "load_attribute_mapping.target_attribute"),
            entry("AttributeMapping.sources<element>", "load_mapping_source.source_attribute"),
            entry("AttributeMapping.transformationType", "load_attribute_mapping.transformation_type"),
            entry("AttributeMapping.formula", "load_attribute_mapping.custom_formula"));

    /** A text of a request and its @Size (null: none). */
    private record Text(String slot, Size size) {
    }

    @Test
    void everyTextListAndMapOfEveryRequestHasALimitThatItsColumnHolds() throws Exception {
        List<Text> texts = new ArrayList<>();
        List<String> unlimited = new ArrayList<>();
        Set<Class<?>> records = new LinkedHashSet<>();
        for (Class<?> request : requestRecords()) {
            walk(request, records, texts, unlimited);
        }
        assertThat(records).hasSizeGreaterThanOrEqualTo(15);
        texts.stream().filter(t -> t.size() == null).forEach(t -> unlimited.add(t.slot()));
        assertThat(unlimited).as("texts, lists and maps without @Size").isEmpty();

        Map<String, Integer> varchar = columnLengths();
        Map<String, String> tooLong = new TreeMap<>();
        for (Text text : texts) {
            String columns = COLUMNS.get(text.slot());
            assertThat(columns).as("the column of %s: add it to COLUMNS", text.slot()).isNotNull();
            int holds = -1;
            for (String column : columns.split("\\+")) {
                assertThat(varchar).as("column %s in db/migration", column).containsKey(column);
                holds += varchar.get(column) + 1;
            }
            if (text.size().max() > holds) {
                tooLong.put(text.slot(), "@Size(max = " + text.size().max() + ") but " + columns + " holds " + holds);
            }
        }
        assertThat(tooLong).as("limits larger than their column").isEmpty();
        assertThat(texts.stream().map(Text::slot)).containsAll(COLUMNS.keySet());
    }

    private static List<Class<?>> requestRecords() throws ClassNotFoundException {
        var scanner = new ClassPathScanningCandidateComponentProvider(false);
        // Requests live in their feature (the service speaks them; a feature may be a stage of another,
        // packages.deployment) or, for adapters alone, in its api.
        Pattern name = Pattern.compile("io\\.loadsmith\\.\\w+(\\.\\w+)?(\\.api)?\\.\\w+Request");
        scanner.addIncludeFilter((reader, factory) -> name.matcher(reader.getClassMetadata().getClassName()).matches());
        List<Class<?>> found = new ArrayList<>();
        for (var candidate : scanner.findCandidateComponents("io.loadsmith")) {
            Class<?> type = Class.forName(candidate.getBeanClassName());
            if (type.isRecord()) {
                found.add(type);
            }
        }
        return found;
    }

    private static void walk(Class<?> record, Set<Class<?>> seen, List<Text> texts, List<String> unlimited)
            throws NoSuchFieldException {
        if (!seen.add(record)) {
            return;
        }
        for (RecordComponent component : record.getRecordComponents()) {
            Field field = record.getDeclaredField(component.getName());
            String slot = record.getSimpleName() + "." + component.getName();
            Class<?> type = component.getType();
            if (type == String.class) {
                texts.add(new Text(slot, field.getAnnotation(Size.class)));
            } else if (List.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type)) {
                if (field.getAnnotation(Size.class) == null) {
                    unlimited.add(slot + " (number of entries)");
                }
                AnnotatedType[] arguments = ((AnnotatedParameterizedType) field.getAnnotatedType())
                        .getAnnotatedActualTypeArguments();
                String[] names = List.class.isAssignableFrom(type) ? new String[] {"<element>"}
                        : new String[] {"<key>", "<value>"};
                for (int i = 0; i < arguments.length; i++) {
                    if (!(arguments[i].getType() instanceof Class<?> argument)) {
                        // Nested containers (try-it rows) hold data, not stored text: bounded by the body limit and their runner.
                        continue;
                    }
                    if (argument == String.class) {
                        texts.add(new Text(slot + names[i], arguments[i].getAnnotation(Size.class)));
                    } else if (argument.isRecord()) {
                        walk(argument, seen, texts, unlimited);
                    }
                }
            } else if (type.isRecord()) {
                walk(type, seen, texts, unlimited);
            }
        }
    }

    /** {@code table.column} to its varchar length, from every migration (create table and add column). */
    private static Map<String, Integer> columnLengths() throws IOException {
        Map<String, Integer> lengths = new HashMap<>();
        Pattern table = Pattern.compile("create table (\\w+) \\((.*?)\\n\\);", Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
        Pattern column = Pattern.compile("^\\s*(\\w+)\\s+varchar\\((\\d+)\\)", Pattern.MULTILINE | Pattern.CASE_INSENSITIVE);
        Pattern added = Pattern.compile("alter table (\\w+) add column (\\w+) varchar\\((\\d+)\\)", Pattern.CASE_INSENSITIVE);
        for (Resource migration : new PathMatchingResourcePatternResolver().getResources("classpath:db/migration/*.sql")) {
            String sql = migration.getContentAsString(StandardCharsets.UTF_8);
            Matcher t = table.matcher(sql);
            while (t.find()) {
                Matcher c = column.matcher(t.group(2));
                while (c.find()) {
                    lengths.put(t.group(1) + "." + c.group(1), Integer.parseInt(c.group(2)));
                }
            }
            Matcher a = added.matcher(sql);
            while (a.find()) {
                lengths.put(a.group(1) + "." + a.group(2), Integer.parseInt(a.group(3)));
            }
        }
        assertThat(lengths).as("varchar columns read from db/migration").hasSizeGreaterThan(50);
        return lengths;
    }
}
