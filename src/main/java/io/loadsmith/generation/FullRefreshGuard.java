package io.loadsmith.generation;

import java.util.Optional;

import io.loadsmith.generation.model.EntityModel;

/**
 * Decides whether a full refresh of a history table may be generated: the effective policy is the
 * stricter of the project's (current-state or historical, by the template call's input) and the
 * target entity's own {@code fullRefreshPolicy}. An entity can only make the policy stricter: a
 * weaker entity setting is ignored, and the refusal says so.
 */
public final class FullRefreshGuard {

    private final FullRefreshSettings settings;

    public FullRefreshGuard(FullRefreshSettings settings) {
        this.settings = settings == null ? FullRefreshSettings.defaults() : settings;
    }

    public FullRefreshSettings settings() {
        return settings;
    }

    /** The effective policy and where it comes from, in words for messages. */
    public record Decision(FullRefreshPolicy policy, String source) {
    }

    /** A target with a VALID_FROM / VALID_TO or other SCD attribute type keeps history. */
    public boolean isHistoryTable(EntityModel target) {
        return target != null && target.attributes().stream()
                .anyMatch(a -> a.attributeType() != null && settings.historyAttributeTypes().contains(a.attributeType()));
    }

    public Decision decide(String entityName, String entityPolicy, boolean historicalInput) {
        FullRefreshPolicy project = settings.forInput(historicalInput);
        String projectSource = "project setting " + settings.settingName(historicalInput) + "=" + project.value();
        Optional<FullRefreshPolicy> entity = FullRefreshPolicy.parse(entityPolicy);
        if (entity.isEmpty()) {
            return new Decision(project, projectSource);
        }
        if (entity.get().isStricterThan(project) || entity.get() == project) {
            return new Decision(entity.get(), "entity " + entityName + " says " + entity.get().value());
        }
        return new Decision(project, projectSource + "; entity " + entityName + " says " + entity.get().value()
                + ", which is ignored because an entity can only make the policy stricter");
    }

    /**
     * Why the full refresh may not be generated, or empty when it may: {@code deny} always refuses,
     * {@code require_confirmation} refuses without the caller's confirmation.
     */
    public Optional<String> refusal(EntityModel target, boolean historicalInput, GenerationOptions options) {
        Decision d = decide(target.qualifiedName(), target.fullRefreshPolicy(), historicalInput);
        String what = "full refresh of history table " + target.qualifiedName() + " ("
                + (historicalInput ? "historical" : "current-state") + " input) ";
        return switch (d.policy()) {
            case DENY -> Optional.of(what + "is denied: the effective policy is deny (" + d.source()
                    + "). A full refresh discards history that may not be reconstructable; confirming does not"
                    + " override deny. Change the policy or load incrementally.");
            case REQUIRE_CONFIRMATION -> options.allowFullRefresh() ? Optional.empty()
                    : Optional.of(what + "needs confirmation: the effective policy is require_confirmation ("
                    + d.source() + "). Confirm with allowFullRefresh=true (API) or --allow-full-refresh"
                    + " (command line).");
            case ALLOW -> Optional.empty();
        };
    }
}
