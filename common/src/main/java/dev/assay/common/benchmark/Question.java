package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
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
 * @param metadata       free-form facts about the question (its source, an importer's record of it); kept with
 *                       the question in every job, never shown to a model
 * @param evaluationMode this question's evaluation mode in place of the run's (e.g. {@code rubric_only} for a
 *                       question that has no template in a benchmark whose others do); null: the run's. Kept as
 *                       its wire name (the mode's type lives with the run config); read and checked with the run
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Question(String id, String question, String rawAnswer, List<String> keywords, AnswerTemplate template,
                       Rubric rubric, List<Nugget> nuggets, List<Passage> passages,
                       Map<String, String> promptParameters, List<PromptMessage> prompt, String promptFile,
                       List<MultiRunItem> multiRunPrompt, List<FewShotExample> fewShot,
                       Map<String, JsonNode> metadata, String evaluationMode) implements Validatable {

    public Question {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
        nuggets = nuggets == null ? List.of() : List.copyOf(nuggets);
        passages = passages == null ? List.of() : List.copyOf(passages);
        promptParameters = promptParameters == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(promptParameters));
        prompt = prompt == null ? null : List.copyOf(prompt);
        multiRunPrompt = multiRunPrompt == null ? null : List.copyOf(multiRunPrompt);
        fewShot = fewShot == null ? List.of() : List.copyOf(fewShot);
        metadata = metadata == null || metadata.isEmpty() ? null : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
        if ((id == null || id.isBlank()) && question != null && !question.isBlank()) {
            id = md5(question);
        } else if ((id == null || id.isBlank()) && (prompt != null || multiRunPrompt != null)) {
            // No text to hash: the prompt itself is the question's identity.
            id = md5(dev.assay.common.json.Json.write(prompt != null ? prompt : multiRunPrompt));
        }
    }

    public Question(String id, String question, String rawAnswer, List<String> keywords, AnswerTemplate template, Rubric rubric) {
        this(id, question, rawAnswer, keywords, template, rubric, null, null, null, null, null, null, null, null, null);
    }

    public Question(String id, String question, String rawAnswer, List<String> keywords, AnswerTemplate template, Rubric rubric,
                    List<Nugget> nuggets, List<Passage> passages, Map<String, String> promptParameters,
                    List<PromptMessage> prompt, String promptFile, List<MultiRunItem> multiRunPrompt,
                    List<FewShotExample> fewShot) {
        this(id, question, rawAnswer, keywords, template, rubric, nuggets, passages, promptParameters, prompt, promptFile,
                multiRunPrompt, fewShot, null, null);
    }

    /** A question with every field unset (an id is derived from the text or prompt on {@link Builder#build}). */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this question's fields, to build a changed copy. */
    public Builder toBuilder() {
        return new Builder().id(id).question(question).rawAnswer(rawAnswer).keywords(keywords).template(template)
                .rubric(rubric).nuggets(nuggets).passages(passages).promptParameters(promptParameters).prompt(prompt)
                .promptFile(promptFile).multiRunPrompt(multiRunPrompt).fewShot(fewShot).metadata(metadata)
                .evaluationMode(evaluationMode);
    }

    /** This question with another rubric (the global traits merged in). */
    public Question withRubric(Rubric merged) {
        return toBuilder().rubric(merged).build();
    }

    /** This question with the few-shot examples its answering model sees (its own and the run's pool). */
    public Question withFewShot(List<FewShotExample> examples) {
        return toBuilder().fewShot(examples).build();
    }

    /** This question with its prompt files read: {@code prompt} and multi-run items carry the messages. */
    public Question withPrompts(List<PromptMessage> messages, List<MultiRunItem> items) {
        return toBuilder().prompt(messages).promptFile(null).multiRunPrompt(items).build();
    }

    /** The MD5 of the question text: the other key manual answers may use. */
    @JsonIgnore
    public String questionHash() {
        return question == null ? null : md5(question);
    }

    @Override
    public void validate(String path, Problems problems) {
        problems.maxNameLength(Problems.field(path, "id"), id);
        validatePromptForm(path, problems);
        for (int i = 0; i < fewShot.size(); i++) {
            String examplePath = Problems.index(Problems.field(path, "few_shot"), i);
            if (fewShot.get(i) == null) {
                problems.add(examplePath, "is empty");
            } else {
                fewShot.get(i).validate(examplePath, problems);
            }
        }
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

    /** Whether the question is asked by an LVE prompt form (prompt, prompt_file or multi_run_prompt), not its text. */
    @JsonIgnore
    public boolean hasPromptForm() {
        return prompt != null || promptFile != null || multiRunPrompt != null;
    }

    /**
     * Exactly one way of asking: the question text alone, or one of prompt, prompt_file and
     * multi_run_prompt (the text may stay beside one as the label and id source).
     */
    private void validatePromptForm(String path, Problems problems) {
        List<String> forms = new java.util.ArrayList<>();
        if (prompt != null) {
            forms.add("prompt");
        }
        if (promptFile != null) {
            forms.add("prompt_file");
        }
        if (multiRunPrompt != null) {
            forms.add("multi_run_prompt");
        }
        if (forms.size() > 1) {
            problems.add(path, "question " + (id == null ? "" : "\"" + id + "\" ") + "has " + String.join(" and ", forms)
                    + "; a question is asked in exactly one way: its question text, a prompt, a prompt_file or a multi_run_prompt");
            return;
        }
        if (forms.isEmpty()) {
            if (problems.require(Problems.field(path, "question"), question)) {
                PromptChecks.questionText(question, promptParameters, Problems.field(path, "question"), problems);
            } else {
                problems.add(path, "a question needs its question text, a prompt, a prompt_file or a multi_run_prompt");
            }
            return;
        }
        if (!passages.isEmpty()) {
            problems.add(Problems.field(path, "passages"), "passages are rendered around a plain question text (the RAG prompt); "
                    + "a question asked by " + forms.get(0) + " cannot have them");
        }
        Map<String, List<PromptMessage>> conversations = new LinkedHashMap<>();
        if (promptFile != null) {
            problems.add(Problems.field(path, "prompt_file"), MultiRunItem.PROMPT_FILE_NOT_INLINED);
        } else if (prompt != null) {
            String promptPath = Problems.field(path, "prompt");
            PromptChecks.conversation(prompt, promptPath, problems);
            conversations.put(promptPath, prompt);
        } else {
            validateMultiRun(Problems.field(path, "multi_run_prompt"), conversations, problems);
        }
        if (promptFile == null) {
            PromptChecks.parameters(conversations, promptParameters, path, problems);
        }
    }

    private void validateMultiRun(String itemsPath, Map<String, List<PromptMessage>> conversations, Problems problems) {
        if (multiRunPrompt.isEmpty()) {
            problems.add(itemsPath, "needs at least one item");
            return;
        }
        Map<String, Integer> names = new java.util.HashMap<>();
        for (int i = 0; i < multiRunPrompt.size(); i++) {
            String itemPath = Problems.index(itemsPath, i);
            MultiRunItem item = multiRunPrompt.get(i);
            if (item == null) {
                problems.add(itemPath, "is empty");
                continue;
            }
            item.validate(itemPath, problems);
            if (item.name() != null) {
                Integer first = names.putIfAbsent(item.name(), i);
                if (first != null) {
                    problems.add(Problems.field(itemPath, "name"), "duplicate name \"" + item.name() + "\" (also used by "
                            + Problems.index(itemsPath, first) + ")");
                }
            }
            if (item.prompt() != null) {
                conversations.put(Problems.field(itemPath, "prompt"), item.prompt());
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

    /** Builds a question field by field; {@link #build} runs the record's constructor. Unset fields stay null. */
    public static final class Builder {
        private String id;
        private String question;
        private String rawAnswer;
        private List<String> keywords;
        private AnswerTemplate template;
        private Rubric rubric;
        private List<Nugget> nuggets;
        private List<Passage> passages;
        private Map<String, String> promptParameters;
        private List<PromptMessage> prompt;
        private String promptFile;
        private List<MultiRunItem> multiRunPrompt;
        private List<FewShotExample> fewShot;
        private Map<String, JsonNode> metadata;
        private String evaluationMode;

        private Builder() {
        }

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder question(String question) {
            this.question = question;
            return this;
        }

        public Builder rawAnswer(String rawAnswer) {
            this.rawAnswer = rawAnswer;
            return this;
        }

        public Builder keywords(List<String> keywords) {
            this.keywords = keywords;
            return this;
        }

        public Builder template(AnswerTemplate template) {
            this.template = template;
            return this;
        }

        public Builder rubric(Rubric rubric) {
            this.rubric = rubric;
            return this;
        }

        public Builder nuggets(List<Nugget> nuggets) {
            this.nuggets = nuggets;
            return this;
        }

        public Builder passages(List<Passage> passages) {
            this.passages = passages;
            return this;
        }

        public Builder promptParameters(Map<String, String> promptParameters) {
            this.promptParameters = promptParameters;
            return this;
        }

        public Builder prompt(List<PromptMessage> prompt) {
            this.prompt = prompt;
            return this;
        }

        public Builder promptFile(String promptFile) {
            this.promptFile = promptFile;
            return this;
        }

        public Builder multiRunPrompt(List<MultiRunItem> multiRunPrompt) {
            this.multiRunPrompt = multiRunPrompt;
            return this;
        }

        public Builder fewShot(List<FewShotExample> fewShot) {
            this.fewShot = fewShot;
            return this;
        }

        public Builder metadata(Map<String, JsonNode> metadata) {
            this.metadata = metadata;
            return this;
        }

        public Builder evaluationMode(String evaluationMode) {
            this.evaluationMode = evaluationMode;
            return this;
        }

        public Question build() {
            return new Question(id, question, rawAnswer, keywords, template, rubric, nuggets, passages,
                    promptParameters, prompt, promptFile, multiRunPrompt, fewShot, metadata, evaluationMode);
        }
    }
}
