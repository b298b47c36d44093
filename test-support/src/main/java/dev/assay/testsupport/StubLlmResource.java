package dev.assay.testsupport;

import java.util.Map;

import dev.assay.localstack.stub.StubLlmServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Starts a {@link StubLlmServer} for a Quarkus application under test and injects it into test fields
 * annotated with {@link InjectStubLlm}. The application finds it through {@value #BASE_URL_PROPERTY}
 * (e.g. {@code %test.quarkus.langchain4j.openai.base-url=${assay.test.llm.base-url}}).
 *
 * <p>Unlike the broker and the database, the stub is cheap and lives exactly as long as the
 * application: it starts with it and stops with it. Its rules and recorded requests are shared by all
 * tests of the application, so call {@link StubLlmServer#reset()} before each test.
 *
 * <pre>{@code
 * @QuarkusTest
 * @QuarkusTestResource(StubLlmResource.class)
 * class GradingTest {
 *     @InjectStubLlm StubLlmServer llm;
 *     @BeforeEach void reset() { llm.reset(); }
 * }
 * }</pre>
 */
public final class StubLlmResource implements QuarkusTestResourceLifecycleManager {

    public static final String BASE_URL_PROPERTY = "assay.test.llm.base-url";
    /** A dummy API key, so clients that insist on one can be configured; the stub accepts anything. */
    public static final String API_KEY_PROPERTY = "assay.test.llm.api-key";
    public static final String API_KEY = "stub-key";

    private StubLlmServer server;

    @Override
    public Map<String, String> start() {
        server = StubLlmServer.start();
        return Map.of(BASE_URL_PROPERTY, server.baseUrl(), API_KEY_PROPERTY, API_KEY);
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(server, new TestInjector.AnnotatedAndMatchesType(InjectStubLlm.class, StubLlmServer.class));
    }

    @Override
    public void stop() {
        if (server != null) {
            server.close();
        }
    }
}
