package dev.assay.common.prompt;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AdapterInstructionRegistryTest {

    private static AdapterInstructionFactory system(String text) {
        return context -> AdapterInstruction.system(text);
    }

    @Test
    void lookupReturnsFactoriesInRegistrationOrder() {
        AdapterInstructionRegistry registry = new AdapterInstructionRegistry();
        AdapterInstructionFactory first = system("1");
        AdapterInstructionFactory second = system("2");
        registry.register("custom", PromptTask.PARSING, first);
        registry.register("custom", PromptTask.PARSING, second);
        assertThat(registry.lookup("custom", PromptTask.PARSING)).containsExactly(first, second);
    }

    @Test
    void unknownPairGivesAnEmptyList() {
        AdapterInstructionRegistry registry = new AdapterInstructionRegistry();
        registry.register("custom", PromptTask.PARSING, system("x"));
        assertThat(registry.lookup("custom", PromptTask.GENERATION)).isEmpty();
        assertThat(registry.lookup("other", PromptTask.PARSING)).isEmpty();
        assertThat(registry.lookup(null, PromptTask.PARSING)).isEmpty();
    }

    @Test
    void clearRemovesEverything() {
        AdapterInstructionRegistry registry = new AdapterInstructionRegistry();
        registry.register("custom", PromptTask.PARSING, system("x"));
        registry.register("custom", PromptTask.GENERATION, system("y"));
        registry.clear();
        assertThat(registry.lookup("custom", PromptTask.PARSING)).isEmpty();
        assertThat(registry.lookup("custom", PromptTask.GENERATION)).isEmpty();
    }

    @Test
    void registriesAreIsolatedFromEachOtherAndFromTheGlobalOne() {
        AdapterInstructionRegistry a = new AdapterInstructionRegistry();
        AdapterInstructionRegistry b = new AdapterInstructionRegistry();
        a.register("openai", PromptTask.GENERATION, system("only in a"));
        assertThat(b.lookup("openai", PromptTask.GENERATION)).isEmpty();
        assertThat(AdapterInstructionRegistry.global().lookup("openai", PromptTask.GENERATION)).isEmpty();
        a.clear();
        assertThat(AdapterInstructionRegistry.global().lookup("openai", PromptTask.PARSING)).isNotEmpty();
    }

    @Test
    void lookupIsASnapshotCallersCannotModify() {
        AdapterInstructionRegistry registry = new AdapterInstructionRegistry();
        registry.register("custom", PromptTask.PARSING, system("x"));
        var snapshot = registry.lookup("custom", PromptTask.PARSING);
        registry.register("custom", PromptTask.PARSING, system("y"));
        assertThat(snapshot).hasSize(1);
        assertThatThrownBy(() -> snapshot.add(system("z"))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void contributorsOnTheClassPathRegisterWithoutTheRegistryKnowingThem() {
        // TestAdapterContributor is listed only in src/test/resources/META-INF/services.
        AdapterInstructionRegistry loaded = AdapterInstructionRegistry.withContributors(getClass().getClassLoader());
        var factories = loaded.lookup(TestAdapterContributor.INTERFACE, PromptTask.GENERATION);
        assertThat(factories).hasSize(1);
        assertThat(factories.get(0).create(Map.of()).userAddition()).isEqualTo(TestAdapterContributor.ADDITION);
        assertThat(AdapterInstructionRegistry.global().lookup(TestAdapterContributor.INTERFACE, PromptTask.GENERATION)).hasSize(1);
    }

    @Test
    void registrationNeedsAllThreeParts() {
        AdapterInstructionRegistry registry = new AdapterInstructionRegistry();
        assertThatThrownBy(() -> registry.register(" ", PromptTask.PARSING, system("x"))).hasMessageContaining("interface");
        assertThatThrownBy(() -> registry.register("custom", null, system("x"))).hasMessageContaining("task");
    }
}
