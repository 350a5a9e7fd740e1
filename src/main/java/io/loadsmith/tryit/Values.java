package io.loadsmith.tryit;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;

/** Values as the designer and the API show them: timestamps as yyyy-MM-dd HH:mm:ss[.ffffff], numbers plain. */
final class Values {

    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private Values() {
    }

    static String text(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Timestamp ts) {
            return timestamp(ts.toLocalDateTime());
        }
        if (value instanceof LocalDateTime ldt) {
            return timestamp(ldt);
        }
        if (value instanceof OffsetDateTime odt) {
            return timestamp(odt.toLocalDateTime());
        }
        if (value instanceof BigDecimal || value instanceof Double || value instanceof Float) {
            return new BigDecimal(value.toString()).stripTrailingZeros().toPlainString();
        }
        return value.toString();
    }

    private static String timestamp(LocalDateTime t) {
        String base = t.format(SECONDS);
        return t.getNano() == 0 ? base : base + String.format(".%06d", t.getNano() / 1000);
    }
}
