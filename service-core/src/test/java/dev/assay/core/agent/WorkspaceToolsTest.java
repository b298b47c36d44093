package dev.assay.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.ToolDefinition;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The workspace's built-in tools beside a server's and the declared http tools: names, the filter, paths. */
class WorkspaceToolsTest {

    /** Tools named {@code names}, each answering with its own name. */
    private static Toolbox named(String... names) {
        return new Toolbox() {
            @Override
            public List<ToolDefinition> tools() {
                return java.util.Arrays.stream(names).map(name -> new ToolDefinition(name, "", null)).toList();
            }

            @Override
            public ToolOutcome call(String name, JsonNode input) {
                return new ToolOutcome("server " + name, false);
            }

            @Override
            public void close() {
            }
        };
    }

    private static JsonNode json(String text) {
        return Json.read(text, JsonNode.class);
    }

    @Test
    void theBuiltInToolsComeFirstWinOverAServersToolOfTheirNameAndTheFilterLeavesThem() {
        WorkspaceToolbox files = WorkspaceToolbox.writable(new Workspace(100));
        CombinedToolbox tools = CombinedToolbox.of(files, named("read_file", "lookup", "add"), Toolbox.EMPTY, List.of("lookup"));

        assertThat(tools.tools()).extracting(ToolDefinition::name).containsExactly("list_files", "read_file", "write_file", "lookup");
        tools.call("write_file", json("{\"path\": \"a.md\", \"content\": \"hello\"}"));
        assertThat(tools.call("read_file", json("{\"path\": \"a.md\"}")).content()).isEqualTo("hello");
        assertThat(tools.call("lookup", json("{}")).content()).isEqualTo("server lookup");
    }

    @Test
    void anHttpToolMayNotTakeABuiltInName() {
        assertThatThrownBy(() -> CombinedToolbox.of(WorkspaceToolbox.writable(new Workspace(100)), Toolbox.EMPTY, named("list_files"), null))
                .isInstanceOf(PortExecutionException.class)
                .hasMessageContaining("\"list_files\" is also the name of a built-in tool of the workspace");
    }

    @Test
    void pathsAreNormalisedAndKeptInsideTheWorkspace() {
        assertThat(Workspace.normalise("/notes//./gene.md")).isEqualTo("notes/gene.md");
        assertThat(Workspace.normalise("notes\\gene.md")).isEqualTo("notes/gene.md");
        assertThatThrownBy(() -> Workspace.normalise("notes/../../x")).hasMessageContaining("\"..\" is not allowed");
        assertThatThrownBy(() -> Workspace.normalise(" ")).hasMessageContaining("give a path");
        WorkspaceToolbox files = WorkspaceToolbox.writable(new Workspace(100));
        Toolbox.ToolOutcome missing = files.call("read_file", json("{\"path\": \"nothing.md\"}"));
        assertThat(missing.isError()).isTrue();
        assertThat(missing.content()).contains("no file \"nothing.md\"");
        assertThat(files.call("write_file", json("{\"path\": \"a.md\"}")).content()).contains("give the file's text as \"content\"");
    }

    @Test
    void overwritingAFileCountsItsNewSizeNotBoth() {
        Workspace workspace = new Workspace(10);
        workspace.write("a", "12345678");
        workspace.write("a", "87654321");
        assertThat(workspace.snapshot().totalBytes()).isEqualTo(8);
        assertThat(workspace.snapshot().limitReached()).isFalse();
    }
}
