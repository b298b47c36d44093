package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

/**
 * A worked example shown to the answering model before the question (never to judges).
 *
 * @param id chooses the example from the run config's pool ({@code few_shot.ids})
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FewShotExample(String id, String question, String answer) implements Validatable {

    @Override
    public void validate(String path, Problems problems) {
        problems.require(Problems.field(path, "question"), question);
        problems.require(Problems.field(path, "answer"), answer);
    }
}
