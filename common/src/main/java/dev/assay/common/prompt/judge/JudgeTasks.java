package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.benchmark.Nugget;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.benchmark.trait.AgenticTraitKind;
import dev.assay.common.nugget.JudgedText;
import dev.assay.common.nugget.NuggetPrompt;
import dev.assay.common.nugget.NuggetPrompts;
import dev.assay.common.nugget.NuggetSettings;
import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.pipeline.JudgeCheck;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.DeepJudgmentSettings;
import dev.assay.common.template.TemplateSchemas;
import dev.assay.common.template.primitive.Semantic;
import dev.assay.common.template.primitive.SemanticJudge;
import dev.assay.common.text.Suggestions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The registry of judge tasks: every prompt a judge is sent, one object each, found by name by the
 * parsing and rubric stages and by {@code assay render}. Built-ins are the constants below; more
 * come from {@code META-INF/services/dev.assay.common.prompt.judge.JudgeTask} or {@link #register}.
 */
public final class JudgeTasks {

    private static final Set<String> LLM_KINDS = Set.of(RubricTrait.BOOLEAN, RubricTrait.SCORE);
    private static final NuggetPrompts NUGGET_PROMPTS = new NuggetPrompts();
    private static final String SEMANTIC = Semantic.NAME;

    /** Reads the response into the question's template (the template's schema is the answer's). */
    public static final JudgeTask<JudgeInputs.TemplateAnswer, JsonNode> PARSING = JudgeTask.of(PromptTask.PARSING,
            in -> JudgePrompt.json(PromptTask.PARSING, ParsingPrompt.SYSTEM, ParsingPrompt.user(in.question(), in.response()),
                    TemplateSchemas.of(in.template())),
            (in, answer) -> answer,
            subject -> {
                subject.requireTemplate();
                return new JudgeInputs.TemplateAnswer(subject.questionText(), subject.response(), subject.question().template());
            });

    /** Did the model decline to answer? */
    public static final JudgeTask<JudgeInputs.Answer, JudgeCheck> ABSTENTION = JudgeTask.of(PromptTask.ABSTENTION_DETECTION,
            in -> JudgePrompt.json(PromptTask.ABSTENTION_DETECTION, AbstentionPrompt.SYSTEM,
                    AbstentionPrompt.user(in.question(), in.response()), AbstentionPrompt.schema()),
            (in, answer) -> AbstentionPrompt.verdict(answer),
            subject -> new JudgeInputs.Answer(subject.questionText(), subject.response()));

    /** Does the response hold what the template needs? ({@code detected} = insufficient) */
    public static final JudgeTask<JudgeInputs.TemplateAnswer, JudgeCheck> SUFFICIENCY = JudgeTask.of(PromptTask.SUFFICIENCY_DETECTION,
            in -> JudgePrompt.json(PromptTask.SUFFICIENCY_DETECTION, SufficiencyPrompt.SYSTEM,
                    SufficiencyPrompt.user(in.question(), in.response(), in.template()), SufficiencyPrompt.schema()),
            (in, answer) -> SufficiencyPrompt.verdict(answer),
            PARSING::inputFor);

    /**
     * The {@code semantic} primitive's question: does the parsed value mean the same as the ground
     * truth? Sent under task {@code parsing} (it is part of verifying the parse), with the field's
     * own instructions in place of the run's, which are about extracting, not comparing.
     */
    public static final JudgeTask<JudgeInputs.FieldComparison, SemanticJudge.Equivalence> SEMANTIC_EQUIVALENCE = JudgeTask.of(
            "semantic_equivalence", PromptTask.PARSING,
            in -> JudgePrompt.json(PromptTask.PARSING, SemanticPrompt.SYSTEM, SemanticPrompt.user(in.fieldName(), in.field(), in.actual()),
                    SemanticPrompt.schema()).withOwnInstructions(in.instructions()),
            (in, answer) -> SemanticPrompt.decision(answer),
            subject -> {
                subject.requireTemplate();
                Map.Entry<String, TemplateField> field = subject.question().template().fields().entrySet().stream()
                        .filter(entry -> isSemantic(entry.getValue().verify())).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("question " + subject.question().id()
                                + " has no field verified by semantic"));
                JsonNode verify = field.getValue().verify();
                String instructions = verify.isObject() && verify.hasNonNull("instructions") ? verify.get("instructions").asText() : null;
                return new JudgeInputs.FieldComparison(field.getKey(), field.getValue(),
                        TextNode.valueOf(earlierAnswer("the value parsed for " + field.getKey(), PromptTask.PARSING.wireValue())),
                        instructions);
            });

    public static final JudgeTask<JudgeInputs.Traits, JsonNode> LLM_TRAIT_BATCH = traitTask(PromptTask.RUBRIC_LLM_TRAIT_BATCH,
            TraitPrompt.LLM_BATCH, true, LLM_KINDS, "LLM (boolean or score)");
    public static final JudgeTask<JudgeInputs.Traits, JsonNode> LLM_TRAIT_SINGLE = traitTask(PromptTask.RUBRIC_LLM_TRAIT_SINGLE,
            TraitPrompt.LLM_SINGLE, false, LLM_KINDS, "LLM (boolean or score)");
    public static final JudgeTask<JudgeInputs.Traits, JsonNode> LITERAL_TRAIT_BATCH = traitTask(PromptTask.RUBRIC_LITERAL_TRAIT_BATCH,
            TraitPrompt.LITERAL_BATCH, true, Set.of(RubricTrait.LITERAL), "literal");
    public static final JudgeTask<JudgeInputs.Traits, JsonNode> LITERAL_TRAIT_SINGLE = traitTask(PromptTask.RUBRIC_LITERAL_TRAIT_SINGLE,
            TraitPrompt.LITERAL_SINGLE, false, Set.of(RubricTrait.LITERAL), "literal");

    /** A metric trait's checklist, one trait per call; the answer is read by the rubric stage against the trait. */
    public static final JudgeTask<JudgeInputs.Traits, JsonNode> METRIC_TRAIT = JudgeTask.of(PromptTask.RUBRIC_METRIC_TRAIT,
            in -> JudgePrompt.json(PromptTask.RUBRIC_METRIC_TRAIT, MetricPrompt.system(in.only()),
                    MetricPrompt.user(in.question(), in.response(), in.only()), MetricSchema.of(in.only())),
            (in, answer) -> answer,
            subject -> new JudgeInputs.Traits(subject.questionText(), subject.response(),
                    List.of(subject.chosen(subject.traits(Set.of(RubricTrait.METRIC), "metric"), PromptTask.RUBRIC_METRIC_TRAIT.wireValue()))));

    /** Which dynamic traits the response is about: the names of the present ones, in trait order. */
    public static final JudgeTask<JudgeInputs.Traits, List<String>> PRESENCE_CHECK = JudgeTask.of(PromptTask.RUBRIC_DYNAMIC_PRESENCE_CHECK,
            in -> JudgePrompt.json(PromptTask.RUBRIC_DYNAMIC_PRESENCE_CHECK, PresencePrompt.SYSTEM,
                    PresencePrompt.user(in.question(), in.response(), in.traits()), PresenceSchema.of(in.traits())),
            (in, answer) -> in.traits().stream().map(RubricTrait::name).filter(name -> answer.path(name).asBoolean(false)).toList(),
            subject -> {
                if (subject.rubric().dynamicTraits().isEmpty()) {
                    throw new IllegalArgumentException("question " + subject.question().id() + " has no dynamic traits");
                }
                return new JudgeInputs.Traits(subject.questionText(), subject.response(), subject.rubric().dynamicTraits());
            });

    /** Labels for one window of nuggets; the answer is text in the format the prompt asks for, read by the rubric stage. */
    public static final JudgeTask<JudgeInputs.NuggetWindow, String> NUGGET_ASSIGNMENT = JudgeTask.of(PromptTask.NUGGET_ASSIGNMENT,
            in -> {
                NuggetPrompt prompt = NUGGET_PROMPTS.render(in.style(), in.format(), in.question(), in.judged(), in.window());
                return JudgePrompt.text(PromptTask.NUGGET_ASSIGNMENT, prompt.system(), prompt.user());
            },
            (in, answer) -> answer.asText(),
            subject -> {
                List<Nugget> nuggets = subject.question().nuggets();
                if (nuggets.isEmpty()) {
                    throw new IllegalArgumentException("question " + subject.question().id() + " has no nuggets");
                }
                // the first window, against the response, in the run's style and format
                NuggetSettings settings = subject.settings().nuggetEvaluation();
                return new JudgeInputs.NuggetWindow(settings.effectivePromptStyle(), settings.effectiveOutputFormat(),
                        subject.questionText(), JudgedText.response(subject.response()),
                        nuggets.subList(0, Math.min(settings.effectiveWindowSize(), nuggets.size())));
            });

    /** Deep judgment, full mode: verbatim excerpts per template attribute, read by the parsing stage. */
    public static final JudgeTask<JudgeInputs.TemplateExcerpts, JsonNode> DJ_TEMPLATE_EXCERPTS = JudgeTask.of(
            PromptTask.DJ_TEMPLATE_EXCERPT_EXTRACTION,
            in -> JudgePrompt.json(PromptTask.DJ_TEMPLATE_EXCERPT_EXTRACTION, DeepJudgmentPrompts.EXCERPT_SYSTEM,
                    DeepJudgmentPrompts.excerptUser(in.question(), in.response(), in.template(), in.maxExcerpts(), in.feedback()),
                    DeepJudgmentPrompts.excerptSchema(in.template(), in.maxExcerpts())),
            (in, answer) -> answer,
            subject -> {
                subject.requireTemplate();
                return new JudgeInputs.TemplateExcerpts(subject.questionText(), subject.response(), subject.question().template(),
                        subject.settings().effectiveDeepJudgment().effectiveMaxExcerpts(), null);
            });

    /** Deep judgment: reasoning per template attribute (from the excerpts in full mode), a text each. */
    public static final JudgeTask<JudgeInputs.TemplateReasoning, Map<String, String>> DJ_TEMPLATE_REASONING = JudgeTask.of(
            PromptTask.DJ_TEMPLATE_REASONING,
            in -> JudgePrompt.json(PromptTask.DJ_TEMPLATE_REASONING, DeepJudgmentPrompts.REASONING_SYSTEM,
                    DeepJudgmentPrompts.reasoningUser(in.question(), in.response(), in.template(), in.excerpts()),
                    DeepJudgmentPrompts.reasoningSchema(in.template())),
            (in, answer) -> {
                Map<String, String> reasoning = new LinkedHashMap<>();
                in.template().fields().keySet().forEach(attribute -> reasoning.put(attribute, answer.path(attribute).asText("")));
                return reasoning;
            },
            subject -> {
                subject.requireTemplate();
                // as reasoning_only sends it: full mode adds the excerpts found
                return new JudgeInputs.TemplateReasoning(subject.questionText(), subject.response(), subject.question().template(), null);
            });

    /**
     * Deep judgment's last step: the template filled from the reasoning. Sent under task
     * {@code parsing} (it is the parse), so the run's parsing instructions apply.
     */
    public static final JudgeTask<JudgeInputs.ReasonedParsing, JsonNode> PARSING_FROM_REASONING = JudgeTask.of(
            "dj_template_parsing", PromptTask.PARSING,
            in -> JudgePrompt.json(PromptTask.PARSING, DeepJudgmentPrompts.PARSING_FROM_REASONING_SYSTEM,
                    DeepJudgmentPrompts.parsingUser(in.question(), in.response(), in.reasoning()), TemplateSchemas.of(in.template())),
            (in, answer) -> answer,
            subject -> {
                subject.requireTemplate();
                Map<String, String> reasoning = new LinkedHashMap<>();
                subject.question().template().fields().keySet().forEach(attribute -> reasoning.put(attribute,
                        earlierAnswer("the judge's reasoning about " + attribute, PromptTask.DJ_TEMPLATE_REASONING.wireValue())));
                return new JudgeInputs.ReasonedParsing(subject.questionText(), subject.response(), subject.question().template(), reasoning);
            });

    /** Deep judgment of a boolean or score trait: verbatim excerpts bearing on it. */
    public static final JudgeTask<JudgeInputs.TraitExcerpts, JsonNode> DJ_RUBRIC_EXCERPTS = JudgeTask.of(
            PromptTask.DJ_RUBRIC_EXCERPT_EXTRACTION,
            in -> JudgePrompt.json(PromptTask.DJ_RUBRIC_EXCERPT_EXTRACTION, DeepJudgmentPrompts.RUBRIC_EXCERPT_SYSTEM,
                    DeepJudgmentPrompts.traitExcerptUser(in.question(), in.response(), in.trait(), in.maxExcerpts(), in.feedback()),
                    DeepJudgmentPrompts.traitExcerptSchema(in.maxExcerpts())),
            (in, answer) -> answer.path("excerpts"),
            subject -> new JudgeInputs.TraitExcerpts(subject.questionText(), subject.response(),
                    subject.chosen(subject.traits(LLM_KINDS, "LLM (boolean or score)"), PromptTask.DJ_RUBRIC_EXCERPT_EXTRACTION.wireValue()),
                    DeepJudgmentSettings.RUBRIC_MAX_EXCERPTS, null));

    /** Deep judgment of a trait: reasoning from its excerpts. */
    public static final JudgeTask<JudgeInputs.TraitReasoning, String> DJ_RUBRIC_REASONING = JudgeTask.of(
            PromptTask.DJ_RUBRIC_REASONING,
            in -> JudgePrompt.json(PromptTask.DJ_RUBRIC_REASONING, DeepJudgmentPrompts.RUBRIC_REASONING_SYSTEM,
                    DeepJudgmentPrompts.traitReasoningUser(in.question(), in.response(), in.trait(), in.excerpts()),
                    DeepJudgmentPrompts.traitReasoningSchema()),
            (in, answer) -> answer.path("reasoning").asText(""),
            subject -> new JudgeInputs.TraitReasoning(subject.questionText(), subject.response(),
                    llmTrait(subject, PromptTask.DJ_RUBRIC_REASONING),
                    // as a trait with excerpts (the default) gets it; excerpt_enabled: false sends none
                    List.of(new Excerpt(earlierAnswer("each excerpt kept for the trait", PromptTask.DJ_RUBRIC_EXCERPT_EXTRACTION.wireValue()),
                            "⟨high, medium or low⟩", 1.0))));

    /** Deep judgment of a trait: its value as the reasoning concludes, in the one-trait answer's form. */
    public static final JudgeTask<JudgeInputs.ReasonedTrait, JsonNode> DJ_RUBRIC_SCORE = JudgeTask.of(
            PromptTask.DJ_RUBRIC_SCORE_EXTRACTION,
            in -> JudgePrompt.json(PromptTask.DJ_RUBRIC_SCORE_EXTRACTION, DeepJudgmentPrompts.RUBRIC_SCORE_SYSTEM,
                    DeepJudgmentPrompts.traitScoreUser(in.question(), in.response(), in.trait(), in.reasoning()),
                    TraitSchemas.single(in.trait())),
            (in, answer) -> answer,
            subject -> new JudgeInputs.ReasonedTrait(subject.questionText(), subject.response(),
                    llmTrait(subject, PromptTask.DJ_RUBRIC_SCORE_EXTRACTION),
                    earlierAnswer("the judge's reasoning about the trait", PromptTask.DJ_RUBRIC_REASONING.wireValue())));

    /** Deep judgment with search: every excerpt of a template, in one call, given a hallucination risk against its search results. */
    public static final JudgeTask<JudgeInputs.ExcerptAssessment, Map<String, JudgeInputs.Risk>> DJ_TEMPLATE_HALLUCINATION = JudgeTask.of(
            PromptTask.DJ_TEMPLATE_HALLUCINATION.wireValue(), PromptTask.DJ_TEMPLATE_HALLUCINATION,
            in -> JudgePrompt.json(PromptTask.DJ_TEMPLATE_HALLUCINATION, DeepJudgmentPrompts.HALLUCINATION_SYSTEM,
                    DeepJudgmentPrompts.hallucinationUser(in.question(), in.excerpts()), DeepJudgmentPrompts.hallucinationSchema()),
            (in, answer) -> DeepJudgmentPrompts.readRisks(answer),
            subject -> {
                subject.requireTemplate();
                return renderedAssessment(subject, subject.question().template().fields().keySet().iterator().next());
            });

    /** Deep judgment of a trait with search: one excerpt's hallucination risk against its search results (one call each, as Karenina). */
    public static final JudgeTask<JudgeInputs.ExcerptAssessment, Map<String, JudgeInputs.Risk>> DJ_RUBRIC_HALLUCINATION = JudgeTask.of(
            PromptTask.DJ_RUBRIC_HALLUCINATION.wireValue(), PromptTask.DJ_RUBRIC_HALLUCINATION,
            in -> JudgePrompt.json(PromptTask.DJ_RUBRIC_HALLUCINATION, DeepJudgmentPrompts.RUBRIC_HALLUCINATION_SYSTEM,
                    DeepJudgmentPrompts.hallucinationUser(in.question(), in.excerpts()), DeepJudgmentPrompts.hallucinationSchema()),
            (in, answer) -> DeepJudgmentPrompts.readRisks(answer),
            subject -> renderedAssessment(subject,
                    subject.chosen(subject.traits(LLM_KINDS, "LLM (boolean or score)"), PromptTask.DJ_RUBRIC_HALLUCINATION.wireValue()).name()));

    /**
     * The embedding check's confirmation: is the parse, close to the ground truth by embeddings, the
     * same answer? Sent under task {@code parsing} (it is part of verifying the parse), so the run's
     * parsing instructions apply.
     */
    public static final JudgeTask<JudgeInputs.AnswerComparison, JudgeCheck> EMBEDDING_EQUIVALENCE = JudgeTask.of(
            "embedding_equivalence", PromptTask.PARSING,
            in -> JudgePrompt.json(PromptTask.PARSING, EmbeddingEquivalencePrompt.SYSTEM,
                    EmbeddingEquivalencePrompt.user(in.question(), in.expected(), in.given()), EmbeddingEquivalencePrompt.schema()),
            (in, answer) -> EmbeddingEquivalencePrompt.read(answer),
            subject -> {
                subject.requireTemplate();
                return new JudgeInputs.AnswerComparison(subject.questionText(),
                        EmbeddingEquivalencePrompt.canonical(subject.question().template(), null),
                        earlierAnswer("the judge's parse of the response, as JSON with keys sorted", PromptTask.PARSING.wireValue()));
            });

    /** Opens what render shows in place of an earlier call's answer; see {@link #earlierAnswer}. */
    public static final String PLACEHOLDER_OPEN = "⟨";

    /** What render shows where an agentic extraction reads the investigation's report. */
    public static final String REPORT_PLACEHOLDER = "(the investigating judge's final report goes here)";

    /** Agentic parsing, step 1: the judge, as an agent with tools, investigates the answer; its answer is its report. */
    public static final JudgeTask<JudgeInputs.AgenticInvestigation, String> AGENTIC_PARSING_INVESTIGATION = JudgeTask.of(
            PromptTask.AGENTIC_PARSING_INVESTIGATION,
            in -> JudgePrompt.text(PromptTask.AGENTIC_PARSING_INVESTIGATION, AgenticPrompts.parsingInvestigationSystem(in.template()),
                    AgenticPrompts.parsingInvestigationUser(in.question(), in.answer(), in.workspace())),
            (in, answer) -> answer.asText(),
            subject -> {
                subject.requireTemplate();
                return new JudgeInputs.AgenticInvestigation(subject.questionText(), subject.response(), subject.question().template());
            });

    /** Agentic parsing, step 2: the template filled from the investigation's report. */
    public static final JudgeTask<JudgeInputs.AgenticExtraction, JsonNode> AGENTIC_PARSING_EXTRACTION = JudgeTask.of(
            PromptTask.AGENTIC_PARSING_EXTRACTION,
            in -> JudgePrompt.json(PromptTask.AGENTIC_PARSING_EXTRACTION, AgenticPrompts.PARSING_EXTRACTION_SYSTEM,
                    AgenticPrompts.parsingExtractionUser(in.question(), in.report()), TemplateSchemas.of(in.template())),
            (in, answer) -> answer,
            subject -> {
                subject.requireTemplate();
                return new JudgeInputs.AgenticExtraction(subject.questionText(), REPORT_PLACEHOLDER, subject.question().template());
            });

    /** An agentic trait, step 1: the judge, as an agent with the trait's tools, investigates it; its answer is its report. */
    public static final JudgeTask<JudgeInputs.TraitInvestigation, String> AGENTIC_TRAIT_INVESTIGATION = JudgeTask.of(
            PromptTask.RUBRIC_AGENTIC_TRAIT_INVESTIGATION,
            in -> JudgePrompt.text(PromptTask.RUBRIC_AGENTIC_TRAIT_INVESTIGATION, AgenticPrompts.TRAIT_INVESTIGATION_SYSTEM,
                    AgenticPrompts.traitInvestigationUser(in.question(), in.answer(), in.trait(), in.workspace())),
            (in, answer) -> answer.asText(),
            subject -> new JudgeInputs.TraitInvestigation(subject.questionText(), subject.response(), agenticTrait(subject,
                    PromptTask.RUBRIC_AGENTIC_TRAIT_INVESTIGATION)));

    /** An agentic trait, step 2: its value read from the investigation's report, in the one-trait answer's form. */
    public static final JudgeTask<JudgeInputs.TraitExtraction, JsonNode> AGENTIC_TRAIT_EXTRACTION = JudgeTask.of(
            PromptTask.RUBRIC_AGENTIC_TRAIT_EXTRACTION,
            in -> JudgePrompt.json(PromptTask.RUBRIC_AGENTIC_TRAIT_EXTRACTION, AgenticPrompts.TRAIT_EXTRACTION_SYSTEM,
                    AgenticPrompts.traitExtractionUser(in.question(), in.report(), in.trait()), TraitSchemas.single(in.trait())),
            (in, answer) -> answer,
            subject -> new JudgeInputs.TraitExtraction(subject.questionText(), REPORT_PLACEHOLDER, agenticTrait(subject,
                    PromptTask.RUBRIC_AGENTIC_TRAIT_EXTRACTION)));

    private static final Map<String, JudgeTask<?, ?>> REGISTRY = new LinkedHashMap<>();

    static {
        for (JudgeTask<?, ?> task : List.of(PARSING, ABSTENTION, SUFFICIENCY, SEMANTIC_EQUIVALENCE, LLM_TRAIT_BATCH, LLM_TRAIT_SINGLE,
                LITERAL_TRAIT_BATCH, LITERAL_TRAIT_SINGLE, METRIC_TRAIT, PRESENCE_CHECK, NUGGET_ASSIGNMENT,
                DJ_TEMPLATE_EXCERPTS, DJ_TEMPLATE_REASONING, PARSING_FROM_REASONING, DJ_RUBRIC_EXCERPTS, DJ_RUBRIC_REASONING,
                DJ_RUBRIC_SCORE, DJ_TEMPLATE_HALLUCINATION, DJ_RUBRIC_HALLUCINATION,
                EMBEDDING_EQUIVALENCE, AGENTIC_PARSING_INVESTIGATION, AGENTIC_PARSING_EXTRACTION, AGENTIC_TRAIT_INVESTIGATION,
                AGENTIC_TRAIT_EXTRACTION)) {
            register(task);
        }
        for (JudgeTask<?, ?> task : ServiceLoader.load(JudgeTask.class, JudgeTasks.class.getClassLoader())) {
            register(task);
        }
    }

    private JudgeTasks() {
    }

    /** Adds a task; a second task under a taken name is an error (tasks are looked up by name). */
    public static synchronized void register(JudgeTask<?, ?> task) {
        JudgeTask<?, ?> clash = REGISTRY.putIfAbsent(task.name(), task);
        if (clash != null && clash != task) {
            throw new IllegalStateException("two judge tasks named " + task.name());
        }
    }

    public static synchronized Optional<JudgeTask<?, ?>> find(String name) {
        return Optional.ofNullable(REGISTRY.get(name));
    }

    /** The task named {@code name}, or an error listing the known ones. */
    public static synchronized JudgeTask<?, ?> get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("unknown judge task \"" + name + "\""
                + Suggestions.didYouMean(name, REGISTRY.keySet()) + "; known: " + String.join(", ", REGISTRY.keySet())));
    }

    public static synchronized Collection<JudgeTask<?, ?>> all() {
        return List.copyOf(REGISTRY.values());
    }

    /** The names of the tasks {@code assay render} can show on their own, in registration order. */
    public static synchronized List<String> renderable() {
        List<String> names = new ArrayList<>();
        REGISTRY.values().stream().filter(JudgeTask::renderable).forEach(task -> names.add(task.name()));
        return names;
    }

    /** The prompt of task {@code name} for {@code subject}, as render shows it. */
    public static JudgePrompt promptFor(String name, JudgeSubject subject) {
        return render(get(name), subject);
    }

    private static <I> JudgePrompt render(JudgeTask<I, ?> task, JudgeSubject subject) {
        return task.prompt(task.inputFor(subject));
    }

    /**
     * What render shows of a hallucination assessment, which needs the judge's excerpts and their
     * search results: the response under review as the one excerpt, about {@code about}, with no search results.
     */
    private static JudgeInputs.ExcerptAssessment renderedAssessment(JudgeSubject subject, String about) {
        return new JudgeInputs.ExcerptAssessment(subject.questionText(), List.of(new JudgeInputs.SearchedExcerpt("e1", about,
                new Excerpt(subject.response(), "high", 1.0, null, null, List.of()))));
    }

    /**
     * What render shows where a call reads an earlier call's answer, which only exists once a judge
     * answered: {@code ⟨what, from TASK⟩}, marked so it cannot be taken for text that is sent.
     */
    public static String earlierAnswer(String what, String fromTask) {
        return PLACEHOLDER_OPEN + what + ", from " + fromTask + "⟩";
    }

    /** The chosen boolean or score trait, which deep judgment of traits applies to. */
    private static RubricTrait llmTrait(JudgeSubject subject, PromptTask task) {
        return subject.chosen(subject.traits(LLM_KINDS, "LLM (boolean or score)"), task.wireValue());
    }

    /** Whether a field's {@code verify} names the semantic primitive (by name, or a mapping's {@code primitive}). */
    private static boolean isSemantic(JsonNode verify) {
        if (verify == null) {
            return false;
        }
        JsonNode name = verify.isObject() ? verify.get("primitive") : verify;
        return name != null && name.isTextual() && SEMANTIC.equals(name.asText());
    }

    /** The chosen agentic trait of the subject, as the LLM trait of its result kind. */
    private static RubricTrait agenticTrait(JudgeSubject subject, PromptTask task) {
        return AgenticTraitKind.asResultTrait(subject.chosen(subject.traits(Set.of(RubricTrait.AGENTIC), "agentic"), task.wireValue()));
    }

    /** A boolean/score or literal trait task: all the kinds' traits in one call, or one (the chosen one). */
    private static JudgeTask<JudgeInputs.Traits, JsonNode> traitTask(PromptTask task, String system, boolean batch, Set<String> kinds,
                                                                      String what) {
        return JudgeTask.of(task,
                in -> JudgePrompt.json(task, system,
                        batch ? TraitPrompt.batch(in.question(), in.response(), in.traits())
                                : TraitPrompt.single(in.question(), in.response(), in.only()),
                        batch ? TraitSchemas.batch(in.traits()) : TraitSchemas.single(in.only())),
                (in, answer) -> answer,
                subject -> {
                    List<RubricTrait> traits = subject.traits(kinds, what);
                    return new JudgeInputs.Traits(subject.questionText(), subject.response(),
                            batch ? traits : List.of(subject.chosen(traits, task.wireValue())));
                });
    }
}
