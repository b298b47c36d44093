package dev.assay.common.prompt;

/**
 * Text an adapter appends to a prompt: to the system text and/or to the user text. Either may
 * be empty; blank additions add nothing.
 */
public record AdapterInstruction(String systemAddition, String userAddition) {

    public static final AdapterInstruction NONE = new AdapterInstruction("", "");

    public AdapterInstruction {
        systemAddition = systemAddition == null ? "" : systemAddition;
        userAddition = userAddition == null ? "" : userAddition;
    }

    public static AdapterInstruction system(String text) {
        return new AdapterInstruction(text, "");
    }

    public static AdapterInstruction user(String text) {
        return new AdapterInstruction("", text);
    }
}
