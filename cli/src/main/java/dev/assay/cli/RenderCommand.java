package dev.assay.cli;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.Question;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.judge.JudgePrompt;
import dev.assay.common.prompt.judge.JudgeSubject;
import dev.assay.common.prompt.judge.JudgeTask;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.prompt.generation.ConversationScript;
import dev.assay.common.prompt.generation.GenerationPrompt;
import dev.assay.common.port.HttpToolConfig;
import dev.assay.common.port.McpServerConfig;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.port.AgentSettings;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.spec.ValidRun;
import dev.assay.common.validation.SpecDocument;
import dev.assay.common.text.Suggestions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code assay render BENCHMARK --question ID --task TASK [--interface I]}: prints the exact
 * messages a call would send, without calling a model. Turns the model fills (multi-variable
 * prompts) are shown as placeholders, since their text only exists once a model answered.
 *
 * <p>The judge tasks come from the registry the services use ({@code JudgeTasks}) and are assembled
 * by the same function: the task's system and user text, the adapter's instructions for a judge of
 * {@code --interface} (the answer's JSON schema in the context), then the run's {@code prompt_config}
 * instructions for the task. The response under
 * review is {@code --response}, else the question's {@code raw_answer}. A step that reads an earlier
 * call's answer (deep judgment's reasoning and parse, the trait's score, the embedding and semantic
 * confirmations) shows it as a marked placeholder naming that call.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Print the exact messages that would be sent for a question, without calling a model.")
final class RenderCommand implements Callable<Integer> {

    private static final String DEFAULT_INTERFACE = "openai";

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BENCHMARK", description = "the benchmark file")
    Path benchmark;

    @Option(names = "--question", required = true, paramLabel = "ID", description = "the question's id")
    String questionId;

    @Option(names = "--task", defaultValue = "generation", paramLabel = "TASK", description = "the prompt task (default: ${DEFAULT-VALUE})")
    String task;

    @Option(names = "--interface", paramLabel = "I",
            description = "the adapter whose instructions apply: openai, anthropic … (default: the run config's first answering "
                    + "model's, else openai)")
    String interfaceName;

    @Option(names = "--config", paramLabel = "RUN.yaml",
            description = "a run config: its system prompt, few-shot settings and pool, rag and prompt_config apply "
                    + "(default: run.yaml next to the benchmark, as assay run uses it)")
    Path config;

    @Option(names = "--response", paramLabel = "TEXT",
            description = "judge tasks: the response under review (default: the question's raw_answer)")
    String response;

    @Option(names = "--trait", paramLabel = "NAME",
            description = "rubric_*_single and rubric_metric_trait: the trait to render (default: the first that fits)")
    String traitName;

    @Override
    public Integer call() {
        boolean generation = isGeneration(task);
        // the run config assay run would use, so what is shown is what the stage sends (few_shot.enabled and format included)
        Path configFile = config != null ? config : RunCommand.defaultConfig(benchmark);
        ValidRun run = configFile == null ? null
                : RunSpecs.validate(SpecDocument.file(benchmark), SpecDocument.file(configFile)).orThrow();
        if (interfaceName == null) {
            // the model whose call is shown: the first answering model, or for a judge task the first judge
            // (a manual answer calls no model: none of its prompt is sent)
            List<ModelConfig> models = run == null ? List.of()
                    : generation || run.config().judges().isEmpty() ? run.config().answeringModels() : run.config().judges();
            interfaceName = models.stream().filter(model -> !model.isManual()).map(ModelConfig::interfaceName).findFirst()
                    .orElse(DEFAULT_INTERFACE);
        }
        Benchmark checked = run != null ? run.benchmark() : RunSpecs.validateBenchmark(SpecDocument.file(benchmark)).orThrow();
        Question question = checked.questions().stream().filter(q -> questionId.equals(q.id())).findFirst()
                .orElseThrow(() -> unknownQuestion(checked.questions().stream().map(Question::id).toList()));
        PrintWriter out = spec.commandLine().getOut();
        if (!generation) {
            VerificationJob job = run != null ? anyPlannedJob(run, question) : renderingJob(question, interfaceName);
            out.println("# " + task + " for question " + question.id() + " (judge interface " + interfaceName + ")");
            List<Message> messages = judgeMessages(task, job);
            if (messages.stream().anyMatch(message -> message.text().contains(JudgeTasks.PLACEHOLDER_OPEN))) {
                // a later step of a judgment reads an earlier call's answer, which only exists once a judge answered
                out.println("# ⟨…⟩ stands for an earlier call's answer, put there at run time");
            }
            for (Message message : messages) {
                out.println();
                out.println("[" + message.role().wireName() + "]");
                out.println(message.text());
            }
            investigatingAgent(task, job).ifPresent(agent -> printAgent(agent, readsWorkspace(task, job)
                    ? "[built-in tools list_files, read_file] (read-only, over the answering agent's workspace as its answer carries it)"
                    : null, out));
            out.flush();
            return ExitCodes.OK;
        }
        VerificationJob job = run != null ? plannedJob(run, question) : renderingJob(question, interfaceName);
        out.println("# " + PromptTask.GENERATION.wireValue() + " for question " + question.id() + " (" + job.answeringModel().canonicalKey() + ")");
        // what a model takes decides whether the system text is a message of its own
        PortCapabilities capabilities = PortCapabilities.DEFAULT;
        if (question.multiRunPrompt() != null) {
            for (MultiRunItem item : question.multiRunPrompt()) {
                out.println();
                out.println("## multi-run item " + item.name() + " (× " + item.effectiveRepetitions() + ")");
                print(GenerationPrompt.conversation(job, capabilities, item.prompt()), out);
            }
        } else if (question.prompt() != null) {
            print(GenerationPrompt.conversation(job, capabilities, question.prompt()), out);
        } else {
            print(GenerationPrompt.plain(job, capabilities), out);
        }
        if (job.answeringModel().isAgent()) {
            AgentSettings agent = job.answeringModel().agent();
            printAgent(agent, agent.hasWorkspace() ? "[built-in tools list_files, read_file, write_file] (over the job's workspace, "
                    + agent.workspace().effectiveMaxBytes() + " bytes at most; its files are kept with the answer)" : null, out);
        }
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * The messages a judge of {@code --interface} would get for the task: the registered task's prompt
     * for this question, assembled by {@link JudgePrompt#messages} exactly as the services' model session does.
     */
    List<Message> judgeMessages(String taskName, VerificationJob job) {
        JudgeSubject subject = new JudgeSubject(job.question(), reviewedResponse(job.question()), job.settings(), traitName);
        JudgePrompt prompt;
        try {
            prompt = JudgeTasks.promptFor(taskName, subject);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(e.getMessage());
        }
        return prompt.messages(interfaceName, PortCapabilities.DEFAULT, job.settings().promptConfig());
    }

    /**
     * An agentic investigation's loop and tools: the run's {@code agentic_parsing.agent}, or the
     * chosen agentic trait's {@code agent}, with the investigation defaults. Empty for other tasks
     * and, for agentic parsing, without a run config that enables it.
     */
    /** True when agentic parsing's judge is given the answering agent's workspace (judge_context workspace, trace_and_workspace). */
    private static boolean readsWorkspace(String taskName, VerificationJob job) {
        return taskName.equals(PromptTask.AGENTIC_PARSING_INVESTIGATION.wireValue()) && job.settings().agenticParsing() != null
                && job.settings().agenticParsing().effectiveJudgeContext().includesWorkspace();
    }

    private java.util.Optional<AgentSettings> investigatingAgent(String taskName, VerificationJob job) {
        if (taskName.equals(PromptTask.AGENTIC_PARSING_INVESTIGATION.wireValue())) {
            return java.util.Optional.ofNullable(job.settings().agenticParsing())
                    .map(dev.assay.common.run.AgenticParsingSettings::effectiveAgent);
        }
        if (taskName.equals(PromptTask.RUBRIC_AGENTIC_TRAIT_INVESTIGATION.wireValue()) && job.question().rubric() != null) {
            return job.question().rubric().traits().stream()
                    .filter(trait -> dev.assay.common.benchmark.RubricTrait.AGENTIC.equals(trait.kind()))
                    .filter(trait -> traitName == null || traitName.equals(trait.name()))
                    .findFirst()
                    .map(trait -> AgentSettings.forInvestigation(trait.agent()));
        }
        return java.util.Optional.empty();
    }

    private String reviewedResponse(Question question) {
        if (response != null) {
            return response;
        }
        if (question.rawAnswer() != null && !question.rawAnswer().isBlank()) {
            return question.rawAnswer();
        }
        throw new InvalidInputException("question " + question.id() + " has no raw_answer to judge; give the response with --response TEXT");
    }

    private InvalidInputException unknownQuestion(List<String> ids) {
        String known = ids.size() <= 10 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 10)) + ", …";
        return new InvalidInputException("no question with id \"" + questionId + "\" in " + benchmark
                + Suggestions.didYouMean(questionId, ids) + "; its questions: " + known);
    }

    /** The tasks render can show: generation, then every renderable judge task in registry order. */
    static List<String> renderable() {
        List<String> names = new java.util.ArrayList<>();
        names.add(PromptTask.GENERATION.wireValue());
        names.addAll(JudgeTasks.renderable());
        return names;
    }

    /** Whether {@code name} is generation; otherwise it must be a renderable judge task. */
    private static boolean isGeneration(String name) {
        if (PromptTask.GENERATION.wireValue().equals(name)) {
            return true;
        }
        if (JudgeTasks.find(name).filter(JudgeTask::renderable).isEmpty()) {
            boolean known = JudgeTasks.find(name).isPresent() || isPromptTask(name);
            throw new InvalidInputException("--task: " + (known ? name + " cannot be rendered by the CLI yet"
                    : "unknown task \"" + name + "\"" + Suggestions.didYouMean(name, renderable()))
                    + " (it can render: " + String.join(", ", renderable()) + "); the prompts of every call are recorded in a run's results");
        }
        return false;
    }

    private static boolean isPromptTask(String name) {
        try {
            PromptTask.fromWire(name);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * With a run config: the job the run would publish for this question and the first answering model of the
     * interface. With the run.yaml found beside the benchmark and no such model (say, only manual answers), the
     * run's job for this question as a model of the interface would get it: its settings and few-shot examples kept.
     */
    private VerificationJob plannedJob(ValidRun run, Question question) {
        List<VerificationJob> jobs = RunPlanner.plan("render", run, Instant.EPOCH).stream()
                .filter(candidate -> candidate.question().id().equals(question.id()))
                .toList();
        return jobs.stream()
                .filter(candidate -> candidate.answeringModel().interfaceName().equals(interfaceName))
                .findFirst()
                .or(() -> config == null ? jobs.stream().findFirst().map(job -> VerificationJob.create("render", job.question(),
                        ModelConfig.of(interfaceName, "render"), List.of(), 1, job.settings(), null, Instant.EPOCH))
                        : Optional.empty())
                .orElseThrow(() -> new InvalidInputException("the run config has no answering model with interface \"" + interfaceName + "\""));
    }

    /** With a run config, for a judge task: the run's job for this question (its settings and merged rubric), whoever answers it. */
    private static VerificationJob anyPlannedJob(ValidRun run, Question question) {
        return RunPlanner.plan("render", run, Instant.EPOCH).stream()
                .filter(candidate -> candidate.question().id().equals(question.id()))
                .findFirst()
                .orElseThrow(() -> new InvalidInputException("the run config plans no job for question " + question.id()));
    }

    /** Without a run config: the question as a model of the chosen interface would get it, with the default settings. */
    private static VerificationJob renderingJob(Question question, String interfaceName) {
        ModelConfig model = ModelConfig.of(interfaceName, "render");
        return VerificationJob.create("render", question, model, List.of(), 1, new JobSettings(null, false, false, null), null,
                Instant.EPOCH);
    }

    /**
     * What an agent is sent besides the messages: its limits and the tools offered with each model
     * turn. Declared http tools are shown with their schemas as the model gets them; an MCP server's
     * tools exist only once the server runs, which render does not do, so the server is named.
     */
    static void printAgent(AgentSettings agent, String builtInTools, PrintWriter out) {
        out.println();
        out.println("## agent: up to " + agent.effectiveMaxTurns() + " model turns within " + agent.effectiveTimeout().toSeconds()
                + " s; each turn is sent the messages so far and these tools"
                + (agent.tools() == null ? "" : " (only " + String.join(", ", agent.tools()) + ", agent.tools)") + ":");
        if (builtInTools != null) {
            out.println();
            out.println(builtInTools);
        }
        for (HttpToolConfig tool : agent.httpTools()) {
            if (agent.tools() != null && !agent.tools().contains(tool.name())) {
                continue;
            }
            ToolDefinition definition = tool.definition();
            out.println();
            out.println("[tool " + definition.name() + "] (http tool: POST " + tool.url() + ")");
            if (!definition.description().isEmpty()) {
                out.println(definition.description());
            }
            out.println(dev.assay.common.json.Json.writePretty(definition.inputSchema()));
        }
        for (McpServerConfig server : agent.mcpServers()) {
            out.println();
            out.println("[mcp server " + server.name() + "] (" + server.transport().wireName() + ": "
                    + (server.transport() == McpServerConfig.Transport.STDIO
                    ? String.join(" ", java.util.stream.Stream.concat(java.util.stream.Stream.of(server.command()), server.args().stream()).toList())
                    : server.url())
                    + ") ⟨its tools and their schemas, as the server lists them when the job starts it; render starts no server⟩");
        }
        if (agent.httpTools().isEmpty() && agent.mcpServers().isEmpty() && builtInTools == null) {
            out.println();
            out.println("⟨no tools: the agent answers in one turn⟩");
        }
    }

    private static void print(ConversationScript script, PrintWriter out) {
        for (ConversationScript.Turn turn : script.turns()) {
            out.println();
            if (turn.isToFill()) {
                out.println("[assistant] ⟨filled by the model, kept as " + turn.variable() + "⟩");
                continue;
            }
            Message message = turn.message();
            out.println("[" + message.role().wireName() + "]");
            out.println(message.text());
        }
    }
}
