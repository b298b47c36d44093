package dev.assay.core.pipeline;

import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.run.ModelConfig;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecordReaderTest {

    private static final VerificationJob JOB = VerificationJob.create("run-1", new Question("q", "Why?", null, List.of(), null, null),
            ModelConfig.of("manual", null), List.of(ModelConfig.of("openai", "judge")), 1, new JobSettings(null, false, null),
            "Because.", Instant.EPOCH);

    @Test
    void aMessageIsReadBack() {
        assertThat(RecordReader.read(Json.write(JOB), VerificationJob.class)).isEqualTo(JOB);
    }

    @Test
    void eachKindOfUnreadableRecordSaysWhatIsWrong() {
        assertThatThrownBy(() -> RecordReader.read("", VerificationJob.class))
                .isInstanceOf(UnreadableRecordException.class).hasMessage("empty record, expected a VerificationJob");
        assertThatThrownBy(() -> RecordReader.read("hello {", VerificationJob.class))
                .isInstanceOf(UnreadableRecordException.class).hasMessageStartingWith("not JSON, expected a VerificationJob: ");
        assertThatThrownBy(() -> RecordReader.read("[1, 2]", VerificationJob.class))
                .isInstanceOf(UnreadableRecordException.class).hasMessage("not a JSON object, expected a VerificationJob");
        assertThatThrownBy(() -> RecordReader.read("{\"run_id\": \"r\"}", VerificationJob.class))
                .isInstanceOf(UnreadableRecordException.class).hasMessage("no schema_version, so not a VerificationJob");
        assertThatThrownBy(() -> RecordReader.read(Json.write(JOB).replace("\"schema_version\":1", "\"schema_version\":2"),
                VerificationJob.class))
                .isInstanceOf(UnreadableRecordException.class)
                .hasMessageStartingWith("not a valid VerificationJob: ")
                .hasMessageContaining("schema_version 2 is not supported");
        assertThatThrownBy(() -> RecordReader.read(Json.write(JOB).replace("\"replicate\":1", "\"replicate\":1,\"extra\":true"),
                VerificationJob.class))
                .isInstanceOf(UnreadableRecordException.class).hasMessageContaining("extra");
    }
}
