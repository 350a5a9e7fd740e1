package io.loadsmith.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.core.io.ClassPathResource;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What an import accepts from outside, bounded where it is read: every inflated byte of a zip
 * counts (also of an entry passed over), an entry name appears once, and every whole number of a
 * configuration package fits the 32 bits it is stored in, or is refused at its JSON path.
 */
class ImportBoundsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static byte[] zip(Object... namesAndBytes) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (int i = 0; i < namesAndBytes.length; i += 2) {
                zip.putNextEntry(new ZipEntry((String) namesAndBytes[i]));
                zip.write((byte[]) namesAndBytes[i + 1]);
            }
        }
        return bytes.toByteArray();
    }

    private static byte[] pkg(String name) {
        return ("{\"packageName\": \"" + name + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    private static void assertRefused(byte[] zip, int maxBytes, String message) {
        assertThatThrownBy(() -> ZipPackages.files(zip, maxBytes, 10)).isInstanceOfSatisfying(InvalidPackageException.class,
                e -> assertThat(e.problems()).extracting(p -> p.path() + ": " + p.message()).containsExactly("$: the zip " + message));
    }

    /** Entries passed over (other files, folders' contents, __MACOSX) inflate like the rest, before or after a package. */
    @ParameterizedTest
    @ValueSource(strings = {"notes.txt", "__MACOSX/._a.json", "docs/readme.md", "a.JSON.bak"})
    void bytesOfEntriesPassedOverCountTowardTheLimit(String passedOver) throws Exception {
        byte[] zeros = new byte[100_000];
        assertRefused(zip(passedOver, zeros, "a.json", pkg("A")), 10_000, "unpacks to more than 10000 bytes");
        assertRefused(zip("a.json", pkg("A"), passedOver, zeros), 10_000, "unpacks to more than 10000 bytes");
        // Together: two entries under the limit each, over it in sum.
        assertRefused(zip(passedOver, new byte[6_000], "a.json", pkg("A"), "b/" + passedOver, new byte[6_000]), 10_000,
                "unpacks to more than 10000 bytes");
        assertThat(ZipPackages.files(zip(passedOver, new byte[9_000], "a.json", pkg("A")), 10_000, 10)).hasSize(1);
    }

    /** The shipped limit: 1 MB of zip holding 25 MB of zeros in a text file is refused, not inflated unseen. */
    @Test
    void aSmallZipThatInflatesPastTheImportLimitIsRefused() throws Exception {
        byte[] bomb = zip("padding.txt", new byte[PackageJson.MAX_BYTES + 5 * 1024 * 1024], "a.json", pkg("A"));
        assertThat(bomb.length).isLessThan(1024 * 1024);
        assertThatThrownBy(() -> AdeConfigPackages.readZip(bomb)).isInstanceOfSatisfying(InvalidPackageException.class,
                e -> assertThat(e.problems().get(0).message()).isEqualTo("the zip unpacks to more than "
                        + PackageJson.MAX_BYTES + " bytes"));
    }

    /** Two entries of one name: the zip is refused naming it, whatever the entries hold. */
    @ParameterizedTest
    @ValueSource(strings = {"a.json", "pkgs/B.json", "notes.txt"})
    void twoEntriesOfOneNameAreRefused(String name) throws Exception {
        // ZipOutputStream will not write a duplicate; an equally long name is renamed in the bytes.
        String other = name.replace(name.charAt(0), name.charAt(0) == 'z' ? 'y' : 'z');
        byte[] zip = zip(name, pkg("A"), other, pkg("B"), "c.json", pkg("C"));
        byte[] twice = replaceAll(zip, other.getBytes(StandardCharsets.UTF_8), name.getBytes(StandardCharsets.UTF_8));
        assertRefused(twice, 10_000, "holds two entries named '" + name + "'; give each file its own name");
        assertThat(ZipPackages.files(zip, 10_000, 10)).isNotEmpty();
    }

    private static byte[] replaceAll(byte[] bytes, byte[] from, byte[] to) {
        byte[] out = bytes.clone();
        int replaced = 0;
        for (int i = 0; i + from.length <= out.length; i++) {
            if (java.util.Arrays.equals(out, i, i + from.length, from, 0, from.length)) {
                System.arraycopy(to, 0, out, i, to.length);
                replaced++;
            }
        }
        assertThat(replaced).as("the local header and the central directory").isEqualTo(2);
        return out;
    }

    /** Whole numbers outside 32 bits, as JSON numbers and as digits in a string. */
    private static final List<JsonNode> OUT_OF_RANGE = List.of(
            JSON.getNodeFactory().numberNode(BigInteger.valueOf(Integer.MAX_VALUE).add(BigInteger.ONE)),
            JSON.getNodeFactory().numberNode(BigInteger.valueOf(Integer.MIN_VALUE).subtract(BigInteger.ONE)),
            JSON.getNodeFactory().numberNode(Long.MAX_VALUE),
            JSON.getNodeFactory().numberNode(new BigInteger("123456789012345678901234567890")),
            JSON.getNodeFactory().stringNode("2147483648"),
            JSON.getNodeFactory().stringNode("99999999999999999999"));

    /**
     * Every numeric field of the configuration packages (a number, or digits in a string), set to each
     * out-of-range value: the import is refused at that field's path with the range, or, for a field
     * the import does not read, goes on; nothing else (before: an internal error, 500).
     */
    @Test
    void everyWholeNumberOutside32BitsIsRefusedAtItsPath() throws Exception {
        Set<String> refusedFields = new TreeSet<>();
        for (String file : List.of("ade/default/CONFIG_ENTITY_DEFAULTS.json", "ade/default/CONFIG_LOAD_TEMPLATES.json",
                "ade/config_entity_defaults.json")) {
            ObjectNode root = (ObjectNode) JSON.readTree(new ClassPathResource(file).getContentAsByteArray());
            // Precision and scale appear in no sample: give the first default attribute both.
            if (root.get("defaultAttributes") instanceof ArrayNode list && !list.isEmpty()) {
                ((ObjectNode) list.get(0)).put("dataPrecision", 10).put("dataScale", 2);
            }
            assertThat(AdeConfigPackages.read(JSON.writeValueAsBytes(root))).isNotNull();
            List<String[]> numeric = new ArrayList<>();
            collect(root, "$", numeric);
            for (String[] field : numeric) {
                // Of the field's own kind: a number for a number, digits for digits in a string (an id may be one).
                for (JsonNode bad : OUT_OF_RANGE.stream().filter(b -> b.isString() == field[2].equals("string")).toList()) {
                    ObjectNode changed = root.deepCopy();
                    set(changed, field[0], bad);
                    byte[] json = JSON.writeValueAsBytes(changed);
                    try {
                        AdeConfigPackages.read(json);
                    } catch (InvalidPackageException e) {
                        assertThat(e.problems()).as(file + " " + field[0] + " = " + bad).singleElement().satisfies(p -> {
                            assertThat(p.path()).isEqualTo(field[0]);
                            assertThat(p.message()).startsWith("must be a whole number from -2147483648 to 2147483647, not ");
                        });
                        refusedFields.add(field[1]);
                    }
                }
            }
        }
        // The numbers the import reads; the others (timestamps, dagLevel, ordinalPositionInDesigner) are passed over.
        assertThat(refusedFields).containsExactlyInAnyOrder("dataLength", "dataPrecision", "dataScale", "position",
                "templateOrdinalPosition");
    }

    private static void collect(JsonNode node, String path, List<String[]> out) {
        if (node.isObject()) {
            for (String name : node.propertyNames()) {
                JsonNode value = node.get(name);
                String at = path + "." + name;
                if (value.isIntegralNumber() || value.isString() && value.asString().matches("\\d+")) {
                    out.add(new String[] {at, name, value.isString() ? "string" : "number"});
                } else {
                    collect(value, at, out);
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), path + "[" + i + "]", out);
            }
        }
    }

    private static void set(JsonNode root, String path, JsonNode value) {
        String parent = path.substring(0, path.lastIndexOf('.'));
        String name = path.substring(path.lastIndexOf('.') + 1);
        JsonNode node = root;
        for (String part : parent.substring(1).split("(?=[.\\[])")) {
            if (part.isEmpty()) {
                continue;
            }
            node = part.startsWith("[") ? node.get(Integer.parseInt(part.substring(1, part.length() - 1)))
                    : node.get(part.substring(1));
        }
        ((ObjectNode) node).set(name, value);
    }
}
