import dev.assay.localstack.demo.DemoModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * The examples' scripted demo model as a standalone server, for bin/check-images: `assay submit`
 * rejects `base_url: demo` (the demo lives inside `assay run`), so the compose stack is pointed at
 * this server instead. It serves the rules file given (local-stack's DemoModel, on 127.0.0.1 and a
 * free port, reachable from host-network containers), writes its base URL to the file given, and
 * runs until it is terminated.
 *
 *   java -cp 'cli/target/lib/*' images/check/DemoModelServer.java RULES.yaml URL_FILE
 */
public final class DemoModelServer {
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: DemoModelServer RULES.yaml URL_FILE");
            System.exit(2);
        }
        DemoModel demo = DemoModel.start(Path.of(args[0]));
        Runtime.getRuntime().addShutdownHook(new Thread(demo::close));
        Path urlFile = Path.of(args[1]);
        Path partial = urlFile.resolveSibling(urlFile.getFileName() + ".tmp");
        Files.writeString(partial, demo.baseUrl() + "\n");
        Files.move(partial, urlFile);
        System.err.println("demo model: " + demo.rules().models() + " at " + demo.baseUrl());
        new CountDownLatch(1).await();
    }
}
