package io.loadsmith.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Issue 11.1 / 11.6: any stored name gives a file that stays in its folder of the zip. (The export
 * refuses names that are not plain or that clash by case before it builds files: Names, NamesTest.)
 */
class SqlPackageFileNamesTest {

    private static final List<String> NAMES = List.of("../../etc/x", "..", ".", ".hidden", "a/b", "a\\b", "C:x",
            "x\r\ny", "x\u0000", "a%2Fb", "a..b", "q?\"<>|*", "x\u2028y", "Åland", "");

    @Test
    void ordinaryNamesAreUnchanged() {
        assertThat(SqlPackage.File.load("load_d_vessel_scd2", "").path()).isEqualTo("loads/load_d_vessel_scd2.sql");
        assertThat(SqlPackage.File.ddl("publish.D_VESSEL_SCD2", "").path()).isEqualTo("ddl/publish.D_VESSEL_SCD2.sql");
    }

    @Test
    void noNameLeavesItsFolderOrCarriesAControlCharacter() {
        for (String name : NAMES) {
            for (SqlPackage.File file : List.of(SqlPackage.File.load(name, ""), SqlPackage.File.ddl(name, ""))) {
                String base = file.path().substring(file.path().indexOf('/') + 1);
                assertThat(base).as(name).doesNotContain("/", "\\", ":", "\r", "\n", "\u0000", "\u2028", "?", "\"",
                        "<", ">", "|", "*").doesNotStartWith(".").endsWith(".sql").hasSizeGreaterThan(".sql".length());
            }
        }
    }
}
