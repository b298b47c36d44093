package dev.assay.localstack.stub;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Decides whether a {@link StubLlmServer} rule applies to a request. Text matching is case-sensitive
 * substring matching. The factories describe themselves in {@code toString()}, which the stub uses in
 * its "no rule matched" error; lambdas work too but describe themselves poorly, see {@link #describedAs}.
 */
@FunctionalInterface
public interface RequestMatcher {

    boolean matches(RecordedRequest request);

    default RequestMatcher and(RequestMatcher other) {
        Objects.requireNonNull(other, "other matcher must not be null");
        return describedAs("(" + this + " and " + other + ")", r -> matches(r) && other.matches(r));
    }

    default RequestMatcher or(RequestMatcher other) {
        Objects.requireNonNull(other, "other matcher must not be null");
        return describedAs("(" + this + " or " + other + ")", r -> matches(r) || other.matches(r));
    }

    default RequestMatcher negate() {
        return describedAs("not " + this, r -> !matches(r));
    }

    static RequestMatcher any() {
        return describedAs("any request", r -> true);
    }

    static RequestMatcher lastUserMessageContains(String text) {
        requireText(text);
        return describedAs("last user message contains " + quote(text),
                r -> r.lastUserMessage().map(m -> m.contains(text)).orElse(false));
    }

    static RequestMatcher anyMessageContains(String text) {
        requireText(text);
        return describedAs("any message contains " + quote(text),
                r -> r.messages().stream().anyMatch(m -> m.content().contains(text)));
    }

    static RequestMatcher systemMessageContains(String text) {
        requireText(text);
        return describedAs("system message contains " + quote(text),
                r -> r.contentsOf("system").stream().anyMatch(c -> c.contains(text)));
    }

    /** Finds {@code regex} anywhere in the message contents joined by newlines ({@link RecordedRequest#allContent()}). */
    static RequestMatcher contentMatches(String regex) {
        Objects.requireNonNull(regex, "regex must not be null");
        return contentMatches(Pattern.compile(regex));
    }

    static RequestMatcher contentMatches(Pattern pattern) {
        Objects.requireNonNull(pattern, "pattern must not be null");
        return describedAs("content matches /" + pattern + "/", r -> pattern.matcher(r.allContent()).find());
    }

    static RequestMatcher modelEquals(String model) {
        Objects.requireNonNull(model, "model must not be null");
        return describedAs("model is " + quote(model), r -> model.equals(r.model()));
    }

    static RequestMatcher allOf(RequestMatcher... matchers) {
        if (matchers.length == 0) {
            throw new IllegalArgumentException("allOf needs at least one matcher");
        }
        RequestMatcher[] all = matchers.clone();
        Arrays.stream(all).forEach(m -> Objects.requireNonNull(m, "matchers must not contain null"));
        String description = Arrays.stream(all).map(Object::toString).collect(Collectors.joining(" and ", "(", ")"));
        return describedAs(description, r -> Arrays.stream(all).allMatch(m -> m.matches(r)));
    }

    /** A matcher from any predicate, with the description the stub shows in errors. */
    static RequestMatcher describedAs(String description, Predicate<RecordedRequest> predicate) {
        return new DescribedMatcher(description, predicate);
    }

    private static void requireText(String text) {
        Objects.requireNonNull(text, "text must not be null");
        if (text.isEmpty()) {
            throw new IllegalArgumentException("text must not be empty: it would match every message");
        }
    }

    private static String quote(String text) {
        return '"' + text + '"';
    }
}
