package dev.assay.common.validation;

import dev.assay.common.spec.BenchmarkLoader;
import dev.assay.common.spec.RunSpecs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The files a user points Assay at are refused above ASSAY_MAX_FILE_SIZE (default 10M) before they
 * are read, with a message naming the file, its size, the limit and the setting; and YAML within
 * the limit is read, however SnakeYAML's own defaults would have it.
 */
class InputFilesTest {

    private static final String TOO_LARGE_12 = "too large (12 MB, the limit is 10 MB; set ASSAY_MAX_FILE_SIZE to raise it, "
            + "e.g. ASSAY_MAX_FILE_SIZE=13M)";

    @TempDir
    Path dir;

    /** A sparse file: its size is what counts, and making it writes nothing. */
    private Path sized(String name, long bytes) throws IOException {
        Path file = dir.resolve(name);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(bytes);
        }
        return file;
    }

    @Test
    void aBenchmarkFileAboveTheLimitIsOneProblemNamingTheFileTheLimitAndTheSetting() throws IOException {
        Path huge = sized("huge.yaml", 12L * 1024 * 1024);

        assertThat(RunSpecs.validateBenchmark(SpecDocument.file(huge)).problems())
                .singleElement().asString().isEqualTo(huge + ": " + TOO_LARGE_12);
    }

    @Test
    void aPromptFileAboveTheLimitIsAProblemAtItsPlace() throws IOException {
        sized("big.prompt", 12L * 1024 * 1024);
        Path benchmark = Files.writeString(dir.resolve("b.yaml"), """
                questions:
                  - question: a
                    prompt_file: big.prompt
                """);

        InvalidSpecException error = catchThrowableOfType(InvalidSpecException.class, () -> BenchmarkLoader.load(benchmark));

        assertThat(error.problems()).singleElement().asString()
                .isEqualTo(benchmark + ":3:5: questions[0].prompt_file: cannot read \"big.prompt\": " + TOO_LARGE_12);
    }

    @Test
    void theLimitIsASizeWithAUnitAndABadOneSaysHowToWriteIt() throws IOException {
        assertThat(InputFiles.parse("10M")).isEqualTo(10L * 1024 * 1024);
        assertThat(InputFiles.parse("20mb")).isEqualTo(20L * 1024 * 1024);
        assertThat(InputFiles.parse("512K")).isEqualTo(512L * 1024);
        assertThat(InputFiles.parse("1G")).isEqualTo(1024L * 1024 * 1024);
        assertThat(InputFiles.parse("1000")).isEqualTo(1000L);
        assertThatThrownBy(() -> InputFiles.parse("ten megs"))
                .hasMessage("ASSAY_MAX_FILE_SIZE=\"ten megs\" is not a size; write e.g. 10M, 512K or 1G");
    }

    @Test
    void theSystemPropertySetsTheLimitWhenTheEnvironmentDoesNot() throws IOException {
        Path file = Files.writeString(dir.resolve("small.yaml"), "x".repeat(3000));
        String before = System.getProperty("assay.max-file-size");
        System.setProperty("assay.max-file-size", "2K");
        try {
            assertThatThrownBy(() -> InputFiles.readString(file)).isInstanceOf(InputFiles.TooLargeException.class)
                    .hasMessageStartingWith("too large (0.1 MB, the limit is 0.1 MB;");
        } finally {
            if (before == null) {
                System.clearProperty("assay.max-file-size");
            } else {
                System.setProperty("assay.max-file-size", before);
            }
        }
        assertThat(InputFiles.readString(file)).hasSize(3000);
    }

    @Test
    void yamlOfSeveralMegabytesWithinTheLimitIsRead() throws IOException {
        // SnakeYAML's default stops at 3 MB ("exceeds the limit: 3145728 code points"); lines stay
        // under the YAML line limit (TextShapes.MAX_YAML_LINE), so a block of 4096 lines of 1 KiB
        String description = String.join("\n", java.util.Collections.nCopies(4096, "a".repeat(1024)));
        Path benchmark = Files.writeString(dir.resolve("long.yaml"), "description: |-\n  " + description.replace("\n", "\n  ") + "\n"
                + "questions: [{id: q1, question: Two plus two}]\n");

        assertThat(BenchmarkLoader.load(benchmark).description()).hasSize(description.length());
    }

    @Test
    void aParserLimitIsReportedInTheUsersTermsNotAsAJavaSetting() {
        String deep = "description: " + "[".repeat(1100) + "]".repeat(1100) + "\nquestions: [{id: q1, question: x}]\n";

        assertThat(RunSpecs.validateBenchmark(SpecDocument.text("deep.yaml", deep)).problems()).singleElement().asString()
                .contains("deep.yaml:1:").contains("nesting depth").contains("exceeds the maximum allowed (1000)")
                .doesNotContain("StreamReadConstraints");
    }
}
