package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.NuggetOutputFormat;

import java.util.Optional;

/**
 * Reads the labels of one answer format out of a judge's answer (reasoning blocks already removed).
 * Empty when the answer holds no label list in this format; a list of any length otherwise (the
 * parser compares its length with the window's, and treats an empty list as none).
 */
interface LabelReader {

    NuggetOutputFormat format();

    Optional<LabelList> read(String answer);
}
