package dev.assay.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Files above ASSAY_MAX_FILE_SIZE (10M by default) are invalid input (exit 2), refused before they are read. */
class FileSizeLimitCommandTest {

    private static final String TOO_LARGE = "too large (12 MB, the limit is 10 MB; set ASSAY_MAX_FILE_SIZE to raise it";

    @TempDir
    Path dir;

    /** A sparse file: only its size matters. */
    private Path sized(String name, long bytes) throws IOException {
        Path file = dir.resolve(name);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(bytes);
        }
        return file;
    }

    @Test
    void validatingAHugeBenchmarkIsInvalidInputNamingTheFileAndTheLimit() throws IOException {
        Path huge = sized("huge.yaml", 12L * 1024 * 1024);

        CliRun run = CliRun.of("validate", huge.toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).contains(huge + ": " + TOO_LARGE).doesNotContain("Exception");
    }

    @Test
    void importingAHugeFileIsInvalidInputToo() throws IOException {
        Path huge = sized("huge.jsonl", 12L * 1024 * 1024);

        CliRun run = CliRun.of("import", "jsonl", huge.toString(), "--out", dir.resolve("out").toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).contains(huge + ": " + TOO_LARGE).doesNotContain("Exception");
    }
}
