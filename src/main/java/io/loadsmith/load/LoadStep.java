package io.loadsmith.load;

import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.StepJson;
import io.loadsmith.names.Names;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;

/** One step of a load: SQL text that may hold {@code <ftltemplate:...>} calls and placeholders. */
@Embeddable
public class LoadStep {

    @Column(nullable = false)
    private String name;

    @Enumerated(EnumType.STRING)
    @Column(name = "step_type", nullable = false)
    private StepType type;

    @Column(name = "step_text", nullable = false)
    private String text;

    @Enumerated(EnumType.STRING)
    @Column(name = "step_kind")
    private StepKind kind;

    protected LoadStep() {
        // for JPA
    }

    public LoadStep(String name, StepType type, String text, StepKind kind) {
        this.name = name;
        this.type = type;
        this.text = text;
        this.kind = kind;
    }

    /** A step as a request gives it (loads and presets alike), its name in canonical form. */
    public static LoadStep of(StepJson step) {
        return new LoadStep(Names.normalize(step.name()), step.type(), step.text(), step.kind());
    }

    /** The step as the API and the designer see it. */
    public StepJson toJson() {
        return new StepJson(name, type, text, kind);
    }

    public String getName() {
        return name;
    }

    public StepType getType() {
        return type;
    }

    public String getText() {
        return text;
    }

    /** Null: the designer infers it from the text. */
    public StepKind getKind() {
        return kind;
    }
}
