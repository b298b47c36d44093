package dev.assay.common.prompt.rag;

import dev.assay.common.prompt.rag.variants.AntiPriorVariant;
import dev.assay.common.prompt.rag.variants.BaselineVariant;
import dev.assay.common.prompt.rag.variants.CitationVariant;
import dev.assay.common.prompt.rag.variants.StrictVariant;
import dev.assay.common.text.Suggestions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The registry of prompt variants: the built-in ones, then any {@link PromptVariant} found through
 * {@link ServiceLoader} ({@code META-INF/services/dev.assay.common.prompt.rag.PromptVariant}), so
 * a deployment adds a variant without touching this module.
 */
public final class PromptVariants {

    private static final PromptVariants GLOBAL = loadGlobal();

    private final Map<String, PromptVariant> variants = new LinkedHashMap<>();

    public PromptVariants(List<PromptVariant> variants) {
        variants.forEach(this::register);
    }

    public static PromptVariants global() {
        return GLOBAL;
    }

    public static List<PromptVariant> builtIn() {
        return List.of(new BaselineVariant(), new StrictVariant(), new CitationVariant(), new AntiPriorVariant());
    }

    private static PromptVariants loadGlobal() {
        List<PromptVariant> all = new ArrayList<>(builtIn());
        ServiceLoader.load(PromptVariant.class, PromptVariants.class.getClassLoader()).forEach(all::add);
        return new PromptVariants(all);
    }

    private void register(PromptVariant variant) {
        PromptVariant clash = variants.putIfAbsent(variant.name(), variant);
        if (clash != null) {
            throw new IllegalStateException("two prompt variants named \"" + variant.name() + "\": "
                    + clash.getClass().getName() + " and " + variant.getClass().getName());
        }
    }

    public Optional<PromptVariant> find(String name) {
        return Optional.ofNullable(name == null ? null : variants.get(name));
    }

    /** The variant called {@code name}; throws {@link IllegalArgumentException} naming the valid ones. */
    public PromptVariant require(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(unknown(name)));
    }

    /** {@code unknown prompt variant "x" (did you mean "y"?); valid variants: …}, for errors about {@code name}. */
    public String unknown(String name) {
        return "unknown prompt variant \"" + name + "\"" + Suggestions.didYouMean(name, names())
                + "; valid variants: " + String.join(", ", names());
    }

    public List<String> names() {
        return List.copyOf(variants.keySet());
    }
}
