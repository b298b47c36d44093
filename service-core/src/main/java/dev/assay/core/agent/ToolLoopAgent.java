package dev.assay.core.agent;

import dev.assay.common.message.ContentBlock;
import dev.assay.common.message.Message;
import dev.assay.common.message.TextBlock;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.port.AgentConfig;
import dev.assay.common.port.AgentPort;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.AgentTrace;
import dev.assay.common.port.HttpToolConfig;
import dev.assay.common.port.McpServerConfig;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.PortException;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.PortTimeoutException;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.port.UsageMetadata;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.Deadline;
import dev.assay.core.llm.ModelCallException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An agent over any adapter that offers tools ({@code LlmPort.invoke(messages, tools)}): the model
 * answers or asks for tools; each tool is called and its result put back; until the model answers
 * with no tool call, {@code max_turns} model turns have been taken, or the run's deadline passes.
 *
 * <p>Each model turn is one gateway call (the model's {@code max_concurrency}, Retry-After and
 * per-call timeout apply to it, and it is recorded); tool calls are bounded by what is left of the
 * run's deadline. A tool's failure goes back to the model as an error result; a model call that
 * fails for good ends the run with the retry placeholder as the trace's last message.
 *
 * <p>{@code AgentConfig.extra} may carry {@value #TOOL_FILTER}: the names of the tools to offer, and
 * {@value #HTTP_TOOLS}: the tools the run config declares with an HTTP endpoint ({@link HttpToolConfig}s).
 */
public final class ToolLoopAgent implements AgentPort {

    /** The {@code extra} key of the tool filter: a list of tool names. */
    public static final String TOOL_FILTER = "tools";
    /** The {@code extra} key of the declared http tools: a list of {@link HttpToolConfig}. */
    public static final String HTTP_TOOLS = "http_tools";

    private final AgentTurn turn;
    private final ToolConnector connector;
    private final PortCapabilities capabilities;
    private final String model;

    public ToolLoopAgent(AgentTurn turn, McpConnector connector, PortCapabilities capabilities, String model) {
        this(turn, new ToolConnector(connector), capabilities, model);
    }

    public ToolLoopAgent(AgentTurn turn, ToolConnector connector, PortCapabilities capabilities, String model) {
        this.turn = turn;
        this.connector = connector;
        this.capabilities = capabilities;
        this.model = model;
    }

    @Override
    public PortCapabilities capabilities() {
        return capabilities;
    }

    /**
     * @throws AgentRunException when the run ended without an answer, with the trace so far
     */
    @Override
    public AgentResult run(List<Message> messages, List<ToolDefinition> tools, List<McpServerConfig> mcpServers,
                           AgentConfig config) {
        return run(messages, tools, mcpServers, config, Toolbox.EMPTY);
    }

    /**
     * As {@link #run(List, List, List, AgentConfig)}, with built-in tools offered first (a workspace's
     * file tools, {@link WorkspaceToolbox}); they outlive the run, so closing it leaves them as they are.
     *
     * @throws AgentRunException when the run ended without an answer, with the trace so far
     */
    public AgentResult run(List<Message> messages, List<ToolDefinition> tools, List<McpServerConfig> mcpServers,
                           AgentConfig config, Toolbox builtIn) {
        Run run = new Run(messages, config);
        if (!tools.isEmpty()) {
            // tools without an executor would be offered and never answered
            throw run.failed(PortExecutionException.permanent("tools given without an MCP server or an http endpoint to run them "
                    + "are not supported; declare them as agent.http_tools"));
        }
        Toolbox toolbox;
        try {
            toolbox = connector.open(builtIn, mcpServers, httpTools(config), toolFilter(config), run.remaining());
        } catch (PortException e) {
            throw run.failed(e);
        }
        try (toolbox) {
            return run.loop(toolbox);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<HttpToolConfig> httpTools(AgentConfig config) {
        Object tools = config.extra().get(HTTP_TOOLS);
        return tools instanceof List<?> list ? (List<HttpToolConfig>) list : List.of();
    }

    @SuppressWarnings("unchecked")
    private static List<String> toolFilter(AgentConfig config) {
        Object filter = config.extra().get(TOOL_FILTER);
        return filter instanceof List<?> names ? (List<String>) names : null;
    }

    /** One run's state: the trace as it grows, turns and usage. */
    private final class Run {

        private final AgentConfig config;
        private final List<Message> trace;
        private final long deadlineNanos;
        private final Duration timeout;
        private UsageMetadata usage = UsageMetadata.EMPTY;
        private int turns;
        private String actualModel;

        Run(List<Message> messages, AgentConfig config) {
            this.config = config;
            this.trace = new ArrayList<>(messages);
            this.timeout = config.timeout() == null ? Duration.ofMinutes(10) : config.timeout();
            this.deadlineNanos = System.nanoTime() + timeout.toNanos();
        }

        AgentResult loop(Toolbox toolbox) {
            List<ToolDefinition> offered = toolbox.tools();
            while (turns < config.maxTurns()) {
                if (remaining().isZero()) {
                    throw failed(overDeadline());
                }
                Completion completion;
                try {
                    completion = turn.take(List.copyOf(trace), offered);
                } catch (ModelCallException e) {
                    trace.add(AgentTrace.retryExhausted(e.portError().getMessage()));
                    usage = usage.plus(e.usage());
                    throw failed(e.portError());
                }
                turns++;
                usage = usage.plus(completion.usage());
                if (completion.usage().model() != null) {
                    actualModel = completion.usage().model();
                }
                trace.add(assistant(completion));
                if (completion.toolCalls().isEmpty()) {
                    return result(completion.content(), false);
                }
                for (ToolUseBlock call : completion.toolCalls()) {
                    Toolbox.ToolOutcome outcome = callTool(toolbox, call);
                    trace.add(Message.toolResult(call.id(), outcome.content(), outcome.isError()));
                }
            }
            // the model still wanted tools when its turns ran out
            return result(lastAssistantText(), true);
        }

        private Toolbox.ToolOutcome callTool(Toolbox toolbox, ToolUseBlock call) {
            Duration left = remaining();
            if (left.isZero()) {
                throw failed(overDeadline());
            }
            try {
                return Deadline.within(left, "tool " + call.name(), () -> toolbox.call(call.name(), call.input()));
            } catch (PortTimeoutException e) {
                throw failed(overDeadline());
            }
        }

        Duration remaining() {
            long left = deadlineNanos - System.nanoTime();
            return left <= 0 ? Duration.ZERO : Duration.ofNanos(left);
        }

        private PortTimeoutException overDeadline() {
            return new PortTimeoutException(model + ": the agent run passed its timeout of " + timeout.toSeconds()
                    + "s after " + turns + (turns == 1 ? " turn" : " turns"), timeout, null);
        }

        AgentRunException failed(PortException cause) {
            return new AgentRunException(cause, result("", false));
        }

        private String lastAssistantText() {
            for (int i = trace.size() - 1; i >= 0; i--) {
                if (trace.get(i).role() == dev.assay.common.message.Role.ASSISTANT && !trace.get(i).text().isBlank()) {
                    return trace.get(i).text();
                }
            }
            return "";
        }

        private AgentResult result(String finalResponse, boolean limitReached) {
            return new AgentResult(finalResponse, AgentTrace.raw(trace), trace, usage, turns, limitReached, null,
                    actualModel == null || actualModel.equals(model) ? null : actualModel);
        }
    }

    private static Message assistant(Completion completion) {
        List<ContentBlock> blocks = new ArrayList<>();
        if (!completion.content().isEmpty()) {
            blocks.add(new TextBlock(completion.content()));
        }
        blocks.addAll(completion.toolCalls());
        return Message.assistant(blocks);
    }
}
