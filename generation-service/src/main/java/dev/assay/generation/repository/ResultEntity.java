package dev.assay.generation.repository;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A row of {@code results}: the full {@code VerificationResult} as JSON, plus the columns the API
 * filters and sums on. Written only by {@link ResultRepository#upsert}, so a redelivery updates the row.
 */
@Entity
@Table(name = "results")
public class ResultEntity extends PanacheEntityBase {

    @Id
    @Column(name = "result_id")
    public String resultId;

    @Column(name = "run_id")
    public String runId;

    @Column(name = "job_id")
    public String jobId;

    @Column(name = "question_id")
    public String questionId;

    @Column(name = "answering_model")
    public String answeringModel;

    public String judge;

    public int replicate;

    /** The result status' wire name ({@code passed}, {@code failed}, {@code scored}, {@code abstained}, {@code insufficient}, {@code error}). */
    public String status;

    @Column(name = "input_tokens")
    public Long inputTokens;

    @Column(name = "output_tokens")
    public Long outputTokens;

    @Column(name = "total_tokens")
    public Long totalTokens;

    @Column(name = "cost_usd")
    public BigDecimal costUsd;

    @Column(name = "completed_at")
    public Instant completedAt;

    @Column(name = "stored_at")
    public Instant storedAt;

    @Column(name = "updated_at")
    public Instant updatedAt;

    public int deliveries;

    @JdbcTypeCode(SqlTypes.JSON)
    public String result;
}
