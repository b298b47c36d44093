package dev.assay.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Free TCP ports on 127.0.0.1, for servers that must be told their port before they bind it. */
final class LoopbackPorts {

    private LoopbackPorts() {
    }

    /** A port the system just had free on the loopback address; it is released again before returning. */
    static int free() {
        try (ServerSocket socket = new ServerSocket(0, 0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free port on 127.0.0.1", e);
        }
    }
}
