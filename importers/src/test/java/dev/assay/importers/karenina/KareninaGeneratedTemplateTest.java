package dev.assay.importers.karenina;

import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.trait.TraitExpressions;
import dev.assay.common.validation.SpecReader;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Templates in Karenina's generated pattern: self.correct and a verify() comparing fields with it. */
class KareninaGeneratedTemplateTest {

    private static final String HEADER = """
            from typing import Literal, Optional

            from pydantic import Field

            from karenina.schemas.entities import BaseAnswer


            """;

    @Test
    void aPlainEqualityIsAnExactMatchWithoutNormalizers() {
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    target: str = Field(description="The protein target")

                    def model_post_init(self, __context):
                        self.correct = {"target": "BCL2"}

                    def verify(self) -> bool:
                        return self.target == self.correct["target"]
                """);

        assertConverted(reading, """
                fields:
                  target: {type: string, description: The protein target, ground_truth: BCL2, verify: {primitive: exact, normalizers: []}}
                """);
    }

    @Test
    void stringMethodsOnTheParsedSideBecomeNormalizersWhenTheGroundTruthIsAlreadyInThatForm() {
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    value: str = Field(description="The value")

                    def model_post_init(self, __context):
                        self.correct = {"value": "42"}

                    def verify(self) -> bool:
                        return self.value.strip() == self.correct["value"]
                """);

        assertConverted(reading, """
                fields:
                  value: {type: string, description: The value, ground_truth: "42", verify: {primitive: exact, normalizers: [strip]}}
                """);
    }

    @Test
    void upperCaseOnBothSidesIsACaseInsensitiveMatch() {
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    target: str = Field(description="The protein target")

                    def model_post_init(self, __context):
                        self.correct = {"target": "bcl2"}

                    def verify(self) -> bool:
                        return self.target.strip().upper() == self.correct["target"].upper()
                """);

        assertConverted(reading, """
                fields:
                  target: {type: string, description: The protein target, ground_truth: bcl2, verify: {primitive: exact, normalizers: [strip, lowercase]}}
                """);
    }

    @Test
    void aGroundTruthNormalizedOnlyOnItsOwnSideIsWrittenNormalized() {
        // Python compares the raw field with "42": Assay must compare with "42" too, not strip the field
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    value: str = Field(description="The value")

                    def model_post_init(self, __context):
                        self.correct = {"value": " 42 "}

                    def verify(self) -> bool:
                        return self.value == self.correct["value"].strip()
                """);

        assertConverted(reading, """
                fields:
                  value: {type: string, description: The value, ground_truth: "42", verify: {primitive: exact, normalizers: []}}
                """);
    }

    @Test
    void aComparisonThatCanNeverPassIsNotConverted() {
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    target: str = Field(description="The protein target")

                    def model_post_init(self, __context):
                        self.correct = {"target": "BCL2"}

                    def verify(self) -> bool:
                        return self.target.lower() == self.correct["target"]
                """);

        assertThat(reading.template()).isNull();
        assertThat(reading.reasons()).containsExactly("template: verify() can never pass: field target after [lower] is compared with "
                + "\"BCL2\", which those methods would change (line 15: `return self.target.lower() == self.correct[\"target\"]`); "
                + "not converted");
    }

    @Test
    void orJoinedComparisonsAreAnyOfAndLocalsAreFollowed() {
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    city: str = Field(description="The city named")
                    country: str = Field(description="The country named")

                    def model_post_init(self, __context):
                        self.correct = {"city": "Paris", "country": "France"}

                    def verify(self) -> bool:
                        \"\"\"Either is enough.\"\"\"
                        city_ok = self.city == self.correct["city"]
                        return city_ok or self.country == self.correct["country"]
                """);

        assertConverted(reading, """
                fields:
                  city: {type: string, description: The city named, ground_truth: Paris, verify: {primitive: exact, normalizers: []}}
                  country: {type: string, description: The country named, ground_truth: France, verify: {primitive: exact, normalizers: []}}
                composition: any_of
                """);
    }

    @Test
    void numbersBooleansListsLiteralsAndDatesMapToTheirPrimitives() {
        TemplateReading reading = read("""
                from datetime import date

                class Answer(BaseAnswer):
                    count: int = Field(description="The count")
                    ratio: float = Field(description="The ratio")
                    approved: bool = Field(description="Whether it is approved")
                    steps: list[str] = Field(description="The steps, in order")
                    primes: list[int] = Field(description="The primes listed")
                    grade: Literal["low", "high"] = Field(description="The grade")
                    signed: date = Field(description="The day it was signed")
                    dose: Optional[float] = Field(default=None, description="The dose, if given")

                    def model_post_init(self, __context):
                        self.correct = {"count": 8.0, "ratio": 0.75, "approved": True, "steps": ["wash", "dry"],
                                        "primes": [2, 3, 5], "grade": "high", "signed": date(1919, 6, 28), "dose": 500}

                    def verify(self) -> bool:
                        return (self.count == self.correct["count"] and self.ratio == self.correct["ratio"]
                                and self.approved is True and self.steps == self.correct["steps"]
                                and set(self.primes) >= set(self.correct["primes"]) and self.grade == self.correct["grade"]
                                and self.signed == self.correct["signed"] and self.dose <= self.correct["dose"])
                """);

        assertConverted(reading, """
                fields:
                  count: {type: integer, description: The count, ground_truth: 8, verify: numeric_exact}
                  ratio: {type: number, description: The ratio, ground_truth: 0.75, verify: numeric_exact}
                  approved: {type: boolean, description: Whether it is approved, ground_truth: true, verify: boolean}
                  steps: {type: list, description: "The steps, in order", ground_truth: [wash, dry], verify: {primitive: ordered_match, normalizers: []}}
                  primes: {type: list, items: number, description: The primes listed, ground_truth: [2, 3, 5], verify: {primitive: set_containment, mode: superset}}
                  grade: {type: literal, values: [low, high], description: The grade, ground_truth: high, verify: literal}
                  signed: {type: date, description: The day it was signed, ground_truth: 1919-06-28, verify: date_exact}
                  dose: {type: number, nullable: true, description: "The dose, if given", ground_truth: 500, verify: numeric_max}
                """);
    }

    @Test
    void anAbsoluteToleranceFromAnAttributeOrALiteralIsNumericTolerance() {
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    temperature: float = Field(description="The temperature in Celsius")
                    pairs: int = Field(description="The number of chromosome pairs")

                    def ground_truth(self):
                        self.correct = {"temperature": 37.0, "pairs": 23}
                        self.tolerance = 0.5

                    def verify(self) -> bool:
                        warm = abs(self.temperature - self.correct["temperature"]) <= self.tolerance
                        return warm and 0 >= abs(self.correct["pairs"] - self.pairs)
                """);

        assertConverted(reading, """
                fields:
                  temperature: {type: number, description: The temperature in Celsius, ground_truth: 37.0, verify: {primitive: numeric_tolerance, absolute: 0.5}}
                  pairs: {type: integer, description: The number of chromosome pairs, ground_truth: 23, verify: numeric_exact}
                """);
    }

    @Test
    void aStrictToleranceIsNotConvertedBecauseAssayIncludesTheBoundary() {
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    temperature: float = Field(description="The temperature in Celsius")

                    def model_post_init(self, __context):
                        self.correct = {"temperature": 37.0}

                    def verify(self) -> bool:
                        return abs(self.temperature - self.correct["temperature"]) < 0.5
                """);

        assertThat(reading.template()).isNull();
        assertThat(reading.reasons()).singleElement().asString()
                .startsWith("template: verify() uses a strict tolerance (<); Assay's numeric_tolerance includes the boundary (line 15:");
    }

    @Test
    void aSubstringTestIsContainsAny() {
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    discovery: str = Field(description="When penicillin was discovered")
                    genes: list[str] = Field(description="The genes named")

                    def model_post_init(self, __context):
                        self.correct = {"discovery": "1928"}

                    def verify(self) -> bool:
                        return self.correct["discovery"] in self.discovery.lower() and "TP53" in self.genes
                """);

        assertConverted(reading, """
                fields:
                  discovery: {type: string, description: When penicillin was discovered, ground_truth: "1928", verify: {primitive: contains_any, normalizers: [lowercase]}}
                  genes: {type: list, description: The genes named, verify: {primitive: contains_any, terms: [TP53], normalizers: []}}
                """);
    }

    @Test
    void aBooleanFieldMayBeTheConditionItself() {
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    mentions_risk: bool = Field(description="The response mentions the risk")
                    speculates: bool = Field(description="The response speculates")

                    def model_post_init(self, __context):
                        self.correct = {}

                    def verify(self) -> bool:
                        return self.mentions_risk and not self.speculates
                """);

        assertConverted(reading, """
                fields:
                  mentions_risk: {type: boolean, description: The response mentions the risk, ground_truth: true, verify: boolean}
                  speculates: {type: boolean, description: The response speculates, ground_truth: false, verify: boolean}
                """);
    }

    @Test
    void withoutAGroundTruthMethodVerifyMayCompareWithFixedValues() {
        // Karenina's own docs write templates so: the expected values live in verify() itself
        assertConverted(read("""
                class Answer(BaseAnswer):
                    identifies_pd1_target: bool = Field(description="True if the response names PD-1 as the target")

                    def verify(self) -> bool:
                        return self.identifies_pd1_target
                """), """
                fields:
                  identifies_pd1_target: {type: boolean, description: True if the response names PD-1 as the target,
                                          ground_truth: true, verify: boolean}
                """);
        assertConverted(read("""
                class Answer(BaseAnswer):
                    target: str = Field(description="The target")
                    trials: int = Field(description="The number of phase 3 trials")
                    off_label: bool = Field(description="Mentions off-label use")

                    def verify(self) -> bool:
                        return self.target.strip().lower() == "pd-1" and self.trials >= 3 and self.off_label == False
                """), """
                fields:
                  target: {type: string, description: The target, ground_truth: pd-1, verify: {primitive: exact, normalizers: [strip, lowercase]}}
                  trials: {type: integer, description: The number of phase 3 trials, ground_truth: 3, verify: numeric_min}
                  off_label: {type: boolean, description: Mentions off-label use, ground_truth: false, verify: boolean}
                """);
        assertNotConverted("""
                class Answer(BaseAnswer):
                    target: str = Field(description="The target")

                    def verify(self) -> bool:
                        return self.target == self.correct["target"]
                """, "template: verify() reads self.correct[\"target\"], but no ground truth is set (no model_post_init() or "
                + "ground_truth()) (line 12: `return self.target == self.correct[\"target\"]`); not converted");
    }

    @Test
    void aTemplateOfRawResponseChecksOnlyBecomesTraitsThatJudgeAsKareninasFindall() {
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    def model_post_init(self, __context):
                        self.regex = {
                            "dose": {"pattern": r"(\\d+) mg", "expected": "500"},
                            "mentions_liver": {"pattern": r"liver", "expected": "liver", "match_type": "contains"},
                            "two_citations": {"pattern": r"\\[\\d+\\]", "expected": 2, "match_type": "count"},
                            "both_drugs": {"pattern": r"aspirin|ibuprofen", "expected": ["aspirin", "ibuprofen"], "match_type": "all"},
                        }

                    def verify(self) -> bool:
                        return True
                """);

        assertThat(reading.template()).isNull();
        assertThat(reading.traits()).extracting(RubricTrait::name)
                .containsExactly("dose", "mentions_liver", "two_citations", "both_drugs");
        assertThat(reading.reasons()).containsExactly("template: its raw-response checks (self.regex) became 4 expression traits "
                + "(dose, mentions_liver, two_citations, both_drugs), scored each on its own; an Assay template needs a field");
        // what Python's re.findall makes of each response, check by check
        assertThat(verdicts(reading, "Take 500 mg [1] of aspirin or ibuprofen; mind the liver [2]."))
                .containsExactly(true, true, true, true);
        assertThat(verdicts(reading, "Take 500 mg, then 250 mg [1] of aspirin [2] [3]; aspirin again."))
                .containsExactly(false, false, false, false);
        // Unicode digits count as Python's \d does
        assertThat(verdicts(reading, "Take ٥٠٠ mg or 500 mg")).first().isEqualTo(false);
        assertThat(verdicts(reading, "Take ٥ mg")).first().isEqualTo(false);
    }

    @Test
    void rawResponseChecksWithoutAFaithfulFormAreNotConverted() {
        assertNotConverted("""
                class Answer(BaseAnswer):
                    def model_post_init(self, __context):
                        self.regex = {"n": {"pattern": r"(\\d+)-(\\d+)", "expected": "1", "match_type": "contains"}}
                """, "template: self.regex[\"n\"]: pattern '(\\d+)-(\\d+)' has 2 groups, so findall gives tuples "
                + "(line 10: `self.regex = {\"n\": {\"pattern\": r\"(\\d+)-(\\d+)\", \"expected\": \"1\", \"match_type\": \"contains\"}}`); "
                + "not converted");
        assertNotConverted("""
                class Answer(BaseAnswer):
                    def model_post_init(self, __context):
                        self.regex = {"n": {"pattern": r"\\d+", "expected": 42, "match_type": "exact"}}
                """, "template: self.regex[\"n\"]: expected 42 is not text, and the matches are texts, so it can never pass "
                + "(line 10: `self.regex = {\"n\": {\"pattern\": r\"\\d+\", \"expected\": 42, \"match_type\": \"exact\"}}`); "
                + "not converted");
    }

    private static List<Boolean> verdicts(TemplateReading reading, String response) {
        return reading.traits().stream().map(trait -> (Boolean) TraitExpressions.compile(trait.expression(), Set.of())
                .evaluate(response, null, Map.of(), Map.of(), List.of())).toList();
    }

    @Test
    void verifyGranularIsLeftOutButTheVerdictConverts() {
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    target: str = Field(description="The protein target")

                    def model_post_init(self, __context):
                        self.correct = {"target": "BCL2"}

                    def verify(self) -> bool:
                        return self.target == self.correct["target"]

                    def verify_granular(self) -> float:
                        return 1.0 if self.verify() else 0.0
                """);

        assertThat(reading.template()).isNotNull();
        assertThat(reading.reasons()).containsExactly("template: verify_granular() is not converted; Assay's granular score is the "
                + "weighted mean of the field scores");
    }

    @Test
    void whatVerifyDoesBeyondComparingIsReportedWithItsLine() {
        assertNotConverted("""
                class Answer(BaseAnswer):
                    genes: list[str] = Field(description="The genes")

                    def model_post_init(self, __context):
                        self.correct = {"genes": ["BRCA1", "BRCA2"]}

                    def verify(self) -> bool:
                        return len(self.genes) > 2
                """, "template: verify() does more than compare fields to self.correct (line 15: `return len(self.genes) > 2`); not converted");
        assertNotConverted("""
                class Answer(BaseAnswer):
                    genes: list[str] = Field(description="The genes")

                    def model_post_init(self, __context):
                        self.correct = {"genes": ["BRCA1", "BRCA2"]}

                    def verify(self) -> bool:
                        if not self.genes:
                            return False
                        return set(self.genes) == set(self.correct["genes"])
                """, "template: verify() does more than compare fields to self.correct (line 15: `if not self.genes:`); not converted");
    }

    @Test
    void everyFieldMustBeCheckedExactlyOnce() {
        assertNotConverted("""
                class Answer(BaseAnswer):
                    target: str = Field(description="The protein target")
                    notes: str = Field(description="Anything else")

                    def model_post_init(self, __context):
                        self.correct = {"target": "BCL2"}

                    def verify(self) -> bool:
                        return self.target == self.correct["target"]
                """, "template: verify() never checks field notes, which Assay would check (it checks every field) (line 16: "
                + "`return self.target == self.correct[\"target\"]`); not converted");
        assertNotConverted("""
                class Answer(BaseAnswer):
                    target: str = Field(description="The protein target")

                    def model_post_init(self, __context):
                        self.correct = {"target": "BCL2"}

                    def verify(self) -> bool:
                        return self.target == self.correct["target"] and self.target.lower() == "bcl2"
                """, "template: verify() checks field target twice; an Assay template checks each field once (line 15: "
                + "`return self.target == self.correct[\"target\"] and self.target.lower() == \"bcl2\"`); not converted");
    }

    @Test
    void fieldsWithRawResponseChecksBecomeTheTemplateAndOneTraitPerCheck() {
        // as Karenina's template generator writes one: the fields for the judge, self.correct, and
        // self.regex checks on the raw response that must pass as well
        TemplateReading reading = read("""
                class Answer(BaseAnswer):
                    drug: str = Field(description="The drug the response recommends")
                    dose_mg: int = Field(description="The daily dose in milligrams")

                    def model_post_init(self, __context):
                        self.correct = {"drug": "metformin", "dose_mg": 500}
                        self.regex = {
                            "states_dose": {"pattern": r"(\\d+) mg", "expected": "500", "match_type": "exact"},
                            "cites_twice": {"pattern": r"\\[\\d+\\]", "expected": 2, "match_type": "count"},
                        }

                    def verify(self) -> bool:
                        return self.drug.strip().lower() == self.correct["drug"] and self.dose_mg == self.correct["dose_mg"]
                """);

        assertThat(reading.template()).isEqualTo(SpecReader.read("""
                fields:
                  drug: {type: string, description: The drug the response recommends, ground_truth: metformin,
                         verify: {primitive: exact, normalizers: [strip, lowercase]}}
                  dose_mg: {type: integer, description: The daily dose in milligrams, ground_truth: 500,
                            verify: numeric_exact}
                """, AnswerTemplate.class));
        assertThat(reading.traits()).extracting(RubricTrait::name).containsExactly("states_dose", "cites_twice");
        assertThat(reading.reasons()).containsExactly("template: its raw-response checks (self.regex) became 2 expression traits "
                + "(states_dose, cites_twice) beside the template, scored each on its own: they do not count in the template's verdict");
        // each check asks what Python's re.findall makes of the response, as for a template of checks alone
        assertThat(verdicts(reading, "Take metformin, 500 mg a day [1] [2].")).containsExactly(true, true);
        assertThat(verdicts(reading, "Take metformin, 500 mg, later 1000 mg a day [1].")).containsExactly(false, false);
    }

    @Test
    void rawResponseChecksBesideFieldsThatCannotConvertLeaveTheTemplateUnconverted() {
        assertNotConverted("""
                class Answer(BaseAnswer):
                    year: str = Field(description="The year")

                    def model_post_init(self, __context):
                        self.correct = {"year": "1928"}
                        self.regex = {"year": {"pattern": r"\\b1928\\b", "expected": "1928", "match_type": "exact"}}

                    def verify(self) -> bool:
                        return self.year == self.correct["year"]
                """, "template: self.regex[\"year\"]: pattern '\\b1928\\b': \\b (Unicode word boundary) has no RE2 form: "
                + "RE2's is ASCII-only (line 13: "
                + "`self.regex = {\"year\": {\"pattern\": r\"\\b1928\\b\", \"expected\": \"1928\", \"match_type\": \"exact\"}}`); "
                + "not converted");
    }

    @Test
    void helperMethodsAreNotFollowed() {
        assertNotConverted("""
                class Answer(BaseAnswer):
                    target: str = Field(description="The protein target")

                    def model_post_init(self, __context):
                        self.correct = {"target": "BCL2"}

                    def _check_target(self) -> bool:
                        return "bcl" in self.target.lower()

                    def verify(self) -> bool:
                        return self._check_target()
                """, "template: method _check_target() is not part of the generated pattern (line 14: `def _check_target(self) -> bool:`); "
                + "not converted");
    }

    @Test
    void typesAndValuesWithoutAnAssayFormAreNotConverted() {
        assertNotConverted("""
                class Answer(BaseAnswer):
                    doses: dict[str, float] = Field(description="Doses by drug")

                    def model_post_init(self, __context):
                        self.correct = {"doses": {"aspirin": 75.0}}

                    def verify(self) -> bool:
                        return self.doses == self.correct["doses"]
                """, "template: field doses: its type has no Assay field type (Assay has str, int, float, bool, date, list[str], "
                + "list[int|float], Literal[...]); not converted");
        assertNotConverted("""
                from datetime import date

                class Answer(BaseAnswer):
                    signed: date = Field(description="The day it was signed")

                    def model_post_init(self, __context):
                        self.correct = {"signed": "1919-06-28"}

                    def verify(self) -> bool:
                        return self.signed == self.correct["signed"]
                """, "template: verify() compares date field signed with something that is not a date(...), which is never equal "
                + "(line 17: `return self.signed == self.correct[\"signed\"]`); not converted");
        assertNotConverted("""
                class Answer(BaseAnswer):
                    count: int = Field(description="The count", ge=0)

                    def model_post_init(self, __context):
                        self.correct = {"count": 3}

                    def verify(self) -> bool:
                        return self.count == self.correct["count"]
                """, "template: field count: Field(ge=...) has no Assay equivalent (line 9: `count: int = Field(description=\"The count\", "
                + "ge=0)`); not converted");
    }

    @Test
    void theDefaultPlaceholderIsLeftOutAsNoTemplate() {
        TemplateReading reading = PythonTemplateReader.read("""
                class Answer(BaseAnswer):
                    \"\"\"Answer template for: What is 2+2?...\"\"\"

                    response: str = Field(description="The answer response")

                    def verify(self) -> bool:
                        # Default template: returns False to indicate custom verification needed
                        return False
                """);

        assertThat(reading).isEqualTo(TemplateReading.placeholder());
    }

    @Test
    void textThatIsNotPythonTheReaderFollowsIsReportedWithItsLine() {
        assertNotConverted("""
                class Answer(BaseAnswer):
                    target: str = Field(description="The protein target"

                    def verify(self) -> bool:
                        return True
                """, "template: not read as Python (line 9: a bracket opened here is never closed); not converted");
        assertNotConverted("""
                class Answer(BaseAnswer):
                    target: str = Field(description=f"The {kind} target")

                    def model_post_init(self, __context):
                        self.correct = {"target": "BCL2"}

                    def verify(self) -> bool:
                        return self.target == self.correct["target"]
                """, "template: an f-string is not read by the template reader (line 9: `target: str = Field(description=f\"The {kind} target\")`); "
                + "not converted");
        assertNotConverted("""
                import os

                os.system("echo never run")

                class Answer(BaseAnswer):
                    target: str = Field(description="The protein target")
                """, "template: code outside the answer class (line 10: `os.system(\"echo never run\")`); not converted");
    }

    static TemplateReading read(String body) {
        return PythonTemplateReader.read(HEADER + body);
    }

    static void assertConverted(TemplateReading reading, String expectedYaml) {
        assertThat(reading.reasons()).isEmpty();
        assertThat(reading.template()).isEqualTo(SpecReader.read(expectedYaml, AnswerTemplate.class));
    }

    private static void assertNotConverted(String body, String reason) {
        TemplateReading reading = read(body);
        assertThat(reading.template()).isNull();
        assertThat(reading.reasons()).containsExactly(reason);
    }
}
