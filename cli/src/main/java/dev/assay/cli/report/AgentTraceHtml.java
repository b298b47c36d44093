package dev.assay.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An agent's run (a result's {@code agent}: docs/agents.md) as HTML, turn by turn: the prompt,
 * then each model turn — its text, its thinking, the tools it called with their arguments — and
 * each tool's result under the call it answers, errors marked. Self-contained (its markup and the
 * classes it uses, {@link #STYLE}), so any page showing results can use it.
 */
public final class AgentTraceHtml {

    /** The styles the markup uses. */
    public static final String STYLE = """
            .agent .turn{border-left:3px solid #4f7bd9;padding-left:.5rem;margin:.5rem 0}
            .agent .tool-result{border-left:3px solid #1a7f37;padding-left:.5rem;margin:.25rem 0 .25rem 1rem}
            .agent .tool-result.tool-error{border-left-color:#cf222e}
            .agent .prompt{border-left:3px solid #6e6e73;padding-left:.5rem;margin:.5rem 0}
            """;

    private static final ObjectMapper PRETTY = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private AgentTraceHtml() {
    }

    /** The run as a fold; empty for a result without one. */
    public static String render(JsonNode agent) {
        return render(agent, "Agent trace", true);
    }

    /** A run under another title (a judge's investigation), folded open or not; empty without one. */
    public static String render(JsonNode agent, String title, boolean open) {
        if (agent == null || agent.isNull() || !agent.isObject()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        int turns = agent.path("turns").asInt();
        boolean cutOff = agent.path("limit_reached").asBoolean(false);
        out.append("<details class=\"agent\"").append(open ? " open" : "").append("><summary><strong>").append(Html.escape(title))
                .append("</strong> <span class=\"muted\">")
                .append(turns).append(turns == 1 ? " turn" : " turns");
        String actualModel = agent.path("actual_model").asText(null);
        if (actualModel != null) {
            out.append(", model ").append(Html.escape(actualModel));
        }
        out.append("</span>");
        if (cutOff) {
            out.append(" <span class=\"error\">stopped at its turn limit</span>");
        }
        out.append("</summary>\n");
        Map<String, String> toolNames = new HashMap<>();
        int turn = 0;
        for (JsonNode message : agent.path("trace_messages")) {
            String role = message.path("role").asText();
            switch (role) {
                case "assistant" -> {
                    turn++;
                    out.append("<div class=\"turn\"><span class=\"role\">turn ").append(turn).append(" · assistant</span>\n");
                    for (JsonNode block : message.path("content")) {
                        assistantBlock(out, block, toolNames);
                    }
                    out.append("</div>\n");
                }
                case "tool" -> {
                    for (JsonNode block : message.path("content")) {
                        toolResult(out, block, toolNames);
                    }
                }
                default -> {
                    out.append("<div class=\"prompt\"><span class=\"role\">").append(Html.escape(role)).append("</span>\n<pre>")
                            .append(Html.escape(text(message.path("content")))).append("</pre></div>\n");
                }
            }
        }
        workspace(out, agent.path("workspace"));
        JsonNode read = agent.path("workspace_files_read");
        if (read.isArray()) {
            List<String> paths = new ArrayList<>();
            read.forEach(path -> paths.add(path.asText()));
            out.append("<div class=\"prompt\"><span class=\"role\">workspace files read</span> ")
                    .append(paths.isEmpty() ? "none" : Html.escape(String.join(", ", paths))).append("</div>\n");
        }
        out.append("</details>\n");
        return out.toString();
    }

    /** The answering agent's workspace as its job left it: each file folded, under its path and size. */
    private static void workspace(StringBuilder out, JsonNode workspace) {
        if (!workspace.isObject()) {
            return;
        }
        JsonNode files = workspace.path("files");
        out.append("<div class=\"prompt\"><span class=\"role\">workspace · ").append(files.size())
                .append(files.size() == 1 ? " file, " : " files, ").append(workspace.path("total_bytes").asLong()).append(" of ")
                .append(workspace.path("max_bytes").asLong()).append(" bytes</span>");
        if (workspace.path("limit_reached").asBoolean(false)) {
            out.append(" <span class=\"error\">a write was refused at the size limit</span>");
        }
        out.append('\n');
        for (JsonNode file : files) {
            String content = file.path("content").asText();
            out.append("<details><summary>").append(Html.escape(file.path("path").asText())).append(" <span class=\"muted\">")
                    .append(content.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).append(" bytes</span></summary><pre>")
                    .append(Html.escape(content)).append("</pre></details>\n");
        }
        out.append("</div>\n");
    }

    private static void assistantBlock(StringBuilder out, JsonNode block, Map<String, String> toolNames) {
        switch (block.path("type").asText()) {
            case "text" -> {
                if (!block.path("text").asText().isEmpty()) {
                    out.append("<pre>").append(Html.escape(block.path("text").asText())).append("</pre>\n");
                }
            }
            case "thinking" -> out.append("<details><summary class=\"muted\">thinking</summary><pre>")
                    .append(Html.escape(block.path("thinking").asText())).append("</pre></details>\n");
            case "tool_use" -> {
                String id = block.path("id").asText();
                String name = block.path("name").asText();
                toolNames.put(id, name);
                out.append("<p>→ calls <code>").append(Html.escape(name)).append("</code> <span class=\"muted\">(")
                        .append(Html.escape(id)).append(")</span></p>\n<pre>").append(Html.escape(pretty(block.path("input"))))
                        .append("</pre>\n");
            }
            default -> out.append("<pre>").append(Html.escape(pretty(block))).append("</pre>\n");
        }
    }

    private static void toolResult(StringBuilder out, JsonNode block, Map<String, String> toolNames) {
        String id = block.path("tool_use_id").asText();
        boolean error = block.path("is_error").asBoolean(false);
        out.append("<div class=\"tool-result").append(error ? " tool-error" : "").append("\"><span class=\"role\">← ")
                .append(Html.escape(toolNames.getOrDefault(id, "tool"))).append(error ? " failed" : " answered")
                .append("</span> <span class=\"muted\">(").append(Html.escape(id)).append(")</span>\n<pre")
                .append(error ? " class=\"error\"" : "").append(">").append(Html.escape(block.path("content").asText()))
                .append("</pre></div>\n");
    }

    private static String text(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode block : content) {
            if (!text.isEmpty()) {
                text.append('\n');
            }
            text.append(block.has("text") ? block.path("text").asText() : pretty(block));
        }
        return text.toString();
    }

    private static String pretty(JsonNode node) {
        try {
            return PRETTY.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            return node.toString();
        }
    }
}
