package dev.assay.cli;

import dev.assay.cli.stack.StackState;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Optional;

/** {@code --server URL}: the generation service to talk to; by default the local stack of {@code assay up}. */
final class ServerOption {

    @Option(names = "--server", paramLabel = "URL", description = "the Assay API (default: the local stack started by assay up)")
    String server;

    RunApi api() {
        return serverOrStack(server).orElseThrow(() -> new InvalidInputException("no --server given and no local stack is running: "
                + "start one with assay up, or give --server URL"));
    }

    /** The API at {@code server} when given, else that of the stack of {@code assay up} if one runs. */
    static Optional<RunApi> serverOrStack(String server) {
        if (server != null) {
            return Optional.of(new RunApi(server.endsWith("/") ? server.substring(0, server.length() - 1) : server));
        }
        String home = System.getProperty("assay.home");
        return StackState.read(home == null ? Path.of(".") : Path.of(home)).map(state -> new RunApi(state.apiUrl()));
    }
}
