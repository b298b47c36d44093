package dev.assay.common.prompt.rag;

import dev.assay.common.benchmark.Passage;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Joins passages into the context block of a retrieval-augmented prompt.
 *
 * <p>Each passage is wrapped as {@code <passage>\n[source: S]\nCONTENT\n</passage>} (numbered:
 * {@code <passage>\n[P1] source: S\nCONTENT\n</passage>}), with a blank line between passages.
 *
 * <p>The budget covers the whole block as emitted (tags, source lines, blank lines) and is
 * counted in code points, so an emoji counts once whatever its UTF-16 length. Passages go in, in
 * order, while they fit. The first that does not fit is cut to the space left, if at least
 * {@link #MIN_EXCERPT} code points of its content would survive, and marked with {@link #CUT_MARK};
 * otherwise it is left out. Nothing after it goes in, even a shorter passage that would fit: the
 * retriever's order is kept, so the model never sees passage 5 without passage 4.
 */
public final class ContextJoiner {

    /**
     * The least content, in code points, worth sending as a cut passage: about two sentences.
     * Less than that is more likely to mislead (a claim without its qualifier) than to help.
     */
    public static final int MIN_EXCERPT = 200;

    /** Ends the content of a cut passage, so the model (and a reader) knows text is missing. */
    public static final String CUT_MARK = " …";

    static final String OPEN = "<passage>";
    static final String CLOSE = "</passage>";
    static final String SEPARATOR = "\n\n";

    /**
     * An opening or closing passage tag in any case and spacing ({@code <passage>}, {@code </Passage >},
     * {@code < /passage}, {@code <passage id=3>}). Its {@code <} is replaced by {@code &lt;}: the text
     * stays readable, and can no longer close the wrapper (and so smuggle "instructions" outside
     * it) or open a fake passage.
     */
    private static final Pattern TAG = Pattern.compile("<(\\s*/?\\s*passage)(?=[\\s/>]|$)", Pattern.CASE_INSENSITIVE);

    private ContextJoiner() {
    }

    /**
     * The context block of {@code passages} within {@code budget} code points.
     *
     * @param numbered label passages {@code [P1]}, {@code [P2]} … by their position in {@code passages}
     */
    public static JoinedContext join(List<Passage> passages, int budget, boolean numbered) {
        if (budget < 1) {
            throw new IllegalArgumentException("the context budget must be at least 1 code point, got " + budget);
        }
        StringBuilder text = new StringBuilder();
        int used = 0;
        boolean full = false;
        List<JoinedContext.Placement> placements = new ArrayList<>();
        for (int i = 0; i < passages.size(); i++) {
            Passage passage = Objects.requireNonNull(passages.get(i), "passages may not contain null");
            JoinedContext.Inclusion inclusion;
            if (full) {
                inclusion = JoinedContext.Inclusion.LEFT_OUT;
            } else {
                String header = OPEN + "\n" + label(i, passage.source(), numbered) + "\n";
                String footer = "\n" + CLOSE;
                String content = neutralise(passage.content() == null ? "" : passage.content().strip());
                int separator = text.isEmpty() ? 0 : codePoints(SEPARATOR);
                int frame = codePoints(header) + codePoints(footer);
                int left = budget - used - separator;
                if (frame + codePoints(content) <= left) {
                    inclusion = JoinedContext.Inclusion.WHOLE;
                } else {
                    full = true;
                    int room = left - frame - codePoints(CUT_MARK);
                    if (room >= MIN_EXCERPT) {
                        content = firstCodePoints(content, room).stripTrailing() + CUT_MARK;
                        inclusion = JoinedContext.Inclusion.CUT;
                    } else {
                        inclusion = JoinedContext.Inclusion.LEFT_OUT;
                    }
                }
                if (inclusion != JoinedContext.Inclusion.LEFT_OUT) {
                    String block = (separator > 0 ? SEPARATOR : "") + header + content + footer;
                    text.append(block);
                    used += codePoints(block);
                }
            }
            placements.add(new JoinedContext.Placement(i, passage.source(), inclusion));
        }
        return new JoinedContext(text.toString(), numbered, placements);
    }

    /** The passage label: {@code [P1] source: S} or {@code [source: S]}, on one line. */
    static String label(int index, String source, boolean numbered) {
        // the source is one line of the wrapper: a line break in it could fake the passage's content
        String oneLine = neutralise(source == null ? "" : source.strip().replaceAll("\\R+", " "));
        return numbered ? "[P" + (index + 1) + "] source: " + oneLine : "[source: " + oneLine + "]";
    }

    /** {@code text} with every passage tag made inert ({@code <} → {@code &lt;}). */
    public static String neutralise(String text) {
        return TAG.matcher(text).replaceAll(match -> Matcher.quoteReplacement("&lt;" + match.group(1)));
    }

    static int codePoints(String text) {
        return text.codePointCount(0, text.length());
    }

    /** The first {@code count} code points of {@code text}: never half a surrogate pair. */
    static String firstCodePoints(String text, int count) {
        if (count >= codePoints(text)) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, count));
    }
}
