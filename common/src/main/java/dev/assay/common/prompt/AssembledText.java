package dev.assay.common.prompt;

/** The final system and user texts of a call, for flows that build their own messages. */
public record AssembledText(String system, String user) {
    public AssembledText {
        system = system == null ? "" : system;
        user = user == null ? "" : user;
    }
}
