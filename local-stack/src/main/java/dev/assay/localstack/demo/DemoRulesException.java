package dev.assay.localstack.demo;

import java.util.List;

/** A demo rules file that cannot be used; {@link #problems()} holds every problem as {@code file:path: message}. */
public final class DemoRulesException extends RuntimeException {

    private final List<String> problems;

    DemoRulesException(List<String> problems) {
        super(problems.size() == 1 ? problems.getFirst()
                : problems.size() + " problems:\n" + String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
