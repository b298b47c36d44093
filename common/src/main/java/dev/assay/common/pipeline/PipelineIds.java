package dev.assay.common.pipeline;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Deterministic ids: the same run, question, models and replicate always give the same id, so a
 * redelivered or re-published record updates its result instead of adding one.
 */
public final class PipelineIds {

    /** Separates the parts before hashing, so ("ab", "c") and ("a", "bc") differ. */
    private static final char UNIT_SEPARATOR = '\u001f';

    private PipelineIds() {
    }

    /** The id of the job for (run, question, answering model, replicate). */
    public static String jobId(String runId, String questionId, String answeringModelKey, int replicate) {
        return hash("job", runId, questionId, answeringModelKey, Integer.toString(replicate));
    }

    /** The id of the result for (run, question, answering model, judge, replicate). */
    public static String resultId(String runId, String questionId, String answeringModelKey, String judgeKey, int replicate) {
        return hash("result", runId, questionId, answeringModelKey, judgeKey, Integer.toString(replicate));
    }

    private static String hash(String... parts) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                digest.update(String.valueOf(part).getBytes(StandardCharsets.UTF_8));
                digest.update((byte) UNIT_SEPARATOR);
            }
            // 128 bits: collision-free at any realistic scale, and shorter to read in logs and URLs.
            return HexFormat.of().formatHex(digest.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
