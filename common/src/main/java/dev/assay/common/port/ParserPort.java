package dev.assay.common.port;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.message.Message;

import java.util.List;

/**
 * A judge call that fills a JSON schema. A pure executor: it receives messages already
 * assembled by the {@code PromptAssembler} and builds none of its own.
 *
 * @see MalformedResponseException when the judge's output cannot be read as the schema
 */
public interface ParserPort {

    ParseResult parse(List<Message> messages, JsonNode jsonSchema);

    PortCapabilities capabilities();
}
