package dev.assay.cli;

import dev.assay.testsupport.StubLlmServer;
import dev.assay.testsupport.StubReply;

import java.nio.file.Path;

/**
 * The scripted model of demo mode: an OpenAI-compatible endpoint on 127.0.0.1 that answers from a
 * rules file instead of a real model, so {@code assay run} works on a fresh clone without a key.
 */
interface DemoModel extends AutoCloseable {

    /** Starts the endpoint; returns its base URL ({@code http://127.0.0.1:PORT/v1}). */
    String start(Path rulesFile);

    @Override
    void close();

    /**
     * The stub LLM server of test-support with one fallback: echo the last user message.
     * TODO: read the rules file (examples/quickstart's demo-model.yaml, whose format is being
     * written alongside this) and script replies from it; until then {@code rulesFile} is ignored
     * and a judge's structured answers come out as parse errors.
     */
    final class Echo implements DemoModel {
        private StubLlmServer stub;

        @Override
        public String start(Path rulesFile) {
            stub = StubLlmServer.start()
                    .fallback(StubReply.computed(request -> StubReply.text(request.lastUserMessage().orElse(""))));
            return stub.baseUrl();
        }

        @Override
        public void close() {
            if (stub != null) {
                stub.close();
            }
        }
    }
}
