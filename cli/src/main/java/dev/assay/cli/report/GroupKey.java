package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

/** One answering model × judge pair: the unit every report summarises by. */
public record GroupKey(String answeringModel, String judge) {

    public static GroupKey of(JsonNode node) {
        return new GroupKey(Results.text(node, "answering_model"), Results.text(node, "judge"));
    }

    @Override
    public String toString() {
        return answeringModel + " / " + judge;
    }
}
