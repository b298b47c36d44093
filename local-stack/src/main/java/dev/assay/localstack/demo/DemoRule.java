package dev.assay.localstack.demo;

import java.util.Objects;

/** One rule of a demo rules file: requests matching {@code match} get {@code reply} as the assistant message. */
public record DemoRule(DemoMatch match, String reply) {

    public DemoRule {
        Objects.requireNonNull(match, "match must not be null");
        Objects.requireNonNull(reply, "reply must not be null");
    }
}
