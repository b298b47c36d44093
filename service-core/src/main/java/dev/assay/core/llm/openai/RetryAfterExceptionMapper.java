package dev.assay.core.llm.openai;

import dev.assay.core.llm.RetryAfter;
import jakarta.annotation.Priority;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.rest.client.ext.ResponseExceptionMapper;

import java.time.Duration;

/**
 * Runs before quarkus-langchain4j's own mapper for 429 and 503 answers, so the provider's
 * Retry-After survives into the port error and the retry waits as long as the provider asked.
 */
@Provider
@Priority(1)
public class RetryAfterExceptionMapper implements ResponseExceptionMapper<RetryAfterHttpException> {

    private static final String RETRY_AFTER = "Retry-After";

    @Override
    public boolean handles(int status, jakarta.ws.rs.core.MultivaluedMap<String, Object> headers) {
        // HTTP/2 servers send header names in lower case; the map need not ignore case
        return (status == 429 || status == 503)
                && headers.keySet().stream().anyMatch(name -> RETRY_AFTER.equalsIgnoreCase(name));
    }

    @Override
    public RetryAfterHttpException toThrowable(Response response) {
        Duration retryAfter = RetryAfter.parse(response.getHeaderString(RETRY_AFTER)).orElse(null);
        String body = response.hasEntity() ? response.readEntity(String.class) : "";
        return new RetryAfterHttpException(response.getStatus(), body, retryAfter);
    }
}
