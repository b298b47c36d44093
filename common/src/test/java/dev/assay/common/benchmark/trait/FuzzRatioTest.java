package dev.assay.common.benchmark.trait;

import dev.assay.common.benchmark.TraitScope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FuzzRatioTest {

    /** Hand-computed: 100 * (1 - (len(a) + len(b) - 2 * LCS) / (len(a) + len(b))), rounded half to even. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            // thefuzz's README examples
            "this is a test | this is a test! | 97",
            "fuzzy wuzzy was a bear | wuzzy fuzzy was a bear | 91",
            // 1 - 6/16 = 62.5: Python's round gives 62 (half to even), not 63
            "abcdefgh | abcdexyz | 62",
            // 1 - 2/16 = 87.5 → 88
            "abcdefgh | abcdefgx | 88",
            // case matters: no common character
            "ABC | abc | 0",
            // characters are code points, as in Python: lengths 2 and 1, LCS 1 → 1 - 1/3 → 67 (UTF-16 units would give 50)
            "\uD83D\uDE00a | a | 67",
            "I cannot help with that | I cannot help you with that. | 90",
            "'' | abc | 0",
    })
    void isThefuzzRatio(String a, String b, int expected) {
        String first = a.equals("''") ? "" : a;
        assertThat(FuzzRatio.ratio(first, b)).isEqualTo(expected);
        assertThat(FuzzRatio.ratio(b, first)).isEqualTo(expected);
    }

    @Test
    void twoEmptyTextsAreIdentical() {
        // rapidfuzz (and so thefuzz ≥ 0.20): fuzz.ratio("", "") == 100
        assertThat(FuzzRatio.ratio("", "")).isEqualTo(100);
    }

    @Test
    void theBitParallelLcsAgreesWithTheTableOnLongTexts() {
        // texts longer than 64 characters take several words and carries between them
        Random random = new Random(16);
        for (int round = 0; round < 200; round++) {
            int[] a = random.ints(random.nextInt(300), 'a', 'e').toArray();
            int[] b = random.ints(random.nextInt(300), 'a', 'e').toArray();
            assertThat(FuzzRatio.lcs(a, b)).as("round %d", round).isEqualTo(tableLcs(a, b));
        }
    }

    private static int tableLcs(int[] a, int[] b) {
        int[][] table = new int[a.length + 1][b.length + 1];
        for (int i = 1; i <= a.length; i++) {
            for (int j = 1; j <= b.length; j++) {
                table[i][j] = a[i - 1] == b[j - 1] ? table[i - 1][j - 1] + 1 : Math.max(table[i - 1][j], table[i][j - 1]);
            }
        }
        return table[a.length][b.length];
    }

    @Test
    void anExpressionCallsIt() {
        assertThat(TraitExpressions.check("fuzzRatio(response, a) >= 90", TraitScope.of(Set.of("a")))).isEmpty();
        CompiledExpression expression = TraitExpressions.compile("fuzzRatio(response, 'this is a test')", Set.of());
        assertThat(expression.evaluate("this is a test!", null, Map.of()))
                .isEqualTo(97L);
        CompiledExpression threshold = TraitExpressions.compile("double(fuzzRatio(response, a)) / 100.0 >= 0.97", Set.of("a"));
        assertThat(threshold.evaluate("this is a test!", null, Map.of("a", "this is a test")))
                .isEqualTo(true);
    }

    @Test
    void itsArgumentsAreTypeChecked() {
        assertThat(TraitExpressions.check("fuzzRatio(response, 3) > 0", TraitScope.of(Set.of())))
                .hasValueSatisfying(message -> assertThat(message).contains("fuzzRatio"));
    }

    @Test
    void itIsChargedForEveryPassOverTheLongerText() {
        // one call on 100,000 characters: 100,000 * 1,563 units, far over the work budget (a read of both would be 200,000)
        CompiledExpression expression = TraitExpressions.compile("fuzzRatio(response, response) > 0", Set.of());
        assertThatThrownBy(() -> expression.evaluate("a".repeat(100_000), null, Map.of()))
                .isInstanceOf(ExpressionException.class)
                .hasMessageStartingWith("stopped after 20000000 units of work");
    }
}
