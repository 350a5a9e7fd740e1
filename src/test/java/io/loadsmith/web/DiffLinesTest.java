package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class DiffLinesTest {

    @Test
    void aReplacedLineHasItsChangedPartMarkedInBothVersions() {
        List<DiffLines.Line> lines = DiffLines.of("""
                --- a/x.sql
                +++ b/x.sql
                @@ -1,2 +1,2 @@
                 SELECT 1;
                -DROP TABLE publish.Z_OLD_A;
                +DROP TABLE publish.Z_NEW_A;
                """);
        assertThat(lines).extracting(DiffLines.Line::kind).containsExactly("file", "file", "hunk", "kept", "removed", "added");
        assertThat(lines.get(4).segments()).extracting(DiffLines.Segment::text, DiffLines.Segment::changed)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("-DROP TABLE publish.Z_", false),
                        org.assertj.core.groups.Tuple.tuple("OLD", true),
                        org.assertj.core.groups.Tuple.tuple("_A;", false));
        assertThat(lines.get(5).text()).isEqualTo("+DROP TABLE publish.Z_NEW_A;");
        assertThat(lines.get(5).segments()).filteredOn(DiffLines.Segment::changed)
                .extracting(DiffLines.Segment::text).containsExactly("NEW");
    }

    @Test
    void aRemovedSqlCommentInAHunkIsARemovedLineNotAFileHeader() {
        List<DiffLines.Line> lines = DiffLines.of(List.of("@@ -1 +0,0 @@", "--- a comment", "+++ plus"));
        assertThat(lines).extracting(DiffLines.Line::kind).containsExactly("hunk", "removed", "added");
    }

    @Test
    void linesWithLittleInCommonAreReplacedWholeWithoutMarks() {
        List<DiffLines.Line> lines = DiffLines.of(List.of("-SELECT a FROM b;", "+INSERT INTO c VALUES (1);"));
        assertThat(lines).allSatisfy(l -> assertThat(l.segments()).noneMatch(DiffLines.Segment::changed));
    }
}
