package dev.assay.localstack.stub;

import java.util.Objects;
import java.util.function.Predicate;

/** A {@link RequestMatcher} that says what it matches, for readable "no rule matched" errors. */
record DescribedMatcher(String description, Predicate<RecordedRequest> predicate) implements RequestMatcher {

    DescribedMatcher {
        Objects.requireNonNull(description, "description must not be null");
        Objects.requireNonNull(predicate, "predicate must not be null");
    }

    @Override
    public boolean matches(RecordedRequest request) {
        return predicate.test(request);
    }

    @Override
    public String toString() {
        return description;
    }
}
