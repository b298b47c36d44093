package dev.assay.generation.service;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.spec.ValidRun;
import dev.assay.generation.KafkaClients;
import dev.assay.generation.RunSource;
import dev.assay.generation.RunStatus;
import dev.assay.generation.TestRuns;
import dev.assay.generation.config.ApiConfig;
import dev.assay.generation.repository.RunEntity;
import dev.assay.generation.repository.RunRepository;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A submitted run's jobs are published after its 202, from its row: an instance that stops (or
 * crashes) midway leaves the row recording how far it got, and another instance (or the same one,
 * restarted) publishes the rest once the lease ran out, each job once. Real Kafka and PostgreSQL;
 * the instance that stops is a second {@link JobOutbox} beside the application's own.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
@TestProfile(JobOutboxTest.ShortLease.class)
class JobOutboxTest {

    /** A record of progress after every job, and a short lease, so the test does not wait long for a stopped publisher. */
    public static class ShortLease implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("assay.api.publish-lease", "2s", "assay.api.publish-checkpoint", "1");
        }
    }

    @Inject
    RunRepository runs;
    @Inject
    RunValidator validator;
    @Inject
    JobPublisher publisher;
    @Inject
    ApiConfig config;

    @Test
    void anotherInstanceGoesOnFromTheLastRecordAfterThePublisherStoppedMidwayAndPublishesEveryJobOnce() throws Exception {
        CountDownLatch thirdJob = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        // the stopping instance's publisher: the first two jobs reach the broker, then it hangs until stopped
        JobPublisher stopsAtTheThird = jobs -> {
            if (calls.incrementAndGet() == 3) {
                thirdJob.countDown();
                try {
                    new CountDownLatch(1).await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while publishing jobs", e);
                }
            }
            publisher.publish(jobs);
        };
        JobOutbox stopping = new JobOutbox(runs, validator, stopsAtTheThird, config);
        stopping.start(null);
        Instant now = RunService.now();
        String runId = RunIds.next(now);
        List<VerificationJob> jobs = accept(runId, now, stopping.leaseFrom(now));
        assertThat(jobs).hasSize(4);
        try {
            stopping.publish(runId, jobs);
            assertThat(thirdJob.await(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            stopping.stop(null);
        }
        assertThat(row(runId).jobsPublished).isEqualTo(2);

        RunEntity done = Eventually.await(Duration.ofSeconds(30), () -> row(runId), run -> run.jobsPublished == 4,
                "the application's outbox to publish the rest of " + runId);
        assertThat(done.publishingUntil).isNull();
        assertThat(done.status).isEqualTo(RunStatus.QUEUED.wireName());
        List<ConsumerRecord<String, String>> records = KafkaClients.read(Topics.JOBS,
                record -> record.value().contains("\"run_id\":\"" + runId + "\""), 4, Duration.ofSeconds(20));
        // every job of the plan, each once: two by the stopped instance, two by the application
        assertThat(records).extracting(record -> Json.read(record.value(), VerificationJob.class).jobId())
                .containsExactlyInAnyOrderElementsOf(jobs.stream().map(VerificationJob::jobId).toList());
    }

    @Test
    void aRunStillPublishingItsJobsIsNotRetriedOrExtendedMeanwhile() {
        Instant now = RunService.now();
        String runId = RunIds.next(now);
        // held by a live publisher (a lease far ahead): nobody else takes it up
        accept(runId, now, now.plus(Duration.ofHours(1)));
        given().when().post("/api/runs/" + runId + "/retry")
                .then().statusCode(409).body("errors[0]", containsString("still publishing the jobs it was submitted with (0 of 4)"));
        given().contentType("application/json").body("{\"replicates\": 2}").when().post("/api/runs/" + runId + "/extend")
                .then().statusCode(409).body("errors[0]", containsString("still publishing"));
        QuarkusTransaction.requiringNew().run(() -> runs.markFailed(runId, "test over", RunService.now()));
    }

    /** The row a submit commits before its 202: the run with its spec, no job published yet, held until {@code until}. */
    private List<VerificationJob> accept(String runId, Instant now, Instant until) {
        ValidRun valid = RunSpecs.validate(TestRuns.benchmark(), TestRuns.config()).orThrow();
        List<VerificationJob> jobs = RunPlanner.plan(runId, valid, now);
        RunEntity run = new RunEntity();
        run.runId = runId;
        run.name = "outbox";
        run.source = RunSource.API.wireName();
        run.status = RunStatus.QUEUED.wireName();
        run.jobs = jobs.size();
        run.expectedResults = jobs.size() * valid.config().judges().size();
        run.replicates = valid.config().effectiveReplicates();
        run.spec = Json.write(Map.of("benchmark", valid.benchmark(), "config", valid.config()));
        run.jobsPublished = 0;
        run.publishingUntil = until;
        run.createdAt = now;
        run.updatedAt = now;
        QuarkusTransaction.requiringNew().run(() -> runs.persist(run));
        return jobs;
    }

    private RunEntity row(String runId) {
        return QuarkusTransaction.requiringNew().call(() -> {
            RunEntity run = runs.findById(runId);
            runs.getEntityManager().detach(run);
            return run;
        });
    }
}
