package dev.assay.common.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import org.yaml.snakeyaml.LoaderOptions;

import java.io.UncheckedIOException;

/**
 * The one JSON configuration every module uses for Assay's own records.
 *
 * <p>Snake_case is declared on each record with {@code @JsonNaming}, not here, so that any
 * mapper (Quarkus REST's, SmallRye Kafka's) writes the same wire format.
 */
public final class Json {

    private static final ObjectMapper MAPPER = configure(JsonMapper.builder().build());
    private static final ObjectMapper YAML = configure(YAMLMapper.builder(yamlFactory()).build());

    private Json() {
    }

    /**
     * SnakeYAML stops at 3 MB of text by default, with a message naming neither the file nor a fix;
     * the size of what Assay reads is limited where it comes in instead (files: InputFiles,
     * {@code ASSAY_MAX_FILE_SIZE}; API bodies: {@code ASSAY_API_MAX_BODY_SIZE}), with messages that do.
     * Aliases are not expanded by Jackson (an alias reads as its name), so "billion laughs" cannot grow.
     */
    private static YAMLFactory yamlFactory() {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(Integer.MAX_VALUE);
        return YAMLFactory.builder().loaderOptions(options).build();
    }

    /** Shared, thread-safe JSON mapper. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Shared, thread-safe YAML mapper with the same settings (benchmark and run-config files). */
    public static ObjectMapper yaml() {
        return YAML;
    }

    /** Applies Assay's settings to a mapper a framework created (e.g. Quarkus' ObjectMapperCustomizer). */
    public static ObjectMapper configure(ObjectMapper mapper) {
        // Jackson keeps its read and write buffers per thread by default, and the stages run each record on
        // a virtual thread of its own: every parse and every write allocated its buffers afresh (about a
        // twentieth of local-service's allocation at C=256). One pool shared by all threads instead.
        mapper.getFactory().setRecyclerPool(JsonRecyclerPools.sharedConcurrentDequePool());
        return mapper
                .registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    public static String writePretty(Object value) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    public static <T> T read(String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot read " + type.getSimpleName() + " from JSON: " + e.getOriginalMessage(), e);
        }
    }
}
