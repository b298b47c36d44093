package dev.assay.common.nugget;

import dev.assay.common.benchmark.Nugget;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The nugget-assignment prompts: one template per prompt style ({@code nugget-prompts/<style>.txt},
 * a {@code [system]} and a {@code [user]} section) and one answer-format instruction per output
 * format ({@code nugget-prompts/formats/<format>.txt}), filled into the style's {@code {{format}}}.
 *
 * <p>The format instructions are resource files rather than Java strings so that all prompt
 * wording lives in one place and can be read and edited side by side. Every style and format is
 * loaded when this object is made (rubric-service makes one, at startup), keyed by the enums, so a missing or broken file fails at startup,
 * naming the file, and no (style, format) combination can be asked for that has no text.
 */
public class NuggetPrompts {

    static final String ROOT = "nugget-prompts";
    private static final Set<String> STYLE_PLACEHOLDERS = Set.of("question", "subject", "subject_title", "text", "nuggets", "count",
            "format");
    private static final Set<String> STYLE_REQUIRED = Set.of("question", "text", "nuggets", "format");
    private static final Set<String> FORMAT_PLACEHOLDERS = Set.of("count");
    private static final String SYSTEM_MARK = "[system]";
    private static final String USER_MARK = "[user]";

    private final Map<NuggetPromptStyle, Sections> styles = new EnumMap<>(NuggetPromptStyle.class);
    private final Map<NuggetOutputFormat, PromptTemplate> formats = new EnumMap<>(NuggetOutputFormat.class);

    public NuggetPrompts() {
        this(ROOT);
    }

    /** Templates under another resource folder (tests). */
    public NuggetPrompts(String root) {
        for (NuggetPromptStyle style : NuggetPromptStyle.values()) {
            styles.put(style, Sections.load(root + "/" + style.wireName() + ".txt"));
        }
        for (NuggetOutputFormat format : NuggetOutputFormat.values()) {
            formats.put(format, PromptTemplate.load(root + "/formats/" + format.wireName() + ".txt", FORMAT_PLACEHOLDERS, Set.of()));
        }
    }

    /**
     * The prompt asking for labels of {@code window} (numbered from 1 in the prompt) against
     * {@code judged}, in {@code style}, the answer in {@code format}.
     */
    public NuggetPrompt render(NuggetPromptStyle style, NuggetOutputFormat format, String question, JudgedText judged,
                               List<Nugget> window) {
        if (window.isEmpty()) {
            throw new IllegalArgumentException("a nugget window needs at least one nugget");
        }
        String count = Integer.toString(window.size());
        Map<String, String> values = Map.of(
                "question", strip(question),
                "subject", judged.subject(),
                "subject_title", judged.isPassage() ? "Passage" : "Response",
                "text", strip(judged.text()),
                "nuggets", numbered(window),
                "count", count,
                "format", formatInstruction(format, window.size()));
        Sections sections = styles.get(style);
        return new NuggetPrompt(sections.system().fill(values), sections.user().fill(values));
    }

    /** The answer-format part of the prompt for a window of {@code count} nuggets. */
    public String formatInstruction(NuggetOutputFormat format, int count) {
        return formats.get(format).fill(Map.of("count", Integer.toString(count)));
    }

    /** {@code 1. first nugget}, {@code 2. second nugget}, … one per line. */
    public static String numbered(List<Nugget> window) {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < window.size(); i++) {
            if (i > 0) {
                lines.append('\n');
            }
            // one nugget, one line: a line break inside a nugget would read as another list item
            lines.append(i + 1).append(". ").append(strip(window.get(i).text()).replaceAll("\\s*\\R\\s*", " "));
        }
        return lines.toString();
    }

    private static String strip(String text) {
        return text == null ? "" : text.strip();
    }

    /** A style file: its {@code [system]} and {@code [user]} sections, in that order. */
    private record Sections(PromptTemplate system, PromptTemplate user) {

        static Sections load(String resource) {
            PromptTemplate whole = PromptTemplate.load(resource, STYLE_PLACEHOLDERS, STYLE_REQUIRED);
            String text = whole.text();
            int system = text.indexOf(SYSTEM_MARK);
            int user = text.indexOf(USER_MARK);
            if (system != 0 || user < 0) {
                throw new IllegalStateException(resource + ": must start with a " + SYSTEM_MARK + " section followed by a "
                        + USER_MARK + " section");
            }
            String systemText = text.substring(SYSTEM_MARK.length(), user).strip();
            String userText = text.substring(user + USER_MARK.length()).strip();
            return new Sections(PromptTemplate.of(resource + " [system]", systemText, STYLE_PLACEHOLDERS, Set.of()),
                    PromptTemplate.of(resource + " [user]", userText, STYLE_PLACEHOLDERS, STYLE_REQUIRED));
        }
    }
}
