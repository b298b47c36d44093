package dev.assay.common.nugget;

/** The task text of one nugget-assignment call, before prompt assembly adds adapter and user instructions. */
public record NuggetPrompt(String system, String user) {
}
