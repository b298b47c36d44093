package dev.assay.common.port;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

/**
 * An answering agent's workspace (docs/agents.md): a scratch file tree of its own for the job,
 * with the built-in tools {@code list_files}, {@code read_file} and {@code write_file}. When the
 * job ends its files are snapshotted into the answer ({@link WorkspaceSnapshot}), so they travel in
 * the pipeline's records to the judge of another service, on another machine.
 *
 * @param enabled  give the agent a workspace (default false)
 * @param maxBytes what the workspace's files may hold together, in UTF-8 bytes (default 256 KiB, at
 *                 most 512 KiB: the snapshot rides in Kafka records, whose default limit is 1 MB)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkspaceSettings(Boolean enabled, Long maxBytes) implements Validatable {

    public static final long DEFAULT_MAX_BYTES = 256 * 1024;
    public static final long MAX_BYTES_LIMIT = 512 * 1024;

    @JsonIgnore
    public boolean isEnabled() {
        return Boolean.TRUE.equals(enabled);
    }

    @JsonIgnore
    public long effectiveMaxBytes() {
        return maxBytes == null ? DEFAULT_MAX_BYTES : maxBytes;
    }

    @Override
    public void validate(String path, Problems problems) {
        if (maxBytes != null && (maxBytes < 1 || maxBytes > MAX_BYTES_LIMIT)) {
            problems.add(Problems.field(path, "max_bytes"), "must be between 1 and " + MAX_BYTES_LIMIT
                    + " (the snapshot travels in the pipeline's records), got " + maxBytes);
        }
    }
}
