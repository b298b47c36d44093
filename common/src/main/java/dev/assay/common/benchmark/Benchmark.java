package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A named set of questions. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Benchmark(String name, String description, List<Question> questions) implements Validatable {

    public Benchmark {
        questions = questions == null ? List.of() : List.copyOf(questions);
    }

    @Override
    public void validate(String path, Problems problems) {
        problems.maxNameLength(Problems.field(path, "name"), name);
        String questionsPath = Problems.field(path, "questions");
        if (questions.isEmpty()) {
            problems.add(questionsPath, "a benchmark needs at least one question");
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < questions.size(); i++) {
            String questionPath = Problems.index(questionsPath, i);
            Question question = questions.get(i);
            if (question == null) {
                problems.add(questionPath, "is empty");
                continue;
            }
            question.validate(questionPath, problems);
            if (question.id() != null) {
                Integer first = seen.putIfAbsent(question.id(), i);
                if (first != null) {
                    problems.add(Problems.field(questionPath, "id"), "duplicate id \"" + question.id()
                            + "\" (also used by questions[" + first + "])");
                }
            }
        }
    }
}
