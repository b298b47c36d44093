package dev.assay.common.port;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The files an answering agent left in its workspace when its job ended (docs/agents.md): carried
 * in the answer ({@code agent.workspace}), so an investigating judge of another service can read them.
 *
 * @param files        every file, by path, in path order
 * @param totalBytes   what the files hold together, in UTF-8 bytes
 * @param maxBytes     the workspace's cap ({@code agent.workspace.max_bytes})
 * @param limitReached true when a write was refused because it would have taken the workspace past
 *                     {@code maxBytes}: the files are what fitted, the refused writes are in the trace
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record WorkspaceSnapshot(List<File> files, long totalBytes, long maxBytes, boolean limitReached) {

    public WorkspaceSnapshot {
        files = files == null ? List.of() : List.copyOf(files);
        if (totalBytes < 0 || maxBytes < 0) {
            throw new IllegalArgumentException("workspace snapshot: sizes must not be negative");
        }
    }

    /** One file: its path in the workspace ({@code notes/genes.md}) and its text. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record File(String path, String content) {
        public File {
            if (path == null || path.isBlank()) {
                throw new IllegalArgumentException("workspace file: path is required");
            }
            content = content == null ? "" : content;
        }

        public long bytes() {
            return content.getBytes(StandardCharsets.UTF_8).length;
        }
    }

    public Optional<File> file(String path) {
        return files.stream().filter(file -> file.path().equals(path)).findFirst();
    }
}
