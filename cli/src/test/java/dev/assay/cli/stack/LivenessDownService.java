package dev.assay.cli.stack;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A stand-in for a packaged service, run as its own process by {@link SupervisorLivenessTest}: it is
 * ready at once, and its liveness is DOWN in its first process (as a service whose consumer died) and UP
 * in any later one (a marker file in its folder tells them apart). Only JDK classes, so its class file
 * alone is its jar.
 */
public final class LivenessDownService {

    private LivenessDownService() {
    }

    public static void main(String[] args) throws IOException {
        int port = Integer.getInteger("quarkus.http.port");
        Path marker = Path.of("started-before");
        boolean first = !Files.exists(marker);
        if (first) {
            Files.createFile(marker);
        }
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/q/health/ready", exchange -> answer(exchange, 200));
        server.createContext("/q/health/live", exchange -> answer(exchange, first ? 503 : 200));
        server.start();
    }

    private static void answer(HttpExchange exchange, int status) throws IOException {
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }
}
