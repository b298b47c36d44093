package dev.assay.common.benchmark;

import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.ValidationError;
import dev.assay.common.validation.ValidationException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class PromptFormValidationTest {

    private static List<String> errors(String yaml) {
        ValidationException error = catchThrowableOfType(ValidationException.class, () -> SpecReader.read(yaml, Benchmark.class));
        assertThat(error).as("expected validation errors").isNotNull();
        return error.errors().stream().map(ValidationError::toString).toList();
    }

    @Test
    void aMessageListWithVariablesAndParametersIsValid() {
        Benchmark benchmark = SpecReader.read("""
                name: b
                questions:
                  - prompt_parameters: {a: "2", b: "3"}
                    prompt:
                      - {role: system, content: "You add numbers; braces like {{this}} are literal."}
                      - content: "What is {a} + {b}?"
                      - {role: assistant, variable: answer}
                      - content: "And times {b}?"
                      - {role: assistant, variable: product}
                """, Benchmark.class);

        Question question = benchmark.questions().get(0);
        assertThat(question.prompt()).hasSize(5);
        assertThat(question.id()).as("no text: the prompt is the id source").hasSize(32);
    }

    @Test
    void twoPromptFormsAreAnErrorNamingTheQuestion() {
        assertThat(errors("""
                questions:
                  - id: q1
                    prompt: [{content: "Hi"}]
                    multi_run_prompt: [{name: a, prompt: [{content: "Hi"}]}]
                """)).contains("questions[0]: question \"q1\" has prompt and multi_run_prompt; a question is asked in exactly one way: "
                + "its question text, a prompt, a prompt_file or a multi_run_prompt");
    }

    @Test
    void aQuestionWithNeitherTextNorPromptIsAnError() {
        assertThat(errors("questions: [{raw_answer: x}]")).contains("questions[0].question: is required",
                "questions[0]: a question needs its question text, a prompt, a prompt_file or a multi_run_prompt");
    }

    @Test
    void messageRulesAreCheckedAtTheirPaths() {
        assertThat(errors("""
                questions:
                  - question: label
                    prompt:
                      - {role: system, content: "S"}
                      - {role: user}
                      - {role: tool, content: "t"}
                      - {role: assistant}
                      - {role: assistant, variable: "2x"}
                      - {role: user, content: "u", variable: v}
                      - {role: assistant, variable: a}
                      - {role: assistant, variable: a}
                """)).containsExactlyInAnyOrder(
                "questions[0].prompt[1].content: is required (only an assistant message the model fills has no content)",
                "questions[0].prompt[2].role: \"tool\" is not a prompt role; use system, user or assistant",
                "questions[0].prompt[3].variable: is required: an assistant message without content is filled by the model, "
                        + "and its answer is kept under this name",
                "questions[0].prompt[4].variable: \"2x\" is not a valid name (letters, digits and _, not starting with a digit)",
                "questions[0].prompt[5].variable: only an assistant message without content (one the model fills) takes a variable",
                "questions[0].prompt[7].variable: duplicate variable \"a\" (also filled by questions[0].prompt[6])");
    }

    @Test
    void theConversationMustStartWithTheUser() {
        assertThat(errors("""
                questions:
                  - prompt: [{role: system, content: "S"}, {role: assistant, content: "Hello"}]
                """)).containsExactly("questions[0].prompt[1].role: an assistant message needs a user message before it",
                "questions[0].prompt: needs a user message");
    }

    @Test
    void multiRunItemsNeedUniqueNamesRepetitionsAndOnePrompt() {
        assertThat(errors("""
                questions:
                  - question: label
                    multi_run_prompt:
                      - {name: a, repetitions: 0, prompt: [{content: "x"}]}
                      - {name: a, prompt: [{content: "y"}], prompt_file: y.prompt}
                      - {repetitions: 2}
                """)).containsExactlyInAnyOrder(
                "questions[0].multi_run_prompt[0].repetitions: must be at least 1, got 0",
                "questions[0].multi_run_prompt[1]: has both prompt and prompt_file; give exactly one",
                "questions[0].multi_run_prompt[1].name: duplicate name \"a\" (also used by questions[0].multi_run_prompt[0])",
                "questions[0].multi_run_prompt[2].name: is required",
                "questions[0].multi_run_prompt[2]: needs a prompt or a prompt_file");
    }

    @Test
    void aPromptFileLeftOverTellsTheUserToInlineIt() {
        assertThat(errors("questions: [{question: q, prompt_file: chat.prompt}]")).containsExactly(
                "questions[0].prompt_file: was not read: prompt files are inlined when a benchmark is loaded from disk "
                        + "(the CLI, BenchmarkLoader); over the REST API put the file's messages into \"prompt\"");
    }

    @Test
    void passagesDoNotGoWithAPromptForm() {
        assertThat(errors("""
                questions:
                  - prompt: [{content: "Hi"}]
                    passages: [{source: s, content: c}]
                """)).contains("questions[0].passages: passages are rendered around a plain question text (the RAG prompt); "
                + "a question asked by prompt cannot have them");
    }

    @Test
    void parametersAndPlaceholdersMustMatchInBothDirections() {
        assertThat(errors("""
                questions:
                  - prompt_parameters: {a: "1", unused: "2"}
                    multi_run_prompt:
                      - name: first
                        prompt: [{role: system, content: "{a}"}, {content: "{a} and {missing}"}, {role: assistant, content: "{ignored}"}]
                """)).containsExactlyInAnyOrder(
                "questions[0].multi_run_prompt[0].prompt[1].content: placeholder {missing} has no value in prompt_parameters (it has a, unused)",
                "questions[0].prompt_parameters.unused: no {unused} placeholder in any system or user message of "
                        + "questions[0].multi_run_prompt[0].prompt");
    }

    @Test
    void aPlainQuestionIsFilledOnlyWhenItHasParameters() {
        SpecReader.read("questions: [{question: \"What does {x} mean in a format string?\"}]", Benchmark.class);
        SpecReader.read("questions: [{question: \"What is {a}?\", prompt_parameters: {a: \"1\", for_traits: \"2\"}}]", Benchmark.class);
        assertThat(errors("questions: [{question: \"What is {a} + {b}?\", prompt_parameters: {a: \"1\"}}]")).containsExactly(
                "questions[0].question: placeholder {b} has no value in prompt_parameters (it has a) (write {{ and }} for literal braces)");
    }

    @Test
    void theImplicitResponseVariableCannotBeTakenEarlier() {
        assertThat(errors("""
                questions:
                  - prompt: [{content: "a"}, {role: assistant, variable: response}, {content: "b"}]
                """)).containsExactly("questions[0].prompt[1].variable: \"response\" is the variable of the answer to the last message "
                + "(the prompt does not end with a message the model fills); choose another name");
    }
}
