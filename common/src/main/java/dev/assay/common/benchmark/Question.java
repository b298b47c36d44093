package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * One benchmark question.
 *
 * @param id        stable identifier; defaults to the MD5 of the question text
 * @param rawAnswer the reference answer in prose, for people reading results
 * @param template  the typed answer a judge extracts and verifies (template modes)
 * @param rubric    traits to score the response on (rubric modes)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Question(String id, String question, String rawAnswer, List<String> keywords, AnswerTemplate template,
                       Rubric rubric) implements Validatable {

    public Question {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
        if ((id == null || id.isBlank()) && question != null && !question.isBlank()) {
            id = md5(question);
        }
    }

    /** The MD5 of the question text: the other key manual answers may use. */
    @JsonIgnore
    public String questionHash() {
        return question == null ? null : md5(question);
    }

    @Override
    public void validate(String path, Problems problems) {
        problems.require(Problems.field(path, "question"), question);
        if (template != null) {
            template.validate(Problems.field(path, "template"), problems);
        }
        if (rubric != null) {
            rubric.validate(Problems.field(path, "rubric"), problems);
        }
    }

    public static String md5(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is part of every JDK", e);
        }
    }
}
