package dev.assay.cli;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.json.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code interrupted.json} in a run's output folder: the reports beside it hold only the results
 * stored before {@code assay run} was stopped (Ctrl-C), not the whole run. Its absence means the
 * run completed; a run that completes into the same folder removes an earlier one's marker.
 *
 * @param runId    the run
 * @param results  how many results the reports hold
 * @param expected how many the run would have had; -1 when the API could not say
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record InterruptedRun(String runId, boolean interrupted, long results, long expected) {

    static final String FILE = "interrupted.json";
    /** The run status of a run whose local stack went away before it finished (docs/api.md, run status). */
    static final String STATUS = "interrupted";

    /** What to say of a run in the {@link #STATUS interrupted} status. */
    static String hint(String runId) {
        return "run " + runId + " was interrupted: the local stack it ran on went away before it finished; "
                + "resume it with: assay retry " + runId + " (finished results are kept)";
    }

    static InterruptedRun of(String runId, long results, long expected) {
        return new InterruptedRun(runId, true, results, expected);
    }

    Path write(Path outDir) {
        Path file = outDir.resolve(FILE);
        try {
            Files.createDirectories(outDir);
            Files.writeString(file, Json.write(this) + "\n", StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    static void clear(Path outDir) {
        try {
            Files.deleteIfExists(outDir.resolve(FILE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the stale " + outDir.resolve(FILE) + ": " + e.getMessage(), e);
        }
    }
}
