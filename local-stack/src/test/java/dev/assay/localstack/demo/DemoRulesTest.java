package dev.assay.localstack.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoRulesTest {

    private static final String RULES = """
            models: [demo-answerer, demo-judge]
            rules:
              - match: {model: demo-answerer, any_of: [capital of France, France's capital]}
                reply: Paris.
              - match: {model: demo-judge, all_of: [Paris., <json_schema>]}
                reply: {city: Paris, confident: true}
              - match: {model: "*", any_of: capital}
                reply: Some capital.
            fallback: I don't know.
            """;

    @Test
    void loadsRulesInOrderWithTheirReplies(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("demo-model.yaml"), RULES);

        DemoRules rules = DemoRules.load(file);

        assertThat(rules.models()).containsExactly("demo-answerer", "demo-judge");
        assertThat(rules.rules()).extracting(DemoRule::reply)
                .containsExactly("Paris.", "{\"city\":\"Paris\",\"confident\":true}", "Some capital.");
        assertThat(rules.rules().get(2).match().anyOf()).containsExactly("capital");
        assertThat(rules.fallback()).isEqualTo("I don't know.");
        assertThat(rules.serves("demo-judge")).isTrue();
        assertThat(rules.serves("gpt-4o")).isFalse();
    }

    @Test
    void theFirstMatchingRuleWinsAndTheModelMustFit() {
        DemoRules rules = DemoRules.parse(RULES, "demo-model.yaml");

        assertThat(rules.firstMatch("demo-answerer", "What is the capital of France?")).map(DemoRule::reply).contains("Paris.");
        // the judge sees the question too, but rule 0 is the answerer's: rule 2 (any model) answers it
        assertThat(rules.firstMatch("demo-judge", "What is the capital of France?")).map(DemoRule::reply).contains("Some capital.");
        // all_of needs every text
        assertThat(rules.firstMatch("demo-judge", "<response>Paris.</response> <json_schema>")).map(rules::indexOf).contains(1);
        assertThat(rules.firstMatch("demo-judge", "<response>Paris.</response>")).isEmpty();
        assertThat(rules.firstMatch("demo-answerer", "Name a river.")).isEmpty();
    }

    @Test
    void anyOfAndAllOfTogetherMustBothHold() {
        DemoMatch match = new DemoMatch("*", java.util.List.of("a", "b"), java.util.List.of("x", "y"));
        assertThat(match.matches("m", "a x y")).isTrue();
        assertThat(match.matches("m", "a x")).isFalse();
        assertThat(match.matches("m", "x y")).isFalse();
    }

    @Test
    void everyProblemIsReportedWithItsPlace() {
        String bad = """
                models: [demo-answerer]
                rules:
                  - match: {model: demo-answerer, any_of: [x]}
                    reply: ok
                  - match: {model: demo-answrer, any_of: [y]}
                    reply: ok
                  - match: {model: demo-answerer, all_of: [""]}
                    reply: ok
                  - match: {model: demo-answerer, any_of: [z]}
                  - {match: {model: "*"}, reply: ok, replay: typo}
                """;

        assertThatThrownBy(() -> DemoRules.parse(bad, "demo-model.yaml"))
                .isInstanceOfSatisfying(DemoRulesException.class, e -> assertThat(e.problems()).containsExactly(
                        "demo-model.yaml:rules[1].match.model: \"demo-answrer\" is not in models [demo-answerer] (or use *)",
                        "demo-model.yaml:rules[2].match.all_of[0]: is empty: it would match every request",
                        "demo-model.yaml:rules[3].reply: is required",
                        "demo-model.yaml:rules[4].replay: unknown key; known keys: match, reply"))
                .hasMessageStartingWith("4 problems:\ndemo-model.yaml:rules[1].match.model");
    }

    @Test
    void aSingleProblemIsTheWholeMessage() {
        assertThatThrownBy(() -> DemoRules.parse("rules: []\n", "demo-model.yaml"))
                .hasMessage("demo-model.yaml:models: is required: the model names this file serves, e.g. [demo-answerer, demo-judge]");
        assertThatThrownBy(() -> DemoRules.parse("models: [a]\nrules:\n  - match: {model: a, any_of: [Why?]}\n", "x.yaml"))
                .hasMessageStartingWith("x.yaml: not valid YAML:").hasMessageContaining("(line 3, column");
        assertThatThrownBy(() -> DemoRules.load(Path.of("no/such/demo-model.yaml")))
                .hasMessageStartingWith("demo-model.yaml: no such file");
    }
}
