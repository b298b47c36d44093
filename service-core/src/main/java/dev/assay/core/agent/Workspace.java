package dev.assay.core.agent;

import dev.assay.common.port.WorkspaceSnapshot;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An answering agent's workspace for one job (docs/agents.md): a file tree in memory, capped at
 * {@code maxBytes} of UTF-8 text. In memory rather than on disk because the tree must travel: its
 * snapshot rides in the answer to the judge of another service, so nothing of it may live only on
 * the generating machine, and there is no directory to clean up after a crash.
 */
public final class Workspace {

    /** How long a path may be; longer ones are refused. */
    static final int MAX_PATH_CHARS = 256;
    /** How many files the tree may hold: the cap in bytes alone would let empty files pile up. */
    static final int MAX_FILES = 1000;

    private final long maxBytes;
    private final Map<String, String> files = new TreeMap<>();
    private long totalBytes;
    private boolean limitReached;

    public Workspace(long maxBytes) {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("workspace: max_bytes must be positive, got " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    /** A workspace holding what {@code snapshot} holds (for a judge's read-only view). */
    public static Workspace of(WorkspaceSnapshot snapshot) {
        Workspace workspace = new Workspace(Math.max(1, Math.max(snapshot.maxBytes(), snapshot.totalBytes())));
        snapshot.files().forEach(file -> workspace.files.put(file.path(), file.content()));
        workspace.totalBytes = snapshot.totalBytes();
        workspace.limitReached = snapshot.limitReached();
        return workspace;
    }

    /** The files' paths and sizes, in path order. */
    public synchronized List<WorkspaceSnapshot.File> files() {
        List<WorkspaceSnapshot.File> all = new ArrayList<>();
        files.forEach((path, content) -> all.add(new WorkspaceSnapshot.File(path, content)));
        return all;
    }

    /** The file at {@code path} (normalised), or null. */
    public synchronized String read(String path) {
        return files.get(path);
    }

    /**
     * Writes (or overwrites) the file at {@code path}.
     *
     * @throws IllegalArgumentException with the reason the model reads, when the write would take the
     *                                  workspace past its cap or its file count; nothing is written then
     */
    public synchronized void write(String path, String content) {
        String text = content == null ? "" : content;
        long size = bytes(text);
        String previous = files.get(path);
        long after = totalBytes - (previous == null ? 0 : bytes(previous)) + size;
        if (after > maxBytes) {
            limitReached = true;
            throw new IllegalArgumentException("the workspace holds at most " + maxBytes + " bytes (agent.workspace.max_bytes) and "
                    + "this write would make it " + after + " bytes; nothing was written");
        }
        if (previous == null && files.size() >= MAX_FILES) {
            limitReached = true;
            throw new IllegalArgumentException("the workspace holds at most " + MAX_FILES + " files; nothing was written");
        }
        files.put(path, text);
        totalBytes = after;
    }

    /** The tree as it is now, to travel in the answer. */
    public synchronized WorkspaceSnapshot snapshot() {
        return new WorkspaceSnapshot(files(), totalBytes, maxBytes, limitReached);
    }

    /**
     * The path a model gave, as the tree keys it: a leading {@code /} or {@code ./} dropped, {@code \}
     * read as {@code /}, empty and {@code .} segments left out.
     *
     * @throws IllegalArgumentException with the reason the model reads: a blank path, one that climbs out
     *                                  ({@code ..}), one with control characters or one too long
     */
    public static String normalise(String given) {
        if (given == null || given.isBlank()) {
            throw new IllegalArgumentException("give a path, like notes/result.md");
        }
        List<String> segments = new ArrayList<>();
        for (String segment : given.strip().replace('\\', '/').split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                throw new IllegalArgumentException("\"" + given + "\": paths stay inside the workspace; \"..\" is not allowed");
            }
            if (segment.chars().anyMatch(Character::isISOControl)) {
                throw new IllegalArgumentException("a path may not hold control characters");
            }
            segments.add(segment);
        }
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("\"" + given + "\" names no file; give a path, like notes/result.md");
        }
        String path = String.join("/", segments);
        if (path.length() > MAX_PATH_CHARS) {
            throw new IllegalArgumentException("a path may be at most " + MAX_PATH_CHARS + " characters long");
        }
        return path;
    }

    private static long bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
