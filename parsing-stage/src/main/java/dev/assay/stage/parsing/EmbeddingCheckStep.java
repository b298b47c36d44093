package dev.assay.stage.parsing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.pipeline.EmbeddingCheck;
import dev.assay.common.pipeline.JudgeCheck;
import dev.assay.common.pipeline.TemplateVerdict;
import dev.assay.common.prompt.judge.EmbeddingEquivalencePrompt;
import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.run.EmbeddingCheckSettings;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.embedding.EmbeddingFailedException;
import dev.assay.core.embedding.Embeddings;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.session.ModelSession;

import java.util.List;

/**
 * The embedding check (Karenina's stage 9): a template verdict whose fields failed is looked at
 * again, the parse and the ground truth compared as JSON texts (keys sorted, template fields only)
 * by the cosine similarity of their embeddings. At or above the threshold — and when the judge
 * confirms they are the same answer, unless {@code confirm_with_judge: false} — the field failure is
 * overridden. A failed regex check is never overridden, so the check does not run then. An
 * embeddings call or confirmation that fails is recorded and overrides nothing.
 */
final class EmbeddingCheckStep {

    private final EmbeddingCheckSettings settings;
    private final Embeddings embeddings;
    private final InProcessEmbeddings inProcess;
    private final ModelConfig judge;
    private final ModelSession session;

    EmbeddingCheckStep(EmbeddingCheckSettings settings, Embeddings embeddings, InProcessEmbeddings inProcess, ModelConfig judge,
                       ModelSession session) {
        this.settings = settings;
        this.embeddings = embeddings;
        this.inProcess = inProcess;
        this.judge = judge;
        this.session = session;
    }

    TemplateVerdict apply(String question, AnswerTemplate template, JsonNode parsed, TemplateVerdict verdict) {
        if (verdict.passed() || !verdict.regexChecksPassed()) {
            return verdict;
        }
        String expected = EmbeddingEquivalencePrompt.canonical(template, null);
        String given = EmbeddingEquivalencePrompt.canonical(template, parsed);
        double threshold = settings.effectiveThreshold();
        String model = settings.effectiveModel();
        double similarity;
        try {
            List<double[]> vectors;
            if (settings.inProcess()) {
                vectors = inProcess.embed(List.of(expected, given));
            } else {
                String baseUrl = settings.baseUrl() != null ? settings.baseUrl() : judge.baseUrl();
                String keyEnv = settings.apiKeyEnv() != null ? settings.apiKeyEnv() : judge.apiKeyEnv();
                vectors = embeddings.embed(baseUrl, keyEnv, model, List.of(expected, given), judge.effectiveTimeout());
            }
            similarity = Embeddings.cosine(vectors.get(0), vectors.get(1));
        } catch (EmbeddingFailedException e) {
            return verdict.withEmbeddingCheck(new EmbeddingCheck(model, null, threshold, null, false, e.getMessage()));
        }
        if (similarity < threshold) {
            return verdict.withEmbeddingCheck(new EmbeddingCheck(model, similarity, threshold, null, false, null));
        }
        if (!settings.confirms()) {
            return verdict.withEmbeddingCheck(new EmbeddingCheck(model, similarity, threshold, null, true, null));
        }
        try {
            JudgeCheck confirmed = session.ask(JudgeTasks.EMBEDDING_EQUIVALENCE, new JudgeInputs.AnswerComparison(question, expected, given));
            return verdict.withEmbeddingCheck(new EmbeddingCheck(model, similarity, threshold, confirmed.detected(), confirmed.detected(),
                    null));
        } catch (ModelCallException e) {
            return verdict.withEmbeddingCheck(new EmbeddingCheck(model, similarity, threshold, null, false,
                    "the judge's confirmation failed: " + e.getMessage()));
        }
    }
}
