package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.benchmark.Nugget;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.nugget.JudgedText;
import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.NuggetPromptStyle;

import java.util.List;
import java.util.Map;

/** What the built-in judge tasks ({@link JudgeTasks}) take as input. */
public final class JudgeInputs {

    private JudgeInputs() {
    }

    /** The question and the response under review. */
    public record Answer(String question, String response) {
    }

    /** The question, the response, and the template it is to be read into. */
    public record TemplateAnswer(String question, String response, AnswerTemplate template) {
        public TemplateAnswer {
            if (template == null) {
                throw new IllegalArgumentException("a template answer needs the template");
            }
        }
    }

    /** The question, the response, and the traits asked about in one call (one trait for single and metric tasks). */
    public record Traits(String question, String response, List<RubricTrait> traits) {
        public Traits {
            traits = List.copyOf(traits);
            if (traits.isEmpty()) {
                throw new IllegalArgumentException("a trait call needs at least one trait");
            }
        }

        public RubricTrait only() {
            if (traits.size() != 1) {
                throw new IllegalStateException("a one-trait call got " + traits.size() + " traits");
            }
            return traits.get(0);
        }
    }

    /** Deep judgment's excerpt call: at most {@code maxExcerpts} quotes per attribute; {@code feedback} says what a retry corrects. */
    public record TemplateExcerpts(String question, String response, AnswerTemplate template, int maxExcerpts, String feedback) {
    }

    /** Deep judgment's reasoning call; {@code excerpts} null in reasoning_only (the judge reads the whole response). */
    public record TemplateReasoning(String question, String response, AnswerTemplate template, Map<String, List<Excerpt>> excerpts) {
    }

    /** Deep judgment's parse: the template filled as the reasoning per attribute concludes. */
    public record ReasonedParsing(String question, String response, AnswerTemplate template, Map<String, String> reasoning) {
    }

    /** Deep judgment of a trait: at most {@code maxExcerpts} quotes about it; {@code feedback} says what a retry corrects. */
    public record TraitExcerpts(String question, String response, RubricTrait trait, int maxExcerpts, String feedback) {
    }

    /** Deep judgment of a trait: reasoning from the quotes found. */
    public record TraitReasoning(String question, String response, RubricTrait trait, List<Excerpt> excerpts) {
    }

    /** Deep judgment of a trait: its value as the reasoning concludes. */
    public record ReasonedTrait(String question, String response, RubricTrait trait, String reasoning) {
    }

    /**
     * Deep judgment's hallucination assessment: excerpts, each with the search results found for it,
     * to be given a risk each. {@code about} is the attribute or trait an excerpt was quoted for.
     */
    public record ExcerptAssessment(String question, List<SearchedExcerpt> excerpts) {
        public ExcerptAssessment {
            excerpts = List.copyOf(excerpts);
            if (excerpts.isEmpty()) {
                throw new IllegalArgumentException("a hallucination assessment needs at least one excerpt");
            }
        }
    }

    /** One excerpt to assess: its id in the call, what it was quoted for, and the excerpt with its search results. */
    public record SearchedExcerpt(String id, String about, Excerpt excerpt) {
    }

    /** The risk the assessor gave one excerpt, and why. */
    public record Risk(String risk, String justification) {
    }

    /** The embedding check's confirmation: the parse and the ground truth, each as canonical JSON. */
    public record AnswerComparison(String question, String expected, String given) {
    }

    /** A semantic field's parsed value against its ground truth; {@code instructions} are the field's own. */
    public record FieldComparison(String fieldName, TemplateField field, JsonNode actual, String instructions) {
    }

    /** One window of nuggets judged against the response or a passage, in a prompt style and answer format. */
    public record NuggetWindow(NuggetPromptStyle style, NuggetOutputFormat format, String question, JudgedText judged,
                               List<Nugget> window) {
        public NuggetWindow {
            window = List.copyOf(window);
        }
    }

    /**
     * Agentic parsing's investigation: the answer under review is the response or the answering agent's trace
     * (null: not shown, with {@code judge_context: workspace}); {@code workspace} is the answering agent's
     * workspace when the judge is given it to read with its file tools, else null.
     */
    public record AgenticInvestigation(String question, String answer, AnswerTemplate template,
                                       dev.assay.common.port.WorkspaceSnapshot workspace) {
        public AgenticInvestigation(String question, String answer, AnswerTemplate template) {
            this(question, answer, template, null);
        }
    }

    /** Agentic parsing's extraction: the template filled from the investigation's report. */
    public record AgenticExtraction(String question, String report, AnswerTemplate template) {
    }

    /**
     * An agentic trait's investigation; {@code trait} is the trait as the LLM trait of its result kind;
     * {@code workspace} the answering agent's files, when it had a workspace (else null).
     */
    public record TraitInvestigation(String question, String answer, RubricTrait trait,
                                     dev.assay.common.port.WorkspaceSnapshot workspace) {
        public TraitInvestigation(String question, String answer, RubricTrait trait) {
            this(question, answer, trait, null);
        }
    }

    /** An agentic trait's score extraction from the investigation's report. */
    public record TraitExtraction(String question, String report, RubricTrait trait) {
    }
}
