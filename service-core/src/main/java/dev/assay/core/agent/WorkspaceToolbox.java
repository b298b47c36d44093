package dev.assay.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.port.WorkspaceSnapshot;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The built-in file tools over a {@link Workspace} (docs/agents.md): {@value #LIST_FILES} and
 * {@value #READ_FILE}, and for the answering agent {@value #WRITE_FILE}. An investigating judge gets
 * the read-only pair over the answer's snapshot; the files it read are kept ({@link #filesRead}).
 * Every failure (no such file, a bad path, a full workspace) is an error result the model reads.
 */
public final class WorkspaceToolbox implements Toolbox {

    public static final String LIST_FILES = "list_files";
    public static final String READ_FILE = "read_file";
    public static final String WRITE_FILE = "write_file";

    private static final JsonNode NO_INPUT = Json.read("{\"type\":\"object\",\"properties\":{}}", JsonNode.class);
    private static final JsonNode PATH_INPUT = Json.read("""
            {"type":"object","properties":{"path":{"type":"string","description":"the file's path in the workspace, like notes/result.md"}},
             "required":["path"]}""", JsonNode.class);
    private static final JsonNode WRITE_INPUT = Json.read("""
            {"type":"object","properties":{"path":{"type":"string","description":"the file's path in the workspace, like notes/result.md"},
             "content":{"type":"string","description":"the file's whole text; an existing file is replaced"}},
             "required":["path","content"]}""", JsonNode.class);

    private final Workspace workspace;
    private final boolean writable;
    private final Set<String> filesRead = new LinkedHashSet<>();

    private WorkspaceToolbox(Workspace workspace, boolean writable) {
        this.workspace = workspace;
        this.writable = writable;
    }

    /** The answering agent's tools: list, read and write. */
    public static WorkspaceToolbox writable(Workspace workspace) {
        return new WorkspaceToolbox(workspace, true);
    }

    /** A judge's tools over the answer's snapshot: list and read. */
    public static WorkspaceToolbox readOnly(WorkspaceSnapshot snapshot) {
        return new WorkspaceToolbox(Workspace.of(snapshot), false);
    }

    /** The names of the built-in tools, so a server's tool of the same name can be left out. */
    public static Set<String> names() {
        return Set.of(LIST_FILES, READ_FILE, WRITE_FILE);
    }

    @Override
    public List<ToolDefinition> tools() {
        List<ToolDefinition> tools = new ArrayList<>();
        tools.add(new ToolDefinition(LIST_FILES, writable
                ? "Lists the files in your workspace, with their sizes in bytes."
                : "Lists the files the answering agent left in its workspace, with their sizes in bytes.", NO_INPUT));
        tools.add(new ToolDefinition(READ_FILE, writable
                ? "Reads a file of your workspace."
                : "Reads a file the answering agent left in its workspace.", PATH_INPUT));
        if (writable) {
            tools.add(new ToolDefinition(WRITE_FILE, "Writes a text file to your workspace (creating or replacing it). "
                    + "The workspace's files are kept with your answer.", WRITE_INPUT));
        }
        return tools;
    }

    @Override
    public synchronized ToolOutcome call(String name, JsonNode input) {
        try {
            return switch (name) {
                case LIST_FILES -> list();
                case READ_FILE -> read(input);
                case WRITE_FILE -> writable ? write(input) : ToolOutcome.error("the workspace is read-only here; "
                        + "the tools are: " + LIST_FILES + ", " + READ_FILE);
                default -> ToolOutcome.error("no workspace tool named \"" + name + "\"");
            };
        } catch (IllegalArgumentException e) {
            return ToolOutcome.error(name + " failed: " + e.getMessage());
        }
    }

    /** The files read, in the order they were first read. */
    public synchronized List<String> filesRead() {
        return List.copyOf(filesRead);
    }

    @Override
    public void close() {
        // the workspace outlives the run: its snapshot is taken when the job ends
    }

    private ToolOutcome list() {
        List<WorkspaceSnapshot.File> files = workspace.files();
        if (files.isEmpty()) {
            return new ToolOutcome("The workspace is empty.", false);
        }
        StringBuilder listing = new StringBuilder();
        files.forEach(file -> listing.append(file.path()).append(" (").append(file.bytes()).append(" bytes)\n"));
        return new ToolOutcome(listing.toString().stripTrailing(), false);
    }

    private ToolOutcome read(JsonNode input) {
        String path = Workspace.normalise(text(input, "path"));
        String content = workspace.read(path);
        if (content == null) {
            return ToolOutcome.error("read_file failed: no file \"" + path + "\" in the workspace; list_files shows what there is");
        }
        filesRead.add(path);
        return new ToolOutcome(content, false);
    }

    private ToolOutcome write(JsonNode input) {
        String path = Workspace.normalise(text(input, "path"));
        JsonNode content = input == null ? null : input.get("content");
        if (content == null || !content.isTextual()) {
            throw new IllegalArgumentException("give the file's text as \"content\", a string");
        }
        workspace.write(path, content.asText());
        return new ToolOutcome("wrote " + path, false);
    }

    private static String text(JsonNode input, String field) {
        JsonNode value = input == null ? null : input.get(field);
        return value == null || !value.isTextual() ? null : value.asText();
    }
}
