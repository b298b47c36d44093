package dev.assay.importers.python;

/**
 * Valid Python that no importer reads (f-strings, starred arguments, complex numbers…). It is a
 * syntax exception so a reader that does not care can treat it as one; the importers turn the
 * {@link Construct} into their own words ("… is not read by the template reader", "… are not translated").
 */
public final class UnsupportedSyntaxException extends PythonSyntaxException {

    public enum Construct {
        F_STRING, BYTES, COMPLEX_NUMBER,
        /** {@code f(*a)}, {@code f(**k)}. */
        STARRED_ARGUMENT,
        /** {@code [*a]}, {@code {**d}}; the detail is the star. */
        UNPACKING,
        DICT_COMPREHENSION,
        /** {@code \N{...}} in a string. */
        NAMED_ESCAPE,
        /** A comment inside a one-expression source. */
        COMMENT,
        /** {@code yield}, {@code await}, {@code async}; the detail is the keyword. */
        KEYWORD
    }

    private final Construct construct;
    private final String detail;

    UnsupportedSyntaxException(int line, int column, int offset, String near, Construct construct, String detail) {
        super(line, column, offset, near, what(construct, detail) + " is not read");
        this.construct = construct;
        this.detail = detail;
    }

    static UnsupportedSyntaxException at(Token token, Construct construct, String detail) {
        return new UnsupportedSyntaxException(token.line(), token.column(), token.start(), token.text(), construct, detail);
    }

    public Construct construct() {
        return construct;
    }

    /** The star or keyword met, for {@link Construct#UNPACKING} and {@link Construct#KEYWORD}; else null. */
    public String detail() {
        return detail;
    }

    /** What was met, as a noun phrase: "an f-string", "unpacking (**)". */
    public String what() {
        return what(construct, detail);
    }

    private static String what(Construct construct, String detail) {
        return switch (construct) {
            case F_STRING -> "an f-string";
            case BYTES -> "a bytes literal";
            case COMPLEX_NUMBER -> "a complex number";
            case STARRED_ARGUMENT -> "a starred argument";
            case UNPACKING -> "unpacking (" + detail + ")";
            case DICT_COMPREHENSION -> "a dict comprehension";
            case NAMED_ESCAPE -> "a \\N{...} escape";
            case COMMENT -> "a comment";
            case KEYWORD -> "\"" + detail + "\"";
        };
    }
}
