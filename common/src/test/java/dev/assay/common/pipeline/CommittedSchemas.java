package dev.assay.common.pipeline;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JSON Schemas committed under docs/schemas (the contract outside producers and consumers rely
 * on, docs/messaging.md), read with a real JSON Schema validator. Shared as common's test-jar, so
 * the services' tests check their records against the same files.
 */
public final class CommittedSchemas {

    /** Each topic's record and its schema file's name. */
    public static final Map<String, String> BY_TOPIC = Map.of(
            Topics.JOBS, "verification-job",
            Topics.ANSWERS, "answered-job",
            Topics.PARSED, "parsed-job",
            Topics.RESULTS, "verification-result");

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final Map<String, Schema> LOADED = new ConcurrentHashMap<>();

    private CommittedSchemas() {
    }

    /** docs/schemas of the checkout the test runs in (each module runs in its own folder below the root). */
    public static Path directory() {
        for (Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path schemas = dir.resolve("docs/schemas");
            if (Files.isDirectory(schemas)) {
                return schemas;
            }
        }
        throw new IllegalStateException("no docs/schemas above " + System.getProperty("user.dir"));
    }

    /** What the schema {@code name} (e.g. {@code verification-job}) finds wrong with {@code json}; empty when valid. */
    public static List<String> problems(String name, String json) {
        Schema schema = LOADED.computeIfAbsent(name, CommittedSchemas::load);
        return schema.validate(json, InputFormat.JSON).stream().map(Object::toString).toList();
    }

    /** What the schema of {@code topic}'s record finds wrong with {@code json}; empty when valid. */
    public static List<String> problemsOnTopic(String topic, String json) {
        String name = BY_TOPIC.get(topic);
        if (name == null) {
            throw new IllegalArgumentException("no schema for topic " + topic + "; schemas exist for " + BY_TOPIC.keySet());
        }
        return problems(name, json);
    }

    private static Schema load(String name) {
        try {
            return REGISTRY.getSchema(Files.readString(directory().resolve(name + ".schema.json")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the schema " + name, e);
        }
    }
}
