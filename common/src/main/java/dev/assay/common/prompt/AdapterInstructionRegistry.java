package dev.assay.common.prompt;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Maps (interface, task) to the ordered list of instruction factories adapters registered for it.
 * An open extension point: any adapter, including one a test defines, registers its own pairs.
 *
 * <p>{@link #global()} is the registry the services use, filled once from every
 * {@link AdapterInstructionContributor} on the class path. Tests that register or clear use an
 * instance of their own, so they never disturb each other.
 */
public final class AdapterInstructionRegistry {

    private record Key(String interfaceName, PromptTask task) {
    }

    private static final class Holder {
        static final AdapterInstructionRegistry GLOBAL = withContributors(AdapterInstructionRegistry.class.getClassLoader());
    }

    private final Map<Key, List<AdapterInstructionFactory>> factories = new ConcurrentHashMap<>();

    /** An empty registry. */
    public AdapterInstructionRegistry() {
    }

    /** The process-wide registry, holding every contributor found on the class path. */
    public static AdapterInstructionRegistry global() {
        return Holder.GLOBAL;
    }

    /** A new registry filled by every {@link AdapterInstructionContributor} visible to {@code classLoader}. */
    public static AdapterInstructionRegistry withContributors(ClassLoader classLoader) {
        AdapterInstructionRegistry registry = new AdapterInstructionRegistry();
        for (AdapterInstructionContributor contributor : ServiceLoader.load(AdapterInstructionContributor.class, classLoader)) {
            contributor.contribute(registry);
        }
        return registry;
    }

    /** Appends {@code factory} to the list for (interface, task); later registrations come later in prompts. */
    public void register(String interfaceName, PromptTask task, AdapterInstructionFactory factory) {
        if (interfaceName == null || interfaceName.isBlank()) {
            throw new IllegalArgumentException("adapter instruction registration: interface name is required");
        }
        if (task == null || factory == null) {
            throw new IllegalArgumentException("adapter instruction registration for " + interfaceName + ": task and factory are required");
        }
        factories.computeIfAbsent(new Key(interfaceName, task), key -> new CopyOnWriteArrayList<>()).add(factory);
    }

    /** The factories for (interface, task) in registration order; an empty list when none are registered. */
    public List<AdapterInstructionFactory> lookup(String interfaceName, PromptTask task) {
        List<AdapterInstructionFactory> registered = factories.get(new Key(interfaceName, task));
        return registered == null ? List.of() : List.copyOf(registered);
    }

    /** Removes every registration. */
    public void clear() {
        factories.clear();
    }
}
