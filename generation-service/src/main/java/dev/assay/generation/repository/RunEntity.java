package dev.assay.generation.repository;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Basic;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** A row of {@code runs}: the run registry (schema in {@code db/migration}). */
@Entity
@Table(name = "runs")
public class RunEntity extends PanacheEntityBase {

    @Id
    @Column(name = "run_id")
    public String runId;

    public String name;

    /** {@code api} or {@code kafka} ({@link dev.assay.generation.RunSource}). */
    public String source;

    /** {@code queued}, {@code running}, {@code completed} or {@code failed} ({@link dev.assay.generation.RunStatus}). */
    public String status;

    public Integer jobs;

    @Column(name = "expected_results")
    public Integer expectedResults;

    @Column(name = "stored_results")
    public int storedResults;

    public String error;

    /** How often each question is asked of each answering model; null for a run first seen on Kafka. */
    public Integer replicates;

    /**
     * The validated benchmark and run config as JSON, as submitted or extended: what a retry or an extension plans the jobs from, and what the viewer's matrix shows.
     * Read only when used (Quarkus enhances the entity): it grows with the benchmark (about 100 bytes a question), and
     * the run's summary, read for every progress event and runs page, needs none of it.
     */
    @Basic(fetch = FetchType.LAZY)
    @JdbcTypeCode(SqlTypes.JSON)
    public String spec;

    /**
     * The plan's first jobs the broker has acknowledged, while a submitted run's jobs are published
     * after its 202 (V5); null when there is nothing to publish here.
     */
    @Column(name = "jobs_published")
    public Integer jobsPublished;

    /** Until when the instance publishing the run's jobs holds it; null once they are published. */
    @Column(name = "publishing_until")
    public Instant publishingUntil;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "updated_at")
    public Instant updatedAt;

    @Column(name = "finished_at")
    public Instant finishedAt;
}
