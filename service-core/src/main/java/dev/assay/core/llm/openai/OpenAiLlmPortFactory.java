package dev.assay.core.llm.openai;

import dev.assay.common.port.LlmPort;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelInterfaces;
import dev.assay.core.llm.JsonHttp;
import dev.assay.core.llm.LlmPortFactory;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.http.HttpClient;
import java.util.Optional;

/** The {@code openai} interface: any OpenAI-compatible chat-completions endpoint. */
@ApplicationScoped
public class OpenAiLlmPortFactory implements LlmPortFactory {

    public static final String INTERFACE = ModelInterfaces.OPENAI;

    /** One client for all models: it pools connections, as many as the calls in flight. */
    private final HttpClient client = JsonHttp.newClient();

    @Override
    public String interfaceName() {
        return INTERFACE;
    }

    @Override
    public LlmPort create(ModelConfig model, Optional<String> apiKey) {
        return new OpenAiLlmPort(client, model, apiKey);
    }
}
