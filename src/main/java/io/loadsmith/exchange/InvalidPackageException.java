package io.loadsmith.exchange;

import java.util.List;
import java.util.stream.Collectors;

/** A package that cannot be imported; lists every problem found, each at its JSON path. */
public class InvalidPackageException extends RuntimeException {

    private final List<Problem> problems;

    public InvalidPackageException(List<Problem> problems) {
        super(problems.size() + (problems.size() == 1 ? " problem" : " problems") + " in the package: "
                + problems.stream().map(Problem::toString).collect(Collectors.joining("; ")));
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }

    /** One problem: where in the JSON (e.g. {@code $.entities[2].attributes[0].datatype}) and what. */
    public record Problem(String path, String message) {
        @Override
        public String toString() {
            return path + ": " + message;
        }
    }
}
