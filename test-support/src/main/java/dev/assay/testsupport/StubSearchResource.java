package dev.assay.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Map;

/**
 * Starts a {@link StubSearchServer} for a Quarkus application under test, and gives the application
 * the search key as config {@value #KEY_VARIABLE} (what a run config names as
 * {@code api_key: "${ASSAY_TEST_SEARCH_KEY}"}). Tests reach the server through {@link #server()};
 * reset it before each test.
 */
public final class StubSearchResource implements QuarkusTestResourceLifecycleManager {

    public static final String KEY_VARIABLE = "ASSAY_TEST_SEARCH_KEY";
    public static final String KEY = "tvly-stub-secret-5f3a";

    private static volatile StubSearchServer server;

    public static StubSearchServer server() {
        if (server == null) {
            throw new IllegalStateException("the stub search server is not started: add @QuarkusTestResource(StubSearchResource.class)");
        }
        return server;
    }

    @Override
    public Map<String, String> start() {
        server = StubSearchServer.start();
        return Map.of(KEY_VARIABLE, KEY);
    }

    @Override
    public void stop() {
        if (server != null) {
            server.close();
            server = null;
        }
    }
}
