package io.loadsmith.tryit;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Made-up rows from the column types, numbered so that each row differs: a start to edit. */
public final class SampleRows {

    private static final Pattern DECIMAL = Pattern.compile("DECIMAL\\((\\d+),\\s*(\\d+)\\)");

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
        if (type.startsWith("DECIMAL")) {
            return decimal(type, n);
        }
        if (type.equals("DOUBLE") || type.equals("FLOAT") || type.equals("REAL")) {
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

    /** n.5 within DECIMAL(p,s): DuckDB refuses a value with more integer digits than p - s. */
    private static String decimal(String type, int n) {
        Matcher m = DECIMAL.matcher(type);
        if (!m.matches()) {
            return n + ".5";
        }
        int integerDigits = Integer.parseInt(m.group(1)) - Integer.parseInt(m.group(2));
        boolean fraction = !m.group(2).equals("0");
        if (integerDigits <= 0) {
            return "0." + (n % 9 + 1);
        }
        long whole = n % (long) Math.pow(10, Math.min(integerDigits, 18));
        return whole + (fraction ? ".5" : "");
    }
}
