package dev.assay.common.run;

import dev.assay.common.benchmark.FewShotExample;
import dev.assay.common.benchmark.Question;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class FewShotSelectionTest {

    private static final List<FewShotExample> POOL = IntStream.rangeClosed(1, 8)
            .mapToObj(i -> new FewShotExample("e" + i, "Q" + i, "A" + i)).toList();

    private static Question question(String id, FewShotExample... own) {
        return new Question(id, "Question " + id + "?", null, null, null, null, null, null, null, null, null, null, List.of(own));
    }

    private static List<String> ids(List<FewShotExample> examples) {
        return examples.stream().map(FewShotExample::id).toList();
    }

    private static FewShotSettings kShot(int k, Long seed) {
        return new FewShotSettings("k_shot", k, seed, null, POOL);
    }

    @Test
    void allGivesTheQuestionsOwnExamplesThenTheWholePool() {
        FewShotExample own = new FewShotExample(null, "Own?", "Yes");
        List<FewShotExample> selected = FewShotSelection.select(question("q", own), new FewShotSettings(null, null, null, null, POOL));
        assertThat(selected).first().isEqualTo(own);
        assertThat(selected.subList(1, selected.size())).isEqualTo(POOL);
    }

    @Test
    void turnedOffNoExampleIsShownNotEvenTheQuestionsOwn() {
        FewShotExample own = new FewShotExample(null, "Own?", "Yes");
        assertThat(FewShotSelection.select(question("q", own), new FewShotSettings(null, null, null, null, POOL, false, null))).isEmpty();
        assertThat(FewShotSelection.select(question("q", own), new FewShotSettings(null, null, null, null, POOL, true, null)))
                .hasSize(1 + POOL.size());
    }

    @Test
    void idsGivesThoseExamplesInTheGivenOrder() {
        FewShotSettings settings = new FewShotSettings("ids", null, null, List.of("e5", "e2"), POOL);
        assertThat(ids(FewShotSelection.select(question("q"), settings))).containsExactly("e5", "e2");
    }

    @Test
    void kShotDrawsKInPoolOrderTheSameWayEveryTime() {
        List<FewShotExample> first = FewShotSelection.select(question("q1"), kShot(3, null));
        assertThat(first).hasSize(3).isSubsetOf(POOL);
        assertThat(first).isSortedAccordingTo((a, b) -> Integer.compare(POOL.indexOf(a), POOL.indexOf(b)));
        assertThat(FewShotSelection.select(question("q1"), kShot(3, null))).isEqualTo(first);
        assertThat(FewShotSelection.select(question("q1"), kShot(3, 0L))).isEqualTo(first);
    }

    @Test
    void kShotKeepsTheQuestionsOwnExamplesFirst() {
        FewShotExample own = new FewShotExample("own", "Own?", "Yes");
        List<FewShotExample> selected = FewShotSelection.select(question("q1", own), kShot(2, 5L));
        assertThat(selected).hasSize(3).first().isEqualTo(own);
    }

    @Test
    void eachQuestionGetsItsOwnDrawWithTheSameSeed() {
        Set<List<String>> draws = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            draws.add(ids(FewShotSelection.select(question("q" + i), kShot(3, 42L))));
        }
        // 56 possible draws of 3 from 8: twenty questions sharing one or two would mean the id is ignored
        assertThat(draws).hasSizeGreaterThan(5);
    }

    @Test
    void anotherSeedGivesAnotherDraw() {
        Set<List<String>> draws = new HashSet<>();
        for (long seed = 0; seed < 20; seed++) {
            draws.add(ids(FewShotSelection.select(question("q"), kShot(3, seed))));
        }
        assertThat(draws).hasSizeGreaterThan(5);
    }

    @Test
    void kLargerThanThePoolGivesTheWholePool() {
        assertThat(FewShotSelection.select(question("q"), kShot(20, 3L))).isEqualTo(POOL);
        assertThat(FewShotSelection.select(question("q"), kShot(8, 3L))).isEqualTo(POOL);
    }

    @Test
    void theDrawIsPinned() {
        // a change of algorithm would silently change every k_shot run's prompts: this pins it
        assertThat(ids(FewShotSelection.select(question("q1"), kShot(3, 0L)))).containsExactly("e2", "e3", "e6");
        assertThat(ids(FewShotSelection.select(question("q2"), kShot(3, 0L)))).containsExactly("e1", "e4", "e7");
    }
}
