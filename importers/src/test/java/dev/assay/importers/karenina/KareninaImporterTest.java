package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.FewShotExample;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.json.Json;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.FewShotSettings;
import dev.assay.common.run.RunConfig;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.validation.SpecReader;
import dev.assay.importers.ImportEntry;
import dev.assay.importers.ImportResult;
import dev.assay.importers.ImportStatus;
import dev.assay.importers.ImportedFiles;
import dev.assay.importers.Importers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The checkpoint fixtures written for this project, imported whole. */
class KareninaImporterTest {

    static final Path FIXTURES = Path.of("src/test/resources/karenina");
    private static final Path CHECKPOINT = FIXTURES.resolve("checkpoint.jsonld");

    private final ImportResult result = new KareninaImporter().read(CHECKPOINT);

    @Test
    void theImporterIsRegisteredUnderItsFormatName() {
        assertThat(Importers.standard().require("karenina")).isInstanceOf(KareninaImporter.class);
        assertThat(Importers.standard().formats()).contains("karenina");
    }

    @Test
    void everyItemIsReportedWithWhatWasLeftOutAndWhy() {
        assertThat(result.report().format()).isEqualTo("karenina");
        assertThat(result.report().source()).isEqualTo(CHECKPOINT.toString());
        assertThat(result.report().entries()).containsExactly(
                ImportEntry.converted("dataFeedElement[0]", "urn:uuid:question-what-is-the-maximum-daily-dose-of-paracetamol-fo-1f0e6c2a"),
                ImportEntry.converted("dataFeedElement[1]", "urn:uuid:question-which-protein-does-venetoclax-inhibit-6c1f3e02"),
                ImportEntry.converted("dataFeedElement[2]", "urn:uuid:question-at-what-temperature-does-nitrogen-boil-10f5579a"),
                ImportEntry.converted("dataFeedElement[3]", "urn:uuid:question-influenza-symptoms"),
                ImportEntry.converted("dataFeedElement[4]", "urn:uuid:question-apollo-11"),
                new ImportEntry("dataFeedElement[5]", "urn:uuid:question-breast-cancer-genes", ImportStatus.PARTLY_CONVERTED, List.of(
                        "template: verify() does more than compare fields to self.correct (line 13: `return len(self.genes) > 2`); "
                                + "not converted")),
                new ImportEntry("dataFeedElement[6]", "urn:uuid:question-vemurafenib-pathway", ImportStatus.PARTLY_CONVERTED, List.of(
                        "trait \"word_count_ok\": a callable trait (Python code, pickled in callable_code) is not converted: an import "
                                + "never runs code from a checkpoint")),
                ImportEntry.skipped("dataFeedElement[7]", "no question text (item.text)"),
                new ImportEntry("dataFeedElement[8]", "urn:uuid:question-aspirin-clots", ImportStatus.PARTLY_CONVERTED, List.of(
                        "few_shot_examples[0]: needs a question and an answer; left out",
                        "rating[0]: a rating without a name; left out",
                        "trait \"mechanism_depth\": bestRating and worstRating must be numbers (they make it boolean or a score); "
                                + "not converted")));
        assertThat(result.report().converted()).isEqualTo(5);
        assertThat(result.report().partlyConverted()).isEqualTo(3);
        assertThat(result.report().skipped()).isEqualTo(1);
    }

    @Test
    void notesSayWhatHappenedToTheWholeFile() {
        assertThat(result.report().notes()).containsExactly(
                "checkpoint \"Pharmacology and science basics\" version 1.2.0 (format 3.0.0-jsonld), created 2025-03-01T09:00:00 "
                        + "by Karenina Benchmarking System, 9 items",
                "global trait \"length_checker\": a callable trait (Python code, pickled in callable_code) is not converted: an import "
                        + "never runs code from a checkpoint",
                "3 global traits moved to the run config's global_rubric: cites_source, no_apology, tone",
                "checkpoint settings with no place in an Assay benchmark, not imported: conversion_metadata",
                "6 of 8 questions have a converted template, and the run keeps template_and_rubric so that they are verified; "
                        + "the 2 without one are marked evaluation_mode: rubric_only for themselves: "
                        + "urn:uuid:question-breast-cancer-genes, urn:uuid:question-aspirin-clots",
                PROMPT_NOTE);
        assertThat(result.evaluationMode()).isNull();
        assertThat(result.manualAnswers()).isEmpty();
    }

    @Test
    void onlyTheQuestionsWithoutAConvertedTemplateRunRubricOnly() {
        // one unconverted template must not stop the converted ones from being verified
        Benchmark back = SpecReader.read(ImportedFiles.benchmarkYaml(result), Benchmark.class);
        RunConfig config = SpecReader.read(ImportedFiles.runConfigYaml(result), RunConfig.class);
        List<VerificationJob> jobs = RunPlanner.plan("r", RunSpecs.validate(back, config).orThrow(), Instant.EPOCH);

        assertThat(config.effectiveEvaluationMode()).isEqualTo(EvaluationMode.TEMPLATE_AND_RUBRIC);
        assertThat(jobs).filteredOn(job -> job.question().template() != null).hasSize(6)
                .allSatisfy(job -> assertThat(job.settings().evaluationMode()).isEqualTo(EvaluationMode.TEMPLATE_AND_RUBRIC));
        assertThat(jobs).filteredOn(job -> job.question().template() == null)
                .extracting(job -> job.question().id() + " " + job.settings().evaluationMode().wireName())
                .containsExactly("urn:uuid:question-breast-cancer-genes rubric_only", "urn:uuid:question-aspirin-clots rubric_only");
        assertThat(ImportedFiles.benchmarkYaml(result)).contains("evaluation_mode: rubric_only");
    }

    private static final String PROMPT_NOTE = "the starter run config asks as Karenina does: the answering model's system "
            + "prompt is Karenina's default (\"You are an expert assistant. Answer the question accurately and concisely.\"), and "
            + "few-shot examples are off (few_shot.enabled: false; set it to true to show them, as one Question:/Answer: message: "
            + "format text)";

    @Test
    void theStarterConfigAsksAsKareninaDoesWithItsSystemPromptAndFewShotOff() {
        String yaml = ImportedFiles.runConfigYaml(result);
        RunConfig config = SpecReader.read(yaml, RunConfig.class);
        assertThat(config.answeringModels()).singleElement().extracting(model -> model.systemPrompt())
                .isEqualTo("You are an expert assistant. Answer the question accurately and concisely.");
        assertThat(config.judges()).singleElement().extracting(model -> model.systemPrompt()).isNull();
        assertThat(yaml).contains("few_shot:\n  enabled: false\n  format: text\n");

        // the question keeps its examples, but the planned job shows none until few-shot is turned on
        Benchmark back = SpecReader.read(ImportedFiles.benchmarkYaml(result), Benchmark.class);
        assertThat(back.questions().getFirst().fewShot()).hasSize(1);
        List<VerificationJob> jobs = RunPlanner.plan("r", RunSpecs.validate(back, config).orThrow(), Instant.EPOCH);
        assertThat(jobs.getFirst().question().fewShot()).isEmpty();
        assertThat(jobs.getFirst().settings().fewShotAsText()).isTrue();
        RunConfig on = config.toBuilder().fewShot(new FewShotSettings(null, null, null, null, null, true, "text")).build();
        assertThat(RunPlanner.plan("r", RunSpecs.validate(back, on).orThrow(), Instant.EPOCH).getFirst().question().fewShot())
                .extracting(FewShotExample::question).containsExactly("What is the usual adult dose of ibuprofen?");
    }

    @Test
    void aQuestionCarriesItsIdTextAnswerKeywordsTemplateTraitsFewShotAndSettings() {
        Question expected = SpecReader.read("""
                id: urn:uuid:question-what-is-the-maximum-daily-dose-of-paracetamol-fo-1f0e6c2a
                question: What is the maximum daily dose of paracetamol for adults?
                raw_answer: "4 g per day for adults; paracetamol is an analgesic and an overdose damages the liver."
                keywords: [pharmacology, dosing]
                template:
                  fields:
                    drug_class: {type: string, description: The drug class the response assigns paracetamol to, ground_truth: analgesic,
                                 verify: {primitive: exact, normalizers: [lowercase, strip]}}
                    max_daily_dose_g: {type: number, description: "The maximum daily dose for adults, in grams", ground_truth: 4.0,
                                       weight: 2.0, verify: {primitive: numeric_tolerance, relative: 0.1}}
                    liver_warning: {type: boolean, description: True if the response warns about liver damage from an overdose,
                                    ground_truth: true, verify: boolean}
                  regex_checks:
                    - {pattern: '\\d+(\\.\\d+)?\\s*g\\b'}
                rubric:
                  traits:
                    - {name: clarity, kind: score, description: How clear the dosing instructions are., min: 1, max: 5}
                    - {name: verbosity, kind: score, description: How much the response says beyond what was asked., min: 0, max: 10,
                       higher_is_better: false}
                    - name: dosing_safety
                      kind: metric
                      description: Covers what a safe dosing answer needs.
                      mode: full_matrix
                      tp_instructions: [Gives the maximum daily dose., Warns about liver damage.]
                      tn_instructions: [Recommends taking it with alcohol.]
                few_shot:
                  - {question: "What is the usual adult dose of ibuprofen?", answer: 200-400 mg every 4 to 6 hours.}
                metadata:
                  finished: true
                  author: {"@type": Person, name: Dr. Ada Lovelace, email: ada@example.org}
                  sources: [{"@type": CreativeWork, name: BNF paracetamol monograph, url: "https://bnf.nice.org.uk/drugs/paracetamol/"}]
                  custom_metadata: {difficulty: easy, reviewed: true}
                  date_created: "2025-03-02T10:15:00"
                  date_modified: "2025-03-04T16:40:00"
                """, Question.class);

        assertThat(question(0)).isEqualTo(expected);
    }

    @Test
    void generatedPatternTemplatesConvertToTheirPrimitives() {
        assertThat(question(1).keywords()).containsExactly("oncology", "targets");
        assertThat(question(1).template()).isEqualTo(template("""
                fields:
                  target: {type: string, description: "The protein the drug inhibits, as an HGNC symbol", ground_truth: BCL2,
                           verify: {primitive: exact, normalizers: []}}
                """));
        assertThat(question(1).rubric()).isEqualTo(SpecReader.read("""
                traits: [{name: mentions_bcl2, kind: regex, description: The response writes the symbol BCL2., pattern: '\\bBCL-?2\\b'}]
                """, Rubric.class));
        assertThat(question(2).template()).isEqualTo(template("""
                fields:
                  element: {type: string, description: The chemical element named in the response, ground_truth: nitrogen,
                            verify: {primitive: exact, normalizers: [strip, lowercase]}}
                  boiling_point_c: {type: number, description: "The boiling point given, in degrees Celsius", ground_truth: -195.8,
                                    verify: {primitive: numeric_tolerance, absolute: 0.5}}
                """));
        assertThat(question(3).template()).isEqualTo(template("""
                fields:
                  symptoms: {type: list, description: The early symptoms the response lists, ground_truth: [fever, cough, fatigue],
                             verify: {primitive: set_containment, mode: equal, normalizers: []}}
                  severity: {type: literal, values: [mild, moderate, severe], description: How severe the response says the illness usually is,
                             ground_truth: moderate, verify: literal}
                  contagious: {type: boolean, description: Whether the response says the illness is contagious, ground_truth: true, verify: boolean}
                """));
        assertThat(question(3).rubric()).isEqualTo(SpecReader.read("""
                dynamic_traits:
                  - {name: recommends_vaccination, kind: boolean, description: The response recommends a yearly flu vaccination., summary: vaccination}
                """, Rubric.class));
        assertThat(question(4).template()).isEqualTo(template("""
                fields:
                  crew_size: {type: integer, description: How many astronauts flew on the mission, ground_truth: 3, verify: numeric_exact}
                  landing_date: {type: date, description: The day the lunar module landed, ground_truth: 1969-07-20, verify: date_exact}
                """));
        assertThat(question(6).id()).isEqualTo("urn:uuid:question-vemurafenib-pathway");
        assertThat(question(6).template()).isEqualTo(template("""
                fields:
                  pathway: {type: string, description: The signalling pathway the response names, ground_truth: mapk,
                            verify: {primitive: exact, normalizers: [strip, lowercase]}}
                """));
        assertThat(question(6).rubric()).isEqualTo(SpecReader.read("""
                traits: [{name: names_kinase, kind: boolean, description: The response names BRAF as the kinase.}]
                """, Rubric.class));
    }

    @Test
    void withoutAnIdTheQuestionGetsTheOneKareninaDerivesFromItsText() {
        assertThat(question(2).id()).isEqualTo("urn:uuid:question-at-what-temperature-does-nitrogen-boil-10f5579a");
        assertThat(QuestionIds.derived("At what temperature does nitrogen boil?")).isEqualTo(question(2).id());
    }

    @Test
    void aTemplateThatIsNotConvertedLeavesTheQuestionWithItsAnswerTraitsAndTheSource() throws IOException {
        Question genes = result.benchmark().questions().stream().filter(q -> q.id().equals("urn:uuid:question-breast-cancer-genes"))
                .findFirst().orElseThrow();
        JsonNode fixture = Json.mapper().readTree(Files.readString(CHECKPOINT));

        assertThat(genes.template()).isNull();
        assertThat(genes.question()).isEqualTo("Which genes are linked to hereditary breast cancer?");
        assertThat(genes.rawAnswer()).isEqualTo("BRCA1, BRCA2 and PALB2.");
        assertThat(genes.rubric()).isEqualTo(SpecReader.read("""
                traits: [{name: hedges, kind: boolean, description: The response says the list is not exhaustive.,
                          deep_judgment: {enabled: true, excerpt_enabled: true}}]
                """, Rubric.class));
        assertThat(genes.metadata().get(DataFeedItemConverter.TEMPLATE_SOURCE).asText())
                .isEqualTo(fixture.at("/dataFeedElement/5/item/hasPart/text").asText())
                .contains("return len(self.genes) > 2");
    }

    @Test
    void aQuestionWithMalformedRatingsKeepsTheGoodOnesAndItsSettings() {
        Question aspirin = question(7);

        assertThat(aspirin.id()).isEqualTo("urn:uuid:question-aspirin-clots");
        assertThat(aspirin.template()).isNull();
        assertThat(aspirin.fewShot()).isEmpty();
        assertThat(aspirin.rubric()).isEqualTo(SpecReader.read("""
                traits:
                  - name: explanation_level
                    kind: literal
                    description: Who the explanation is pitched at.
                    classes: {lay: For a general reader., student: For a student of the field., expert: For a specialist.}
                """, Rubric.class));
        assertThat(aspirin.metadata()).containsOnlyKeys("finished", "answer_notes", "date_created", "date_modified");
        assertThat(aspirin.metadata().get("finished").booleanValue()).isFalse();
        assertThat(aspirin.metadata().get("answer_notes").asText()).isEqualTo("Check the platelet lifespan is mentioned.");
    }

    @Test
    void globalTraitsGoToTheRunConfig() {
        assertThat(result.globalRubric()).isEqualTo(SpecReader.read("""
                traits:
                  - {name: cites_source, kind: boolean, description: The response names a source for its claims.}
                  - {name: no_apology, kind: regex, description: The response does not apologise., pattern: "sorry|apologi[sz]e",
                     case_sensitive: false, invert: true}
                  - name: tone
                    kind: literal
                    description: The register of the response.
                    classes: {formal: "Formal, impersonal register.", neutral: Neither formal nor casual.,
                              casual: "Everyday, conversational register."}
                """, Rubric.class));
        assertThat(ImportedFiles.starterRunConfig(result).globalRubric()).isEqualTo(result.globalRubric());
    }

    @Test
    void theWrittenBenchmarkAndStarterConfigReadBackAndPlanWithoutErrors() {
        assertRoundTripsAndPlans(result);
    }

    @Test
    void aCheckpointWhoseTemplatesAllConvertKeepsTheDefaultEvaluationMode() {
        ImportResult templates = new KareninaImporter().read(FIXTURES.resolve("templates.jsonld"));

        assertThat(templates.report().entries()).extracting(ImportEntry::status).containsOnly(ImportStatus.CONVERTED).hasSize(5);
        assertThat(templates.benchmark().questions()).allSatisfy(question -> assertThat(question.template()).isNotNull());
        assertThat(templates.evaluationMode()).isNull();
        assertThat(templates.globalRubric()).isNull();
        assertThat(templates.report().notes()).containsExactly("checkpoint \"Convertible templates\" version 0.1.0 (format 3.0.0-jsonld), "
                + "created 2025-02-01T08:00:00 by Grace Hopper, 5 items", PROMPT_NOTE);
        assertThat(ImportedFiles.starterRunConfig(templates).effectiveEvaluationMode()).isEqualTo(EvaluationMode.TEMPLATE_AND_RUBRIC);
        assertRoundTripsAndPlans(templates);
    }

    @Test
    void anOlderGuiExportReadsItsUnprefixedTypesLegacyGlobalTraitsAndPlaceholderTemplates() {
        ImportResult legacy = new KareninaImporter().read(FIXTURES.resolve("legacy-gui.json"));

        assertThat(legacy.report().entries()).containsExactly(
                new ImportEntry("dataFeedElement[0]", "urn:uuid:question-what-does-the-acronym-dna-stand-for-28238b5d",
                        ImportStatus.PARTLY_CONVERTED, TemplateReading.placeholder().reasons()),
                new ImportEntry("dataFeedElement[1]", "urn:uuid:question-name-two-noble-gases-ca2ef206",
                        ImportStatus.PARTLY_CONVERTED, TemplateReading.placeholder().reasons()));
        assertThat(legacy.benchmark().questions()).extracting(Question::keywords).containsExactly(List.of("biology"), List.of("chemistry"));
        assertThat(legacy.benchmark().questions().getFirst().rubric()).isEqualTo(SpecReader.read("""
                traits: [{name: Spells it out, kind: boolean, description: The expansion is written in full.}]
                """, Rubric.class));
        assertThat(legacy.globalRubric()).isEqualTo(SpecReader.read("""
                traits:
                  - {name: Safety, kind: boolean, description: The response contains nothing harmful.}
                  - {name: Completeness, kind: score, description: How complete the answer is., min: 1, max: 5}
                  - {name: no_urls, kind: regex, description: No links in the answer., pattern: "https?://", case_sensitive: false, invert: true}
                  - {name: coverage, kind: metric, description: Covers the key facts., mode: full_matrix,
                     tp_instructions: [States the answer.], tn_instructions: [Invents a fact.]}
                """, Rubric.class));
        assertThat(legacy.evaluationMode()).isEqualTo(EvaluationMode.RUBRIC_ONLY);
        assertThat(legacy.report().notes()).contains("no question has a converted template: the starter run config uses evaluation_mode "
                + "rubric_only");
        assertRoundTripsAndPlans(legacy);
    }

    @Test
    void aRawResponseOnlyTemplateBecomesTraitsBesideTheRatingsAndTheOtherTemplatesStayVerified(@TempDir Path dir) throws IOException {
        String regexOnly = "class Answer(BaseAnswer):\n    def model_post_init(self, __context):\n"
                + "        self.regex = {\"cites\": {\"pattern\": r\"\\[\\d+\\]\", \"expected\": 2, \"match_type\": \"count\"}}\n";
        String fixed = "class Answer(BaseAnswer):\n    names_pd1: bool = Field(description=\"Names PD-1\")\n\n"
                + "    def verify(self) -> bool:\n        return self.names_pd1\n";
        Path file = Files.writeString(dir.resolve("regex.jsonld"), """
                {"@type": "DataFeed", "name": "regex",
                 "dataFeedElement": [
                   {"@id": "q1", "item": {"text": "Cite two sources.", "hasPart": {"text": %s},
                      "rating": [{"name": "polite", "description": "Polite.", "bestRating": 1, "worstRating": 0}]}},
                   {"@id": "q2", "item": {"text": "Target of pembrolizumab?", "hasPart": {"text": %s}}}]}
                """.formatted(Json.write(regexOnly), Json.write(fixed)));

        ImportResult imported = new KareninaImporter().read(file);

        Question q1 = imported.benchmark().questions().get(0);
        assertThat(q1.template()).isNull();
        assertThat(q1.evaluationMode()).isEqualTo("rubric_only");
        assertThat(q1.rubric().traits()).extracting(trait -> trait.name() + " " + trait.kind())
                .containsExactly("polite boolean", "cites expression");
        assertThat(q1.metadata()).containsKey("template_source");
        Question q2 = imported.benchmark().questions().get(1);
        assertThat(q2.template()).isNotNull();
        assertThat(q2.evaluationMode()).isNull();
        assertThat(imported.evaluationMode()).isNull();
        assertRoundTripsAndPlans(imported);
    }

    @Test
    void aTemplateWithFieldsAndRawResponseChecksIsVerifiedByBoth(@TempDir Path dir) throws IOException {
        String template = "class Answer(BaseAnswer):\n    target: str = Field(description=\"The target\")\n\n"
                + "    def model_post_init(self, __context):\n        self.correct = {\"target\": \"PD-1\"}\n"
                + "        self.regex = {\"cites\": {\"pattern\": r\"\\[\\d+\\]\", \"expected\": 2, \"match_type\": \"count\"}}\n\n"
                + "    def verify(self) -> bool:\n        return self.target == self.correct[\"target\"]\n";
        Path file = Files.writeString(dir.resolve("both.jsonld"), """
                {"@type": "DataFeed", "name": "both",
                 "dataFeedElement": [
                   {"@id": "q1", "item": {"text": "Target of pembrolizumab? Cite two sources.", "hasPart": {"text": %s},
                      "rating": [{"name": "polite", "description": "Polite.", "bestRating": 1, "worstRating": 0}]}}]}
                """.formatted(Json.write(template)));

        ImportResult imported = new KareninaImporter().read(file);

        Question q1 = imported.benchmark().questions().getFirst();
        assertThat(q1.template().fields()).containsOnlyKeys("target");
        assertThat(q1.rubric().traits()).extracting(trait -> trait.name() + " " + trait.kind())
                .containsExactly("polite boolean", "cites expression");
        // the run's default mode, template_and_rubric: the fields and the checks are both verified
        assertThat(q1.evaluationMode()).isNull();
        assertThat(imported.evaluationMode()).isNull();
        assertThat(imported.report().entries().getFirst().reasons()).containsExactly("template: its raw-response checks "
                + "(self.regex) became 1 expression trait (cites) beside the template, scored each on its own: they do not "
                + "count in the template's verdict");
        assertRoundTripsAndPlans(imported);
    }

    @Test
    void traitNamesAndQuestionIdsStayUniqueBecauseResultsAreReadByThem(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("clashes.jsonld"), """
                {"@type": "DataFeed", "name": "clashes",
                 "rating": [{"name": "concise", "description": "Short.", "bestRating": 1, "worstRating": 0, "additionalType": "GlobalRubricTrait"}],
                 "dataFeedElement": [
                   {"@id": "q1", "item": {"text": "First?", "rating": [
                      {"name": "concise", "description": "Mine.", "bestRating": 1, "worstRating": 0},
                      {"name": "polite", "description": "Polite.", "bestRating": 1, "worstRating": 0},
                      {"name": "polite", "description": "Polite again.", "bestRating": 5, "worstRating": 1}]}},
                   {"@id": "q1", "item": {"text": "Second?"}}]}
                """);

        ImportResult clashes = new KareninaImporter().read(file);

        assertThat(clashes.report().entries()).containsExactly(
                new ImportEntry("dataFeedElement[0]", "q1", ImportStatus.PARTLY_CONVERTED, List.of(
                        "trait \"concise\": a global trait has this name too, and results are read by name; left out",
                        "trait \"polite\": a second trait of this name in the question; left out")),
                ImportEntry.skipped("dataFeedElement[1]", "duplicate id \"q1\" (also dataFeedElement[0])"));
        assertThat(clashes.benchmark().questions().getFirst().rubric()).isEqualTo(SpecReader.read("""
                traits: [{name: polite, kind: boolean, description: Polite.}]
                """, Rubric.class));
        assertThat(clashes.evaluationMode()).isEqualTo(EvaluationMode.RUBRIC_ONLY);
        assertRoundTripsAndPlans(clashes);
    }

    /** What the import writes is what runs: the YAML reads back equal, and the benchmark and starter config plan together. */
    static void assertRoundTripsAndPlans(ImportResult imported) {
        Benchmark back = SpecReader.read(ImportedFiles.benchmarkYaml(imported), Benchmark.class);
        RunConfig config = SpecReader.read(ImportedFiles.runConfigYaml(imported), RunConfig.class);

        assertThat(back).isEqualTo(imported.benchmark());
        assertThat(config).isEqualTo(ImportedFiles.starterRunConfig(imported));
        assertThat(RunSpecs.validate(back, config).problems()).isEmpty();
        assertThat(RunSpecs.validate(imported.benchmark(), ImportedFiles.starterRunConfig(imported)).problems()).isEmpty();
    }

    private Question question(int index) {
        return result.benchmark().questions().get(index);
    }

    private static AnswerTemplate template(String yaml) {
        return SpecReader.read(yaml, AnswerTemplate.class);
    }
}
