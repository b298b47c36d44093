package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.NuggetOutputFormat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * XML labels: {@code <labels><label>support</label>…</labels>} (attributes allowed, the wrapper
 * optional). Read with patterns rather than an XML parser: the element sits in prose, and an
 * answer cut off before {@code </labels>} should still give the labels before the cut. The last
 * {@code <labels>} element wins; a {@code <label>} in it that holds no label word is reported as unreadable.
 */
final class XmlLabelReader implements LabelReader {

    private static final Pattern LABELS_OPEN = Pattern.compile("(?i)<labels\\b[^>]*>");
    private static final Pattern LABELS_CLOSE = Pattern.compile("(?i)</labels\\s*>");
    private static final Pattern LABEL = Pattern.compile("(?is)<label\\b[^>]*>(.*?)</label\\s*>");

    @Override
    public NuggetOutputFormat format() {
        return NuggetOutputFormat.XML;
    }

    @Override
    public Optional<LabelList> read(String answer) {
        Matcher open = LABELS_OPEN.matcher(answer);
        int start = -1;
        while (open.find()) {
            start = open.end();
        }
        String region = answer;
        if (start >= 0) {
            Matcher close = LABELS_CLOSE.matcher(answer);
            region = answer.substring(start, close.find(start) ? close.start() : answer.length());
        }
        List<String> texts = new ArrayList<>();
        Matcher label = LABEL.matcher(region);
        while (label.find()) {
            texts.add(unescape(label.group(1)));
        }
        // no label element: no list ("<labels>support</labels>" is not the format; an empty wrapper holds nothing)
        return texts.isEmpty() ? Optional.empty() : LabelList.ofTexts(texts);
    }

    private static String unescape(String text) {
        String inner = text.strip();
        if (inner.startsWith("<![CDATA[") && inner.endsWith("]]>")) {
            inner = inner.substring("<![CDATA[".length(), inner.length() - "]]>".length());
        }
        return inner.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&");
    }
}
