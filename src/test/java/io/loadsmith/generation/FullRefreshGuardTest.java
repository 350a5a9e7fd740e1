package io.loadsmith.generation;

import static io.loadsmith.generation.FullRefreshPolicy.ALLOW;
import static io.loadsmith.generation.FullRefreshPolicy.DENY;
import static io.loadsmith.generation.FullRefreshPolicy.REQUIRE_CONFIRMATION;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.catalog.TemplateFlag;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;

/** The policy resolution: project × entity × confirmation, and an entity that cannot weaken. */
class FullRefreshGuardTest {

    private static EntityModel history(String entityPolicy) {
        return new EntityModel("D_USER", "D_USER", "publish", null, "TABLE", List.of(
                new AttributeModel("login", null, "VARCHAR", 10, null, null, true, null, null),
                new AttributeModel("valid_from", "VALID_FROM", "TIMESTAMP", null, null, null, true, null, null)),
                entityPolicy);
    }

    /** What happens: "generated", "denied" or "needs confirmation". */
    private static String outcome(FullRefreshPolicy project, FullRefreshPolicy entity, boolean confirmed) {
        FullRefreshGuard guard = new FullRefreshGuard(new FullRefreshSettings(project, ALLOW));
        Optional<String> refusal = guard.refusal(history(entity == null ? null : entity.value()), false,
                GenerationOptions.of(confirmed));
        return refusal.map(r -> r.contains(" is denied") ? "denied" : r.contains("needs confirmation")
                ? "needs confirmation" : "?" + r).orElse("generated");
    }

    /** The whole matrix, with the expected outcome written out by hand row by row. */
    static Stream<Arguments> matrix() {
        List<Arguments> rows = new ArrayList<>();
        // project, entity, confirmed -> outcome
        rows.add(Arguments.of(DENY, null, false, "denied"));
        rows.add(Arguments.of(DENY, null, true, "denied"));
        rows.add(Arguments.of(DENY, DENY, true, "denied"));
        rows.add(Arguments.of(DENY, REQUIRE_CONFIRMATION, true, "denied"));   // entity cannot weaken
        rows.add(Arguments.of(DENY, ALLOW, false, "denied"));                 // entity cannot weaken
        rows.add(Arguments.of(DENY, ALLOW, true, "denied"));                  // entity cannot weaken
        rows.add(Arguments.of(REQUIRE_CONFIRMATION, null, false, "needs confirmation"));
        rows.add(Arguments.of(REQUIRE_CONFIRMATION, null, true, "generated"));
        rows.add(Arguments.of(REQUIRE_CONFIRMATION, DENY, true, "denied"));   // entity stricter
        rows.add(Arguments.of(REQUIRE_CONFIRMATION, REQUIRE_CONFIRMATION, false, "needs confirmation"));
        rows.add(Arguments.of(REQUIRE_CONFIRMATION, ALLOW, false, "needs confirmation")); // cannot weaken
        rows.add(Arguments.of(REQUIRE_CONFIRMATION, ALLOW, true, "generated"));
        rows.add(Arguments.of(ALLOW, null, false, "generated"));
        rows.add(Arguments.of(ALLOW, ALLOW, false, "generated"));
        rows.add(Arguments.of(ALLOW, REQUIRE_CONFIRMATION, false, "needs confirmation")); // entity stricter
        rows.add(Arguments.of(ALLOW, REQUIRE_CONFIRMATION, true, "generated"));
        rows.add(Arguments.of(ALLOW, DENY, false, "denied"));
        rows.add(Arguments.of(ALLOW, DENY, true, "denied"));                  // confirmation never overrides deny
        return rows.stream();
    }

    @ParameterizedTest(name = "project {0}, entity {1}, confirmed {2} -> {3}")
    @MethodSource("matrix")
    void projectEntityAndConfirmation(FullRefreshPolicy project, FullRefreshPolicy entity, boolean confirmed,
                                      String expected) {
        assertThat(outcome(project, entity, confirmed)).isEqualTo(expected);
    }

    @Test
    void historicalInputUsesTheHistoricalSetting() {
        FullRefreshGuard guard = new FullRefreshGuard(new FullRefreshSettings(DENY, ALLOW));

        assertThat(guard.refusal(history(null), true, GenerationOptions.NONE)).isEmpty();
        assertThat(guard.refusal(history(null), false, GenerationOptions.NONE)).get().asString()
                .contains("project setting loadsmith.full-refresh.current-state=deny");
        assertThat(new FullRefreshGuard(new FullRefreshSettings(ALLOW, DENY)).refusal(history(null), true,
                GenerationOptions.CONFIRMED_FULL_REFRESH)).get().asString()
                .contains("(historical input)", "project setting loadsmith.full-refresh.historical=deny");
    }

    @Test
    void theSeedsDefaultsAreCurrentStateDenyAndHistoricalRequireConfirmation() {
        FullRefreshSettings defaults = FullRefreshSettings.defaults();

        assertThat(defaults.currentState()).isEqualTo(DENY);
        assertThat(defaults.historical()).isEqualTo(REQUIRE_CONFIRMATION);
    }

    @Test
    void theSourceOfTheEffectivePolicyIsNamed() {
        FullRefreshGuard guard = new FullRefreshGuard(new FullRefreshSettings(ALLOW, ALLOW));
        assertThat(guard.decide("publish.D_USER", "deny", false))
                .isEqualTo(new FullRefreshGuard.Decision(DENY, "entity publish.D_USER says deny"));

        FullRefreshGuard strict = new FullRefreshGuard(new FullRefreshSettings(REQUIRE_CONFIRMATION, ALLOW));
        FullRefreshGuard.Decision weaker = strict.decide("publish.D_USER", "allow", false);
        assertThat(weaker.policy()).isEqualTo(REQUIRE_CONFIRMATION);
        assertThat(weaker.source()).isEqualTo("project setting loadsmith.full-refresh.current-state=require_confirmation;"
                + " entity publish.D_USER says allow, which is ignored because an entity can only make the policy stricter");
    }

    @Test
    void historyTablesAreRecognisedByTheirAttributeTypes() {
        FullRefreshGuard guard = new FullRefreshGuard(FullRefreshSettings.defaults());
        EntityModel plain = new EntityModel("T", "T", "s", null, "TABLE", List.of(
                new AttributeModel("login", null, "VARCHAR", 10, null, null, true, null, null)));

        assertThat(guard.isHistoryTable(history(null))).isTrue();
        assertThat(guard.isHistoryTable(plain)).isFalse();
    }

    @Test
    void policiesParseInTheirWrittenForms() {
        assertThat(FullRefreshPolicy.parse("require_confirmation")).contains(REQUIRE_CONFIRMATION);
        assertThat(FullRefreshPolicy.parse(" Require-Confirmation ")).contains(REQUIRE_CONFIRMATION);
        assertThat(FullRefreshPolicy.parse("sometimes")).isEmpty();
        assertThat(DENY.isStricterThan(REQUIRE_CONFIRMATION)).isTrue();
        assertThat(ALLOW.isStricterThan(REQUIRE_CONFIRMATION)).isFalse();
    }

    @Test
    void templateFlagsHoldByConstantOrByParameter() {
        assertThat(TemplateFlag.parse(null, "x")).isEqualTo(TemplateFlag.NO);
        assertThat(TemplateFlag.parse(true, "x").holds(Map.of())).isTrue();
        TemplateFlag byObservedAt = TemplateFlag.parse(Map.of("parameter", "observed_at"), "x");
        assertThat(byObservedAt.holds(Map.of())).isFalse();
        assertThat(byObservedAt.holds(Map.of("observed_at", "seen_at"))).isTrue();
        TemplateFlag byBoolean = TemplateFlag.ofParameter("full_refresh");
        assertThat(byBoolean.holds(Map.of("full_refresh", false))).isFalse();
        assertThat(byBoolean.holds(Map.of("full_refresh", true))).isTrue();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TemplateFlag.parse("yes", "t/template.yaml fullRefresh"))
                .hasMessageContaining("t/template.yaml fullRefresh: give true, false, {parameter: NAME} or {unlessCapability: NAME}");
        TemplateFlag inPlace = TemplateFlag.parse(Map.of("unlessCapability", "update_from"), "x");
        assertThat(inPlace.holds(Map.of(), "update_from"::equals)).isFalse();
        assertThat(inPlace.holds(Map.of(), capability -> false)).isTrue();
        assertThat(inPlace.holds(Map.of())).as("no dialect known: the stricter reading").isTrue();
    }
}
