package io.loadsmith.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a package file can be refused for before its objects are read: another format (at $.format;
 * one that names none is read as this format), and empty entries of lists and maps, each at its path.
 */
class PackageFormatTest {

    private static PackageDocument read(String json) {
        return PackageJson.read(json.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "\"loadsmith-package/9\" | found 'loadsmith-package/9'",
            "5 | found 5",
            "\"\" | found ''",
            "[\"loadsmith-package/1\"] | found [\"loadsmith-package/1\"]"})
    void anotherFormatIsRefusedAtItsPath(String format, String found) {
        assertThatThrownBy(() -> read("{\"format\": " + format + ", \"name\": \"imp1\"}"))
                .isInstanceOfSatisfying(InvalidPackageException.class, e -> assertThat(e.problems()).singleElement()
                        .satisfies(p -> {
                            assertThat(p.path()).isEqualTo("$.format");
                            assertThat(p.message()).isEqualTo("expected \"loadsmith-package/1\", the format this Loadsmith reads, "
                                    + found);
                        }));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"name\": \"imp1\"}", "{\"format\": null, \"name\": \"imp1\"}",
            "{\"format\": \"loadsmith-package/1\", \"name\": \"imp1\"}"})
    void thisFormatOrNoneIsRead(String json) {
        assertThat(read(json).name()).isEqualTo("imp1");
    }

    @org.junit.jupiter.api.Test
    void everyEmptyEntryOfAListOrAMapIsNamedAtItsOwnPath() {
        String json = "{\"name\": \"p\", \"entities\": [null, {\"schema\": \"s\", \"name\": \"X\", \"attributes\": [null]}],"
                + " \"loads\": [{\"name\": \"l\", \"target\": \"s.X\", \"options\": {\"a\": null, \"b\": \"1\"}}],"
                + " \"environments\": [{\"name\": \"e\", \"variables\": {\"x\": null}}], \"description\": null}";
        assertThatThrownBy(() -> read(json)).isInstanceOfSatisfying(InvalidPackageException.class, e ->
                assertThat(e.problems()).extracting(p -> p.path() + ": " + p.message()).containsExactly(
                        "$.entities[0]: is null; a list holds no empty entries, leave it out",
                        "$.entities[1].attributes[0]: is null; a list holds no empty entries, leave it out",
                        "$.loads[0].options.a: needs a value",
                        "$.environments[0].variables.x: needs a value"));
    }

    /** A hand-edited file with several misspelt fields hears of all of them in one answer, each at its path. */
    @org.junit.jupiter.api.Test
    void everyUnknownFieldIsNamedAtItsOwnPathInOneAnswer() {
        String json = "{\"name\": \"p\", \"descripton\": \"x\", \"entities\": [{\"schema\": \"s\", \"name\": \"X\"},"
                + " {\"schema\": \"s\", \"nmae\": \"Y\", \"attributes\": [{\"name\": \"a\", \"nulable\": {\"deep\": [1, 2]}}]}],"
                + " \"loads\": [{\"name\": \"l\", \"target\": \"s.X\", \"stpes\": []}]}";
        assertThatThrownBy(() -> read(json)).isInstanceOfSatisfying(InvalidPackageException.class, e -> {
            assertThat(e.problems()).extracting(InvalidPackageException.Problem::path).containsExactly(
                    "$.descripton", "$.entities[1].nmae", "$.entities[1].attributes[0].nulable", "$.loads[0].stpes");
            assertThat(e.problems()).allSatisfy(p -> assertThat(p.message()).startsWith("is not a known field; the fields here are "));
            assertThat(e.problems().get(1).message()).contains("name", "schema");
            assertThat(e.problems().get(2).message()).contains("nullable");
            assertThat(e.problems().get(3).message()).contains("steps");
        });
    }

    /** An unknown field and a value of the wrong kind in one file: both are named. */
    @org.junit.jupiter.api.Test
    void unknownFieldsAreNamedBesideAWrongValue() {
        String json = "{\"name\": \"p\", \"entities\": [{\"schema\": \"s\", \"nmae\": \"X\"},"
                + " {\"schema\": \"s\", \"name\": \"Y\", \"attributes\": 7}]}";
        assertThatThrownBy(() -> read(json)).isInstanceOfSatisfying(InvalidPackageException.class, e ->
                assertThat(e.problems()).extracting(p -> p.path() + ": " + p.message().split(",")[0]).containsExactly(
                        "$.entities[0].nmae: is not a known field; the fields here are attributes",
                        "$.entities[1].attributes: expected a list in [ ]"));
    }
}
