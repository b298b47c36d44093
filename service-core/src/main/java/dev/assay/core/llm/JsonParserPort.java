package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.message.Message;
import dev.assay.common.port.LlmPort;
import dev.assay.common.port.LlmResponse;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.port.ParseResult;
import dev.assay.common.port.ParserPort;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.UsageMetadata;

import java.util.ArrayList;
import java.util.List;

/**
 * A judge that fills a JSON schema through any {@link LlmPort}. When the answer is not a valid
 * object of the schema, or fails the caller's {@link AnswerCheck}, the judge is shown its answer and
 * what is wrong with it, and asked again ({@code repairAttempts} times); after that the call fails
 * with {@link MalformedResponseException}, which carries the last answer. A port that keeps answers
 * ({@link JudgedAnswers}) is told of each whether it was usable: only those are cached.
 */
public final class JsonParserPort implements ParserPort {

    static final String REPAIR_PROMPT = "Your answer could not be used: %s. Reply again with only a JSON object that "
            + "matches the schema, with no other text.";

    private final LlmPort llm;
    private final int repairAttempts;
    private final AnswerCheck check;

    public JsonParserPort(LlmPort llm, int repairAttempts) {
        this(llm, repairAttempts, AnswerCheck.NONE);
    }

    public JsonParserPort(LlmPort llm, int repairAttempts, AnswerCheck check) {
        this.llm = llm;
        this.repairAttempts = Math.max(0, repairAttempts);
        this.check = check == null ? AnswerCheck.NONE : check;
    }

    @Override
    public ParseResult parse(List<Message> messages, JsonNode jsonSchema) {
        LlmPort structured = llm.withStructuredOutput(jsonSchema);
        List<Message> conversation = messages;
        UsageMetadata usage = UsageMetadata.EMPTY;
        for (int round = 0; ; round++) {
            LlmResponse response = structured.invoke(conversation);
            usage = usage.plus(response.usage());
            try {
                JsonAnswers.Answer read = JsonAnswers.answer(response.content(), jsonSchema);
                JsonNode answer = read.value();
                List<String> problems = check.problems(answer);
                if (!problems.isEmpty()) {
                    throw new MalformedResponseException(String.join("; ", problems), response.content());
                }
                if (structured instanceof JudgedAnswers judged) {
                    judged.usable(conversation, response);
                }
                return new ParseResult(answer, usage, response.content(), read.coercions());
            } catch (MalformedResponseException e) {
                if (structured instanceof JudgedAnswers judged) {
                    judged.unusable(conversation, response);
                }
                if (round >= repairAttempts) {
                    throw e;
                }
                List<Message> next = new ArrayList<>(conversation);
                next.add(Message.assistant(response.content()));
                next.add(Message.user(REPAIR_PROMPT.formatted(e.getMessage())));
                conversation = List.copyOf(next);
            }
        }
    }

    @Override
    public PortCapabilities capabilities() {
        return llm.capabilities();
    }
}
