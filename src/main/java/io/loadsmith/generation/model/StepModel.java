package io.loadsmith.generation.model;

/** One step of a load: its name, PRE / OVERRIDE / POST, and its text before expansion. */
public record StepModel(String name, StepType type, String text) {
}
