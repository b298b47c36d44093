package dev.assay.common.port;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.json.FlexibleDurationDeserializer;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * An answering model that answers as an agent (docs/agents.md): a loop of model turns and tool
 * calls, with the tools of its MCP servers.
 *
 * @param maxTurns   model turns at most; reaching it ends the run and the parsing stage auto-fails it
 * @param timeout    wall-clock limit of the whole run (every turn and tool call); each model call
 *                   keeps its own {@code timeout} within it
 * @param mcpServers the servers whose tools are offered
 * @param tools      when given, only these tools (by name) are offered; null offers every tool listed
 * @param httpTools  tools declared here, each backed by an HTTP endpoint; offered after the servers' tools
 * @param workspace  a scratch file tree with the built-in file tools, snapshotted into the answer; answering agents only
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgentSettings(
        Integer maxTurns,
        @JsonDeserialize(using = FlexibleDurationDeserializer.class) Duration timeout,
        List<McpServerConfig> mcpServers,
        List<String> tools,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<HttpToolConfig> httpTools,
        WorkspaceSettings workspace) implements Validatable {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
    /** Turns a single run may be given: beyond it a misconfigured loop would only burn money. */
    public static final int MAX_TURNS_LIMIT = 500;

    public AgentSettings {
        mcpServers = mcpServers == null ? List.of() : List.copyOf(mcpServers);
        tools = tools == null ? null : List.copyOf(tools);
        httpTools = httpTools == null ? List.of() : List.copyOf(httpTools);
    }

    /** Settings with MCP servers only. */
    public AgentSettings(Integer maxTurns, Duration timeout, List<McpServerConfig> mcpServers, List<String> tools) {
        this(maxTurns, timeout, mcpServers, tools, null);
    }

    /** Settings without a workspace. */
    public AgentSettings(Integer maxTurns, Duration timeout, List<McpServerConfig> mcpServers, List<String> tools,
                         List<HttpToolConfig> httpTools) {
        this(maxTurns, timeout, mcpServers, tools, httpTools, null);
    }

    /** True when the agent works in a workspace of its own. */
    @JsonIgnore
    public boolean hasWorkspace() {
        return workspace != null && workspace.isEnabled();
    }

    /** A judge's agent block reads the answering agent's workspace and has none of its own: {@code workspace} there is an error at {@code path}. */
    public static void rejectWorkspace(AgentSettings agent, String path, String what, Problems problems) {
        if (agent != null && agent.workspace() != null) {
            problems.add(Problems.field(path, "workspace"), what + " has no workspace of its own (agentic parsing reads the "
                    + "answering agent's with judge_context workspace or trace_and_workspace)");
        }
    }

    /** Karenina's defaults for a judge's investigation (agentic parsing, agentic traits). */
    public static final int INVESTIGATION_MAX_TURNS = 15;
    public static final Duration INVESTIGATION_TIMEOUT = Duration.ofSeconds(120);

    /** {@code agent} (none: no tools) with the investigation defaults, 15 turns and 120 s, where it sets none. */
    public static AgentSettings forInvestigation(AgentSettings agent) {
        AgentSettings given = agent == null ? new AgentSettings(null, null, List.of(), null) : agent;
        return new AgentSettings(given.maxTurns() == null ? INVESTIGATION_MAX_TURNS : given.maxTurns(),
                given.timeout() == null ? INVESTIGATION_TIMEOUT : given.timeout(), given.mcpServers(), given.tools(), given.httpTools());
    }

    /** An investigation without a tool would only be a plain judge call that costs more: a config error at {@code path}. */
    public static void requireTools(AgentSettings agent, String path, String what, Problems problems) {
        if (agent == null || agent.mcpServers().isEmpty() && agent.httpTools().isEmpty()) {
            problems.add(path, what + " needs tools: give mcp_servers or http_tools");
        }
    }

    @JsonIgnore
    public int effectiveMaxTurns() {
        return maxTurns == null ? AgentConfig.DEFAULT_MAX_TURNS : maxTurns;
    }

    @JsonIgnore
    public Duration effectiveTimeout() {
        return timeout == null ? DEFAULT_TIMEOUT : timeout;
    }

    @Override
    public void validate(String path, Problems problems) {
        if (maxTurns != null && (maxTurns < 1 || maxTurns > MAX_TURNS_LIMIT)) {
            problems.add(Problems.field(path, "max_turns"), "must be between 1 and " + MAX_TURNS_LIMIT + ", got " + maxTurns);
        }
        if (timeout != null && (timeout.isZero() || timeout.isNegative())) {
            problems.add(Problems.field(path, "timeout"), "must be positive");
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < mcpServers.size(); i++) {
            String at = Problems.index(Problems.field(path, "mcp_servers"), i);
            McpServerConfig server = mcpServers.get(i);
            if (server == null) {
                problems.add(at, "is empty; give name, transport and command or url");
                continue;
            }
            server.validate(at, problems);
            if (server.name() != null && !names.add(server.name())) {
                problems.add(Problems.field(at, "name"), "\"" + server.name() + "\" names two servers; give each its own name");
            }
        }
        Set<String> toolNames = new HashSet<>();
        for (int i = 0; i < httpTools.size(); i++) {
            String at = Problems.index(Problems.field(path, "http_tools"), i);
            HttpToolConfig tool = httpTools.get(i);
            if (tool == null) {
                problems.add(at, "is empty; give name, description, input_schema and url");
                continue;
            }
            tool.validate(at, problems);
            if (tool.name() != null && !toolNames.add(tool.name())) {
                problems.add(Problems.field(at, "name"), "\"" + tool.name() + "\" names two http tools; give each its own name");
            }
        }
        if (workspace != null) {
            workspace.validate(Problems.field(path, "workspace"), problems);
        }
        if (tools != null) {
            for (int i = 0; i < tools.size(); i++) {
                problems.require(Problems.index(Problems.field(path, "tools"), i), tools.get(i));
            }
        }
    }
}
