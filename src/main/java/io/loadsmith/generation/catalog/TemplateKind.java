package io.loadsmith.generation.catalog;

/** What a FreeMarker text in the catalog is for; also the folder name in templates-library. */
public enum TemplateKind {
    TEMPLATE("templates"), FORMULA("formulas"), DDL("ddl");

    private final String folder;

    TemplateKind(String folder) {
        this.folder = folder;
    }

    public String folder() {
        return folder;
    }

    public static TemplateKind ofFolder(String folder) {
        for (TemplateKind kind : values()) {
            if (kind.folder.equals(folder)) {
                return kind;
            }
        }
        return null;
    }

    public String label() {
        return switch (this) {
            case TEMPLATE -> "template";
            case FORMULA -> "transformation formula";
            case DDL -> "DDL template";
        };
    }
}
