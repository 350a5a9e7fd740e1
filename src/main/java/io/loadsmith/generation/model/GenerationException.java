package io.loadsmith.generation.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Generation failed; says where (load, step, template, line, column) and what. The message is
 * written for the user: it is what the UI shows at the step and what the API returns.
 */
public class GenerationException extends RuntimeException {

    private final Location location;
    private final String detail;

    public GenerationException(Location location, String detail) {
        super(location.describe() + detail);
        this.location = location;
        this.detail = detail;
    }

    public Location location() {
        return location;
    }

    public String detail() {
        return detail;
    }

    /** Where something went wrong; every part is optional. Steps are numbered from 1. */
    public record Location(String load, Integer stepNumber, String step, String template, Integer line, Integer column) {

        public static Location ofLoad(String load) {
            return new Location(load, null, null, null, null, null);
        }

        public Location atStep(int number, String name) {
            return new Location(load, number, name, template, line, column);
        }

        public Location inTemplate(String name, Integer atLine, Integer atColumn) {
            return new Location(load, stepNumber, step, name, atLine, atColumn);
        }

        /** The fields by the names an error answer gives them (a problem's properties), in this order; absent ones as null. */
        public Map<String, Object> properties() {
            Map<String, Object> where = new LinkedHashMap<>();
            where.put("load", load);
            where.put("stepNumber", stepNumber);
            where.put("step", step);
            where.put("template", template);
            where.put("line", line);
            where.put("column", column);
            return where;
        }

        String describe() {
            List<String> parts = new ArrayList<>();
            if (load != null) {
                parts.add("Load '" + load + "'");
            }
            if (stepNumber != null) {
                parts.add("step " + stepNumber + " '" + step + "'");
            }
            if (template != null) {
                parts.add("template '" + template + "'");
            }
            if (line != null) {
                parts.add("line " + line + (column == null ? "" : ", column " + column));
            }
            return parts.isEmpty() ? "" : String.join(", ", parts) + ": ";
        }
    }
}
