package io.loadsmith.tryit;

import java.io.PrintStream;
import java.util.List;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The child JVM that runs a try's batches when the sandbox runs in a process of its own
 * ({@link SandboxProcess}): the request (plan, batches, limits) as JSON on stdin, the answer
 * ({@link TryResult}) as JSON on stdout. Exhausting its memory or time ends only this process.
 */
final class SandboxChild {

    /** What the parent sends. */
    record Request(TryPlan plan, List<TryRunner.Batch> batches, SandboxLimits limits) {
    }

    static final JsonMapper JSON = JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    private SandboxChild() {
    }

    public static void main(String[] args) {
        // Only the answer goes to stdout, whatever a library prints.
        PrintStream answer = System.out;
        System.setOut(System.err);
        Request request = JSON.readValue(System.in, Request.class);
        TryResult result;
        try {
            result = new TryRunner(new Sandbox(request.limits())).runHere(request.plan(), request.batches());
        } catch (SandboxRefusal e) {
            result = TryRunner.failed(request.plan(), e.getMessage());
        }
        JSON.writeValue(answer, result);
        answer.flush();
        System.exit(0);
    }
}
