package dev.assay.architecture;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** Which product slice ({@link ProductSlices}) depends on which, to check the known cycles against. */
final class SliceGraph {

    private final Map<String, Set<String>> edges = new HashMap<>();

    private SliceGraph() {
    }

    static SliceGraph of(JavaClasses classes) {
        SliceGraph graph = new SliceGraph();
        for (JavaClass origin : classes) {
            Optional<String> from = ProductSlices.of(origin);
            if (from.isEmpty()) {
                continue;
            }
            graph.edges.computeIfAbsent(from.get(), slice -> new HashSet<>());
            for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                JavaClass target = dependency.getTargetClass().getBaseComponentType();
                if (classes.contain(target.getName())) {
                    ProductSlices.of(target)
                            .filter(to -> !to.equals(from.get()))
                            .ifPresent(to -> graph.edges.get(from.get()).add(to));
                }
            }
        }
        return graph;
    }

    boolean contains(String slice) {
        return edges.containsKey(slice);
    }

    /**
     * The groups of the given slices that reach each other through paths inside them — one group
     * when they are still one cycle, more when it has been split.
     */
    Set<Set<String>> cyclesWithin(Set<String> slices) {
        Set<Set<String>> groups = new HashSet<>();
        for (String slice : slices) {
            Set<String> group = new TreeSet<>(reachable(slice, slices, false));
            group.retainAll(reachable(slice, slices, true));
            groups.add(group);
        }
        return groups;
    }

    private Set<String> reachable(String start, Set<String> within, boolean backwards) {
        Set<String> seen = new HashSet<>(Set.of(start));
        Deque<String> queue = new ArrayDeque<>(seen);
        while (!queue.isEmpty()) {
            String slice = queue.pop();
            for (String next : within) {
                boolean edge = backwards
                        ? edges.getOrDefault(next, Set.of()).contains(slice)
                        : edges.getOrDefault(slice, Set.of()).contains(next);
                if (edge && seen.add(next)) {
                    queue.push(next);
                }
            }
        }
        return seen;
    }
}
