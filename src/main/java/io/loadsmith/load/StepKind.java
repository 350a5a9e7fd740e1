package io.loadsmith.load;

/**
 * How the designer shows a step: as SQL text or as a template call's form. Generation ignores it
 * (every step's calls expand alike). Stored only where the text alone would mislead: a step whose
 * whole text is one template call but which its author keeps as SQL. Absent, it is inferred.
 */
public enum StepKind {
    SQL, TEMPLATE
}
