package dev.assay.common.validation;

import java.util.List;
import java.util.stream.Collectors;

/** Documents that cannot be used, with every problem, each placed as {@code file:line:column: path: message}. */
public class InvalidSpecException extends ValidationException {

    private final List<Problem> problems;

    public InvalidSpecException(List<Problem> problems) {
        super(problems.stream().map(problem -> new ValidationError(problem.path(), problem.message())).toList(),
                problems.size() + (problems.size() == 1 ? " problem" : " problems") + ":\n"
                        + problems.stream().map(problem -> "  " + problem).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }
}
