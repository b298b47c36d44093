package dev.assay.stage.rubric.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The registry: an evaluator gets all the traits of every kind it claims in one go, and scores come back in rubric order. */
class TraitEvaluatorsTest {

    /** Scores each trait with its position in the batch it was given, and remembers the batches. */
    private static final class Recording implements TraitEvaluator {
        final List<String> kinds;
        final List<List<String>> batches = new ArrayList<>();

        Recording(String... kinds) {
            this.kinds = List.of(kinds);
        }

        @Override
        public String kind() {
            return kinds.getFirst();
        }

        @Override
        public Set<String> kinds() {
            return Set.copyOf(kinds);
        }

        @Override
        public List<TraitScore> evaluate(List<RubricTrait> traits, TraitInput input, ModelSession judge) {
            batches.add(traits.stream().map(RubricTrait::name).toList());
            return traits.stream().map(trait -> TraitScore.scored(trait.name(), trait.kind(), traits.indexOf(trait))).toList();
        }
    }

    @Test
    void anEvaluatorClaimingSeveralKindsGetsTheirTraitsTogetherAndTheOrderIsKept() {
        Recording llm = new Recording(RubricTrait.BOOLEAN, RubricTrait.SCORE);
        Recording literal = new Recording(RubricTrait.LITERAL);
        List<RubricTrait> traits = List.of(RubricTrait.booleanTrait("a", "A."), RubricTrait.literalTrait("b", "B.", TestTraits.classes()),
                RubricTrait.scoreTrait("c", "C.", null, null, null), RubricTrait.regexTrait("d", "x", null, null),
                RubricTrait.booleanTrait("e", "E."));

        List<TraitScore> scores = new TraitEvaluators(List.of(llm, literal)).score(traits, null, null);

        assertThat(llm.batches).containsExactly(List.of("a", "c", "e"));
        assertThat(literal.batches).containsExactly(List.of("b"));
        assertThat(scores).extracting(TraitScore::name).containsExactly("a", "b", "c", "d", "e");
        assertThat(scores).extracting(TraitScore::score).containsExactly(0.0, 0.0, 1.0, null, 2.0);
        assertThat(scores.get(3).error()).isEqualTo("trait kind \"regex\" is not supported by this rubric service (it has: "
                + "boolean, literal, score)");
    }

    @Test
    void aSingleKindEvaluatorClaimsItsKind() {
        TraitEvaluator regex = new RegexTraitEvaluator();

        assertThat(regex.kinds()).containsExactly("regex");
        assertThat(new TraitEvaluators(List.of(regex)).score(List.of(RubricTrait.regexTrait("d", "x", null, null)),
                new TraitInput(null, "x", null, null), null)).extracting(TraitScore::passed).containsExactly(true);
    }

    @Test
    void regexTraitsAreUnicodeAwareAsInPythonsRe() {
        // Karenina's regex traits run Python's re: \d matches "٣" (Arabic-Indic three), \w matches "é", case folds beyond ASCII
        TraitEvaluators regex = new TraitEvaluators(List.of(new RegexTraitEvaluator()));
        List<RubricTrait> traits = List.of(RubricTrait.regexTrait("digit", "\\d", null, null),
                RubricTrait.regexTrait("word", "^\\w+$", null, null),
                RubricTrait.regexTrait("folded", "ÉTÉ", false, null));

        assertThat(regex.score(traits, new TraitInput(null, "٣", null, null), null)).extracting(TraitScore::passed)
                .containsExactly(true, true, false);
        assertThat(regex.score(traits, new TraitInput(null, "été", null, null), null)).extracting(TraitScore::passed)
                .containsExactly(false, true, true);
    }

    @Test
    void twoEvaluatorsMayNotClaimTheSameKind() {
        assertThatThrownBy(() -> new TraitEvaluators(List.of(new Recording("boolean", "score"), new Recording("score"))))
                .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("two evaluators for trait kind score: ");
    }
}
