package dev.assay.common.run;

/**
 * A model interface, the {@code interface} of a model config: the name a service's adapter answers
 * to, and what a model of it needs before a call can reach anything. The built-in ones are listed
 * by {@link ModelInterfaces}; a deployment that adds an adapter to its services declares the name
 * here too, through {@link java.util.ServiceLoader} ({@code META-INF/services/dev.assay.common.run.ModelInterface}),
 * so that validation knows it before anything runs.
 */
public interface ModelInterface {

    /** The value of {@code interface} in a model config. */
    String name();

    /** Whether a model of this interface is called over the network ({@code manual} answers are not). */
    default boolean callsOut() {
        return true;
    }

    /** The environment variable {@code assay run} fills an unset {@code base_url} from, or null. */
    default String baseUrlVariable() {
        return null;
    }

    /** The environment variable {@code assay run} names as an unset {@code api_key_env} when it is set, or null. */
    default String apiKeyVariable() {
        return null;
    }
}
