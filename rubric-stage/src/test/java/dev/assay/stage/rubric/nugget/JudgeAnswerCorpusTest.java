package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.NuggetParseError;
import dev.assay.common.nugget.SupportLabel;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A corpus of judge answers as models write them (every format, reasoning blocks closed, unclosed and
 * in any case, truncation, miscounts, prose around the list), each with what a careful human reads in
 * it (nugget-answers/corpus.txt). Issue 16: at least 97 % must be read as intended; the misses are
 * listed so that a regression shows which answers it broke.
 */
class JudgeAnswerCorpusTest {

    private record Case(String name, NuggetOutputFormat format, int expected, NuggetParseError error, List<SupportLabel> labels,
                        String answer) {
    }

    @Test
    void atLeast97PercentOfTheCorpusIsReadAsAHumanWould() throws IOException {
        List<Case> cases = corpus();
        List<String> misses = new ArrayList<>();
        for (Case c : cases) {
            ParsedLabels parsed = NuggetLabelParser.parse(c.answer(), c.format(), c.expected());
            if (parsed.error() != c.error() || !parsed.labels().equals(c.labels())) {
                misses.add(c.name() + ": read " + parsed.error().wireName() + " " + letters(parsed.labels())
                        + " (" + parsed.detail() + "), a human reads " + c.error().wireName() + " " + letters(c.labels()));
            }
        }
        double share = 1.0 - (double) misses.size() / cases.size();
        assertThat(cases).as("the corpus is varied enough").hasSizeGreaterThanOrEqualTo(60);
        assertThat(cases.stream().map(Case::format).collect(Collectors.toSet()))
                .as("every format is in the corpus").isEqualTo(Set.copyOf(EnumSet.allOf(NuggetOutputFormat.class)));
        assertThat(share).as("read as intended: %d of %d; misses:%n%s", cases.size() - misses.size(), cases.size(),
                String.join("\n", misses)).isGreaterThanOrEqualTo(0.97);
    }

    private static List<Case> corpus() throws IOException {
        String text;
        try (InputStream in = JudgeAnswerCorpusTest.class.getResourceAsStream("/nugget-answers/corpus.txt")) {
            assertThat(in).as("nugget-answers/corpus.txt on the test class path").isNotNull();
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Case> cases = new ArrayList<>();
        String[] header = null;
        StringBuilder answer = new StringBuilder();
        for (String line : (text + "\n=== end").split("\n", -1)) {
            if (line.startsWith("=== ")) {
                if (header != null) {
                    cases.add(parseCase(header, answer.toString().stripTrailing()));
                }
                header = line.substring(4).split("\\s*\\|\\s*");
                answer.setLength(0);
            } else if (header != null) {
                answer.append(line).append('\n');
            }
        }
        return cases;
    }

    private static Case parseCase(String[] header, String answer) {
        String[] outcome = header[3].strip().split("\\s+");
        boolean plainLabels = outcome.length == 1 && outcome[0].matches("[SPN]+");
        NuggetParseError error = plainLabels ? NuggetParseError.NONE : NuggetParseError.fromWire(outcome[0]);
        String letters = plainLabels ? outcome[0] : outcome.length > 1 ? outcome[1] : "";
        List<SupportLabel> labels = letters.chars().mapToObj(c -> switch (c) {
            case 'S' -> SupportLabel.SUPPORT;
            case 'P' -> SupportLabel.PARTIAL_SUPPORT;
            case 'N' -> SupportLabel.NOT_SUPPORT;
            default -> throw new IllegalArgumentException("corpus case " + header[0] + ": unknown label letter " + (char) c);
        }).toList();
        return new Case(header[0], NuggetOutputFormat.valueOf(header[1].strip().toUpperCase(Locale.ROOT)), Integer.parseInt(header[2].strip()),
                error, labels, answer);
    }

    private static String letters(List<SupportLabel> labels) {
        return labels.stream().map(label -> switch (label) {
            case SUPPORT -> "S";
            case PARTIAL_SUPPORT -> "P";
            case NOT_SUPPORT -> "N";
        }).collect(Collectors.joining());
    }
}
