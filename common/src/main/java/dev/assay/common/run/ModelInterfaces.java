package dev.assay.common.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The registry of model interface names: the built-in ones (what the services' adapters run:
 * {@code openai}, {@code anthropic}, and {@code manual} answers), then any {@link ModelInterface}
 * found through {@link ServiceLoader}. Validation reads it, so an interface nobody runs (a typo such
 * as {@code opneai}) is an error before anything starts; the services' adapters answer to the same
 * names. It also holds the one rule for filling a model's endpoint from the environment, shared by
 * {@code assay run}, {@code submit} and {@code validate}.
 */
public final class ModelInterfaces {

    public static final String OPENAI = "openai";
    public static final String ANTHROPIC = "anthropic";
    public static final String MANUAL = ModelConfig.MANUAL;

    private static final ModelInterfaces GLOBAL = loadGlobal();

    private final Map<String, ModelInterface> interfaces = new LinkedHashMap<>();

    public ModelInterfaces(List<ModelInterface> interfaces) {
        interfaces.forEach(this::register);
    }

    public static ModelInterfaces global() {
        return GLOBAL;
    }

    public static List<ModelInterface> builtIn() {
        return List.of(new BuiltIn(OPENAI, true, "OPENAI_BASE_URL", "OPENAI_API_KEY"),
                new BuiltIn(ANTHROPIC, true, null, "ANTHROPIC_API_KEY"),
                new BuiltIn(MANUAL, false, null, null));
    }

    private static ModelInterfaces loadGlobal() {
        List<ModelInterface> all = new ArrayList<>(builtIn());
        ServiceLoader.load(ModelInterface.class, ModelInterfaces.class.getClassLoader()).forEach(all::add);
        return new ModelInterfaces(all);
    }

    private void register(ModelInterface modelInterface) {
        ModelInterface clash = interfaces.putIfAbsent(modelInterface.name(), modelInterface);
        if (clash != null) {
            throw new IllegalStateException("two model interfaces named \"" + modelInterface.name() + "\": "
                    + clash.getClass().getName() + " and " + modelInterface.getClass().getName());
        }
    }

    public Optional<ModelInterface> find(String name) {
        return Optional.ofNullable(name == null ? null : interfaces.get(name));
    }

    public List<String> names() {
        return List.copyOf(interfaces.keySet());
    }

    /**
     * The model with what it leaves unset filled from the environment: {@code base_url} from its
     * interface's base-URL variable ({@code OPENAI_BASE_URL}), {@code api_key_env} naming its key
     * variable ({@code OPENAI_API_KEY}, {@code ANTHROPIC_API_KEY}) when that is set. Only the
     * variable's name enters the config; the services read the key from their own environment.
     */
    public ModelConfig withEnvironment(ModelConfig model, Map<String, String> env) {
        ModelInterface modelInterface = model == null ? null : interfaces.get(model.interfaceName());
        if (modelInterface == null || !modelInterface.callsOut()) {
            return model;
        }
        String baseUrl = model.baseUrl();
        String keyEnv = model.apiKeyEnv();
        if (baseUrl == null && present(env, modelInterface.baseUrlVariable())) {
            baseUrl = env.get(modelInterface.baseUrlVariable());
        }
        if (keyEnv == null && present(env, modelInterface.apiKeyVariable())) {
            keyEnv = modelInterface.apiKeyVariable();
        }
        return Objects.equals(baseUrl, model.baseUrl()) && Objects.equals(keyEnv, model.apiKeyEnv()) ? model
                : model.withEndpoint(baseUrl, keyEnv);
    }

    /**
     * Why the model can reach nothing, or empty when it can: a model that calls out needs a
     * {@code base_url} or an {@code api_key_env} (without either an {@code openai} model would call
     * api.openai.com with no key). The message says what to set; with {@code readsEnvironment} it
     * names the variables the environment rule would have taken too.
     */
    public Optional<String> missingEndpoint(ModelConfig model, boolean readsEnvironment) {
        ModelInterface modelInterface = model == null ? null : interfaces.get(model.interfaceName());
        if (modelInterface == null || !modelInterface.callsOut() || model.baseUrl() != null || model.apiKeyEnv() != null) {
            return Optional.empty();
        }
        String settings = switch (model.interfaceName()) {
            case OPENAI -> "set api_key_env (the variable holding an api.openai.com key) or base_url (an OpenAI-compatible server)";
            case ANTHROPIC -> "set api_key_env (the variable holding the Anthropic key) or base_url";
            default -> "set base_url or api_key_env";
        };
        List<String> variables = new ArrayList<>();
        if (modelInterface.apiKeyVariable() != null) {
            variables.add(modelInterface.apiKeyVariable());
        }
        if (modelInterface.baseUrlVariable() != null) {
            variables.add(modelInterface.baseUrlVariable());
        }
        String environment = !readsEnvironment || variables.isEmpty() ? ""
                : ", or set " + String.join(" or ", variables) + " in the environment (none is set)";
        return Optional.of("has no endpoint: " + settings + environment);
    }

    private static boolean present(Map<String, String> env, String name) {
        if (name == null || env == null) {
            return false;
        }
        String value = env.get(name);
        return value != null && !value.isBlank();
    }

    private record BuiltIn(String name, boolean callsOut, String baseUrlVariable, String apiKeyVariable) implements ModelInterface {
    }
}
