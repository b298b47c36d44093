package dev.assay.common.pipeline;

import dev.assay.common.json.Json;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.spec.ValidRun;
import dev.assay.common.validation.SpecDocument;
import dev.assay.common.validation.Validation;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every example under examples/ (each benchmark with each of its run configs), planned into jobs as
 * a run submitted through the API is, gives records the committed schemas accept: its jobs, and an
 * answered, parsed and result record carrying each (docs/messaging.md#the-contract).
 */
class ExampleRecordsMatchTheSchemasTest {

    /** The YAML files of an example folder that are not run configs. */
    private static final Set<String> NOT_RUN_CONFIGS = Set.of("benchmark.yaml", "demo-model.yaml");

    @Test
    void everyExamplesRecordsValidate() throws IOException {
        Path examples = CommittedSchemas.directory().getParent().getParent().resolve("examples");
        List<String> checked = new ArrayList<>();
        try (Stream<Path> folders = Files.list(examples)) {
            for (Path folder : folders.filter(dir -> Files.exists(dir.resolve("benchmark.yaml"))).sorted().toList()) {
                for (Path config : runConfigs(folder)) {
                    String name = examples.relativize(config).toString();
                    Validation<ValidRun> valid = RunSpecs.validate(SpecDocument.file(folder.resolve("benchmark.yaml")), SpecDocument.file(config));
                    assertThat(valid.problems()).as(name).isEmpty();
                    List<VerificationJob> jobs = RunPlanner.plan("run-example", valid.orThrow(), Instant.EPOCH);
                    assertThat(jobs).as(name).isNotEmpty();
                    for (VerificationJob job : jobs) {
                        assertValid(name + " job " + job.question().id(), Topics.JOBS, job);
                        AnsweredJob answered = AnsweredJob.of(job, new GenerationOutcome(
                                job.manualAnswer() == null ? "an answer" : job.manualAnswer(), List.of(), null, 1, null));
                        assertValid(name + " answered " + job.question().id(), Topics.ANSWERS, answered);
                        for (var judge : job.judges()) {
                            ParsedJob parsed = ParsedJob.of(answered, judge, ParsingOutcome.builder().latencyMs(1).build());
                            assertValid(name + " parsed " + job.question().id(), Topics.PARSED, parsed);
                            assertValid(name + " result " + job.question().id(), Topics.RESULTS,
                                    VerificationResult.assemble(parsed, null, Instant.EPOCH));
                        }
                    }
                    checked.add(name);
                }
            }
        }
        // the four examples and the agent's recorded traces: a folder gone or renamed shows here
        assertThat(checked).contains("quickstart/run.yaml", "lve/run.yaml", "rag/run.yaml", "agent/run.yaml",
                "agent/manual-traces.yaml");
    }

    private static void assertValid(String what, String topic, Object record) {
        assertThat(CommittedSchemas.problemsOnTopic(topic, Json.write(record))).as(what).isEmpty();
    }

    private static List<Path> runConfigs(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".yaml"))
                    .filter(file -> !NOT_RUN_CONFIGS.contains(file.getFileName().toString())).sorted().toList();
        }
    }
}
