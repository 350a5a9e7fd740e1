package io.loadsmith.audit;

/** The kinds of object whose changes the audit trail records. */
public enum ObjectKind {
    ENTITY("Entity"),
    LOAD("Load"),
    TEMPLATE("Template"),
    TRANSFORMATION_TYPE("Transformation type"),
    ENTITY_TYPE("Entity type"),
    ATTRIBUTE_TYPE("Attribute type"),
    DEFAULT_ATTRIBUTE("Default attribute"),
    DATATYPE_MAPPING("Datatype mapping"),
    ENVIRONMENT("Environment"),
    PACKAGE("Package"),
    ACCOUNT("Account"),
    API_TOKEN("API token"),
    DEPLOYMENT("Deployment"),
    LOAD_PRESET("Load preset");

    private final String label;

    ObjectKind(String label) {
        this.label = label;
    }

    /** How the pages name the kind. */
    public String label() {
        return label;
    }
}
