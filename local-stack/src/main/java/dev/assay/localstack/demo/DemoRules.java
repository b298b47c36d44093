package dev.assay.localstack.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A demo model's script, read from a YAML rules file (see examples/README-demo-format.md):
 *
 * <pre>{@code
 * models: [demo-answerer, demo-judge]
 * rules:
 *   - match: {model: demo-answerer, any_of: ["capital of Australia"]}
 *     reply: The capital of Australia is Canberra.
 *   - match: {model: demo-judge, all_of: ["The capital of Australia is Canberra.", "<json_schema>"]}
 *     reply: {city: Canberra}
 * fallback: "(no scripted reply)"
 * }</pre>
 *
 * Rules are tried in order and the first match answers; {@code fallback} (optional) answers the
 * rest. {@code models} names the model names the file serves: whoever starts the demo points
 * exactly those models of a run config at it, and every rule must name one of them or {@code *}.
 *
 * @param fallback the reply when no rule matches; null means the stub's default (HTTP 400 naming the request)
 */
public record DemoRules(List<String> models, List<DemoRule> rules, String fallback) {

    public DemoRules {
        models = List.copyOf(models);
        rules = List.copyOf(rules);
    }

    /** Reads and checks {@code file}; throws {@link DemoRulesException} listing every problem. */
    public static DemoRules load(Path file) {
        Objects.requireNonNull(file, "file must not be null");
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new DemoRulesException(List.of(name + ": no such file (" + file + ")"));
        } catch (IOException e) {
            throw new DemoRulesException(List.of(name + ": cannot read: " + e.getMessage()));
        }
        return parse(text, name);
    }

    /** Reads rules from YAML text; {@code fileName} prefixes every error ({@code demo-model.yaml:rules[3].reply: is required}). */
    public static DemoRules parse(String yaml, String fileName) {
        return new DemoRulesReader(fileName).read(yaml);
    }

    /** The first rule matching a request for {@code model} whose message contents (joined by newlines) are {@code content}. */
    public Optional<DemoRule> firstMatch(String model, String content) {
        return rules.stream().filter(rule -> rule.match().matches(model, content)).findFirst();
    }

    /** Whether this file serves {@code model}: the CLI points exactly these models of a run config at the demo. */
    public boolean serves(String model) {
        return models.contains(model);
    }

    /** Index of a rule, for messages such as "answered by rules[3]". */
    public int indexOf(DemoRule rule) {
        return rules.indexOf(rule);
    }
}
