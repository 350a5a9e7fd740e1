package io.loadsmith.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Issue 11.1 / 11.6: any stored name gives one file name that stays in its folder of the zip. */
class SqlPackageFileNamesTest {

    private static final List<String> NAMES = List.of("../../etc/x", "..", ".", ".hidden", "a/b", "a\\b", "C:x",
            "x\r\ny", "x\u0000", "a%2Fb", "a..b", "a.b", "load_d_vessel_scd2", "publish.D_VESSEL_SCD2", "q?\"<>|*",
            "x\u2028y", "Åland");

    @Test
    void ordinaryNamesAreUnchanged() {
        assertThat(SqlPackage.fileName("load_d_vessel_scd2")).isEqualTo("load_d_vessel_scd2");
        assertThat(SqlPackage.fileName("publish.D_VESSEL_SCD2")).isEqualTo("publish.D_VESSEL_SCD2");
        assertThat(SqlPackage.fileName("Åland")).isEqualTo("Åland");
    }

    @Test
    void noNameLeavesItsFolderOrCarriesAControlCharacter() {
        for (String name : NAMES) {
            String file = SqlPackage.fileName(name);
            assertThat(file).as(name).doesNotContain("/", "\\", "..", ":", "\r", "\n", "\u0000", "\u2028", "?", "\"", "<", ">", "|", "*")
                    .doesNotStartWith(".").isNotEmpty();
            assertThat(SqlPackage.File.load(name, "").path()).as(name).startsWith("loads/").endsWith(".sql")
                    .satisfies(p -> assertThat(p.substring("loads/".length())).doesNotContain("/"));
        }
        assertThat(SqlPackage.fileName("../../etc/x")).isEqualTo("%2E%2E%2F%2E%2E%2Fetc%2Fx");
    }

    @Test
    void distinctNamesStayDistinct() {
        Set<String> files = new HashSet<>();
        NAMES.forEach(n -> files.add(SqlPackage.fileName(n)));
        assertThat(files).hasSize(NAMES.size());
    }
}
