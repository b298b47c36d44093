package dev.assay.importers.karenina;

import org.junit.jupiter.api.Test;

import static dev.assay.importers.karenina.KareninaGeneratedTemplateTest.assertConverted;
import static org.assertj.core.api.Assertions.assertThat;

/** Declarative templates: VerifiedField(..., verify_with=<primitive>) mapped primitive by primitive. */
class KareninaVerifiedFieldTemplateTest {

    private static final String HEADER = """
            from typing import Literal

            from karenina.schemas.entities import BaseAnswer, VerifiedField
            from karenina.schemas.primitives import *


            class Answer(BaseAnswer):
            """;

    @Test
    void karenina_sDefaultsAreWrittenOut() {
        // ExactMatch lowercases and strips unless told otherwise; OrderedMatch too; SetContainment and ContainsAny do not
        TemplateReading reading = read("""
                    gene: str = VerifiedField(description="The gene", ground_truth="CFTR", verify_with=ExactMatch())
                    steps: list[str] = VerifiedField(description="The steps", ground_truth=["wash", "dry"], verify_with=OrderedMatch())
                    genes: list[str] = VerifiedField(description="The genes", ground_truth=["BRCA1"], verify_with=SetContainment())
                    text: str = VerifiedField(description="The text", ground_truth="x", verify_with=ContainsAny(substrings=["COX-1", "COX1"]))
                """);

        assertConverted(reading, """
                fields:
                  gene: {type: string, description: The gene, ground_truth: CFTR, verify: {primitive: exact, normalizers: [lowercase, strip]}}
                  steps: {type: list, description: The steps, ground_truth: [wash, dry], verify: {primitive: ordered_match, normalizers: [lowercase, strip]}}
                  genes: {type: list, description: The genes, ground_truth: [BRCA1], verify: {primitive: set_containment, mode: equal, normalizers: []}}
                  text: {type: string, description: The text, ground_truth: x, verify: {primitive: contains_any, terms: [COX-1, COX1], normalizers: []}}
                """);
    }

    @Test
    void parametersMapPrimitiveByPrimitive() {
        TemplateReading reading = read("""
                    name: str = VerifiedField(
                        description="The name",
                        ground_truth="Marie Curie",
                        verify_with=ExactMatch(normalize=["collapse_whitespace", "strip", "remove_punctuation"]),
                        weight=0.5,
                    )
                    code: str = VerifiedField(description="The code", ground_truth="A-12",
                                              verify_with=RegexMatch(pattern=r"^[a-z]-\\d+$", flags=["IGNORECASE"]))
                    kind: Literal["snp", "indel"] = VerifiedField(description="The kind", ground_truth="snp", verify_with=LiteralMatch())
                    ph: float = VerifiedField(description="The pH", ground_truth=7.4,
                                              verify_with=NumericRange(min=7.35, max=7.45, exclusive_max=True))
                    age: int = VerifiedField(description="The age", ground_truth=18, verify_with=NumericMinimum())
                    temp: float = VerifiedField(description="The temperature", ground_truth=38, verify_with=NumericMaximum(exclusive=True))
                    count: int = VerifiedField(description="The count", ground_truth=3, verify_with=NumericExact())
                    dose: float = VerifiedField(description="The dose", ground_truth=1000, verify_with=NumericTolerance(tolerance=50, mode="absolute"))
                    signed: str = VerifiedField(description="The day", ground_truth="1919-06-28", verify_with=DateMatch())
                    landing: str = VerifiedField(description="The landing", ground_truth="1969-07-20", verify_with=DateTolerance(tolerance=1))
                    published: str = VerifiedField(description="The publication day", ground_truth="2020-05-01",
                                                   verify_with=DateRange(min="2020-01-01", max="2020-12-31"))
                    terms: str = VerifiedField(description="The terms", ground_truth="x",
                                               verify_with=ContainsAll(substrings=["aspirin"], normalize=["lowercase"]))
                    approved: bool = VerifiedField(description="Approved", ground_truth=False, verify_with=BooleanMatch())
                """);

        assertConverted(reading, """
                fields:
                  name: {type: string, description: The name, ground_truth: Marie Curie, weight: 0.5,
                         verify: {primitive: exact, normalizers: [collapse_whitespace, strip, remove_punctuation]}}
                  code: {type: string, description: The code, ground_truth: A-12, verify: {primitive: regex, pattern: "^[a-z]-\\\\d+$", flags: [ignore_case]}}
                  kind: {type: literal, values: [snp, indel], description: The kind, ground_truth: snp, verify: literal}
                  ph: {type: number, description: The pH, ground_truth: 7.4, verify: {primitive: numeric_range, min: 7.35, max: 7.45, max_inclusive: false}}
                  age: {type: integer, description: The age, ground_truth: 18, verify: {primitive: numeric_min}}
                  temp: {type: number, description: The temperature, ground_truth: 38, verify: {primitive: numeric_max, inclusive: false}}
                  count: {type: integer, description: The count, ground_truth: 3, verify: numeric_exact}
                  dose: {type: number, description: The dose, ground_truth: 1000, verify: {primitive: numeric_tolerance, absolute: 50}}
                  signed: {type: date, description: The day, ground_truth: 1919-06-28, verify: date_exact}
                  landing: {type: date, description: The landing, ground_truth: 1969-07-20, verify: {primitive: date_tolerance, days: 1}}
                  published: {type: date, description: The publication day, ground_truth: 2020-05-01,
                              verify: {primitive: date_range, from: 2020-01-01, to: 2020-12-31}}
                  terms: {type: string, description: The terms, ground_truth: x, verify: {primitive: contains_all, terms: [aspirin], normalizers: [lowercase]}}
                  approved: {type: boolean, description: Approved, ground_truth: false, verify: boolean}
                """);
    }

    @Test
    void traceFieldsBecomeRegexChecksOnTheRawResponse() {
        TemplateReading reading = read("""
                    target: str = VerifiedField(description="The target", ground_truth="BCL2", verify_with=ExactMatch())
                    cites: bool = VerifiedField(description="Citations", ground_truth=True, verify_with=TraceRegex(pattern=r"\\[\\d+\\]"))
                    unsure: bool = VerifiedField(description="Hedging", ground_truth=False, verify_with=TraceContains(substring="I am not sure (maybe)"))
                """);

        assertConverted(reading, """
                fields:
                  target: {type: string, description: The target, ground_truth: BCL2, verify: {primitive: exact, normalizers: [lowercase, strip]}}
                regex_checks:
                  - {pattern: "\\\\[\\\\d+\\\\]"}
                  - {pattern: "\\\\QI am not sure (maybe)\\\\E", must: not_match}
                """);
    }

    @Test
    void aFlatStrategyOverTheFieldsIsTheComposition() {
        TemplateReading anyOf = read("""
                    a: str = VerifiedField(description="A", ground_truth="x", verify_with=ExactMatch())
                    b: str = VerifiedField(description="B", ground_truth="y", verify_with=ExactMatch())
                    c: str = VerifiedField(description="C", ground_truth="z", verify_with=ExactMatch())

                    class VerificationStrategy:
                        verify_strategy = AtLeastN(n=2, conditions=[FieldCheck(field="a"), FieldCheck(field="b"), FieldCheck(field="c")])
                """);

        assertThat(anyOf.reasons()).isEmpty();
        assertThat(anyOf.template().composition()).hasToString("{\"at_least_n\":2}");
        TemplateReading partial = read("""
                    a: str = VerifiedField(description="A", ground_truth="x", verify_with=ExactMatch())
                    b: str = VerifiedField(description="B", ground_truth="y", verify_with=ExactMatch())

                    class VerificationStrategy:
                        verify_strategy = AnyOf(conditions=[FieldCheck(field="a")])
                """);
        assertThat(partial.template()).isNull();
        assertThat(partial.reasons()).containsExactly("template: AnyOf() over [a] rather than over all the fields [a, b] (line 11: "
                + "`class VerificationStrategy:`); not converted");
    }

    @Test
    void regexChecksCannotSitUnderAnyOf() {
        TemplateReading reading = read("""
                    a: str = VerifiedField(description="A", ground_truth="x", verify_with=ExactMatch())
                    cites: bool = VerifiedField(description="Cites", ground_truth=True, verify_with=TraceRegex(pattern="\\\\[1\\\\]"))

                    class VerificationStrategy:
                        verify_strategy = AnyOf(conditions=[FieldCheck(field="a"), FieldCheck(field="cites")])
                """);

        assertThat(reading.template()).isNull();
        assertThat(reading.reasons()).singleElement().asString()
                .startsWith("template: AnyOf() with raw-response fields [cites]: Assay's regex checks must always pass");
    }

    @Test
    void partsThatDoNotChangeTheVerdictAreLeftOutWithAReason() {
        TemplateReading reading = read("""
                    dose: float = VerifiedField(description="The dose", ground_truth=100.0,
                                                verify_with=NumericGraded(cutoff=0.2, full_credit=0.05))
                    gene: str = VerifiedField(description="The gene", ground_truth="TP53", verify_with=ExactMatch(),
                                              extraction_hint="Use the HGNC symbol")
                """);

        assertThat(reading.template().fields().get("dose").verify()).hasToString("{\"primitive\":\"numeric_tolerance\",\"relative\":0.05}");
        assertThat(reading.reasons()).containsExactly(
                "template: field dose: NumericGraded's partial credit is not converted (pass/fail is the same: within 0.05, relative)",
                "template: field gene: extraction_hint \"Use the HGNC symbol\" is not converted (add it to the description if the judge needs it)");
    }

    @Test
    void primitivesWithoutAFaithfulCounterpartAreNotConverted() {
        assertNotConverted("""
                    answer: str = VerifiedField(description="The answer", ground_truth="heart attack", verify_with=SemanticMatch(threshold=0.9))
                """, "template: field answer: SemanticMatch compares embeddings against a similarity threshold; Assay's semantic "
                + "primitive asks a judge instead (line 8: `answer: str = VerifiedField(");
        assertNotConverted("""
                    genes: list[str] = VerifiedField(description="Genes", ground_truth=["A", "B"], verify_with=SetContainment(mode="overlap", min_overlap=1))
                """, "template: field genes: SetContainment(mode=\"overlap\") has no Assay set_containment mode (line 8: `genes: list[str] = ");
        assertNotConverted("""
                    name: str = VerifiedField(description="Name", ground_truth="x",
                                              verify_with=ExactMatch(normalize=[SynonymMap(mapping={"a": "b"})]))
                """, "template: field name: a SynonymMap normalizer (or another that is not a name) is not mapped (line 8: `name: str = ");
        assertNotConverted("""
                    count: int = VerifiedField(description="Count", ground_truth=3, verify_with=ExactMatch())
                """, "template: field count: ExactMatch is mapped on a str or Literal field with a text ground truth only (line 8: "
                + "`count: int = VerifiedField(description=\"Count\", ground_truth=3, verify_with=ExactMatch())`)");
    }

    @Test
    void codeNextToVerifiedFieldsIsNotConverted() {
        assertNotConverted("""
                    gene: str = VerifiedField(description="The gene", ground_truth="CFTR", verify_with=ExactMatch())
                    note: str = Field(description="Anything else")
                """, "template: field note is not a VerifiedField: Karenina extracts it without checking it, and Assay checks every "
                + "field (line 9: `note: str = Field(description=\"Anything else\")`)");
        assertNotConverted("""
                    gene: str = VerifiedField(description="The gene", ground_truth="CFTR", verify_with=ExactMatch())

                    def verify(self) -> bool:
                        return True
                """, "template: method verify() next to VerifiedField fields (Karenina derives verify() from the fields; a method of "
                + "its own changes that) (line 10: `def verify(self) -> bool:`)");
    }

    private static TemplateReading read(String body) {
        return PythonTemplateReader.read(HEADER + body);
    }

    /** Long statements are quoted cut short, so the reason is checked from its start. */
    private static void assertNotConverted(String body, String reasonStart) {
        TemplateReading reading = read(body);
        assertThat(reading.template()).isNull();
        assertThat(reading.reasons()).singleElement().asString().startsWith(reasonStart).endsWith("; not converted");
    }
}
