package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.Nugget;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.message.Message;
import dev.assay.common.nugget.JudgedText;
import dev.assay.common.nugget.NuggetPrompt;
import dev.assay.common.nugget.NuggetPrompts;
import dev.assay.common.nugget.NuggetSettings;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.InstructionContext;
import dev.assay.common.prompt.PromptAssembler;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.judge.AbstentionPrompt;
import dev.assay.common.prompt.judge.MetricPrompt;
import dev.assay.common.prompt.judge.MetricSchema;
import dev.assay.common.prompt.judge.ParsingPrompt;
import dev.assay.common.prompt.judge.PresencePrompt;
import dev.assay.common.prompt.judge.PresenceSchema;
import dev.assay.common.prompt.judge.SufficiencyPrompt;
import dev.assay.common.prompt.judge.TraitPrompt;
import dev.assay.common.prompt.judge.TraitSchemas;
import dev.assay.common.prompt.generation.ConversationScript;
import dev.assay.common.prompt.generation.GenerationPrompt;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunPlanner;
import dev.assay.common.run.RunSpecs;
import dev.assay.common.run.ValidRun;
import dev.assay.common.validation.SpecDocument;
import dev.assay.common.template.TemplateSchemas;
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
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code assay render BENCHMARK --question ID --task TASK [--interface I]}: prints the exact
 * messages a call would send, without calling a model. Turns the model fills (multi-variable
 * prompts) are shown as placeholders, since their text only exists once a model answered.
 *
 * <p>The judge tasks are built from the same prompt classes the services use
 * ({@code dev.assay.common.prompt.judge}) and assembled the same way: the task's system and user
 * text, the adapter's instructions for a judge of {@code --interface} (the answer's JSON schema in
 * the context), then the run's {@code prompt_config} instructions for the task. The response under
 * review is {@code --response}, else the question's {@code raw_answer}.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Print the exact messages that would be sent for a question, without calling a model.")
final class RenderCommand implements Callable<Integer> {

    /** Tasks whose prompt the CLI can build on its own. */
    static final List<PromptTask> RENDERABLE = List.of(PromptTask.GENERATION, PromptTask.PARSING, PromptTask.ABSTENTION_DETECTION,
            PromptTask.SUFFICIENCY_DETECTION, PromptTask.RUBRIC_LLM_TRAIT_BATCH, PromptTask.RUBRIC_LLM_TRAIT_SINGLE,
            PromptTask.RUBRIC_LITERAL_TRAIT_BATCH, PromptTask.RUBRIC_LITERAL_TRAIT_SINGLE, PromptTask.RUBRIC_METRIC_TRAIT,
            PromptTask.RUBRIC_DYNAMIC_PRESENCE_CHECK, PromptTask.NUGGET_ASSIGNMENT);

    private static final NuggetPrompts NUGGET_PROMPTS = new NuggetPrompts();

    private static final Set<String> LLM_KINDS = Set.of(RubricTrait.BOOLEAN, RubricTrait.SCORE);

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

    @Option(names = "--response", paramLabel = "TEXT",
            description = "judge tasks: the response under review (default: the question's raw_answer)")
    String response;

    @Option(names = "--trait", paramLabel = "NAME",
            description = "rubric_*_single and rubric_metric_trait: the trait to render (default: the first that fits)")
    String traitName;

    @Override
    public Integer call() {
        PromptTask promptTask = task(task);
        ValidRun run = config == null ? null : RunSpecs.validate(SpecDocument.file(benchmark), SpecDocument.file(config)).orThrow();
        Benchmark checked = run != null ? run.benchmark() : RunSpecs.validateBenchmark(SpecDocument.file(benchmark)).orThrow();
        Question question = checked.questions().stream().filter(q -> questionId.equals(q.id())).findFirst()
                .orElseThrow(() -> unknownQuestion(checked.questions().stream().map(Question::id).toList()));
        PrintWriter out = spec.commandLine().getOut();
        if (promptTask != PromptTask.GENERATION) {
            VerificationJob job = run != null ? anyPlannedJob(run, question) : renderingJob(question, interfaceName);
            out.println("# " + promptTask.wireValue() + " for question " + question.id() + " (judge interface " + interfaceName + ")");
            for (Message message : judgeMessages(promptTask, job)) {
                out.println();
                out.println("[" + message.role().wireName() + "]");
                out.println(message.text());
            }
            out.flush();
            return ExitCodes.OK;
        }
        VerificationJob job = run != null ? plannedJob(run, question) : renderingJob(question, interfaceName);
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

    /** The messages a judge of {@code --interface} would get for the task, assembled as the parsing and rubric services do. */
    List<Message> judgeMessages(PromptTask promptTask, VerificationJob job) {
        Question question = job.question();
        String text = question.question();
        String reviewed = reviewedResponse(question);
        Rubric rubric = question.rubric() == null ? Rubric.EMPTY : question.rubric();
        return switch (promptTask) {
            case PARSING -> {
                requireTemplate(question);
                yield assemble(promptTask, job, ParsingPrompt.SYSTEM, ParsingPrompt.user(text, reviewed), TemplateSchemas.of(question.template()));
            }
            case ABSTENTION_DETECTION -> assemble(promptTask, job, AbstentionPrompt.SYSTEM, AbstentionPrompt.user(text, reviewed),
                    AbstentionPrompt.schema());
            case SUFFICIENCY_DETECTION -> {
                requireTemplate(question);
                yield assemble(promptTask, job, SufficiencyPrompt.SYSTEM, SufficiencyPrompt.user(text, reviewed, question.template()),
                        SufficiencyPrompt.schema());
            }
            case RUBRIC_LLM_TRAIT_BATCH -> {
                List<RubricTrait> traits = traits(question, rubric, LLM_KINDS, "LLM (boolean or score)");
                yield assemble(promptTask, job, TraitPrompt.LLM_BATCH, TraitPrompt.batch(text, reviewed, traits), TraitSchemas.batch(traits));
            }
            case RUBRIC_LLM_TRAIT_SINGLE -> {
                RubricTrait trait = chosen(question, traits(question, rubric, LLM_KINDS, "LLM (boolean or score)"));
                yield assemble(promptTask, job, TraitPrompt.LLM_SINGLE, TraitPrompt.single(text, reviewed, trait), TraitSchemas.single(trait));
            }
            case RUBRIC_LITERAL_TRAIT_BATCH -> {
                List<RubricTrait> traits = traits(question, rubric, Set.of(RubricTrait.LITERAL), "literal");
                yield assemble(promptTask, job, TraitPrompt.LITERAL_BATCH, TraitPrompt.batch(text, reviewed, traits),
                        TraitSchemas.batch(traits));
            }
            case RUBRIC_LITERAL_TRAIT_SINGLE -> {
                RubricTrait trait = chosen(question, traits(question, rubric, Set.of(RubricTrait.LITERAL), "literal"));
                yield assemble(promptTask, job, TraitPrompt.LITERAL_SINGLE, TraitPrompt.single(text, reviewed, trait),
                        TraitSchemas.single(trait));
            }
            case RUBRIC_METRIC_TRAIT -> {
                RubricTrait trait = chosen(question, traits(question, rubric, Set.of(RubricTrait.METRIC), "metric"));
                yield assemble(promptTask, job, MetricPrompt.system(trait), MetricPrompt.user(text, reviewed, trait), MetricSchema.of(trait));
            }
            case RUBRIC_DYNAMIC_PRESENCE_CHECK -> {
                if (rubric.dynamicTraits().isEmpty()) {
                    throw new InvalidInputException("question " + question.id() + " has no dynamic traits");
                }
                yield assemble(promptTask, job, PresencePrompt.SYSTEM, PresencePrompt.user(text, reviewed, rubric.dynamicTraits()),
                        PresenceSchema.of(rubric.dynamicTraits()));
            }
            case NUGGET_ASSIGNMENT -> {
                if (question.nuggets().isEmpty()) {
                    throw new InvalidInputException("question " + question.id() + " has no nuggets");
                }
                // the first window, against the response, in the run's style and format
                NuggetSettings settings = job.settings().nuggetEvaluation();
                List<Nugget> window = question.nuggets().subList(0, Math.min(settings.effectiveWindowSize(), question.nuggets().size()));
                NuggetPrompt prompt = NUGGET_PROMPTS.render(settings.effectivePromptStyle(), settings.effectiveOutputFormat(), text,
                        JudgedText.response(reviewed), window);
                String instructions = job.settings().promptConfig().instructionsFor(promptTask).orElse(null);
                yield new PromptAssembler(promptTask, interfaceName, PortCapabilities.DEFAULT)
                        .assemble(prompt.system(), prompt.user(), instructions, Map.of());
            }
            default -> throw new IllegalStateException("not a renderable judge task: " + promptTask.wireValue());
        };
    }

    /** As the services do: the JSON schema in the adapter's context, then the run's prompt_config instructions for the task. */
    private List<Message> assemble(PromptTask promptTask, VerificationJob job, String system, String user, JsonNode schema) {
        String instructions = job.settings().promptConfig().instructionsFor(promptTask).orElse(null);
        return new PromptAssembler(promptTask, interfaceName, PortCapabilities.DEFAULT)
                .assemble(system, user, instructions, Map.of(InstructionContext.JSON_SCHEMA, schema));
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

    private static void requireTemplate(Question question) {
        if (question.template() == null) {
            throw new InvalidInputException("question " + question.id() + " has no answer template");
        }
    }

    /** The question's (non-dynamic) traits of the kinds, in rubric order; none is invalid input. */
    private static List<RubricTrait> traits(Question question, Rubric rubric, Set<String> kinds, String what) {
        List<RubricTrait> traits = rubric.traits().stream().filter(trait -> kinds.contains(trait.kind())).toList();
        if (traits.isEmpty()) {
            throw new InvalidInputException("question " + question.id() + " has no " + what + " traits");
        }
        return traits;
    }

    /** {@code --trait} among the traits, else the first. */
    private RubricTrait chosen(Question question, List<RubricTrait> traits) {
        if (traitName == null) {
            return traits.get(0);
        }
        List<String> names = traits.stream().map(RubricTrait::name).toList();
        return traits.stream().filter(trait -> traitName.equals(trait.name())).findFirst()
                .orElseThrow(() -> new InvalidInputException("--trait: question " + question.id() + " has no trait \"" + traitName
                        + "\" for task " + task + Suggestions.didYouMean(traitName, names) + "; its traits for it: " + String.join(", ", names)));
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
                    + "); its prompts are recorded with every call in a run's results");
        }
        return task;
    }

    /** With a run config: the job the run would publish for this question and the first answering model of the interface. */
    private VerificationJob plannedJob(ValidRun run, Question question) {
        return RunPlanner.plan("render", run, Instant.EPOCH).stream()
                .filter(candidate -> candidate.question().id().equals(question.id()))
                .filter(candidate -> candidate.answeringModel().interfaceName().equals(interfaceName))
                .findFirst()
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
