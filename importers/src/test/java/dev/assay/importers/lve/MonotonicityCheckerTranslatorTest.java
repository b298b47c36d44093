package dev.assay.importers.lve;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.trait.TraitExpressions;
import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.message.Role;
import dev.assay.common.run.ManualAnswer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Verdicts are LVE's MonotonicityChecker's, worked out by hand for each case. */
class MonotonicityCheckerTranslatorTest {

    private static final MonotonicityCheckerTranslator MONOTONICITY = new MonotonicityCheckerTranslator();
    private static final String DESC = "{\"order\": \"desc\", \"answer_value_regex\": \"\\\\[Answer=([0-9]+(\\\\.[0-9]+)?)\\\\]\","
            + " \"answer_variable_identifier_regex\": \"answer([0-9]+)\", \"param_variable_identifier_regex\": \"year([0-9]+)\"}";

    /** A prompt asking about each year in turn, the model answering each into answerN. */
    private static AssayPrompt forecast(int years) {
        List<LveMessage> messages = new ArrayList<>();
        for (int i = 1; i <= years; i++) {
            messages.add(new LveMessage(Role.USER, "The record in {year" + i + "}?", null));
            messages.add(new LveMessage(Role.ASSISTANT, null, "answer" + i));
        }
        return PromptConverter.convert(new LvePrompt.Conversation(messages));
    }

    private static CheckerContext context(String checkerArgs, String args, AssayPrompt prompt) {
        List<String> names = List.copyOf(Contexts.json(args).keySet());
        return Contexts.context("MonotoncityChecker", checkerArgs, args, names, prompt);
    }

    private static boolean verdict(CheckerContext context, String... answers) {
        RubricTrait trait = MONOTONICITY.translate(context);
        assertThat(TraitExpressions.check(trait.expression(), TraitScope.of(context.promptParameters().keySet()), "boolean")).isEmpty();
        Map<String, String> variables = new LinkedHashMap<>();
        for (int i = 0; i < answers.length; i++) {
            variables.put("answer" + (i + 1), answers[i]);
        }
        return TraitVerdicts.passed(trait, new ManualAnswer(null, variables, null), context.promptParameters());
    }

    @Test
    void answersAreComparedInTheOrderOfTheirParametersValues() {
        // years 2030, 2050, 2040: in year order the answers are 9.55, 9.48, 9.40, falling
        CheckerContext context = context(DESC, "{\"year1\": \"2030\", \"year2\": \"2050\", \"year3\": \"2040\"}", forecast(3));

        assertThat(verdict(context, "[Answer=9.55]", "[Answer=9.40]", "[Answer=9.48]")).isTrue();
        assertThat(verdict(context, "[Answer=9.55]", "[Answer=9.48]", "[Answer=9.40]")).isFalse(); // 2050 above 2040
        assertThat(MONOTONICITY.translate(context).description()).endsWith("fall in this order: answer1, answer3, answer2");
    }

    @Test
    void aResponseWithoutANumberMakesTheCheckerReturnFalse() {
        CheckerContext context = context(DESC, "{\"year1\": \"2025\", \"year2\": \"2035\"}", forecast(2));

        assertThat(verdict(context, "[Answer=9.5]", "I cannot predict that.")).isFalse();
        assertThat(verdict(context, "[Answer=9.5]", "[Answer=]")).isFalse();
        assertThat(verdict(context, "[Answer=9.5]", "[Answer=9.5]")).isTrue(); // not strict: equal is fine
    }

    @Test
    void strictAscendingAndTheDefaultRegexes() {
        // defaults: identifiers and values are the first run of digits; "1" pairs answer1 with year1
        CheckerContext context = context("{\"order\": \"asc\", \"strict\": true}", "{\"year1\": 3, \"year2\": 1, \"year3\": 2}",
                forecast(3));

        assertThat(verdict(context, "30 apples", "10 apples", "20 apples")).isTrue();
        assertThat(verdict(context, "30 apples", "10 apples", "10 apples")).isFalse(); // 10 is not strictly above 10
    }

    @Test
    void equalParametersKeepTheirOrderAsNumpysArgsortDoes() {
        // year1 == year2, so answer1 comes before answer2: 9.4 <= 9.5 fails for a falling order
        CheckerContext context = context(DESC, "{\"year1\": \"2030\", \"year2\": \"2030\"}", forecast(2));

        assertThat(verdict(context, "[Answer=9.4]", "[Answer=9.5]")).isFalse();
        assertThat(verdict(context, "[Answer=9.5]", "[Answer=9.4]")).isTrue();
    }

    @Test
    void aStringStrictIsTruthyAsInPython() {
        CheckerContext context = context("{\"strict\": \"false\"}", "{\"year1\": 1, \"year2\": 2}", forecast(2));

        assertThat(verdict(context, "5", "5")).isFalse(); // "false" is a non-empty string: strict
    }

    @Test
    void fixedAssistantMessagesAreCheckedToo() {
        AssayPrompt prompt = PromptConverter.convert(new LvePrompt.Conversation(List.of(
                new LveMessage(Role.USER, "In {year1}?", null),
                new LveMessage(Role.ASSISTANT, "[Answer=9.9]", "answer1"),
                new LveMessage(Role.USER, "In {year2}?", null),
                new LveMessage(Role.ASSISTANT, null, "answer2"))));
        CheckerContext context = context(DESC, "{\"year1\": \"2000\", \"year2\": \"2100\"}", prompt);
        RubricTrait trait = MONOTONICITY.translate(context);
        Map<String, String> params = context.promptParameters();

        assertThat(TraitVerdicts.passed(trait, new ManualAnswer(null, Map.of("answer2", "[Answer=9.1]"), null), params)).isTrue();
        assertThat(TraitVerdicts.passed(trait, new ManualAnswer(null, Map.of("answer2", "[Answer=10.2]"), null), params)).isFalse();
    }

    @Test
    void pairingsPythonCannotMakeAreRefused() {
        assertThatThrownBy(() -> MONOTONICITY.translate(context(DESC, "{\"year1\": \"2030\", \"date2\": \"2040\"}", forecast(2))))
                .hasMessageContaining("prompt parameter date2 has no identifier 'year([0-9]+)' finds (LVE's checker raises)");
        assertThatThrownBy(() -> MONOTONICITY.translate(context(DESC, "{\"year1\": \"soon\"}", forecast(1))))
                .hasMessageContaining("prompt parameter year1 = 'soon' is not a number");
        assertThatThrownBy(() -> MONOTONICITY.translate(context(DESC, "{\"year1\": \"1\", \"year9\": \"2\"}", forecast(1))))
                .hasMessageContaining("no answer variable has the identifier '9' of prompt parameter year9");
        assertThatThrownBy(() -> MONOTONICITY.translate(context("{\"order\": \"up\"}", "{\"year1\": 1}", forecast(1))))
                .hasMessageContaining("order is 'up'");
    }

    @Test
    void aPromptEndingWithAUserMessageGetsAResponseTurnWithoutAnIdentifier() {
        AssayPrompt prompt = PromptConverter.convert(new LvePrompt.Conversation(List.of(
                new LveMessage(Role.USER, "In {year1}?", null),
                new LveMessage(Role.ASSISTANT, null, "answer1"),
                new LveMessage(Role.USER, "And later?", null))));

        assertThatThrownBy(() -> MONOTONICITY.translate(context(DESC, "{\"year1\": 1}", prompt)))
                .hasMessageContaining("the answer variable 'response' has no identifier");
    }

    @Test
    void aValueRegexRe2CannotRunIsRefused() {
        String args = "{\"answer_value_regex\": \"(?<=: )(\\\\d+)\"}";

        assertThatThrownBy(() -> MONOTONICITY.translate(context(args, "{\"year1\": 1}", forecast(1))))
                .hasMessageContaining("look-arounds and atomic groups are not supported by RE2");
    }
}
