package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.TraitDeepJudgmentSettings;
import dev.assay.common.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** One schema.org Rating to one Assay trait, by additionalType. */
class KareninaRatingTraitsTest {

    @Test
    void llmTraitsAreBooleanOrScoreByTheirRatingRangeWithOrWithoutThePrefix() {
        RatingTraits.TraitConversion yes = convert("""
                {"name": "safe", "description": "Nothing harmful.", "bestRating": 1, "worstRating": 0, "additionalType": "GlobalRubricTrait"}
                """);
        RatingTraits.TraitConversion score = convert("""
                {"name": "depth", "description": "How deep.", "bestRating": 10.0, "worstRating": 0.0,
                 "additionalType": "karenina:QuestionSpecificRubricTrait",
                 "additionalProperty": [{"@type": "PropertyValue", "name": "higher_is_better", "value": false}]}
                """);
        RatingTraits.TraitConversion untyped = convert("""
                {"name": "clear", "description": "Clear.", "bestRating": 5, "worstRating": 1}
                """);

        assertThat(yes).isEqualTo(new RatingTraits.TraitConversion(RubricTrait.booleanTrait("safe", "Nothing harmful."), false, List.of()));
        assertThat(score.trait()).isEqualTo(RubricTrait.scoreTrait("depth", "How deep.", 0, 10, false));
        assertThat(untyped.trait()).isEqualTo(RubricTrait.scoreTrait("clear", "Clear.", 1, 5, null));
    }

    @Test
    void anExplicitKindWinsOverTheRatingRange() {
        RatingTraits.TraitConversion literal = convert("""
                {"name": "tone", "description": "The register.", "bestRating": 1, "worstRating": 0,
                 "additionalType": "karenina:GlobalLLMRubricTrait",
                 "additionalProperty": [{"name": "kind", "value": "literal"},
                                        {"name": "classes", "value": "{\\"formal\\": \\"Formal.\\", \\"casual\\": \\"Casual.\\"}"}]}
                """);
        RatingTraits.TraitConversion binary = convert("""
                {"name": "ok", "description": "Fine.", "bestRating": 5, "worstRating": 1,
                 "additionalProperty": [{"name": "kind", "value": "binary"}]}
                """);

        assertThat(literal.trait()).isEqualTo(RubricTrait.literalTrait("tone", "The register.", Map.of("formal", "Formal.", "casual", "Casual.")));
        assertThat(literal.trait().classNames()).containsExactly("formal", "casual");
        assertThat(binary.trait()).isEqualTo(RubricTrait.booleanTrait("ok", "Fine."));
    }

    @Test
    void regexTraitsKeepPatternCaseAndInversionUnderEitherName() {
        RatingTraits.TraitConversion current = convert("""
                {"name": "no_urls", "description": "No links.", "bestRating": 1, "worstRating": 0, "additionalType": "karenina:QuestionSpecificRegexTrait",
                 "additionalProperty": [{"name": "pattern", "value": "https?://"}, {"name": "case_sensitive", "value": false},
                                        {"name": "invert_result", "value": true}]}
                """);
        RatingTraits.TraitConversion older = convert("""
                {"name": "no_urls", "bestRating": 1, "worstRating": 0, "additionalType": "GlobalRegexTrait",
                 "additionalProperty": [{"name": "pattern", "value": "https?://"}, {"name": "invert", "value": true}]}
                """);

        assertThat(current.trait()).isEqualTo(new RubricTrait("no_urls", RubricTrait.REGEX, "No links.", null, null, null, null, null,
                "https?://", false, true, null, null, null, null, null, null));
        assertThat(older.trait()).isEqualTo(RubricTrait.regexTrait("no_urls", "https?://", null, true));
    }

    @Test
    void metricTraitsKeepTheirInstructionsAndMode() {
        RatingTraits.TraitConversion full = convert("""
                {"name": "coverage", "description": "Covers it.", "bestRating": 1, "worstRating": 0, "additionalType": "karenina:GlobalMetricRubricTrait",
                 "additionalProperty": [{"name": "metrics", "value": ["precision", "recall"]}, {"name": "evaluation_mode", "value": "tp_and_tn"},
                                        {"name": "tp_instructions", "value": "[\\"States the dose.\\"]"},
                                        {"name": "tn_instructions", "value": ["Invents a side effect."]}]}
                """);
        RatingTraits.TraitConversion tpOnly = convert("""
                {"name": "coverage", "bestRating": 1, "worstRating": 0, "additionalType": "QuestionSpecificMetricRubricTrait",
                 "additionalProperty": [{"name": "tp_instructions", "value": ["States the dose."]},
                                        {"name": "tn_instructions", "value": ["Invents a side effect."]}]}
                """);
        RatingTraits.TraitConversion tnOnly = convert("""
                {"name": "coverage", "bestRating": 1, "worstRating": 0, "additionalType": "QuestionSpecificMetricRubricTrait",
                 "additionalProperty": [{"name": "evaluation_mode", "value": "tn_only"}, {"name": "tp_instructions", "value": ["x"]}]}
                """);

        assertThat(full).isEqualTo(new RatingTraits.TraitConversion(RubricTrait.metricTrait("coverage", "Covers it.",
                List.of("States the dose."), List.of("Invents a side effect."), RubricTrait.FULL_MATRIX), false, List.of()));
        assertThat(tpOnly).isEqualTo(new RatingTraits.TraitConversion(RubricTrait.metricTrait("coverage", null,
                List.of("States the dose."), null, null), false,
                List.of("trait \"coverage\": tn_instructions are not used in tp_only mode; left out")));
        assertThat(tnOnly).isEqualTo(RatingTraits.TraitConversion.leftOut("trait \"coverage\": evaluation mode \"tn_only\" has no Assay "
                + "metric mode (tp_only, full_matrix); not converted"));
    }

    @Test
    void dynamicTraitsWrapTheirTypeWithTheSummary() {
        RatingTraits.TraitConversion dynamic = convert("""
                {"name": "no_code_urls", "description": "No links in code.", "bestRating": 1, "worstRating": 0,
                 "additionalType": "karenina:QuestionSpecificDynamicRubricTrait",
                 "additionalProperty": [{"name": "pattern", "value": "https?://"}, {"name": "dynamic_trait_type", "value": "regex"},
                                        {"name": "summary", "value": "program code"}]}
                """);

        assertThat(dynamic.dynamic()).isTrue();
        assertThat(dynamic.trait()).isEqualTo(new RubricTrait("no_code_urls", RubricTrait.REGEX, "No links in code.", null, null, null,
                null, null, "https?://", null, null, null, null, null, null, null, null).withSummary("program code"));
    }

    @Test
    void traitsThatRunCodeOrAgentsAreNotConverted() {
        assertThat(convert("""
                {"name": "length_ok", "bestRating": 1, "worstRating": 0, "additionalType": "karenina:QuestionSpecificCallableTrait",
                 "additionalProperty": [{"name": "callable_code", "value": "gASVAAAA"}, {"name": "kind", "value": "boolean"}]}
                """)).isEqualTo(RatingTraits.TraitConversion.leftOut("trait \"length_ok\": a callable trait (Python code, pickled in "
                + "callable_code) is not converted: an import never runs code from a checkpoint"));
        assertThat(convert("""
                {"name": "investigates", "description": "d", "bestRating": 1, "worstRating": 0, "additionalType": "karenina:GlobalAgenticRubricTrait"}
                """).reasons()).containsExactly("trait \"investigates\": an agentic trait investigates a workspace with its agent's "
                + "built-in tools, which the checkpoint does not name; not converted (write it as kind: agentic with the tools in its "
                + "agent block, docs/rubrics.md)");
        assertThat(convert("""
                {"name": "m", "bestRating": 1, "worstRating": 0, "additionalType": "QuestionSpecificManualRubricTrait"}
                """).trait()).isNull();
        assertThat(convert("""
                {"name": "x", "bestRating": 1, "worstRating": 0, "additionalType": "karenina:GlobalFancyTrait"}
                """).reasons()).containsExactly("trait \"x\": unknown additionalType \"karenina:GlobalFancyTrait\"; not converted");
    }

    @Test
    void malformedRatingsAreReportedNotGuessed() {
        assertThat(RatingTraits.convert(Json.mapper().createArrayNode(), "rating[0]").reasons())
                .containsExactly("rating[0]: not a Rating object; left out");
        assertThat(convert("""
                {"description": "unnamed", "bestRating": 1, "worstRating": 0}
                """).reasons()).containsExactly("rating[3]: a rating without a name; left out");
        assertThat(convert("""
                {"name": "depth", "description": "How deep.", "bestRating": 4.5, "worstRating": 1}
                """).reasons()).containsExactly("trait \"depth\": a score from 1 to 4.5 is not a range of whole numbers; not converted");
        assertThat(convert("""
                {"name": "depth", "description": "How deep.", "bestRating": "high", "worstRating": 1}
                """).reasons()).containsExactly("trait \"depth\": bestRating and worstRating must be numbers (they make it boolean or a "
                + "score); not converted");
        assertThat(convert("""
                {"name": "safe", "bestRating": 1, "worstRating": 0}
                """).reasons()).containsExactly("trait \"safe\": no description, and the judge needs one; not converted");
        assertThat(convert("""
                {"name": "tone", "description": "d", "bestRating": 0, "worstRating": 0,
                 "additionalProperty": [{"name": "kind", "value": "literal"}, {"name": "classes", "value": {"only": "One class."}}]}
                """).reasons()).containsExactly("trait \"tone\": its Assay form would not be valid (trait.classes: needs at least two "
                + "classes (name: description), got 1); not converted");
        assertThat(convert("""
                {"name": "named_group", "bestRating": 1, "worstRating": 0, "additionalType": "RegexTrait",
                 "additionalProperty": [{"name": "pattern", "value": "(?P<year>\\\\d{4})"}]}
                """).reasons()).singleElement().asString()
                .startsWith("trait \"named_group\": its pattern is not a regular expression Java reads (");
    }

    @Test
    void whatAssayHasNoPlaceForIsLeftOutWithAReasonButTheTraitIsKept() {
        RatingTraits.TraitConversion conversion = convert("""
                {"name": "hedges", "description": "Hedges.", "bestRating": 1, "worstRating": 0,
                 "additionalProperty": [{"name": "higher_is_better", "value": false}]}
                """);

        assertThat(conversion.trait()).isEqualTo(RubricTrait.booleanTrait("hedges", "Hedges."));
        assertThat(conversion.reasons()).containsExactly(
                "trait \"hedges\": higher_is_better false is not converted (Assay's boolean traits have no direction)");
    }

    @Test
    void aTraitsOwnDeepJudgmentFieldsBecomeItsDeepJudgmentBlock() {
        RatingTraits.TraitConversion conversion = convert("""
                {"name": "hedges", "description": "Hedges.", "bestRating": 5, "worstRating": 1,
                 "additionalProperty": [{"name": "deep_judgment_enabled", "value": true},
                   {"name": "deep_judgment_excerpt_enabled", "value": false}, {"name": "deep_judgment_max_excerpts", "value": 4},
                   {"name": "deep_judgment_search_enabled", "value": true}]}
                """);

        assertThat(conversion.reasons()).isEmpty();
        assertThat(conversion.trait().deepJudgment()).isEqualTo(new TraitDeepJudgmentSettings(true, false, 4, null, null, true));
        assertThat(convert("""
                {"name": "hedges", "description": "Hedges.", "bestRating": 1, "worstRating": 0,
                 "additionalProperty": [{"name": "deep_judgment_enabled", "value": false}]}
                """).trait().deepJudgment()).isNull();
    }

    private static RatingTraits.TraitConversion convert(String json) {
        JsonNode rating = Json.read(json, JsonNode.class);
        return RatingTraits.convert(rating, "rating[3]");
    }
}
