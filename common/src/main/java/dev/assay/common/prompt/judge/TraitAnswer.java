package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.TraitScore;

import java.util.List;

/**
 * What the judge answers for one LLM-judged trait ({@code boolean}, {@code score} or
 * {@code literal}): a short reasoning and a value, under a key of its own ({@code verdict},
 * {@code score}, {@code class}). Knows the value's schema, how the prompt describes it, and how to
 * read an answer into a {@link TraitScore}, naming the problem when the value is not usable.
 */
public sealed interface TraitAnswer {

    String REASONING = "reasoning";

    RubricTrait trait();

    /** The answer's key for the value. */
    String key();

    /** The JSON schema of the value. */
    ObjectNode valueSchema();

    /** What the prompt says about the value, e.g. {@code score 1 to 5, higher is better}. */
    String describe();

    /** The value read: its score, or what is wrong with it. */
    Reading read(JsonNode value);

    /** A trait's reading: the score, or why the value is unusable (then {@code score} is null). */
    record Reading(TraitScore score, String problem) {
        public static Reading of(TraitScore score) {
            return new Reading(score, null);
        }

        public static Reading problem(String problem) {
            return new Reading(null, problem);
        }

        public boolean usable() {
            return score != null;
        }
    }

    static TraitAnswer of(RubricTrait trait) {
        return switch (trait.kind()) {
            case RubricTrait.BOOLEAN -> new Verdict(trait);
            case RubricTrait.SCORE -> new Score(trait);
            case RubricTrait.LITERAL -> new Label(trait);
            default -> throw new IllegalArgumentException("trait " + trait.name() + " of kind " + trait.kind()
                    + " is not judged as a boolean, score or literal trait");
        };
    }

    /**
     * Reads the judge's object for this trait ({@code {reasoning, <key>}}); the reasoning, when
     * given, goes with the score. A missing object or value is a problem like a wrong one.
     */
    default Reading readAnswer(JsonNode answer) {
        if (answer == null || !answer.isObject()) {
            return Reading.problem(answer == null || answer.isNull() ? "no answer was given" : "the answer " + answer
                    + " is not an object with " + REASONING + " and " + key());
        }
        JsonNode value = answer.get(key());
        if (value == null || value.isNull()) {
            return Reading.problem("no " + key() + " was given");
        }
        Reading reading = read(value);
        JsonNode reasoning = answer.get(REASONING);
        if (reading.usable() && reasoning != null && reasoning.isTextual() && !reasoning.asText().isBlank()) {
            return Reading.of(reading.score().withReasoning(reasoning.asText().strip()));
        }
        return reading;
    }

    /** {@code boolean}: true when the response has the trait. */
    record Verdict(RubricTrait trait) implements TraitAnswer {
        @Override
        public String key() {
            return "verdict";
        }

        @Override
        public ObjectNode valueSchema() {
            return Json.mapper().createObjectNode().put("type", "boolean")
                    .put("description", "true when the response has the trait, false when it does not");
        }

        @Override
        public String describe() {
            return "true or false";
        }

        @Override
        public Reading read(JsonNode value) {
            return value.isBoolean()
                    ? Reading.of(TraitScore.verdict(trait.name(), trait.kind(), value.asBoolean()))
                    : Reading.problem("verdict " + value + " is not true or false");
        }
    }

    /** {@code score}: a whole number from the trait's min to its max. */
    record Score(RubricTrait trait) implements TraitAnswer {
        @Override
        public String key() {
            return "score";
        }

        @Override
        public ObjectNode valueSchema() {
            return Json.mapper().createObjectNode().put("type", "integer")
                    .put("minimum", trait.effectiveMin()).put("maximum", trait.effectiveMax())
                    .put("description", "a whole number from " + range() + "; " + direction());
        }

        @Override
        public String describe() {
            return "score " + range() + ", " + direction();
        }

        private String range() {
            return trait.effectiveMin() + " to " + trait.effectiveMax();
        }

        private String direction() {
            return trait.isHigherBetter() ? "higher is better" : "lower is better";
        }

        @Override
        public Reading read(JsonNode value) {
            if (!value.isNumber() || !value.canConvertToExactIntegral()) {
                return Reading.problem("score " + value + " is not a whole number (allowed: " + range() + ")");
            }
            long score = value.asLong();
            if (score < trait.effectiveMin() || score > trait.effectiveMax()) {
                return Reading.problem("score " + score + " is outside the allowed range " + range());
            }
            return Reading.of(TraitScore.scored(trait.name(), trait.kind(), score));
        }
    }

    /** {@code literal}: one of the trait's class names; the score is the class's index. */
    record Label(RubricTrait trait) implements TraitAnswer {
        @Override
        public String key() {
            return "class";
        }

        @Override
        public ObjectNode valueSchema() {
            ObjectNode schema = Json.mapper().createObjectNode().put("type", "string");
            trait.classNames().forEach(schema.putArray("enum")::add);
            return schema.put("description", "the name of the class that fits the response best");
        }

        @Override
        public String describe() {
            return "one of the classes below";
        }

        @Override
        public Reading read(JsonNode value) {
            List<String> classes = trait.classNames();
            int index = value.isTextual() ? classes.indexOf(value.asText()) : -1;
            if (index < 0) {
                return Reading.problem("class " + value + " is not one of the allowed classes "
                        + String.join(", ", classes));
            }
            return Reading.of(TraitScore.labelled(trait.name(), trait.kind(), classes.get(index), index));
        }
    }
}
