package dev.assay.core.llm;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.ConfigProvider;

import java.util.Optional;

/**
 * Resolves the API key a model config names with {@code api_key_env}, from this service's own
 * environment (or any MicroProfile config source, e.g. a mounted secret). The value is handed to
 * the adapter only; it is never logged, stored, or put in a message.
 */
@ApplicationScoped
public class SecretResolver {

    public Optional<String> resolve(String name) {
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        Optional<String> fromEnv = Optional.ofNullable(System.getenv(name)).filter(value -> !value.isBlank());
        if (fromEnv.isPresent()) {
            return fromEnv;
        }
        return ConfigProvider.getConfig().getOptionalValue(name, String.class).filter(value -> !value.isBlank());
    }
}
