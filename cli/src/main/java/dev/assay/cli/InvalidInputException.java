package dev.assay.cli;

/** The user's input (a file, a flag) is wrong; the message says where and what. Exit code 2. */
public class InvalidInputException extends RuntimeException {
    public InvalidInputException(String message) {
        super(message);
    }
}
