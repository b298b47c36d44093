package dev.assay.core.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.CommittedSchemas;
import dev.assay.common.pipeline.Fixtures;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The published schemas are exactly as strict as the services (docs/messaging.md#the-contract): each
 * change of a valid record is judged by the committed JSON Schema and by {@link RecordReader}, the
 * services' decoder, and both give the same verdict, the one the table expects.
 */
class RecordContractTest {

    /** A record type, its schema's name and a valid record of it. */
    enum Kind {
        JOB("verification-job", VerificationJob.class, Fixtures::job),
        ANSWERED("answered-job", AnsweredJob.class, Fixtures::answered),
        PARSED("parsed-job", ParsedJob.class, Fixtures::parsed),
        RESULT("verification-result", VerificationResult.class, Fixtures::result);

        final String schema;
        final Class<?> type;
        final Supplier<Object> valid;

        Kind(String schema, Class<?> type, Supplier<Object> valid) {
            this.schema = schema;
            this.type = type;
            this.valid = valid;
        }
    }

    /** {@code path} (dot-separated) set to {@code value} (a JSON text), or removed when {@code value} is null. */
    record Mutation(Kind kind, String path, String value, boolean accepted) {
        @Override
        public String toString() {
            return kind + " " + path + (value == null ? " removed" : " = " + value) + (accepted ? " → accepted" : " → rejected");
        }
    }

    static Stream<Mutation> mutations() {
        return Stream.of(
                // the record as the pipeline writes it
                ok(Kind.JOB, null, null), ok(Kind.ANSWERED, null, null), ok(Kind.PARSED, null, null), ok(Kind.RESULT, null, null),
                // schema_version: one version, required
                no(Kind.JOB, "schema_version", "2"), no(Kind.JOB, "schema_version", "0"), no(Kind.JOB, "schema_version", null),
                no(Kind.JOB, "schema_version", "null"),
                no(Kind.ANSWERED, "schema_version", "2"), no(Kind.PARSED, "schema_version", "7"), no(Kind.RESULT, "schema_version", "2"),
                no(Kind.ANSWERED, "job.schema_version", "2"), no(Kind.PARSED, "answered.job.schema_version", "2"),
                // ids: required, not null, not blank
                no(Kind.JOB, "run_id", null), no(Kind.JOB, "run_id", "null"), no(Kind.JOB, "run_id", "\"\""), no(Kind.JOB, "run_id", "\"  \""),
                no(Kind.JOB, "job_id", null), no(Kind.JOB, "job_id", "null"), no(Kind.JOB, "job_id", "\"\""),
                no(Kind.ANSWERED, "run_id", "null"), no(Kind.ANSWERED, "job_id", null), no(Kind.ANSWERED, "job.job_id", "null"),
                no(Kind.PARSED, "result_id", null), no(Kind.PARSED, "result_id", "\" \""), no(Kind.PARSED, "job_id", "null"),
                no(Kind.RESULT, "result_id", "null"), no(Kind.RESULT, "job_id", null), no(Kind.RESULT, "run_id", "\"\""),
                // a job's question and answering model, a replicate from 1
                no(Kind.JOB, "question", null), no(Kind.JOB, "question", "null"),
                no(Kind.JOB, "answering_model", null), no(Kind.JOB, "answering_model", "null"),
                no(Kind.JOB, "replicate", "0"), no(Kind.JOB, "replicate", null),
                ok(Kind.JOB, "replicate", "3"),
                // the parts each later record carries
                no(Kind.ANSWERED, "job", null), no(Kind.ANSWERED, "generation", "null"),
                no(Kind.PARSED, "answered", null), no(Kind.PARSED, "judge", "null"), no(Kind.PARSED, "parsing", null),
                no(Kind.RESULT, "status", null), no(Kind.RESULT, "status", "\"fine\""),
                // unknown fields, anywhere
                no(Kind.JOB, "surprise", "1"), no(Kind.JOB, "question.surprise", "1"), no(Kind.RESULT, "surprise", "true"),
                // template fields are typed
                no(Kind.JOB, "question.template.fields.city.type", "\"colour\""),
                no(Kind.JOB, "question.template.fields.city.colour", "\"red\""),
                no(Kind.JOB, "question.template.fields.city", "\"a string\""),
                ok(Kind.JOB, "question.template.fields.city.type", "\"literal\""),
                // what is optional stays optional
                ok(Kind.JOB, "judges", null), ok(Kind.JOB, "settings", null), ok(Kind.JOB, "created_at", null),
                ok(Kind.JOB, "manual_answer", "\"Paris.\""), ok(Kind.RESULT, "question", null), ok(Kind.RESULT, "keywords", null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mutations")
    void theSchemaAndTheServiceGiveTheSameVerdict(Mutation mutation) throws Exception {
        ObjectNode record = (ObjectNode) Json.mapper().readTree(Json.write(mutation.kind().valid.get()));
        if (mutation.path() != null) {
            apply(record, mutation.path(), mutation.value());
        }
        String json = Json.write(record);

        List<String> schemaProblems = CommittedSchemas.problems(mutation.kind().schema, json);
        String readerProblem = null;
        try {
            RecordReader.read(json, mutation.kind().type);
        } catch (UnreadableRecordException e) {
            readerProblem = e.getMessage();
        }

        assertThat(schemaProblems.isEmpty())
                .as("%s: the schema says %s, the service says %s", mutation, schemaProblems, readerProblem)
                .isEqualTo(readerProblem == null)
                .isEqualTo(mutation.accepted());
    }

    private static void apply(ObjectNode record, String path, String value) throws Exception {
        String[] parts = path.split("\\.");
        ObjectNode parent = record;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode next = parent.get(parts[i]);
            assertThat(next).as("%s: the valid record has no object at %s", path, parts[i]).isInstanceOf(ObjectNode.class);
            parent = (ObjectNode) next;
        }
        String last = parts[parts.length - 1];
        if (value == null) {
            assertThat(parent.has(last)).as("%s: the valid record has nothing to remove", path).isTrue();
            parent.remove(last);
        } else {
            parent.set(last, Json.mapper().readTree(value));
        }
    }

    private static Mutation ok(Kind kind, String path, String value) {
        return new Mutation(kind, path, value, true);
    }

    private static Mutation no(Kind kind, String path, String value) {
        return new Mutation(kind, path, value, false);
    }
}
