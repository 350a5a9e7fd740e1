package io.loadsmith.bench;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;

import javax.sql.DataSource;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.RequestBuilder;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

import io.loadsmith.LoadsmithApplication;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.web.LoadForm;

/**
 * Table 17: the server CPU of one live preview (the load page's POST with {@code action=preview}, as
 * htmx sends it while the user types) against the trivial {@code GET /api/v1/dialects}, in the same
 * run, on the whole application over an in-memory H2 store. MockMvc runs each request on the calling
 * thread and H2 reads on it too, so that thread's CPU time is all the request's server work (the
 * security filter chain is left out of both rows alike, and the response's writer is buffered as a
 * servlet container buffers it).
 */
final class LivePreviewBench {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private LivePreviewBench() {
    }

    static Table run(int requests) throws Exception {
        Table table = new Table("17. Live preview: server CPU per request against a trivial endpoint (SCD2 load, 30 attributes)",
                "request", "requests", "CPU µs/request (median of 5 rounds)", "ratio to the trivial endpoint (goal <= 2)");
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(LoadsmithApplication.class).run(
                "--spring.datasource.url=jdbc:h2:mem:live_preview_bench;DB_CLOSE_DELAY=-1",
                "--spring.datasource.username=sa", "--spring.datasource.password=",
                "--server.port=0", "--logging.level.root=WARN")) {
            DataSource ds = app.getBean(DataSource.class);
            StoreBenchmarks.populate(ds, "bench_live", 20);
            long id = firstLoad(ds, "bench_live");
            // The environment switcher's choices, as a project has them: three more beside the demo's, with a few variables each.
            io.loadsmith.environment.EnvironmentService environments = app.getBean(io.loadsmith.environment.EnvironmentService.class);
            for (String name : java.util.List.of("bench_test", "bench_acceptance", "bench_prod")) {
                java.util.Map<String, String> variables = new java.util.TreeMap<>();
                for (int v = 0; v < 6; v++) {
                    variables.put("var_" + v, name + "_value_" + v);
                }
                environments.create(new io.loadsmith.environment.EnvironmentRequest(null, name, null, variables));
            }
            LoadResponse stored = app.getBean(LoadService.class).get(id);
            MockMvc mvc = MockMvcBuilders.webAppContextSetup((WebApplicationContext) app)
                    .addFilters(new BufferedWriters()).build();

            RequestBuilder trivial = get("/api/v1/dialects");
            RequestBuilder unchanged = preview(id, LoadForm.of(stored), "snowflake");
            LoadForm saved = LoadForm.of(stored);
            LoadForm typed = new LoadForm(saved.version(), saved.name(), saved.target(), saved.loadType(),
                    "typed while previewing", saved.sources(), saved.options(), saved.steps(), saved.mapping());
            RequestBuilder draft = preview(id, typed, "snowflake");

            // All three warmed up together first: the preview row measured first cost twice the other,
            // in either order (2026-12-07, load average 13), the JIT still compiling what the second inherits.
            for (int i = 0; i < requests; i++) {
                mvc.perform(trivial);
                mvc.perform(unchanged);
                mvc.perform(draft);
            }
            check(mvc, trivial, body -> true);
            check(mvc, unchanged, body -> !body.contains("Of the form on screen"));
            check(mvc, draft, body -> body.contains("Of the form on screen"));
            // The rows take turns round by round: measured one after the other, the row that followed the
            // baseline's 12,000 requests paid for the JIT's switch back (it cost 1.5 to 2 times the other preview).
            RequestBuilder[] rows = {trivial, unchanged, draft};
            double[][] rounds = new double[rows.length][5];
            for (int r = 0; r < 5; r++) {
                for (int row = 0; row < rows.length; row++) {
                    int which = (row + r) % rows.length;
                    rounds[which][r] = cpuMicros(mvc, rows[which], requests);
                }
            }
            double base = median(rounds[0]);
            double same = median(rounds[1]);
            double edited = median(rounds[2]);
            table.row("GET /api/v1/dialects (baseline)", requests, Table.f1(base), "1.00");
            table.row("live preview, form as saved (the saved load's SQL)", requests, Table.f1(same), Table.f2(same / base));
            table.row("live preview, form edited (a draft)", requests, Table.f1(edited), Table.f2(edited / base));
        }
        return table.note("Each row: " + requests + " requests on one thread after as many of all three rows, alternating, as warm-up;"
                + " then 5 rounds in which the rows take turns (the order rotated each round), each row " + requests
                + " requests of its own as warm-up and " + requests + " measured; the median"
                + " round's thread CPU time (ThreadMXBean) divided by the requests (until 2026-12-07 evening each row's"
                + " rounds ran one after the other). The live preview is"
                + " POST /loads/{id} with action=preview and HX-Request, the form fields as the page posts them for the"
                + " 4-step SCD2 load of bench/populate.sql, dialect snowflake, no environment chosen (the demo's and three more with six variables each);"
                + " it answers the preview fragment alone.");
    }

    /**
     * Buffers a response's writer as a servlet container does (8 KB): MockHttpServletResponse flushes
     * its writer on every write, which would bill a page's many small writes as encoding no server does
     * (half the preview's CPU in a first profile). The JSON baseline writes to the stream, unbuffered alike.
     */
    private static final class BufferedWriters implements Filter {

        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                throws IOException, ServletException {
            HttpServletResponse http = (HttpServletResponse) response;
            PrintWriter[] writer = new PrintWriter[1];
            chain.doFilter(request, new HttpServletResponseWrapper(http) {
                @Override
                public PrintWriter getWriter() throws IOException {
                    if (writer[0] == null) {
                        writer[0] = new PrintWriter(new BufferedWriter(http.getWriter(), 8192));
                    }
                    return writer[0];
                }
            });
            if (writer[0] != null) {
                writer[0].flush();
            }
        }
    }

    /** The page's form as htmx posts it for the preview. */
    private static RequestBuilder preview(long id, LoadForm form, String dialect) {
        MockHttpServletRequestBuilder post = post("/loads/" + id).header("HX-Request", "true")
                .param("action", "preview").param("dialect", dialect)
                .param("version", form.version()).param("name", form.name())
                .param("target", form.target());
        if (form.loadType() != null) {
            post.param("loadType", form.loadType());
        }
        if (form.description() != null) {
            post.param("description", form.description());
        }
        for (int i = 0; i < form.sources().size(); i++) {
            post.param("sources[" + i + "]", form.sources().get(i));
        }
        form.options().forEach((k, v) -> post.param("options[" + k + "]", v));
        for (int i = 0; i < form.steps().size(); i++) {
            LoadForm.StepRow step = form.steps().get(i);
            String p = "steps[" + i + "].";
            post.param(p + "name", step.name()).param(p + "type", step.type()).param(p + "kind", step.kind());
            if (step.text() != null) {
                post.param(p + "text", step.text());
            }
            if (step.template() != null) {
                post.param(p + "template", step.template());
            }
            step.params().forEach((k, v) -> post.param(p + "params[" + k + "]", v));
        }
        return post;
    }

    /** {@code expected}: the answer is the one meant (the SQL, as saved or as a draft), not an error. */
    private static void check(MockMvc mvc, RequestBuilder request, java.util.function.Predicate<String> expected)
            throws Exception {
        var first = mvc.perform(request).andReturn().getResponse();
        String body = first.getContentAsString();
        if (first.getStatus() != 200 || body.contains("generation-error") || !expected.test(body)) {
            throw new IllegalStateException("the bench's request answered " + first.getStatus() + ": " + body);
        }
    }

    /** One round of one row: {@code requests} as warm-up of that row, then as many measured, µs of this thread's CPU each. */
    private static double cpuMicros(MockMvc mvc, RequestBuilder request, int requests) throws Exception {
        for (int i = 0; i < requests; i++) {
            mvc.perform(request);
        }
        long start = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < requests; i++) {
            mvc.perform(request);
        }
        return (THREADS.getCurrentThreadCpuTime() - start) / 1e3 / requests;
    }

    private static double median(double[] rounds) {
        double[] sorted = rounds.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static long firstLoad(DataSource ds, String pkg) throws Exception {
        try (Connection c = ds.getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select min(l.id) from entity_load l join dw_entity e on e.id = l.target_entity_id"
                     + " where e.schema_name = '" + pkg + "'")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
