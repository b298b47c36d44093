package dev.assay.localstack;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets this JVM listens on, read from Linux's {@code /proc}: the socket inodes among
 * {@code /proc/self/fd}, looked up in {@code /proc/net/tcp} and {@code tcp6}. What {@code ss -ltnp}
 * shows for this process, without depending on the tool.
 */
final class ListeningSockets {

    private static final String LISTEN = "0A";

    private ListeningSockets() {
    }

    static boolean available() {
        return Files.isReadable(Path.of("/proc/net/tcp")) && Files.isDirectory(Path.of("/proc/self/fd"));
    }

    static List<InetSocketAddress> ofThisProcess() throws IOException {
        Set<String> inodes = socketInodesOfThisProcess();
        List<InetSocketAddress> listening = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path path = Path.of(table);
            if (!Files.isReadable(path)) {
                continue;
            }
            List<String> lines = Files.readAllLines(path);
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.trim().split("\\s+");
                // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
                if (fields[3].equals(LISTEN) && inodes.contains(fields[9])) {
                    listening.add(address(fields[1]));
                }
            }
        }
        return listening;
    }

    private static Set<String> socketInodesOfThisProcess() throws IOException {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException e) {
                    // closed while we looked
                }
            }
        }
        return inodes;
    }

    /** {@code 0100007F:1F90}: the address in 32-bit words of host byte order (little-endian here), the port in hex. */
    private static InetSocketAddress address(String field) throws IOException {
        String[] parts = field.split(":");
        byte[] raw = HexFormat.of().parseHex(parts[0]);
        byte[] ordered = new byte[raw.length];
        for (int word = 0; word < raw.length; word += 4) {
            for (int i = 0; i < 4; i++) {
                ordered[word + i] = raw[word + 3 - i];
            }
        }
        return new InetSocketAddress(InetAddress.getByAddress(ordered), Integer.parseInt(parts[1], 16));
    }
}
