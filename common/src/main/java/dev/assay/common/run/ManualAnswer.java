package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.assay.common.message.ContentBlock;
import dev.assay.common.message.Message;
import dev.assay.common.message.Role;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.validation.Problems;

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
 * @param trace     a recorded agent trace (docs/agents.md, manual traces): every message of the run, tool
 *                  calls and results included; the response is its last assistant text when not given,
 *                  and the parsing stage's trace guards check it as they check a live agent's
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonSerialize(using = ManualAnswer.TextWhenPlain.class)
public record ManualAnswer(String response, Map<String, String> variables, List<RunOutput> outputs,
                           @JsonDeserialize(contentUsing = TraceMessageDeserializer.class) List<Message> trace) {

    @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
    public ManualAnswer {
        variables = variables == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        outputs = outputs == null ? List.of() : List.copyOf(outputs);
        trace = trace == null ? List.of() : List.copyOf(trace);
        if (response == null && !trace.isEmpty()) {
            response = lastAssistantText(trace);
        } else if (response == null && !outputs.isEmpty()) {
            response = outputs.get(outputs.size() - 1).response();
        } else if (response == null && !variables.isEmpty()) {
            response = List.copyOf(variables.values()).get(variables.size() - 1);
        }
    }

    /** An answer recorded with the variables and runs of an LVE prompt. */
    public ManualAnswer(String response, Map<String, String> variables, List<RunOutput> outputs) {
        this(response, variables, outputs, null);
    }

    /** {@code q1: "four"}: a plain answer. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ManualAnswer of(String response) {
        return new ManualAnswer(response, null, null, null);
    }

    /** A recorded agent trace; the answer is its last assistant text. */
    public static ManualAnswer ofTrace(List<Message> trace) {
        return new ManualAnswer(null, null, null, trace);
    }

    public boolean isPlain() {
        return variables.isEmpty() && outputs.isEmpty() && trace.isEmpty();
    }

    /** Whether this answer is a whole agent trace. */
    @JsonIgnore
    public boolean isTrace() {
        return !trace.isEmpty();
    }

    /**
     * What a recorded trace gets wrong as a record (what it says, whether it answers, the parsing
     * stage's guards judge): a tool result answering no earlier tool call, a trace with no message.
     */
    public void validate(String path, Problems problems) {
        java.util.Set<String> calls = new java.util.HashSet<>();
        for (int i = 0; i < trace.size(); i++) {
            Message message = trace.get(i);
            for (ContentBlock block : message.content()) {
                if (block instanceof ToolUseBlock use) {
                    if (message.role() != Role.ASSISTANT) {
                        problems.add(Problems.index(Problems.field(path, "trace"), i), "a tool call (" + use.name()
                                + ") is made by an assistant message, not a " + message.role().wireName() + " message");
                    }
                    calls.add(use.id());
                } else if (block instanceof ToolResultBlock result && !calls.contains(result.toolUseId())) {
                    problems.add(Problems.index(Problems.field(path, "trace"), i), "the tool result for \"" + result.toolUseId()
                            + "\" answers no earlier tool call of the trace");
                }
            }
        }
    }

    private static String lastAssistantText(List<Message> trace) {
        for (int i = trace.size() - 1; i >= 0; i--) {
            if (trace.get(i).role() == Role.ASSISTANT && !trace.get(i).text().isBlank()) {
                return trace.get(i).text();
            }
        }
        return "";
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
            if (!answer.trace().isEmpty()) {
                // as a JSON tree: YAML would write the blocks' types as tags (!<text>), which a trace is not written with
                out.writeFieldName("trace");
                out.writeTree(dev.assay.common.json.Json.mapper().valueToTree(answer.trace()));
            }
            out.writeEndObject();
        }
    }
}
