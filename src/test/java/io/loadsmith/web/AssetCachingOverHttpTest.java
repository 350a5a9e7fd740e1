package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.TestPropertySource;

/**
 * Over real HTTP (compression is the server's, not MockMvc's): every script, style sheet and icon a
 * page links is linked by a versioned name and answered with a year's immutable Cache-Control and, when
 * asked, gzipped; the page itself stays no-store; a plain name is revalidated; a made-up version is a 404
 * that no cache keeps.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = "spring.datasource.url=jdbc:h2:mem:assetcaching;DB_CLOSE_DELAY=-1")
class AssetCachingOverHttpTest {

    private static final String VERSIONED = ".*-[0-9a-f]{32}\\.(css|js|svg)$";

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<byte[]> get(String path, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The assets of the lineage page: the head's (pico, CodeMirror, htmx, app, palette, icon) and cytoscape's. */
    private List<String> assetsOf(HttpResponse<byte[]> page) {
        Document html = Jsoup.parse(new String(page.body(), java.nio.charset.StandardCharsets.UTF_8));
        List<String> assets = new ArrayList<>();
        html.select("link[href]").forEach(e -> assets.add(e.attr("href")));
        html.select("script[src]").forEach(e -> assets.add(e.attr("src")));
        return assets;
    }

    @Test
    void everyAssetOfAPageIsVersionedCachedForAYearAndCompressed() throws Exception {
        HttpResponse<byte[]> page = get("/lineage?package=demo", "Accept", "text/html",
                "Authorization", io.loadsmith.security.TestAccounts.adminBearer(context));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Cache-Control").orElse("")).contains("no-store");

        String bearer = io.loadsmith.security.TestAccounts.adminBearer(context);
        // The lineage page (cytoscape) and a load page (CodeMirror, which only editor pages load) together.
        java.util.Set<String> both = new java.util.LinkedHashSet<>(assetsOf(page));
        both.addAll(assetsOf(get("/loads/1", "Accept", "text/html", "Authorization", bearer)));
        List<String> assets = List.copyOf(both);
        assertThat(assets).hasSizeGreaterThanOrEqualTo(12).allMatch(a -> a.matches(VERSIONED), "versioned")
                .anyMatch(a -> a.startsWith("/webjars/codemirror/")).anyMatch(a -> a.startsWith("/webjars/cytoscape/"))
                .anyMatch(a -> a.startsWith("/app-"));
        for (String asset : assets) {
            HttpResponse<byte[]> answer = get(asset, "Accept-Encoding", "gzip", "Authorization", bearer);
            assertThat(answer.statusCode()).as(asset).isEqualTo(200);
            assertThat(answer.headers().allValues("Cache-Control")).as(asset).containsExactly(AssetCaching.A_YEAR);
            HttpResponse<byte[]> plain = get(asset, "Authorization", bearer);
            if (plain.body().length > 2048) {
                assertThat(answer.headers().firstValue("Content-Encoding")).as(asset).hasValue("gzip");
                assertThat(answer.body().length).as(asset).isLessThan(plain.body().length);
                try (InputStream unzipped = new GZIPInputStream(new java.io.ByteArrayInputStream(answer.body()))) {
                    assertThat(unzipped.readAllBytes()).as(asset).isEqualTo(plain.body());
                }
            }
        }
    }

    @Test
    void aPageIsCompressedButNeverStored() throws Exception {
        HttpResponse<byte[]> page = get("/loads/1", "Accept", "text/html", "Accept-Encoding", "gzip",
                "Authorization", io.loadsmith.security.TestAccounts.adminBearer(context));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(page.headers().firstValue("Cache-Control").orElse("")).contains("no-store").doesNotContain("immutable");
    }

    @Test
    void aPlainNameIsRevalidatedAndAMadeUpVersionIsNotFound() throws Exception {
        HttpResponse<byte[]> plain = get("/app.css");
        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(plain.headers().firstValue("Cache-Control")).hasValue("no-cache");
        String lastModified = plain.headers().firstValue("Last-Modified").orElseThrow();
        assertThat(get("/app.css", "If-Modified-Since", lastModified).statusCode()).isEqualTo(304);

        HttpResponse<byte[]> madeUp = get("/app-0123456789abcdef0123456789abcdef.css");
        assertThat(madeUp.statusCode()).isEqualTo(404);
        assertThat(madeUp.headers().allValues("Cache-Control")).noneMatch(v -> v.contains("immutable"));
    }
}
