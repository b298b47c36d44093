package dev.assay.common.validation;

import java.util.List;

/** The outcome of validating user documents: the checked value, or every problem found. */
public sealed interface Validation<T> {

    /** The documents passed every check. */
    record Valid<T>(T value) implements Validation<T> {
    }

    /** Every problem found, in the order found; never empty. */
    record Invalid<T>(List<Problem> problems) implements Validation<T> {

        public Invalid {
            if (problems.isEmpty()) {
                throw new IllegalArgumentException("an invalid outcome needs at least one problem");
            }
            problems = List.copyOf(problems);
        }
    }

    static <T> Validation<T> of(T value, List<Problem> problems) {
        return problems.isEmpty() ? new Valid<>(value) : new Invalid<>(problems);
    }

    /** The problems; empty when valid. */
    default List<Problem> problems() {
        return this instanceof Invalid<T> invalid ? invalid.problems() : List.of();
    }

    /** The value; throws {@link InvalidSpecException} listing every problem when there are any. */
    default T orThrow() {
        return switch (this) {
            case Valid<T> valid -> valid.value();
            case Invalid<T> invalid -> throw new InvalidSpecException(invalid.problems());
        };
    }
}
