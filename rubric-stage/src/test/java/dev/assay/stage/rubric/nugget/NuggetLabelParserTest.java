package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.NuggetParseError;
import dev.assay.common.nugget.SupportLabel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static dev.assay.common.nugget.NuggetOutputFormat.ADAPTIVE;
import static dev.assay.common.nugget.NuggetOutputFormat.CSV;
import static dev.assay.common.nugget.NuggetOutputFormat.JSON;
import static dev.assay.common.nugget.NuggetOutputFormat.MARKDOWN;
import static dev.assay.common.nugget.NuggetOutputFormat.XML;
import static dev.assay.common.nugget.NuggetOutputFormat.YAML;
import static dev.assay.common.nugget.SupportLabel.NOT_SUPPORT;
import static dev.assay.common.nugget.SupportLabel.PARTIAL_SUPPORT;
import static dev.assay.common.nugget.SupportLabel.SUPPORT;
import static org.assertj.core.api.Assertions.assertThat;

class NuggetLabelParserTest {

    private static final List<SupportLabel> THREE = List.of(SUPPORT, NOT_SUPPORT, PARTIAL_SUPPORT);

    private static void assertRead(ParsedLabels parsed, String format, List<SupportLabel> labels) {
        assertThat(parsed.error()).as(parsed.detail()).isEqualTo(NuggetParseError.NONE);
        assertThat(parsed.format()).isEqualTo(format);
        assertThat(parsed.labels()).containsExactlyElementsOf(labels);
        assertThat(parsed.found()).isEqualTo(labels.size());
        assertThat(parsed.detail()).isNull();
    }

    // --- each format, asked for ---

    @Test
    void jsonObjectBareArrayAndPythonList() {
        assertRead(NuggetLabelParser.parse("{\"labels\": [\"support\", \"not_support\", \"partial_support\"]}", JSON, 3), "json", THREE);
        assertRead(NuggetLabelParser.parse("Here you go:\n```json\n[\"support\", \"not_support\", \"partial_support\"]\n```", JSON, 3),
                "json", THREE);
        // the classic nugget prompt asks for a "list"; models answer with Python's quotes
        assertRead(NuggetLabelParser.parse("['support', 'not_support', 'partial_support',]", JSON, 3), "json", THREE);
        assertRead(NuggetLabelParser.parse("[{\"nugget\": 1, \"label\": \"support\"}, {\"nugget\": 2, \"label\": \"no\"},"
                + " {\"nugget\": 3, \"label\": \"partial\"}]", JSON, 3), "json", THREE);
        assertRead(NuggetLabelParser.parse("{\"1\": \"support\", \"2\": \"not_support\", \"3\": \"partial_support\"}", JSON, 3), "json",
                THREE);
        assertRead(NuggetLabelParser.parse("[true, false]", JSON, 2), "json", List.of(SUPPORT, NOT_SUPPORT));
    }

    @Test
    void jsonTakesTheLastLabelListAndIgnoresOtherJson() {
        String answer = "Nugget [1] is covered, see {\"note\": 1}. Draft: [\"support\"]\nFinal: {\"labels\": [\"not_support\", \"support\"]}";
        assertRead(NuggetLabelParser.parse(answer, JSON, 2), "json", List.of(NOT_SUPPORT, SUPPORT));
    }

    @Test
    void markdownNumberedListBulletsAndTables() {
        assertRead(NuggetLabelParser.parse("1. support\n2. not_support\n3. partial_support", MARKDOWN, 3), "markdown", THREE);
        assertRead(NuggetLabelParser.parse("- **Support**\n- *not supported*\n- `partially supported`", MARKDOWN, 3), "markdown", THREE);
        assertRead(NuggetLabelParser.parse("1) Paris is the capital: support\n2) Population — not_support\n3) partial_support - founded early",
                MARKDOWN, 3), "markdown", THREE);
        assertRead(NuggetLabelParser.parse("""
                | # | Nugget | Label |
                |---|--------|-------|
                | 1 | Paris is the capital | support |
                | 2 | It has 2M people | not_support |
                | 3 | Founded in 3rd century BC | partial_support |
                """, MARKDOWN, 3), "markdown", THREE);
    }

    @Test
    void markdownReadsTheLastRunOfLabelLines() {
        String answer = """
                1. The response names Paris: support
                2. It gives no population: not_support

                Labels:
                1. support
                2. not_support
                3. partial_support
                """;
        assertRead(NuggetLabelParser.parse(answer, MARKDOWN, 3), "markdown", THREE);
    }

    @Test
    void csvWithAndWithoutHeaderAndQuotes() {
        assertRead(NuggetLabelParser.parse("index,label\n1,support\n2,not_support\n3,partial_support", CSV, 3), "csv", THREE);
        assertRead(NuggetLabelParser.parse("```csv\n1, support\n2, \"not supported\"\n3,partial\n```", CSV, 3), "csv", THREE);
        assertRead(NuggetLabelParser.parse("1,\"Paris, the capital\",support\n2,population,no", CSV, 2), "csv", List.of(SUPPORT, NOT_SUPPORT));
    }

    @Test
    void yamlBlockListMappingAndFlowList() {
        assertRead(NuggetLabelParser.parse("```yaml\nlabels:\n  - support\n  - not_support\n  - partial_support\n```", YAML, 3), "yaml", THREE);
        assertRead(NuggetLabelParser.parse("labels:\n  1: support\n  2: \"no\"  # not stated\n  3: partial", YAML, 3), "yaml", THREE);
        assertRead(NuggetLabelParser.parse("labels: [support, 'not_support', \"partial_support\"]", YAML, 3), "yaml", THREE);
    }

    @Test
    void xmlWithWrapperAttributesAndBareLabels() {
        assertRead(NuggetLabelParser.parse("<labels>\n  <label>support</label>\n  <label>not_support</label>\n"
                + "  <label>partial_support</label>\n</labels>", XML, 3), "xml", THREE);
        assertRead(NuggetLabelParser.parse("<LABELS><label index=\"1\">Support</label><label index=\"2\">no</label>"
                + "<label index=\"3\"><![CDATA[partial]]></label></LABELS>", XML, 3), "xml", THREE);
        assertRead(NuggetLabelParser.parse("<label>support</label> <label>not_support</label>", XML, 2), "xml", List.of(SUPPORT, NOT_SUPPORT));
        // labels without their elements are not the format asked for; an empty wrapper holds no labels (issue 16: not a truncation)
        assertThat(NuggetLabelParser.parse("<labels>support, no</labels>", XML, 2).error()).isEqualTo(NuggetParseError.FORMAT_ERROR);
        assertThat(NuggetLabelParser.parse("<labels>\n</labels>", XML, 2).error()).isEqualTo(NuggetParseError.FORMAT_ERROR);
    }

    // --- adaptive and mixed answers ---

    @Test
    void adaptiveReadsAnyFormatAndNamesIt() {
        assertRead(NuggetLabelParser.parse("{\"labels\": [\"support\", \"not_support\", \"partial_support\"]}", ADAPTIVE, 3), "json", THREE);
        assertRead(NuggetLabelParser.parse("<labels><label>support</label><label>no</label><label>partial</label></labels>", ADAPTIVE, 3),
                "xml", THREE);
        assertRead(NuggetLabelParser.parse("labels:\n- support\n- no\n- partial", ADAPTIVE, 3), "yaml", THREE);
        assertRead(NuggetLabelParser.parse("1. support\n2. no\n3. partial", ADAPTIVE, 3), "markdown", THREE);
        assertRead(NuggetLabelParser.parse("1,support\n2,no\n3,partial", ADAPTIVE, 3), "csv", THREE);
    }

    @Test
    void aMixedAnswerIsReadByItsJson() {
        String answer = "index,label\n1,not_support\n2,not_support\n3,not_support\n\n{\"labels\": [\"support\", \"not_support\", \"partial_support\"]}";
        assertRead(NuggetLabelParser.parse(answer, ADAPTIVE, 3), "json", THREE);
        assertRead(NuggetLabelParser.parse(answer, JSON, 3), "json", THREE);
        // asked for CSV, the CSV is what counts
        assertRead(NuggetLabelParser.parse(answer, CSV, 3), "csv", List.of(NOT_SUPPORT, NOT_SUPPORT, NOT_SUPPORT));
    }

    @Test
    void anAnswerInAnotherFormatThanAskedIsAFormatErrorNamingTheFormatFound() {
        ParsedLabels parsed = NuggetLabelParser.parse("index,label\n1,support\n2,not_support", JSON, 2);

        assertThat(parsed.error()).isEqualTo(NuggetParseError.FORMAT_ERROR);
        assertThat(parsed.labels()).isEmpty();
        assertThat(parsed.format()).isNull();
        assertThat(parsed.detail()).isEqualTo("no json labels in the answer (it has csv labels instead)");
        assertThat(NuggetLabelParser.parse("<labels><label>support</label></labels>", YAML, 1).detail())
                .isEqualTo("no yaml labels in the answer (it has xml labels instead)");
    }

    // --- reasoning ---

    @Test
    void reasoningBlocksAreIgnoredEvenWhenTheyHoldADecoyList() {
        String answer = """
                <think>
                Maybe the answer is ["not_support", "not_support"]. No wait, let me check again.
                </think>
                <REASONING>1. support
                2. support</REASONING>
                {"labels": ["support", "partial_support"]}""";

        assertRead(NuggetLabelParser.parse(answer, JSON, 2), "json", List.of(SUPPORT, PARTIAL_SUPPORT));
        assertRead(NuggetLabelParser.parse(answer.replace("{\"labels\": [\"support\", \"partial_support\"]}", "1. no\n2. yes"), ADAPTIVE, 2),
                "markdown", List.of(NOT_SUPPORT, SUPPORT));
    }

    @Test
    void anUnclosedOrUnopenedReasoningTagHidesItsSide() {
        // the judge was cut off while thinking: nothing after the opening tag is an answer
        ParsedLabels cut = NuggetLabelParser.parse("<think>The labels are [\"support\"]", JSON, 1);
        assertThat(cut.error()).isEqualTo(NuggetParseError.FORMAT_ERROR);
        // the chat template opened the block: everything before the closing tag is reasoning
        assertRead(NuggetLabelParser.parse("so [\"not_support\"] maybe</think>\n[\"support\"]", JSON, 1), "json", List.of(SUPPORT));
        assertThat(NuggetLabelParser.stripReasoning("a<think>x</think>b<Reasoning attr=\"1\">\ny\n</reasoning>c")).isEqualTo("abc");
    }

    // --- synonyms ---

    @ParameterizedTest
    @CsvSource({
            "support, SUPPORT", "SUPPORTED, SUPPORT", "Yes, SUPPORT", "true, SUPPORT",
            "partial, PARTIAL_SUPPORT", "partially_supported, PARTIAL_SUPPORT", "Partial_Support, PARTIAL_SUPPORT",
            "partially supported, PARTIAL_SUPPORT", "Partially-Supported, PARTIAL_SUPPORT",
            "no, NOT_SUPPORT", "FALSE, NOT_SUPPORT", "unsupported, NOT_SUPPORT", "none, NOT_SUPPORT",
            "not_support, NOT_SUPPORT", "Not Supported, NOT_SUPPORT", "not-support, NOT_SUPPORT"})
    void synonymsInAnyCase(String word, SupportLabel label) {
        assertRead(NuggetLabelParser.parse("[\"" + word + "\"]", JSON, 1), "json", List.of(label));
        assertRead(NuggetLabelParser.parse("1. " + word, MARKDOWN, 1), "markdown", List.of(label));
    }

    @Test
    void aWordThatIsNoLabelIsNeverReadAsOne() {
        assertThat(LabelWords.read("maybe")).isEmpty();
        assertThat(LabelWords.read("not supported at all")).isEmpty();
        assertThat(LabelWords.read("supportive")).isEmpty();
        // a JSON list with one unreadable entry is reported by that entry, never guessed (issue 16: it no longer voids the list)
        ParsedLabels maybe = NuggetLabelParser.parse("[\"support\", \"maybe\", \"no\"]", JSON, 3);
        assertThat(maybe.error()).isEqualTo(NuggetParseError.UNREADABLE_LABEL);
        assertThat(maybe.detail()).isEqualTo("item 2 \"maybe\" is no label; 2 of 3 items read, 3 expected (json)");
    }

    // --- counts and garbage ---

    @Test
    void fewerLabelsThanNuggetsIsATruncationWithTheLabelsFound() {
        ParsedLabels parsed = NuggetLabelParser.parse("{\"labels\": [\"support\", \"no\"]}", JSON, 5);

        assertThat(parsed.error()).isEqualTo(NuggetParseError.TRUNCATION);
        assertThat(parsed.labels()).containsExactly(SUPPORT, NOT_SUPPORT);
        assertThat(parsed.found()).isEqualTo(2);
        assertThat(parsed.expected()).isEqualTo(5);
        assertThat(parsed.format()).isEqualTo("json");
        assertThat(parsed.detail()).isEqualTo("2 of 5 labels (json)");
    }

    @Test
    void anAnswerCutOffMidListKeepsTheLabelsBeforeTheCut() {
        ParsedLabels json = NuggetLabelParser.parse("{\"labels\": [\"support\", \"partial_support\", \"not_sup", JSON, 4);
        assertThat(json.error()).isEqualTo(NuggetParseError.TRUNCATION);
        assertThat(json.labels()).containsExactly(SUPPORT, PARTIAL_SUPPORT);

        ParsedLabels xml = NuggetLabelParser.parse("<labels><label>support</label><label>no</label><label>par", XML, 3);
        assertThat(xml.error()).isEqualTo(NuggetParseError.TRUNCATION);
        assertThat(xml.labels()).containsExactly(SUPPORT, NOT_SUPPORT);

        ParsedLabels yaml = NuggetLabelParser.parse("labels:\n  - support\n  - not_supp", YAML, 3);
        assertThat(yaml.error()).isEqualTo(NuggetParseError.TRUNCATION);
        assertThat(yaml.labels()).containsExactly(SUPPORT);
    }

    @Test
    void moreLabelsThanNuggetsIsACountMismatch() {
        ParsedLabels parsed = NuggetLabelParser.parse("1,support\n2,support\n3,no\n4,partial", CSV, 3);

        assertThat(parsed.error()).isEqualTo(NuggetParseError.COUNT_MISMATCH);
        assertThat(parsed.labels()).containsExactly(SUPPORT, SUPPORT, NOT_SUPPORT, PARTIAL_SUPPORT);
        assertThat(parsed.found()).isEqualTo(4);
        assertThat(parsed.detail()).isEqualTo("4 labels for 3 nuggets (csv)");
    }

    @Test
    void garbageIsAFormatError() {
        for (String garbage : new String[] {"", "I cannot help with that.", "{\"verdict\": 3}", "support maybe?", "<label>perhaps</label>"}) {
            ParsedLabels parsed = NuggetLabelParser.parse(garbage, ADAPTIVE, 2);
            assertThat(parsed.error()).as(garbage).isEqualTo(NuggetParseError.FORMAT_ERROR);
            assertThat(parsed.labels()).isEmpty();
            assertThat(parsed.format()).isNull();
            assertThat(parsed.detail()).isEqualTo("no labels in any format (tried json, xml, yaml, markdown, csv)");
        }
        assertThat(NuggetLabelParser.parse(null, JSON, 1).error()).isEqualTo(NuggetParseError.FORMAT_ERROR);
    }

    @Test
    void everyFormatHasAReader() {
        for (NuggetOutputFormat format : NuggetOutputFormat.values()) {
            assertThat(NuggetLabelParser.parse("nothing", format, 1).error()).isEqualTo(NuggetParseError.FORMAT_ERROR);
        }
    }

    // --- issue 16 ---

    @Test
    void aOneLineLabelListIsReadInEveryFormat() {
        for (String line : new String[] {"support, not_support, partial_support", "support\tnot_support\tpartial_support",
                "support | not_support | partial_support", "[support, not_support, partial_support]",
                "\"support\", \"not_support\", \"partial_support\"", "Labels: (support; not_support; partial_support)",
                "support not_support partial_support"}) {
            for (NuggetOutputFormat format : NuggetOutputFormat.values()) {
                ParsedLabels parsed = NuggetLabelParser.parse(line, format, 3);
                assertThat(parsed.error()).as(format + ": " + line + " - " + parsed.detail()).isEqualTo(NuggetParseError.NONE);
                assertThat(parsed.labels()).as(format + ": " + line).containsExactlyElementsOf(THREE);
            }
        }
        // asked for a format, only a one-line list is taken as plain labels: label lines are another layout
        assertThat(NuggetLabelParser.parse("Nugget 1: support\nNugget 2: no", JSON, 2).error()).isEqualTo(NuggetParseError.FORMAT_ERROR);
        assertRead(NuggetLabelParser.parse("Nugget 1: support\nNugget 2: no", ADAPTIVE, 2), "plain", List.of(SUPPORT, NOT_SUPPORT));
    }

    @Test
    void aLabelsHeadingWithANumberedListIsMarkdownInAdaptive() {
        assertRead(NuggetLabelParser.parse("Labels:\n1. support\n2. not_support", ADAPTIVE, 2), "markdown", List.of(SUPPORT, NOT_SUPPORT));
    }

    @Test
    void noLabelsFoundIsAFormatErrorNeverATruncation() {
        for (NuggetOutputFormat format : NuggetOutputFormat.values()) {
            for (String empty : new String[] {"labels:\n", "{\"labels\": []}", "<labels></labels>", "Labels:\n1. see above"}) {
                assertThat(NuggetLabelParser.parse(empty, format, 2).error()).as(format + ": " + empty).isEqualTo(NuggetParseError.FORMAT_ERROR);
            }
        }
    }

    @Test
    void yamlAcceptsABareListAndTheUsualSpellings() {
        assertRead(NuggetLabelParser.parse("- support\n- not_support\n- partial_support", YAML, 3), "yaml", THREE);
        assertRead(NuggetLabelParser.parse("labels:\n  - SUPPORTED\n  - Not Supported\n  - partially supported", YAML, 3), "yaml", THREE);
        assertRead(NuggetLabelParser.parse("labels:\n  - supported\n  - unsupported\n  - partial", YAML, 3), "yaml", THREE);
        assertRead(NuggetLabelParser.parse("labels:\n  - Support\n  - not supported\n  - Partial Support", YAML, 3), "yaml", THREE);
    }

    @Test
    void oneUnknownWordIsReportedAloneAndVoidsNothingElse() {
        ParsedLabels yaml = NuggetLabelParser.parse("labels:\n  - support\n  - unclear\n  - not_support\n  - partial", YAML, 4);
        assertThat(yaml.error()).isEqualTo(NuggetParseError.UNREADABLE_LABEL);
        assertThat(yaml.labels()).containsExactly(SUPPORT, NOT_SUPPORT, PARTIAL_SUPPORT);
        assertThat(yaml.detail()).isEqualTo("item 2 \"unclear\" is no label; 3 of 4 items read, 4 expected (yaml)");

        ParsedLabels xml = NuggetLabelParser.parse("<labels><label>support</label><label>n/a</label></labels>", XML, 2);
        assertThat(xml.error()).isEqualTo(NuggetParseError.UNREADABLE_LABEL);
        assertThat(xml.detail()).startsWith("item 2 \"n/a\" is no label");
        // a list with mostly other things is no label list at all
        assertThat(NuggetLabelParser.parse("[\"Paris\", \"Seine\", \"support\"]", JSON, 3).error()).isEqualTo(NuggetParseError.FORMAT_ERROR);
    }
}
