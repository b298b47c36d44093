package dev.assay.importers;

import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Quotes every string that would not read back as a string when written plain. Jackson's own
 * check misses forms SnakeYAML's (YAML 1.1) resolver, which Assay's reader uses, takes for
 * numbers or booleans ({@code 0x1F}, {@code 1_000}, {@code .inf}, {@code 1:20}, {@code on}), so a
 * recorded answer {@code 0x1F} came back as the number 31 and stopped the run config from loading.
 * Asking the reader's resolver itself keeps the writer and the reader in step.
 */
public final class TextScalars extends StringQuotingChecker {

    private static final long serialVersionUID = 1L;
    private static final TextScalars INSTANCE = new TextScalars();

    private final transient Resolver resolver = new Resolver();

    private TextScalars() {
    }

    public static TextScalars checker() {
        return INSTANCE;
    }

    @Override
    public boolean needToQuoteName(String name) {
        return Default.instance().needToQuoteName(name) || !resolvesToText(name);
    }

    @Override
    public boolean needToQuoteValue(String value) {
        return Default.instance().needToQuoteValue(value) || !resolvesToText(value);
    }

    /** One instance, also after Java deserialization (the resolver is not serialized). */
    private Object readResolve() {
        return INSTANCE;
    }

    private boolean resolvesToText(String plain) {
        return Tag.STR.equals(resolver.resolve(NodeId.scalar, plain, true));
    }
}
