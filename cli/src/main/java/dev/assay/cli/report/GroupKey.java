package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Comparator;

/** One answering model × judge pair: the unit every report summarises by. */
public record GroupKey(String answeringModel, String judge) {

    /** By answering model, then judge, as the API orders its groups; a missing name first. */
    public static final Comparator<GroupKey> ORDER = Comparator
            .comparing(GroupKey::answeringModel, Comparator.nullsFirst(Comparator.<String>naturalOrder()))
            .thenComparing(GroupKey::judge, Comparator.nullsFirst(Comparator.<String>naturalOrder()));

    public static GroupKey of(JsonNode node) {
        return new GroupKey(Results.text(node, "answering_model"), Results.text(node, "judge"));
    }

    @Override
    public String toString() {
        return answeringModel + " / " + judge;
    }
}
