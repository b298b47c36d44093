package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.message.Role;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

/**
 * One message of an LVE-style prompt (docs/prompts.md).
 *
 * @param role     system, user (default) or assistant
 * @param content  the text; {@code {name}} placeholders are filled from the question's
 *                 prompt_parameters in system and user messages; null for an assistant message the
 *                 model fills
 * @param variable the name under which a model-filled assistant message is kept
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PromptMessage(Role role, String content, String variable) implements Validatable {

    public PromptMessage {
        role = role == null ? Role.USER : role;
    }

    public static PromptMessage user(String content) {
        return new PromptMessage(Role.USER, content, null);
    }

    public static PromptMessage system(String content) {
        return new PromptMessage(Role.SYSTEM, content, null);
    }

    public static PromptMessage assistant(String content) {
        return new PromptMessage(Role.ASSISTANT, content, null);
    }

    /** An assistant message the model fills, kept as {@code variable}. */
    public static PromptMessage toFill(String variable) {
        return new PromptMessage(Role.ASSISTANT, null, variable);
    }

    /** An assistant message the model fills (content null, a variable named). */
    @JsonIgnore
    public boolean isToFill() {
        return role == Role.ASSISTANT && content == null;
    }

    @Override
    public void validate(String path, Problems problems) {
        if (role == Role.TOOL) {
            problems.add(Problems.field(path, "role"), "\"tool\" is not a prompt role; use system, user or assistant");
            return;
        }
        if (content == null && role != Role.ASSISTANT) {
            problems.add(Problems.field(path, "content"), "is required (only an assistant message the model fills has no content)");
        }
        if (variable == null) {
            if (role == Role.ASSISTANT && content == null) {
                problems.add(Problems.field(path, "variable"), "is required: an assistant message without content is filled "
                        + "by the model, and its answer is kept under this name");
            }
            return;
        }
        if (!isToFill()) {
            problems.add(Problems.field(path, "variable"), "only an assistant message without content (one the model fills) "
                    + "takes a variable");
        } else if (!PromptChecks.isIdentifier(variable)) {
            problems.add(Problems.field(path, "variable"), "\"" + variable + "\" is not a valid name (letters, digits and _, "
                    + "not starting with a digit)");
        }
    }
}
