package dev.assay.cli;

import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.Question;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.generation.ConversationScript;
import dev.assay.common.prompt.generation.GenerationPrompt;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunPlanner;
import dev.assay.common.validation.Suggestions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code assay render BENCHMARK --question ID --task TASK [--interface I]}: prints the exact
 * messages a call would send, without calling a model. Turns the model fills (multi-variable
 * prompts) are shown as placeholders, since their text only exists once a model answered.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Print the exact messages that would be sent for a question, without calling a model.")
final class RenderCommand implements Callable<Integer> {

    /** Tasks whose prompt the CLI can build on its own; the judge tasks need the judge's services' prompt code. */
    static final List<PromptTask> RENDERABLE = List.of(PromptTask.GENERATION);

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BENCHMARK", description = "the benchmark file")
    Path benchmark;

    @Option(names = "--question", required = true, paramLabel = "ID", description = "the question's id")
    String questionId;

    @Option(names = "--task", defaultValue = "generation", paramLabel = "TASK", description = "the prompt task (default: ${DEFAULT-VALUE})")
    String task;

    @Option(names = "--interface", defaultValue = "openai", paramLabel = "I",
            description = "the adapter whose instructions apply: openai, anthropic … (default: ${DEFAULT-VALUE})")
    String interfaceName;

    @Option(names = "--config", paramLabel = "RUN.yaml", description = "a run config: its system prompt, few-shot pool, rag and prompt_config apply")
    Path config;

    @Override
    public Integer call() {
        PromptTask promptTask = task(task);
        SpecFiles.Checked checked = SpecFiles.load(benchmark, config);
        Question question = checked.benchmark().questions().stream().filter(q -> questionId.equals(q.id())).findFirst()
                .orElseThrow(() -> unknownQuestion(checked.benchmark().questions().stream().map(Question::id).toList()));
        VerificationJob job = checked.config() != null ? plannedJob(checked, question) : renderingJob(question, interfaceName);
        PrintWriter out = spec.commandLine().getOut();
        out.println("# " + promptTask.wireValue() + " for question " + question.id() + " (" + job.answeringModel().canonicalKey() + ")");
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
        out.flush();
        return ExitCodes.OK;
    }

    private InvalidInputException unknownQuestion(List<String> ids) {
        String known = ids.size() <= 10 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 10)) + ", …";
        return new InvalidInputException("no question with id \"" + questionId + "\" in " + benchmark
                + Suggestions.didYouMean(questionId, ids) + "; its questions: " + known);
    }

    private static PromptTask task(String name) {
        PromptTask task;
        try {
            task = PromptTask.fromWire(name);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("--task: " + e.getMessage());
        }
        if (!RENDERABLE.contains(task)) {
            throw new InvalidInputException("--task: " + name + " cannot be rendered by the CLI yet (it can render: "
                    + String.join(", ", RENDERABLE.stream().map(PromptTask::wireValue).toList())
                    + "); the judge prompts are recorded with every call in a run's results");
        }
        return task;
    }

    /** With a run config: the job the run would publish for this question and the first answering model of the interface. */
    private VerificationJob plannedJob(SpecFiles.Checked checked, Question question) {
        return RunPlanner.plan("render", checked.benchmark(), checked.config(), Instant.EPOCH).stream()
                .filter(candidate -> candidate.question().id().equals(question.id()))
                .filter(candidate -> candidate.answeringModel().interfaceName().equals(interfaceName))
                .findFirst()
                .orElseThrow(() -> new InvalidInputException("the run config has no answering model with interface \"" + interfaceName + "\""));
    }

    /** Without a run config: the question as a model of the chosen interface would get it, with the default settings. */
    private static VerificationJob renderingJob(Question question, String interfaceName) {
        ModelConfig model = new ModelConfig(null, interfaceName, "render", null, null, null, null, null, null, null, null);
        return VerificationJob.create("render", question, model, List.of(), 1, new JobSettings(null, false, false, null), null,
                Instant.EPOCH);
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
