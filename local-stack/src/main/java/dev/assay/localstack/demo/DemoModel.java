package dev.assay.localstack.demo;

import java.nio.file.Path;
import java.util.Objects;

import dev.assay.localstack.stub.RequestMatcher;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;

/**
 * A scripted model for demos: a {@link StubLlmServer} on 127.0.0.1 and a free port that answers
 * from a demo rules file. It speaks the OpenAI chat completions API (and Anthropic's messages API)
 * like the stub does, so a run config reaches it through an ordinary {@code base_url}.
 *
 * <pre>{@code
 * try (DemoModel demo = DemoModel.start(Path.of("examples/quickstart/demo-model.yaml"))) {
 *     // set base_url: demo.baseUrl() on the run config's models that demo.rules().serves(...)
 * }
 * }</pre>
 */
public final class DemoModel implements AutoCloseable {

    private final DemoRules rules;
    private final StubLlmServer server;

    private DemoModel(DemoRules rules, StubLlmServer server) {
        this.rules = rules;
        this.server = server;
    }

    /** Loads {@code rulesFile} (throwing {@link DemoRulesException} for a bad file) and starts serving it. */
    public static DemoModel start(Path rulesFile) {
        return start(DemoRules.load(rulesFile));
    }

    public static DemoModel start(DemoRules rules) {
        Objects.requireNonNull(rules, "rules must not be null");
        StubLlmServer server = StubLlmServer.start();
        for (int i = 0; i < rules.rules().size(); i++) {
            DemoRule rule = rules.rules().get(i);
            server.when(matcher(i, rule.match())).thenReply(StubReply.text(rule.reply()));
        }
        if (rules.fallback() != null) {
            server.fallback(StubReply.text(rules.fallback()));
        }
        return new DemoModel(rules, server);
    }

    /** {@code http://127.0.0.1:PORT/v1}: the {@code base_url} for the models the rules serve. */
    public String baseUrl() {
        return server.baseUrl();
    }

    public DemoRules rules() {
        return rules;
    }

    /** The server underneath, e.g. to read the requests it received. */
    public StubLlmServer server() {
        return server;
    }

    @Override
    public void close() {
        server.close();
    }

    @Override
    public String toString() {
        return "DemoModel[" + baseUrl() + ", models " + rules.models() + ", " + rules.rules().size() + " rules]";
    }

    /** Described by its place in the file, which is what the stub's "no rule matched" error should point at. */
    private static RequestMatcher matcher(int index, DemoMatch match) {
        return RequestMatcher.describedAs("rules[" + index + "] (" + match + ")",
                request -> match.matches(request.model(), request.allContent()));
    }
}
