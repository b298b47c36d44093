package dev.assay.common.benchmark.trait;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The registry of trait kinds: the built-in ones, then any {@link TraitKind} found through
 * {@link ServiceLoader} ({@code META-INF/services/dev.assay.common.benchmark.trait.TraitKind}),
 * so a deployment adds a kind without touching this module.
 */
public final class TraitKinds {

    private static final TraitKinds GLOBAL = loadGlobal();

    private final Map<String, TraitKind> kinds = new LinkedHashMap<>();

    public TraitKinds(List<TraitKind> kinds) {
        kinds.forEach(this::register);
    }

    public static TraitKinds global() {
        return GLOBAL;
    }

    public static List<TraitKind> builtIn() {
        return List.of(new BooleanTraitKind(), new ScoreTraitKind(), new LiteralTraitKind(), new RegexTraitKind(),
                new ExpressionTraitKind(), new MetricTraitKind(), new AgenticTraitKind());
    }

    private static TraitKinds loadGlobal() {
        List<TraitKind> all = new ArrayList<>(builtIn());
        ServiceLoader.load(TraitKind.class, TraitKinds.class.getClassLoader()).forEach(all::add);
        return new TraitKinds(all);
    }

    private void register(TraitKind kind) {
        TraitKind clash = kinds.putIfAbsent(kind.name(), kind);
        if (clash != null) {
            throw new IllegalStateException("two trait kinds named \"" + kind.name() + "\": " + clash.getClass().getName()
                    + " and " + kind.getClass().getName());
        }
    }

    public Optional<TraitKind> find(String name) {
        return Optional.ofNullable(name == null ? null : kinds.get(name));
    }

    public List<String> names() {
        return List.copyOf(kinds.keySet());
    }
}
