package dev.assay.importers.jsonl;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.PromptParameters;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.message.Role;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.template.TemplateVerifier;
import dev.assay.common.validation.SpecReader;
import dev.assay.importers.ImportEntry;
import dev.assay.importers.ImportException;
import dev.assay.importers.ImportResult;
import dev.assay.importers.ImportStatus;
import dev.assay.importers.ImportedFiles;
import dev.assay.importers.Importers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonlImporterTest {

    private static final Path SAMPLES = resource("/jsonl/samples.jsonl");

    private final ImportResult result = Importers.standard().require("jsonl").read(SAMPLES);

    private Question question(String id) {
        return result.benchmark().questions().stream().filter(q -> q.id().equals(id)).findFirst().orElseThrow();
    }

    private static TemplateField answer(Question question) {
        return question.template().fields().get(SampleConverter.ANSWER_FIELD);
    }

    @Test
    void everyReadableLineIsAQuestionAndEveryOtherIsReportedWithItsLineNumber() {
        assertThat(result.benchmark().questions()).hasSize(6);
        assertThat(result.report().entries()).extracting(ImportEntry::source, ImportEntry::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("samples.jsonl:1", ImportStatus.CONVERTED),
                org.assertj.core.groups.Tuple.tuple("samples.jsonl:2", ImportStatus.CONVERTED),
                org.assertj.core.groups.Tuple.tuple("samples.jsonl:3", ImportStatus.CONVERTED),
                org.assertj.core.groups.Tuple.tuple("samples.jsonl:4", ImportStatus.CONVERTED),
                org.assertj.core.groups.Tuple.tuple("samples.jsonl:5", ImportStatus.CONVERTED),
                org.assertj.core.groups.Tuple.tuple("samples.jsonl:6", ImportStatus.PARTLY_CONVERTED),
                org.assertj.core.groups.Tuple.tuple("samples.jsonl:8", ImportStatus.SKIPPED),
                org.assertj.core.groups.Tuple.tuple("samples.jsonl:9", ImportStatus.SKIPPED),
                org.assertj.core.groups.Tuple.tuple("samples.jsonl:10", ImportStatus.SKIPPED),
                org.assertj.core.groups.Tuple.tuple("samples.jsonl:11", ImportStatus.SKIPPED));
        assertThat(result.report().entries().get(5).reasons())
                .containsExactly("field \"files\" is not converted (Assay questions have no equivalent)");
        assertThat(result.report().entries().get(6).reasons().get(0)).startsWith("not JSON (column 58): Unexpected end-of-input");
        assertThat(result.report().entries().get(7).reasons())
                .containsExactly("no \"target\" or \"ideal\": there is nothing to match the answer against");
        assertThat(result.report().entries().get(8).reasons())
                .containsExactly("duplicate id \"capital-fr\" (also on line 1)");
        assertThat(result.report().entries().get(9).reasons())
                .containsExactly("target \"D\" names no choice: there are 2 (A to B)");
        assertThat(result.report().render()).contains("5 converted", "1 partly converted", "4 skipped",
                "skipped: samples.jsonl:8");
    }

    @Test
    void aTextTargetBecomesAnExactMatchTemplateAndMetadataIsKept() {
        Question capital = question("capital-fr");
        assertThat(capital.question()).isEqualTo("What is the capital of France?");
        assertThat(capital.rawAnswer()).isEqualTo("Paris");
        assertThat(answer(capital).type()).isEqualTo(FieldType.STRING);
        assertThat(answer(capital).groundTruth().asText()).isEqualTo("Paris");
        assertThat(answer(capital).verify().path("primitive").asText()).isEqualTo("exact");
        assertThat(capital.metadata()).containsKeys("topic", "difficulty");
        assertThat(capital.metadata().get("difficulty").asInt()).isEqualTo(1);
        // what the verifier decides for answers a judge could extract
        assertThat(verdict(capital, "  Paris ")).isTrue();
        assertThat(verdict(capital, "Lyon")).isFalse();
    }

    @Test
    void aNumericTargetIsMatchedByValueAndANumericIdBecomesText() {
        Question legs = question("2");
        assertThat(answer(legs).type()).isEqualTo(FieldType.INTEGER);
        assertThat(verdict(legs, 8)).isTrue();
        assertThat(verdict(legs, 6)).isFalse();
    }

    @Test
    void chatInputIsAPromptWithBracesEscapedAndSeveralIdealsAreSynonyms() {
        Question gas = result.benchmark().questions().get(2);
        assertThat(gas.prompt()).extracting(m -> m.role()).containsExactly(Role.SYSTEM, Role.USER);
        // the text the model sees is the text of the sample, braces and all
        assertThat(PromptParameters.fill(gas.prompt().get(1).content(), Map.of()))
                .isEqualTo("Which gas do plants take in? Reply as JSON like {\"gas\": \"...\"}");
        assertThat(gas.question()).isEqualTo("Which gas do plants take in? Reply as JSON like {\"gas\": \"...\"}");
        assertThat(verdict(gas, "CO2")).isTrue();
        assertThat(verdict(gas, "carbon dioxide")).isTrue();
        assertThat(verdict(gas, "oxygen")).isFalse();
    }

    @Test
    void choicesAreALiteralFieldListedUnderTheQuestionAndTheTargetLetterOrTextPicksTheCorrectOne() {
        Question planet = question("planet");
        assertThat(planet.question()).isEqualTo("Which planet is known as the red planet?\n\nA) Venus\nB) Mars\nC) Jupiter");
        assertThat(answer(planet).type()).isEqualTo(FieldType.LITERAL);
        assertThat(answer(planet).values()).containsExactly("Venus", "Mars", "Jupiter");
        assertThat(answer(planet).groundTruth().asText()).isEqualTo("Mars");
        assertThat(verdict(planet, "Mars")).isTrue();
        assertThat(verdict(planet, "Venus")).isFalse();
        assertThat(answer(question("boiling")).groundTruth().asText()).isEqualTo("100 °C");
    }

    @Test
    void theWrittenBenchmarkReadsBackAndPlansWithTheStarterConfig() {
        String yaml = ImportedFiles.benchmarkYaml(result);
        Benchmark back = SpecReader.read(yaml, Benchmark.class);
        assertThat(back).isEqualTo(result.benchmark());
        assertThat(RunSpecs.validate(back, ImportedFiles.starterRunConfig(result)).problems()).isEmpty();
    }

    @Test
    void aMissingFileOrAFolderIsAnErrorNamingIt(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> new JsonlImporter().read(dir.resolve("nope.jsonl")))
                .isInstanceOf(ImportException.class).hasMessage(dir.resolve("nope.jsonl") + ": no such file");
        assertThatThrownBy(() -> new JsonlImporter().read(dir))
                .isInstanceOf(ImportException.class).hasMessageContaining("is a folder");
        Path empty = Files.writeString(dir.resolve("empty.jsonl"), "\n\n");
        assertThat(new JsonlImporter().read(empty).report().entries()).isEmpty();
    }

    private static boolean verdict(Question question, Object value) {
        JsonNode parsed = dev.assay.common.json.Json.mapper().valueToTree(Map.of(SampleConverter.ANSWER_FIELD, value));
        return TemplateVerifier.verify(question.template(), parsed).passed();
    }

    private static Path resource(String name) {
        try {
            return Path.of(JsonlImporterTest.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
