package io.loadsmith.load;

import io.loadsmith.generation.model.StepType;
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
