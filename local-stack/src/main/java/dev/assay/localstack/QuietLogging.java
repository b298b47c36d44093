package dev.assay.localstack;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Turns chatty infrastructure loggers down to warnings. A starting Kafka broker logs hundreds of INFO
 * lines (its whole configuration, every partition state change) and zonky echoes initdb line by line,
 * which drowns the output of the tests. Both log through SLF4J, which in Quarkus tests is bound to the
 * JBoss LogManager, the java.util.logging manager there. (The assay command has no SLF4J binding, so
 * they log nothing there anyway.)
 */
final class QuietLogging {

    // java.util.logging holds loggers weakly: keep them, or the levels set here could be forgotten.
    private static final List<Logger> QUIETED = new CopyOnWriteArrayList<>();

    private QuietLogging() {
    }

    static void atWarning(String... categories) {
        for (String category : categories) {
            Logger logger = Logger.getLogger(category);
            logger.setLevel(Level.WARNING);
            QUIETED.add(logger);
        }
    }
}
