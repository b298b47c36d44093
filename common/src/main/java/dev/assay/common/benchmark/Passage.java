package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

/**
 * A retrieved passage for retrieval-augmented answering.
 *
 * @param source where it came from (a document id, a URL)
 * @param score  the retriever's score, kept for reports
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Passage(String source, String content, Double score) implements Validatable {

    @Override
    public void validate(String path, Problems problems) {
        problems.require(Problems.field(path, "source"), source);
        problems.require(Problems.field(path, "content"), content);
    }
}
