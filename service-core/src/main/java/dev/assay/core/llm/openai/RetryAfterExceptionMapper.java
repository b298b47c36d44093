package dev.assay.core.llm.openai;

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

    @Override
    public boolean handles(int status, jakarta.ws.rs.core.MultivaluedMap<String, Object> headers) {
        return (status == 429 || status == 503) && headers.containsKey("Retry-After");
    }

    @Override
    public RetryAfterHttpException toThrowable(Response response) {
        Duration retryAfter = LangChainErrors.parseRetryAfter(response.getHeaderString("Retry-After")).orElse(null);
        String body = response.hasEntity() ? response.readEntity(String.class) : "";
        return new RetryAfterHttpException(response.getStatus(), body, retryAfter);
    }
}
