package dev.assay.core.llm.anthropic;

import dev.assay.common.port.LlmPort;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelInterfaces;
import dev.assay.core.llm.JsonHttp;
import dev.assay.core.llm.LlmPortFactory;
import dev.assay.core.tracing.Tracing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/** The {@code anthropic} interface: Anthropic's Messages API. */
@ApplicationScoped
public class AnthropicLlmPortFactory implements LlmPortFactory {

    public static final String INTERFACE = ModelInterfaces.ANTHROPIC;

    /** One client for all models: it pools connections, as many as the calls in flight. */
    private final JsonHttp http;

    @Inject
    public AnthropicLlmPortFactory(Tracing tracing) {
        this.http = new JsonHttp(tracing.tracer());
    }

    /** Without traces, for use outside a container. */
    public AnthropicLlmPortFactory() {
        this.http = new JsonHttp();
    }

    @Override
    public String interfaceName() {
        return INTERFACE;
    }

    @Override
    public LlmPort create(ModelConfig model, Optional<String> apiKey) {
        return new AnthropicLlmPort(http, model, apiKey, null);
    }
}
