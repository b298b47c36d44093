package dev.assay.common.run;

import dev.assay.common.benchmark.FewShotExample;
import dev.assay.common.benchmark.Question;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Which few-shot examples a question's answering model sees: the question's own, then the run
 * pool's as the mode says ({@code all}, {@code k_shot}, {@code ids}). Called when the run is
 * planned, so each job carries its examples and a replay shows the same ones. Judges never see them.
 */
public final class FewShotSelection {

    private FewShotSelection() {
    }

    /** The question's own examples, then the pool's selection (none when few-shot is turned off). {@code settings} must have validated. */
    public static List<FewShotExample> select(Question question, FewShotSettings settings) {
        if (!settings.isEnabled()) {
            return List.of();
        }
        List<FewShotExample> examples = new ArrayList<>(question.fewShot());
        examples.addAll(switch (settings.effectiveMode()) {
            case FewShotSettings.ALL -> settings.examples();
            case FewShotSettings.K_SHOT -> draw(settings.examples(), requireK(settings), settings.effectiveSeed(), question.id());
            case FewShotSettings.IDS -> byIds(settings);
            default -> throw new IllegalArgumentException("unknown few-shot mode \"" + settings.mode() + "\"; valid modes: "
                    + String.join(", ", FewShotSettings.MODES));
        });
        return examples;
    }

    /**
     * {@code k} examples of {@code pool} (all of them when {@code k} is larger), in pool order.
     * The draw depends only on the seed and the question id, so each question gets its own draw
     * and the same run config always gives it the same one, on any JVM: {@link Random}'s
     * sequence is fixed by its specification, and the shuffle is written out here rather than
     * left to {@code Collections.shuffle}.
     */
    static List<FewShotExample> draw(List<FewShotExample> pool, int k, long seed, String questionId) {
        if (k >= pool.size()) {
            return pool;
        }
        Random random = new Random(mix(seed, questionId));
        int[] order = IntStream.range(0, pool.size()).toArray();
        for (int i = 0; i < k; i++) { // partial Fisher–Yates: the first k slots are a uniform draw
            int j = i + random.nextInt(order.length - i);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        return IntStream.of(order).limit(k).sorted().mapToObj(pool::get).toList();
    }

    /** A 64-bit seed from the run seed and the question id (SHA-256, so nearby ids give unrelated draws). */
    static long mix(long seed, String questionId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((seed + "\n" + (questionId == null ? "" : questionId)).getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static int requireK(FewShotSettings settings) {
        if (settings.k() == null || settings.k() < 1) {
            throw new IllegalArgumentException("few_shot.k must be at least 1 in mode k_shot, got " + settings.k());
        }
        return settings.k();
    }

    private static List<FewShotExample> byIds(FewShotSettings settings) {
        Map<String, FewShotExample> byId = settings.examples().stream()
                .filter(example -> example.id() != null)
                .collect(Collectors.toMap(FewShotExample::id, Function.identity(), (first, second) -> first));
        return settings.ids().stream().map(id -> {
            FewShotExample example = byId.get(id);
            if (example == null) {
                throw new IllegalArgumentException("few_shot.ids names \"" + id + "\", which no pool example has");
            }
            return example;
        }).toList();
    }
}
