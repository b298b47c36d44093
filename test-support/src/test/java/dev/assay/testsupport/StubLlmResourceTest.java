package dev.assay.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import dev.assay.localstack.stub.RequestMatcher;
import dev.assay.localstack.stub.StubLlmServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager.TestInjector;

class StubLlmResourceTest {

    /** Stands in for a test class: only the annotated field of the right type may be filled. */
    static class FakeTest {
        @InjectStubLlm
        StubLlmServer llm;
        StubLlmServer notAnnotated;
        @InjectStubLlm
        String wrongType;
    }

    @Test
    void startsAStubInjectsItIntoAnnotatedFieldsAndStopsIt() throws Exception {
        StubLlmResource resource = new StubLlmResource();
        Map<String, String> config = resource.start();
        FakeTest test = new FakeTest();
        String baseUrl;
        try {
            resource.inject(fieldsOf(test));

            assertThat(test.llm).isNotNull();
            assertThat(test.notAnnotated).isNull();
            assertThat(test.wrongType).isNull();
            baseUrl = test.llm.baseUrl();
            assertThat(config).containsEntry(StubLlmResource.BASE_URL_PROPERTY, baseUrl)
                    .containsEntry(StubLlmResource.API_KEY_PROPERTY, StubLlmResource.API_KEY);

            test.llm.when(RequestMatcher.any()).thenReply("from the resource's stub");
            assertThat(post(baseUrl).statusCode()).isEqualTo(200);
        } finally {
            resource.stop();
        }
        assertThatThrownBy(() -> post(baseUrl)).isInstanceOf(IOException.class);
    }

    private static HttpResponse<String> post(String baseUrl) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(HttpRequest.newBuilder(URI.create(baseUrl + "/chat/completions"))
                            .timeout(Duration.ofSeconds(30))
                            .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"m\",\"messages\":[]}")).build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }

    /** The part of Quarkus' TestInjector contract the resource relies on: set fields the predicate accepts. */
    private static TestInjector fieldsOf(Object target) {
        return (value, predicate) -> inject(target, value, predicate);
    }

    private static void inject(Object target, Object value, Predicate<Field> predicate) {
        for (Field field : target.getClass().getDeclaredFields()) {
            if (predicate.test(field)) {
                try {
                    field.setAccessible(true);
                    field.set(target, value);
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
    }
}
