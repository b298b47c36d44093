package dev.assay.it;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;

/**
 * A trace collector for tests: an OTLP/HTTP receiver ({@code POST /v1/traces}, protobuf) on
 * 127.0.0.1 that keeps every span it is sent. It reads the protobuf wire format directly, field
 * numbers from opentelemetry-proto's {@code trace.proto}, {@code resource.proto} and
 * {@code common.proto}, and keeps what the tests look at: ids, parent, name, kind, the string and
 * integer attributes, links, and the sending service's {@code service.name}.
 */
final class OtlpTraceReceiver implements AutoCloseable {

    enum Kind { UNSPECIFIED, INTERNAL, SERVER, CLIENT, PRODUCER, CONSUMER }

    record Span(String service, String traceId, String spanId, String parentSpanId, String name, Kind kind,
                Map<String, String> attributes, List<String> linkedSpanIds) {
        String attribute(String key) {
            return attributes.get(key);
        }

        @Override
        public String toString() {
            return service + " " + kind + " \"" + name + "\" " + spanId + " <- " + (parentSpanId.isEmpty() ? "(root)" : parentSpanId)
                    + " " + attributes;
        }
    }

    private final HttpServer server;
    private final List<Span> spans = new CopyOnWriteArrayList<>();
    private final List<String> errors = new CopyOnWriteArrayList<>();

    private OtlpTraceReceiver(HttpServer server) {
        this.server = server;
    }

    static OtlpTraceReceiver start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        OtlpTraceReceiver receiver = new OtlpTraceReceiver(server);
        server.createContext("/v1/traces", receiver::handle);
        server.start();
        return receiver;
    }

    /** The base endpoint for {@code quarkus.otel.exporter.otlp.traces.endpoint} (the exporter adds {@code /v1/traces}). */
    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<Span> spans() {
        return List.copyOf(spans);
    }

    /** Requests that could not be read; a test asserts there are none. */
    List<String> errors() {
        return List.copyOf(errors);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body;
            try (InputStream in = "gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))
                    ? new GZIPInputStream(exchange.getRequestBody()) : exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            try {
                spans.addAll(readExportRequest(body));
            } catch (IOException | RuntimeException e) {
                errors.add(e.toString());
            }
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, -1); // an empty ExportTraceServiceResponse
        }
    }

    /** ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; } */
    static List<Span> readExportRequest(byte[] body) throws IOException {
        List<Span> spans = new ArrayList<>();
        forEachField(body, (field, in) -> {
            if (field == 1) {
                spans.addAll(readResourceSpans(in.readByteArray()));
                return true;
            }
            return false;
        });
        return spans;
    }

    /** ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; } */
    private static List<Span> readResourceSpans(byte[] bytes) throws IOException {
        Map<String, String> resource = new LinkedHashMap<>();
        List<byte[]> scopes = new ArrayList<>();
        forEachField(bytes, (field, in) -> {
            if (field == 1) {
                // Resource { repeated KeyValue attributes = 1; }
                forEachField(in.readByteArray(), (f, r) -> {
                    if (f == 1) {
                        readKeyValue(r.readByteArray(), resource);
                        return true;
                    }
                    return false;
                });
                return true;
            }
            if (field == 2) {
                scopes.add(in.readByteArray());
                return true;
            }
            return false;
        });
        String service = resource.getOrDefault("service.name", "?");
        List<Span> spans = new ArrayList<>();
        for (byte[] scope : scopes) {
            // ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; }
            forEachField(scope, (field, in) -> {
                if (field == 2) {
                    spans.add(readSpan(service, in.readByteArray()));
                    return true;
                }
                return false;
            });
        }
        return spans;
    }

    /**
     * Span { bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5;
     * SpanKind kind = 6; repeated KeyValue attributes = 9; repeated Link links = 13; }
     */
    private static Span readSpan(String service, byte[] bytes) throws IOException {
        String[] ids = {"", "", ""};
        String[] name = {""};
        Kind[] kind = {Kind.UNSPECIFIED};
        Map<String, String> attributes = new LinkedHashMap<>();
        List<String> links = new ArrayList<>();
        forEachField(bytes, (field, in) -> {
            switch (field) {
                case 1 -> ids[0] = hex(in.readByteArray());
                case 2 -> ids[1] = hex(in.readByteArray());
                case 4 -> ids[2] = hex(in.readByteArray());
                case 5 -> name[0] = in.readString();
                case 6 -> kind[0] = Kind.values()[Math.min(in.readEnum(), Kind.values().length - 1)];
                case 9 -> readKeyValue(in.readByteArray(), attributes);
                case 13 -> forEachField(in.readByteArray(), (f, link) -> { // Link { trace_id = 1; span_id = 2; }
                    if (f == 2) {
                        links.add(hex(link.readByteArray()));
                        return true;
                    }
                    return false;
                });
                default -> {
                    return false;
                }
            }
            return true;
        });
        return new Span(service, ids[0], ids[1], ids[2], name[0], kind[0], attributes, links);
    }

    /** KeyValue { string key = 1; AnyValue value = 2; }, AnyValue { string_value = 1; bool_value = 2; int_value = 3; double_value = 4; } */
    private static void readKeyValue(byte[] bytes, Map<String, String> into) throws IOException {
        String[] key = {null};
        String[] value = {null};
        forEachField(bytes, (field, in) -> {
            if (field == 1) {
                key[0] = in.readString();
                return true;
            }
            if (field == 2) {
                forEachField(in.readByteArray(), (f, v) -> {
                    switch (f) {
                        case 1 -> value[0] = v.readString();
                        case 2 -> value[0] = String.valueOf(v.readBool());
                        case 3 -> value[0] = String.valueOf(v.readInt64());
                        case 4 -> value[0] = String.valueOf(v.readDouble());
                        default -> {
                            return false;
                        }
                    }
                    return true;
                });
                return true;
            }
            return false;
        });
        if (key[0] != null) {
            into.put(key[0], value[0]);
        }
    }

    private interface FieldReader {
        /** Reads field {@code field} from {@code in} and returns true, or returns false to have it skipped. */
        boolean read(int field, CodedInputStream in) throws IOException;
    }

    private static void forEachField(byte[] bytes, FieldReader reader) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(bytes);
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                return;
            }
            if (!reader.read(WireFormat.getTagFieldNumber(tag), in)) {
                in.skipField(tag);
            }
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
