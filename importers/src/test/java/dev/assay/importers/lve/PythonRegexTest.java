package dev.assay.importers.lve;

import dev.assay.common.benchmark.trait.TraitExpressions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PythonRegexTest {

    private static boolean search(String python, String text, PythonRegex.Flag... flags) {
        return PythonRegex.toJava(python, Set.of(flags)).compile().matcher(text).find();
    }

    private static Object extract(String python, String text) {
        String re2 = PythonRegex.toRe2FirstGroup(python);
        Object value = TraitExpressions.compile("regex.extract(response, " + CelText.pattern(re2) + ")", Set.of())
                .evaluate(text, null, Map.of());
        return ((Optional<?>) value).orElse(null);
    }

    @Test
    void pythonOnlySpellingsAreRewritten() {
        assertThat(PythonRegex.toJava("(?P<year>\\d{4})-(?P=year)", Set.of()).pattern()).isEqualTo("(?U)(?<year>\\d{4})-\\k<year>");
        assertThat(PythonRegex.toJava("a{,3}b", Set.of()).pattern()).isEqualTo("a{0,3}b");
        assertThat(PythonRegex.toJava("x{}y{a}", Set.of()).pattern()).isEqualTo("x\\{\\}y\\{a\\}");
        assertThat(PythonRegex.toJava("end\\Z", Set.of()).pattern()).isEqualTo("end\\z");
        assertThat(PythonRegex.toJava("a(?#note)b", Set.of()).pattern()).isEqualTo("ab");
        assertThat(PythonRegex.toJava("[[a&&b]", Set.of()).pattern()).isEqualTo("[\\[a\\&\\&b]");
        assertThat(PythonRegex.toJava("plain words", Set.of()).pattern()).isEqualTo("plain words");
    }

    /** Each row: pattern, text (\\n and \\r standing for line breaks), what CPython's re.search(pattern, text) is not None gives. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "(?P<year>\\d{4})-(?P=year)|2024-2024|true",
            "(?P<year>\\d{4})-(?P=year)|2024-2025|false",
            "end$|the end\\n|true",          // $ also before a final newline
            "end$|the end\\r\\n|false",       // ... but only \n ends a line
            "a.b|a\\rb|true",                // . matches \r
            "a.b|a\\nb|false",
            "x\\Z|x\\n|false",               // \Z is the very end
            "\\d+|١٢٣|true",                // \d is Unicode for text patterns
            "^\\w+$|naïve|true",
            "\\bcat\\b|bobcat|false",
            "(\\w)\\1|hello|true",
            "\\101|BAD|true",               // octal escape: A
            "[[a]|[|true",                  // [ inside a set is a literal
            "[a&&b]|&|true",
            "a{,2}b|aaab|true",
            "\\{x}|{x}|true",
            "colou?r|COLOR|false"})
    void translatedPatternsFindWhatPythonFinds(String pattern, String text, boolean python) {
        assertThat(search(pattern, text.replace("\\n", "\n").replace("\\r", "\r"))).isEqualTo(python);
    }

    @Test
    void flagsMapToJavaFlags() {
        PythonRegex.JavaPattern ignoring = PythonRegex.toJava("yes", Set.of(PythonRegex.Flag.IGNORECASE));
        assertThat(ignoring.caseInsensitive()).isTrue();
        assertThat(ignoring.pattern()).isEqualTo("yes");
        assertThat(search("yes", "YES", PythonRegex.Flag.IGNORECASE)).isTrue();
        assertThat(search("^yes$", "no\nyes\nmaybe", PythonRegex.Flag.MULTILINE)).isTrue();
        assertThat(search("^yes$", "no\nyes\nmaybe")).isFalse();
        assertThat(search("(?m)^$", "a\n")).isTrue(); // Python's ^ matches after a newline that ends the text
        assertThat(search("a.b", "a\nb", PythonRegex.Flag.DOTALL)).isTrue();
        assertThat(search("\\d", "١", PythonRegex.Flag.ASCII)).isFalse();
        assertThat(search("(?i)YES", "yes")).isTrue();
        assertThat(PythonRegex.toJava("(?i)YES", Set.of()).caseInsensitive()).isTrue();
        assertThat(search("(?i:a)b", "AB")).isFalse();
        assertThat(search("(?i:é)b", "Éb")).isTrue();
    }

    @Test
    void constructsWithoutAFaithfulTranslationAreRefused() {
        assertThatThrownBy(() -> PythonRegex.toJava("(a)?(?(1)b|c)", Set.of())).hasMessageContaining("conditional groups");
        assertThatThrownBy(() -> PythonRegex.toJava("(?x) a b", Set.of())).hasMessageContaining("verbose mode");
        assertThatThrownBy(() -> PythonRegex.toJava("(?L)a", Set.of())).hasMessageContaining("(?L)");
        assertThatThrownBy(() -> PythonRegex.toJava("\\q", Set.of())).hasMessageContaining("bad escape \\q");
        assertThatThrownBy(() -> PythonRegex.toJava("a(?i)b", Set.of())).hasMessageContaining("only allowed at the start");
        assertThatThrownBy(() -> PythonRegex.toJava("(?P<first_name>a)", Set.of())).hasMessageContaining("not valid in Java");
        assertThatThrownBy(() -> PythonRegex.toJava("(a", Set.of())).hasMessageContaining("never closed");
        assertThatThrownBy(() -> PythonRegex.toJava("\\2(a)", Set.of())).hasMessageContaining("not yet defined");
        assertThatThrownBy(() -> PythonRegex.toJava("a", Set.of(PythonRegex.Flag.ASCII, PythonRegex.Flag.IGNORECASE)))
                .hasMessageContaining("ASCII with IGNORECASE");
    }

    @Test
    void re2KeepsOnlyTheFirstGroupCapturingSoExtractGivesPythonsGroupOne() {
        assertThat(PythonRegex.toRe2FirstGroup("\\[Answer=([0-9]+(\\.[0-9]+)?)\\]")).isEqualTo("\\[Answer=([0-9]+(?:\\.[0-9]+)?)\\]");
        assertThat(extract("\\[Answer=([0-9]+(\\.[0-9]+)?)\\]", "so [Answer=9.58] it is")).isEqualTo("9.58");
        assertThat(extract("(?P<n>\\d+) apples", "about ١٢ apples")).isEqualTo("١٢");
        assertThat(extract("(\\d+)$", "it is 12\n")).isEqualTo("12");
        assertThat(extract("(\\w+)\\s+=", "naïve\u00a0=")).isEqualTo("naïve");
        assertThat(extract("value: (\\d+)", "no value")).isNull();
    }

    @Test
    void re2RefusesWhatItCannotMatch() {
        assertThatThrownBy(() -> PythonRegex.toRe2FirstGroup("(?=x)(a)")).hasMessageContaining("look-arounds");
        assertThatThrownBy(() -> PythonRegex.toRe2FirstGroup("(a)\\1")).hasMessageContaining("not supported by RE2");
        assertThatThrownBy(() -> PythonRegex.toRe2FirstGroup("\\b(a)")).hasMessageContaining("ASCII-only");
        assertThatThrownBy(() -> PythonRegex.toRe2FirstGroup("(a)$b")).hasMessageContaining("'$' before the end");
        assertThatThrownBy(() -> PythonRegex.toRe2FirstGroup("abc")).hasMessageContaining("has no group");
        assertThatThrownBy(() -> PythonRegex.toRe2FirstGroup("(a++)")).hasMessageContaining("possessive");
    }
}
