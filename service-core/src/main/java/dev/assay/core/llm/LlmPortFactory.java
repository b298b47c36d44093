package dev.assay.core.llm;

import dev.assay.common.port.LlmPort;
import dev.assay.common.run.ModelConfig;

import java.util.Optional;

/**
 * Makes ports for one interface ({@code openai}, {@code anthropic}, …). Implement it as a CDI bean
 * to add an interface: the {@link ModelGateway} finds every factory without knowing them.
 */
public interface LlmPortFactory {

    /** The value of {@code interface} in model configs this factory serves. */
    String interfaceName();

    /**
     * A port for {@code model}. {@code apiKey} is the value of the model's {@code api_key_env},
     * resolved from this service's environment; empty when none is configured.
     */
    LlmPort create(ModelConfig model, Optional<String> apiKey);
}
