package dev.assay.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.assay.common.json.Json;
import dev.assay.common.port.HttpToolConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A real HTTP tool for an agent's {@code http_tools} (a JDK server on 127.0.0.1) that answers every
 * call with one text and keeps the request bodies, so a test sees what the agent sent.
 */
public final class TextHttpTool implements AutoCloseable {

    private final HttpServer server;
    private final String name;
    private final String description;
    private final List<String> requests = Collections.synchronizedList(new ArrayList<>());

    private TextHttpTool(String name, String description, String reply) {
        this.name = name;
        this.description = description;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/" + name, exchange -> {
            requests.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
    }

    /** A tool {@code name} taking {@code {"symbol": string}} that answers {@code reply}. */
    public static TextHttpTool start(String name, String description, String reply) {
        return new TextHttpTool(name, description, reply);
    }

    /** The tool as a run config declares it. */
    public HttpToolConfig config() {
        return new HttpToolConfig(name, description,
                Json.read("{\"type\":\"object\",\"properties\":{\"symbol\":{\"type\":\"string\"}}}", JsonNode.class),
                "http://127.0.0.1:" + server.getAddress().getPort() + "/" + name, Map.of());
    }

    /** The bodies of the calls received, in order. */
    public List<String> requests() {
        return requests;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
