package dev.assay.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.ToolDefinition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The built-in tools (an agent's workspace), the tools of its MCP servers and its http tools as one
 * toolbox, the model's tool filter applied to the servers' and http tools: each call goes to the
 * toolbox that offers the tool.
 */
final class CombinedToolbox implements Toolbox {

    private final List<Toolbox> parts;
    private final Map<String, Toolbox> owners;
    private final List<ToolDefinition> tools;

    private CombinedToolbox(List<Toolbox> parts, Map<String, Toolbox> owners, List<ToolDefinition> tools) {
        this.parts = parts;
        this.owners = owners;
        this.tools = tools;
    }

    static CombinedToolbox of(Toolbox mcp, Toolbox http, List<String> filter) {
        return of(Toolbox.EMPTY, mcp, http, filter);
    }

    /**
     * @param builtIn the built-in tools, offered first and always (the filter does not apply to them); a
     *               server's tool of the same name is left out, as a later server's is
     * @param mcp    the servers' tools
     * @param http   the declared http tools
     * @param filter the tools to offer by name; null offers all
     * @throws PortExecutionException when an http tool takes a server tool's name or the filter names a tool nobody offers
     */
    static CombinedToolbox of(Toolbox builtIn, Toolbox mcp, Toolbox http, List<String> filter) {
        Map<String, Toolbox> builtIns = new LinkedHashMap<>();
        Map<String, Toolbox> owners = new LinkedHashMap<>();
        Map<String, ToolDefinition> definitions = new LinkedHashMap<>();
        for (ToolDefinition tool : builtIn.tools()) {
            builtIns.put(tool.name(), builtIn);
            definitions.put(tool.name(), tool);
        }
        for (ToolDefinition tool : mcp.tools()) {
            if (!builtIns.containsKey(tool.name())) {
                owners.put(tool.name(), mcp);
                definitions.put(tool.name(), tool);
            }
        }
        for (ToolDefinition tool : http.tools()) {
            if (builtIns.containsKey(tool.name())) {
                throw PortExecutionException.permanent("agent.http_tools: \"" + tool.name()
                        + "\" is also the name of a built-in tool of the workspace; give the http tool another name");
            }
            if (owners.containsKey(tool.name())) {
                throw PortExecutionException.permanent("agent.http_tools: \"" + tool.name()
                        + "\" is also the name of a tool of an mcp server; give the http tool another name");
            }
            owners.put(tool.name(), http);
            definitions.put(tool.name(), tool);
        }
        if (filter != null) {
            if (owners.isEmpty() && !filter.isEmpty()) {
                throw PortExecutionException.permanent("agent.tools names " + filter + " but the agent has no mcp_servers or http_tools");
            }
            Set<String> unknown = new TreeSet<>(filter);
            unknown.removeAll(owners.keySet());
            unknown.removeAll(builtIns.keySet());
            if (!unknown.isEmpty()) {
                throw PortExecutionException.permanent("agent.tools names " + String.join(", ", unknown)
                        + ", which no mcp server or http tool offers; they offer: " + String.join(", ", owners.keySet()));
            }
            Set<String> kept = new LinkedHashSet<>(filter);
            owners.keySet().retainAll(kept);
        }
        Map<String, Toolbox> all = new LinkedHashMap<>(builtIns);
        all.putAll(owners);
        List<ToolDefinition> offered = new ArrayList<>();
        all.keySet().forEach(name -> offered.add(definitions.get(name)));
        return new CombinedToolbox(List.of(builtIn, mcp, http), Map.copyOf(all), List.copyOf(offered));
    }

    @Override
    public List<ToolDefinition> tools() {
        return tools;
    }

    @Override
    public ToolOutcome call(String name, JsonNode input) {
        Toolbox owner = owners.get(name);
        if (owner == null) {
            return ToolOutcome.error("no tool named \"" + name + "\"; the tools are: "
                    + String.join(", ", tools.stream().map(ToolDefinition::name).toList()));
        }
        return owner.call(name, input);
    }

    @Override
    public void close() {
        parts.forEach(Toolbox::close);
    }
}
