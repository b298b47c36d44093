package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.benchmark.trait.TraitScope;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One benchmark question.
 *
 * @param id        stable identifier; defaults to the MD5 of the question text
 * @param rawAnswer the reference answer in prose, for people reading results
 * @param template  the typed answer a judge extracts and verifies (template modes)
 * @param rubric    traits to score the response on (rubric modes)
 * @param nuggets   information nuggets judged against the response (rubric modes)
 * @param passages  retrieved passages for retrieval-augmented answering
 * @param promptParameters values for the prompt's {@code {name}} placeholders; expression traits read them too
 * @param prompt         LVE-style messages asked instead of the question text (docs/prompts.md)
 * @param promptFile     a {@code .prompt} file relative to the benchmark file, inlined into {@code prompt} on load
 * @param multiRunPrompt items each run {@code repetitions} times
 * @param fewShot        worked examples shown to the answering model only
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Question(String id, String question, String rawAnswer, List<String> keywords, AnswerTemplate template,
                       Rubric rubric, List<Nugget> nuggets, List<Passage> passages,
                       Map<String, String> promptParameters, List<PromptMessage> prompt, String promptFile,
                       List<MultiRunItem> multiRunPrompt, List<FewShotExample> fewShot) implements Validatable {

    public Question {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
        nuggets = nuggets == null ? List.of() : List.copyOf(nuggets);
        passages = passages == null ? List.of() : List.copyOf(passages);
        promptParameters = promptParameters == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(promptParameters));
        prompt = prompt == null ? null : List.copyOf(prompt);
        multiRunPrompt = multiRunPrompt == null ? null : List.copyOf(multiRunPrompt);
        fewShot = fewShot == null ? List.of() : List.copyOf(fewShot);
        if ((id == null || id.isBlank()) && question != null && !question.isBlank()) {
            id = md5(question);
        }
    }

    public Question(String id, String question, String rawAnswer, List<String> keywords, AnswerTemplate template, Rubric rubric) {
        this(id, question, rawAnswer, keywords, template, rubric, null, null, null, null, null, null, null);
    }

    /** This question with another rubric (the global traits merged in). */
    public Question withRubric(Rubric merged) {
        return new Question(id, question, rawAnswer, keywords, template, merged, nuggets, passages, promptParameters, prompt,
                promptFile, multiRunPrompt, fewShot);
    }

    /** This question with the few-shot examples its answering model sees (its own and the run's pool). */
    public Question withFewShot(List<FewShotExample> examples) {
        return new Question(id, question, rawAnswer, keywords, template, rubric, nuggets, passages, promptParameters, prompt,
                promptFile, multiRunPrompt, examples);
    }

    /** This question with its prompt files read: {@code prompt} and multi-run items carry the messages. */
    public Question withPrompts(List<PromptMessage> messages, List<MultiRunItem> items) {
        return new Question(id, question, rawAnswer, keywords, template, rubric, nuggets, passages, promptParameters, messages,
                null, items, fewShot);
    }

    /** The MD5 of the question text: the other key manual answers may use. */
    @JsonIgnore
    public String questionHash() {
        return question == null ? null : md5(question);
    }

    @Override
    public void validate(String path, Problems problems) {
        problems.require(Problems.field(path, "question"), question);
        if (template != null) {
            template.validate(Problems.field(path, "template"), problems);
        }
        if (rubric != null) {
            rubric.validate(Problems.field(path, "rubric"), traitScope(), problems);
        }
        for (int i = 0; i < nuggets.size(); i++) {
            String nuggetPath = Problems.index(Problems.field(path, "nuggets"), i);
            if (nuggets.get(i) == null) {
                problems.add(nuggetPath, "is empty");
            } else {
                nuggets.get(i).validate(nuggetPath, problems);
            }
        }
        for (int i = 0; i < passages.size(); i++) {
            String passagePath = Problems.index(Problems.field(path, "passages"), i);
            if (passages.get(i) == null) {
                problems.add(passagePath, "is empty");
            } else {
                passages.get(i).validate(passagePath, problems);
            }
        }
    }

    /** What this question's expression traits may read besides the response and parsed fields. */
    @JsonIgnore
    public TraitScope traitScope() {
        return TraitScope.of(promptParameters.keySet());
    }

    public static String md5(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is part of every JDK", e);
        }
    }
}
