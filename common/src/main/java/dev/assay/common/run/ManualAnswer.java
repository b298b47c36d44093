package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.assay.common.run.RunOutput;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A recorded answer a {@code manual} answering model gives. Written as plain text in
 * {@code manual_answers}, or as a mapping when the answer was produced by an LVE prompt: the
 * {@code variables} a multi-variable prompt filled and the {@code outputs} of a multi-run prompt,
 * which expression traits read as if the model had just produced them.
 *
 * @param response  the answer; when omitted, the last variable's value or the last output's response
 * @param variables the variables the prompt filled, in order (optional)
 * @param outputs   the runs of a multi-run prompt (optional)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonSerialize(using = ManualAnswer.TextWhenPlain.class)
public record ManualAnswer(String response, Map<String, String> variables, List<RunOutput> outputs) {

    @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
    public ManualAnswer {
        variables = variables == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        outputs = outputs == null ? List.of() : List.copyOf(outputs);
        if (response == null && !outputs.isEmpty()) {
            response = outputs.get(outputs.size() - 1).response();
        } else if (response == null && !variables.isEmpty()) {
            response = List.copyOf(variables.values()).get(variables.size() - 1);
        }
    }

    /** {@code q1: "four"}: a plain answer. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ManualAnswer of(String response) {
        return new ManualAnswer(response, null, null);
    }

    public boolean isPlain() {
        return variables.isEmpty() && outputs.isEmpty();
    }

    /** Plain answers stay plain text in run configs; the mapping only when there is more to say. */
    static final class TextWhenPlain extends JsonSerializer<ManualAnswer> {
        @Override
        public void serialize(ManualAnswer answer, JsonGenerator out, SerializerProvider provider) throws IOException {
            if (answer.isPlain()) {
                out.writeString(answer.response());
                return;
            }
            out.writeStartObject();
            if (answer.response() != null) {
                out.writeStringField("response", answer.response());
            }
            if (!answer.variables().isEmpty()) {
                out.writeObjectField("variables", answer.variables());
            }
            if (!answer.outputs().isEmpty()) {
                out.writeFieldName("outputs");
                provider.defaultSerializeValue(answer.outputs(), out);
            }
            out.writeEndObject();
        }
    }
}
