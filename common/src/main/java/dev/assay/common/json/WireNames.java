package dev.assay.common.json;

import dev.assay.common.text.Suggestions;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Wire names of enums: the constant's name in lower case ({@code SHORT_COT} → {@code short_cot}),
 * and reading one back with an error a user can act on (did-you-mean, the valid names).
 */
public final class WireNames {

    private WireNames() {
    }

    public static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    public static <E extends Enum<E>> List<String> all(E[] values) {
        return Arrays.stream(values).map(WireNames::of).toList();
    }

    /**
     * The constant whose wire name is {@code value}; otherwise an {@link IllegalArgumentException}
     * like {@code unknown rubric strategy "sequentially" (did you mean "sequential"?); expected one of batch, sequential}.
     *
     * @param what  what the value names, for the message ("rubric strategy")
     * @param valid how the list of valid names is introduced ("expected one of")
     */
    public static <E extends Enum<E>> E read(E[] values, String value, String what, String valid) {
        return read(values, WireNames::of, value, what, valid);
    }

    public static <E extends Enum<E>> E read(E[] values, Function<E, String> wireName, String value, String what, String valid) {
        for (E constant : values) {
            if (wireName.apply(constant).equals(value)) {
                return constant;
            }
        }
        List<String> names = Arrays.stream(values).map(wireName).toList();
        throw new IllegalArgumentException("unknown " + what + " \"" + value + "\"" + Suggestions.didYouMean(value, names)
                + "; " + valid + " " + String.join(", ", names));
    }
}
