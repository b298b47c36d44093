package dev.assay.common.validation;

/** A record read from a user's file that can check itself, reporting problems under {@code path}. */
public interface Validatable {

    void validate(String path, Problems problems);
}
