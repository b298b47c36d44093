package dev.assay.common.prompt;

/** An adapter only the tests know, registered through META-INF/services like a real one. */
public class TestAdapterContributor implements AdapterInstructionContributor {

    static final String INTERFACE = "test-adapter";
    static final String ADDITION = "from the test adapter";

    @Override
    public void contribute(AdapterInstructionRegistry registry) {
        registry.register(INTERFACE, PromptTask.GENERATION, context -> AdapterInstruction.user(ADDITION));
    }
}
