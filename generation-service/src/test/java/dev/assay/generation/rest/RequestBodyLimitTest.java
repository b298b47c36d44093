package dev.assay.generation.rest;

import dev.assay.common.json.Json;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request bodies above {@code quarkus.http.limits.max-body-size} (10M by default) are refused with
 * a 413 whose JSON error names the limit and the setting that raises it, whether the client says
 * the length up front or streams the body in chunks.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class RequestBodyLimitTest {

    private static final int TWELVE_MB = 12 * 1024 * 1024;

    @TestHTTPResource("/")
    URI root;

    private static byte[] body(int size) {
        byte[] body = new byte[size];
        Arrays.fill(body, (byte) ' ');
        return body;
    }

    /** Sent with the JDK client, as the CLI does; Rest Assured's client gives up when the server answers before the body is sent. */
    private HttpResponse<String> post(String path, String contentType, HttpRequest.BodyPublisher body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(root.resolve(path)).header("Content-Type", contentType).POST(body).build();
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        }
    }

    private static List<String> errors(HttpResponse<String> response) {
        assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        return Json.read(response.body(), ErrorBody.class).errors();
    }

    @Test
    void aRunBodyAboveTheLimitIsA413NamingTheLimitAndTheSetting() throws Exception {
        HttpResponse<String> response = post("api/runs", "application/yaml", HttpRequest.BodyPublishers.ofByteArray(body(TWELVE_MB)));

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(errors(response)).singleElement().asString()
                .isEqualTo("body: too large (12 MB, the limit is 10 MB; set ASSAY_API_MAX_BODY_SIZE "
                        + "(quarkus.http.limits.max-body-size) on generation-service to raise it)");
    }

    @Test
    void aBenchmarkFileAboveTheLimitIsA413Too() throws Exception {
        HttpResponse<String> response = post("api/benchmarks/import?format=jsonl", "application/octet-stream",
                HttpRequest.BodyPublishers.ofByteArray(body(TWELVE_MB)));

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(errors(response)).singleElement().asString().contains("too large (12 MB, the limit is 10 MB")
                .contains("ASSAY_API_MAX_BODY_SIZE");
    }

    @Test
    void aBodyStreamedWithoutALengthIsCutOffAtTheLimitToo() throws Exception {
        // an input stream publisher sends no Content-Length: the body arrives chunked, and Quarkus counts it
        HttpResponse<String> response = post("api/runs", "application/yaml",
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body(TWELVE_MB))));

        assertThat(response.statusCode()).isEqualTo(413);
    }

    @Test
    void aBodyWithinTheLimitIsReadAsBefore() throws Exception {
        HttpResponse<String> response = post("api/runs", "application/yaml",
                HttpRequest.BodyPublishers.ofString("benchmark: {}\n" + ("#".repeat(1024) + "\n").repeat(1024)));

        assertThat(response.statusCode()).isEqualTo(400);
        // 1 MB of comment lines, each within the YAML line limit: read, and the run's own problems reported
        assertThat(errors(response)).isNotEmpty().noneMatch(error -> error.contains("too large") || error.contains("characters long"));
    }
}
