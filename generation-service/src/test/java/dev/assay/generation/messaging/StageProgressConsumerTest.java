package dev.assay.generation.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.run.ModelConfig;
import dev.assay.generation.RunStages;
import dev.assay.generation.StageSighting;
import dev.assay.generation.TestRuns;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

/**
 * The progress consumer streams over the stages' records by field name, without building them: this
 * reads records the common message records themselves wrote ({@link AnsweredJob}, {@link ParsedJob}),
 * so renaming a field it reads (run_id, job_id, result_id, generation, parsing, failure) fails here.
 */
class StageProgressConsumerTest {

    private static final VerificationJob JOB = TestRuns.jobs("run-progress").get(0);
    private static final ModelConfig JUDGE = JOB.judges().get(0);

    @Test
    void anAnswerIsSeenAsItsJobAndItsGenerationFailure() {
        AnsweredJob answered = AnsweredJob.of(JOB, new GenerationOutcome("Paris", List.of(), null, 3, null));
        AnsweredJob failed = AnsweredJob.of(JOB, new GenerationOutcome("", List.of(), null, 3,
                new Failure(FailureCategory.RETRY, Stage.GENERATION, "HTTP 500", null)));

        assertThat(answers(answered)).contains(new StageSighting("run-progress", RunStages.GENERATION, JOB.jobId(), false));
        assertThat(answers(failed)).contains(new StageSighting("run-progress", RunStages.GENERATION, JOB.jobId(), true));
    }

    @Test
    void aParseIsSeenAsItsResultAndOnlyItsOwnFailure() {
        AnsweredJob answerFailed = AnsweredJob.of(JOB, new GenerationOutcome("", List.of(), null, 3,
                new Failure(FailureCategory.RETRY, Stage.GENERATION, "HTTP 500", null)));
        ParsedJob parsed = ParsedJob.of(answerFailed, JUDGE, ParsingOutcome.builder().build());
        ParsedJob parseFailed = ParsedJob.of(answerFailed, JUDGE, ParsingOutcome.builder()
                .failure(new Failure(FailureCategory.CONTENT, Stage.PARSING, "no JSON in the reply", null)).build());

        String resultId = JOB.resultId(JUDGE);
        assertThat(parsed(parsed)).as("the answer's failure, nested in the parse, is not the parse's")
                .contains(new StageSighting("run-progress", RunStages.PARSING, resultId, false));
        assertThat(parsed(parseFailed)).contains(new StageSighting("run-progress", RunStages.PARSING, resultId, true));
    }

    @Test
    void recordsWithoutIdsOrNoObjectAreSkipped() {
        assertThat(StageProgressConsumer.readAnswer("[1, 2]")).isEmpty();
        assertThat(StageProgressConsumer.readAnswer("{\"job_id\":\"j1\"}")).isEmpty();
        assertThat(StageProgressConsumer.readParsed("not json")).isEmpty();
        assertThat(StageProgressConsumer.readParsed(null)).isEmpty();
    }

    private static Optional<StageSighting> answers(AnsweredJob answered) {
        return StageProgressConsumer.readAnswer(Json.write(answered));
    }

    private static Optional<StageSighting> parsed(ParsedJob parsed) {
        return StageProgressConsumer.readParsed(Json.write(parsed));
    }
}
