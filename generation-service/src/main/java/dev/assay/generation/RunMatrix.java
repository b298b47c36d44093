package dev.assay.generation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * What the web viewer shows of a run (docs/viewer.md): the run, its benchmark and config as
 * submitted, its questions in benchmark order and every result as a {@link ResultCell}.
 *
 * @param benchmark the benchmark's name; null for a run first seen on Kafka (no spec here)
 * @param config    the run config as submitted (models name their key's variable, never a key); null without a spec
 * @param questions benchmark order; questions only seen in results follow, by id
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunMatrix(RunSummary run, String benchmark, JsonNode config, List<QuestionRef> questions,
                        List<ResultCell> cells) {

    public RunMatrix {
        questions = List.copyOf(questions);
        cells = List.copyOf(cells);
    }

    /** A question as the matrix labels its row. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record QuestionRef(String id, String question, List<String> keywords) {

        public QuestionRef {
            keywords = keywords == null ? List.of() : List.copyOf(keywords);
        }
    }
}
