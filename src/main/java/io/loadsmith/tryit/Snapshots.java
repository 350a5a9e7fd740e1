package io.loadsmith.tryit;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** The tables a load wrote (every table but the inputs, and the views it made), as text, and what a batch changed in them. */
final class Snapshots {

    record Table(String name, List<String> columns, List<List<String>> rows) {
    }

    /** A table the answer cannot hold: too many rows, or too many characters for what is left of the answer's budget. */
    static final class OverLimit extends Exception {
        OverLimit(String message) {
            super(message);
        }
    }

    /**
     * The characters of table cells a run may still answer, across all its batches: what keeps one run's answer
     * (every batch's tables are kept for it) from filling the server's heap. A cell counts its text and
     * {@link #PER_CELL} more, so that many empty cells are bounded as well as a few long ones.
     */
    static final class Budget {

        /** About what a cell takes in the answer besides its text: quotes and a comma, or null. */
        static final int PER_CELL = 4;

        private final long limit;
        private long used;

        Budget(long limit) {
            this.limit = limit;
        }

        /** Refuses a table before it is read when DuckDB counts more characters in it than are left. */
        void check(String table, long characters) throws OverLimit {
            if (used + characters > limit) {
                throw over(table, characters);
            }
        }

        /** Counts a cell as it is read (the text as shown may be longer than DuckDB's count); false past the budget. */
        boolean take(String cell) {
            used += (cell == null ? 0 : cell.length()) + PER_CELL;
            return used <= limit;
        }

        OverLimit over(String table, Long characters) {
            return new OverLimit("Table " + table + (characters == null ? "" : " holds " + String.format("%,d", characters)
                    + " characters, which") + " takes the answer past the sandbox's "
                    + String.format("%,d", limit) + " characters of table cells (all tables after all batches together,"
                    + " each cell its text and " + PER_CELL + ");"
                    + " the run ends here. Try fewer or shorter rows, or fewer batches.");
        }
    }

    private final Map<String, Table> tables;

    private Snapshots(Map<String, Table> tables) {
        this.tables = tables;
    }

    static Snapshots empty() {
        return new Snapshots(Map.of());
    }

    static Snapshots read(Sandbox sandbox, Connection db, TryPlan plan, Budget budget) throws SQLException, OverLimit {
        List<String> names = new ArrayList<>();
        try (Statement st = db.createStatement()) {
            sandbox.watched(st, s -> {
                try (ResultSet rs = s.executeQuery("""
                        SELECT table_schema, table_name, table_type FROM information_schema.tables
                        WHERE table_type IN ('BASE TABLE', 'VIEW') ORDER BY table_schema, table_name""")) {
                    while (rs.next()) {
                        String name = "main".equals(rs.getString(1)) ? rs.getString(2) : rs.getString(1) + "." + rs.getString(2);
                        // A view is shown where a load of the plan makes it (a current-state view of a satellite).
                        boolean shown = "BASE TABLE".equals(rs.getString(3)) || plan.target(name) != null;
                        if (shown && plan.input(name) == null) {
                            names.add(name);
                        }
                    }
                }
                return null;
            });
        }
        // The targets first, in the plan's order (a model's run order), then what else the loads left.
        names.sort(java.util.Comparator.comparingInt(name -> {
            int at = plan.targets().indexOf(plan.target(name));
            return at < 0 ? Integer.MAX_VALUE : at;
        }));
        Map<String, Table> read = new LinkedHashMap<>();
        for (String name : names) {
            TryPlan.Target target = plan.target(name);
            read.put(name.toLowerCase(Locale.ROOT), table(sandbox, db, name, target != null ? columns(target.columns()) : "*",
                    order(target), budget));
        }
        return new Snapshots(read);
    }

    /** The target by version key and start of validity, so a key's versions stand together; others by all columns. */
    private static String order(TryPlan.Target target) {
        TryPlan.TargetColumns t = target == null ? null : target.columns();
        if (t != null && t.key() != null) {
            return DuckDbNames.quoteOne(t.key()) + (t.validFrom() == null ? "" : ", " + DuckDbNames.quoteOne(t.validFrom()));
        }
        return "ALL";
    }

    /** The target's key and validity first, its hashes last, the rest as the entity has them. */
    private static String columns(TryPlan.TargetColumns t) {
        List<String> moved = new ArrayList<>(t.leading());
        moved.addAll(t.trailing());
        if (moved.isEmpty()) {
            return "*";
        }
        List<String> select = new ArrayList<>(t.leading().stream().map(DuckDbNames::quoteOne).toList());
        select.add("* EXCLUDE (" + String.join(", ", moved.stream().map(DuckDbNames::quoteOne).toList()) + ")");
        select.addAll(t.trailing().stream().map(DuckDbNames::quoteOne).toList());
        return String.join(", ", select);
    }

    private static Table table(Sandbox sandbox, Connection db, String name, String select, String order, Budget budget)
            throws SQLException, OverLimit {
        String quoted = DuckDbNames.quote(name);
        String query = "SELECT " + select + " FROM " + quoted + " ORDER BY " + order + " NULLS LAST";
        List<String> columns = new ArrayList<>();
        try (Statement st = db.createStatement()) {
            sandbox.watched(st, s -> {
                try (ResultSet rs = s.executeQuery("SELECT * FROM " + quoted + " LIMIT 0")) {
                    ResultSetMetaData meta = rs.getMetaData();
                    for (int i = 1; i <= meta.getColumnCount(); i++) {
                        columns.add(meta.getColumnName(i));
                    }
                }
                return null;
            });
        }
        long[] size = new long[2];
        try (Statement st = db.createStatement()) {
            // Counted in DuckDB, before a single value reaches the heap: one huge cell is refused unread.
            String characters = String.join(" + ", columns.stream()
                    .map(c -> "coalesce(sum(length(CAST(" + DuckDbNames.quoteOne(c) + " AS VARCHAR))), 0)").toList())
                    + (columns.isEmpty() ? "0" : "") + " + count(*) * " + columns.size() * Budget.PER_CELL;
            sandbox.watched(st, s -> {
                try (ResultSet rs = s.executeQuery("SELECT count(*), CAST(" + characters + " AS BIGINT) FROM " + quoted)) {
                    rs.next();
                    size[0] = rs.getLong(1);
                    size[1] = rs.getLong(2);
                }
                return null;
            });
        }
        if (size[0] > Sandbox.MAX_ROWS) {
            throw new OverLimit("Table " + name + " holds " + size[0] + " rows; the sandbox keeps at most "
                    + Sandbox.MAX_ROWS + " rows per table.");
        }
        budget.check(name, size[1]);
        List<String> shown = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        boolean fits;
        try (Statement st = db.createStatement()) {
            fits = sandbox.watched(st, s -> {
                try (ResultSet rs = s.executeQuery(query)) {
                    ResultSetMetaData meta = rs.getMetaData();
                    for (int i = 1; i <= meta.getColumnCount(); i++) {
                        shown.add(meta.getColumnName(i));
                    }
                    while (rs.next()) {
                        List<String> row = new ArrayList<>(shown.size());
                        for (int i = 1; i <= shown.size(); i++) {
                            String cell = Values.text(rs.getObject(i));
                            if (!budget.take(cell)) {
                                return false;
                            }
                            row.add(cell);
                        }
                        rows.add(row);
                    }
                    return true;
                }
            });
        }
        if (!fits) {
            throw budget.over(name, null);
        }
        return new Table(name, shown, rows);
    }

    /** The tables after a batch, each row marked against the same table before it. */
    List<TryResult.TableResult> compareWith(Snapshots before, TryPlan plan) {
        List<TryResult.TableResult> results = new ArrayList<>();
        for (Map.Entry<String, Table> entry : tables.entrySet()) {
            Table after = entry.getValue();
            Table previous = before.tables.get(entry.getKey());
            TryPlan.Target target = plan.target(after.name());
            results.add(compare(after, previous, target == null ? null : target.columns(), target != null));
        }
        return results;
    }

    private static TryResult.TableResult compare(Table after, Table before, TryPlan.TargetColumns versions, boolean target) {
        List<List<String>> old = before == null || !before.columns().equals(after.columns()) ? List.of() : before.rows();
        int key = versions == null || versions.scdId() == null ? -1 : index(after.columns(), versions.scdId());
        int validTo = versions == null ? -1 : index(after.columns(), versions.validTo());
        int status = versions == null ? -1 : index(after.columns(), versions.validityStatus());
        Map<List<String>, Integer> unmatched = new HashMap<>();
        Map<String, List<String>> byKey = new HashMap<>();
        for (List<String> row : old) {
            unmatched.merge(row, 1, Integer::sum);
            if (key >= 0 && row.get(key) != null) {
                byKey.put(row.get(key), row);
            }
        }
        List<TryResult.Row> rows = new ArrayList<>();
        int[] counts = new int[TryResult.Change.values().length];
        for (List<String> row : after.rows()) {
            TryResult.Change change;
            if (unmatched.getOrDefault(row, 0) > 0) {
                unmatched.merge(row, -1, Integer::sum);
                change = TryResult.Change.UNCHANGED;
            } else if (key >= 0 && row.get(key) != null && byKey.containsKey(row.get(key))) {
                List<String> was = byKey.get(row.get(key));
                unmatched.merge(was, -1, Integer::sum);
                boolean ended = validTo >= 0 && !Objects.equals(was.get(validTo), row.get(validTo))
                        || status >= 0 && !Objects.equals(was.get(status), row.get(status));
                change = ended ? TryResult.Change.CLOSED : TryResult.Change.CHANGED;
            } else {
                change = TryResult.Change.NEW;
            }
            counts[change.ordinal()]++;
            rows.add(new TryResult.Row(change, row));
        }
        for (List<String> row : old) {
            if (unmatched.getOrDefault(row, 0) > 0) {
                unmatched.merge(row, -1, Integer::sum);
                counts[TryResult.Change.REMOVED.ordinal()]++;
                rows.add(new TryResult.Row(TryResult.Change.REMOVED, row));
            }
        }
        return new TryResult.TableResult(after.name(), target, after.columns(), rows, new TryResult.Counts(
                counts[0], counts[1], counts[2], counts[3], counts[4]));
    }

    private static int index(List<String> columns, String name) {
        for (int i = 0; name != null && i < columns.size(); i++) {
            if (columns.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }
}
