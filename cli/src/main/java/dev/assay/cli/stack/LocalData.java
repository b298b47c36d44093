package dev.assay.cli.stack;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the local stack keeps its database between commands, so runs (to retry, resume or extend)
 * and the response cache outlive one {@code assay run}: {@code ASSAY_LOCAL_DATA}, by default
 * {@code ~/.assay/local}; {@code ASSAY_LOCAL_DATA=temp} keeps nothing (docs/cli.md).
 */
public final class LocalData {

    public static final String VARIABLE = "ASSAY_LOCAL_DATA";
    /** The value that asks for a temporary directory, deleted when the stack stops. */
    public static final String TEMPORARY = "temp";

    private LocalData() {
    }

    /** The directory to keep the data in; null for a temporary one. */
    public static Path home(Map<String, String> env) {
        String value = env.get(VARIABLE);
        if (value == null || value.isBlank()) {
            return Path.of(System.getProperty("user.home"), ".assay", "local");
        }
        if (value.strip().equals(TEMPORARY)) {
            return null;
        }
        return Path.of(value.strip()).toAbsolutePath().normalize();
    }
}
