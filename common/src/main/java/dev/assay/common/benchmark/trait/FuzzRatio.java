package dev.assay.common.benchmark.trait;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelFunctionBinding;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code fuzzRatio(a, b)}: thefuzz's {@code fuzz.ratio}, the similarity of two texts as a whole
 * percent, 0 to 100. It is rapidfuzz's Indel normalized similarity, {@code 100 * (1 - d / (len(a) +
 * len(b)))} where {@code d = len(a) + len(b) - 2 * LCS(a, b)} (the insertions and deletions that
 * turn one into the other; LCS the longest common subsequence of characters), rounded as Python's
 * {@code round} does, half to even; two empty texts are 100 (identical). Characters are Unicode code
 * points, as in Python, and case matters. The same double arithmetic as rapidfuzz, so a score at a
 * rounding boundary rounds the same way.
 */
final class FuzzRatio {

    static final String NAME = "fuzzRatio";
    private static final String OVERLOAD = "fuzzRatio_string_string";

    static final CelFunctionDecl DECLARATION = CelFunctionDecl.newFunctionDeclaration(NAME,
            CelOverloadDecl.newGlobalOverload(OVERLOAD, "thefuzz's fuzz.ratio: similarity of two texts, 0 to 100",
                    SimpleType.INT, SimpleType.STRING, SimpleType.STRING));

    static final CelFunctionBinding BINDING = CelFunctionBinding.from(OVERLOAD, String.class, String.class,
            (a, b) -> (long) ratio(a, b));

    private FuzzRatio() {
    }

    static int ratio(String a, String b) {
        int[] first = a.codePoints().toArray();
        int[] second = b.codePoints().toArray();
        long total = (long) first.length + second.length;
        if (total == 0) {
            return 100;
        }
        long distance = total - 2L * lcs(first, second);
        double similarity = 1.0 - (double) distance / (double) total;
        return (int) Math.rint(similarity * 100);
    }

    /**
     * Units of work for {@link EvaluationBudget}: the bit-parallel LCS reads the longer text once
     * per 64 characters of the shorter one.
     */
    static long cost(long lengthA, long lengthB) {
        long shorter = Math.min(lengthA, lengthB);
        long longer = Math.max(lengthA, lengthB);
        return longer * (shorter / 64 + 1);
    }

    /**
     * Length of the longest common subsequence, bit-parallel (Hyyrö 2004, as rapidfuzz does it):
     * one bit per character of the shorter text, one pass over the longer.
     */
    static int lcs(int[] a, int[] b) {
        int[] pattern = a.length <= b.length ? a : b;
        int[] text = pattern == a ? b : a;
        if (pattern.length == 0) {
            return 0;
        }
        int words = (pattern.length + 63) / 64;
        Map<Integer, long[]> matches = new HashMap<>();
        for (int i = 0; i < pattern.length; i++) {
            matches.computeIfAbsent(pattern[i], c -> new long[words])[i / 64] |= 1L << (i % 64);
        }
        long[] s = new long[words];
        Arrays.fill(s, -1L);
        long[] none = new long[words];
        for (int c : text) {
            long[] m = matches.getOrDefault(c, none);
            long carry = 0;
            for (int w = 0; w < words; w++) {
                long u = s[w] & m[w];
                long sum = s[w] + u;
                long withCarry = sum + carry;
                // unsigned overflow of s + u + carry
                carry = (Long.compareUnsigned(sum, s[w]) < 0 || Long.compareUnsigned(withCarry, sum) < 0) ? 1 : 0;
                s[w] = withCarry | (s[w] - u);
            }
        }
        int ones = 0;
        for (int w = 0; w < words; w++) {
            long word = s[w];
            int bits = Math.min(64, pattern.length - w * 64);
            if (bits < 64) {
                word &= (1L << bits) - 1;
            }
            ones += Long.bitCount(word);
        }
        return pattern.length - ones;
    }
}
