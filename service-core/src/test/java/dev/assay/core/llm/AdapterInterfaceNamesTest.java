package dev.assay.core.llm;

import dev.assay.common.run.ModelInterface;
import dev.assay.common.run.ModelInterfaces;
import dev.assay.core.llm.anthropic.AnthropicLlmPortFactory;
import dev.assay.core.llm.openai.OpenAiLlmPortFactory;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Validation knows an interface by the registry in common; every adapter the services run must be in it. */
class AdapterInterfaceNamesTest {

    @Test
    void everyBuiltInAdapterAnswersToARegisteredInterfaceThatCallsOut() {
        List<LlmPortFactory> adapters = List.of(new OpenAiLlmPortFactory(), new AnthropicLlmPortFactory());

        assertThat(adapters).allSatisfy(adapter -> assertThat(ModelInterfaces.global().find(adapter.interfaceName()))
                .as(adapter.interfaceName()).get().extracting(ModelInterface::callsOut).isEqualTo(true));
        // manual answers are the generation stage's, not an adapter's: registered, and never called
        assertThat(ModelInterfaces.global().find(ModelInterfaces.MANUAL)).get().extracting(ModelInterface::callsOut).isEqualTo(false);
        assertThat(ModelInterfaces.global().names()).containsExactlyInAnyOrder("openai", "anthropic", "manual");
    }
}
