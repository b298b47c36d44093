package dev.assay.common.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.github.victools.jsonschema.module.jackson.JacksonOption;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.assay.common.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JSON Schemas under docs/schemas are what non-Java producers and consumers rely on. They are
 * generated from the records; this test fails when a committed schema no longer matches its
 * record, and checks that real messages validate against the committed files.
 *
 * <p>To refresh them after changing a record: {@code ./mvnw -pl common test -Dtest=MessageSchemasTest -Dassay.schemas.write=true}.
 */
class MessageSchemasTest {

    static final Map<String, Class<?>> MESSAGES = Map.of(
            "verification-job", VerificationJob.class,
            "answered-job", AnsweredJob.class,
            "parsed-job", ParsedJob.class,
            "verification-result", VerificationResult.class);

    /**
     * The fields each message's constructor requires, non-null (and, for ids, not blank): what
     * {@code RecordReader} dead-letters when they are missing, the schema requires.
     */
    static final Map<Class<?>, List<String>> REQUIRED = Map.of(
            VerificationJob.class, List.of("schema_version", "run_id", "job_id", "question", "answering_model", "replicate"),
            AnsweredJob.class, List.of("schema_version", "run_id", "job_id", "job", "generation"),
            ParsedJob.class, List.of("schema_version", "run_id", "job_id", "result_id", "answered", "judge", "parsing"),
            VerificationResult.class, List.of("schema_version", "run_id", "job_id", "result_id", "status"));

    static final Path SCHEMA_DIR = Path.of(System.getProperty("user.dir")).resolve("../docs/schemas").normalize();

    static ObjectNode generate(Class<?> type) {
        SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(Json.mapper(), SchemaVersion.DRAFT_2020_12,
                OptionPreset.PLAIN_JSON)
                .with(new JacksonModule(JacksonOption.FLATTENED_ENUMS_FROM_JSONVALUE, JacksonOption.RESPECT_JSONPROPERTY_REQUIRED))
                .with(Option.FORBIDDEN_ADDITIONAL_PROPERTIES_BY_DEFAULT, Option.DEFINITIONS_FOR_ALL_OBJECTS,
                        Option.NULLABLE_FIELDS_BY_DEFAULT);
        config.forTypesInGeneral().withStringFormatResolver(scope -> {
            Class<?> raw = scope.getType().getErasedType();
            return raw == Instant.class ? "date-time" : raw == Duration.class ? "duration" : null;
        });
        // free-form JSON (ground truth, parsed answers, tool input): any value, described as such
        config.forTypesInGeneral().withCustomDefinitionProvider((javaType, context) ->
                JsonNode.class.isAssignableFrom(javaType.getErasedType())
                        ? new com.github.victools.jsonschema.generator.CustomDefinition(
                        context.getGeneratorConfig().createObjectNode().put("description", "any JSON value"),
                        com.github.victools.jsonschema.generator.CustomDefinition.DefinitionType.INLINE,
                        com.github.victools.jsonschema.generator.CustomDefinition.AttributeInclusion.NO)
                        : null);
        config.forTypesInGeneral().withAdditionalPropertiesResolver(scope -> {
            Class<?> raw = scope.getType().getErasedType();
            // a map takes any keys, its values typed as the record reads them (a template's fields are
            // TemplateFields); free-form JSON (parsed answers, ground truth, tool input) takes any keys;
            // content blocks too, because their "type" discriminator sits in a sibling allOf branch
            if (Map.class.isAssignableFrom(raw)) {
                var values = scope.getTypeParameterFor(Map.class, 1);
                return values == null || values.getErasedType() == Object.class ? Object.class : values;
            }
            return JsonNode.class.isAssignableFrom(raw)
                    || dev.assay.common.message.ContentBlock.class.isAssignableFrom(raw) ? Object.class : null;
        });
        config.forFields().withRequiredCheck(field -> field.getType().getErasedType().isPrimitive()
                || List.of("run_id", "job_id", "result_id").contains(field.getName())
                || requiredByTheRecord(field));
        // what a message's constructor refuses as missing it refuses as null too
        config.forFields().withNullableCheck(field -> requiredByTheRecord(field) ? Boolean.FALSE : null);
        config.forFields().withInstanceAttributeOverride((attributes, field, context) -> {
            if (!REQUIRED.containsKey(field.getDeclaringType().getErasedType())) {
                return;
            }
            switch (field.getSchemaPropertyName()) {
                // the one version each record reads (its SCHEMA_VERSION)
                case "schema_version" -> attributes.put("const", schemaVersion(field.getDeclaringType().getErasedType()));
                // an id the constructor finds blank is missing: at least one character that is not white space
                case "run_id", "job_id", "result_id" -> attributes.put("pattern", "\\S");
                case "replicate" -> {
                    if (field.getDeclaringType().getErasedType() == VerificationJob.class) {
                        attributes.put("minimum", 1);
                    }
                }
                default -> {
                }
            }
        });
        ObjectNode schema = new SchemaGenerator(config.build()).generateSchema(type);
        schema.put("$id", "https://assay.dev/schemas/" + type.getSimpleName() + ".schema.json");
        return schema;
    }

    private static boolean requiredByTheRecord(com.github.victools.jsonschema.generator.FieldScope field) {
        return REQUIRED.getOrDefault(field.getDeclaringType().getErasedType(), List.of()).contains(field.getSchemaPropertyName());
    }

    private static int schemaVersion(Class<?> message) {
        try {
            return message.getField("SCHEMA_VERSION").getInt(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(message.getSimpleName() + " has no public SCHEMA_VERSION", e);
        }
    }

    @Test
    void committedSchemasMatchTheRecords() throws Exception {
        boolean write = Boolean.getBoolean("assay.schemas.write");
        for (Map.Entry<String, Class<?>> entry : MESSAGES.entrySet()) {
            Path file = SCHEMA_DIR.resolve(entry.getKey() + ".schema.json");
            String generated = Json.writePretty(generate(entry.getValue())) + "\n";
            if (write) {
                Files.createDirectories(SCHEMA_DIR);
                Files.writeString(file, generated);
            }
            assertThat(file).as("%s is missing; run this test with -Dassay.schemas.write=true", file).exists();
            assertThat(Files.readString(file))
                    .as("%s is stale for %s; run this test with -Dassay.schemas.write=true and commit it", file, entry.getValue().getSimpleName())
                    .isEqualTo(generated);
        }
    }

    @Test
    void realMessagesValidateAgainstTheCommittedSchemas() throws Exception {
        Map<String, Object> samples = Map.of(
                "verification-job", Fixtures.job(),
                "answered-job", Fixtures.answered(),
                "parsed-job", Fixtures.parsed(),
                "verification-result", Fixtures.result());
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        for (Map.Entry<String, Object> sample : samples.entrySet()) {
            Schema schema = registry.getSchema(Files.readString(SCHEMA_DIR.resolve(sample.getKey() + ".schema.json")));
            List<Error> errors = schema.validate(Json.write(sample.getValue()), com.networknt.schema.InputFormat.JSON);
            assertThat(errors).as(sample.getKey()).isEmpty();
        }
    }

    @Test
    void theSchemasRejectWhatTheRecordsReject() throws Exception {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        Schema schema = registry.getSchema(Files.readString(SCHEMA_DIR.resolve("verification-job.schema.json")));
        ObjectNode job = (ObjectNode) Json.mapper().readTree(Json.write(Fixtures.job()));
        job.put("surprise", 1);
        assertThat(schema.validate(Json.write(job), com.networknt.schema.InputFormat.JSON)).isNotEmpty();
        ObjectNode noRun = (ObjectNode) Json.mapper().readTree(Json.write(Fixtures.job()));
        noRun.remove("run_id");
        assertThat(schema.validate(Json.write(noRun), com.networknt.schema.InputFormat.JSON)).isNotEmpty();
    }
}
