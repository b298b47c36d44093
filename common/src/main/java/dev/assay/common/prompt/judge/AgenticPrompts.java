package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.json.Json;
import dev.assay.common.port.WorkspaceSnapshot;
import dev.assay.common.template.TemplateSchemas;

import java.util.Map;

/**
 * Agentic evaluation (Karenina's stage 7b and agentic rubric traits): a judge with tools
 * investigates first, in free text, then a plain structured call reads its findings. The
 * investigation is shown the question and the answer under review (the answering agent's trace, or
 * its final response); the extraction is shown the question and the investigation's report.
 */
public final class AgenticPrompts {

    public static final String PARSING_INVESTIGATION_SYSTEM = """
            You investigate the answer a model gave to a question, so that its answer can be filled \
            into a structured template afterwards. You receive the question and the answer under \
            review: its final response, or the whole trace of the answering agent with its tool calls \
            and their results.

            - Use your tools to check what the answer claims and to find what it refers to (records, \
            identifiers, documents), instead of taking its word for it.
            - Report, for each field of the template below, what the answer states for it and what \
            your investigation found, quoting the evidence.
            - Keep to what the answer states: you establish what it says and whether the evidence \
            supports it; you do not supply an answer the model did not give.
            - End with a short report, one line per field.""";

    public static final String PARSING_EXTRACTION_SYSTEM = """
            You fill a JSON object with the answer a model gave to a question, reading it from an \
            investigator's report on that answer. The JSON schema names the fields to fill and \
            describes each one.

            - Fill each field with the value the report establishes the answer gave.
            - When the report finds no value for a field, use null.
            - Give values in the form the schema asks for, changing only their form, never their meaning.""";

    public static final String TRAIT_INVESTIGATION_SYSTEM = """
            You evaluate one quality of a model's answer to a question, using your tools to \
            investigate what the answer did and claims. You receive the question, the answer under \
            review (its final response or the answering agent's whole trace) and the quality to \
            evaluate.

            - Investigate with your tools before you conclude; quote the evidence you found.
            - End with a short conclusion that states the value you give the quality, in the form \
            the quality asks for.""";

    public static final String TRAIT_EXTRACTION_SYSTEM = """
            You read an investigator's conclusion about one quality of a model's answer into a JSON \
            object. You receive the question, the quality and the investigator's report.

            - Give the value the report concludes, in the form the schema asks for, and its reasoning in \
            one or two sentences.
            - Do not evaluate the answer yourself.""";

    private AgenticPrompts() {
    }

    /** The investigation's system text: the task, then the template's fields it reports on. */
    public static String parsingInvestigationSystem(AnswerTemplate template) {
        return PARSING_INVESTIGATION_SYSTEM + "\n\nThe template's fields (JSON schema):\n" + pretty(TemplateSchemas.of(template));
    }

    public static String parsingInvestigationUser(String question, String answer) {
        return JudgeInput.of(question, answer);
    }

    /**
     * The question, the answer under review (none when {@code answer} is null: the workspace is the
     * answer, as Karenina's {@code workspace_only}) and, when given, the answering agent's workspace:
     * its files by path and size, to be read with the file tools.
     */
    public static String parsingInvestigationUser(String question, String answer, WorkspaceSnapshot workspace) {
        String text = answer == null ? "<question>\n" + TraitPrompt.strip(question) + "\n</question>" : JudgeInput.of(question, answer);
        return workspace == null ? text : text + "\n\n" + workspace(workspace);
    }

    private static String workspace(WorkspaceSnapshot workspace) {
        StringBuilder text = new StringBuilder("<workspace>\n");
        if (workspace.files().isEmpty()) {
            text.append("The answering agent left no files in its workspace.\n");
        } else {
            text.append("The answering agent worked in a workspace and left these files in it; read them with your tools ")
                    .append("list_files and read_file, and treat what they hold as part of its answer:\n");
            workspace.files().forEach(file -> text.append("- ").append(file.path()).append(" (").append(file.bytes()).append(" bytes)\n"));
        }
        if (workspace.limitReached()) {
            text.append("(The workspace reached its size limit: a write of the agent's was refused.)\n");
        }
        return text.append("</workspace>").toString();
    }

    public static String parsingExtractionUser(String question, String report) {
        return "<question>\n" + TraitPrompt.strip(question) + "\n</question>\n\n<investigation>\n" + TraitPrompt.strip(report)
                + "\n</investigation>";
    }

    public static String traitInvestigationUser(String question, String answer, RubricTrait trait) {
        return traitInvestigationUser(question, answer, trait, null);
    }

    /** As for agentic parsing, the answering agent's workspace (when it had one) is listed for the file tools. */
    public static String traitInvestigationUser(String question, String answer, RubricTrait trait, WorkspaceSnapshot workspace) {
        String text = JudgeInput.of(question, answer) + "\n\n" + quality(trait);
        return workspace == null ? text : text + "\n\n" + workspace(workspace);
    }

    public static String traitExtractionUser(String question, String report, RubricTrait trait) {
        return "<question>\n" + TraitPrompt.strip(question) + "\n</question>\n\n" + quality(trait) + "\n\n<investigation>\n"
                + TraitPrompt.strip(report) + "\n</investigation>";
    }

    /** The trait, as the LLM trait of its result kind describes itself ({@code boolean}, {@code score 1 to 5}, classes). */
    private static String quality(RubricTrait resultTrait) {
        StringBuilder text = new StringBuilder("<quality>\n").append(resultTrait.name()).append(" (")
                .append(TraitAnswer.of(resultTrait).describe()).append("): ").append(TraitPrompt.strip(resultTrait.description()))
                .append('\n');
        if (resultTrait.classes() != null) {
            for (Map.Entry<String, String> literalClass : resultTrait.classes().entrySet()) {
                text.append("  - ").append(literalClass.getKey()).append(": ").append(TraitPrompt.strip(literalClass.getValue()))
                        .append('\n');
            }
        }
        return text.append("</quality>").toString();
    }

    private static String pretty(JsonNode schema) {
        try {
            return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(schema);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a template schema could not be written", e);
        }
    }
}
