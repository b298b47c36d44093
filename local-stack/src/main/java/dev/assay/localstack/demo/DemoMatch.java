package dev.assay.localstack.demo;

import java.util.List;
import java.util.Objects;

/**
 * When a demo rule applies: the request's model is {@code model} ({@code *} for any) and the
 * request's message contents, joined by newlines, contain at least one of {@code anyOf} (when
 * given) and every one of {@code allOf} (when given). Case-sensitive substring matching, as in
 * the stub's own matchers, so a rule reads as the text it waits for.
 */
public record DemoMatch(String model, List<String> anyOf, List<String> allOf) {

    public static final String ANY_MODEL = "*";

    public DemoMatch {
        Objects.requireNonNull(model, "model must not be null");
        anyOf = List.copyOf(anyOf);
        allOf = List.copyOf(allOf);
    }

    public boolean matches(String requestModel, String content) {
        if (!ANY_MODEL.equals(model) && !model.equals(requestModel)) {
            return false;
        }
        boolean any = anyOf.isEmpty() || anyOf.stream().anyMatch(content::contains);
        return any && allOf.stream().allMatch(content::contains);
    }

    @Override
    public String toString() {
        return "model " + model + (anyOf.isEmpty() ? "" : ", any of " + anyOf) + (allOf.isEmpty() ? "" : ", all of " + allOf);
    }
}
