package io.loadsmith.generation;

import io.loadsmith.engine.InMemoryTemplates;
import io.loadsmith.engine.VesselFixture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.engine.TestGenerators;
import io.loadsmith.generation.catalog.TemplateRejectedException;
import io.loadsmith.generation.catalog.TemplateSandbox;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * Known FreeMarker server-side template injection payloads (the public SSTI lists' FreeMarker
 * entries). Each is refused twice: when a user saves it (TemplateSandbox), and, should it arrive
 * some other way (a package, the library), when it renders — with a message, and without running.
 */
class SandboxPayloadsTest {

    static final Path MARKER = Path.of(System.getProperty("java.io.tmpdir"), "loadsmith-sandbox-breached");

    static List<String> payloads() {
        String touch = "touch " + MARKER;
        return List.of(
                "<#assign ex=\"freemarker.template.utility.Execute\"?new()>${ex(\"" + touch + "\")}",
                "${\"freemarker.template.utility.Execute\"?new()(\"" + touch + "\")}",
                "<#assign ob=\"freemarker.template.utility.ObjectConstructor\"?new()>${ob(\"java.lang.ProcessBuilder\",\"id\").start()}",
                "<#assign jr=\"freemarker.template.utility.JythonRuntime\"?new()><@jr>import os</@jr>",
                "<@\"freemarker.template.utility.Execute\"?new() \"" + touch + "\"/>",
                "${model.load?api.getClass().getProtectionDomain().getCodeSource().getLocation()}",
                "<#assign cl=model.load?api.class.classLoader>${cl}",
                "${model.load.class.classLoader}",
                "${model.load.getClass().forName(\"java.lang.Runtime\")}",
                "<#include \"/etc/passwd\">",
                "<#import \"../../pom.xml\" as x>",
                "<#include \"file:///etc/hostname\">",
                "${\"<#assign ex='freemarker.template.utility.Execute'?new()>${ex('id')}\"?interpret}",
                "${\"'freemarker.template.utility.Execute'?new()('id')\"?eval}");
    }

    @ParameterizedTest
    @MethodSource("payloads")
    void refusedWhenSaved(String payload) {
        assertThatThrownBy(() -> TemplateSandbox.check("evil", "default", payload))
                .isInstanceOf(TemplateRejectedException.class);
    }

    @ParameterizedTest
    @MethodSource("payloads")
    void refusedWhenRenderedWithoutRunningAnything(String payload) throws Exception {
        Files.deleteIfExists(MARKER);
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates().add("evil", payload)));
        LoadModel base = VesselFixture.load(VesselFixture.SEED_CREATE_TEMP);
        LoadModel load = new LoadModel(base.name(), base.target(), List.of(),
                List.of(new StepModel("evil", StepType.OVERRIDE, "<ftltemplate:evil>")), Map.of());

        assertThatThrownBy(() -> generators.loads().generate(load, "postgresql", Map.of()))
                .isInstanceOf(GenerationException.class)
                .satisfies(e -> assertThat(((GenerationException) e).detail()).isNotBlank()
                        .doesNotContain("uid=", "root:", "java.lang.ProcessBuilder@"));
        assertThat(MARKER).doesNotExist();
    }

    @org.junit.jupiter.api.Test
    void aRunawayLoopIsStoppedByTheOutputLimit() {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates()
                .add("runaway", "<#list 1..2000000000 as i>SELECT ${i} UNION ALL </#list>")));
        LoadModel base = VesselFixture.load(VesselFixture.SEED_CREATE_TEMP);
        LoadModel load = new LoadModel(base.name(), base.target(), List.of(),
                List.of(new StepModel("loop", StepType.OVERRIDE, "<ftltemplate:runaway>")), Map.of());

        assertThatThrownBy(() -> generators.loads().generate(load, "h2", Map.of()))
                .isInstanceOf(GenerationException.class)
                .hasMessageContaining("wrote more than 8 MB of SQL");
    }
}
