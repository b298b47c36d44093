package dev.assay.common.benchmark;

/**
 * A {@code .prompt} file that cannot be read as messages. The message names the file and, where
 * one is to blame, the line: {@code "chat.prompt" line 3: unknown field "rol" (did you mean "role"?)}.
 */
public final class PromptFileException extends IllegalArgumentException {

    public PromptFileException(String fileName, int line, String problem) {
        super("\"" + fileName + "\"" + (line > 0 ? " line " + line : "") + ": " + problem);
    }
}
