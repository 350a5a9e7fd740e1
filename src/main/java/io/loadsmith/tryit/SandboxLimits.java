package io.loadsmith.tryit;

/**
 * How far one "Try it" run may go, besides DuckDB's own memory limit: a statement's time, the whole
 * run's time (every statement of the setup and of every batch, and the reads of the results), the
 * characters of sample rows it takes (every cell of every batch) and the characters of table cells
 * it answers (every table after every batch). The product's values are {@link #DEFAULT}.
 */
record SandboxLimits(int statementSeconds, int runSeconds, long inputCharacters, long answerCharacters) {

    public static final SandboxLimits DEFAULT = new SandboxLimits(5, 30, 2_000_000, 4_000_000);

    public SandboxLimits {
        if (statementSeconds < 1 || runSeconds < 1 || inputCharacters < 1 || answerCharacters < 1) {
            throw new IllegalArgumentException("Every sandbox limit must be positive.");
        }
    }
}
