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

/** The tables a load wrote (every table but the inputs), as text, and what a batch changed in them. */
final class Snapshots {

    record Table(String name, List<String> columns, List<List<String>> rows) {
    }

    static final class TooManyRows extends Exception {
        TooManyRows(String message) {
            super(message);
        }
    }

    private final Map<String, Table> tables;

    private Snapshots(Map<String, Table> tables) {
        this.tables = tables;
    }

    static Snapshots empty() {
        return new Snapshots(Map.of());
    }

    static Snapshots read(Connection db, TryPlan plan) throws SQLException, TooManyRows {
        List<String> names = new ArrayList<>();
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("""
                SELECT table_schema, table_name FROM information_schema.tables
                WHERE table_type = 'BASE TABLE' ORDER BY table_schema, table_name""")) {
            while (rs.next()) {
                String name = "main".equals(rs.getString(1)) ? rs.getString(2) : rs.getString(1) + "." + rs.getString(2);
                if (plan.input(name) == null) {
                    names.add(name);
                }
            }
        }
        names.sort((a, b) -> Boolean.compare(!a.equalsIgnoreCase(plan.target()), !b.equalsIgnoreCase(plan.target())));
        Map<String, Table> read = new LinkedHashMap<>();
        for (String name : names) {
            boolean target = name.equalsIgnoreCase(plan.target());
            read.put(name.toLowerCase(Locale.ROOT), table(db, name, target ? columns(plan.targetColumns()) : "*",
                    order(name, plan)));
        }
        return new Snapshots(read);
    }

    /** The target by version key and start of validity, so a key's versions stand together; others by all columns. */
    private static String order(String name, TryPlan plan) {
        TryPlan.TargetColumns t = plan.targetColumns();
        if (name.equalsIgnoreCase(plan.target()) && t.key() != null) {
            return Names.quoteOne(t.key()) + (t.validFrom() == null ? "" : ", " + Names.quoteOne(t.validFrom()));
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
        List<String> select = new ArrayList<>(t.leading().stream().map(Names::quoteOne).toList());
        select.add("* EXCLUDE (" + String.join(", ", moved.stream().map(Names::quoteOne).toList()) + ")");
        select.addAll(t.trailing().stream().map(Names::quoteOne).toList());
        return String.join(", ", select);
    }

    private static Table table(Connection db, String name, String select, String order) throws SQLException, TooManyRows {
        String quoted = Names.quote(name);
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM " + quoted)) {
            rs.next();
            long count = rs.getLong(1);
            if (count > Sandbox.MAX_ROWS) {
                throw new TooManyRows("Table " + name + " holds " + count + " rows; the sandbox keeps at most "
                        + Sandbox.MAX_ROWS + " rows per table.");
            }
        }
        List<String> columns = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        String query = "SELECT " + select + " FROM " + quoted + " ORDER BY " + order + " NULLS LAST";
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(query)) {
            ResultSetMetaData meta = rs.getMetaData();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                columns.add(meta.getColumnName(i));
            }
            while (rs.next()) {
                List<String> row = new ArrayList<>(columns.size());
                for (int i = 1; i <= columns.size(); i++) {
                    row.add(Values.text(rs.getObject(i)));
                }
                rows.add(row);
            }
        }
        return new Table(name, columns, rows);
    }

    /** The tables after a batch, each row marked against the same table before it. */
    List<TryResult.TableResult> compareWith(Snapshots before, TryPlan plan) {
        List<TryResult.TableResult> results = new ArrayList<>();
        for (Map.Entry<String, Table> entry : tables.entrySet()) {
            Table after = entry.getValue();
            Table previous = before.tables.get(entry.getKey());
            boolean target = after.name().equalsIgnoreCase(plan.target());
            results.add(compare(after, previous, target ? plan.targetColumns() : null, target));
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
