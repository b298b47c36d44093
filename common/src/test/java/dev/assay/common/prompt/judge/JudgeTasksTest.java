package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.message.Role;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JudgeTasksTest {

    private static final Question FULL = Json.read("""
            {"id": "q1", "question": "What is the capital of Australia?", "raw_answer": "Canberra",
             "template": {"fields": {"city": {"type": "string", "description": "The city named.", "ground_truth": "Canberra"},
                                     "nickname": {"type": "string", "description": "Its nickname.", "ground_truth": "the Bush Capital",
                                                  "verify": {"primitive": "semantic", "instructions": "Nicknames count."}}}},
             "rubric": {"traits": [
                 {"name": "direct", "kind": "boolean", "description": "Answers in the first sentence."},
                 {"name": "clarity", "kind": "score", "description": "How clear.", "min": 1, "max": 5},
                 {"name": "tone", "kind": "literal", "description": "The tone.", "classes": {"formal": "formal", "casual": "casual"}},
                 {"name": "facts", "kind": "metric", "description": "Facts.", "tp_instructions": ["names Canberra"]},
                 {"name": "checked", "kind": "agentic", "description": "The capital named is confirmed by the registry.",
                  "agent": {"http_tools": [{"name": "registry", "description": "Looks a city up.", "url": "http://127.0.0.1:1/r",
                   "input_schema": {"type": "object"}}]}}],
               "dynamic_traits": [{"name": "history", "kind": "boolean", "description": "Gives history."}]},
             "nuggets": [{"text": "Canberra is the capital", "importance": "vital"}]}
            """, Question.class);

    private static final Question BARE = Json.read("""
            {"id": "q2", "question": "Hello?", "raw_answer": "Hi"}
            """, Question.class);

    private static JudgeSubject subject(Question question, String trait) {
        return new JudgeSubject(question, "Canberra is the capital.", null, trait);
    }

    @Test
    void everyJudgeTaskTheStagesSendIsRegisteredUnderItsWireName() {
        for (PromptTask task : List.of(PromptTask.PARSING, PromptTask.ABSTENTION_DETECTION, PromptTask.SUFFICIENCY_DETECTION,
                PromptTask.RUBRIC_LLM_TRAIT_BATCH, PromptTask.RUBRIC_LLM_TRAIT_SINGLE, PromptTask.RUBRIC_LITERAL_TRAIT_BATCH,
                PromptTask.RUBRIC_LITERAL_TRAIT_SINGLE, PromptTask.RUBRIC_METRIC_TRAIT, PromptTask.RUBRIC_DYNAMIC_PRESENCE_CHECK,
                PromptTask.NUGGET_ASSIGNMENT, PromptTask.AGENTIC_PARSING_INVESTIGATION, PromptTask.AGENTIC_PARSING_EXTRACTION,
                PromptTask.RUBRIC_AGENTIC_TRAIT_INVESTIGATION, PromptTask.RUBRIC_AGENTIC_TRAIT_EXTRACTION)) {
            assertThat(JudgeTasks.find(task.wireValue())).as(task.wireValue()).hasValueSatisfying(found -> {
                assertThat(found.task()).isEqualTo(task);
                assertThat(found.renderable()).isTrue();
            });
        }
        // every built-in renders, those reading an earlier call's answer with a placeholder for it
        assertThat(JudgeTasks.all()).allSatisfy(task -> assertThat(task.renderable()).as(task.name()).isTrue());
    }

    @Test
    void everyRenderableTaskRendersForAQuestionThatHasWhatItNeeds() {
        List<String> comparisons = List.of("semantic_equivalence", "embedding_equivalence");
        for (String name : JudgeTasks.renderable()) {
            JudgePrompt prompt = JudgeTasks.promptFor(name, subject(FULL, null));
            // an agentic extraction reads the investigation's report, not the response: render shows where it goes;
            // a comparison of the parse with the ground truth sees no response, only a placeholder for the parse
            assertThat(prompt.user()).as(name).contains(name.startsWith("agentic_parsing_extraction")
                    || name.equals("rubric_agentic_trait_extraction") ? JudgeTasks.REPORT_PLACEHOLDER
                    : comparisons.contains(name) ? "⟨" : "Canberra is the capital.");
            assertThat(prompt.task()).as(name).isEqualTo(JudgeTasks.get(name).task());
        }
    }

    @Test
    void aStepReadingAnEarlierAnswerRendersAMarkedPlaceholderNamingTheCallItComesFrom() {
        JudgePrompt parse = JudgeTasks.promptFor("dj_template_parsing", subject(FULL, null));
        assertThat(parse.system()).isEqualTo(DeepJudgmentPrompts.PARSING_FROM_REASONING_SYSTEM);
        assertThat(parse.user()).contains("<reasoning>", "\"city\" : \"⟨the judge's reasoning about city, from dj_template_reasoning⟩\"",
                "\"nickname\" : \"⟨the judge's reasoning about nickname, from dj_template_reasoning⟩\"");

        JudgePrompt reasoning = JudgeTasks.promptFor("dj_rubric_reasoning", subject(FULL, "clarity"));
        assertThat(reasoning.system()).isEqualTo(DeepJudgmentPrompts.RUBRIC_REASONING_SYSTEM);
        assertThat(reasoning.user()).contains("clarity", "<excerpts>",
                "⟨each excerpt kept for the trait, from dj_rubric_excerpt_extraction⟩");

        JudgePrompt score = JudgeTasks.promptFor("dj_rubric_score_extraction", subject(FULL, "clarity"));
        assertThat(score.user()).contains("<reasoning>\n⟨the judge's reasoning about the trait, from dj_rubric_reasoning⟩\n</reasoning>");
        assertThat(score.schema().path("properties").has("score")).isTrue();

        // the embedding confirmation is sent the ground truth exactly as the check embeds it
        JudgePrompt embedding = JudgeTasks.promptFor("embedding_equivalence", subject(FULL, null));
        assertThat(embedding.user()).contains("<expected>\n" + EmbeddingEquivalencePrompt.canonical(FULL.template(), null) + "\n</expected>",
                "<given>\n⟨the judge's parse of the response, as JSON with keys sorted, from parsing⟩\n</given>");
        assertThat(EmbeddingEquivalencePrompt.canonical(FULL.template(), null)).isEqualTo(
                "{\"city\":\"Canberra\",\"nickname\":\"the Bush Capital\"}");

        JudgePrompt semantic = JudgeTasks.promptFor("semantic_equivalence", subject(FULL, null));
        assertThat(semantic.user()).contains("nickname: Its nickname.", "<expected>\nthe Bush Capital\n</expected>",
                "⟨the value parsed for nickname, from parsing⟩");
        // the field's own instructions replace the run's parsing instructions, as when it is sent
        assertThat(semantic.messages("openai", PortCapabilities.DEFAULT, PromptConfig.fromMap(Map.of("parsing", "Extract carefully.")))
                .get(0).text()).endsWith("Nicknames count.").doesNotContain("Extract carefully.");
    }

    @Test
    void aQuestionLackingWhatATaskNeedsIsRefusedSayingWhat() {
        assertThatThrownBy(() -> JudgeTasks.promptFor("parsing", subject(BARE, null))).hasMessage("question q2 has no answer template");
        assertThatThrownBy(() -> JudgeTasks.promptFor("rubric_literal_trait_batch", subject(BARE, null)))
                .hasMessage("question q2 has no literal traits");
        assertThatThrownBy(() -> JudgeTasks.promptFor("rubric_dynamic_presence_check", subject(BARE, null)))
                .hasMessage("question q2 has no dynamic traits");
        assertThatThrownBy(() -> JudgeTasks.promptFor("nugget_assignment", subject(BARE, null))).hasMessage("question q2 has no nuggets");
        assertThatThrownBy(() -> JudgeTasks.promptFor("embedding_equivalence", subject(BARE, null)))
                .hasMessage("question q2 has no answer template");
        assertThatThrownBy(() -> JudgeTasks.promptFor("dj_rubric_score_extraction", subject(BARE, null)))
                .hasMessage("question q2 has no LLM (boolean or score) traits");
        assertThatThrownBy(() -> JudgeTasks.promptFor("rubric_llm_trait_single", subject(FULL, "clarty")))
                .hasMessageContaining("has no trait \"clarty\"").hasMessageContaining("did you mean \"clarity\"");
        assertThatThrownBy(() -> JudgeTasks.get("abstention_detectoin")).hasMessageContaining("did you mean \"abstention_detection\"");
    }

    @Test
    void oneTraitTasksRenderTheChosenTraitAndBatchesAllOfTheirKinds() {
        JudgePrompt single = JudgeTasks.promptFor("rubric_llm_trait_single", subject(FULL, "clarity"));
        assertThat(single.schema().path("properties").has("direct")).isFalse();
        JudgePrompt batch = JudgeTasks.promptFor("rubric_llm_trait_batch", subject(FULL, null));
        assertThat(batch.schema().path("properties").has("direct")).isTrue();
        assertThat(batch.schema().path("properties").has("clarity")).isTrue();
        assertThat(batch.schema().path("properties").has("tone")).isFalse();
    }

    @Test
    void theRunsInstructionsFollowTheAdaptersAndATasksOwnInstructionsReplaceThem() {
        JudgePrompt prompt = JudgeTasks.ABSTENTION.prompt(new JudgeInputs.Answer("Q?", "A."));
        PromptConfig run = PromptConfig.fromMap(Map.of("abstention_detection", "Be strict."));

        List<Message> messages = prompt.messages("openai", PortCapabilities.DEFAULT, run);
        assertThat(messages).extracting(Message::role).containsExactly(Role.SYSTEM, Role.USER);
        assertThat(messages.get(0).text()).startsWith(AbstentionPrompt.SYSTEM).endsWith("Be strict.");

        List<Message> own = prompt.withOwnInstructions(null).messages("openai", PortCapabilities.DEFAULT, run);
        assertThat(own.get(0).text()).doesNotContain("Be strict.");

        List<Message> noSystem = prompt.messages("openai", new PortCapabilities(false, false), run);
        assertThat(noSystem).singleElement().satisfies(message -> {
            assertThat(message.role()).isEqualTo(Role.USER);
            assertThat(message.text()).startsWith(AbstentionPrompt.SYSTEM).contains("<question>");
        });
    }

    @Test
    void thePresenceCheckReadsThePresentTraitsInTraitOrder() {
        JudgeInputs.Traits asked = JudgeTasks.PRESENCE_CHECK.inputFor(subject(FULL, null));
        JsonNode answer = Json.read("{\"history\": true}", JsonNode.class);

        assertThat(JudgeTasks.PRESENCE_CHECK.read(asked, answer)).containsExactly("history");
        assertThat(JudgeTasks.PRESENCE_CHECK.read(asked, Json.read("{\"history\": false}", JsonNode.class))).isEmpty();
    }

    @Test
    void aNewJudgedKindIsOneRegisteredTaskAndRendersWithoutAnyOtherChange() {
        JudgeTask<JudgeInputs.Answer, Boolean> politeness = JudgeTask.of("test_politeness", PromptTask.RUBRIC_LLM_TRAIT_SINGLE,
                in -> JudgePrompt.text(PromptTask.RUBRIC_LLM_TRAIT_SINGLE, "Is it polite?", in.response()),
                (in, answer) -> answer.asText().startsWith("yes"),
                s -> new JudgeInputs.Answer(s.questionText(), s.response()));
        JudgeTasks.register(politeness);

        assertThat(JudgeTasks.renderable()).contains("test_politeness");
        assertThat(JudgeTasks.promptFor("test_politeness", subject(BARE, null)).user()).isEqualTo("Canberra is the capital.");
        assertThatThrownBy(() -> JudgeTasks.register(JudgeTask.of("test_politeness", PromptTask.PARSING, in -> null, (in, a) -> a, null)))
                .hasMessage("two judge tasks named test_politeness");
    }
}
