package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.TraitScore;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reading one trait's answer: valid values become scores (with the reasoning), invalid ones name the problem. */
class TraitAnswerTest {

    static final RubricTrait POLITE = RubricTrait.booleanTrait("polite", "Is polite.");
    static final RubricTrait CLARITY = RubricTrait.scoreTrait("clarity", "How clear it is.", null, null, null);
    static final RubricTrait VERBOSITY = RubricTrait.scoreTrait("verbosity", "How wordy it is.", 0, 10, false);
    static final RubricTrait TONE = RubricTrait.literalTrait("tone", "The register.", classes());

    static Map<String, String> classes() {
        Map<String, String> classes = new LinkedHashMap<>();
        classes.put("formal", "Formal register.");
        classes.put("neutral", "Neither formal nor casual.");
        classes.put("casual", "Everyday register.");
        return classes;
    }

    private static TraitAnswer.Reading read(RubricTrait trait, String answer) {
        return TraitAnswer.of(trait).readAnswer(answer == null ? null : Json.read(answer, JsonNode.class));
    }

    @Test
    void validValuesBecomeScoresWithTheJudgesReasoning() {
        assertThat(read(POLITE, "{\"reasoning\": \" Says please. \", \"verdict\": true}").score())
                .isEqualTo(TraitScore.verdict("polite", "boolean", true).withReasoning("Says please."));
        assertThat(read(CLARITY, "{\"reasoning\": \"Clear.\", \"verdict\": 1, \"score\": 5}").score())
                .isEqualTo(TraitScore.scored("clarity", "score", 5).withReasoning("Clear."));
        assertThat(read(VERBOSITY, "{\"score\": 0}").score()).isEqualTo(TraitScore.scored("verbosity", "score", 0));
        // the class index is the score
        assertThat(read(TONE, "{\"reasoning\": \"\", \"class\": \"casual\"}").score())
                .isEqualTo(TraitScore.labelled("tone", "literal", "casual", 2));
        // a whole number written as a decimal is still that number
        assertThat(read(CLARITY, "{\"score\": 4.0}").score().score()).isEqualTo(4.0);
    }

    @Test
    void anOutOfRangeScoreNamesTheValueAndTheRange() {
        assertThat(read(CLARITY, "{\"reasoning\": \"r\", \"score\": 7}").problem()).isEqualTo("score 7 is outside the allowed range 1 to 5");
        assertThat(read(CLARITY, "{\"score\": 0}").problem()).isEqualTo("score 0 is outside the allowed range 1 to 5");
        assertThat(read(VERBOSITY, "{\"score\": 11}").problem()).isEqualTo("score 11 is outside the allowed range 0 to 10");
        assertThat(read(CLARITY, "{\"score\": 3.5}").problem()).isEqualTo("score 3.5 is not a whole number (allowed: 1 to 5)");
        assertThat(read(CLARITY, "{\"score\": \"high\"}").problem()).isEqualTo("score \"high\" is not a whole number (allowed: 1 to 5)");
    }

    @Test
    void anUnknownClassNamesTheValueAndTheClasses() {
        assertThat(read(TONE, "{\"class\": \"sarcastic\"}").problem())
                .isEqualTo("class \"sarcastic\" is not one of the allowed classes formal, neutral, casual");
        // class names are matched exactly
        assertThat(read(TONE, "{\"class\": \"Formal\"}").usable()).isFalse();
        assertThat(read(TONE, "{\"class\": 0}").problem()).startsWith("class 0 is not one of");
    }

    @Test
    void aMissingOrMistypedAnswerIsAProblemToo() {
        assertThat(read(POLITE, null).problem()).isEqualTo("no answer was given");
        assertThat(read(POLITE, "{\"reasoning\": \"r\"}").problem()).isEqualTo("no verdict was given");
        assertThat(read(POLITE, "{\"verdict\": \"yes\"}").problem()).isEqualTo("verdict \"yes\" is not true or false");
        assertThat(read(CLARITY, "{\"score\": null}").problem()).isEqualTo("no score was given");
        assertThat(TraitAnswer.of(POLITE).readAnswer(Json.read("true", JsonNode.class)).problem())
                .isEqualTo("the answer true is not an object with reasoning and verdict");
    }

    @Test
    void onlyJudgedValueKindsHaveAnAnswer() {
        assertThatThrownBy(() -> TraitAnswer.of(RubricTrait.regexTrait("r", "x", null, null)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("trait r of kind regex");
    }
}
