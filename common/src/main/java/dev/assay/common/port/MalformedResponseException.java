package dev.assay.common.port;

/**
 * An answer came back but could not be used: not JSON, not the requested schema, a value out
 * of range. {@code rawContent} keeps what the model said, so the failure can be audited and a
 * repair prompt can quote it.
 */
public final class MalformedResponseException extends PortException {

    private final String rawContent;

    public MalformedResponseException(String message, String rawContent) {
        this(message, rawContent, null);
    }

    public MalformedResponseException(String message, String rawContent, Throwable cause) {
        super(message, cause);
        this.rawContent = rawContent;
    }

    public String rawContent() {
        return rawContent;
    }

    @Override
    public PortErrorKind kind() {
        return PortErrorKind.MALFORMED_RESPONSE;
    }
}
