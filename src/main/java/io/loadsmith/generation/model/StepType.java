package io.loadsmith.generation.model;

/** Where a step runs: before the main logic, as the main logic, or after it. */
public enum StepType {
    PRE, OVERRIDE, POST
}
