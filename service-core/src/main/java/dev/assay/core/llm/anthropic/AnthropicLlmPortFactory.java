package dev.assay.core.llm.anthropic;

import dev.assay.common.port.LlmPort;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelInterfaces;
import dev.assay.core.llm.JsonHttp;
import dev.assay.core.llm.LlmPortFactory;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.http.HttpClient;
import java.util.Optional;

/** The {@code anthropic} interface: Anthropic's Messages API. */
@ApplicationScoped
public class AnthropicLlmPortFactory implements LlmPortFactory {

    public static final String INTERFACE = ModelInterfaces.ANTHROPIC;

    /** One client for all models: it pools connections; each request carries its own timeout. */
    private final HttpClient client = JsonHttp.newClient();

    @Override
    public String interfaceName() {
        return INTERFACE;
    }

    @Override
    public LlmPort create(ModelConfig model, Optional<String> apiKey) {
        return new AnthropicLlmPort(client, model, apiKey, null);
    }
}
