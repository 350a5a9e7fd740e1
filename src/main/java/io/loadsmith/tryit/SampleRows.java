package io.loadsmith.tryit;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Made-up rows from the column types, numbered so that each row differs: a start to edit. */
public final class SampleRows {

    private SampleRows() {
    }

    public static List<String> row(List<TryPlan.Column> columns, int number) {
        List<String> row = new ArrayList<>();
        for (TryPlan.Column column : columns) {
            row.add(value(column, number));
        }
        return row;
    }

    public static String value(TryPlan.Column column, int n) {
        String type = column.type().toUpperCase(Locale.ROOT);
        LocalDate day = LocalDate.of(2024, 1, 1).plusDays(n - 1L);
        if (type.startsWith("TIMESTAMP")) {
            return day + " 00:00:00";
        }
        if (type.equals("DATE")) {
            return day.toString();
        }
        if (type.startsWith("TIME")) {
            return String.format("%02d:00:00", n % 24);
        }
        if (type.equals("BOOLEAN")) {
            return String.valueOf(n % 2 == 1);
        }
        if (type.matches("(U?(TINY|SMALL|BIG|HUGE)?INT(EGER)?)")) {
            return String.valueOf(n);
        }
        if (type.startsWith("DECIMAL") || type.equals("DOUBLE") || type.equals("FLOAT") || type.equals("REAL")) {
            return n + ".5";
        }
        if (type.equals("UUID")) {
            return String.format("00000000-0000-0000-0000-%012d", n);
        }
        if (type.startsWith("VARCHAR") || type.startsWith("CHAR") || type.equals("TEXT")) {
            return column.name() + "_" + n;
        }
        return null;
    }
}
