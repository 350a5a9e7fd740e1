package io.loadsmith.identity;

/**
 * What a person may do. Each role includes the ones before it: an EDITOR can do all a VIEWER can,
 * an ADMIN all an EDITOR can. The security configuration states the same order as a role hierarchy.
 */
public enum Role {
    /** Reads everything, previews and exports SQL. */
    VIEWER,
    /** Also edits entities and loads and commits package versions. */
    EDITOR,
    /** Also edits the configuration (types, formulas, templates, environments), imports and restores
     *  packages, and manages accounts and everyone's tokens. */
    ADMIN;

    public boolean includes(Role other) {
        return compareTo(other) >= 0;
    }

    public String authority() {
        return "ROLE_" + name();
    }

    public static Role parse(String text) {
        for (Role role : values()) {
            if (role.name().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return role;
            }
        }
        throw new IllegalArgumentException("unknown role '" + text + "'; expected VIEWER, EDITOR or ADMIN");
    }
}
