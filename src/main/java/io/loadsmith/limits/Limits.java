package io.loadsmith.limits;

import io.loadsmith.dialect.Identifiers;

/**
 * How much one request may carry, in one place. Every text limit is at most its column in
 * {@code db/migration} (the column is named beside it), so what the database cannot hold is refused
 * as a 400 that names the field instead of failing in the database. The request records use these
 * through {@code @Size}, which also puts them into the OpenAPI document as maxLength and maxItems.
 */
public final class Limits {

    /** Names and identifiers: the identifier rule, and the name columns (varchar(128)). */
    public static final int NAME = Identifiers.MAX_LENGTH;
    /** {@code schema.name} of an entity: a load's target and sources. */
    public static final int QUALIFIED_NAME = 2 * NAME + 1;
    /** environment.name is varchar(64). */
    public static final int ENVIRONMENT_NAME = 64;
    /** entity_type.name_prefix and name_suffix are varchar(64). */
    public static final int NAME_AFFIX = 64;
    /** default_attribute.name_template is varchar(256). */
    public static final int NAME_TEMPLATE = 256;
    /** Dialect names, logical datatypes, full-refresh policies: varchar(32). */
    public static final int CODE = 32;
    /** datatype_mapping.physical_pattern is varchar(200). */
    public static final int PHYSICAL_PATTERN = 200;
    /** Every description column, and a commit message: varchar(2000). */
    public static final int DESCRIPTION = 2000;
    /** Parameter defaults, load options and environment variable values: varchar(4000). */
    public static final int VALUE = 4000;
    /** A template's text per dialect: load_template_variant.body is varchar(1000000). */
    public static final int TEMPLATE_TEXT = 1_000_000;
    /** A load step's text: load_step.step_text is varchar(1000000). */
    public static final int STEP_TEXT = 1_000_000;
    /** A transformation formula per dialect: transformation_formula.formula is varchar(100000). */
    public static final int FORMULA_TEXT = 100_000;

    public static final int STEPS = 500;
    public static final int ATTRIBUTES = 1000;
    public static final int PARAMETERS = 100;
    public static final int SOURCES = 100;
    /** Entity mappings of one load, and source attributes of one mapped target attribute. */
    public static final int MAPPINGS = 100;
    public static final int OPTIONS = 100;
    public static final int VARIABLES = 1000;
    /** Texts by dialect of a template or a formula: "default" and one per dialect (others are refused anyway). */
    public static final int VARIANTS = 32;
    /** Every (physical type, load type) pair: there are 4 x 4. */
    public static final int LOAD_TYPES = 16;
    /** Entity type and load type pairs that offer one load preset. */
    public static final int PRESET_USES = 200;

    /** A JSON request body of the API; package imports have their own limit (PackageJson.MAX_BYTES). */
    public static final int API_BODY_BYTES = 4 * 1024 * 1024;

    /**
     * The largest decimal precision (and scale) of a datatype: PostgreSQL's numeric, the widest of
     * the targets. A length or precision of 0 holds nothing in any target, so both start at 1; a
     * fraction or a number past 2147483647 is refused while the JSON is read (not rounded).
     */
    public static final int PRECISION = 1000;
    public static final String LENGTH = "must be a whole number from 1 to 2147483647: a type of length 0 holds nothing";
    public static final String PRECISION_RANGE = "must be a whole number from 1 to 1000";
    public static final String SCALE_RANGE = "must be a whole number from 0 to the precision (at most 1000)";

    /** The messages say the limit, so a refused value says how much would fit. */
    public static final String CHARACTERS = "must have at most {max} characters";
    public static final String ENTRIES = "must have at most {max} entries";

    private Limits() {
    }
}
