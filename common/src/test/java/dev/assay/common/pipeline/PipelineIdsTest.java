package dev.assay.common.pipeline;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class PipelineIdsTest {

    @Test
    void sameInputsSameId() {
        assertThat(PipelineIds.resultId("r", "q", "openai:m", "openai:j", 1))
                .isEqualTo(PipelineIds.resultId("r", "q", "openai:m", "openai:j", 1))
                .hasSize(32).matches("[0-9a-f]+");
        assertThat(PipelineIds.jobId("r", "q", "openai:m", 1)).isEqualTo(PipelineIds.jobId("r", "q", "openai:m", 1));
    }

    @Test
    void everyPartChangesTheId() {
        Set<String> ids = new HashSet<>();
        ids.add(PipelineIds.resultId("r", "q", "openai:m", "openai:j", 1));
        ids.add(PipelineIds.resultId("r2", "q", "openai:m", "openai:j", 1));
        ids.add(PipelineIds.resultId("r", "q2", "openai:m", "openai:j", 1));
        ids.add(PipelineIds.resultId("r", "q", "openai:m2", "openai:j", 1));
        ids.add(PipelineIds.resultId("r", "q", "openai:m", "openai:j2", 1));
        ids.add(PipelineIds.resultId("r", "q", "openai:m", "openai:j", 2));
        assertThat(ids).hasSize(6);
    }

    @Test
    void partsCannotBleedIntoEachOther() {
        assertThat(PipelineIds.jobId("ab", "c", "m", 1)).isNotEqualTo(PipelineIds.jobId("a", "bc", "m", 1));
        assertThat(PipelineIds.jobId("r", "q", "m", 1)).isNotEqualTo(PipelineIds.resultId("r", "q", "m", "", 1));
    }
}
